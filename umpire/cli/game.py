"""Game commands: new, submit, resolve, status."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from shlex import quote

import click

from ..errors import UmpireError
from ..game import Game
from ..kernel.language import LANGUAGES
from ..kernel.order_header import TURN_NAME, turn_words
from ..resources import bundled_names
from ..store.folder import GameFolder
from ..timetable import clock
from ..usecases import actions
from ..usecases.due import due
from . import main
from .family_commands import revealed
from .locking import locking
from .progress import progress
from .turns import named, round_or_turn


@main.command()
@click.argument("game_dir", type=click.Path(file_okay=False, path_type=Path))
@click.option("--map", "map_name",
              help="A bundled map name or a map file (default: the board of a family that has one).")
@click.option("--rules", "rules_name", default="laurin", show_default=True,
              help=f"A bundled ruleset ({', '.join(bundled_names('rules'))}) or a ruleset file.")
@click.option("--company", "--player", "companies", multiple=True, required=True, metavar="ID:NAME:EMAIL",
              help="A company (a player), in seat order; the first listed is first in round 1.")
@click.option("--seed", help="The secret seed of the dice or draws (default: a random one).")
@click.option("--dice", "dice_file", type=click.Path(dir_okay=False, exists=True, path_type=Path),
              help="Recorded dice, used in order instead of seeded ones.")
@click.option("--draws", "draws_file", type=click.Path(dir_okay=False, exists=True, path_type=Path),
              help="Recorded draws (cards, cubes), one a line, used in order instead of seeded ones.")
@click.option("--option", "options", multiple=True, metavar="KEY=VALUE", help="A game option or ruleset value.")
@click.option("--profile", help="A postal profile: a zine's house rules as a set of options "
              "(`umpire options` lists them), e.g. octopus-garden.")
@click.option("--id", "game_id", help="The game id, when the folder's name is not one (1 to 40 letters, digits, "
              "'-', '_' or '.').")
@click.option("--zone", "zones", multiple=True, metavar="ID=ZONE", help="A player's own time zone, e.g. "
              "red=Europe/Berlin: his mail gives deadlines in it as well as in UTC.")
@click.option("--language", type=click.Choice(sorted(LANGUAGES)), help="The language of the game's newsletters, "
              "pages and mail to its players (default: umpire.yaml's `language:`, else en); the same as --option "
              "language=LANGUAGE. A player's own mail language: --company ID:NAME:EMAIL:LANGUAGE.")
def new(game_dir, map_name, rules_name, companies, seed, dice_file, draws_file, options, profile, game_id, zones,
        language):
    """Create a game, open round 1 and write newsletter 001.

    Example: `umpire new games/ireland-1 --map ireland --rules laurin --company "red:Red Lines:red@example.org"
    --company "blue:Blue Star:blue@example.org"`. The game id is the folder's name (or --id).
    """
    options = (*options, f"language={language}") if language else options
    folder, codes = actions.create_game(game_dir, map_name, rules_name, list(companies), seed, dice_file, options,
                                        game_id=game_id, profile=profile, draws_file=draws_file, zones=zones)
    click.echo(f"Game {folder.game_id} created in {game_dir}; newsletter 001 written.")
    from ..render.fonts import font_warnings
    for warning in font_warnings([c["name"] for c in folder.config["companies"]]):
        click.echo(f"Warning: {warning}", err=True)
    click.echo("Order codes (shown once; kept in secrets.yaml):")
    for cid, code in codes.items():
        click.echo(f"  {cid}: {code}")


@main.command()
@click.argument("game_dir", type=click.Path(file_okay=False, path_type=Path))
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False, exists=True, path_type=Path))
@locking("game_dir")
def submit(game_dir, files):
    """Take order files from the GM (no CODE needed).

    Each accepted order is shown as the mail confirmation shows it: its lines as read, costs,
    fees and budget as the map stands, and warnings of what the resolution will refuse (the
    order is stored all the same). A message saved from a mail program (`.eml`) is read as
    `umpire mail fetch` reads it; a player's greeting or sign-off around his order is shown as
    his note to the GM, not refused. Example: `umpire submit games/ireland-1 red-round1.txt`.
    """
    from ..mail import notes, saved
    folder = GameFolder(game_dir).require()
    game = Game.of(folder)
    refused = False
    for path in files:
        data = path.read_bytes()
        if saved.is_message(path.name, data):
            data, problem = saved.order_of(data)
            if problem:
                refused = True
                click.echo(f"{path}: refused: {problem}. Save the order's text as a plain file and submit that.")
                continue
        found = saved.notes_of(folder, data)
        if found:
            data = notes.without(data.decode("utf-8"), found).encode("utf-8")
        result = actions.submit(folder, data, via=f"submit {path.name}")
        if not result.accepted:
            refused = True
            click.echo(f"{path}: refused: {result.reason}")
        else:
            note = f" (replaces {result.replaced})" if result.replaced else ""
            click.echo(f"{path}: accepted for {result.company}, round {result.round}{note}; stored as {result.file}")
        for line in found:
            click.echo(f"  note to the GM, {line}")
        if not result.accepted:
            continue
        for line in game.family.confirmation(game, game.state(), result.company, result.order).lines:
            click.echo(line)
        for error in result.errors:
            refused = True
            click.echo(f"  refused {error}")
    sys.exit(1 if refused else 0)


@main.command()
@click.argument("game_dir", required=False, type=click.Path(file_okay=False, path_type=Path))
@click.option("--force", is_flag=True, help="Resolve even though orders are missing and the deadline has not passed.")
@click.option("--round", "round_number", callback=round_or_turn, metavar="N",
              help="Resolve only if round N is open (in a game whose rounds have mail turns, the turn: 3B): "
                   "run again, the command does nothing and says so.")
@click.option("--due", "games_dir", type=click.Path(file_okay=False, path_type=Path),
              help="Resolve every due game in this folder of games (instead of GAME_DIR).")
@locking("game_dir")
def resolve(game_dir, force, round_number, games_dir):
    """Resolve the open round, open the next, write the newsletter.

    Only when the round is due: its deadline has passed or every company has ordered (a game
    without a deadline waits for every order). Otherwise it says who is awaited and until when,
    and exits 1. Safe from cron with --round.

    With --due GAMES_DIR, every game folder in GAMES_DIR whose round is due is resolved. Each
    game is on its own: one that fails is reported and the others go on. It prints a line for
    each game resolved or failed and a count; the exit status is 0 when no game failed, 1 when
    any did.

    \b
    Examples:
      umpire resolve games/ireland-1
      umpire resolve games/ireland-1 --round 3     (from cron: round 3 once)
      umpire resolve --due games                   (every due game in the folder games)
    """
    if games_dir is not None:
        if game_dir is not None or force or round_number is not None:
            raise click.UsageError("--due GAMES_DIR resolves every due game; give no GAME_DIR, --force or --round.")
        resolve_due_games(games_dir)
        return
    if game_dir is None:
        raise click.UsageError("give GAME_DIR (or --due GAMES_DIR).")
    folder = GameFolder(game_dir).require()
    game = Game.of(folder)
    turn_before = game.family.open_turn(game.state())
    if actions.finish_interrupted(folder, at=clock.stamp(clock.now())):
        click.echo(f"The last command had stopped before its newsletter; it is finished now. {named(turn_before)} is "
                   f"open; newsletter {folder.newsletter_count():03d} written.")
        return
    state = game.state()
    finished = state.phase == "finished"
    if round_number is not None and (finished or round_number != turn_before):
        _not_open(folder, game_dir, state, round_number, turn_before)
        return
    if finished:
        raise UmpireError(f"game {folder.game_id} is finished; there is no round to resolve.",
                          fix=f"Nothing was done. Its last newsletter tells how it ended; "
                              f"`umpire rollback {quote(str(game_dir))}` would undo its last resolve.")
    check = due(folder)
    if not check.due and not force:
        raise UmpireError(f"not resolved: {check.reason}",
                          fix=f"Nothing was done. To resolve it now anyway: `umpire resolve {quote(str(game_dir))} "
                              f"--force`.")
    events = actions.resolve(folder, at=clock.stamp(clock.now()))
    status = actions.status(folder)
    ending = game.family.outcome(events)
    if ending:
        reason, winners = ending
        click.echo(f"{named(turn_before)} resolved. The game is over: {reason}. {_winners(folder, winners)}."
                   f"{revealed(folder)} Newsletter {status['newsletters']:03d} written.")
    else:
        after = game.family.open_turn(game.state())
        now = f"turn {after}" if isinstance(after, str) else f"{status['phase']}, round {status['round']}"
        click.echo(f"{named(turn_before)} resolved. Now: {now}; newsletter {status['newsletters']:03d} written.")
    update_configured_site(folder.path)


def update_configured_site(game_dir: Path) -> bool:
    """Bring the game's site up to date where game.yaml or umpire.yaml names one (`site: DIR`);
    a site that cannot be written is reported (the resolve stands). False if it failed."""
    from ..site.update import configured_site
    try:
        out = configured_site(game_dir)
        if out is None:
            return True
        from ..site.build import build_site
        report = build_site(game_dir, out)
    except (UmpireError, OSError) as exc:
        click.echo(f"umpire: the site was not updated: {exc}", err=True)
        return False
    click.echo(f"Site {out}: {len(report.written)} files written.")
    return True


def _not_open(folder: GameFolder, game_dir: Path, state, wanted: int | str, open_turn: int | str):
    """`resolve --round N` when N is not the open round: nothing to do if N was resolved (exit 0);
    otherwise a refusal saying that N is not open yet, or was never played."""
    from ..usecases.rollback import commands
    from ..usecases.rollback import named as names
    played = [turn for _, turn, _ in commands(folder.journal(), Game.of(folder).family)]
    finished = state.phase == "finished"
    if not finished:
        _check_named(folder, state, wanted)
    if any(names(turn, wanted) for turn in played):
        now_open = "the game is finished" if finished else f"{turn_words(open_turn)} is open"
        click.echo(f"{named(wanted)} is resolved already ({now_open}); nothing done.")
        return
    if finished:
        ended = f", which ended with {turn_words(played[-1])}" if played else ", which is finished"
        raise UmpireError(f"{turn_words(wanted)} was never played in game {folder.game_id}{ended}.",
                          fix="Nothing was done, and nothing is left to resolve.")
    again = f"Resolve the open {'turn' if isinstance(open_turn, str) else 'round'} with " \
            f"`umpire resolve {quote(str(game_dir))} --round {open_turn}`."
    if _later(wanted, open_turn):
        raise UmpireError(f"{turn_words(wanted)} is not open yet; {turn_words(open_turn)} is.",
                          fix=f"Nothing was done. {again}")
    raise UmpireError(f"{turn_words(wanted)} was never played in game {folder.game_id}; {turn_words(open_turn)} "
                      "is open.", fix=f"Nothing was done. {again}")


def _check_named(folder: GameFolder, state, wanted: int | str):
    """--round must name what the game's family names: a round number, or a mail turn (3B)."""
    open_turn = Game.of(folder).family.open_turn(state)
    if isinstance(open_turn, str) and isinstance(wanted, int):
        raise UmpireError(f"game {folder.game_id} resolves mail turns: --round {wanted} does not say which turn of "
                          f"round {wanted}.", fix=f"Nothing was done. Name the turn, e.g. --round {open_turn}.")
    if isinstance(open_turn, int) and isinstance(wanted, str):
        raise UmpireError(f"game {folder.game_id} has no mail turns: its rounds are numbers.",
                          fix=f"Nothing was done. Give the round number, e.g. --round {open_turn}.")


def _later(wanted: int | str, open_turn: int | str) -> bool:
    """Whether the round or turn asked for comes after the open one."""
    if isinstance(wanted, int):
        return wanted > open_turn
    def key(turn: str) -> tuple:
        number, letter, step = TURN_NAME.match(turn).groups()
        return int(number), letter, int(step or 0)

    return key(wanted) > key(open_turn)


def resolve_due_games(games_dir: Path):
    """`umpire resolve --due`: resolve every due game of the folder; exit 1 if any failed."""
    from ..usecases.sweep import FAILED, NOT_DUE, RESOLVED, resolve_due
    with progress("Resolving due games") as step:
        outcomes = resolve_due(games_dir, step=step)
    for outcome in outcomes:
        if outcome.outcome != NOT_DUE:
            click.echo(str(outcome))
        if outcome.outcome == RESOLVED:
            update_configured_site(Path(games_dir) / outcome.game)
    count = {kind: sum(1 for o in outcomes if o.outcome == kind) for kind in (RESOLVED, NOT_DUE, FAILED)}
    click.echo(f"{len(outcomes)} games in {games_dir}: {count[RESOLVED]} resolved, {count[NOT_DUE]} not due, "
               f"{count[FAILED]} failed.")
    if count[FAILED]:
        sys.exit(1)


def _winners(folder: GameFolder, ids: list[str], capital: bool = True) -> str:
    """`Winner: NAME (id)`, or `Winners: ...` when they share the win (`capital`: to begin a sentence)."""
    label = "Winner" if len(ids) == 1 else "Winners"
    names = ", ".join(f"{(folder.company(c) or {}).get('name', c)} ({c})" for c in ids)
    return f"{label if capital else label.lower()}: {names}"


@main.command()
@click.argument("game_dir", type=click.Path(file_okay=False, path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="One JSON object, for scripts.")
def status(game_dir, as_json):
    """Phase, round, balances, networks, who is awaited, and the round's refused mail.

    \b
    Examples:
      umpire status games/ireland-1
      umpire status games/vd-1 --json
    """
    from ..mail.refusals import refused_mail
    folder = GameFolder(game_dir)
    game = Game.of(folder)
    info = actions.status(folder)
    info["mail"] = {"refused": refused_mail(folder)}
    if as_json:
        sys.stdout.flush()
        sys.stdout.buffer.write((json.dumps(info, ensure_ascii=False, sort_keys=True) + "\n").encode("utf-8"))
        sys.stdout.buffer.flush()
        return
    for line in game.family.status_lines(info) + _orders_lines(folder, info) + _deadline_lines(info) \
            + _seat_lines(info) + _mail_lines(folder, info) + _note_lines(info):
        click.echo(line)


def _orders_lines(folder: GameFolder, info: dict) -> list[str]:
    """Who has ordered and who is awaited; and why the turn does not close early, if it does not."""
    lines = [f"  orders in: {', '.join(info['orders_in']) or 'none'}",
             f"  awaited:   {', '.join(info['awaited']) or 'nobody'}"]
    if info.get("refused_lines") and info.get("deadline"):
        lines.append(f"  not early: {', '.join(info['refused_lines'])} (a line of the latest order was refused: the "
                     f"{Game.of(folder).family.turn} waits for a corrected order or its deadline)")
    return lines


def _deadline_lines(info: dict) -> list[str]:
    if info.get("deadline"):
        return [f"  deadline:  {info['deadline']}"]
    if info.get("held"):
        return [f"  deadline:  held for the GM after umpire {info['held']} (umpire deadline --resume releases it)"]
    if info.get("paused"):
        return ["  deadline:  paused (umpire deadline --resume runs the clock again)"]
    return []


def _seat_lines(info: dict) -> list[str]:
    """The turns each seat missed, and the absences the players announced."""
    lines = []
    missed = {seat: n for seat, n in info["missed_turns"].items() if n}
    if missed:
        lines.append("  missed:    " + ", ".join(f"{seat} {n}" for seat, n in missed.items()))
    for company, spans in sorted(info.get("absences", {}).items()):
        lines.append(f"  absent:    {company} " + ", ".join(f"{a} to {b}" for a, b in spans))
    return lines


def _mail_lines(folder: GameFolder, info: dict) -> list[str]:
    """The mail waiting to go out or given up, and the mail refused in the open turn."""
    lines = []
    out = info["mail_waiting"]
    if out["waiting"] or out["given_up"]:
        later = f" (the next from {out['next_try']})" if out["waiting"] else ""
        lines.append(f"  mail out:  {out['waiting']} waiting for another try{later}, {out['given_up']} given up "
                     "(umpire mail digest names them)")
    refused = info["mail"]["refused"]
    if refused:
        count = sum(r["count"] for r in refused)
        turn = turn_words(Game.of(folder).family.open_turn(Game.of(folder).state(copy=False)))
        lines.append(f"  mail refused or not accepted in {turn}: {count} {'message' if count == 1 else 'messages'}")
        lines += [f"    {r['sender'] or 'an unknown sender'} ({r['count']}): {r['status']}"
                  + (f": {r['reason']}" if r["reason"] else "") for r in refused]
    return lines


def _note_lines(info: dict) -> list[str]:
    """The players' notes to the GM of the turn last closed and of the open one."""
    lines = []
    for note in info.get("notes_last_turn", []):
        last = turn_words(int(note["turn"]) if note["turn"].isdigit() else note["turn"])
        lines.append(f"  note to the GM in {last} from {note['company'] or 'an unknown sender'} "
                     f"(message {note['key']}), {note['line']}")
    return lines + [f"  note to the GM from {note['company'] or 'an unknown sender'} (message {note['key']}), "
                    f"{note['line']}" for note in info.get("notes", [])]

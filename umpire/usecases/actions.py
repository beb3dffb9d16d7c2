"""What the GM and the mail service do to a game: create it, take orders, resolve rounds.

This is the imperative shell around the engines: it reads the game folder, calls the game's
family (umpire/families/) for everything that differs between games, and writes the journal,
the stored orders and the newsletters.
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from .. import __version__, families
from ..errors import NotOpened, UmpireError
from ..game import Game
from ..kernel import ids, language
from ..kernel.dice import commitment
from ..kernel.echo import quote
from ..kernel.language import LANGUAGES, N_, _, speaking
from ..kernel.options import (
    check_choices,
    fingerprint,
    game_option,
    parse_option,
    ruleset_overrides,
)
from ..kernel.order_header import ORDER_READING, reading_of, turn_words
from ..kernel.profiles import load_profile
from ..render import NEWSLETTER_LAYOUT, own_templates
from ..resources import find_named
from ..store import atomic, mailroom
from ..store.folder import (
    GAME_FILE,
    MAP_FILE,
    RECORDED_FILES,
    RULES_FILE,
    SECRETS_FILE,
    GameFolder,
    dump_yaml,
)
from ..store.gm_file import GM_FILE, gm_settings, templates_folder
from ..timetable import absences, deadlines, reminders
from .due import with_refused_lines
from .missed_turns import missed_turns

_CODE_WORDS = ("tulip", "amber", "cedar", "heron", "maple", "otter", "raven", "willow", "comet", "harbor",
               "pepper", "quartz", "saffron", "thistle", "violet", "walnut", "falcon", "juniper", "lantern", "meadow")


def player_zones(specs: tuple[str, ...], seats: list[str]) -> dict[str, str]:
    """`--zone ID=Europe/Berlin`, each read and checked: {company: zone name}."""
    from ..timetable.spans import zone
    found = {}
    for spec in specs:
        company, sep, name = spec.partition("=")
        company, name = company.strip().lower(), name.strip()
        if not sep or company not in seats:
            raise UmpireError(f"--zone {ids.shown(spec)} does not name a company and a zone.",
                              fix=f"Write e.g. --zone {seats[0]}=Europe/Berlin (the companies: {', '.join(seats)}).")
        zone(name, f"--zone {company}:")
        found[company] = name
    return found


def parse_company(spec: str) -> dict:
    """`red:Red Lines:red@example.org` -> {id, name, email}, each checked by its rule (umpire/kernel/ids.py).
    A player who writes from several addresses gives them all, separated by commas. A fourth part
    is the language of the player's own mail (`...:red@example.org:de`), where it is not the game's."""
    parts = spec.split(":", 3)
    if len(parts) < 2 or not parts[0] or not parts[1]:
        raise UmpireError(f"--company {ids.shown(spec)} is not ID:NAME:EMAIL.",
                          fix='Write e.g. --company "red:Red Lines:red@example.org" (the email may be left out).')
    where = f"--company {ids.shown(spec)}:"
    cid = ids.check_company_id(parts[0].strip().lower(), f"{where} the id")
    name = ids.check_name(parts[1].strip(), f"{where} the name")
    email = parts[2].strip() if len(parts) > 2 else ""
    if email:                                   # several addresses of one company: separated by commas
        email = ",".join(ids.check_email(a.strip(), f"{where} the address") for a in email.split(","))
    company = {"id": cid, "name": name, "email": email}
    if len(parts) > 3 and parts[3].strip():
        if problem := language.check(parts[3].strip().lower()):
            raise UmpireError(f"{where} the language {ids.shown(parts[3].strip())} {problem}.",
                              fix='Write e.g. --company "red:Red Lines:red@example.org:de", or leave the language '
                                  "out for the game's.")
        company["language"] = parts[3].strip().lower()
    return company


def new_code(taken=(), current=()) -> str:
    """A fresh order code: never one of `taken` (the codes the game has used), and its first word
    that of none of `current` (the codes in force for the other companies), so that no two
    players' codes differ only by their number; a word no code of the game had is preferred."""
    import secrets as _secrets
    taken = set(taken)
    barred = {c.split("-", 1)[0] for c in current}
    words = [w for w in _CODE_WORDS if w not in barred and any(f"{w}-{n}" not in taken for n in range(10, 100))]
    used = {c.split("-", 1)[0] for c in taken}
    pool = [w for w in words if w not in used] or words
    if not pool:
        raise UmpireError(f"no order code is left: each company's code begins with a word of its own, and "
                          f"there are {len(_CODE_WORDS)} words, each with 90 numbers.",
                          fix=f"Play with at most {len(_CODE_WORDS)} companies; nothing was changed.")
    while True:
        word = _secrets.choice(pool)
        code = f"{word}-{_secrets.randbelow(90) + 10}"
        if word in pool and code not in taken:
            return code


def read_options(family, option_specs, profile: str | None = None) -> dict:
    """The game's options, each checked: a postal profile's first, an `--option` of the same key wins."""
    options = {**(load_profile(profile).options if profile else {}),
               **dict(parse_option(o, family) for o in option_specs)}
    deadlines.check_options(options)
    absences.check_options(options)
    reminders.check_options(options)
    from ..render.paper import paper_size
    paper_size(game_option(options, "paper"))
    check_choices(options, family.choices)
    return options


def create_game(path: Path, map_name: str | None, rules_name: str, company_specs: list[str],
                seed: str | None = None, dice_file: Path | None = None, option_specs: tuple[str, ...] = (),
                now: datetime | None = None, game_id: str | None = None, profile: str | None = None,
                draws_file: Path | None = None, zones: tuple[str, ...] = (),
                archive: dict | None = None) -> tuple[GameFolder, dict]:
    """Create the game folder, open round 1 and write newsletter 001. Returns the order codes.
    A postal profile's options come first; an `--option` of the same key wins.

    The game id is the folder's name unless `game_id` is given; either must be a game id (ids.py).
    The ruleset's `family:` says which game it is; `map_name` may be None where the family has a
    default board. Recorded randomness is `dice_file` (Dampfross) or `draws_file`, as the family draws.
    `archive` marks a zine's game typed in (game.yaml `archive:`, written by `umpire play`)."""
    path = Path(path)
    game_id = ids.check_game_id(game_id, "--id") if game_id is not None else ids.check_game_id(
        path.name, f"the folder name of {path}:")
    _check_new_folder(path)
    rules_path = find_named("rules", rules_name)
    family = families.of_rules(rules_path)
    options = read_options(family, option_specs, profile)
    _host_language(options, path.parent)
    map_name = map_name or family.default_board
    if map_name is None:
        raise UmpireError("the game needs a map.", fix="Give --map with a bundled map name or a map file.")
    map_path = find_named("maps", map_name)
    _check_board(family, map_path, map_name, rules_name)
    game_map = family.load_board(map_name)
    rules = family.load_rules(rules_name, ruleset_overrides(options, family.options))
    companies = _companies(family, rules, company_specs, zones)
    seats = [c["id"] for c in companies]
    deadlines.check_turn_options(options, family.turn_letters(rules), family.holds_late_orders)
    recorded = _recorded_file(family, dice_file, draws_file)
    if seed is not None and recorded is not None:
        raise UmpireError(f"--seed and --{family.recorded} exclude each other.",
                          fix=f"Give seeded {family.recorded} or recorded {family.recorded}, not both.")
    if recorded is not None:
        family.check_recorded(recorded)
    secrets, dice_conf = _secrets(family, companies, seed, recorded)
    config = {
        "format": 1,
        "game": game_id,
        **families.game_entry(family),
        "map": {"name": game_map.name, "file": MAP_FILE},
        "rules": {"name": rules.name, "file": RULES_FILE},
        "options": options,
        "options_fingerprint": fingerprint(options),     # an edit of `options:` behind the umpire's back shows
        "companies": companies,
        "seat_order": seats,
        "dice": dice_conf,
        "created_with": f"umpire {__version__}",
        "newsletter_layout": NEWSLETTER_LAYOUT,
        "order_reading": ORDER_READING,
        **_archive_entry(archive),
    }
    own = templates_folder(path.parent)             # the GM's own templates, copied as the ruleset is
    templates = own_templates.read_folder(own) if own is not None else {}
    made = _outermost_missing(path)
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UmpireError(f"cannot use {ids.shown(str(path), 120)} as the game folder: {exc.strerror}.",
                          fix="Give a shorter or writable path; nothing was created.") from None
    try:
        atomic.write_bytes(path / MAP_FILE, map_path.read_bytes())
        atomic.write_bytes(path / RULES_FILE, rules_path.read_bytes())
        with atomic.Batch() as batch:
            for name, data in templates.items():
                batch.write_bytes(path / own_templates.FOLDER / name, data)
        if recorded is not None:
            atomic.write_bytes(path / RECORDED_FILES[family.recorded], recorded.read_bytes())
        atomic.write_text(path / SECRETS_FILE, dump_yaml(secrets))
        (path / SECRETS_FILE).chmod(0o600)
        atomic.write_text(path / GAME_FILE, dump_yaml(config))
        for sub in ("orders", "inbox", "newsletters"):
            (path / sub).mkdir(exist_ok=True)
        folder = GameFolder(path)
        open_game(folder, now)
    except BaseException as exc:
        _unmake(path, made)
        if isinstance(exc, UmpireError):
            if own is not None:                 # a fault of the GM's template: said of his own folder
                exc = exc.renamed(str(path / own_templates.FOLDER), str(own))
            raise _not_opened(exc, path / RECORDED_FILES[family.recorded], recorded) from None
        raise
    return folder, secrets["codes"]


def _host_language(options: dict, games_dir: Path):
    """A game's language from umpire.yaml's `language:` (the host's default) where no option gives it."""
    host = gm_settings(games_dir).get("language")
    if "language" in options or host in (None, "", language.ENGLISH):
        return
    if problem := language.check(host):
        raise UmpireError(f"{games_dir / GM_FILE}: language: {ids.shown(str(host))} {problem}.",
                          fix="Correct `language:` in umpire.yaml, or give --language; nothing was created.")
    options["language"] = host


def _archive_entry(archive: dict | None) -> dict:
    """game.yaml's `archive:` of a zine's game typed in (`umpire play`, docs/archive.md); none otherwise."""
    return {"archive": archive} if archive else {}


def _check_new_folder(path: Path):
    """Refuse a folder that holds a game or anything else, or that cannot be looked into."""
    try:
        if (path / GAME_FILE).exists():
            raise UmpireError(f"{path} already holds a game.", fix="Choose a new folder; nothing was changed.")
        if path.exists() and any(path.iterdir()):
            raise UmpireError(f"{path} is not empty.", fix="Give a new or empty folder for the game.")
    except OSError as exc:
        raise UmpireError(f"cannot use {ids.shown(str(path), 120)} as the game folder: {exc.strerror}.",
                          fix="Give a shorter or readable path; nothing was created.") from None


def _check_board(family, map_path: Path, map_name: str, rules_name: str):
    """Refuse a map that reads as the board of another family than the rules'."""
    board_family = families.named_by_board(map_path)
    if board_family is not None and board_family is not family:
        game, other = family.name.capitalize(), board_family.name.capitalize()
        raise UmpireError(f"the rules {ids.shown(str(rules_name))} are {game} rules, and the map "
                          f"{ids.shown(str(map_name))} is not a {game} board (it reads as a {other} board).",
                          fix=f"Give a {game} board (`umpire map list` lists the bundled ones), or {other} rules; "
                              "nothing was created.")


def _companies(family, rules, company_specs: list[str], zones: tuple[str, ...]) -> list[dict]:
    """The companies of the --company options, each with its own id, as many as the rules allow,
    with the time zone --zone gives its player."""
    companies = [parse_company(s) for s in company_specs]
    seats = [c["id"] for c in companies]
    if len(set(seats)) != len(seats):
        raise UmpireError("two companies have the same id.", fix="Give each company its own id.")
    family.check_players(rules, companies)
    for company, name in player_zones(zones, seats).items():
        next(c for c in companies if c["id"] == company)["zone"] = name
    return companies


def _secrets(family, companies: list[dict], seed: str | None, recorded: Path | None) -> tuple[dict, dict]:
    """The game's secrets (each company's own order code; the seed of seeded dice) and its `dice:` entry."""
    codes: dict[str, str] = {}
    for c in companies:                         # each company its own code
        codes[c["id"]] = new_code(taken=codes.values(), current=codes.values())
    secrets = {"codes": codes}
    if recorded is not None:
        return secrets, {"mode": "recorded", "file": RECORDED_FILES[family.recorded]}
    from secrets import token_hex
    secrets["seed"] = seed or token_hex(16)
    return secrets, {"mode": "seeded", "commitment": commitment(secrets["seed"])}


def _outermost_missing(path: Path) -> Path | None:
    """The outermost folder of `path` that does not exist yet (the first that `new` makes); None
    if the game folder exists."""
    missing = None
    for folder in (path, *path.parents):
        if folder.exists() or folder.is_symlink():
            break
        missing = folder
    return missing


def _unmake(path: Path, made: Path | None):
    """Remove what a failed `new` wrote: the folders it made, or what it put in the empty game
    folder that was there before."""
    if made is not None:
        shutil.rmtree(made, ignore_errors=True)
        return
    for entry in path.iterdir():
        if entry.is_dir() and not entry.is_symlink():
            shutil.rmtree(entry, ignore_errors=True)
        else:
            entry.unlink(missing_ok=True)


def _not_opened(exc: UmpireError, copy: Path, own: Path | None) -> NotOpened:
    """Round 1 could not open: the refusal said of the user's own recorded file (`own`) rather than
    of its copy in the removed game folder."""
    said = exc.renamed(str(copy), str(own)) if own is not None else exc
    return NotOpened(said.what, said.where, f"{said.fix} Nothing was created." if said.fix else "Nothing was created.")


def _recorded_file(family, dice_file: Path | None, draws_file: Path | None) -> Path | None:
    """The recorded dice or draws file given, if the game's family draws that way."""
    given = {"dice": dice_file, "draws": draws_file}
    for kind, file in given.items():
        if file is not None and kind != family.recorded:
            raise UmpireError(f"--{kind} is not for this game: its rules draw {family.recorded}, not {kind}.",
                              fix=f"Give recorded {family.recorded} with --{family.recorded} FILE, or leave it out "
                                  f"for seeded {family.recorded}.")
    file = given[family.recorded]
    return Path(file) if file is not None else None


def open_game(folder: GameFolder, now: datetime | None = None):
    """Start the game written in the folder: open round 1 and write newsletter 001 (also used by replay)."""
    game = Game.of(folder)
    family = game.family
    companies = [{"id": c["id"], "name": c["name"]} for c in folder.config["companies"]]
    events = family.start_game(folder.game_id, companies, game.rules, game.dice(family.new_state()),
                               game.options, game.game_map, **families.journal_entry(family, folder.config))
    folder.append([{"type": "command", "command": "new"}] + events)
    deadlines.set_deadline(folder, family.open_turn(game.state()), now)
    publish_newsletter(folder)


# ---------------------------------------------------------------------------
@dataclass
class SubmitResult:
    accepted: bool
    file: str
    company: str | None = None
    round: int | str | None = None             # the turn the order was stored for
    reason: str | None = None                  # why a whole order was refused
    errors: list[str] = field(default_factory=list)
    replaced: str | None = None
    order: object | None = None                # as the game's family parsed it
    held: bool = False                         # arrived after the deadline; stored for the next round
    no_order: bool = False                     # refused as no order: nothing in it was read for the open turn
    other_turns: tuple[str, ...] = ()          # with no_order: the turns its lines read belong to
    after_deadline: bool = False               # taken in the grace after the deadline


def submit(folder: GameFolder, data: bytes, via: str = "submit", require_code: bool | None = False,
           received_at: datetime | None = None, batch: atomic.Batch | None = None,
           order=None, late: str | None = None, after_deadline: bool | None = None) -> SubmitResult:
    """Take one order: check its header, store it verbatim, journal it.

    `received_at` (given by the mail service) is checked against the open round's deadline:
    a late order is refused or held for the next round, as the game's late_orders option says.
    With a `batch` (the mail service's), the stored order and its journal line are written with
    the batch's other writes: the order file durable first, then the line. `order` is the text
    already parsed, if it was; `require_code` None: the mail service authenticated it (its GAME,
    COMPANY and CODE are checked once, there). `late` is a lateness decided before (replay gives the journal's), and
    so is `after_deadline` (the order came in the grace after the deadline; the newsletter says so).
    """
    game = Game.of(folder)
    folder.require()
    state = game.state(copy=False)
    turn = game.family.open_turn(state)
    if order is None:
        order = game.read_order(data)
    reason = _header_problem(folder, state, turn, order, require_code)
    company = order.company if order.company in folder.company_ids() else None
    lines = None if reason or reading_of(folder.config) < 2 or via.startswith(ARCHIVED) else \
        game.family.turn_lines(state, game.rules, order)
    if lines is not None and not lines.counted:
        result = refuse(folder, data, via, nothing_read(turn, order, lines.other_turns), company, order, batch)
        result.no_order, result.other_turns = True, lines.other_turns
        return result
    late = (late or deadlines.lateness(folder, turn, received_at)) if not reason else None
    if late and deadlines.late_policy(folder) == "refuse":
        reason = late
    if reason:
        return refuse(folder, data, via, reason, company, order, batch)
    round_number = game.family.next_turn(turn) if late else turn
    previous = folder.latest_orders(round_number).get(company)
    stored = folder.store_raw(round_number, company, data, batch)
    errors = [str(e) for e in order.errors]
    event = {"type": "order_received", "round": round_number, "company": company, "file": str(stored),
             "via": via, "errors": errors, "replaces": previous}
    if late:
        event["held"] = late
    elif after_deadline if after_deadline is not None else deadlines.in_grace(folder, turn, received_at):
        event["after_deadline"] = True
    folder.append([event], batch)
    return SubmitResult(True, str(stored), company, round_number, errors=errors, replaced=previous, order=order,
                        held=bool(late), after_deadline=bool(event.get("after_deadline")))


NO_ORDER = "nothing in it was read as an order for "
NOTHING_READ = N_("nothing in it was read as an order for {turn}{other}{refused}. To send nothing knowingly, write "
                  "one line PASS.")
ARCHIVED = ("play ", "demo ")   # an archive's order file (umpire play, the demo): the zine's record, counted as it is


def nothing_read(turn: int | str, order, other_turns: tuple[str, ...] = ()) -> str:
    """Why a message is no order: nothing in it read for the open `turn` (reading 2), the turns its
    lines read belong to, and the first line refused, if any."""
    other = _("; its lines are orders of {turns}").format(turns=(" " + _("and") + " ").join(other_turns)) \
        if other_turns else ""
    errors = getattr(order, "errors", [])
    refused = (_(" (refused {error}, and {more} more)").format(error=errors[0], more=len(errors) - 1)
               if len(errors) > 1 else _(" (refused {error})").format(error=errors[0]) if errors else "")
    return _(NOTHING_READ).format(turn=turn_words(turn), other=other, refused=refused)


def is_no_order(reason: str) -> bool:
    """Whether a journaled refusal is one of `nothing_read`'s, in any language the umpire speaks."""
    for spoken in LANGUAGES:
        with speaking(spoken):
            if reason.startswith(_(NOTHING_READ).split("{", 1)[0]):
                return True
    return False


def refuse(folder: GameFolder, data: bytes, via: str, reason: str, company: str | None = None,
           order=None, batch: atomic.Batch | None = None) -> SubmitResult:
    """Store a refused order verbatim with its reason, and journal the refusal (with `batch`, as submit)."""
    game = Game.of(folder)
    turn = game.family.open_turn(game.state(copy=False))
    stored = folder.store_raw(turn, "refused", data, batch)
    (batch or atomic).write_bytes(folder.path / f"{stored}.reason", (reason + "\n").encode("utf-8"))
    folder.append([{"type": "order_refused", "round": turn, "file": str(stored), "via": via,
                    "company": company, "reason": reason}], batch)
    return SubmitResult(False, str(stored), company, turn, reason=reason, order=order)


def _header_problem(folder: GameFolder, state, turn: int | str, order, require_code: bool | None) -> str | None:
    """Why the order cannot be taken for the open turn; None if it can. `require_code` None: the mail
    service has checked GAME, COMPANY and CODE against the sender already (mail/auth.py)."""
    game = Game.of(folder)
    if getattr(order, "refusal", None):
        return order.refusal
    if state.phase == "finished":
        return _("game {game} is finished; it takes no more orders.").format(game=folder.game_id)
    whose = _whose(folder, order, require_code) if require_code is not None else None
    return whose or game.family.turn_refusal(game, order, turn)


def _whose(folder: GameFolder, order, require_code: bool) -> str | None:
    """Why the order is not one of this game's companies' (GAME, COMPANY, and CODE if required)."""
    game = folder.game_id
    if order.game is None:
        return f"the order has no GAME line; write GAME {game} at its top."
    if order.game.lower() != game.lower():
        return f"the order is for game {quote(order.game)}, not {game!r}."
    seat, ids = Game.of(folder).family.seat, folder.company_ids()
    if order.company is None:
        return (f"the order has no {seat.upper()} line; write {seat.upper()} and your {seat} id "
                f"(e.g. {seat.upper()} {ids[0] if seat != 'company' else 'red'}).")
    if order.company not in ids:
        return f"there is no {seat} {quote(order.company)} in game {game}; the {seat}s are {', '.join(ids)}."
    if require_code and order.code != folder.secrets.get("codes", {}).get(order.company):
        return f"the CODE line is missing or does not match this {seat}'s order code."
    return None


# ---------------------------------------------------------------------------
def load_orders(folder: GameFolder, round_number: int | str) -> dict:
    """The newest accepted order of each company for the turn, parsed again from its stored text."""
    return {company: Game.of(folder).read_order(folder.read_bytes(file))
            for company, file in folder.latest_orders(round_number).items()}


def interrupted(folder: GameFolder) -> bool:
    """Whether the last command was stopped by a crash before its newsletter was issued."""
    events = folder.events
    last = max((i for i, e in enumerate(events) if e["type"] == "command"), default=None)
    return last is not None and not any(e["type"] == "newsletter" for e in events[last:])


def finish_interrupted(folder: GameFolder, now: datetime | None = None, at: str | None = None) -> bool:
    """Finish a command that a crash stopped after its events were journaled (the next round's
    deadline and newsletter are still due); True if there was one. Running the same command
    again then gives the same result as if nothing had gone wrong. A rollback a crash stopped
    before it set its newsletters aside is finished too."""
    game = Game.of(folder)
    folder.finish_rollback()
    if not interrupted(folder):
        return False
    deadlines.set_deadline(folder, game.family.open_turn(game.state()), now)
    publish_newsletter(folder, at)
    return True


def resolve(folder: GameFolder, now: datetime | None = None, at: str | None = None) -> list[dict]:
    """Resolve the open round, journal what happened, open the next round, write the newsletter
    (journaled with `at`, the time the resolve was asked for, where given: see publish_newsletter).

    If the last resolve was stopped before its newsletter, this finishes it instead (and returns [])."""
    game = Game.of(folder)
    folder.require()
    if finish_interrupted(folder, now, at):
        return []
    state = game.state()
    if state.phase == "finished":
        raise UmpireError(f"game {folder.game_id} is finished; there is no round to resolve.")
    family = game.family
    turn = family.open_turn(state)
    orders = load_orders(folder, turn)
    events = family.resolve(state, game.game_map, game.rules, orders, game.dice(state), game.options)
    folder.append([{"type": "command", "command": "resolve", "round": turn}] + events)
    deadlines.set_deadline(folder, family.open_turn(game.state()), now)
    publish_newsletter(folder, at)
    return events


def running(folder: GameFolder, closed: str):
    """The game a GM's correction changes, and its state: the folder checked, a command a crash
    had stopped finished first, a finished game refused ("game ID is `closed`")."""
    game = Game.of(folder)
    folder.require()
    finish_interrupted(folder)
    state = game.state()
    if state.phase == "finished":
        raise UmpireError(f"game {folder.game_id} is {closed}", fix="Nothing was done.")
    return game, state


def family_command_events(folder: GameFolder, name: str, args: dict) -> list[dict]:
    """What a GM command of the game's family would do now: its events, nothing written."""
    game = Game.of(folder)
    state = game.state()
    return game.family.command(name, state, game.game_map, game.rules, game.dice(state), game.options,
                                 args)


def family_command(folder: GameFolder, name: str, args: dict, note: dict | None = None,
                   at: str | None = None) -> list[dict]:
    """A GM command the game's family adds (its `gm_commands`), journaled with its args. The GM's
    `note` (a `gm_note` event) is journaled just before the command, in the same write: the
    newsletter the command writes at once prints it (replay repeats the note as it stands)."""
    if finish_interrupted(folder.require(), at=at):
        return []
    events = family_command_events(folder, name, args)
    folder.append(([note] if note else []) + [{"type": "command", "command": name, **args}] + events)
    publish_newsletter(folder, at)
    return events


def gm_args(reason: str) -> dict:
    """The arguments of a family's GM command (`--reason`, checked as every GM reason is)."""
    return {"reason": ids.check_reason(reason, "--reason")}


def publish_newsletter(folder: GameFolder, at: str | None = None):
    """Write the next newsletter (text and PDF), record which umpire and reportlab drew it
    (drawn.jsonl, beside the journal: usecases/drawn.py), and journal that it was issued: with
    `at` (clock.stamp), the time the command that wrote it was given, where the caller gives it
    (the GM's and the host's commands; not demos and archives played in, nor replay where the
    original had none). Replay gives the original's `at`, so the journal replays byte for byte."""
    from . import drawn
    from .publish import write_newsletter
    number = folder.newsletter_count() + 1
    files = write_newsletter(folder, number)
    drawn.record(folder, number)
    folder.append([{"type": "newsletter", "number": number, "files": files, **({"at": at} if at else {})}])


# ---------------------------------------------------------------------------
def status(folder: GameFolder) -> dict:
    """The game as `umpire status --json` prints it: the shell's facts and the family's."""
    game = Game.of(folder)
    folder.require()
    state = game.state()
    family = game.family
    turn = family.open_turn(state)
    ordered = folder.latest_orders(turn)
    ended = family.outcome(folder.events)
    return {
        "game": state.game,
        "family": family.name,
        **family.status(game, state),
        **({"winners": ended[1], "scores": family.final_scores(folder.events)} if ended else {}),
        "orders_in": sorted(ordered),
        "awaited": [c for c in family.awaited(state) if c not in ordered],
        "refused_lines": with_refused_lines(folder, turn),      # the early close waits for their corrections
        "newsletters": folder.newsletter_count(),
        "deadline": deadlines.deadline_of(folder, turn),
        "paused": deadlines.paused(folder, turn),
        "held": deadlines.held(folder, turn),                  # rollback or replace: until the GM resumes it
        "absences": absences.absences(folder),
        "notes": mailroom.notes_for(folder.path, state.game, turn),
        "mail_waiting": mailroom.waiting(folder.path, state.game),
        "notes_last_turn": mailroom.notes_for(folder.path, state.game, mailroom.closed_turn(folder.events)),
        "missed_turns": missed_turns(state, folder.events, list(folder.company_ids())),
    }

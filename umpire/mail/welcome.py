"""`umpire mail welcome`: each player's first mail. It gives his order code, how to order in this
game (a page per edition, else per family, written as data: newsletters/welcome/<name>.md), his
order form for the open turn, and newsletter 001 (its text with his private part, the PDF and the
map attached, as `mail send` sends them).

Once per player, kept in the mail log as `mail send` keeps its newsletters: a company given to a
stand-in (`umpire replace`) has a new player, who gets his own welcome; `--again ID` sends the
player of one company his welcome again. The copy in the outbox holds the code: it is written
readable by its owner only, like secrets.yaml."""

from __future__ import annotations

import os
from datetime import datetime
from email import policy
from pathlib import Path

from ..errors import UmpireError
from ..game import Game
from ..kernel import form_marks
from ..kernel.language import ENGLISH, _, current, speaking
from ..kernel.order_header import form_title, reading_of, turn_words
from ..render.own_templates import own_folder, render
from ..resources import data_dir
from ..store.folder import GameFolder
from ..store.mailroom import Mailroom
from ..timetable.deadlines import deadline, describe, grace, late_policy, player_zone
from ..usecases.family_folder import handed
from .config import MailConfig
from .languages import of_company
from .replies import paragraphs
from .send import attach_newsletter, outgoing, private_parts

KIND = "welcome"
RULE = "-" * 72


def page_name(folder: GameFolder) -> str:
    """The how-to page of the game: its edition's (newsletters/welcome/laurin.md), else its family's;
    the game's own (templates/welcome/, render/own_templates.py) before the bundled one. In another
    language than English, the page of that language (welcome/de/laurin.md) where there is one."""
    game = Game.of(folder)
    edition = str((folder.config.get("rules") or {}).get("name") or "")
    own = own_folder(folder.path)
    searched = ([Path(own) / "welcome"] if own else []) + [data_dir("newsletters") / "welcome"]
    spoken = current()
    kept = [f"{spoken}/", ""] if spoken != ENGLISH else [""]
    for where in kept:
        for name in (edition, game.family.name):
            if name and not name.startswith("_") and any((pages / f"{where}{name}.md").is_file()
                                                         for pages in searched):
                return f"welcome/{where}{name}.md"
    raise UmpireError(f"there is no page on how to order for {game.family.name} games "
                      f"(newsletters/welcome/{game.family.name}.md is missing).",
                      fix="Reinstall the umpire; nothing was sent.")


def how_to_order(folder: GameFolder, config: MailConfig, company: str) -> str:
    game = Game.of(folder)
    rules = game.rules
    return render(folder.path, page_name(folder), {
        "game": folder.game_id, "id": company, "name": (folder.company(company) or {}).get("name", company),
        "rules": getattr(rules, "title", None) or game.family.name, "umpire": config.sender(),
        "gm": config.gm[0] if config.gm else None, "reading": reading_of(folder.config)})


def addresses(folder: GameFolder, company: str) -> list[str]:
    """The company's registered addresses, in the order game.yaml gives them."""
    email = str((folder.company(company) or {}).get("email") or "")
    return list(dict.fromkeys(a.strip().lower() for a in email.split(",") if "@" in a))


def tenure(folder: GameFolder, company: str) -> int:
    """Which player of the company this is: 0 for the first, 1 after one `umpire replace`, ..."""
    return sum(1 for e in folder.events if e["type"] == "company_replaced" and e["company"] == company)


def welcome_text(folder: GameFolder, config: MailConfig, company: str, code: str, issue: int = 1) -> str:
    """The welcome's text before the newsletter `issue` it comes with (001; a stand-in's: the newest)."""
    game = Game.of(folder)
    state = game.state(copy=False)
    name = (folder.company(company) or {}).get("name", company)
    turn = game.family.open_turn(state)
    due, span, zone = deadline(folder, turn).at, grace(folder), player_zone(folder, company)
    to = addresses(folder, company)
    head = paragraphs(
        _("Welcome to game {game}, {name} ({company}).").format(game=folder.game_id, name=name, company=company)
        + "\n\n" + stand_in(folder, company, issue)
        + _("Your order code is {code}. Write it on the CODE line of every order you mail, and keep it to "
            "yourself: the umpire takes orders for {company} only with this code, and only from {addresses}.")
        .format(code=code, company=company, addresses=(" " + _("or") + " ").join(to)) + "\n\n"
        + (_due(folder, config, turn, due, span, zone) + "\n\n" if due else ""))
    form = [form_marks.code_line(code) if form_marks.is_code_blank(line) else line
            for line in game.family.order_form(handed(game), state, company)]
    out = [head.rstrip("\n"), "", how_to_order(folder, config, company).rstrip("\n"), "",
           form_title(turn), RULE]
    out += [f"  {line}" for line in form]
    out += ["", _("Reply with it filled in, or copy it into a new mail."), "",
            _("Newsletter {issue} follows; its PDF is attached.").format(issue=f"{issue:03d}"), "=" * 72, ""]
    return "\n".join(out) + "\n"


def _due(folder: GameFolder, config: MailConfig, turn: int | str, due, span, zone) -> str:
    """When the first orders are due, what becomes of a later one, and whom to write to if held up."""
    in_grace = _("; an order in the grace until {end} is still taken").format(end=describe(due + span, zone)) \
        if span else ""
    later = (_("a later order counts for the next round") if late_policy(folder) == "hold"
             else _("a later order is refused"))
    gm = " " + _("(write to the GM at {gm} if you are held up)").format(gm=config.gm[0]) if config.gm else ""
    return _("Orders for {turn} are due by {deadline}{grace}; {later}{gm}.").format(
        turn=turn_words(turn), deadline=describe(due, zone), grace=in_grace, later=later, gm=gm)


def stand_in(folder: GameFolder, company: str, issue: int) -> str:
    """A stand-in's welcome says he takes over, and which newsletter comes with it (empty for a first player)."""
    if not tenure(folder, company):
        return ""
    return _("You take over {company} from its player before you, as the GM arranged. Newsletter {issue}, the "
             "newest, follows with your private sheet; ask the GM for earlier ones.").format(
        company=company, issue=f"{issue:03d}") + "\n\n"


def stands_in_only(stand_ins: bool, player: int) -> bool:
    """Whether a first player (`player` 0) is passed over because only stand-ins are welcomed."""
    return stand_ins and player == 0


def queue_welcomes(folder: GameFolder, config: MailConfig, now: datetime,
                   again: str | None = None, stand_ins: bool = False) -> tuple[list[str], list[str]]:
    """Put a welcome in the outbox for every player not yet welcomed (with `again`: for that
    company's player, unless one waits in the outbox already; with `stand_ins`: only for the players
    who took over a company by `umpire replace`). Returns the companies queued and those without an
    address. A first player's welcome comes with newsletter 001; a stand-in's with the newest."""
    _check_welcomes(folder, again)
    room = Mailroom(folder.path)
    sent = room.sent()
    welcomes = [r for r in room.records if r["type"] == "queued" and r.get("kind") == KIND]
    sender = config.sender()
    records, missing = [], []
    for company in folder.company_ids():
        if again is not None and company != again:
            continue
        to = addresses(folder, company)
        if not to:
            missing.append(company)
            continue
        player = tenure(folder, company)
        before = [r for r in welcomes if r.get("company") == company and r.get("tenure", 0) == player]
        if stands_in_only(stand_ins, player) or (before and again is None) \
                or any(r["file"] not in sent for r in before):
            continue
        with speaking(of_company(folder, company)):
            records.append(_queue_welcome(folder, config, room, sender, company, player, len(before), to, now))
    room.log(records)
    return [r["company"] for r in records], missing


def _check_welcomes(folder: GameFolder, again: str | None):
    """Refuse welcomes to a finished game, for a company it does not have, or without the
    newsletters they come with."""
    if Game.of(folder).state(copy=False).phase == "finished":
        raise UmpireError(f"game {folder.game_id} is finished; nobody orders any more.", fix="Nothing was sent.")
    if again is not None and again not in folder.company_ids():
        raise UmpireError(f"--again {again}: game {folder.game_id} has no {Game.of(folder).family.seat} {again!r}.",
                          fix=f"Give one of {', '.join(folder.company_ids())}; nothing was sent.")
    for issue in {1, folder.newsletter_count()}:
        if not (folder.newsletters / f"{issue:03d}.txt").exists():
            raise UmpireError(f"newsletter {issue:03d} has not been written "
                              f"({folder.newsletters / f'{issue:03d}.txt'} is missing).",
                              fix="Restore it from a backup of the game folder; nothing was sent.")


def _queue_welcome(folder: GameFolder, config: MailConfig, room: Mailroom, sender: str, company: str,
                   player: int, number: int, to: list[str], now: datetime) -> dict:
    """Queue the welcome of the company's player (his `number`th before: sent again); its record."""
    key = f"{company}-{player}" + (f"-{number}" if number else "")
    issue = folder.newsletter_count() if player else 1
    edition = folder.edition(issue)
    msg = outgoing(folder.game_id, sender, ", ".join(to),
                   _("{game}: welcome, {name}: your order code and newsletter {issue}").format(
                       game=folder.game_id, name=(folder.company(company) or {}).get("name", company),
                       issue=f"{issue:03d}"), now, f"welcome.{key}")
    msg.set_content(welcome_text(folder, config, company, folder.secrets.get("codes", {})[company], issue)
                    + (folder.newsletters / f"{issue:03d}.txt").read_text(encoding="utf-8")
                    + "".join(dict.fromkeys(private_parts(folder, issue, a) for a in to)))
    attach_newsletter(msg, folder, issue, to)
    name = room.queue(f"welcome-{key}.eml", msg.as_bytes(policy=policy.SMTP))
    os.chmod(room.path / name, 0o600)
    return {"type": "queued", "file": name, "kind": KIND, "company": company, "tenure": player,
            "to": ",".join(to), "issue": issue, **({"edition": edition} if edition else {})}


"""A player's lines to the umpire in his mail, each answered only to his registered address
and only with his code: `ABSENT FROM DATE TO DATE` (journaled; see timetable/absences.py),
`RESEND` (the last newsletter and his private part again, in a mail of its own as `mail send`
sends it: PDF, map and private PDFs attached), `STATUS` (the deadline and who has
ordered, not what) and `WAIT` (the round waits for its deadline even when every order is in).

A mail of such lines only (and its header) is no order: the player's orders stay as they were.
"""

from __future__ import annotations

from datetime import datetime

from ..errors import UmpireError
from ..game import Game
from ..kernel.language import _
from ..kernel.order_header import (
    HEADER_KEYWORDS,
    clean_lines,
    keyword_of,
    player_command,
    split_press,
    turn_words,
)
from ..store import atomic
from ..store.folder import GameFolder
from ..store.mailroom import Mailroom
from ..timetable.absences import LINE as ABSENT_LINE
from ..timetable.absences import absence_event, max_days, policy
from ..timetable.deadlines import deadline, describe, grace_end, player_zone
from ..usecases import actions
from .replies import paragraphs
from .send import queue_resend


def commands(text: str) -> list[str]:
    """The player's lines to the umpire in a mail's text, as written (stripped), in order."""
    found = []
    for _number, raw, _text in clean_lines(text):
        if raw.rstrip() and (command := player_command(raw)):
            found.append(command)
    return found


def only_commands(text: str) -> bool:
    """Whether the text holds player's lines and nothing else but its header (no order, no press)."""
    if not commands(text):
        return False
    rest, press = split_press(text)
    return not press and all(keyword_of(line)[0] in HEADER_KEYWORDS
                             for _number, _raw, line in clean_lines(rest))


def answer(folder: GameFolder, company: str, lines: list[str], address: str, via: str, now: datetime,
           batch: atomic.Batch | None = None, sender: str = "", room: Mailroom | None = None) -> str:
    """Carry out the lines of `company`'s mail (from `address`); the reply's text. `sender`: the
    umpire's address, which a RESEND's newsletter comes from; `room`: the mailroom the reply goes
    out from, where the RESEND's newsletter is queued to go with it (default: the game's)."""
    parts = []
    for line in lines:
        word = line.split()[0].upper()
        if word == "ABSENT":
            parts.append(_absent(folder, company, line, via, now, batch))
        elif word == "WAIT":
            parts.append(_wait(folder, company, via, batch))
        elif word == "STATUS":
            parts.append(status_text(folder, company))
        elif word == "RESEND":
            parts.append(_resend(folder, address, via, now, sender, room or Mailroom(folder.path)))
    return "\n\n".join(p.rstrip("\n") for p in parts) + "\n"


def _absent(folder: GameFolder, company: str, line: str, via: str, now: datetime, batch) -> str:
    found = ABSENT_LINE.match(line)
    try:
        event = absence_event(folder, company, found.group(1), found.group(2), via, now.date())
    except UmpireError as exc:
        return paragraphs(_("{line}: refused: {reason}").format(line=line, reason=f"{exc.what} {exc.fix or ''}")
                          .rstrip())
    if event is None:
        return paragraphs(_("{line}: noted already.").format(line=line) + " " + absent_means(folder, company))
    folder.append([event], batch)
    return paragraphs(_("{line}: noted; you are away from {first} to {last}.").format(
        line=line, first=event["from"], last=event["to"]) + " " + absent_means(folder, company))


def absent_means(folder: GameFolder, company: str) -> str:
    """What the player's absence does, by the game's `absence` option: the open turn waits for him
    (extend: its deadline as it is now), or the game goes on and his defaults apply (nmr)."""
    game = Game.of(folder)
    family = game.family
    turn = family.open_turn(game.state(copy=False))
    if policy(folder) == "extend":
        at = deadline(folder, turn).at
        due = " " + _("Orders for {turn} are due by {deadline}.").format(
            turn=turn_words(turn), deadline=describe(at, player_zone(folder, company))) if at else ""
        return _("The game waits for you: a deadline that falls in your absence moves to the day after it (at most "
                 "{days} days of absence a game).").format(days=max_days(folder)) + due
    return _("The game goes on without you meanwhile: a {turn} whose deadline falls in your absence is resolved "
             "without waiting for you, and a {seat} that sends no orders {defaults}.").format(
        turn=family.turn, seat=family.seat, defaults=family.defaults)


def _wait(folder: GameFolder, company: str, via: str, batch) -> str:
    game = Game.of(folder)
    turn = game.family.open_turn(game.state(copy=False))
    if any(e["type"] == "wait" and e["round"] == turn for e in folder.events):
        return paragraphs(_("WAIT: {turn} waits for its deadline already.").format(turn=turn_words(turn)))
    folder.append([{"type": "wait", "round": turn, "company": company, "via": via}], batch)
    return paragraphs(_("WAIT: {turn} waits for its deadline, even when every order is in.").format(
        turn=turn_words(turn)))


def status_text(folder: GameFolder, company: str) -> str:
    """The round's deadline (in the player's zone too) and who has ordered; never what."""
    game = Game.of(folder)
    info = actions.status(folder)
    if info["phase"] == "finished":
        return paragraphs(_("STATUS: game {game} is finished.").format(game=folder.game_id))
    turn, tz = game.family.open_turn(game.state(copy=False)), player_zone(folder, company)
    at = deadline(folder, turn)
    when = (_("The deadline is paused by the GM.") if at.paused else _("The round has no deadline.") if at.at is None
            else _("Orders are due by {deadline}.").format(deadline=describe(at.at, tz)))
    end = grace_end(folder, turn)
    if at.at is not None and end != at.at:
        when += " " + _("Orders are still taken until {end}.").format(end=describe(end, tz))
    names = lambda ids: ", ".join(ids) or _("nobody")           # noqa: E731
    return paragraphs(_("STATUS: game {game}, {turn}. {when} Orders are in from {ordered}; awaited from "
                        "{awaited}.").format(game=folder.game_id, turn=turn_words(turn), when=when,
                                             ordered=names(info["orders_in"]), awaited=names(info["awaited"])))


def _resend(folder: GameFolder, address: str, via: str, now: datetime, sender: str, room: Mailroom) -> str:
    """The last newsletter queued again for the player at `address`, as `mail send` mails it."""
    issue = queue_resend(folder, sender, address, now, via.split()[-1], room)
    return paragraphs(_("RESEND: newsletter {issue} comes to you again in a mail of its own, with its PDF, its map "
                        "and your private part.").format(issue=f"{issue:03d}"))

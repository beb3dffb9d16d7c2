"""A player's note to the GM (notes.py), forwarded to the GM by `mail fetch` in the run that reads it.

One mail per message, to the first `gm:` address (the one the players are given), from the
umpire's address, with `Reply-To:` the player's registered address that sent it, so the GM answers
from his own mail program. It carries the game, the player, the turn, the message's subject and the
note's lines in full (codes masked as in the order text), and says what became of the message.

A note is forwarded only when its message is authenticated (its status is none of NEVER) and came
from an address registered for a company of its game; never the GM's own, never a note that only
greets or signs off (`notes.said`). With the game option `notes_to_gm: digest`, or without a `gm:`
address, nothing is forwarded: `umpire mail digest` lists every note, forwarded or not.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from email import policy

from ..game import Game
from ..kernel.echo import clip
from ..kernel.options import game_option
from ..kernel.order_header import code_masker, turn_words, visible
from ..kernel.textfill import paragraphs
from ..store.folder import GameFolder
from ..timetable.deadlines import describe
from .config import MailConfig
from .decode import Mail
from .notes import Note, said
from .send import outgoing

NEVER = ("not accepted", "unreadable", "too large")     # who sent these cannot be told: never forwarded
KIND = "note"


@dataclass
class Forward:
    words: list[str]                    # each note line in full, codes masked (kept with the message)
    why_not: str | None = None          # why it is not forwarded; None when it is
    to: str | None = None               # the GM's address it goes to
    name: str | None = None             # its file in the outbox
    data: bytes | None = None


def words(folder: GameFolder, mail: Mail, found: list[Note]) -> list[str]:
    """The note's lines as the player wrote them, in full (a note's own text is cut for a line of
    output), every order code of the game masked, characters that do not print escaped."""
    lines = folder.order_text(mail.text.encode("utf-8")).splitlines()
    shown = [visible(lines[n.line - 1]).strip() if 0 < n.line <= len(lines) else n.text for n in found]
    return [clip(line, 10 * len(line) + 1) for line in shown]       # a limit no escaped line reaches


def why_not(folder: GameFolder, config: MailConfig, status: str, sender: str | None, registered: bool,
            found: list[Note]) -> str | None:
    """Why a message's note is not forwarded, in words for the mail log and the digest; None if it is."""
    if status in NEVER or sender is None:
        return "its sender is not authenticated"
    if sender in config.gm:
        return "the GM's own message"
    if not registered:
        return "its sender is not a registered address of the game"
    if game_option(Game.of(folder).options, "notes_to_gm") == "digest":
        return "the game's notes_to_gm is digest"
    if not config.gm:
        return "no gm address is set"
    if not said(found):
        return "only a greeting or a sign-off"
    return None


def forward(folder: GameFolder, config: MailConfig, mail: Mail, found: list[Note], *, status: str,
            companies: list[str], turn, received: str, registered: bool, told: str, now: datetime) -> Forward:
    """The note of one message and, when it is forwarded, its mail to the GM (see the module's text).
    `companies`: the sender's in the game; `received`: when the server took the message (ISO);
    `told`: what became of the message, as the fetch prints it."""
    kept = words(folder, mail, found)
    reason = why_not(folder, config, status, mail.sender, registered, found)
    if reason is not None:
        return Forward(kept, reason)
    to = config.gm[0]
    lines = dict(zip([n.line for n in found], kept))
    seat = Game.of(folder).family.seat
    who = " and ".join(f"{(folder.company(c) or {}).get('name', c)} ({seat} {c})" for c in companies) or mail.sender
    seats = ", ".join(companies) or mail.sender
    when = turn_words(turn) if turn is not None else "no open turn"
    subject = f"[umpire] {folder.game_id}: a note from {seats} ({when})"
    msg = outgoing(folder.game_id, config.sender(), to, subject, now, f"{KIND}.{mail.key}")
    msg["Reply-To"] = mail.sender
    if mail.message_id:
        msg["References"] = mail.message_id
    msg["Auto-Submitted"] = "auto-generated"
    msg.set_content("\n".join([
        paragraphs(f"{who} wrote to the GM in a mail for game {folder.game_id}, {when}, received "
                   f"{describe(received)}, subject \"{code_masker(folder.codes)(mail.subject)}\":"),
        "", *[f"  {lines[n.line]}" for n in said(found)], "",
        paragraphs(f"Reply to this mail to answer: the reply goes to {mail.sender}."), "",
        paragraphs(f"What became of the mail: {told}. It is kept in the game's folder as inbox/{mail.key}.eml."),
        ""]))
    return Forward(kept, None, to, f"{KIND}-{mail.key}.eml", msg.as_bytes(policy=policy.SMTP))

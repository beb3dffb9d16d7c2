"""The replies the umpire mails back: a confirmation with the orders as it reads them, or a
refusal saying what was wrong and what would work. A sender who is not authenticated learns
nothing about any game."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from datetime import datetime
from email.message import EmailMessage
from email.utils import format_datetime
from functools import lru_cache

from ..errors import UmpireError
from ..game import Game
from ..kernel.echo import NO_SECRETS, quote
from ..kernel.options import game_option
from ..kernel.order_header import PRESS_LIMIT, split_press, turn_words
from ..kernel.textfill import WIDTH, fill, paragraphs
from ..store.folder import GameFolder
from ..timetable.deadlines import deadline, describe, player_zone
from ..usecases.actions import SubmitResult
from ..usecases.family_folder import handed
from . import mailpolicy, replystyle, subjects
from .decode import Mail
from .notes import Note, summary

NOT_ACCEPTED_TEXT = (
    "Your message was not accepted as orders, and nothing in it was stored as orders. The umpire takes "
    "orders only when their GAME, COMPANY and CODE lines match a company of a game run here and the "
    "message comes from that company's registered address (as its From address; a Reply-To does not "
    "count). If you play here, check these lines against your newsletter and your order code, and send "
    "again from your registered address. An order begins:\n\n"
    "  GAME <game>\n  COMPANY <company id>\n  CODE <your order code>\n")


mailpolicy.forgets(paragraphs.cache_clear)
NOT_ACCEPTED = paragraphs(NOT_ACCEPTED_TEXT)
UNREADABLE_LINES = paragraphs("Lines that could not be read (they are not carried out; send the whole order "
                              "again with them corrected):")


UNREADABLE = paragraphs(
    "Your message could not be read by the umpire, and nothing in it was stored as orders; the GM has been "
    "told. Send your orders again as plain text in the body of a message.")


def unreadable() -> str:
    return UNREADABLE


def too_large(size: int, limit: int) -> str:
    length = f"{size:,} bytes long" if size >= 0 else "of a size the mail server did not give"
    return paragraphs(f"Your message is {length}, and the umpire reads messages of up to {limit:,} bytes, "
                 "so it was not read and nothing in it was stored as orders. Send your orders again as plain text "
                 "in the body of a message, without pictures or large attachments.")


def refused(result: SubmitResult, late: bool = False, gm: str | None = None, found: Sequence[Note] = ()) -> str:
    """The refusal of an order; `late`: the message came after the round's deadline, so a corrected
    one would come too late as well, and the player may plead with the GM (at `gm`, his address);
    `found`: the lines read as a note to the GM."""
    to_gm = f"write to the GM at {gm}, who may still take these orders" if gm else "write to the GM"
    remedy = (f"A corrected order would arrive after the deadline too: {to_gm}, or send your orders "
              f"for the next {'turn' if isinstance(result.round, str) else 'round'} once its newsletter is out."
              if late else "Send a corrected order; it is handled like a first one.")
    text = paragraphs(f"Your orders were refused: {result.reason}\n\nNothing of this message will be carried out. "
                      + remedy)
    return text + ("\n\n" + paragraphs(summary(found)) if found else "")


def no_order(folder: GameFolder, result: SubmitResult, found: Sequence[Note] = ()) -> str:
    """The reply to a message in which nothing was read as an order for the open turn: it is no
    order; the turn waits for the player (his earlier order stands, if he sent one) until its
    deadline, given in his own zone; the turns its lines belong to, if another; his form last."""
    game = Game.of(folder)
    family, company, turn = game.family, result.company, result.round
    zone = player_zone(folder, company)
    head = f"Nothing in your message for game {folder.game_id} was taken as your order for {turn_words(turn)}."
    for other in result.other_turns:
        at = deadline(folder, other).at
        if str(other) < str(turn):
            head += f" Its lines are orders of turn {other}, which is closed" + \
                (f" (its deadline was {describe(at, zone)})." if at is not None else ".")
        else:
            head += f" Its lines are orders of turn {other}, which opens after turn {turn}: send them then."
    earlier = folder.latest_orders(turn).get(company)
    at = deadline(folder, turn)
    if earlier:
        waits = f" Your earlier order for {turn_words(turn)} stands as it was."
    elif at.at is not None:
        waits = f" {turn_words(turn).capitalize()} waits for your order until its deadline, {describe(at.at, zone)}."
    else:
        waits = f" {turn_words(turn).capitalize()} waits for your order."
    out = [paragraphs(head + waits + f" To send no order lines knowingly (a {family.seat} that sends none "
                      f"{family.defaults}), send your form with one line PASS.")]
    errors = [str(e) for e in getattr(result.order, "errors", [])]
    if errors:
        out += ["", UNREADABLE_LINES] + [fill(e, WIDTH, initial_indent="  ", subsequent_indent="      ")
                                         for e in errors]
    if found:
        out += ["", paragraphs(summary(found))]
    form = family.order_form(handed(game), game.state(copy=False), company)
    if form:
        out += ["", f"YOUR ORDER FORM FOR {turn_words(turn).upper()}", ""] + [f"  {line}" for line in form]
    return "\n".join(out).rstrip("\n") + "\n"


def refused_lines_note(folder: GameFolder, result: SubmitResult) -> str:
    """What an accepted order with refused lines means for the turn: it does not close before its
    deadline on his account; he corrects the whole order, or it is carried out as read."""
    numbers = sorted({e.line for e in getattr(result.order, "errors", []) if getattr(e, "line", 0)})
    if not numbers:
        return ""
    listed = ", ".join(map(str, numbers[:-1])) + " and " + str(numbers[-1]) if len(numbers) > 1 else str(numbers[0])
    which = f"Line {listed} was" if len(numbers) == 1 else f"Lines {listed} were"
    at = deadline(folder, result.round).at
    if at is None:
        return paragraphs(f"{which} refused. Send the whole order again, corrected (a later order replaces this "
                          "one as a whole), or it is carried out as read.")
    return paragraphs(f"{which} refused, so {turn_words(result.round)} will not close early for you: send the "
                      "whole order again, corrected (a later order replaces this one as a whole), or it is "
                      f"carried out as read at the deadline, {describe(at, player_zone(folder, result.company))}.")


def unattributed(problem: str | None) -> str:
    """The reply to a message whose sender cannot be told from its From field."""
    return paragraphs("Your message was not accepted as orders, and nothing in it was stored as orders: the umpire "
                      f"could not tell who sent it, since {problem or 'it has no From address.'} The umpire takes "
                      "orders from a company's registered address only. Send them again from your registered "
                      "address with one address in the From field (your mail program's usual setting), "
                      "e.g. From: Carol <carol@example.org>.") + "\n"


def another_company(folder: GameFolder, named: str, own: list[str]) -> str:
    """The refusal of an order whose form is another company's than the sender's own."""
    seat = Game.of(folder).family.seat
    mine = ", ".join(f"{c} ({(folder.company(c) or {}).get('name', c)})" for c in own)
    return paragraphs(f"Your orders were refused: the order form you filled in is {seat} {named}'s, and your "
                      f"address is registered for {mine}. Nothing of this message will be carried out. Fill in "
                      f"your own {seat}'s form ({seat.upper()} {own[0]}) with your order code and send it "
                      "again.") + "\n"


def accepted(folder: GameFolder, result: SubmitResult, found: Sequence[Note] = (), text: str = "") -> str:
    """The confirmation: where the order stands (late, in the grace?), each line as the umpire reads
    it (the game's family says how), what it costs now, which lines were read as a note to the GM,
    and what becomes of the press in `text` (the order's text, as the mail brought it)."""
    game = Game.of(folder)
    company = folder.company(result.company) or {"name": result.company}
    when = turn_words(result.round)
    head = (f"Your orders for game {folder.game_id}, {game.family.seat} {result.company} ({company['name']}), "
            f"{when} were received and stored.")
    if result.held:
        head += (f" They arrived after the deadline of round {result.round - 1}, so they are held and count "
                 f"as your orders for {when}.")
    if result.replaced:
        head += f" They replace your earlier orders for {when} as a whole."
    head += taken_in_grace(folder, result, company["name"])
    reading = game.family.confirmation(game, game.state(), result.company, result.order)
    out = [paragraphs(head), ""] + reading.lines
    if result.errors:
        out += ["", UNREADABLE_LINES]
        out += [fill(e, WIDTH, initial_indent="  ", subsequent_indent="      ") for e in result.errors]
        if not result.held:
            out += ["", refused_lines_note(folder, result).rstrip("\n")]
    if found:
        out += ["", paragraphs(summary(found))]
    out += press_lines(folder, result, company["name"], text)
    out += ["", reading.note]
    return "\n".join(out) + "\n"


def accepted_plainly(folder: GameFolder, result: SubmitResult) -> str:
    """A confirmation without the orders read back, when they cannot be shown (the GM is told)."""
    return paragraphs(f"Your orders for game {folder.game_id}, {Game.of(folder).family.seat} {result.company}, "
                      f"{turn_words(result.round)} "
                      "were received and stored. The umpire could not read them back to you this time; the GM "
                      "has been told.") + "\n"


# -- what a reply says besides: the grace, the press, orders in the Subject ----------------------
def taken_in_grace(folder: GameFolder, result: SubmitResult, name: str) -> str:
    """The sentence for an order taken in the grace after the deadline (journaled `after_deadline`):
    it is late, taken, and named as late in the newsletter; "" for any other."""
    event = next((e for e in reversed(folder.events) if e["type"] == "order_received" and e["file"] == result.file),
                 {})
    if not event.get("after_deadline"):
        return ""
    return (f" They are late: they arrived after the deadline of {turn_words(result.round)}, in its grace, and are "
            f"taken; the newsletter will name {name} among those who ordered late.")


def press_lines(folder: GameFolder, result: SubmitResult, name: str, text: str) -> list[str]:
    """A paragraph for each piece of press in the order `text` (umpire/usecases/press.py): its first words
    quoted, when and under which name it is printed (grey press without one, where the game prints
    grey press), unless the GM holds it back; or that the GM holds the press of this turn back."""
    with Game.of(folder).order_words():
        items = split_press(folder.order_text(text.encode("utf-8")))[1] if text else []
    if not items:
        return []
    when = turn_words(result.round)
    held = [e["held"] for e in folder.events if e["type"] == "press_held" and e["round"] == result.round
            and e["company"] == result.company]
    issue = f"the newsletter that reports {when}" if result.held else "the next newsletter"
    grey = bool(game_option(Game.of(folder).options, "grey_press"))
    out = []
    for item in items:
        words = item.text.split()
        shown = quote(" ".join(words[:8]) + (" ..." if len(words) > 8 else ""))
        what = "Your grey press" if item.grey and grey else "Your press"
        if held and held[-1]:
            said = f"{what} ({shown}) is held back by the GM for {when}: it is not printed unless the GM releases it."
        else:
            by = "without your name" if item.grey and grey else f"under the name {name}"
            said = f"{what} ({shown}) will be printed in {issue} {by}"
            said += ", since this game prints no grey press," if item.grey and not grey else ","
            said += f" unless the GM holds it back or a later order for {when} replaces this one."
        if item.cut:
            said += f" It is longer than {PRESS_LIMIT:,} characters: only the first {PRESS_LIMIT:,} are printed."
        out += ["", paragraphs(said)]
    return out


def subject_note(mail: Mail, folder: GameFolder | None, mask: Callable[[str], str] = NO_SECRETS) -> str:
    """The paragraph for a message whose Subject holds orders (subjects.holds_orders, by the
    keywords of the game's family; of every family without a game): the umpire does not read the
    Subject, the lines go in the body. The Subject is quoted through `mask` (the game's codes
    masked), unless the mask leaves nothing of it. "" for any other message."""
    try:
        keywords = Game.of(folder).family.order_keywords if folder is not None else replystyle.order_keywords()
    except UmpireError:                              # a game whose family cannot be had: any family's
        keywords = replystyle.order_keywords()
    if not subjects.holds_orders(mail.subject, keywords):
        return ""
    shown = mask(subjects.plain(mail.subject))
    return paragraphs(f"The Subject of your message{f' ({quote(shown)})' if shown else ''} looks like orders, but "
                      "the umpire does not read the Subject of a message: it reads orders only from its body. "
                      "Put the order lines in the body, one a line.") + "\n"


def with_subject_note(body: str, mail: Mail, folder: GameFolder | None,
                      mask: Callable[[str], str] = NO_SECRETS) -> str:
    """A reply's `body`, after the paragraph on orders in the Subject when the message has them."""
    note = subject_note(mail, folder, mask)
    return f"{note}\n{body}" if note else body


def unrepeated(subject: str) -> str:
    """The mask of a subject that may hold codes the umpire does not know (a message without a
    game): nothing of it is repeated."""
    return ""


def subject(mail: Mail, mask: Callable[[str], str] = NO_SECRETS) -> str:
    """A reply's Subject: `Re: ` and the message's own on one line, with `mask` (the game's order
    codes masked), never `Re: Re:` (subjects.reply_subject); `Re: your orders` when nothing of it
    is left."""
    return subjects.reply_subject(mask(mail.subject))


def compose(mail: Mail, body: str, sender: str, now: datetime, to: str | None = None,
            mask: Callable[[str], str] = NO_SECRETS) -> EmailMessage:
    """A reply to `mail` (to its From address unless `to` is given), threaded under it, its
    subject masked with `mask` (see `subject`)."""
    msg = EmailMessage(policy=mailpolicy.DEFAULT)
    msg["From"] = sender
    msg["To"] = to or mail.sender
    msg["Subject"] = subject(mail, mask)
    msg["Date"] = format_datetime(now)
    msg["Message-ID"] = f"<{mail.key}.reply@{sender.rsplit('@', 1)[-1].strip('>')}>"
    msg["Auto-Submitted"] = "auto-replied"
    if mail.message_id:
        msg["In-Reply-To"] = mail.message_id
        msg["References"] = f"{mail.references} {mail.message_id}".strip()
    msg.set_content(body)
    return msg


# -- a reply's bytes -------------------------------------------------------------------
_PLAIN_VALUE = re.compile(r"[!-~](?:[ -~]*[!-~])?")     # printable ASCII, no space at either end
_PLAIN_BODY = re.compile(r"[ -~\n]*")                   # printable ASCII lines
_STRUCTURED = ("From", "To", "Date")                     # parsed into addresses or a time, not text
_CONTENT = (b'Content-Type: text/plain; charset="utf-8"\r\nContent-Transfer-Encoding: 7bit\r\n'
            b"MIME-Version: 1.0\r\n\r\n")


_dated: list = [None, ""]                   # the last time formatted, and its text


def _date(now: datetime) -> str:
    """format_datetime(now), made once for the time a fetch dates all its replies with (kept by
    identity: equal times in other zones are written otherwise)."""
    if _dated[0] is not now:
        _dated[:] = [now, format_datetime(now)]
    return _dated[1]


def reply_bytes(mail: Mail, body: str, sender: str, now: datetime, to: str | None = None,
                mask: Callable[[str], str] = NO_SECRETS) -> bytes:
    """`compose(mail, body, sender, now, to, mask).as_bytes(policy=mailpolicy.SMTP)`, built directly
    for a reply of printable ASCII lines of at most 78 characters (what the standard library sends
    as 7bit text, unfolded): each header line as the policy folds it (made once for the values that
    come again: sender, recipient, date), the body as its lines. Any other reply is composed by
    `compose`. tests/test_mail_reply_bytes.py compares the two."""
    if not (_PLAIN_BODY.fullmatch(body) and max(map(len, body.split("\n"))) <= 78):
        return compose(mail, body, sender, now, to, mask).as_bytes(policy=mailpolicy.SMTP)
    fields = [("From", sender), ("To", to or mail.sender), ("Subject", subject(mail, mask)),
              ("Date", _date(now)),
              ("Message-ID", f"<{mail.key}.reply@{sender.rsplit('@', 1)[-1].strip('>')}>"),
              ("Auto-Submitted", "auto-replied")]
    if mail.message_id:
        fields += [("In-Reply-To", mail.message_id), ("References", f"{mail.references} {mail.message_id}".strip())]
    out = [_field(name, value) for name, value in fields]
    out.append(_CONTENT)
    out.append(b"\r\n".join(body.encode("ascii").splitlines()) + b"\r\n")
    return b"".join(out)


@lru_cache(maxsize=4096)
def _field(name: str, value: str) -> bytes:
    """One header line as `mailpolicy.SMTP` writes it. Text of printable ASCII that fits on its
    line, with no encoded word in it, is written as it is; anything else the policy folds. Each
    line is made once: sender, recipients, date and subjects come again and again."""
    if name not in _STRUCTURED and len(name) + len(value) <= 76 and _PLAIN_VALUE.fullmatch(value) \
            and "=?" not in value:
        return f"{name}: {value}\r\n".encode("ascii")
    return mailpolicy.SMTP.fold_binary(name, mailpolicy.DEFAULT.header_store_parse(name, value)[1])


mailpolicy.forgets(_field.cache_clear)
mailpolicy.forgets(lambda: _dated.__setitem__(slice(None), [None, ""]))

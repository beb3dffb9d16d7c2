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
from ..kernel.language import N_, _, ngettext, number
from ..kernel.options import game_option
from ..kernel.order_header import PRESS_LIMIT, form_title, split_press, turn_start, turn_words
from ..kernel.textfill import WIDTH, fill, paragraphs
from ..kernel.words import listed
from ..store.folder import GameFolder
from ..timetable.deadlines import deadline, describe, player_zone
from ..usecases.actions import SubmitResult
from ..usecases.family_folder import handed
from . import mailpolicy, replystyle, subjects
from .decode import Mail
from .notes import Note, summary

NOT_ACCEPTED_TEXT = N_(
    "Your message was not accepted as orders, and nothing in it was stored as orders. The umpire takes "
    "orders only when their GAME, COMPANY and CODE lines match a company of a game run here and the "
    "message comes from that company's registered address (as its From address; a Reply-To does not "
    "count). If you play here, check these lines against your newsletter and your order code, and send "
    "again from your registered address. An order begins:\n\n"
    "  GAME <game>\n  COMPANY <company id>\n  CODE <your order code>\n")


mailpolicy.forgets(paragraphs.cache_clear)
UNREADABLE_LINES = N_("Lines that could not be read (they are not carried out; send the whole order again with "
                      "them corrected):")
UNREADABLE_TEXT = N_(
    "Your message could not be read by the umpire, and nothing in it was stored as orders; the GM has been "
    "told. Send your orders again as plain text in the body of a message.")
UNREADABLE = paragraphs(UNREADABLE_TEXT)


def not_accepted() -> str:
    """The reply to a message not accepted as orders (nothing said of any game)."""
    return paragraphs(_(NOT_ACCEPTED_TEXT))


def unreadable_lines() -> str:
    return paragraphs(_(UNREADABLE_LINES))


def unreadable() -> str:
    return paragraphs(_(UNREADABLE_TEXT))


def too_large(size: int, limit: int) -> str:
    if size >= 0:
        said = _("Your message is {size} bytes long, and the umpire reads messages of up to {limit} bytes, so it "
                 "was not read and nothing in it was stored as orders. Send your orders again as plain text in "
                 "the body of a message, without pictures or large attachments.")
    else:
        said = _("Your message is of a size the mail server did not give, and the umpire reads messages of up to "
                 "{limit} bytes, so it was not read and nothing in it was stored as orders. Send your orders "
                 "again as plain text in the body of a message, without pictures or large attachments.")
    return paragraphs(said.format(size=number(size), limit=number(limit)))


def refused(result: SubmitResult, late: bool = False, gm: str | None = None, found: Sequence[Note] = ()) -> str:
    """The refusal of an order; `late`: the message came after the round's deadline, so a corrected
    one would come too late as well, and the player may plead with the GM (at `gm`, his address);
    `found`: the lines read as a note to the GM."""
    text = paragraphs(_("Your orders were refused: {reason}").format(reason=result.reason) + "\n\n"
                      + _("Nothing of this message will be carried out.") + " " + _late_remedy(result, gm, late))
    return text + ("\n\n" + paragraphs(summary(found)) if found else "")


def _late_remedy(result: SubmitResult, gm: str | None, late: bool) -> str:
    """What a refused player can do: send a corrected order; or, after the deadline, write to the GM."""
    if not late:
        return _("Send a corrected order; it is handled like a first one.")
    turns = isinstance(result.round, str)
    if gm:
        said = (_("A corrected order would arrive after the deadline too: write to the GM at {gm}, who may still "
                  "take these orders, or send your orders for the next turn once its newsletter is out.") if turns
                else _("A corrected order would arrive after the deadline too: write to the GM at {gm}, who may "
                       "still take these orders, or send your orders for the next round once its newsletter is out."))
        return said.format(gm=gm)
    return (_("A corrected order would arrive after the deadline too: write to the GM, or send your orders for "
              "the next turn once its newsletter is out.") if turns
            else _("A corrected order would arrive after the deadline too: write to the GM, or send your orders "
                   "for the next round once its newsletter is out."))


def no_order(folder: GameFolder, result: SubmitResult, found: Sequence[Note] = ()) -> str:
    """The reply to a message in which nothing was read as an order for the open turn: it is no
    order; the turn waits for the player (his earlier order stands, if he sent one) until its
    deadline, given in his own zone; the turns its lines belong to, if another; his form last."""
    game = Game.of(folder)
    family, company, turn = game.family, result.company, result.round
    zone = player_zone(folder, company)
    head = _("Nothing in your message for game {game} was taken as your order for {turn}.").format(
        game=folder.game_id, turn=turn_words(turn))
    for other in result.other_turns:
        at = deadline(folder, other).at
        if str(other) < str(turn):
            head += " " + (_("Its lines are orders of turn {other}, which is closed (its deadline was {deadline}).")
                           .format(other=other, deadline=describe(at, zone)) if at is not None else
                           _("Its lines are orders of turn {other}, which is closed.").format(other=other))
        else:
            head += " " + _("Its lines are orders of turn {other}, which opens after turn {turn}: send them "
                            "then.").format(other=other, turn=turn)
    earlier = folder.latest_orders(turn).get(company)
    at = deadline(folder, turn)
    if earlier:
        waits = _("Your earlier order for {turn} stands as it was.").format(turn=turn_words(turn))
    elif at.at is not None:
        waits = _("{Turn} waits for your order until its deadline, {deadline}.").format(
            Turn=turn_start(turn), deadline=describe(at.at, zone))
    else:
        waits = _("{Turn} waits for your order.").format(Turn=turn_start(turn))
    out = [paragraphs(head + " " + waits + " " + _(
        "To send no order lines knowingly (a {seat} that sends none {defaults}), send your form with one line "
        "PASS.").format(seat=family.seat, defaults=family.defaults))]
    errors = [str(e) for e in getattr(result.order, "errors", [])]
    if errors:
        out += ["", unreadable_lines()] + [fill(e, WIDTH, initial_indent="  ", subsequent_indent="      ")
                                           for e in errors]
    if found:
        out += ["", paragraphs(summary(found))]
    form = family.order_form(handed(game), game.state(copy=False), company)
    if form:
        out += ["", form_title(turn), ""] + [f"  {line}" for line in form]
    return "\n".join(out).rstrip("\n") + "\n"


def refused_lines_note(folder: GameFolder, result: SubmitResult) -> str:
    """What an accepted order with refused lines means for the turn: it does not close before its
    deadline on his account; he corrects the whole order, or it is carried out as read."""
    numbers = sorted({e.line for e in getattr(result.order, "errors", []) if getattr(e, "line", 0)})
    if not numbers:
        return ""
    shown = listed([str(n) for n in numbers])
    at = deadline(folder, result.round).at
    if at is None:
        return paragraphs(ngettext(
            "Line {lines} was refused. Send the whole order again, corrected (a later order replaces this one as a "
            "whole), or it is carried out as read.",
            "Lines {lines} were refused. Send the whole order again, corrected (a later order replaces this one as "
            "a whole), or it is carried out as read.", len(numbers)).format(lines=shown))
    return paragraphs(ngettext(
        "Line {lines} was refused, so {turn} will not close early for you: send the whole order again, corrected "
        "(a later order replaces this one as a whole), or it is carried out as read at the deadline, {deadline}.",
        "Lines {lines} were refused, so {turn} will not close early for you: send the whole order again, corrected "
        "(a later order replaces this one as a whole), or it is carried out as read at the deadline, {deadline}.",
        len(numbers)).format(lines=shown, turn=turn_words(result.round),
                             deadline=describe(at, player_zone(folder, result.company))))


def unattributed(problem: str | None) -> str:
    """The reply to a message whose sender cannot be told from its From field."""
    return paragraphs(_("Your message was not accepted as orders, and nothing in it was stored as orders: the "
                        "umpire could not tell who sent it, since {problem} The umpire takes orders from a company's "
                        "registered address only. Send them again from your registered address with one address in "
                        "the From field (your mail program's usual setting), e.g. From: Carol <carol@example.org>.")
                      .format(problem=problem or _("it has no From address."))) + "\n"


def another_company(folder: GameFolder, named: str, own: list[str]) -> str:
    """The refusal of an order whose form is another company's than the sender's own."""
    seat = Game.of(folder).family.seat
    mine = ", ".join(f"{c} ({(folder.company(c) or {}).get('name', c)})" for c in own)
    return paragraphs(_("Your orders were refused: the order form you filled in is {seat} {named}'s, and your "
                        "address is registered for {mine}. Nothing of this message will be carried out. Fill in "
                        "your own {seat}'s form ({SEAT} {own}) with your order code and send it again.")
                      .format(seat=seat, named=named, mine=mine, SEAT=seat.upper(), own=own[0])) + "\n"


def accepted(folder: GameFolder, result: SubmitResult, found: Sequence[Note] = (), text: str = "") -> str:
    """The confirmation: where the order stands (late, in the grace?), each line as the umpire reads
    it (the game's family says how), what it costs now, which lines were read as a note to the GM,
    and what becomes of the press in `text` (the order's text, as the mail brought it)."""
    game = Game.of(folder)
    company = folder.company(result.company) or {"name": result.company}
    when = turn_words(result.round)
    head = _("Your orders for game {game}, {seat} {company} ({name}), {turn} were received and stored.").format(
        game=folder.game_id, seat=game.family.seat, company=result.company, name=company["name"], turn=when)
    if result.held:
        head += " " + _("They arrived after the deadline of round {previous}, so they are held and count as your "
                        "orders for {turn}.").format(previous=result.round - 1, turn=when)
    if result.replaced:
        head += " " + _("They replace your earlier orders for {turn} as a whole.").format(turn=when)
    head += taken_in_grace(folder, result, company["name"])
    reading = game.family.confirmation(game, game.state(), result.company, result.order)
    out = [paragraphs(head), ""] + reading.lines
    if result.errors:
        out += ["", unreadable_lines()]
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
    return paragraphs(_("Your orders for game {game}, {seat} {company}, {turn} were received and stored. The "
                        "umpire could not read them back to you this time; the GM has been told.").format(
        game=folder.game_id, seat=Game.of(folder).family.seat, company=result.company,
        turn=turn_words(result.round))) + "\n"


# -- what a reply says besides: the grace, the press, orders in the Subject ----------------------
def taken_in_grace(folder: GameFolder, result: SubmitResult, name: str) -> str:
    """The sentence for an order taken in the grace after the deadline (journaled `after_deadline`):
    it is late, taken, and named as late in the newsletter; "" for any other."""
    event = next((e for e in reversed(folder.events) if e["type"] == "order_received" and e["file"] == result.file),
                 {})
    if not event.get("after_deadline"):
        return ""
    return " " + _("They are late: they arrived after the deadline of {turn}, in its grace, and are taken; the "
                   "newsletter will name {name} among those who ordered late.").format(
        turn=turn_words(result.round), name=name)


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
    grey = bool(game_option(Game.of(folder).options, "grey_press"))
    out = []
    for item in items:
        words = item.text.split()
        shown = quote(" ".join(words[:8]) + (" ..." if len(words) > 8 else ""))
        if held and held[-1]:
            said = (_("Your grey press ({shown}) is held back by the GM for {turn}: it is not printed unless the GM "
                      "releases it.") if item.grey and grey else
                    _("Your press ({shown}) is held back by the GM for {turn}: it is not printed unless the GM "
                      "releases it."))
        else:
            said = _printed(item.grey, grey, result.held)
        said = said.format(shown=shown, turn=when, name=name)
        if item.cut:
            said += " " + _("It is longer than {limit} characters: only the first {limit} are printed.").format(
                limit=number(PRESS_LIMIT))
        out += ["", paragraphs(said)]
    return out


def _printed(grey_item: bool, grey: bool, held: bool) -> str:
    """Where and under which name a piece of press is printed (fields: shown, turn, name)."""
    if grey_item and grey:
        return (_("Your grey press ({shown}) will be printed in the newsletter that reports {turn} without your "
                  "name, unless the GM holds it back or a later order for {turn} replaces this one.") if held else
                _("Your grey press ({shown}) will be printed in the next newsletter without your name, unless the GM "
                  "holds it back or a later order for {turn} replaces this one."))
    if grey_item:
        return (_("Your press ({shown}) will be printed in the newsletter that reports {turn} under the name {name}, "
                  "since this game prints no grey press, unless the GM holds it back or a later order for {turn} "
                  "replaces this one.") if held else
                _("Your press ({shown}) will be printed in the next newsletter under the name {name}, since this game "
                  "prints no grey press, unless the GM holds it back or a later order for {turn} replaces this one."))
    return (_("Your press ({shown}) will be printed in the newsletter that reports {turn} under the name {name}, "
              "unless the GM holds it back or a later order for {turn} replaces this one.") if held else
            _("Your press ({shown}) will be printed in the next newsletter under the name {name}, unless the GM "
              "holds it back or a later order for {turn} replaces this one."))


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
    said = (_("The Subject of your message ({subject}) looks like orders, but the umpire does not read the Subject "
              "of a message: it reads orders only from its body. Put the order lines in the body, one a line.")
            if shown else
            _("The Subject of your message looks like orders, but the umpire does not read the Subject of a "
              "message: it reads orders only from its body. Put the order lines in the body, one a line."))
    return paragraphs(said.format(subject=quote(shown) if shown else "")) + "\n"


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

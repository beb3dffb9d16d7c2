"""What a reply tells a player besides his orders as read: that orders in his Subject are not read
(the Subject quoted back, codes masked), what becomes of his press, that an order in the grace is
late and named so, and a Subject that is one line after `Re: `. Each player's mail is a reply to
what the umpire wrote him: his welcome or his confirmation."""

from __future__ import annotations

import re
import zlib
from datetime import timedelta
from email import message_from_bytes, policy
from email.message import EmailMessage
from email.utils import format_datetime

import pytest
from click.testing import CliRunner
from conftest import TEST_MAP
from helpers import run_ok
from hypothesis import given, settings
from hypothesis import strategies as st
from mailhelpers import NOW, UMPIRE, deliver_at, email, make_game
from mailservers import Smtp
from test_mail_fetch import fetch_args
from test_mail_welcome import smtp_args
from volldampf_helpers import TINY

from umpire.cli import main
from umpire.families.dampfross.family import FAMILY as DAMPFROSS
from umpire.families.volldampf.family import FAMILY as VOLLDAMPF
from umpire.kernel.echo import MASK
from umpire.kernel.order_header import PRESS_LIMIT
from umpire.mail import replies, subjects
from umpire.mail.config import MailConfig
from umpire.mail.decode import Mail, read_mail
from umpire.mail.fetch import Fetcher
from umpire.store.folder import GameFolder
from umpire.usecases import actions

SUBJECT_NOTE = "looks like orders, but the umpire does not read the Subject of a message"
WELCOME = "g1: welcome, Red Lines: your order code and newsletter 001"


def flat(text: str) -> str:
    return " ".join(text.split())


def parsed(raw: bytes) -> EmailMessage:
    return message_from_bytes(raw, policy=policy.default)


def reply_to(umpire_mail: bytes, text: str, subject: str | None = None, msgid: str = "<p1@example.org>") -> bytes:
    """The player's reply to a mail the umpire wrote him: `text` above the mail's own text quoted,
    threaded under it, with its Subject after `Re: ` unless `subject` is given."""
    original = parsed(umpire_mail)
    reply = EmailMessage()
    reply["From"] = original["To"]
    reply["To"] = UMPIRE
    reply["Subject"] = subject if subject is not None else f"Re: {original['Subject']}"
    reply["Date"] = format_datetime(NOW)
    reply["Message-ID"] = msgid
    reply["In-Reply-To"] = original["Message-ID"]
    reply["References"] = original["Message-ID"]
    quoted = "\n".join("> " + line if line else ">" for line in
                       original.get_body(("plain",)).get_content().replace("\r\n", "\n").split("\n"))
    reply.set_content(f"{text}\n\nOn Sat, 1 Mar 2025 at 12:00, Umpire <{UMPIRE}> wrote:\n{quoted}\n")
    return reply.as_bytes()


def welcome_of(folder: GameFolder, smtp, to: str = "red@example.org") -> bytes:
    result = CliRunner().invoke(main, smtp_args("welcome", folder.path, smtp))
    assert result.exit_code == 0, result.output
    return next(m for m in smtp.messages if parsed(m)["To"] == to)


def take(folder: GameFolder, raw: bytes, when=NOW, uid: int = 1) -> tuple[Fetcher, bytes]:
    """`raw` fetched into the game as received at `when`: the fetcher, and the reply it wrote."""
    fetcher = Fetcher(folder.path, MailConfig(from_addr=UMPIRE), now=when)
    fetcher.take(raw, 1, uid, when)
    return fetcher, (folder.path / fetcher.pending[-1]["reply"]).read_bytes()


def body_of(reply: bytes) -> str:
    return parsed(reply).get_content().replace("\r\n", "\n")


def order(code: str, *lines: str, company: str = "red") -> str:
    return "\n".join(["GAME g1", f"COMPANY {company}", f"CODE {code}", *lines])


@pytest.fixture
def game(tmp_path):
    return make_game(tmp_path / "g1")


@pytest.fixture(scope="module")
def welcomed(tmp_path_factory):
    """A game whose players were welcomed (once for the module's tests): folder, codes, red's welcome."""
    return welcomed_game(*make_game(tmp_path_factory.mktemp("welcomed") / "g1"))


def welcomed_game(folder, codes):
    """The game, its codes, and red's welcome, mailed through a sink of its own."""
    server = Smtp()
    try:
        return folder, codes, welcome_of(folder, server)
    finally:
        server.stop()


# -- orders in the Subject ----------------------------------------------------------------------
@pytest.mark.mail
def test_an_order_in_the_subject_is_named_in_the_confirmation_quoted_with_the_codes_masked(game, smtp):
    folder, codes = game
    code = codes["red"]
    written = f"Orders: GAME g1 COMPANY red CODE {code} BUILD C3-D3"
    fetcher, reply = take(folder, reply_to(welcome_of(folder, smtp), order(code, "HOME Alpha", "BUILD C3-D3"),
                                           subject=written))
    assert fetcher.outcomes[-1].status == "accepted"
    text = flat(body_of(reply))
    assert text.startswith(f"The Subject of your message ('Orders: GAME g1 COMPANY red CODE {MASK} BUILD C3-D3') "
                           + SUBJECT_NOTE), text
    assert "Put the order lines in the body, one a line." in text
    assert "were received and stored" in text
    assert code.encode() not in reply and parsed(reply)["Subject"] == f"Re: {written.replace(code, MASK)}"


def test_orders_only_in_the_subject_are_not_accepted_and_the_reply_says_where_they_go(game):
    folder, codes = game
    _, confirmation = take(folder, email(order(codes["red"], "HOME Alpha")))
    subject = f"Re: GAME g1 COMPANY red CODE {codes['red']} BUILD C3-D3"
    answer = reply_to(confirmation, "My building is in the Subject.", subject, "<p2@x.org>")
    fetcher, reply = take(folder, answer, uid=2)
    assert fetcher.outcomes[-1].status == "not accepted"
    text = flat(body_of(reply))
    assert f"The Subject of your message ('Re: GAME g1 COMPANY red CODE {MASK} BUILD C3-D3') {SUBJECT_NOTE}" in text
    assert "was not accepted as orders" in text and codes["red"].encode() not in reply


def test_a_late_refusal_names_the_order_in_the_subject_too(tmp_path):
    folder, codes = make_game(tmp_path / "g1", options=["deadline=1 day"])
    late = NOW + timedelta(days=2)
    fetcher, reply = take(folder, email(order(codes["red"], "HOME Alpha"), subject="Re: BUILD C3-D3"), late)
    assert fetcher.outcomes[-1].status == "refused"
    text = flat(body_of(reply))
    assert f"The Subject of your message ('Re: BUILD C3-D3') {SUBJECT_NOTE}" in text
    assert "Your orders were refused: it arrived at" in text


def test_a_volldampf_bid_in_the_subject_is_named(tmp_path):
    folder, codes = actions.create_game(tmp_path / "vs", str(TINY), "volldampf",
                                        [f"{p}:{p.title()}:{p}@example.org" for p in ("ann", "bob", "cy")], seed="subj")
    body = f"GAME vs\nPLAYER ann\nCODE {codes['ann']}\nROUND 1A\nBONDS 1\nBID 2\n"
    fetcher, reply = take(folder, email(body, sender="ann@example.org", subject="BID 5 THEN 3"))
    assert fetcher.outcomes[-1].status == "accepted"
    assert f"The Subject of your message ('BID 5 THEN 3') {SUBJECT_NOTE}" in flat(body_of(reply))


@pytest.mark.mail
@pytest.mark.parametrize("subject", ["Re: " + WELCOME, "Re: g1: newsletter 001", "orders", "Round 2 orders",
                                     "Re: my orders for round 1", "Game over?", "Home again"])
def test_subjects_the_umpire_writes_and_plain_ones_get_no_such_note(welcomed, subject):
    folder, codes, welcome = welcomed
    ident = f"<{zlib.crc32(subject.encode())}@x.org>"
    raw = reply_to(welcome, order(codes["red"], "HOME Alpha"), subject=subject, msgid=ident)
    _, reply = take(folder, raw)
    assert "Subject of your message" not in flat(body_of(reply))


@pytest.mark.parametrize("subject,family,holds", [
    ("BUILD Dublin-Cork", DAMPFROSS, True), ("Re: AW: Fwd: WG: build Dublin-Cork", DAMPFROSS, True),
    ("Orders: GAME ireland-1 COMPANY red CODE x BUILD AD21", DAMPFROSS, True),
    ("orders: race 3 Dublin", DAMPFROSS, True),
    ("BID 5 THEN 3", VOLLDAMPF, True), ("Re: vd-1: bid 5", VOLLDAMPF, True),
    ("Turn 2A: MOVE Kiel-Hamburg", VOLLDAMPF, True),
    ("BUILD", DAMPFROSS, False), ("Re: " + WELCOME, DAMPFROSS, False), ("Building plans", DAMPFROSS, False),
    ("Round 3: my orders", DAMPFROSS, False), ("PRESS for round 2", DAMPFROSS, False),
    ("Home again", DAMPFROSS, False), ("Bid early, bid often", VOLLDAMPF, False), ("BID 5", DAMPFROSS, False),
    ("vd-1: turn 2B newsletter", VOLLDAMPF, False), ("RE-BUILD", DAMPFROSS, False)])
def test_what_counts_as_an_order_in_the_subject(subject, family, holds):
    assert subjects.holds_orders(subject, family.order_keywords) is holds


PREFIX = st.lists(st.sampled_from(["Re:", "RE: ", "Fwd: ", "AW:", "WG: ", "Antw: ", "Re[2]: ", "Fw:"]), max_size=4)
ARGUMENT = st.text(st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=40).filter(subjects.plain)


@settings(max_examples=200, deadline=None)
@given(prefix=PREFIX, keyword=st.sampled_from(sorted(set(DAMPFROSS.order_keywords) - {"ROUND", "PRESS"})),
       argument=ARGUMENT)
def test_a_keyword_in_capitals_followed_by_more_is_an_order_after_any_prefixes(prefix, keyword, argument):
    assert subjects.holds_orders("".join(prefix) + f"{keyword} {argument}", DAMPFROSS.order_keywords)


@settings(max_examples=200, deadline=None)
@given(words=st.lists(st.sampled_from(["my", "orders", "for", "the", "newsletter", "round", "turn", "3", "g1",
                                       "thanks", "question", "about", "the", "map", "welcome", "build", "race"]),
                      max_size=8))
def test_words_in_lower_case_that_do_not_start_with_an_order_keyword_are_no_order(words):
    subject = " ".join(words)
    expected = bool(words) and words[0] in ("build", "race") and len(words) > 1 and \
        any(c.isdigit() or c == "-" for c in " ".join(words[1:]))
    assert subjects.holds_orders(subject, DAMPFROSS.order_keywords) is expected


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=200))
def test_any_subject_is_looked_at_without_a_crash(text):
    subjects.holds_orders(text, VOLLDAMPF.order_keywords)


def test_a_message_for_no_game_is_told_without_its_subject_repeated():
    mail = read_mail(email("Hello", subject="GAME g9 COMPANY red CODE tulip-42 BUILD C3-D3"))
    note = flat(replies.subject_note(mail, None, replies.unrepeated))
    assert note.startswith(f"The Subject of your message {SUBJECT_NOTE}") and "tulip" not in note


# -- press --------------------------------------------------------------------------------------
PRESS = "PRESS{grey}\nGreetings from Red Lines: the Cork line opens next spring, mark my words.\nENDPRESS"


FIRST_WORDS = "('Greetings from Red Lines: the Cork line opens ...')"


@pytest.mark.parametrize("grey_press,grey,said", [
    (False, "", (f"Your press {FIRST_WORDS} will be printed in the next newsletter under the name Red Lines, unless "
                "the GM holds it back or a later order for round 1 replaces this one.")),
    (True, " GREY", (f"Your grey press {FIRST_WORDS} will be printed in the next newsletter without your name, unless "
                    "the GM holds it back")),
    (False, " GREY", (f"Your press {FIRST_WORDS} will be printed in the next newsletter under the name Red Lines, "
                     "since this game prints no grey press, unless the GM holds it back"))])
def test_press_is_promised_for_the_next_newsletter_with_its_first_words(tmp_path, grey_press, grey, said):
    folder, codes = make_game(tmp_path / "g1", options=[f"grey_press={str(grey_press).lower()}"])
    text = order(codes["red"], "HOME Alpha", PRESS.format(grey=grey))
    fetcher, reply = take(folder, email(text))
    assert fetcher.outcomes[-1].status == "accepted"
    assert said in flat(body_of(reply))


def test_press_reaches_the_newsletter_as_the_confirmation_said(tmp_path):
    folder, codes = make_game(tmp_path / "g1", options=["grey_press=true"])
    _, reply = take(folder, email(order(codes["red"], "HOME Alpha", PRESS.format(grey=" GREY"))))
    assert "without your name" in flat(body_of(reply))
    run_ok("resolve", folder.path, "--force")
    issue = (folder.path / "newsletters" / "002.txt").read_text(encoding="utf-8")
    assert "Grey press:\n  Greetings from Red Lines: the Cork line opens next spring" in issue


def test_press_the_gm_holds_is_said_to_be_held_and_long_press_to_be_cut(game):
    folder, codes = game
    run_ok("press", folder.path, "--hold", "red")
    long_press = "PRESS\n" + "word " * (PRESS_LIMIT // 5 + 10)
    _, reply = take(folder, email(order(codes["red"], "HOME Alpha", long_press)))
    text = flat(body_of(reply))
    assert "Your press ('word word word word word word word word ...') is held back by the GM for round 1: it is " \
           "not printed unless the GM releases it." in text
    assert f"It is longer than {PRESS_LIMIT:,} characters: only the first {PRESS_LIMIT:,} are printed." in text
    assert "will be printed" not in text


def test_an_order_without_press_says_nothing_of_press(game):
    folder, codes = game
    _, reply = take(folder, email(order(codes["red"], "HOME Alpha")))
    assert "press" not in body_of(reply).lower()


# -- the grace ----------------------------------------------------------------------------------
GRACE_SAID = ("They are late: they arrived after the deadline of round 1, in its grace, and are taken; the "
              "newsletter will name Red Lines among those who ordered late.")


def test_an_order_in_the_grace_is_told_it_is_late_and_will_be_named(tmp_path):
    folder, codes = make_game(tmp_path / "g1", options=["deadline=1 day", "grace=12 hours"])
    in_time, _ = take(folder, email(order(codes["blue"], "HOME Beta", company="blue"), sender="blue@example.org",
                                       msgid="<b1@x.org>"), NOW + timedelta(hours=23))
    assert "They are late" not in flat(body_of((folder.path / in_time.pending[-1]["reply"]).read_bytes()))
    _, reply = take(folder, email(order(codes["red"], "HOME Alpha")), NOW + timedelta(days=1, hours=1), uid=2)
    assert GRACE_SAID in flat(body_of(reply))
    run_ok("resolve", folder.path, "--force")
    issue = (folder.path / "newsletters" / "002.txt").read_text(encoding="utf-8")
    assert "Ordered after the deadline, in the grace: Red Lines." in flat(issue)


# -- through the real servers -------------------------------------------------------------------
@pytest.mark.mail
def test_subject_press_and_grace_are_told_through_dovecot(tmp_path, dovecot, mailbox, smtp):
    folder, codes = make_game(tmp_path / "g1", options=["deadline=1 day", "grace=12 hours"])
    code = codes["red"]
    raw = reply_to(welcome_of(folder, smtp), order(code, "HOME Alpha", "BUILD C3-D3", PRESS.format(grey="")),
                   subject=f"Re: {WELCOME} BUILD C3-D3 CODE {code}")
    deliver_at(dovecot, mailbox, raw, NOW + timedelta(days=1, hours=2))
    result = CliRunner().invoke(main, fetch_args(folder.path, dovecot, mailbox, smtp))
    assert result.exit_code == 0, result.output
    (sent,) = [m for m in smtp.messages if b"Auto-Submitted: auto-replied" in m]
    text = flat(body_of(sent))
    assert text.startswith(f"The Subject of your message ('Re: {WELCOME} BUILD C3-D3 CODE {MASK}') {SUBJECT_NOTE}")
    assert GRACE_SAID in text
    assert f"Your press {FIRST_WORDS} will be printed in the next newsletter under the name Red Lines" in text
    assert code.encode() not in sent


# -- the reply's Subject ------------------------------------------------------------------------
LONG = "Großherzoglich Badische Staats-Eisenbahnen am Bodensee"


@pytest.fixture(scope="module")
def long_welcome(tmp_path_factory):
    """A game whose red company has a long name, so that its welcome's Subject is folded: folder,
    codes, red's welcome."""
    return welcomed_game(*actions.create_game(tmp_path_factory.mktemp("long") / "g1", str(TEST_MAP), "laurin",
                                              [f"red:{LONG}:red@example.org", "blue:Blue Star:blue@example.org"],
                                              seed="subjects", now=NOW))


@pytest.mark.mail
@pytest.mark.parametrize("written", ["Re: {s}", "\u200b Re: {s}", "Re: Re: {s}", "RE: AW: {s}", "AW: {s}",
                                     "Re:\t\tRe:   {s}", "  Re[2]: {s}  "])
def test_the_reply_to_a_folded_welcome_subject_is_one_line_after_one_re(long_welcome, written):
    folder, codes, welcome = long_welcome
    own = parsed(welcome)["Subject"]
    assert b"\r\n " in welcome.split(b"\r\n\r\n", 1)[0].split(b"Subject:", 1)[1].split(b"\r\nDate:")[0], \
        "the welcome's Subject is folded"
    ident = f"<{zlib.crc32(written.encode())}@x.org>"
    raw = reply_to(welcome, order(codes["red"], "HOME Alpha"), written.format(s=own), ident)
    _, reply = take(folder, raw)
    assert parsed(reply)["Subject"] == f"Re: {own}"
    head = reply.split(b"\r\n\r\n", 1)[0].decode("ascii")
    assert re.search(r"^Subject: Re: \S", head, re.MULTILINE), head


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=120))
def test_a_reply_subject_is_one_line_after_one_re(text):
    made = subjects.reply_subject(text)
    assert made.startswith("Re: ") and not made[4:5].isspace() and made == made.strip()
    assert not re.match(r"Re: (re|aw|antw)(\[\d+\])?\s*:", made, re.IGNORECASE), made
    assert "  " not in made and all(c.isprintable() for c in made)
    assert subjects.reply_subject(made) == made


@settings(max_examples=150, deadline=None)
@given(st.text(st.characters(blacklist_categories=("Cs",)), max_size=100))
def test_a_reply_carries_that_subject_whatever_the_players_was(text):
    mail = Mail("k" * 32, "<m@x.org>", "red@example.org", text, "", "", "body", False)
    raw = replies.reply_bytes(mail, "Thanks.\n", UMPIRE, NOW, "red@example.org")
    assert parsed(raw)["Subject"] == subjects.reply_subject(text)

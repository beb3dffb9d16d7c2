"""A player's note to the GM (what he writes around his order) against the real Dovecot and aiosmtpd
sink: forwarded by `mail fetch` to the first gm address, one mail per message with Reply-To the
player, exactly once (fetched again, delivered again, killed half-way); a greeting alone, a stranger,
an unauthenticated sender and the GM himself forward nothing; `notes_to_gm: digest` and a game
without a gm address leave the note to the digest; `umpire status` lists the notes of the open turn
and of the last one closed. Each player's mail is a reply to the welcome the umpire mailed him."""

from __future__ import annotations

import json
import smtplib
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from email.utils import format_datetime

import pytest
import yaml
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st
from mailhelpers import UMPIRE, deliver_at, make_game, parsed, text_of
from mailservers import PASSWORD, PASSWORD_ENV
from test_mail_reply_styles import filled
from volldampf_helpers import TINY

from umpire.cli import main
from umpire.mail import notes
from umpire.mail.config import load_config
from umpire.mail.fetch import Fetcher
from umpire.store.folder import GameFolder
from umpire.store.mailroom import Mailroom
from umpire.usecases import actions

pytestmark = pytest.mark.mail

NOW = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)
GM = "gm@example.org"
QUESTION = "Why were all my cards discarded?? Please check, GM."
TOP = f"Hi umpire,\n\n{QUESTION}\n\nCheers, Alice"
PLAYERS = ["ann:Ann:ann@example.org", "bob:Bob:bob@example.org", "cy:Cy:cy@example.org"]


# -- the host: a folder of games, its umpire.yaml, the welcomes ------------------------------------------
def host(tmp_path, dovecot, mailbox, smtp, gm=(GM,), options=(), family="dampfross"):
    """A game g1 (Dampfross) or v1 (Volldampf) in a folder of games whose umpire.yaml names the
    mailbox, the SMTP sink and the gm addresses; every player welcomed. Returns (folder, codes)."""
    games = tmp_path / "games"
    games.mkdir()
    if family == "dampfross":
        folder, codes = make_game(games / "g1", options=options, now=NOW)
    else:
        folder, codes = actions.create_game(games / "v1", str(TINY), "volldampf", PLAYERS, seed="notes", now=NOW,
                                            option_specs=tuple(options))
    (games / "umpire.yaml").write_text(yaml.safe_dump({"mail": {
        "from": UMPIRE, **({"gm": list(gm)} if gm else {}),
        "imap": {"host": "127.0.0.1", "port": dovecot.port, "user": mailbox, "tls": "none",
                 "password_env": PASSWORD_ENV},
        "smtp": {"host": "127.0.0.1", "port": smtp.port, "tls": "none"}}}))
    umpire("mail", "welcome", folder.path)
    return GameFolder(folder.path), codes


def umpire(*args, now=NOW) -> str:
    result = CliRunner().invoke(main, [str(a) for a in args],
                                env={PASSWORD_ENV: PASSWORD, "UMPIRE_NOW": now.isoformat()})
    assert result.exit_code == 0, result.output
    return result.output


def sent(smtp, start: int = 0) -> list[EmailMessage]:
    return [parsed(raw) for raw in smtp.messages[start:]]


def forwards(smtp, start: int = 0) -> list[EmailMessage]:
    """The notes the umpire forwarded to the GM since `start`."""
    return [m for m in sent(smtp, start) if m["Subject"].startswith("[umpire] ")]


def welcome_of(smtp, address: str) -> EmailMessage:
    (msg,) = [m for m in sent(smtp) if m["To"] == address and ": welcome, " in m["Subject"]]
    return msg


def reply(to: EmailMessage, sender: str, top: str, filled, msgid: str) -> bytes:
    """The player's reply to the umpire's mail `to`, as a mail program writes it: `top` above the
    quoted mail, whose lines in `filled` he changed (his form filled in; or `filled` fills the text)."""
    text = text_of(to).rstrip("\n")
    if callable(filled):
        lines = filled(text).split("\n")
    else:
        lines = [filled.get(line.strip(), line) for line in text.split("\n")]
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = to["From"]
    msg["Subject"] = f"Re: {to['Subject']}"
    msg["Date"] = format_datetime(NOW)
    msg["Message-ID"] = msgid
    msg["In-Reply-To"] = to["Message-ID"]
    msg["References"] = to["Message-ID"]
    msg.set_content(f"{top}\n\nOn Sat, 1 Mar 2025, Umpire wrote:\n"
                    + "\n".join(f"> {line}" if line else ">" for line in lines) + "\n")
    return msg.as_bytes()


HOME = {"HOME <Alpha or Beta>": "  HOME Alpha"}                     # red fills his form in
BID = {"# BID 3                   # your highest bid for the turn order": "  BID 3"}


def fetch(folder, now=NOW) -> str:
    return umpire("mail", "fetch", folder.path, now=now)


def records(folder) -> list[dict]:
    return Mailroom(folder.path).records


def processed(folder) -> list[dict]:
    return [r for r in records(folder) if r["type"] == "processed"]


# -- forwarded, once ---------------------------------------------------------------------------------
def test_a_players_question_reaches_the_gm_once_with_reply_to_the_player(tmp_path, dovecot, mailbox, smtp):
    folder, codes = host(tmp_path, dovecot, mailbox, smtp)
    raw = reply(welcome_of(smtp, "red@example.org"), "red@example.org", TOP, HOME, "<red1@example.org>")
    deliver_at(dovecot, mailbox, raw, NOW + timedelta(hours=1))
    start = len(smtp.messages)
    out = fetch(folder)
    assert "note to the GM: Hi umpire, / " + QUESTION in out
    mails = sent(smtp, start)
    assert sorted(m["To"] for m in mails) == [GM, "red@example.org"]       # the confirmation and the note
    (note,) = forwards(smtp, start)
    assert note["Subject"] == "[umpire] g1: a note from red (round 1)"
    assert (note["From"], note["To"], note["Reply-To"]) == (UMPIRE, GM, "red@example.org")
    assert note["References"] == "<red1@example.org>" and note["Auto-Submitted"] == "auto-generated"
    body = text_of(note)
    flat = " ".join(body.split())
    assert f"\n  {QUESTION}\n" in body
    assert "Hi umpire" not in body and "Cheers" not in body                 # the greeting and sign-off are left out
    assert ("Red Lines (company red) wrote to the GM in a mail for game g1, round 1, received 2025-03-01 13:00 UTC, "
            'subject "Re: g1: welcome, Red Lines: your order code and newsletter 001":') in flat
    assert "What became of the mail: accepted: the orders of red for round 1 of g1, stored as orders/1/" in flat
    assert codes["red"] not in body
    confirmation = next(m for m in mails if m["To"] == "red@example.org")
    assert "read as a note to the GM" in " ".join(text_of(confirmation).split())
    (record,) = processed(folder)
    assert record["forwarded"] == GM and record["words"] == ["Hi umpire,", QUESTION, "Cheers, Alice"]

    # the GM answers from his own mail program: his reply goes to the player, in the player's thread
    answer = EmailMessage()
    answer["From"] = GM
    answer["To"] = note["Reply-To"] or note["From"]
    answer["Subject"] = f"Re: {note['Subject']}"
    answer["In-Reply-To"] = note["Message-ID"]
    answer["References"] = f"{note['References']} {note['Message-ID']}"
    answer.set_content("Your cards were discarded by rule 7.")
    with smtplib.SMTP("127.0.0.1", smtp.port) as client:
        client.send_message(answer)
    assert smtp.envelopes[-1] == (GM, ["red@example.org"])
    assert "<red1@example.org>" in parsed(smtp.messages[-1])["References"]

    # fetched again, and the same message delivered again: nothing is forwarded twice
    count = len(smtp.messages)
    fetch(folder)
    deliver_at(dovecot, mailbox, raw, NOW + timedelta(hours=2))
    assert "a duplicate" in fetch(folder)
    assert len(smtp.messages) == count
    assert [r["file"] for r in records(folder) if r.get("kind") == "note"] == [f"outbox/note-{record['key']}.eml"]

    # the digest lists it, forwarded
    umpire("mail", "digest", folder.path.parent, "--to", GM, now=NOW + timedelta(days=1))
    digest = " ".join(text_of(sent(smtp)[-1]).split())
    assert (f"Notes to the GM since the last digest: g1: red (Red Lines), round 1, received 2025-03-01 13:00 UTC, "
            f"forwarded to {GM}: Hi umpire, {QUESTION} Cheers, Alice") in digest


def test_the_hosts_tick_forwards_a_note_from_the_shared_mailbox_once(tmp_path, dovecot, mailbox, smtp):
    """`umpire tick` fetches the folder of games' mailbox (`mail fetch --all`): the note goes out
    from the folder of games' outbox, once, and the digest finds it there."""
    folder, _ = host(tmp_path, dovecot, mailbox, smtp)
    games = folder.path.parent
    deliver_at(dovecot, mailbox, reply(welcome_of(smtp, "red@example.org"), "red@example.org", TOP, HOME,
                                       "<red1@example.org>"), NOW)
    start = len(smtp.messages)
    umpire("tick", games, "--verbose", now=NOW + timedelta(minutes=5))
    umpire("tick", games, "--verbose", now=NOW + timedelta(minutes=10))
    (note,) = forwards(smtp, start)
    assert note["Subject"] == "[umpire] g1: a note from red (round 1)" and note["Reply-To"] == "red@example.org"
    assert [r["file"] for r in Mailroom(games).records if r.get("kind") == "note"] == \
        [f"outbox/note-{processed(GameFolder(games))[0]['key']}.eml"]
    assert json.loads(umpire("status", folder.path, "--json"))["notes"][1]["forwarded"] == GM
    umpire("mail", "digest", games, "--to", GM, now=NOW + timedelta(hours=1))
    assert f"forwarded to {GM}:\n      Hi umpire,\n      {QUESTION}\n" in text_of(sent(smtp)[-1])


@pytest.mark.parametrize("crash", ["before the mail log", "before the flags"])
def test_a_fetch_killed_half_way_forwards_the_note_exactly_once(tmp_path, dovecot, mailbox, smtp, monkeypatch, crash):
    folder, _ = host(tmp_path, dovecot, mailbox, smtp)
    deliver_at(dovecot, mailbox, reply(welcome_of(smtp, "red@example.org"), "red@example.org", TOP, HOME,
                                       "<red1@example.org>"), NOW)

    def killed(*args, **kwargs):
        raise KeyboardInterrupt

    with monkeypatch.context() as patch:
        if crash == "before the mail log":
            patch.setattr(Mailroom, "log", killed)
        else:
            patch.setattr(Fetcher, "mark_done", killed)
        with pytest.raises(KeyboardInterrupt):
            Fetcher(folder.path, load_config(folder.path), now=NOW).run()
    assert list((folder.path / "outbox").glob("note-*.eml"))              # queued with the reply, not sent
    start = len(smtp.messages)
    fetch(folder)
    fetch(folder)
    assert len(forwards(smtp, start)) == 1
    assert sorted(m["To"] for m in sent(smtp, start)) == [GM, "red@example.org"]


# -- not forwarded -------------------------------------------------------------------------------------
def test_a_greeting_and_a_sign_off_alone_forward_nothing(tmp_path, dovecot, mailbox, smtp):
    folder, _ = host(tmp_path, dovecot, mailbox, smtp)
    deliver_at(dovecot, mailbox, reply(welcome_of(smtp, "red@example.org"), "red@example.org",
                                       "Hallo Schiedsrichter,\n\nViele Grüße\nJürgen", HOME, "<red1@example.org>"), NOW)
    start = len(smtp.messages)
    fetch(folder)
    assert [m["To"] for m in sent(smtp, start)] == ["red@example.org"]
    (record,) = processed(folder)
    assert record["status"] == "accepted" and record["not_forwarded"] == "only a greeting or a sign-off"
    assert record["words"] == ["Hallo Schiedsrichter,", "Viele Grüße", "Jürgen"]


def test_strangers_unauthenticated_senders_and_the_gm_forward_nothing(tmp_path, dovecot, mailbox, smtp):
    folder, codes = host(tmp_path, dovecot, mailbox, smtp)
    welcome = welcome_of(smtp, "red@example.org")
    wrong = {**HOME, f"CODE {codes['red']}": "  CODE wrong-99"}
    for n, (sender, form) in enumerate([("stranger@example.net", HOME), ("red@example.org", wrong), (GM, HOME)]):
        deliver_at(dovecot, mailbox, reply(welcome, sender, TOP, form, f"<m{n}@example.org>"), NOW)
    start = len(smtp.messages)
    fetch(folder)
    assert forwards(smtp, start) == []
    assert {r["sender"]: (r["status"], r.get("not_forwarded")) for r in processed(folder)} == {
        "stranger@example.net": ("not accepted", "its sender is not authenticated"),
        "red@example.org": ("not accepted", "its sender is not authenticated"),
        GM: ("accepted", "the GM's own message")}


def test_a_note_without_an_order_line_is_forwarded_whatever_its_status(tmp_path, dovecot, mailbox, smtp):
    """A mail of the order's header and a question only: the sender is authenticated, so his note
    goes to the GM however the umpire takes the rest of the mail."""
    folder, _ = host(tmp_path, dovecot, mailbox, smtp)
    blanks = {"HOME <Alpha or Beta>": "", "BUILD <hex>-<hex>-...": ""}
    deliver_at(dovecot, mailbox, reply(welcome_of(smtp, "red@example.org"), "red@example.org", QUESTION, blanks,
                                       "<red1@example.org>"), NOW)
    start = len(smtp.messages)
    fetch(folder)
    (record,) = processed(folder)
    assert record["status"] not in ("not accepted", "unreadable", "too large")
    (note,) = forwards(smtp, start)
    assert f"\n  {QUESTION}\n" in text_of(note) and note["Reply-To"] == "red@example.org"


def test_a_code_in_the_note_is_masked_in_the_forward(tmp_path, dovecot, mailbox, smtp):
    folder, codes = host(tmp_path, dovecot, mailbox, smtp)
    deliver_at(dovecot, mailbox, reply(welcome_of(smtp, "red@example.org"), "red@example.org",
                                       f"Is my code {codes['red']} still good?", HOME, "<red1@example.org>"), NOW)
    start = len(smtp.messages)
    fetch(folder)
    (note,) = forwards(smtp, start)
    assert "\n  Is my code ***** still good?\n" in text_of(note) and codes["red"] not in text_of(note)


def test_notes_to_gm_digest_forwards_nothing_and_every_digest_lists_what_none_listed(tmp_path, dovecot, mailbox,
                                                                                      smtp):
    folder, _ = host(tmp_path, dovecot, mailbox, smtp, options=["notes_to_gm=digest"])
    welcome = welcome_of(smtp, "red@example.org")
    deliver_at(dovecot, mailbox, reply(welcome, "red@example.org", TOP, HOME, "<red1@example.org>"), NOW)
    start = len(smtp.messages)
    fetch(folder)
    assert [m["To"] for m in sent(smtp, start)] == ["red@example.org"]
    # a second message arrives before the digest is made, and is fetched after it
    deliver_at(dovecot, mailbox, reply(welcome, "red@example.org", "One more thing: is Beta free?", HOME,
                                       "<red2@example.org>"), NOW + timedelta(hours=2))
    games = folder.path.parent
    umpire("mail", "digest", games, "--to", GM, now=NOW + timedelta(hours=3))
    first = text_of(sent(smtp)[-1])
    assert ("Notes to the GM since the last digest:\n"
            "  g1: red (Red Lines), round 1, received 2025-03-01 12:00 UTC, not forwarded (the game's notes_to_gm is "
            f"digest):\n      Hi umpire,\n      {QUESTION}\n      Cheers, Alice\n\n") in first
    assert "is Beta free" not in first
    fetch(folder, now=NOW + timedelta(hours=4))
    umpire("mail", "digest", games, "--to", GM, "--again", now=NOW + timedelta(hours=5))
    second = text_of(sent(smtp)[-1])
    assert "received 2025-03-01 14:00 UTC, not forwarded (the game's notes_to_gm is digest):\n" \
           "      One more thing: is Beta free?\n" in second
    assert QUESTION not in second
    assert forwards(smtp) == []


def test_without_a_gm_address_the_note_waits_for_status_and_the_digest(tmp_path, dovecot, mailbox, smtp):
    folder, _ = host(tmp_path, dovecot, mailbox, smtp, gm=())
    deliver_at(dovecot, mailbox, reply(welcome_of(smtp, "red@example.org"), "red@example.org", TOP, HOME,
                                       "<red1@example.org>"), NOW)
    fetch(folder)
    assert forwards(smtp) == []
    (record,) = processed(folder)
    assert record["not_forwarded"] == "no gm address is set"
    assert [n["line"] for n in json.loads(umpire("status", folder.path, "--json"))["notes"]] == \
        ["line 1: Hi umpire,", f"line 3: {QUESTION}", "line 5: Cheers, Alice"]


def test_the_option_is_listed_and_a_wrong_value_refused(tmp_path):
    assert any(line.split()[:2] == ["notes_to_gm", "mail"] for line in umpire("options").splitlines())
    result = CliRunner().invoke(main, ["new", str(tmp_path / "g"), "--rules", "laurin", "--map", "ireland",
                                       "--company", "red:Red:red@example.org", "--option", "notes_to_gm=phone"])
    assert result.exit_code != 0 and "notes_to_gm must be mail or digest" in result.output


# -- status: the open turn and the last one closed ----------------------------------------------------------
def test_status_lists_the_notes_of_the_open_round_and_of_the_last_closed(tmp_path, dovecot, mailbox, smtp):
    folder, codes = host(tmp_path, dovecot, mailbox, smtp)
    deliver_at(dovecot, mailbox, reply(welcome_of(smtp, "red@example.org"), "red@example.org", TOP, HOME,
                                       "<red1@example.org>"), NOW)
    fetch(folder)
    (folder.path.parent / "blue.txt").write_text("GAME g1\nCOMPANY blue\nROUND 1\nHOME Beta\n")
    umpire("submit", folder.path, folder.path.parent / "blue.txt")
    umpire("resolve", folder.path)
    umpire("mail", "send", folder.path)
    (newsletter,) = [m for m in sent(smtp) if m["To"] == "red@example.org" and m["Subject"] == "g1: newsletter 002"]

    def form(text):
        return filled(text, "red", codes["red"], body=("BUILD C3-D3",))

    deliver_at(dovecot, mailbox, reply(newsletter, "red@example.org", "When is the deadline of round 2?", form,
                                       "<red2@example.org>"), NOW + timedelta(days=1))
    fetch(folder, now=NOW + timedelta(days=1))
    info = json.loads(umpire("status", folder.path, "--json"))
    assert [(n["turn"], n["line"], n["forwarded"]) for n in info["notes"]] == \
        [("2", "line 1: When is the deadline of round 2?", GM)]
    assert [(n["company"], n["turn"], n["line"]) for n in info["notes_last_turn"]] == [
        ("red", "1", "line 1: Hi umpire,"), ("red", "1", f"line 3: {QUESTION}"), ("red", "1", "line 5: Cheers, Alice")]
    text = umpire("status", folder.path)
    assert f"note to the GM in round 1 from red (message {info['notes_last_turn'][0]['key']}), line 3: {QUESTION}" \
        in text
    assert "note to the GM from red (message" in text and "line 1: When is the deadline of round 2?" in text


# -- Volldampf ---------------------------------------------------------------------------------------------
def test_a_volldampf_players_question_is_forwarded_and_listed_after_the_turn(tmp_path, dovecot, mailbox, smtp):
    folder, _ = host(tmp_path, dovecot, mailbox, smtp, family="volldampf")
    deliver_at(dovecot, mailbox, reply(welcome_of(smtp, "ann@example.org"), "ann@example.org", TOP, BID,
                                       "<ann1@example.org>"), NOW)
    start = len(smtp.messages)
    fetch(folder)
    (note,) = forwards(smtp, start)
    assert note["Subject"] == "[umpire] v1: a note from ann (turn 1A)" and note["Reply-To"] == "ann@example.org"
    assert "Ann (player ann) wrote to the GM in a mail for game v1, turn 1A" in " ".join(text_of(note).split())
    assert f"\n  {QUESTION}\n" in text_of(note)
    assert GameFolder(folder.path).latest_orders("1A") and processed(folder)[0]["status"] == "accepted"
    umpire("resolve", folder.path, "--force")
    info = json.loads(umpire("status", folder.path, "--json"))
    assert info["notes"] == [] and [n["line"] for n in info["notes_last_turn"]][1] == f"line 3: {QUESTION}"
    assert f"note to the GM in turn 1A from ann (message {info['notes_last_turn'][0]['key']}), line 3: " \
        in umpire("status", folder.path)


# -- the rule of what is said ------------------------------------------------------------------------------
GREETINGS = st.sampled_from(["Hi", "Hello", "Hey", "Dear", "Good morning", "Hallo", "Moin", "Servus", "Liebe",
                             "Lieber", "Guten Tag", "Grüezi"])
ENDINGS = st.sampled_from(["Cheers", "Thanks", "Thank you very much", "Many thanks", "Best", "Best regards", "Regards",
                           "Viele Grüße", "Liebe Grüße", "Gruß", "LG", "MfG", "Danke", "Vielen Dank", "Ciao", "Bye"])
NAMES = st.sampled_from(["", "umpire", "GM", "all", "zusammen", "Alice", "Carol C.", "Jürgen", "Herr Meier",
                         "Mr. Smith", "Ann-Marie"])
PUNCTUATION = st.sampled_from(["", ",", "!", ".", " :-)", "!!"])
WORDS = st.lists(st.sampled_from(["why", "were", "my", "cards", "discarded", "please", "check", "the", "map",
                                  "is", "Beta", "free", "Round", "2"]), min_size=1, max_size=8).map(" ".join)


def say(*lines: str) -> list[str]:
    return [n.text for n in notes.said([notes.Note(i + 1, line) for i, line in enumerate(lines)])]


@settings(max_examples=200, deadline=None)
@given(greeting=GREETINGS, ending=ENDINGS, name=NAMES, signature=NAMES, marks=PUNCTUATION)
def test_a_greeting_a_sign_off_and_a_bare_name_after_it_are_not_said(greeting, ending, name, signature, marks):
    lines = [f"{greeting} {name}".strip() + marks, f"{ending}{', ' if name else ''}{name}{marks}", signature]
    assert say(*[line for line in lines if line]) == []


@settings(max_examples=200, deadline=None)
@given(greeting=GREETINGS, ending=ENDINGS, words=WORDS, marks=PUNCTUATION)
def test_a_line_that_says_more_than_hello_or_goodbye_is_said(greeting, ending, words, marks):
    question = words + "?"
    assert say(f"{greeting}, {question}") == [f"{greeting}, {question}"]
    assert say(question, f"{ending}{marks}", "Alice") == [question]
    if any(not w[0].isupper() for w in words.split()):
        assert say(f"{ending} {words}{marks}") == [f"{ending} {words}{marks}"]
    assert say(f"{greeting} umpire,", question, f"{ending},", "Carol C.") == [question]


@settings(max_examples=300, deadline=None)
@given(lines=st.lists(st.text(max_size=60).map(lambda t: " ".join(t.split())), max_size=8))
def test_what_is_said_is_the_note_less_lines_that_say_nothing_new(lines):
    """Any text: `said` keeps the note's lines in order, and never leaves out a line with a `?` or a digit."""
    kept = say(*lines)
    rest = iter(lines)
    assert all(any(line == other for other in rest) for line in kept)          # a subsequence, in order
    dropped = list(lines)
    for line in kept:
        dropped.remove(line)
    assert all("?" not in line and not any(c.isdigit() for c in line) for line in dropped)

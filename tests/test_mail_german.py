"""Every mail to a player in his language (docs/languages.md): a German game's confirmations,
refusals, STATUS, RESEND, absences, reminders and welcome are German; in an English game a seat
given `:de` is written to in German and the others in English; what the umpire wrote in German is
read back (a reply quoting it, a form filled in below it); a German mail order replays as it was
read. English mail is unchanged (the other mail tests)."""

from __future__ import annotations

from email import message_from_bytes, policy

import pytest
from click.testing import CliRunner
from conftest import TEST_MAP, copy_of_made_once
from language_helpers import english_left
from mailhelpers import NOW, UMPIRE, deliver_at, email, order_text
from test_mail_fetch import fetch_args
from test_mail_replies_say import reply_to

from umpire.cli import main
from umpire.kernel.language import speaking
from umpire.mail.config import MailConfig
from umpire.mail.fetch import Fetcher
from umpire.mail.notices import queue_deadline_notices
from umpire.mail.remind import queue_reminders
from umpire.mail.send import queue_newsletter
from umpire.mail.welcome import queue_welcomes, welcome_text
from umpire.store.folder import GameFolder
from umpire.store.mailroom import Mailroom
from umpire.timetable.changes import change
from umpire.usecases import actions
from umpire.usecases.replay import replay

GM = "gm@example.org"
CONFIG = MailConfig(from_addr=UMPIRE, gm=[GM])
BERLIN = "Donnerstag, 6. März 2025, 20:00 Uhr (Europe/Berlin; 2025-03-06 19:00 UTC)"
OPTIONS = ("deadline=5 days", "deadline_at=20:00", "deadline_zone=Europe/Berlin")
NAMES = ("Rote Linie", "Blue Star")


def _game(companies, options):
    def make(folder):
        actions.create_game(folder / "g1", str(TEST_MAP), "laurin", companies, seed="mail-tests",
                            option_specs=options, now=NOW)
    return make


@pytest.fixture
def german(tmp_path_factory, tmp_path) -> GameFolder:
    """A German game whose blue player reads English (`:en`)."""
    make = _game(["red:Rote Linie:red@example.org", "blue:Blue Star:blue@example.org:en"], ("language=de", *OPTIONS))
    return GameFolder(copy_of_made_once(tmp_path_factory, "german-mail", make, tmp_path) / "g1")


@pytest.fixture
def mixed(tmp_path_factory, tmp_path) -> GameFolder:
    """An English game whose red player reads German (`:de`)."""
    make = _game(["red:Rote Linie:red@example.org:de", "blue:Blue Star:blue@example.org"], OPTIONS)
    return GameFolder(copy_of_made_once(tmp_path_factory, "mixed-mail", make, tmp_path) / "g1")


def code(folder: GameFolder, company: str) -> str:
    return folder.secrets["codes"][company]


def take(folder: GameFolder, raw: bytes, uid: int = 1) -> tuple[str, str, bytes]:
    """`raw` fetched into the game: the reply's Subject, its text, and its bytes."""
    fetcher = Fetcher(folder.path, CONFIG, now=NOW)
    fetcher.take(raw, 1, uid, NOW)
    data = (folder.path / fetcher.pending[-1]["reply"]).read_bytes()
    reply = message_from_bytes(data, policy=policy.default)
    return reply["Subject"], reply.get_content().replace("\r\n", "\n"), data


def paragraphs_of(text: str) -> list[str]:
    return [" ".join(p.split()) for p in text.split("\n\n") if p.strip()]


def test_an_order_by_mail_is_confirmed_in_german(german):
    body = order_text("g1", "red", code(german, "red"), "HOME Alpha", "BUILD C3-D3", "PRESS", "Glück auf!",
                      "END PRESS")
    subject, text, _ = take(german, email(body, subject="Befehle"))
    print(text)
    said = paragraphs_of(text)
    assert subject == "Re: Befehle"
    assert said[0] == "Ihre Befehle für Spiel g1, red (Rote Linie), Runde 1, sind eingegangen und gespeichert."
    press = next(p for p in said if p.startswith("Ihre Presse"))
    assert "in der nächsten Auswertung unter dem Namen Rote Linie gedruckt" in press
    assert english_left(" ".join(text.split()), (*NAMES, "; was vom Bau")) == []          # German "was" (what)


def test_a_refused_line_is_quoted_in_german(german):
    body = order_text("g1", "red", code(german, "red"), "HOME Alpha", "BUILD C3-Q9")
    _, text, _ = take(german, email(body))
    print(text)
    assert "Zeilen, die nicht gelesen werden konnten (sie werden nicht ausgeführt;" in " ".join(text.split())
    assert "  Zeile 5: 'BUILD C3-Q9': " in text
    note = next(p for p in paragraphs_of(text) if p.startswith("Zeile 5 wurde abgelehnt"))
    assert note.startswith("Zeile 5 wurde abgelehnt, daher endet Runde 1 Ihretwegen nicht vorzeitig")
    assert note.endswith(f"zum Abgabetermin, {BERLIN}, so ausgeführt, wie er gelesen wurde.")
    assert english_left(note) == []


def test_an_order_for_another_round_is_refused_in_german(german):
    _, text, _ = take(german, email(order_text("g1", "red", code(german, "red"), "ROUND 7", "HOME Alpha")))
    print(text)
    assert paragraphs_of(text) == [
        "Ihre Befehle wurden abgelehnt: der Befehl ist für Runde 7, offen ist aber Runde 1.",
        "Nichts aus dieser Nachricht wird ausgeführt. Schicken Sie einen berichtigten Befehl; er wird wie ein "
        "erster behandelt."]
    assert english_left(text) == []
    refusal = [e for e in german.events if e["type"] == "order_refused"][-1]
    assert refusal["reason"] == "der Befehl ist für Runde 7, offen ist aber Runde 1."     # as the player was told


def test_status_resend_wait_and_absent_are_answered_in_german(german):
    body = order_text("g1", "red", code(german, "red"), "STATUS", "RESEND", "WAIT",
                      "ABSENT FROM 2025-03-10 TO 2025-03-12")
    _, text, _ = take(german, email(body))
    print(text)
    said = paragraphs_of(text)
    assert said[0] == f"STAND: Spiel g1, Runde 1. Befehle sind fällig bis {BERLIN}. Befehle liegen vor von " \
                      "niemandem; erwartet von red, blue."
    assert said[1].startswith("NOCHMAL: Auswertung 001 kommt noch einmal in einer eigenen Mail zu Ihnen")
    assert said[2] == "WARTEN: Runde 1 wartet auf ihren Abgabetermin, auch wenn alle Befehle da sind."
    assert said[3].startswith("ABSENT FROM 2025-03-10 TO 2025-03-12: vermerkt; Sie sind vom 2025-03-10 bis zum "
                              "2025-03-12 abwesend. Das Spiel geht währenddessen ohne Sie weiter")
    assert english_left(text) == []
    resent = next(p for p in (german.path / "outbox").iterdir() if p.name.startswith("resend-"))
    subject = message_from_bytes(resent.read_bytes(), policy=policy.default)["Subject"]
    assert subject == "g1: Auswertung 001 (noch einmal)"


def test_a_reminder_is_german(german):
    assert queue_reminders(german, CONFIG, NOW) == ["red", "blue"]
    room = Mailroom(german.path)
    mails = {r["company"]: message_from_bytes((german.path / r["file"]).read_bytes(), policy=policy.default)
             for r in room.records if r.get("kind") == "reminder"}
    text = mails["red"].get_content().replace("\r\n", "\n")
    print(text)
    assert mails["red"]["Subject"] == "g1: Befehle für Runde 1 fehlen"
    assert paragraphs_of(text)[0].startswith("Spiel g1, Runde 1: von Rote Linie (red) sind noch keine Befehle "
                                             "eingegangen. Der Abgabetermin ist Donnerstag, 6. März 2025, 19:00 "
                                             "Uhr (UTC).")
    assert "  CODE <Ihr Befehlscode>\n" in text
    assert english_left(text, NAMES) == []
    assert mails["blue"]["Subject"] == "g1: orders for round 1 missing"          # blue reads English


def test_the_welcome_is_german(german):
    with speaking("de"):
        text = welcome_text(german, CONFIG, "red", code(german, "red"))
    print(text)
    assert text.startswith("Willkommen in Spiel g1, Rote Linie (red).\n\nIhr Befehlscode ist ")
    assert f"Befehle für Runde 1 sind fällig bis {BERLIN.replace(' (', chr(10) + '(')}" in text
    assert "SO SCHICKEN SIE BEFEHLE IN SPIEL g1" in text and "IHR BEFEHLSBOGEN FÜR RUNDE 1" in text
    assert max(len(line) for line in text.splitlines()) <= 72
    form = text.index("IHR BEFEHLSBOGEN")
    assert english_left(text[:form] + text[text.index("Schicken Sie ihn ausgefüllt"):], NAMES) == []
    queue_welcomes(german, CONFIG, NOW)
    subjects = {r["company"]: message_from_bytes((german.path / r["file"]).read_bytes(),
                                                 policy=policy.default)["Subject"]
                for r in Mailroom(german.path).records if r.get("kind") == "welcome"}
    assert subjects == {"red": "g1: Willkommen, Rote Linie: Ihr Befehlscode und Auswertung 001",
                        "blue": "g1: welcome, Blue Star: your order code and newsletter 001"}


def test_in_an_english_game_the_german_seat_is_written_to_in_german(mixed):
    _, red, _ = take(mixed, email(order_text("g1", "red", code(mixed, "red"), "HOME Alpha")))
    _, blue, _ = take(mixed, email(order_text("g1", "blue", code(mixed, "blue"), "HOME Beta"),
                                   sender="blue@example.org", msgid="<b1@example.org>"), uid=2)
    assert red.startswith("Ihre Befehle für Spiel g1, red (Rote Linie), Runde 1, sind eingegangen")
    assert blue.startswith("Your orders for game g1, company blue (Blue Star), round 1 were received")
    queue_newsletter(mixed, CONFIG, 1, NOW)
    subjects = {r["to"]: message_from_bytes((mixed.path / r["file"]).read_bytes(),
                                            policy=policy.default)["Subject"]
                for r in Mailroom(mixed.path).records if r.get("kind") == "newsletter"}
    assert subjects == {"red@example.org": "g1: Auswertung 001", "blue@example.org": "g1: newsletter 001"}


def test_a_reply_quoting_the_german_confirmation_is_read(german):
    _, _, confirmation = take(german, email(order_text("g1", "red", code(german, "red"), "HOME Alpha")))
    again = reply_to(confirmation, order_text("g1", "red", code(german, "red"), "HOME Beta"),
                     subject="AW: Re: Befehle")
    subject, text, _ = take(german, again, uid=2)
    assert subject == "Re: Befehle"
    assert "Sie ersetzen Ihre früheren Befehle für Runde 1 als Ganzes." in " ".join(text.split())
    assert [e["type"] for e in german.events][-2:] == ["order_received", "order_received"]


def test_a_form_filled_in_below_the_german_reminder_is_read(german):
    queue_reminders(german, CONFIG, NOW)
    reminder = next(p for p in (german.path / "outbox").iterdir() if p.name.startswith("remind-1-red"))
    filled = reply_to(reminder.read_bytes(), "Hier mein Befehl.")
    filled = filled.replace(b"CODE <Ihr Befehlscode>", f"CODE {code(german, 'red')}".encode()) \
        .replace(b">   RUNDE 1", b">   RUNDE 1\n>   HEIMAT Alpha")
    _, text, _ = take(german, filled)
    print(text)
    assert text.startswith("Ihre Befehle für Spiel g1, red (Rote Linie), Runde 1, sind eingegangen")


@pytest.mark.slow
def test_a_german_mail_order_replays_as_it_was_read(german):
    take(german, email(order_text("g1", "red", code(german, "red"), "HOME Alpha", "BUILD C3-Q9")))
    take(german, email(order_text("g1", "red", code(german, "red"), "ROUND 7"), msgid="<m2@example.org>"), uid=2)
    errors = [e for e in german.events if e["type"] == "order_received"][-1]["errors"]
    assert errors[0].startswith("Zeile 5: 'BUILD C3-Q9': ")
    assert actions.is_no_order(actions.nothing_read(1, None)) is True
    with speaking("de"):
        assert actions.is_no_order(actions.nothing_read(1, None)) is True
    assert replay(german.path, quick=True).differences == []


@pytest.mark.slow
def test_a_german_order_through_the_mail_servers(german, dovecot, mailbox, smtp):
    """Through the real IMAP server and SMTP sink: the order fetched, its confirmation sent in German."""
    for raw in (email(order_text("g1", "red", code(german, "red"), "HOME Alpha"), subject="Befehle"),
                email(order_text("g1", "red", "falsch-1", "HOME Alpha"), msgid="<m2@example.org>")):
        deliver_at(dovecot, mailbox, raw, NOW)
    result = CliRunner().invoke(main, fetch_args(german.path, dovecot, mailbox, smtp))
    assert result.exit_code == 0, result.output
    sent = {m["In-Reply-To"]: m for m in (message_from_bytes(raw, policy=policy.default) for raw in smtp.messages)}
    confirmation = sent["<m1@example.org>"]
    assert confirmation["Subject"] == "Re: Befehle"
    assert confirmation.get_content().startswith("Ihre Befehle für Spiel g1, red (Rote Linie), Runde 1, sind")
    refusal = sent["<m2@example.org>"].get_content()
    assert refusal.startswith("Ihre Nachricht wurde nicht als Befehl angenommen")
    assert english_left(refusal, ("Feld From", "Reply-To")) == []         # the header fields by name


def test_a_deadline_notice_is_german(german):
    change(german, "extend", "2 days", "Urlaub", NOW)
    assert queue_deadline_notices(german, CONFIG, NOW) == 1
    room = Mailroom(german.path)
    mails = {r["to"]: message_from_bytes((german.path / r["file"]).read_bytes(), policy=policy.default)
             for r in room.records if r.get("kind") == "notice"}
    text = " ".join(mails["red@example.org"].get_content().split())
    print(text)
    assert mails["red@example.org"]["Subject"] == "g1: der Abgabetermin für Runde 1"
    assert text.startswith("Der Abgabetermin für Runde 1 ist um 2 Tage verlängert: Befehle sind fällig bis "
                           "Samstag, 8. März 2025, 19:00 Uhr (UTC). Begründung des Spielleiters: Urlaub. In Ihrer "
                           "Zeitzone: Samstag, 8. März 2025, 20:00 Uhr (Europe/Berlin; 2025-03-08 19:00 UTC).")
    assert english_left(text) == []
    assert mails["blue@example.org"]["Subject"] == "g1: the deadline of round 1"

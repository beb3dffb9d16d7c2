"""Orders as German mail clients send them: the newsletter the umpire wrote, replied to or
forwarded with the player's own form filled in, under German quote intros ("Am ... schrieb ...:",
wrapped over two lines or not), "-----Ursprüngliche Nachricht-----", Outlook's `Von:`/`Gesendet:`
block and "Weitergeleitete Nachricht". What the mail client wrote is never the player's text: not
a note to the GM, not a refused line. (The English styles: tests/test_mail_reply_styles.py.)"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mailhelpers import UMPIRE, email, make_game
from test_mail_reply_styles import confirmed_each, filled, home_and_build_taken, newsletter, quoted, reply_text

from umpire.mail.decode import clean

GREETING = "Hallo Spielleiter,\n\nmeine Befehle stehen unten im Formular.\n\nGruß, Anna\n\n"
GREETING_NOTES = ["Hallo Spielleiter,", "meine Befehle stehen unten im Formular.", "Gruß, Anna"]
VON_BLOCK = f"Von: Umpire <{UMPIRE}>\nGesendet: Samstag, 1. März 2025 12:00\nAn: red@example.org\n" \
            "Betreff: g1: newsletter 001\n"

INTROS = {
    "thunderbird": "Am 01.03.25 um 12:00 schrieb Umpire:",
    "one line": f"Am 1. März 2025 um 12:00 schrieb Umpire <{UMPIRE}>:",
    "gmail": f"Am Sa., 1. März 2025 um 12:00 Uhr schrieb Umpire <{UMPIRE}>:",
    "gmail wrapped": f"Am Sa., 1. März 2025 um 12:00 Uhr schrieb Umpire <\n{UMPIRE}>:",
    "wrapped before the address": f"Am 1. März 2025 um 12:00 schrieb Umpire\n<{UMPIRE}>:",
    "wrapped before schrieb": f"Am 1. März 2025 um 12:00\nschrieb Umpire <{UMPIRE}>:",
    "apple mail": f"Am 01.03.2025 um 12:00 schrieb Umpire <{UMPIRE}>:",
}
STYLES = {f"intro, {name}": (lambda f, intro=intro: f"{GREETING}{intro}\n\n{quoted(f)}\n")
          for name, intro in INTROS.items()}
STYLES.update({
    "intro bottom-posted": lambda f: f"{INTROS['gmail wrapped']}\n{quoted(f)}\n\n{GREETING}",
    "ursprüngliche nachricht": lambda f: f"{GREETING}-----Ursprüngliche Nachricht-----\n{VON_BLOCK}\n{f}\n",
    "ursprüngliche nachricht spaced": lambda f: f"{GREETING}----- Ursprüngliche Nachricht -----\n{VON_BLOCK}\n{f}\n",
    "outlook von-gesendet block": lambda f: f"{GREETING}{'_' * 32}\n{VON_BLOCK}\n{f}\n",
    "gmail weitergeleitet": lambda f: f"{GREETING}---------- Weitergeleitete Nachricht ---------\nVon: Umpire "
                                      f"<{UMPIRE}>\nDate: Sa., 1. März 2025 um 12:00 Uhr\nSubject: g1: newsletter 001\n"
                                      f"To: <red@example.org>\n\n{f}\n",
    "thunderbird weitergeleitet": lambda f: f"{GREETING}-------- Weitergeleitete Nachricht --------\nBetreff: \tg1: "
                                            f"newsletter 001\nDatum: \tSat, 1 Mar 2025 12:00:00 +0000\nVon: \tUmpire "
                                            f"<{UMPIRE}>\nAn: \tred@example.org\n\n{f}\n",
})


@pytest.fixture
def game(tmp_path):
    return make_game(tmp_path / "g1")


@pytest.mark.parametrize("style", sorted(STYLES))
def test_the_filled_form_is_the_order_and_only_the_greeting_is_a_note_in_every_german_style(game, style):
    folder, codes = game
    raw = email(STYLES[style](filled(newsletter(folder), "red", codes["red"])))
    fetcher, outcome = home_and_build_taken(folder, raw)
    assert [n.text for n in outcome.notes] == GREETING_NOTES, style
    reply = reply_text(folder, fetcher)
    assert "BUILD C3-D3" in reply and "could not be read" not in reply and "schrieb" not in reply


@pytest.mark.parametrize("intro", list(INTROS.values()) + [
    "Am Fr., 6. März 2026 um 10:00 Uhr schrieb Anna Schmidt <anna@example.org>:",
    "Am 06.03.2026 um 10:00 schrieb Anna Schmidt <anna@example.org>:",
    "Am 6. März 2026 um 10:00 schrieb Anna Schmidt\n<anna@example.org>:"])
def test_a_german_intro_above_a_quote_is_the_mail_clients_and_keeps_line_numbers(intro):
    text = f"GAME g1\nBUILD C3-D3\n\n{intro}\n> GAME g1\n> BUILD K8-J8\n"
    assert clean(text) == "GAME g1\nBUILD C3-D3\n"
    assert clean(f"Hallo,\n{intro}\n\n> GAME g1\nGAME g1\n") == ("Hallo,\n" + "\n" * (intro.count("\n") + 3)
                                                                 + "GAME g1\n")


@pytest.mark.parametrize("line", ["Am 6. März schrieb ich: BUILD C3-D3", "Am Montag schrieb Bob:", "Am 3.3. baue ich:"])
def test_lines_that_are_no_german_intro_stay_the_players(line):
    assert clean(f"GAME g1\n{line}\n> quoted\n") == f"GAME g1\n{line}\n"


def test_a_german_intro_with_no_quote_below_it_stays_the_players_text():
    text = "GAME g1\nAm 1. März 2025 um 12:00 schrieb Umpire <umpire@example.org>:\nBUILD C3-D3\n"
    assert clean(text) == text


WEEKDAY = st.sampled_from(["", "Mo., ", "Fr., ", "Sa., ", "So., ", "Samstag, "])
DATE = st.one_of(
    st.builds(lambda d, m, y: f"{d}. {m} {y}", st.integers(1, 31),
              st.sampled_from(["Januar", "März", "Mai", "Dezember"]), st.integers(1990, 2099)),
    st.builds(lambda d, m, y: f"{d:02d}.{m:02d}.{y}", st.integers(1, 31), st.integers(1, 12),
              st.sampled_from(["2025", "26", "2026"])))
TIME = st.builds(lambda h, m, uhr: f"{h:02d}:{m:02d}{uhr}", st.integers(0, 23), st.integers(0, 59),
                 st.sampled_from(["", " Uhr"]))
NAME = st.lists(st.sampled_from(["Anna", "Schmidt", "Jürgen", "Müller-Lüdenscheidt", "Dr.", "O'Brien", "Umpire"]),
                min_size=1, max_size=3).map(" ".join)
ADDRESS = st.sampled_from(["", " <anna@example.org>", " <umpire@example.org>", " anna@example.org"])
OWN = st.lists(st.sampled_from(["COMPANY red", "CODE tulip-42", "HOME Alpha", "BUILD C3-D3", "Danke!", "Gruß, Anna",
                                ""]), max_size=5).map(lambda lines: ["GAME g1"] + lines)


@settings(max_examples=200, deadline=None)
@given(own=OWN, weekday=WEEKDAY, date=DATE, time=TIME, name=NAME, address=ADDRESS, wrap=st.integers(0, 40),
       gap=st.booleans(), quote=st.lists(st.sampled_from(["GAME g1", "BUILD K8-J8", "", "Hallo"]), max_size=4))
def test_a_german_intro_however_written_and_wrapped_is_never_the_players_text(own, weekday, date, time, name,
                                                                              address, wrap, gap, quote):
    intro = f"Am {weekday}{date} um {time} schrieb {name}{address}:"
    spaces = [i for i, c in enumerate(intro) if c == " "]
    if wrap < len(spaces):                                # wrapped at one of its spaces, as a client wraps
        intro = intro[:spaces[wrap]] + "\n" + intro[spaces[wrap] + 1:]
    own_text = "\n".join(own).rstrip("\n")
    text = f"{own_text}\n{intro}\n{chr(10) if gap else ''}>\n" + "".join(f"> {q}\n" for q in quote)
    assert clean(text) == own_text + "\n"


@pytest.mark.mail
def test_every_german_style_through_dovecot_is_confirmed_to_its_player(game, dovecot, mailbox, smtp):
    folder, codes = game
    text = filled(newsletter(folder), "red", codes["red"])
    raws = [email(STYLES[s](text), msgid=f"<de-{i}@example.org>", subject="AW: g1: newsletter 001")
            for i, s in enumerate(sorted(STYLES))]
    for flat in confirmed_each(folder, raws, dovecot, mailbox, smtp):
        assert b"BUILD C3-D3" in flat and b"Subject: Re: g1: newsletter 001\r\n" in flat
        assert b"schrieb" not in flat and b"Gesendet" not in flat

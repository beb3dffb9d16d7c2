"""A German Dampfross game run by `umpire tick` against the real Dovecot and SMTP sink: the players
write German orders (the words of `umpire keywords --language de --json`), one above the umpire's
quoted mail, one in the German form he got, a German quote intro under each; every mail the umpire
sends is German, with German order words, and the rounds resolve as the orders said."""

from __future__ import annotations

import json

import pytest
from helpers import run_ok
from language_helpers import english_left, english_order_words
from mailhelpers import deliver_at, make_game, parsed, reply, text_of
from test_hosting_week import at, hosted, mails, status, tick

from umpire.store.folder import GameFolder

pytestmark = [pytest.mark.mail, pytest.mark.slow, pytest.mark.usefixtures("stamped_at_once")]

GERMAN = json.loads(run_ok("keywords", "--language", "de", "--json"))
NAMES = ("Red Lines", "Blue Star", "was vom Bau")      # German "was" (what)
OPTIONS = ["language=de", "deadline=7 days", "deadline_at=18:00", "deadline_zone=Europe/Berlin"]


def word(english: str) -> str:
    """The German word of an English keyword, as the published table gives it."""
    return GERMAN[english][0]


def sent_to(smtp, start: int, address: str) -> bytes:
    return next(raw for raw in reversed(smtp.messages[start:])
                if parsed(raw)["To"] == address)


def assert_german(smtp, start: int):
    for to, subject, body in mails(smtp, start):
        assert english_left(" ".join((subject + " " + body).split()), NAMES) == [], (to, subject, body)
        assert english_order_words(body) == [], (to, subject)


def test_a_german_game_by_mail(tmp_path, dovecot, mailbox, smtp):
    games = tmp_path / "games"
    games.mkdir()
    folder, codes = make_game(games / "g1", now=at(1, 12), options=OPTIONS)
    games, folder, codes = hosted(games, folder, codes, dovecot, mailbox, smtp)

    tick(games, at(2, 9))                                     # the welcomes, in German
    assert_german(smtp, 0)
    welcome = {a: sent_to(smtp, 0, f"{a}@example.org") for a in ("red", "blue")}
    assert "SPIEL g1" in text_of(parsed(welcome["red"]))

    # red writes his order above the quoted welcome; blue fills in the form quoted in his reply
    red = "\n".join(["Hallo Spielleiter,", "", f"{word('GAME')} g1", f"{word('COMPANY')} red",
                     f"CODE {codes['red']}", f"{word('HOME')} Alpha", f"{word('BUILD')} C3-D3", "",
                     "Viele Grüße, Rolf"])
    blue_body = text_of(parsed(welcome["blue"]))
    assert f"CODE {codes['blue']}" in blue_body and "BAU <Feld>-<Feld>-..." in blue_body
    blue_filled = blue_body.replace("BAU <Feld>-<Feld>-...", "BAU K8-J8\n  HEIMAT Beta")
    start = len(smtp.messages)
    deliver_at(dovecot, mailbox, reply(parsed(welcome["red"]), red, 0, "<r1@example.org>"), at(3, 9))
    deliver_at(dovecot, mailbox, reply(parsed(welcome["blue"]), "Anbei mein Befehl.", 0, "<b1@example.org>",
                                       blue_filled), at(3, 9))
    out = tick(games, at(3, 9, 5))                            # both orders in: the round resolves at once
    assert "round 1 resolved" in out, out
    sent = mails(smtp, start)
    confirmations = [body for _, subject, body in sent if subject.startswith("Re: ")]
    assert sorted(subject for _, subject, _ in sent if not subject.startswith("Re: ")) == ["g1: Auswertung 002"] * 2
    assert len(confirmations) == 2 and all(b.startswith("Ihre Befehle für Spiel g1") for b in confirmations)
    assert any("Zeile 7: BAU C3-D3" in b and "Zeile 6: HEIMAT C3 (Alpha)" in b for b in confirmations), confirmations
    assert_german(smtp, start)
    built = {e["company"]: e for e in GameFolder(folder.path).events if e["type"] == "segment"}
    assert set(built) == {"red", "blue"}, built
    assert status(folder)["round"] == 2

    # round 2: each replies to the newsletter mail, the German form quoted and filled in
    start2 = len(smtp.messages)
    news = {a: sent_to(smtp, start, f"{a}@example.org") for a in ("red", "blue")}
    for company, chain, n in (("red", "D3-E3", 2), ("blue", "J8-I8", 2)):
        body = text_of(parsed(news[company]))
        assert "BEFEHLSB" in body and "RUNDE 2" in body
        mine = body[body.index(f"GESELLSCHAFT {company}") - 12:]
        mine = mine.replace("CODE <Ihr Befehlscode>", f"CODE {codes[company]}", 1)
        mine = mine.replace("BAU <Feld>-<Feld>-...", f"BAU {chain}", 1)
        answer = reply(parsed(news[company]), "Hier meine Befehle für die zweite Runde.", 0,
                       f"<{company}{n}@example.org>", mine)
        deliver_at(dovecot, mailbox, answer, at(4, 9))
    out = tick(games, at(4, 9, 5))
    assert "round 2 resolved" in out, (out, mails(smtp, start2))
    assert_german(smtp, start2)
    assert status(folder)["round"] == 3
    segments = [e["company"] for e in GameFolder(folder.path).events if e["type"] == "segment"]
    assert sorted(segments) == ["blue", "blue", "red", "red"], segments

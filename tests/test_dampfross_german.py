"""A Dampfross game in German (docs/languages.md): its newsletter's text edition and PDF, the
confirmation of an order and the refusal of a line, every word German but the names, the order
keywords and the dice's purposes; and the English game's bytes as they were."""

from __future__ import annotations

import subprocess

import pytest
from language_helpers import english_left

from umpire.families.dampfross.confirmation import order_lines
from umpire.families.dampfross.orders import parse_order
from umpire.game import Game
from umpire.kernel.language import speaking
from umpire.site.history import moments
from umpire.usecases.dice_audit import verify_newsletters

ISSUES = (1, 5, 6, 8, 9, 10)     # the opening, construction reports, races with additional building, the end
# the kernel's order form header (its CODE placeholder) is read back and stays as written; "Was" is German
ALLOWED = ("Was der Bau kostet", "Was Der Bau Kostet")


@pytest.fixture(scope="module")
def issues(demo_played):
    """The played demo's issues as English and German would have them: {number: (game, moment)}."""
    game = Game.of(demo_played)
    return {m.number: (game, m) for m in moments(demo_played) if m.number in ISSUES}


def _issue(issues, number: int):
    game, moment = issues[number]
    return game.family.newsletter(moment.folder, number, moment.folder.state())


def _german(issues, number: int):
    with speaking("de"):
        issue = _issue(issues, number)
        return issue.text, issue.pdf()


def _pdf_text(pdf: bytes, tmp_path) -> str:
    path = tmp_path / "issue.pdf"
    path.write_bytes(pdf)
    return subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, check=True,
                          text=True).stdout


def test_an_english_issue_keeps_its_bytes(issues, demo_played):
    for number in (1, 8):
        assert _issue(issues, number).text == demo_played.read_bytes(f"newsletters/{number:03d}.txt").decode()


@pytest.mark.parametrize("number", ISSUES)
def test_the_text_edition_is_german(issues, number):
    text, _pdf = _german(issues, number)
    assert "AUSWERTUNG" in text and "KONTEN" in text and "Einheiten" in text
    assert english_left(text, ALLOWED) == []


def test_german_headings_and_sentences(issues):
    first, _ = _german(issues, 1)
    assert "NEUES SPIEL" in first and "WAS DER BAU KOSTET" in first and "ALS NÄCHSTES: AUFBAURUNDE 1" in first
    assert "Wählbare Heimatbahnhöfe: Belfast, Dublin." in first
    wrapped = first.split("WIE DIE FELDER")[1].split("\n\n")[0]      # the sentences wrapped at 72, as in English
    assert "Auf dieser Karte stehen" in wrapped.replace("\n", " ") and max(map(len, wrapped.splitlines())) <= 72
    races, _ = _german(issues, 8)
    assert "FAHRT 1: MULLINGAR (45) NACH DROGHEDA (43)" in races
    assert "Prämie für Platz 1 in Fahrt 1" in races and "ZUSATZBAU (nach Fahrt 2)" in races
    last, _ = _german(issues, 10)
    assert "DAS SPIEL IST ZU ENDE" in last and "Sieger: Great Southern & Western." in last


@pytest.mark.parametrize("number", (1, 8, 10))
def test_the_pdf_is_german(issues, number, tmp_path):
    _text, pdf = _german(issues, number)
    words = _pdf_text(pdf, tmp_path)
    assert "Auswertung" in words and "Konten" in words and "Seite 1" in words
    assert english_left(words, ALLOWED) == []


def test_the_dice_check_reads_the_german_text_edition(demo_played, tmp_path):
    """`umpire verify --newsletters` finds the commitment, the seed and the rolls in German issues."""
    game = Game.of(demo_played)
    with speaking("de"):
        for m in moments(demo_played):
            text = game.family.newsletter(m.folder, m.number, m.folder.state()).text
            (tmp_path / f"{m.number:03d}.txt").write_text(text, encoding="utf-8")
    verdict = verify_newsletters(tmp_path)
    assert verdict.mismatch is None and verdict.checked == 79


ORDER = """GAME demo
COMPANY red
CODE tulip-00
ROUND 9
HOME Belfast
BUILD AG10-AF10-AE10
BUILD ZZ99
FLY to the moon
RACE 3 RUN AD13-AD14
"""


def test_a_confirmation_and_a_refusal_in_german(demo_played):
    game = Game.of(demo_played)
    with speaking("de"):
        order = parse_order(ORDER, game.game_map)
        lines = "\n".join(order_lines(game, "red", order))
        refusals = [str(e) for e in order.errors]
    assert "Zeile 6: BAU AG10-AF10-AE10" in lines and "Warnung: Heimatbahnhöfe werden in der Aufbauphase" in lines
    assert "Zusammen " in lines and "Einheiten Gebühren (Kontostand jetzt" in lines
    assert english_left(lines, ALLOWED) == []
    off_map, no_order = refusals
    assert "ZZ99 liegt außerhalb der Karte; die Karte hat die Spalten A bis" in off_map
    assert "'FLY' ist kein Befehl; Zeilen beginnen mit SPIEL, GESELLSCHAFT" in no_order
    assert english_left(off_map.split(":", 1)[1], ALLOWED) == []       # `line 7:` is the order reader's own


def test_the_same_order_in_english_is_confirmed_as_before(demo_played):
    game = Game.of(demo_played)
    order = parse_order(ORDER, game.game_map)
    lines = "\n".join(order_lines(game, "red", order))
    assert "  line 6: BUILD AG10-AF10-AE10" in lines and "Altogether 2 points, and 3 units in fees" in lines
    assert str(order.errors[0]).endswith("ZZ99 is off the map; the map has columns A to AK and rows 1 to 42.")

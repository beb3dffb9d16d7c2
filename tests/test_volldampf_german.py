"""A Volldampf game in German (docs/languages.md): its newsletter's text edition and PDF, a private
sheet with its order form, the confirmation of an order and the refusal of a line, every word
German but the names, the card symbols and the order keywords; and the English game's bytes as
they were."""

from __future__ import annotations

import subprocess

import pytest
from language_helpers import english_left

from umpire.game import Game
from umpire.kernel.language import speaking
from umpire.site.history import moments
from umpire.usecases import demo

ISSUES = (1, 5, 9, 13, 14)     # the opening, the auction, builds, moves, the end (no players' press in them)
# German words that are English ones too, and the order form's header the umpire reads back
ALLOWED = ("Was geschah", "Was er bewirkt", "was daraus wurde", "was er nicht",
           "was von den anderen", "Germany in the 1920s")


@pytest.fixture(scope="module")
def issues(played_once):
    """The played Volldampf demo's issues as the game had them: {number: (game, moment)}."""
    folder = played_once(demo.demo_dir("volldampf"))
    game = Game.of(folder)
    return folder, {m.number: (game, m) for m in moments(folder) if m.number in ISSUES}


def _issue(issues, number: int):
    _folder, by_number = issues
    game, moment = by_number[number]
    return game.family.newsletter(moment.folder, number, moment.folder.state())


def _pdf_text(pdf: bytes, tmp_path) -> str:
    path = tmp_path / "issue.pdf"
    path.write_bytes(pdf)
    return subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, check=True,
                          text=True).stdout


def test_an_english_issue_and_sheet_keep_their_bytes(issues):
    folder, _ = issues
    for number in (1, 9):
        issue = _issue(issues, number)
        assert issue.text == folder.read_bytes(f"newsletters/{number:03d}.txt").decode()
        assert issue.private["anna"] == folder.read_bytes(f"newsletters/{number:03d}-anna.txt").decode()


@pytest.mark.parametrize("number", ISSUES)
def test_the_text_edition_and_the_private_sheets_are_german(issues, number):
    with speaking("de"):
        issue = _issue(issues, number)
    assert f"VOLLDAMPF  volldampf-demo  Auswertung {number:03d}" in issue.text
    assert "Was geschah" in issue.text and "Spieler" in issue.text and "Der Spielplan" in issue.text
    assert english_left(issue.text, ALLOWED) == []
    for player, sheet in issue.private.items():
        assert sheet.startswith("Persönliches Blatt für ")
        assert english_left(sheet, ALLOWED) == [], player


def test_german_sentences_of_the_newsletter(issues):
    with speaking("de"):
        opening, auction, builds, last = (_issue(issues, n).text for n in (1, 5, 9, 14))
    assert "Das Spiel beginnt: 4 Spieler; 0 Streckenkarten ungesehen aussortiert." in opening
    assert "Befehle für Zug 1A (Kopf: SPIEL, SPIELER, CODE, wahlweise ZUG 1A):" in opening
    assert "  ANLEIHEN n         aufzunehmende Anleihen (je 6 Mark; ohne Angabe 0)" in opening
    assert "  dieter bleibt übrig: Platz 1, letztes Gebot 3, zahlt 3" in auction
    assert "Platz Spieler                     Farbe     Mark  Eink.  Anl. Wertung Karten  Abschn." in auction
    assert "Anna Ahrens (anna) spielt Neue Planung: blauer Würfel von Basel nach Braunschweig." in builds
    assert "wirft eine Achteck-Karte ab (nichts Zulässiges in Bauschritt 1)." in builds
    assert "DAS SPIEL IST ZU ENDE. Wertung = Einkommen - Anleihen:" in last and "Sieger: Dieter Dahl (dieter)." in last


def test_a_private_sheet_says_the_engine_s_results_in_german(issues):
    with speaking("de"):
        sheet = _issue(issues, 9).private["anna"]
    assert "  Zeile 4: REPLAN blue Basel TO Braunschweig BUILD 1" in sheet
    assert "nicht gebaut: dort liegt schon ein Abschnitt von dieter" in sheet
    assert "BEFEHLSBOGEN FÜR ZUG 3C\nSPIEL volldampf-demo\nSPIELER anna\n" in sheet      # read back as written
    assert "# Entfernen Sie das # vor einer Zeile" in sheet and "#   Lieferung 1: +2 für Sie" in sheet
    form = sheet.split("BEFEHLSBOGEN")[1]
    assert max(len(line) for line in form.splitlines()[:6]) <= 78


def test_the_pdf_and_a_private_pdf_are_german(issues, tmp_path):
    with speaking("de"):
        issue = _issue(issues, 14)
        words = _pdf_text(issue.pdf(), tmp_path)
        sheet = _pdf_text(_issue(issues, 13).private_pdf["clara"](), tmp_path)
    assert "Auswertung 014" in words and "Einkommen und Zinsen" in words and "Würfel nach Städten" in words
    assert "Gebiete (Streckenkarten)" in words and "violett: 14 im Inland" in words      # the board's legend
    assert english_left(words, ALLOWED) == []
    assert "Persönliches Blatt" in sheet and "Ihr Befehlsbogen" in sheet
    assert english_left(sheet, ALLOWED) == []


ORDER = """GAME volldampf-demo
PLAYER anna
CODE tulip-00
ROUND 3C
MOVE blue Braunschweig-Hannover-Dortmund ELSE DECLINE
MOVE purple Kiel-Hamburg
FLY to the moon
"""


def test_a_confirmation_and_refusals_in_german(issues):
    _folder, by_number = issues
    game, moment = by_number[9]                 # turn 3C open
    with speaking("de"):
        order = game.family.parse_order(ORDER, moment.folder.game_map, players=4)
        confirmation = game.family.confirmation(moment.folder, moment.folder.state(), "anna", order)
        refusals = [str(e) for e in order.errors]
    lines = "\n".join(confirmation.lines)
    assert "  Zeile 5: MOVE blue Braunschweig-Hannover-Dortmund ELSE DECLINE" in lines
    assert "auf dem heutigen Spielplan zulässig, anna +2" in lines
    assert english_left(lines + "\n" + confirmation.note, ALLOWED) == []
    colour, unknown = refusals
    assert "'purple' ist keine Würfelfarbe. Würfel sind blau, violett, rot oder gelb." in colour
    assert "'FLY' ist kein Befehl. Die Befehle sind ANLEIHEN, GEBOT, WAHL" in unknown
    assert english_left("\n".join(refusals), ALLOWED + ("to the moon",)) == []

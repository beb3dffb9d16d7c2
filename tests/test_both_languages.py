"""Every text of a game in its own language, and only in it: what both demos write in German holds no
English sentence or English order word, what they write in English no German sentence; every
message of the catalogs has a German translation of its own (docs/languages.md)."""

from __future__ import annotations

import re
import subprocess

from babel.messages.pofile import read_po
from language_helpers import english_left, english_order_words, german_left

from umpire.kernel.language import CATALOGS

NAMES = ("Germany in the 1920s", "Belfast & Northern Counties", "Midland Great Western", "Great Southern & Western",
         "Great Northern", "Was geschah", "Was er bewirkt", "was daraus wurde", "was er nicht", "was von den anderen",
         "Was der Bau kostet", "Was Der Bau Kostet")
QUOTED = re.compile(r"^.*Zeile \d+.*$|^\s*[A-Z]{2,} .*?: .*nicht (?:gebaut|zulässig).*$", re.M)
PRESS = re.compile(r"\n(?:Presse\n-+|PRESSE\n=+|PRESSE)\n.*?(?=\n\n\S+\n[-=]+\n|\Z)", re.S)   # the players' own words
REGIONS = re.compile(r"\b(?:circle|octagon|triangle|square|diamond|star)\b")


def _texts(games):
    """Every text edition and private sheet of both demos, the players' press left out."""
    for path in sorted(games.glob("*/newsletters/*.txt")):
        yield path, PRESS.sub("\n", path.read_text(encoding="utf-8"))


def _pdf_texts(games):
    """The text layer of the last three PDFs of each demo (a private sheet's among Volldampf's)."""
    for game in ("demo", "volldampf-demo"):
        for path in sorted(games.glob(f"{game}/newsletters/*.pdf"))[-3:]:
            yield path, subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True,
                                       check=True).stdout


def test_every_text_of_a_german_game_is_german(german_site):
    games = german_site / "games"
    found = list(_texts(games))
    assert len(found) > 40 and any("-" in p.stem for p, _ in found)        # private sheets too
    for path, text in found:
        assert english_left(text, NAMES) == [], path
        own = QUOTED.sub("", text)                                      # a player's line is quoted as he wrote it
        assert english_order_words(own) == [], path
        assert REGIONS.findall(own) == [], path                          # a region's symbol: Kreis, not circle


def test_every_pdf_of_a_german_game_is_german(german_site):
    for path, text in _pdf_texts(german_site / "games"):
        assert english_left(" ".join(text.split()), NAMES) == [], path
        own = QUOTED.sub("", text)                                      # a player's line is quoted as he wrote it
        assert english_order_words(own) == [], path
        assert REGIONS.findall(own) == [], path                          # a region's symbol: Kreis, not circle


def test_every_text_of_an_english_game_is_english(demo_site):
    found = list(_texts(demo_site / "games"))
    assert len(found) > 40
    for path, text in found:
        assert german_left(text) == [], path


def test_every_message_has_a_german_translation_of_its_own():
    same = []
    for po in sorted(CATALOGS.glob("de/LC_MESSAGES/*.po")):
        with po.open("rb") as f:
            for message in read_po(f):
                ids = message.id if isinstance(message.id, (list, tuple)) else [message.id]
                strings = message.string if isinstance(message.string, (list, tuple)) else [message.string]
                words = re.findall(r"[a-z]{3,}", re.sub(r"\{\w*\}|%\(\w+\)[sd]", "", ids[0] or ""))
                if len(words) >= 3 and ids[0] in strings:
                    same.append(ids[0])
    assert same == []


def test_every_german_message_writes_german_order_words():
    """A translation names an order as the German reader writes it (`BAU`, not `BUILD`): the words
    of kernel/keywords.py `written_line`, which the code's own lines use."""
    english = []
    for po in sorted(CATALOGS.glob("de/LC_MESSAGES/*.po")):
        with po.open("rb") as f:
            for message in read_po(f):
                strings = message.string if isinstance(message.string, (list, tuple)) else [message.string]
                english += [(po.name, words) for text in strings if (words := english_order_words(text or ""))]
    assert english == []

"""Orders in German, read in every game from order reading 3 on (umpire/locale/keywords.yaml,
docs/languages.md): each German order reads as its English twin; games of an older reading read
as they were played; `umpire keywords --language de --json` lists every keyword."""

from __future__ import annotations

import dataclasses
import json
import random
import re
from pathlib import Path

import pytest
from helpers import run_ok
from hypothesis import given
from hypothesis import strategies as st

from umpire.families import family
from umpire.families.dampfross.gamemap import load_map
from umpire.families.dampfross.orders import KEYWORDS as DAMPFROSS_KEYWORDS
from umpire.families.dampfross.orders import parse_order
from umpire.families.volldampf.orders import TURN_OF
from umpire.kernel.keywords import german, reading_words
from umpire.kernel.order_header import HEADER_KEYWORDS, player_command, split_press

ROOT = Path(__file__).resolve().parent.parent
_TOKEN = re.compile(r"[A-Za-z]+")


def in_german(text: str, name: str, rnd: random.Random) -> str:
    """An order written with German words where the table has them, as a player might: any of
    the German words, in capitals, small letters or as a sentence begins."""
    table = german(name)
    out = []
    for line in text.splitlines():
        head, sep, rest = line.partition(" ")
        if head.upper() not in table:
            out.append(line)
            continue
        rest = _TOKEN.sub(lambda m: _any(table, m.group(), rnd), rest)
        out.append(f"{_any(table, head, rnd)}{sep}{rest}")
    return "\n".join(out) + "\n"


def _any(table: dict, word: str, rnd: random.Random) -> str:
    key = word if word in table and word.islower() else word.upper()
    if key not in table or " " in key:
        return word
    said = rnd.choice(table[key])
    return rnd.choice([said, said.lower(), said.capitalize()])


def _orders(game: str) -> list[Path]:
    return sorted((ROOT / "games" / game / "orders").glob("*/*.txt"))


def _dampfross_items(order) -> tuple:
    return (order.game, order.company, order.round, order.home, [(c.line, c.hexes) for c in order.chains],
            [(r.line, r.transport, r.action, r.partner, [x.hexes for x in r.routes], r.to) for r in order.races],
            [str(e) for e in order.errors])


def test_every_order_of_the_dampfross_demo_reads_alike_in_german():
    game_map, rnd = load_map("ireland"), random.Random(7)
    for path in _orders("demo"):
        text = path.read_text(encoding="utf-8")
        english = parse_order(text, game_map, 3)
        translated = parse_order(in_german(text, "dampfross", rnd), game_map, 3)
        assert _dampfross_items(translated)[:-1] == _dampfross_items(english)[:-1], path
        assert not translated.errors, (path, [str(e) for e in translated.errors])


def test_every_order_of_the_volldampf_demo_reads_alike_in_german():
    volldampf = family("volldampf")
    board, rnd = volldampf.load_board("volldampf-germany"), random.Random(11)
    for path in _orders("volldampf-demo"):
        text = path.read_text(encoding="utf-8")
        english = volldampf.parse_order(text, board, 3, 4)
        translated = volldampf.parse_order(in_german(text, "volldampf", rnd), board, 3, 4)
        assert (translated.game, translated.company, translated.round) == (english.game, english.company, english.round)
        assert _body(translated) == _body(english), path
        assert [str(e) for e in translated.errors] == [str(e) for e in english.errors], path


def _body(order):
    """A Volldampf order's body, each line's text as written left out (it is kept as the player wrote it)."""
    def unwritten(value):
        if isinstance(value, list):
            return [unwritten(v) for v in value]
        if isinstance(value, tuple) and len(value) == 3 and isinstance(value[2], str):
            return value[:2]                                     # `read`: (line, keyword, text)
        if dataclasses.is_dataclass(value) and hasattr(value, "text"):
            return dataclasses.replace(value, text="")
        return value
    body = order.body
    return {f.name: unwritten(getattr(body, f.name)) for f in dataclasses.fields(body)}


def test_a_refused_german_line_is_quoted_as_written():
    order = parse_order("SPIEL g\nGESELLSCHAFT rot\nBaue Nirgendwo-Dublin\n", load_map("ireland"), 3)
    assert order.game == "g" and order.company == "rot"
    assert order.errors and order.errors[0].text == "Baue Nirgendwo-Dublin"


def test_an_older_game_reads_only_english():
    order = parse_order("SPIEL g\nGESELLSCHAFT rot\nHEIMAT Dublin\n", load_map("ireland"), 2)
    assert order.game is None and order.home is None
    assert len(order.errors) == 3


def test_an_umlaut_reads_as_its_transliteration():
    volldampf = family("volldampf")
    board = volldampf.load_board("volldampf-germany")
    a = volldampf.parse_order("SPIELER anna\nRUNDE 1A\nWÄHLE 2\n", board, 3, 4)
    b = volldampf.parse_order("Spieler anna\nZug 1A\nwaehle 2\n", board, 3, 4)
    assert _body(a) == _body(b) and a.company == b.company == "anna" and a.round == b.round == "1A"
    assert not a.errors and not b.errors


@pytest.mark.parametrize("line, english", [
    ("ABWESEND VON 2026-03-01 BIS 2026-03-08", "ABSENT FROM 2026-03-01 TO 2026-03-08"),
    ("nochmal", "RESEND"), ("Stand", "STATUS"), ("WARTEN", "WAIT"), ("STATUS", "STATUS"),
])
def test_a_players_lines_to_the_umpire_in_german(line, english):
    assert player_command(line) is None or line.upper() == english
    with reading_words(3, "dampfross"):
        assert player_command(line) == english


def test_press_in_german():
    text = "SPIEL g\nPRESSE GRAU\nDie Blauen bauen zu langsam.\nPRESSEENDE\nBAU AE22-AD21\n"
    assert split_press(text)[1] == []
    with reading_words(3, "dampfross"):
        rest, press = split_press(text)
    assert [(p.text, p.grey) for p in press] == [("Die Blauen bauen zu langsam.", True)]
    assert "Blauen" not in rest and "BAU AE22-AD21" in rest


def test_the_keywords_command_lists_every_keyword():
    table = json.loads(run_ok("keywords", "--language", "de", "--json"))
    expected = set(HEADER_KEYWORDS) | set(DAMPFROSS_KEYWORDS) | set(TURN_OF) | {
        "PASS", "PRESS", "END PRESS", "ABSENT FROM .. TO ..", "WAIT", "STATUS", "RESEND", "THEN", "ELSE"}
    assert expected <= set(table)
    assert all(words and all(isinstance(w, str) and w for w in words) for words in table.values())
    assert table["BUILD"] == ["BAU", "BAUE"] and "SPIEL" in table["GAME"]
    english = json.loads(run_ok("keywords", "--language", "en", "--json"))
    assert english["BUILD"] == ["BUILD"] and set(english) == set(table)


_LINES = ["GAME demo", "COMPANY red", "ROUND 3", "HOME Dublin", "BUILD Dublin-AE23", "BUILD X30-X32-Waterford",
          "RACE 2 RUN Dublin-Athlone", "RACE 4 PASS", "PASS", "BUILD Belfast-AE10 ELSE AE11"]


@given(st.lists(st.sampled_from(_LINES), max_size=8), st.integers(0, 2**16))
def test_any_order_and_its_german_twin_read_alike(lines, seed):
    game_map = load_map("ireland")
    text = "\n".join(lines) + "\n"
    english = parse_order(text, game_map, 3)
    translated = parse_order(in_german(text, "dampfross", random.Random(seed)), game_map, 3)
    assert _dampfross_items(translated)[:-1] == _dampfross_items(english)[:-1]
    assert len(translated.errors) == len(english.errors)
    assert translated.passed == english.passed


def test_the_table_in_the_docs_is_the_umpires():
    text = (ROOT / "docs" / "languages.md").read_text(encoding="utf-8")
    for english, words in german().items():
        assert f"| `{english}` | {', '.join(f'`{w}`' for w in words)} |" in text, english


@pytest.mark.parametrize("written, name", [("Cologne", "Köln"), ("Koeln", "Köln"), ("Munich", "München"),
                                           ("muenchen", "München"), ("Nuremberg", "Nürnberg")])
def test_a_town_by_its_english_name_or_transliteration(written, name):
    game_map = load_map("germany")
    order = parse_order(f"BUILD {written}-{name}\n", game_map, 3)
    assert len(order.errors) == 1 and "is written twice in a row" in order.errors[0].message   # one hex, two names
    older = parse_order(f"BUILD {written}-{name}\n", game_map, 2)
    assert "is neither a hex label nor a town" in older.errors[0].message


def test_a_volldampf_city_by_its_english_name():
    board = family("volldampf").load_board("volldampf-germany")
    assert board.location("Vienna") is None                       # an older game's reading
    with reading_words(3, "volldampf"):
        assert board.location("Vienna").name == "Wien" and board.location("cologne").name == "Köln"

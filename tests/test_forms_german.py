"""What the umpire writes to a German reader uses German order words (kernel/keywords.py
`written_line`, kernel/form_marks.py): forms, examples and confirmations; each reads back as its
English twin in every game that reads German, and an English reader is written to as before."""

from __future__ import annotations

import pytest
from test_keywords_german import _body, _dampfross_items, _orders

from umpire.families import family
from umpire.families.dampfross.gamemap import load_map
from umpire.families.dampfross.orders import parse_order
from umpire.kernel import form_marks
from umpire.kernel.keywords import reading_words, written_line
from umpire.kernel.language import speaking
from umpire.kernel.order_header import game_named
from umpire.mail.replystyle import order_lines


@pytest.mark.parametrize("family_name, english, german", [
    ("dampfross", "RACE 3 RUN A1-B2 TO C3 ELSE A1-C3", "RENNEN 3 FAHRE A1-B2 NACH C3 SONST A1-C3"),
    ("dampfross", "AFTER 7 BUILD A1-B2", "NACH 7 BAU A1-B2"),
    ("dampfross", "JOINT blue A1-B2", "GEMEINSAM blue A1-B2"),         # a company id is no colour here
    ("volldampf", "MOVE blue Kiel-Hamburg ELSE DECLINE", "FAHRE blau Kiel-Hamburg SONST VERZICHTE"),
    ("volldampf", "EXTRA MOVE 1 blue:Kiel red:Bremen", "ZUSATZ FAHRE 1 blau:Kiel rot:Bremen"),
    ("volldampf", "REPLAN yellow Kiel TO Bremen NOW", "UMPLANEN gelb Kiel NACH Bremen JETZT"),
    ("volldampf", "SABOTAGE anna MOVE 1 GAIN 2", "SABOTIERE anna FAHRE 1 GEWINN 2"),
    ("volldampf", "ROUND 3B", "ZUG 3B"),
    (None, "ROUND 3", "RUNDE 3"),
    (None, "PRESS GREY", "PRESSE ANONYM"),
    (None, "ABSENT FROM 2026-03-01 TO 2026-03-09", "ABWESEND VON 2026-03-01 BIS 2026-03-09"),
    (None, "{ROUND} and %(GAME)s stay", "{ROUND} and %(GAME)s stay"),     # a catalog's placeholders
])
def test_a_line_written_for_a_german_reader(family_name, english, german):
    with speaking("de"):
        assert written_line(english, family_name) == german
    assert written_line(english, family_name) == english


def test_every_order_of_the_dampfross_demo_written_in_german_reads_alike():
    game_map = load_map("ireland")
    for path in _orders("demo"):
        text = path.read_text(encoding="utf-8")
        with speaking("de"):
            german = "\n".join(written_line(line, "dampfross") for line in text.splitlines()) + "\n"
        assert german != text, path
        english, translated = parse_order(text, game_map, 3), parse_order(german, game_map, 3)
        assert _dampfross_items(translated)[:-1] == _dampfross_items(english)[:-1], path
        assert not translated.errors, (path, [str(e) for e in translated.errors])


def test_every_order_of_the_volldampf_demo_written_in_german_reads_alike():
    volldampf = family("volldampf")
    board = volldampf.load_board("volldampf-germany")
    for path in _orders("volldampf-demo"):
        text = path.read_text(encoding="utf-8")
        with speaking("de"):
            german = "\n".join(written_line(line, "volldampf") for line in text.splitlines()) + "\n"
        english, translated = volldampf.parse_order(text, board, 3, 4), volldampf.parse_order(german, board, 3, 4)
        assert (translated.game, translated.company, translated.round) == (english.game, english.company, english.round)
        assert _body(translated) == _body(english), path
        assert [str(e) for e in translated.errors] == [str(e) for e in english.errors], path


def test_a_german_form_title_is_left_out_where_german_is_read():
    with speaking("de"):
        title, one = form_marks.title(3, 4), form_marks.title("3B")
    assert (title, one) == ("BEFEHLSBÖGEN FÜR RUNDE 3", "BEFEHLSBOGEN FÜR ZUG 3B")
    assert form_marks.turn_of_title(title) is None                  # an older game reads English only
    with reading_words(3):
        assert form_marks.turn_of_title(title) == "3" and form_marks.turn_of_title(one) == "3B"
        assert form_marks.turn_of_title("Befehlsboegen fuer Runde 3") == "3"
    with reading_words(2):
        assert form_marks.turn_of_title(title) is None
    assert form_marks.title(3, 4) == "ORDER FORMS FOR ROUND 3"


def test_a_german_form_header_and_its_code_blank():
    with speaking("de"):
        header = form_marks.header_lines("g1", "red", 3)
        assert form_marks.is_code_blank(header[2]) and form_marks.code_line("tulip-42") == "CODE tulip-42"
    assert header == ["SPIEL g1", "GESELLSCHAFT red", "CODE <Ihr Befehlscode>", "RUNDE 3"]
    assert form_marks.header_lines("g1", "red", 3) == ["GAME g1", "COMPANY red", "CODE <your order code>", "ROUND 3"]


def test_a_german_form_quoted_in_a_reply_is_the_order():
    with speaking("de"):
        form = [form_marks.title(3, 2), *form_marks.header_lines("g1", "red", 3), "BAU <Feld>-<Feld>-...", "",
                *form_marks.header_lines("g1", "blue", 3), "BAU <Feld>-<Feld>-..."]
    quoted = "\n".join(f"> {line}" for line in form).replace("CODE <Ihr Befehlscode>", "CODE tulip-42", 1)
    text = order_lines("Hier mein Befehl.\n\nAm 6. März 2026 um 10:00 schrieb Spielleiter:\n" + quoted + "\n")
    assert [line for line in text.splitlines() if line] == ["Hier mein Befehl.", "SPIEL g1", "GESELLSCHAFT red",
                                                             "CODE tulip-42", "RUNDE 3"]


def test_a_spiel_line_names_the_game():
    assert game_named("Guten Tag,\n\nSpiel: g1\nGESELLSCHAFT red\n") == "g1"
    assert game_named("GAME g2\n") == "g2"


@pytest.mark.parametrize("players, merged", [(2, False), (3, True)])
def test_a_german_private_sheets_examples_read_as_the_english_ones_through_a_whole_game(players, merged):
    from test_volldampf_orderform import BOARD, _hands, examples
    from volldampf_helpers import FakeDraws, rules

    from umpire.families.volldampf import engine
    from umpire.families.volldampf.family import FAMILY
    from umpire.families.volldampf.orderform import order_form

    seats = [f"p{i}" for i in range(1, players + 1)]
    r = rules(players)
    r._data["options"]["merge_build_move"] = merged
    draws = FakeDraws(f"german forms {players}")
    _, state = engine.start_game(BOARD, r, seats, {p: p for p in seats}, draws)
    state.game = "vm"
    for turn in range(40):
        if state.turn == "finished":
            break
        if turn % 2:
            _hands(state, seats)
        bodies = {}
        for p in seats:
            english = order_form(BOARD, r, state, p)
            with speaking("de"):
                german = order_form(BOARD, r, state, p)
                blank = form_marks.code_line()
            assert german[0] == f"BEFEHLSBOGEN FÜR ZUG {state.round}{state.turn}"
            sent = _sent(examples(english)).replace(form_marks.code_line(), "CODE tulip-1")
            with reading_words(3, "volldampf"):
                said = _sent(_german_examples(german)).replace(blank, "CODE tulip-1")
            read, read_german = (FAMILY.parse_order(text, BOARD, players=players) for text in (sent, said))
            assert not read_german.errors, ([str(e) for e in read_german.errors], german)
            assert _body(read_german) == _body(read), (german, english)
            bodies[p] = read.body
        events, state = engine.resolve(state, BOARD, r, bodies, draws)
    assert state.turn == "finished"


def _german_examples(form: list[str]) -> list[str]:
    """A German form's example lines with their `#` taken out, as a player sends them."""
    from umpire.families.volldampf.orders import TURN_OF
    from umpire.kernel.keywords import english_keyword

    return [line[2:] if line.startswith("# ") and line[2:3].isupper() and
            english_keyword(line[2:].split(" ", 1)[0])[0] in TURN_OF else line for line in form]



def _sent(lines: list[str]) -> str:
    """The lines a player sends back, the notes left out (a German note wraps otherwise)."""
    return "".join(f"{line}\n" for line in lines if not line.startswith("#"))

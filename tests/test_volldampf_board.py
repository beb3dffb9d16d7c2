"""Board format graph-1: the model, its lookups, and every refusal naming file, line and field."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from umpire.errors import DataError
from umpire.families.volldampf.board import SYMBOLS, load_board

TINY = Path(__file__).parent / "maps" / "volldampf-tiny.yaml"
TEXT = TINY.read_text(encoding="utf-8")
OUTLINE = """outline:
  bounds: [-12, -2, 14, 15]
  land:
    - [[-12, -2], [14, -2], [14, 12], [-12, 12], [-12, -2]]
  lakes:
    - [[1, 1], [2, 1], [2, 2], [1, 1]]
  rivers:
    - [[0, 0], [3, 4.5]]
  borders:
    - [[-8, -2], [-7, 12]]
"""


def refused(tmp_path, old: str, new: str) -> str:
    assert old in TEXT, old
    path = tmp_path / "board.yaml"
    path.write_text(TEXT.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(DataError) as exc:
        load_board(path)
    message = exc.value.message
    assert message.startswith(f"{path}, line "), message
    return message


def line_of(text: str) -> int:
    return TEXT.splitlines().index(next(line for line in TEXT.splitlines() if text in line)) + 1


def test_the_tiny_board_loads_with_every_colour_and_all_six_regions():
    board = load_board(TINY)
    assert {loc.colour for loc in board.locations.values()} == {"blue", "violet", "red", "yellow", "none"}
    assert set(board.regions) == set(SYMBOLS)
    assert {link.region for link in board.links.values()} == set(SYMBOLS)
    assert len(board.goods_cards) == 18
    assert board.coordinates == "xy"


def test_a_location_is_found_by_id_name_or_name_without_umlauts_in_any_case():
    board = load_board(TINY)
    for text in ("KOE", "koe", "Köln", "KÖLN", "koln", "Koeln"):
        assert board.location(text).id == "KOE", text
    assert board.location("Kiel") is None


def test_two_links_may_join_the_same_pair_and_both_are_found():
    board = load_board(TINY)
    assert [link.id for link in board.links_between("HAN", "BER")] == ["L6", "L14"]
    assert [link.id for link in board.links_between("BER", "HAN")] == ["L6", "L14"]
    assert board.links_between("HAM", "BER") == []


def test_links_at_a_location_and_the_far_end():
    board = load_board(TINY)
    assert [link.id for link in board.links_at("HAM")] == ["L1", "L2", "L4", "L13"]
    assert [board.links[i].other("HAM") for i in ("L1", "L2")] == ["HAN", "BRE"]
    assert board.link("l14").cost == 8
    assert board.describe(board.links["L1"]) == "L1 Hamburg-Hannover (circle, 5)"


def test_of_colour_keeps_map_order():
    board = load_board(TINY)
    assert [loc.id for loc in board.of_colour("blue")] == ["HAM", "BER", "KOE"]


def test_a_link_end_must_exist(tmp_path):
    message = refused(tmp_path, "a: KOE, b: PAR", "a: KOE, b: ROM")
    assert f"line {line_of('id: L10,')}, links[10].b (L10)" in message
    assert "'ROM'" in message


def test_a_cost_must_be_positive(tmp_path):
    message = refused(tmp_path, "region: circle, cost: 5}", "region: circle, cost: 0}")
    assert f"line {line_of('id: L1,')}, links[1].cost (L1)" in message


def test_a_link_must_name_a_region_of_the_board(tmp_path):
    message = refused(tmp_path, "region: circle, cost: 5}", "region: hexagon, cost: 5}")
    assert "links[1].region (L1)" in message and "octagon" in message


def test_location_ids_are_unique(tmp_path):
    message = refused(tmp_path, "{id: BRE, name: Bremen", "{id: HAM, name: Bremen")
    assert f"line {line_of('name: Bremen')}, locations[2]" in message


def test_location_names_are_unique_in_any_case(tmp_path):
    message = refused(tmp_path, "name: Bremen", "name: HAMBURG")
    assert "locations[2]" in message and "already names HAM" in message


def test_link_ids_are_unique(tmp_path):
    message = refused(tmp_path, "{id: L2,", "{id: l1,")
    assert f"line {line_of('id: L2,')}, links[2].id" in message


def test_a_link_id_may_not_be_a_location_name(tmp_path):
    message = refused(tmp_path, "{id: L2,", "{id: Bremen,")
    assert "links[2].id" in message


def test_a_name_may_not_carry_a_hyphen_because_routes_use_them(tmp_path):
    message = refused(tmp_path, "name: Wittenberge", "name: Witten-Berge")
    assert "locations[7].name" in message and "hyphen" in message


def test_a_colour_must_be_a_location_colour(tmp_path):
    message = refused(tmp_path, "colour: violet, x: -3", "colour: green, x: -3")
    assert "locations[2].colour (Bremen)" in message


def test_region_card_counts_are_whole_numbers(tmp_path):
    message = refused(tmp_path, "colour: pink, cards: 8", "colour: pink, cards: 0")
    assert f"line {line_of('colour: pink')}, regions[2].cards (triangle)" in message


def test_regions_are_named_by_symbol(tmp_path):
    message = refused(tmp_path, "name: star,", "name: green,")
    assert "regions[6].name" in message and "symbol" in message


def test_a_goods_card_names_coloured_locations(tmp_path):
    message = refused(tmp_path, "  - [HAM, BER, PAR]", "  - [HAM, WIT, PAR]")
    assert f"line {line_of('[HAM, BER, PAR]')}, goods_cards[1][2]" in message and "junction" in message


def test_a_goods_card_names_three_locations(tmp_path):
    message = refused(tmp_path, "  - [HAM, BER, PAR]", "  - [HAM, BER]")
    assert "goods_cards[1]" in message and "not 3" in message


def test_there_are_eighteen_goods_cards(tmp_path):
    message = refused(tmp_path, "  - [PAR, KOP, BER]\n", "")
    assert "17 goods cards, not 18" in message


def test_unknown_keys_are_refused(tmp_path):
    message = refused(tmp_path, "  - {id: L1, a: HAM,", "  - {id: L1, via: X, a: HAM,")
    assert "links[1].via" in message


def test_the_format_must_be_graph_1(tmp_path):
    message = refused(tmp_path, "format: graph-1", "format: 1")
    assert "line 3, format" in message


def test_an_unknown_board_name_says_what_would_work():
    with pytest.raises(DataError) as exc:
        load_board("no-such-board")
    assert "umpire map list" in exc.value.message


def test_an_outline_is_read_as_lines_of_points(tmp_path):
    path = tmp_path / "board.yaml"
    path.write_text(TEXT + OUTLINE, encoding="utf-8")
    outline = load_board(path).outline
    assert outline.bounds == (-12, -2, 14, 15)
    assert outline.rivers == (((0.0, 0.0), (3.0, 4.5)),)
    assert len(outline.land[0]) == 5 and len(outline.lakes) == 1 and len(outline.borders) == 1


def test_an_outline_point_must_be_a_pair_of_numbers(tmp_path):
    path = tmp_path / "board.yaml"
    path.write_text(TEXT + OUTLINE.replace("[[0, 0], [3, 4.5]]", "[[0, 0], [3, .nan]]"), encoding="utf-8")
    with pytest.raises(DataError) as exc:
        load_board(path)
    assert "outline.rivers[1]" in exc.value.message and "not a point" in exc.value.message


def test_a_position_must_be_a_finite_number(tmp_path):
    message = refused(tmp_path, "x: 0, y: 10}", "x: .inf, y: 10}")
    assert "locations[1].x (Hamburg)" in message


@settings(max_examples=150, deadline=None)
@given(st.integers(0, len(TEXT + OUTLINE) - 1), st.integers(0, 40), st.text(max_size=8))
def test_any_edit_of_a_board_loads_or_is_refused_with_the_file_named(tmp_path_factory, start, length, insert):
    path = tmp_path_factory.mktemp("b") / "board.yaml"
    text = TEXT + OUTLINE
    path.write_text(text[:start] + insert + text[start + length:], encoding="utf-8")
    try:
        load_board(path)
    except DataError as exc:
        assert str(path) in exc.message


def test_region_cards_are_checked_against_a_rulesets_numbers():
    board = load_board(TINY)
    board.check_cards(6, 8)
    with pytest.raises(DataError) as exc:
        board.check_cards(6, 9)
    assert str(TINY) in exc.value.message and "octagon has 8" in exc.value.message
    with pytest.raises(DataError):
        board.check_cards(5, 8)

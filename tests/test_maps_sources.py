"""A map drawn from a source file is exactly what tools/place_cities.py draws from it today."""

from __future__ import annotations

import contextlib
import importlib.util
import io
from pathlib import Path

import pytest
import yaml
from helpers import hex_map_source

ROOT = Path(__file__).parent.parent
SOURCES = sorted(p for p in (ROOT / "maps" / "sources").glob("*.yaml") if hex_map_source(p))


def drawing_tool():
    spec = importlib.util.spec_from_file_location("place_cities", ROOT / "tools" / "place_cities.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# Drawing a map takes seconds: the demo's map in the default run, the others in the slow profile.
@pytest.mark.parametrize("source", [pytest.param(p, id=p.stem, marks=() if p.stem == "ireland" else pytest.mark.slow)
                                    for p in SOURCES])
def test_the_map_file_is_drawn_from_its_source(source):
    data = yaml.safe_load(source.read_text(encoding="utf-8"))
    with contextlib.redirect_stderr(io.StringIO()):
        drawn = drawing_tool().draw(data)
    assert (ROOT / "maps" / f"{data['name']}.yaml").read_text(encoding="utf-8") == drawn, \
        f"maps/{data['name']}.yaml differs from its source: run tools/place_cities.py --map {source}"


def test_a_river_is_walked_along_touching_edges():
    tool = drawing_tool()
    source = {"name": "t", "title": "T", "layout": "odd-q", "width": 12, "height": 10,
              "bounds": {"north": 10.0, "south": 0.0, "west": 0.0, "east": 8.0},
              "land": [{"name": "L", "points": [[10, 0], [10, 8], [0, 8], [0, 0]]}],
              "rivers": [{"name": "R", "points": [[9, 1], [5, 4], [1, 7]]}],
              "cities": [{"name": "A", "lat": 8, "lon": 6, "stations": [11], "home": True}]}
    with contextlib.redirect_stderr(io.StringIO()):
        text = tool.draw(source)
    path = ROOT / "tests" / "maps" / "_drawn.yaml"
    from umpire.families.dampfross.gamemap import _Checker
    from umpire.kernel.yamlfile import _Loader
    game_map = _Checker(path, yaml.load(text, Loader=_Loader)).read()      # the loader checks continuity
    assert len(game_map.river_names["R"]) >= 8


def drawn_map(source: dict):
    """Draw a source and load the result as the umpire loads a map (the loader checks it)."""
    from umpire.families.dampfross.gamemap import _Checker
    from umpire.kernel.yamlfile import _Loader
    with contextlib.redirect_stderr(io.StringIO()):
        text = drawing_tool().draw(source)
    return _Checker(ROOT / "tests" / "maps" / "_drawn.yaml", yaml.load(text, Loader=_Loader)).read()


def small_source(**more) -> dict:
    """A 12 x 10 grid over 10 x 8 degrees; home land is a square in the middle."""
    source = {"name": "t", "title": "T", "layout": "odd-q", "width": 12, "height": 10,
              "bounds": {"north": 10.0, "south": 0.0, "west": 0.0, "east": 8.0},
              "land": [{"name": "L", "points": [[8, 2], [8, 6], [2, 6], [2, 2]]}],
              "cities": [{"name": "A", "lat": 5, "lon": 4, "stations": [11], "home": True}]}
    source.update(more)
    return source


def test_abroad_is_a_band_round_the_home_land_and_the_rest_is_off_the_map():
    game_map = drawn_map(small_source(abroad={"depth": 1}))
    home = {h for h in game_map.all_hexes if game_map.char(h) == "."}
    for h in game_map.all_hexes:
        near = min(game_map.grid.distance(h, k) for k in home)
        assert game_map.char(h) == {0: ".", 1: ","}.get(near, " "), h


def test_abroad_all_makes_every_other_hex_foreign():
    game_map = drawn_map(small_source(abroad={"depth": "all"}))
    assert {game_map.char(h) for h in game_map.all_hexes} == {".", ","}


def test_a_foreign_polygon_carves_the_home_land_in_a_band_and_names_the_border():
    source = small_source(abroad={"depth": 1}, land=[{"name": "L", "points": [[10, 0], [10, 8], [0, 8], [0, 0]]}],
                          foreign=[{"name": "F", "points": [[10, 0], [10, 3], [0, 3], [0, 0]]}],
                          extra={"specials": [{"number": 1, "name": "F", "hexes": [{"border": "F"}]}]})
    game_map = drawn_map(source)
    border = set(game_map.specials[1].hexes)
    assert border and all(game_map.char(h) == "," for h in border)
    assert all(any(game_map.char(n) == "." for n in game_map.grid.neighbours(h)) for h in border)
    assert not any(game_map.char(h) == " " for h in game_map.all_hexes if game_map.grid.to_axial(h)[0] < 4)


def test_a_ridge_line_is_mountain_and_a_pass_line_crosses_it():
    ridge = [[9, 3], [1, 3]]
    pass_line = [[5, 1], [5, 5]]
    tool = drawing_tool()
    source = small_source(mountains=[{"name": "R", "line": ridge}], passes=[{"name": "P", "line": pass_line}])
    game_map = drawn_map(source)
    drawing = tool.Drawing(source)
    crossing = set(drawing.line(pass_line))
    ridge_hexes = [h for h in drawing.line(ridge) if game_map.char(h) in ".^"]
    assert any(game_map.char(h) == "^" for h in ridge_hexes)
    assert all(game_map.char(h) == "." for h in ridge_hexes if h in crossing)


def river_source(**river) -> dict:
    return small_source(land=[{"name": "L", "points": [[10, 0], [10, 8], [0, 8], [0, 0]]}],
                        rivers=[{"name": "R", "points": [[9, 4], [1, 4]], **river}])


def test_round_takes_the_river_to_the_other_side_of_a_hex_and_keeps_it_continuous():
    plain = drawn_map(river_source())
    side = {h for e in plain.river_names["R"] for h in e}
    target = next(h for h in sorted(side) if sum(h in e for e in plain.river_names["R"]) >= 2)
    from umpire.families.dampfross.hexgrid import label
    turned = drawn_map(river_source(round=[label(target)]))
    before = {e for e in plain.river_names["R"] if target in e}
    after = {e for e in turned.river_names["R"] if target in e}
    assert before and after and not before & after and len(before | after) == 6


def test_a_barrier_stretch_goes_to_barriers_and_kind_at_opens_a_crossing():
    game_map = drawn_map(river_source(kind="barrier"))
    assert game_map.barriers and not game_map.rivers
    first = sorted(game_map.barriers)[0]
    from umpire.families.dampfross.hexgrid import label
    crossing = f"{label(first[0])}/{label(first[1])}"
    opened = drawn_map(river_source(kind="barrier", kind_at={crossing: "broad"}))
    assert first not in opened.barriers and opened.rivers == {first: "broad"}


def test_kinds_give_each_stretch_its_own_kind():
    source = small_source(land=[{"name": "L", "points": [[10, 0], [10, 8], [0, 8], [0, 0]]}],
                          rivers=[{"name": "R", "kinds": ["river", "broad"], "points": [[9, 4], [5, 4], [1, 4]]}])
    game_map = drawn_map(source)
    assert set(game_map.rivers.values()) == {"river", "broad"}
    assert set(game_map.river_names) == {"R 1", "R 2"}


def test_an_edge_of_two_kinds_keeps_the_strongest():
    source = river_source(kind="broad")
    source["rivers"].append({"name": "T", "points": [[9, 4], [1, 4]]})      # the same course, ordinary
    game_map = drawn_map(source)
    assert set(game_map.rivers.values()) == {"broad"} and "T" not in game_map.river_names


def test_a_junction_goes_to_the_nearest_free_foreign_hex_on_the_border():
    source = small_source(abroad={"depth": 2}, junctions=[{"name": "J", "lat": 9.5, "lon": 4}])
    game_map = drawn_map(source)
    j = game_map.junctions[0].hex
    assert game_map.char(j) == "," and any(game_map.char(n) == "." for n in game_map.grid.neighbours(j))


def whole_box(**more) -> dict:
    """Home land over the whole 12 x 10 box (abroad: all), for terrain drawn on top of it."""
    return small_source(abroad={"depth": "all"}, land=[{"name": "L", "points": [[11, -1], [11, 9], [-1, 9], [-1, -1]]}],
                        **more)


def test_a_water_outline_with_a_share_takes_the_hexes_that_much_inside_it():
    def water(**share):
        lake = {"name": "W", "points": [[7.3, 1.3], [7.3, 5.2], [2.6, 5.2], [2.6, 1.3]], **share}
        game_map = drawn_map(whole_box(water=[lake], cities=[{"name": "A", "lat": 9, "lon": 7, "stations": [11],
                                                               "home": True}]))
        return {h for h in game_map.all_hexes if game_map.char(h) == "~"}
    most, centre, some = water(share=1.0), water(), water(share=0.1)
    assert most < centre < some


def test_a_ridge_with_a_width_is_the_band_of_hexes_that_near_its_line_with_no_gap():
    ridge = [[5, 0.5], [5, 7.5]]
    source = whole_box(mountains=[{"name": "R", "line": ridge, "width": 1.7}],
                       cities=[{"name": "A", "lat": 9, "lon": 4, "stations": [11], "home": True}])
    game_map = drawn_map(source)
    tool = drawing_tool()
    drawing = tool.Drawing(source)
    a, b = (drawing.xy(p) for p in ridge)
    near = {h for h in game_map.all_hexes if tool.distance_to_segment(drawing.centre[h], a, b) <= 1.7}
    assert near == {h for h in game_map.all_hexes if game_map.char(h) == "^"}
    crossed = {c for c in range(game_map.grid.width) if a[0] <= drawing.centre[(c, 0)][0] <= b[0]}
    assert crossed <= {c for c, _ in near}                # every column under the line has a mountain hex
    assert set(drawing.line(ridge)) != near               # wider than the line of hexes under it


def test_a_pass_with_a_summit_crosses_the_range_by_that_one_mountain_hex():
    ridge = {"name": "R", "line": [[5, 0.5], [5, 7.5]], "width": 1.0}
    crossing = {"name": "P", "line": [[9, 4], [1, 4]], "summit": [5, 4]}
    tool = drawing_tool()
    source = whole_box(mountains=[ridge], passes=[crossing],
                       cities=[{"name": "A", "lat": 9, "lon": 7, "stations": [11], "home": True}])
    game_map = drawn_map(source)
    drawing = tool.Drawing(source)
    summit = drawing.hex_at(5, 4)
    assert game_map.char(summit) == "^"
    assert all(game_map.char(h) == "." for h in drawing.line(crossing["line"]) if h != summit)
    with pytest.raises(SystemExit):
        drawn_map(whole_box(mountains=[ridge], passes=[{**crossing, "summit": [5, 1]}]))


def test_a_joining_river_ends_on_a_corner_of_the_river_before_it():
    main = {"name": "M", "points": [[4.2, 0.5], [4.2, 7.5]]}
    tributary = {"name": "T", "points": [[9.5, 3.1], [5.1, 3.1]]}

    def end_on_main(**joins) -> set:
        drawing = drawing_tool().Drawing(whole_box())
        char = drawing.terrain()
        graph = drawing.corner_graph()
        walked = [e for _, edges in drawing.river(main, graph, char) for e in edges]
        last = drawing.river({**tributary, **joins}, graph, char)[-1][1][-1]
        return {v for e in walked for v in drawing.ends[e]} & set(drawing.ends[last])

    assert not end_on_main()                    # its course alone stops short of the main river
    assert end_on_main(joins=True)
    with pytest.raises(SystemExit):
        drawn_map(whole_box(rivers=[{**tributary, "joins": True}]))


def test_a_border_river_runs_along_every_edge_between_home_land_and_that_country_in_its_area():
    source = small_source(abroad={"depth": 1}, land=[{"name": "L", "points": [[10, 0], [10, 8], [0, 8], [0, 0]]}],
                          foreign=[{"name": "F", "points": [[10, 0], [10, 3.3], [0, 3.3], [0, 0]]}],
                          rivers=[{"name": "B", "border": "F", "area": [[10, 0], [10, 8], [4, 8], [4, 0]]}])
    game_map = drawn_map(source)
    drawing = drawing_tool().Drawing(source)
    drawing.terrain()
    north = drawing.xy((4, 0))[1]
    expected = {tuple(sorted((h, n))) for h in game_map.all_hexes if game_map.char(h) == "."
                and drawing.centre[h][1] < north for n in game_map.grid.neighbours(h) if drawing.country.get(n) == "F"}
    assert expected and set(game_map.rivers) == expected
    assert sum(len(edges) for edges in game_map.river_names.values()) == len(expected)


def test_a_border_special_with_an_area_keeps_the_border_hexes_inside_it():
    area = [[10, 0], [10, 8], [6, 8], [6, 0]]
    source = small_source(abroad={"depth": 1}, land=[{"name": "L", "points": [[10, 0], [10, 8], [0, 8], [0, 0]]}],
                          foreign=[{"name": "F", "points": [[10, 0], [10, 3], [0, 3], [0, 0]]}],
                          extra={"specials": [{"number": 1, "name": "F", "hexes": [{"border": "F"}]},
                                              {"number": 2, "name": "F north",
                                               "hexes": [{"border": "F", "area": area}]}]})
    game_map = drawn_map(source)
    drawing = drawing_tool().Drawing(source)
    north = drawing.xy((6, 0))[1]
    inside = {h for h in game_map.specials[1].hexes if drawing.centre[h][1] < north}
    assert inside and set(game_map.specials[2].hexes) == inside < set(game_map.specials[1].hexes)

"""A map drawn from a source file is exactly what tools/place_cities.py draws from it today."""

from __future__ import annotations

import contextlib
import importlib.util
import io
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).parent.parent
SOURCES = sorted((ROOT / "maps" / "sources").glob("*.yaml"))


def drawing_tool():
    spec = importlib.util.spec_from_file_location("place_cities", ROOT / "tools" / "place_cities.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("source", SOURCES, ids=[p.stem for p in SOURCES])
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
    from umpire.gamemap import _Checker
    from umpire.yamlfile import _Loader
    game_map = _Checker(path, yaml.load(text, Loader=_Loader)).read()      # the loader checks continuity
    assert len(game_map.river_names["R"]) >= 8

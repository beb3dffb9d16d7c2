"""How long loading and checking the largest bundled maps takes."""

import pytest

from umpire.families.dampfross.gamemap import load_map


@pytest.mark.parametrize("name", ["ireland", "germany", "france"])
def test_load_map(benchmark, name):
    game_map = benchmark(load_map, name)
    assert len(game_map.stations) == 36

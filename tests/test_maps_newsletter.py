"""Every bundled map opens a game with its own edition's rules and draws in newsletter 001."""

from pathlib import Path

import pytest
from helpers import hex_map

from umpire.families.dampfross.gamemap import load_map
from umpire.usecases import actions

MAPS = sorted(p.stem for p in (Path(__file__).parent.parent / "maps").glob("*.yaml") if hex_map(p))


@pytest.mark.parametrize("name", MAPS)
def test_a_game_opens_on_the_map_and_its_newsletter_is_drawn(tmp_path, name):
    rules = load_map(name).edition or "laurin"
    folder, _ = actions.create_game(tmp_path / "g", name, rules, ["red:Red", "blue:Blue", "green:Green"], seed="s")
    pdf = (folder.path / "newsletters" / "001.pdf").read_bytes()
    assert pdf.startswith(b"%PDF") and len(pdf) > 20000

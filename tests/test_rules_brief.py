"""What a player is told to write orders: the edition's costs and how hexes neighbour on the map."""

from __future__ import annotations

import subprocess

import pytest
from click.testing import CliRunner

from umpire.cli import main
from umpire.families.dampfross.gamemap import load_map
from umpire.families.dampfross.hexgrid import parse_label
from umpire.families.dampfross.render import rules_brief
from umpire.families.dampfross.ruleset import load_rules
from umpire.resources import data_dir

MAPS = sorted(p.stem for p in (data_dir("maps")).glob("*.yaml") if not p.stem.startswith("volldampf"))


@pytest.mark.parametrize("edition, mountain, mountains, bonus, building", [
    ("laurin", "3 points", "5 points", "6 units", "10 units every 2nd transport; fees on top"),
    ("schmidt", "3 points", "5 points", "6 units", "up to its income after each transport; fees included"),
    ("buetehorn", "4 points", "6 points", "5 units", "up to its income after each transport; fees included"),
])
def test_the_costs_are_the_editions_own(edition, mountain, mountains, bonus, building):
    rows = dict(rules_brief.costs(load_rules(edition)))
    assert rows["Plain to plain or city"] == "1 point"
    assert rows["Into or out of a mountain"] == mountain
    assert rows["Mountain to mountain"] == mountains
    assert rows["Across a river"] == "2 points more"
    assert rows["City bonus, first to connect"].startswith(bonus)
    assert rows["Fee, parallel to a rival, per half hex"] == "2 units"
    assert rows["Building after transports"] == building


def test_a_game_option_changes_the_table():
    rows = dict(rules_brief.costs(load_rules("laurin", {"construction.costs.mountain_edge": 4})))
    assert rows["Into or out of a mountain"] == "4 points"


# Where each neighbour lies on the page, as x and y in the hex centres' own units (y up).
FLAT = {"above": (0, 2), "upper right": (1.5, 1), "lower right": (1.5, -1), "below": (0, -2),
        "lower left": (-1.5, -1), "upper left": (-1.5, 1)}
POINTY = {"right": (2, 0), "upper right": (1, 1.5), "upper left": (-1, 1.5), "left": (-2, 0),
          "lower left": (-1, -1.5), "lower right": (1, -1.5)}


def centre(layout: str, label: str) -> tuple[float, float]:
    """A hex's centre on the printed map, from its offset coordinates alone (y up)."""
    col, row = parse_label(label)
    if layout.endswith("q"):
        shoved = (col % 2 == 1) == (layout == "odd-q")
        return col * 1.5, -(row * 2 + (1 if shoved else 0))
    shoved = (row % 2 == 1) == (layout == "odd-r")
    return col * 2 + (1 if shoved else 0), -row * 1.5


@pytest.mark.parametrize("name", MAPS)
def test_every_neighbour_is_shown_where_it_lies_on_the_map(name):
    game_map = load_map(name)
    layout = game_map.grid.layout
    examples = rules_brief.neighbour_examples(game_map)
    assert len(examples) == 2
    parities = set()
    for example in examples:
        h = parse_label(example["hex"])
        assert {parse_label(x) for x in example["around"].values()} == set(game_map.grid.neighbours(h))
        cx, cy = centre(layout, example["hex"])
        for place, label in example["around"].items():
            x, y = centre(layout, label)
            assert (x - cx, y - cy) == (FLAT if layout.endswith("q") else POINTY)[place], (example, place)
        parities.add(h[0] % 2 if layout.endswith("q") else h[1] % 2)
    assert parities == {0, 1}                       # one of each: shoved and not


def test_the_text_flower_puts_each_label_in_its_place():
    example = {"hex": "S22", "around": {"above": "S21", "upper right": "T21", "lower right": "T22",
                                        "below": "S23", "lower left": "R22", "upper left": "R21"}}
    assert rules_brief.text_flower(example, "odd-q") == [
        "       S21", " R21         T21", "       S22", " R22         T22", "       S23"]


def test_newsletter_001_states_costs_and_neighbours_in_text_and_pdf(tmp_path):
    assert CliRunner().invoke(main, ["demo", str(tmp_path)]).exit_code == 0
    text = (tmp_path / "demo" / "newsletters" / "001.txt").read_text(encoding="utf-8")
    assert "WHAT BUILDING COSTS" in text and "Into or out of a mountain" in text
    assert "HOW HEXES NEIGHBOUR ON THIS MAP" in text and "the columns B, D, F and so on" in text
    later = (tmp_path / "demo" / "newsletters" / "002.txt").read_text(encoding="utf-8")
    assert "WHAT BUILDING COSTS" not in later              # the text edition says it once
    pdf = subprocess.run(["pdftotext", "-layout", str(tmp_path / "demo" / "newsletters" / "002.pdf"), "-"],
                         check=True, capture_output=True, text=True).stdout
    assert "What building costs" in pdf and "How hexes neighbour on this map" in pdf
    example = rules_brief.neighbour_examples(load_map("ireland"))[0]
    assert all(label in pdf for label in [example["hex"], *example["around"].values()])

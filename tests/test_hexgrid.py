"""The hex grid: labels, the four offset layouts, neighbours, distance, straight runs."""

import pytest
from helpers import h

from umpire.families.dampfross.hexgrid import Grid, column_index, column_letters, edge, label, parse_label


def labels(hexes):
    return sorted(label(x) for x in hexes)


def test_labels_column_letters_then_row_number():
    assert label((0, 0)) == "A1"
    assert label((10, 11)) == "K12"
    assert column_letters(25) == "Z" and column_letters(26) == "AA" and column_letters(27) == "AB"
    assert column_index("AZ") == 51 and column_index("BA") == 52


def test_labels_are_case_insensitive():
    assert parse_label("k12") == parse_label("K12") == (10, 11)
    assert parse_label("ab7") == (27, 6)


def test_not_a_label():
    assert parse_label("K") is None and parse_label("12") is None and parse_label("K0") is None


@pytest.mark.parametrize("layout, hexes, expected", [
    # odd-q: columns B, D, F... are shoved down
    ("odd-q", "C3", ["B2", "B3", "C2", "C4", "D2", "D3"]),
    ("odd-q", "D3", ["C3", "C4", "D2", "D4", "E3", "E4"]),
    # even-q: columns A, C, E... are shoved down
    ("even-q", "C3", ["B3", "B4", "C2", "C4", "D3", "D4"]),
    ("even-q", "D3", ["C2", "C3", "D2", "D4", "E2", "E3"]),
    # odd-r: rows 2, 4, 6... (0-based odd) are shoved right
    ("odd-r", "C3", ["B2", "B3", "B4", "C2", "C4", "D3"]),
    ("odd-r", "C2", ["B2", "C1", "C3", "D1", "D2", "D3"]),
    # even-r: rows 1, 3, 5... (0-based even) are shoved right
    ("even-r", "C3", ["B3", "C2", "C4", "D2", "D3", "D4"]),
    ("even-r", "C2", ["B1", "B2", "B3", "C1", "C3", "D2"]),
])
def test_neighbours_per_layout(layout, hexes, expected):
    assert labels(Grid(layout, 10, 10).neighbours(h(hexes))) == expected


def test_neighbours_stop_at_the_edge_of_the_grid():
    assert labels(Grid("odd-q", 5, 5).neighbours(h("A1"))) == ["A2", "B1"]


@pytest.mark.parametrize("layout", ["odd-q", "even-q", "odd-r", "even-r"])
def test_axial_round_trip_and_distance_of_neighbours(layout):
    grid = Grid(layout, 8, 8)
    for col in range(8):
        for row in range(8):
            assert grid.from_axial(*grid.to_axial((col, row))) == (col, row)
            assert all(grid.distance((col, row), n) == 1 for n in grid.neighbours((col, row)))


def test_distance():
    grid = Grid("odd-q", 20, 20)
    assert grid.distance(h("A1"), h("A5")) == 4
    assert grid.distance(h("A1"), h("E1")) == 4
    assert grid.distance(h("C3"), h("C3")) == 0


def test_straight_run_between_turning_points():
    grid = Grid("odd-q", 20, 20)
    assert [label(x) for x in grid.straight_run(h("H8"), h("H10"))] == ["H8", "H9", "H10"]
    assert [label(x) for x in grid.straight_run(h("C3"), h("F4"))] == ["C3", "D3", "E4", "F4"]


def test_no_straight_run_off_a_hex_line():
    assert Grid("odd-q", 20, 20).straight_run(h("C3"), h("E3")) is None


def test_edge_is_the_same_either_way_round():
    assert edge(h("C3"), h("D3")) == edge(h("D3"), h("C3"))

"""RULES 3.1: the construction cost of a segment, and the seed texts' worked examples."""

import pytest
from helpers import h, tiny_map

from umpire.families.dampfross.engine.building import Refusal, segment_cost
from umpire.families.dampfross.gamemap import City
from umpire.families.dampfross.hexgrid import edge

# odd-q, columns A..D: A and B plain, C and D mountain; row 2 has a city on C2 (mountain char, city hex)
ROWS = ["..^^", "..^.", "~. ,"]
RIVERS = {"A1/B1": "river", "B1/C1": "river", "C1/D1": "river", "A2/B2": "broad"}


@pytest.fixture(scope="module")
def m():
    return tiny_map(ROWS, rivers=RIVERS)


def cost(m, rules, a, b):
    return segment_cost(m, rules, h(a), h(b))


def test_laurin_plain_to_plain_is_1(m, laurin):
    assert cost(m, laurin, "A2", "A1") == 1


def test_laurin_plain_river_plain_is_3(m, laurin):
    assert cost(m, laurin, "A1", "B1") == 3


def test_laurin_mountain_river_plain_is_5(m, laurin):
    assert cost(m, laurin, "B1", "C1") == 5


def test_laurin_mountain_river_mountain_is_7(m, laurin):
    assert cost(m, laurin, "C1", "D1") == 7


def test_laurin_into_and_out_of_mountain_is_3(m, laurin):
    assert cost(m, laurin, "B2", "C2") == 3     # C2 is a mountain hex
    assert cost(m, laurin, "C2", "B2") == 3


def test_laurin_mountain_to_mountain_is_5(m, laurin):
    assert cost(m, laurin, "C1", "C2") == 5


def test_laurin_plain_to_city_is_1(laurin):
    m = tiny_map(["..", ".."], cities=[("Town", "B1", [11], False)])
    assert segment_cost(m, laurin, h("A1"), h("B1")) == 1


def test_a_city_counts_as_plain_whatever_the_terrain_around(laurin):
    m = tiny_map(["^^", "^^"], cities=[])
    m_city = tiny_map(["^.", "^^"], cities=[("Pass", "B1", [11], False)])
    assert segment_cost(m, laurin, h("A1"), h("B1")) == 5
    assert segment_cost(m_city, laurin, h("A1"), h("B1")) == 3


def test_broad_river_adds_4_instead_of_2(m, laurin):
    assert cost(m, laurin, "A2", "B2") == 5


def test_schmidt_costs(m, schmidt):
    assert cost(m, schmidt, "A1", "B1") == 3
    assert cost(m, schmidt, "B2", "C2") == 3
    assert cost(m, schmidt, "C1", "C2") == 5
    assert cost(m, schmidt, "B1", "C1") == 5
    assert cost(m, schmidt, "C1", "D1") == 7      # decided: the same +2


def test_buetehorn_river_crossing_is_3(m, buetehorn):
    assert cost(m, buetehorn, "A1", "B1") == 3


def test_buetehorn_into_and_out_of_mountains_is_4(m, buetehorn):
    assert cost(m, buetehorn, "B2", "C2") == 4
    assert cost(m, buetehorn, "C2", "B2") == 4


def test_buetehorn_mountain_to_mountain_is_6(m, buetehorn):
    assert cost(m, buetehorn, "C1", "C2") == 6


def test_buetehorn_river_next_to_mountains_adds_2(m, buetehorn):
    assert cost(m, buetehorn, "B1", "C1") == 6
    assert cost(m, buetehorn, "C1", "D1") == 8


def test_water_is_not_buildable(m, laurin):
    with pytest.raises(Refusal, match="water"):
        cost(m, laurin, "A2", "A3")


def test_off_the_map_is_not_buildable(m, laurin):
    with pytest.raises(Refusal, match="off the map"):
        cost(m, laurin, "B2", "C3")


def test_not_adjacent_is_refused(m, laurin):
    with pytest.raises(Refusal, match="not adjacent"):
        cost(m, laurin, "A1", "D1")


def test_impassable_edge_is_refused(laurin):
    m = tiny_map(["..", ".."], barriers={edge(h("A1"), h("B1"))})
    with pytest.raises(Refusal, match="impassable"):
        segment_cost(m, laurin, h("A1"), h("B1"))


def test_a_line_may_enter_the_first_hex_beyond_the_border(laurin):
    m = tiny_map(["..,,", "..,,"])
    assert segment_cost(m, laurin, h("B1"), h("C1")) == 1


def test_a_line_ends_in_the_first_hex_beyond_the_border(laurin):
    m = tiny_map(["..,,", "..,,"])
    with pytest.raises(Refusal, match="beyond the border"):
        segment_cost(m, laurin, h("C1"), h("D1"))


def test_foreign_mountain_counts_as_mountain(laurin):
    m = tiny_map([".;", ".."])
    assert segment_cost(m, laurin, h("A1"), h("B1")) == 3


def test_free_building_abroad_where_the_map_allows(laurin):
    m = tiny_map(["..,,", "..,,"], free_building_abroad=True)
    assert segment_cost(m, laurin, h("C1"), h("D1")) == 1


def test_a_permitted_route_runs_through_foreign_areas(laurin):
    m = tiny_map(["..,,", "..,,"], permitted_routes=[[h("B1"), h("C1"), h("D1")]])
    assert segment_cost(m, laurin, h("C1"), h("D1")) == 1
    with pytest.raises(Refusal):
        segment_cost(m, laurin, h("C1"), h("D2"))


def test_city_hex_is_never_a_mountain():
    m = tiny_map(["^^"], cities=[("Peak", "A1", [], False)])
    assert not m.mountain(h("A1")) and m.mountain(h("B1"))
    assert isinstance(m.city_at[h("A1")], City)

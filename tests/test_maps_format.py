"""Map format 1: every refused map names the file, the line and the field."""

from __future__ import annotations

import textwrap

import pytest

from umpire.errors import DataError
from umpire.families.dampfross.gamemap import load_map
from umpire.families.dampfross.hexgrid import edge, parse_label

BASE = """\
format: 1
name: mini
grid: {layout: odd-q}
rows:
  - "~~......"
  - "~......."
  - "....^^.,"
  - "......,,"
  - ".....~,,"
cities:
  - {name: Alpha, hex: C2, stations: [11], home: true}
  - {name: Beta, hex: F4, stations: [12]}
"""


def write(tmp_path, text: str):
    path = tmp_path / "mini.yaml"
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def refused(tmp_path, text: str) -> str:
    path = write(tmp_path, text)
    with pytest.raises(DataError) as exc:
        load_map(path)
    message = exc.value.message
    assert str(path) in message
    return message


def hx(text):
    return parse_label(text)


def test_the_base_map_loads(tmp_path):
    m = load_map(write(tmp_path, BASE))
    assert [c.name for c in m.home_terminals] == ["Alpha"]


def test_station_used_twice_names_line_and_both_cities(tmp_path):
    message = refused(tmp_path, BASE + "  - {name: Gamma, hex: D4, stations: [12]}\n")
    assert "line 13" in message and "cities[3].stations (Gamma)" in message
    assert "station 12 is used twice (Beta and Gamma)" in message


def test_shared_station_declared_is_accepted(tmp_path):
    m = load_map(write(tmp_path, BASE + "  - {name: Gamma, hex: D4, stations: [12]}\nshared_stations: [12]\n"))
    assert [c.name for c in m.stations[12]] == ["Beta", "Gamma"]


def test_city_off_the_map(tmp_path):
    message = refused(tmp_path, BASE + "  - {name: Gamma, hex: Z9, stations: [13]}\n")
    assert "line 13" in message and "cities[3].hex (Gamma)" in message and "off the map" in message


def test_city_on_water(tmp_path):
    message = refused(tmp_path, BASE + "  - {name: Gamma, hex: A1, stations: [13]}\n")
    assert "line 13" in message and "A1 is water" in message


def test_city_on_mountain(tmp_path):
    message = refused(tmp_path, BASE + "  - {name: Gamma, hex: E3, stations: [13]}\n")
    assert "E3 is mountain" in message


def test_river_between_non_adjacent_hexes(tmp_path):
    message = refused(tmp_path, BASE + "rivers:\n  - C3/C4\n  - C3/E5\n")
    assert "line 15" in message and "rivers[2]" in message and "not adjacent" in message


def test_unknown_key_at_top(tmp_path):
    message = refused(tmp_path, BASE + "ferry: yes\n")
    assert "line 13" in message and "unknown key 'ferry'" in message


def test_unknown_key_in_a_city(tmp_path):
    message = refused(tmp_path, BASE.replace("stations: [12]}", "stations: [12], port: true}"))
    assert "line 12" in message and "cities[2].port" in message


def test_row_of_wrong_length(tmp_path):
    message = refused(tmp_path, BASE.replace('"....^^.,"', '"....^^."'))
    assert "line 7" in message and "row 3" in message and "has 7 characters" in message


def test_unknown_terrain_character(tmp_path):
    message = refused(tmp_path, BASE.replace('"....^^.,"', '"....^^.#"'))
    assert "line 7" in message and "unknown terrain character '#'" in message


def test_no_home_terminal(tmp_path):
    message = refused(tmp_path, BASE.replace(", home: true", ""))
    assert "no city is marked as a home terminal" in message


def test_unknown_edition(tmp_path):
    message = refused(tmp_path, BASE + "edition: hornby\n")
    assert "line 13" in message and "edition" in message and "laurin" in message


# -- named rivers --------------------------------------------------------------
def test_named_river_is_read_in_order(tmp_path):
    m = load_map(write(tmp_path, BASE + "rivers:\n  - {name: Aa, kind: broad, edges: [C3/D3, C4/D3, C4/D4]}\n"))
    assert m.river_names["Aa"] == [edge(hx("C3"), hx("D3")), edge(hx("C4"), hx("D3")), edge(hx("C4"), hx("D4"))]
    assert m.rivers[edge(hx("C4"), hx("D4"))] == "broad"


def test_named_river_that_jumps_is_refused(tmp_path):
    message = refused(tmp_path, BASE + "rivers:\n  - name: Aa\n    edges:\n      - C3/D3\n      - F3/F4\n")
    assert "line 17" in message and "rivers[1].edges[2] (Aa)" in message and "the river jumps" in message


def test_river_name_used_twice(tmp_path):
    message = refused(tmp_path, BASE + "rivers:\n  - {name: Aa, edges: [C3/D3]}\n  - {name: Aa, edges: [F3/F4]}\n")
    assert "line 15" in message and "used twice" in message


def test_unknown_river_kind(tmp_path):
    message = refused(tmp_path, BASE + "rivers:\n  - {name: Aa, kind: wide, edges: [C3/D3]}\n")
    assert "rivers[1].kind" in message and "unknown river kind 'wide'" in message


# -- special destinations --------------------------------------------------------
PARITY = "".join(f"  - {{number: {n}, white: {w}, name: X{n}{w}, hexes: [H4]}}\n"
                 for n in range(1, 7) for w in ("even", "odd"))


def test_parity_table_is_read_and_rolled(tmp_path):
    m = load_map(write(tmp_path, BASE + "specials:\n" + PARITY))
    assert m.special_roll == "red and white parity"
    assert m.special_for(3, 4).name == "X3even"
    assert m.special_for(3, 5).name == "X3odd"


def test_one_die_table_is_rolled_by_number(tmp_path):
    m = load_map(write(tmp_path, BASE + "specials:\n  - {number: 2, name: East, hexes: [H4, Beta]}\n"))
    assert m.special_roll == "die"
    assert m.special_for(2).hexes == {hx("H4"), hx("F4")}


def test_parity_table_must_be_complete(tmp_path):
    message = refused(tmp_path, BASE + "specials:\n" + PARITY.replace("  - {number: 6, white: odd, name: X6odd, "
                                                                         "hexes: [H4]}\n", ""))
    assert "specials" in message and "lacks 6 odd" in message


def test_parity_and_plain_entries_do_not_mix(tmp_path):
    message = refused(tmp_path, BASE + "specials:\n  - {number: 1, white: even, name: A, hexes: [H4]}\n"
                                       "  - {number: 2, name: B, hexes: [H4]}\n")
    assert "some special destinations name the white die's parity" in message


def test_white_must_be_a_parity(tmp_path):
    message = refused(tmp_path, BASE + "specials:\n  - {number: 1, white: red, name: A, hexes: [H4]}\n")
    assert "line 14" in message and "specials[1].white" in message


def test_special_number_twice(tmp_path):
    message = refused(tmp_path, BASE + "specials:\n  - {number: 1, name: A, hexes: [H4]}\n"
                                       "  - {number: 1, name: B, hexes: [H4]}\n")
    assert "line 15" in message and "specials[2].number" in message


def test_special_every_must_be_positive(tmp_path):
    message = refused(tmp_path, BASE + "special_every: 0\n")
    assert "line 13" in message and "special_every" in message


# -- ferries ----------------------------------------------------------------------
FERRY_RULES = "ferry_rules: {price: 6, fee: 3, loading: 2, per_company: 1, different_ports: false}\n"
JUNCTION = "junctions:\n  - {name: Gedser, hex: G5}\n"


def test_ferry_with_its_own_port(tmp_path):
    m = load_map(write(tmp_path, BASE + JUNCTION + FERRY_RULES
                       + "ferries:\n  - {port: Kai, at: E5, to: Gedser, length: 3}\n"))
    (f,) = m.ferries
    assert (f.name, f.port, f.landing, f.length, f.points) == ("Kai–Gedser", hx("E5"), hx("G5"), 3, 5)
    assert m.hex_named("kai") == hx("E5") and "Kai" in m.place_names()
    assert m.ferries_from(hx("G5")) == [f]
    assert m.ferry_rules.price == 6 and m.ferry_rules.per_company == 1


def test_ferry_from_a_city(tmp_path):
    m = load_map(write(tmp_path, BASE + JUNCTION + FERRY_RULES + "ferries:\n  - {port: Beta, to: Gedser, length: 5}\n"))
    assert m.ferries[0].port == hx("F4") and m.ferries[0].points == 7


def test_ferries_need_rules(tmp_path):
    message = refused(tmp_path, BASE + JUNCTION + "ferries:\n  - {port: Beta, to: Gedser, length: 5}\n")
    assert "line 15" in message and "no ferry_rules" in message


def test_ferry_rules_need_every_key(tmp_path):
    message = refused(tmp_path, BASE + "ferry_rules: {price: 6, fee: 3, loading: 2, per_company: 1}\n")
    assert "line 13" in message and "'different_ports' is missing" in message


def test_ferry_to_an_unknown_place(tmp_path):
    message = refused(tmp_path, BASE + FERRY_RULES + "ferries:\n  - {port: Beta, to: Gedser, length: 3}\n")
    assert "line 15" in message and "ferries[1].to" in message and "'Gedser' is not a place" in message


def test_ferry_port_away_from_the_water(tmp_path):
    message = refused(tmp_path, BASE + JUNCTION + FERRY_RULES
                      + "ferries:\n  - {port: Kai, at: D4, to: Gedser, length: 3}\n")
    assert "ferries[1].port (Kai)" in message and "does not touch the water" in message


def test_ferry_length_must_be_a_number_of_points(tmp_path):
    message = refused(tmp_path, BASE + JUNCTION + FERRY_RULES + "ferries:\n  - {port: Beta, to: Gedser, length: 0}\n")
    assert "ferries[1].length (Beta)" in message


def test_ferry_port_at_a_hex_that_already_names_another_place(tmp_path):
    message = refused(tmp_path, BASE + JUNCTION + FERRY_RULES
                      + "ferries:\n  - {port: Beta, at: E5, to: Gedser, length: 3}\n")
    assert "ferries[1].at (Beta)" in message and "already a place at F4" in message


# -- first-round directions -----------------------------------------------------------
def test_distinct_directions_imply_one_direction(tmp_path):
    m = load_map(write(tmp_path, BASE + "first_round_distinct_directions: true\n"))
    assert m.first_round_one_direction and m.first_round_distinct_directions


def test_distinct_directions_must_be_a_flag(tmp_path):
    message = refused(tmp_path, BASE + "first_round_distinct_directions: yes please\n")
    assert "line 13" in message and "must be true or false" in message


def test_junction_on_a_taken_hex(tmp_path):
    message = refused(tmp_path, BASE + "junctions:\n  - {name: Grenz, hex: H4}\n  - {name: Zoll, hex: H4}\n")
    assert "line 15" in message and "junctions[2].hex" in message and "already holds Grenz" in message

"""Rulesets: the three editions load and validate; errors name file, line and field."""

import pytest

from umpire.errors import DataError
from umpire.families.dampfross.ruleset import load_rules


@pytest.mark.parametrize("name", ["laurin", "schmidt", "buetehorn"])
def test_shipped_rulesets_load(name):
    assert load_rules(name).name == name


def test_laurin_numbers(laurin):
    c = laurin.construction
    assert (c.costs.plain, c.costs.mountain_edge, c.costs.mountain_mountain, c.costs.river,
            c.costs.broad_river) == (1, 3, 5, 2, 4)
    assert (c.city_bonus, laurin.starting_balance, c.end.cities_left, c.dice.mode) == (6, 20, 3, "shared")
    assert laurin.operations.special_transports == [4, 7, 11, 14, 18, 21] and laurin.operations.min_distance == 3


def test_schmidt_numbers(schmidt):
    assert schmidt.construction.dice.mode == "own" and schmidt.construction.fees.city_parallel_departure == 1
    assert schmidt.operations.min_distance == 6 and schmidt.operations.end.balance_target[4] == 225


def test_buetehorn_numbers(buetehorn):
    c = buetehorn.construction
    assert (c.costs.mountain_edge, c.costs.mountain_mountain, c.city_bonus) == (4, 6, 5)
    assert buetehorn.operations.next_start == "last_destination"


def write(tmp_path, text):
    path = tmp_path / "r.yaml"
    path.write_text(text)
    return path


def laurin_text():
    from umpire.resources import find_named
    return find_named("rules", "laurin").read_text()


def test_unknown_key_names_file_line_and_field(tmp_path):
    text = laurin_text().replace("  city_bonus: 6\n", "  city_bonus: 6\n  city_bonsu: 7\n")
    path = write(tmp_path, text)
    line = text.splitlines().index("  city_bonsu: 7") + 1
    with pytest.raises(DataError, match=rf"r.yaml, line {line}, construction.city_bonsu: unknown key"):
        load_rules(path)


def test_wrong_value_type(tmp_path):
    path = write(tmp_path, laurin_text().replace("  city_bonus: 6", "  city_bonus: six"))
    with pytest.raises(DataError, match=r"construction.city_bonus: must be a whole number"):
        load_rules(path)


def test_missing_key(tmp_path):
    path = write(tmp_path, laurin_text().replace("starting_balance: 20\n", ""))
    with pytest.raises(DataError, match="'starting_balance' is missing"):
        load_rules(path)


def test_invalid_yaml_names_the_line(tmp_path):
    path = write(tmp_path, "format: 1\nname: [unclosed\n")
    with pytest.raises(DataError, match=r"line \d+: not valid YAML"):
        load_rules(path)


def test_game_option_overrides_one_value():
    assert load_rules("laurin", {"construction.city_bonus": "8"}).construction.city_bonus == 8


def test_game_option_with_an_unknown_path_is_refused():
    with pytest.raises(DataError, match="not a ruleset value"):
        load_rules("laurin", {"construction.nonsense": 1})


def test_game_option_with_a_bad_value_is_refused():
    with pytest.raises(DataError, match="with game options.*must be one of shared, own"):
        load_rules("laurin", {"construction.dice.mode": "every"})


def test_no_such_ruleset():
    with pytest.raises(DataError, match="no ruleset 'monopoly'"):
        load_rules("monopoly")

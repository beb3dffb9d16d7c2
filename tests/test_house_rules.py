"""House rules as named options: ruleset variants (data in rules/*.yaml) and the first company by die."""

from __future__ import annotations

import pytest
from helpers import of_type

from umpire.errors import DataError, UmpireError
from umpire.families.dampfross.engine import construction
from umpire.families.dampfross.engine.construction import round_order
from umpire.families.dampfross.options import CHOICES
from umpire.families.dampfross.ruleset import load_rules
from umpire.kernel.dice import RecordedDice
from umpire.kernel.options import check_choices

COMPANIES = [{"id": c, "name": c.title()} for c in ("red", "blue", "green")]


def test_laurin_alternative_bonus_system_is_one_option_with_its_whole_table():
    rules = load_rules("laurin", {"bonus_system": "alternative"})
    assert rules.operations.alternative_bonuses == {2: [20, 10], 3: [16, 9, 5], 4: [13, 8, 5, 4],
                                                    5: [11, 7, 5, 4, 3], 6: [10, 6, 5, 4, 3, 2]}
    assert rules.operations.route_length_limit == 2
    standard = load_rules("laurin", {"bonus_system": "standard"})
    assert standard.operations.alternative_bonuses is None and standard.operations.route_length_limit is None


def test_schmidt_ten_percent_variant_is_one_option():
    one = load_rules("schmidt", {"allowance": "ten_percent"}).operations.additional_construction
    five = load_rules("schmidt", {"operations.additional_construction.allowance": "percent",
                                  "operations.additional_construction.amount": 10,
                                  "operations.additional_construction.minimum": 5,
                                  "operations.additional_construction.minimum_below": 50,
                                  "operations.additional_construction.every": 2}).operations.additional_construction
    assert one._data == five._data


def test_schmidt_long_game_uses_every_station_twice():
    ops = load_rules("schmidt", {"game_length": 36}).operations
    assert (ops.transports, ops.transports_without_specials, ops.station_uses) == (36, 36, 2)


def test_a_value_given_by_path_wins_over_the_house_rule():
    rules = load_rules("laurin", {"bonus_system": "alternative", "operations.route_length_limit": 3})
    assert rules.operations.route_length_limit == 3


def test_an_unknown_choice_of_a_house_rule_is_refused_with_the_choices():
    with pytest.raises(DataError) as err:
        load_rules("laurin", {"bonus_system": "generous"})
    assert "standard, alternative" in str(err.value)


def test_a_house_rule_of_another_edition_is_not_a_value_here():
    with pytest.raises(DataError):
        load_rules("laurin", {"allowance": "ten_percent"})


def test_first_company_by_die_highest_first_ties_roll_again(laurin):
    # red 2, blue 5, green 5: blue and green roll again, 3 and 6: green builds first
    dice = RecordedDice([2, 5, 5, 3, 6, 4])
    events, state = construction.start_game("g", COMPANIES, laurin, dice, first_by_die=True)
    rolls = [(e["purpose"], e["value"]) for e in of_type(events, "roll")]
    assert rolls[:5] == [("first company red", 2), ("first company blue", 5), ("first company green", 5),
                         ("first company blue again 1", 3), ("first company green again 1", 6)]
    assert of_type(events, "first_company") == [{"type": "first_company", "company": "green", "throws": 2}]
    assert of_type(events, "round_opened")[0]["order"] == ["green", "red", "blue"]
    assert round_order(state, 2) == ["red", "blue", "green"]


def test_first_company_by_seat_is_the_default(laurin):
    events, _ = construction.start_game("g", COMPANIES, laurin, RecordedDice([4]))
    assert not of_type(events, "first_company")
    assert of_type(events, "round_opened")[0]["order"] == ["red", "blue", "green"]


def test_first_company_option_takes_seat_or_die():
    check_choices({"first_company": "die"}, CHOICES)
    with pytest.raises(UmpireError):
        check_choices({"first_company": "coin"}, CHOICES)

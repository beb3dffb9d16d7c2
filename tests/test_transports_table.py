"""RULES 4.1: transports, the station table, special destinations (one test per clause)."""

from __future__ import annotations

import dataclasses

from opskit import NETWORK, ScriptedDice, events_of, make_state

from umpire.families.dampfross.engine.construction import Emitter
from umpire.families.dampfross.engine.operations import open_operations_round
from umpire.families.dampfross.engine.transports import Announcer, is_special, next_free, total_transports
from umpire.families.dampfross.ruleset import load_rules


def announce(state, game_map, rules, dice_values, number=1, uses=None, last=None):
    state = state.copy()
    if uses:
        state.ops["uses"] = dict(uses)
    if last is not None:
        state.ops["last_destination"] = last
    emit = Emitter(state)
    dice = ScriptedDice(dice_values)
    Announcer(emit, game_map, rules, dice).announce(number)
    return emit, dice, events_of(emit.events, "transport_announced")[0]


def net():
    return make_state(NETWORK)


# 4.1.1
def test_start_and_destination_are_red_tens_and_black_units(test_map, laurin):
    emit, dice, t = announce(net(), test_map, laurin, [1, 3, 4, 1])
    assert (t["start"], t["start_name"], t["destination"], t["destination_name"]) == (13, "Gamma", 41, "Iota")
    assert dice.purposes == ["transport 1 start red", "transport 1 start black",
                             "transport 1 destination red", "transport 1 destination black"]
    assert [e["purpose"] for e in events_of(emit.events, "roll")] == dice.purposes


def test_special_transport_rolls_one_die_for_a_special_destination(test_map, laurin):
    state = make_state({**NETWORK, "red": NETWORK["red"] + ["K7-K6-L5-M5-N4"]})
    emit, dice, t = announce(state, test_map, laurin, [1, 3, 1], number=4)
    assert t["special"] and t["destination"] == 1 and t["destination_hexes"] == ["N4"]
    assert dice.purposes[-1] == "transport 4 destination special"


def test_special_number_the_map_lacks_becomes_the_next_it_has(test_map, laurin):
    state = make_state({**NETWORK, "red": NETWORK["red"] + ["K7-K6-L5-M5-N4"]})
    _, _, t = announce(state, test_map, laurin, [1, 3, 5], number=4)
    assert t["destination"] == 1          # 5 and 6 are missing: wraps to 1


def test_laurin_specials_are_the_4th_7th_11th_14th_18th_and_21st(test_map, laurin):
    assert [n for n in range(1, 22) if is_special(laurin, test_map, n)] == [4, 7, 11, 14, 18, 21]
    assert total_transports(laurin, test_map) == 21


def test_schmidt_special_every_third_transport(test_map, schmidt):
    assert [n for n in range(1, 13) if is_special(schmidt, test_map, n)] == [3, 6, 9, 12]


def test_map_without_specials_plays_18_regular_transports(test_map, laurin):
    plain = dataclasses.replace(test_map, specials={})
    assert total_transports(laurin, plain) == 18
    assert not any(is_special(laurin, plain, n) for n in range(1, 19))


# 4.1.2
def test_each_station_is_used_once(test_map, laurin):
    emit, _, t = announce(net(), test_map, laurin, [1, 3, 4, 1])
    assert [e["station"] for e in events_of(emit.events, "station_checked_off")] == [13, 41]
    assert emit.state.ops["uses"] == {13: 1, 41: 1}


def test_used_number_takes_the_next_free_number(test_map, laurin):
    _, _, t = announce(net(), test_map, laurin, [1, 3, 4, 1], uses={13: 1})
    assert t["start_rolled"] == 13 and t["start"] == 21      # 14..16 carry no city


def test_number_no_city_carries_takes_the_next_one_that_does(test_map, laurin):
    _, _, t = announce(net(), test_map, laurin, [5, 5, 4, 1])
    assert t["start_rolled"] == 55 and t["start"] == 11      # 55..66 unused on this map: wraps to 11


def test_next_free_wraps_to_11():
    assert next_free(66, [11, 44]) == 11
    assert next_free(45, [11, 44]) == 11
    assert next_free(44, [11, 44]) == 44


def test_schmidt_36_transports_use_each_station_twice(test_map):
    rules = load_rules("schmidt", {"operations.station_uses": 2, "operations.transports": 36})
    _, _, t = announce(net(), test_map, rules, [1, 3, 4, 1], uses={13: 1})
    assert t["start"] == 13


def test_station_table_starts_afresh_when_every_number_is_used(test_map, laurin):
    used = {n: 1 for n in test_map.stations}
    emit, _, t = announce(net(), test_map, laurin, [1, 3, 4, 1], uses=used)
    assert events_of(emit.events, "station_table_reset")
    assert t["start"] == 13


# 4.1.3
def test_station_not_on_any_network_cancels_and_both_are_checked_off(test_map, laurin):
    emit, _, t = announce(net(), test_map, laurin, [2, 3, 1, 3])   # Epsilon (23) is not connected
    assert t["cancelled"] and "Epsilon" in t["reason"]
    assert emit.state.ops["uses"] == {23: 1, 13: 1}


def test_cancelled_transport_counts_as_made(test_map, laurin):
    emit = Emitter(net())
    dice = ScriptedDice([2, 3, 1, 3, 1, 3, 4, 1, 2, 1, 2, 2])
    open_operations_round(emit, test_map, laurin, dice, {"transports_per_round": 1})
    assert emit.state.ops["made"] == 1
    assert emit.state.ops["open"] == [2]
    made = events_of(emit.events, "transport_made")
    assert made == [dict(type="transport_made", round=2, transport=1, cancelled=True, income={})]


# 4.1.4
def test_destination_too_close_is_rolled_again(test_map, laurin):
    # Alpha (11) to Kappa (42) is 2 hexes along green's line: too close; then Iota (41).
    emit, dice, t = announce(net(), test_map, laurin, [1, 1, 4, 2, 4, 1])
    rerolled = events_of(emit.events, "destination_rerolled")
    assert [(e["destination"], e["shortest"], e["minimum"]) for e in rerolled] == [(42, 2, 3)]
    assert t["destination"] == 41 and dice.purposes[-2:] == ["transport 1 destination 2 red",
                                                             "transport 1 destination 2 black"]
    assert 42 not in emit.state.ops["uses"]                # the close one stays free


def test_minimum_distance_is_the_editions(test_map, schmidt):
    # Schmidt: 6 hexes. Alpha to Zeta (31) is 7 along red; Alpha to Delta (22) is 6; Alpha to Kappa 2.
    _, _, t = announce(net(), test_map, schmidt, [1, 1, 4, 2, 2, 2])
    assert t["destination"] == 22 and t["shortest"] == 6


def test_no_destination_far_enough_left_cancels(test_map, laurin):
    state = make_state({"red": ["C3-C4-C5"]})                 # only Alpha and Kappa are connected
    used = {n: 1 for n in test_map.stations if n not in (11, 12, 42)}
    emit, _, t = announce(state, test_map, laurin, [1, 1, 4, 2], uses=used)
    assert t["cancelled"] and "no free destination" in t["reason"]


def test_next_start_is_the_last_destination(test_map, buetehorn):
    emit, dice, t = announce(net(), test_map, buetehorn, [1, 3], last=41)
    assert t["start"] == 41 and t["start_from"] == "last destination"
    assert dice.purposes == ["transport 1 destination red", "transport 1 destination black"]
    assert emit.state.ops["uses"] == {13: 1}               # the start is not checked off again


def test_schmidt_variant_last_destination_as_next_start(test_map):
    rules = load_rules("schmidt", {"operations.next_start": "last_destination"})
    emit = Emitter(net())
    dice = ScriptedDice([1, 3, 4, 1, 3, 1], then=1)
    open_operations_round(emit, test_map, rules, dice, {})
    first, second = events_of(emit.events, "transport_announced")
    assert second["start"] == first["destination"] == 41


# 4.1.5
def test_city_with_several_numbers_is_one_place(test_map, laurin):
    emit, _, t = announce(net(), test_map, laurin, [1, 1, 1, 2, 4, 1])
    assert events_of(emit.events, "destination_rerolled")[0]["shortest"] == 0    # 11 and 12 are both Alpha
    assert t["destination"] == 41


def test_shared_number_offers_each_of_its_cities(test_map, laurin):
    cities = [dataclasses.replace(c, stations=(11,)) if c.name == "Theta" else c for c in test_map.cities]
    shared = dataclasses.replace(test_map, cities=cities, shared_stations=frozenset({11}))
    _, _, t = announce(net(), shared, laurin, [1, 3, 1, 1])
    assert t["destination"] == 11 and t["destination_hexes"] == ["C3", "M9"]
    assert t["destination_name"] == "Alpha or Theta"

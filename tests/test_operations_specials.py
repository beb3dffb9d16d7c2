"""Special (international) transports read from the map: the map's cadence overrides the edition's,
and Schmidt's Germany rolls its destination by the red die and the white die's parity (RULES 6)."""

from __future__ import annotations

import dataclasses

import pytest
from opskit import ScriptedDice, events_of, make_state

from umpire.families.dampfross.engine.construction import Emitter
from umpire.families.dampfross.engine.transports import Announcer, is_special
from umpire.families.dampfross.gamemap import load_map


@pytest.fixture(scope="module")
def germany():
    return load_map("germany")


def announce_on(game_map, rules, number, dice_values):
    emit = Emitter(make_state({"red": []}))
    dice = ScriptedDice(dice_values)
    Announcer(emit, game_map, rules, dice).announce(number)
    return events_of(emit.events, "transport_announced")[0], dice


def test_map_cadence_overrides_the_edition_cadence(test_map, laurin, schmidt):
    every_third = dataclasses.replace(test_map, special_every=3)
    assert [n for n in range(1, 10) if is_special(laurin, every_third, n)] == [3, 6, 9]
    assert [n for n in range(1, 10) if is_special(schmidt, every_third, n)] == [3, 6, 9]


def test_germany_every_second_transport_is_international(germany, schmidt):
    assert germany.special_every == 2
    assert [n for n in range(1, 9) if is_special(schmidt, germany, n)] == [2, 4, 6, 8]


def test_without_a_map_cadence_the_edition_decides(test_map, schmidt):
    assert test_map.special_every is None
    assert [n for n in range(1, 9) if is_special(schmidt, test_map, n)] == [3, 6]


def test_germany_destination_by_red_die_and_odd_white_die(germany, schmidt):
    t, dice = announce_on(germany, schmidt, 2, [1, 4, 1, 3])          # start 14 Hamburg; red 1, white odd
    assert t["special"] and t["destination"] == 1 and t["destination_name"] == "Poland"
    assert (t["destination_rolled"], t["destination_white"], t["white"]) == (1, 3, "odd")
    assert dice.purposes[2:] == ["transport 2 destination special red", "transport 2 destination special white"]


def test_germany_destination_by_red_die_and_even_white_die(germany, schmidt):
    t, _ = announce_on(germany, schmidt, 2, [1, 4, 1, 6])
    assert t["destination_name"] == "Denmark" and t["white"] == "even"
    assert set(t["destination_hexes"]) == {"N2", "O2", "P2", "Q3", "Z4"}          # Z4: Gedser, by ferry


def test_one_die_special_keeps_its_single_roll(test_map, laurin):
    t, dice = announce_on(test_map, laurin, 4, [1, 3, 2])
    assert t["destination_name"] == "North Sea" and "destination_white" not in t
    assert dice.purposes[-1] == "transport 4 destination special"

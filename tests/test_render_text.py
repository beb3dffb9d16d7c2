"""The text edition: golden files of the demo game, and the operating-phase sections from race facts."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from umpire import demo
from umpire.render.newsletter import render_text
from umpire.render.report import newsletter_facts, races_from_events, transport_tally

GOLDEN = Path(__file__).parent / "golden"


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    return demo.play(tmp_path_factory.mktemp("demo"))


@pytest.mark.parametrize("number", [1, 2, 3, 4])
def test_demo_newsletter_text_matches_its_golden_file(played, number):
    """Set UPDATE_GOLDEN=1 to rewrite the golden files after a deliberate change; then read the diff."""
    text = (played.path / "newsletters" / f"{number:03d}.txt").read_text(encoding="utf-8")
    golden = GOLDEN / f"demo-{number:03d}.txt"
    if os.environ.get("UPDATE_GOLDEN") == "1":
        golden.write_text(text, encoding="utf-8")
    assert text == golden.read_text(encoding="utf-8")


def test_text_never_prints_an_order_code(played):
    codes = played.secrets["codes"].values()
    for path in (played.path / "newsletters").glob("*.txt"):
        text = path.read_text(encoding="utf-8")
        assert not any(code in text for code in codes)


def test_refused_lines_are_reported_with_their_reason(played):
    text = (played.path / "newsletters" / "003.txt").read_text(encoding="utf-8")
    assert "Red Lines, line 6: G5-Zeta" in text
    assert "costs 3 points and only 2 of this round's 5 are left" in text


def test_every_posting_of_the_round_is_listed(played):
    text = (played.path / "newsletters" / "003.txt").read_text(encoding="utf-8")
    assert "yellow     -> blue          1  connection fee in K7" in text
    assert "yellow     -> blue          2  parallel fee in K7" in text


RACE_EVENTS = [
    {"type": "transport_announced", "transport": 1, "start": "Alpha (11)", "destination": "Beta (21)",
     "start_station": 11, "destination_station": 21, "special": False},
    {"type": "race_entry", "transport": 1, "company": "red", "route": ["C3", "D3", "E3"]},
    {"type": "race_entry", "transport": 1, "company": "blue", "partner": "green", "route": "C3-C4"},
    {"type": "race_move", "transport": 1, "turn": 1, "company": "red", "roll": 4, "hex": "E3"},
    {"type": "race_move", "transport": 1, "turn": 1, "company": "blue", "roll": 2, "hex": "C4"},
    {"type": "race_move", "transport": 1, "turn": 2, "company": "red", "roll": 5, "hex": "K8", "arrived": True},
    {"type": "race_arrival", "transport": 1, "company": "red", "place": 1, "leftover": 2},
    {"type": "posting", "transport": 1, "round": 4, "from": "bank", "to": "red", "amount": 20,
     "reason": "race bonus, 1st"},
    {"type": "transport_announced", "transport": 2, "start": "Gamma (13)", "destination": "Delta (22)",
     "start_station": 13, "destination_station": 22, "special": True},
]


def test_races_are_gathered_turn_by_turn_from_their_events():
    race, announced = races_from_events(RACE_EVENTS)
    assert race["entrants"][0] == {"company": "red", "partner": None, "route": "C3-D3-E3"}
    assert [t["turn"] for t in race["turns"]] == [1, 2]
    assert race["turns"][1]["moves"][0]["arrived"]
    assert race["arrivals"] == [{"company": "red", "place": 1, "leftover": 2}]
    assert announced["announced_only"] and announced["special"]


def test_transport_tally_counts_entries_places_and_race_income():
    tally = transport_tally(races_from_events(RACE_EVENTS), ["red", "blue"], 18)
    assert tally["made"] == 1 and tally["total"] == 18
    assert tally["companies"]["red"] == {"entered": 1, "first": 1, "second": 0, "income": 20}
    assert tally["companies"]["blue"]["entered"] == 1


def test_races_station_table_and_tally_appear_in_the_text(played):
    facts = newsletter_facts(played, 5)
    facts["races"] = races_from_events(RACE_EVENTS)
    facts["tally"] = transport_tally(facts["races"], [c["id"] for c in facts["companies"]], 21)
    facts["stations"][0][0]["used"] = 1
    text = render_text(facts)
    assert "TRANSPORT 1: Alpha (11) TO Beta (21)" in text
    assert "  Blue Star with Green Valley: C3-C4" in text
    assert "  turn 2: Red Lines 5 to K8 (arrived)" in text
    assert "  1. Red Lines (2 points left)" in text
    assert "  11x  12   13" in text
    assert "Transports made: 1 of 21" in text

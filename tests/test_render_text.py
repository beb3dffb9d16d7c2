"""The text edition: golden files of the demo game, the operating-phase sections read from the
engine's events, and the construction sections of a small game on the test map."""

from __future__ import annotations

import os
import re
import shutil
import unicodedata
from pathlib import Path

import pytest

from umpire.families.dampfross.render.transports_report import (
    additional_construction,
    describe_transport,
    station_table,
    transport_tally,
    transports_from_events,
)
from umpire.usecases import demo
from umpire.usecases.pdf_batch import PdfBatch

GOLDEN = Path(__file__).parent / "golden"
TESTLAND = Path(__file__).parent / "games" / "testland"


@pytest.fixture(scope="module")
def played(demo_played):
    return demo_played


@pytest.fixture(scope="module")
def testland(played_once):
    return played_once(TESTLAND)


def text_of(folder, number: int) -> str:
    return (folder.path / "newsletters" / f"{number:03d}.txt").read_text(encoding="utf-8")


@pytest.mark.parametrize("number", range(1, 11))
def test_demo_newsletter_text_matches_its_golden_file(played, number):
    """Set UPDATE_GOLDEN=1 to rewrite the golden files after a deliberate change; then read the diff."""
    text = (played.path / "newsletters" / f"{number:03d}.txt").read_text(encoding="utf-8")
    golden = GOLDEN / f"demo-{number:03d}.txt"
    if os.environ.get("UPDATE_GOLDEN") == "1":
        golden.write_text(text, encoding="utf-8")
    assert text == golden.read_text(encoding="utf-8")


WIDE_NAME = "東京鉄道"
LONG_NAME = "The Great Southern and Western Railway of Ireland, Limited X"      # 60 characters, the most


def columns(text: str) -> int:
    """The columns a fixed-width font gives the text: two for each wide character."""
    return sum(2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1 for ch in text)


def rows(text: str, heading: str, skip: int) -> list[str]:
    """The lines of the table under `heading` (after `skip` more lines), up to an empty line or the seed's."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(heading)) + 1 + skip
    end = next(i for i in range(start, len(lines)) if not lines[i] or lines[i].startswith("The dice seed"))
    return lines[start:end]


def test_wide_and_long_company_names_keep_the_text_tables_aligned(tmp_path):
    folder = tmp_path / "archive"
    shutil.copytree(demo.demo_dir(), folder)
    spec = folder / "demo.yaml"
    spec.write_text(spec.read_text(encoding="utf-8").replace("Belfast & Northern Counties", WIDE_NAME)
                    .replace("Midland Great Western", LONG_NAME), encoding="utf-8")
    with PdfBatch(workers=1):                       # PDFs drawn as `umpire demo` draws them: no map pictures
        text = text_of(demo.play(tmp_path / "out", folder), 10)
    standings, accounts = rows(text, "Final balances:", 0), rows(text, "ACCOUNTS", 1)
    tally = rows(text, "TRANSPORTS:", 1)
    assert len(standings) == len(accounts) == 4 and len(tally) == 5
    assert any(WIDE_NAME in row for row in standings) and any(LONG_NAME in row for row in accounts)
    for table in (standings, accounts):                  # the balances end in one column
        assert len({columns(re.match(r".*?\) +\d+ ", row).group(0)) for row in table}) == 1, table
    assert len({columns(row) for row in tally}) == 1, tally


def test_text_never_prints_an_order_code(played):
    codes = played.secrets["codes"].values()
    for path in (played.path / "newsletters").glob("*.txt"):
        text = path.read_text(encoding="utf-8")
        assert not any(code in text for code in codes)


def test_refused_lines_are_reported_with_their_reason_in_the_umpires_words_not_the_players(testland):
    text = text_of(testland, 3)
    assert "Red Lines, line 6:\n" in text and "G5-Zeta" not in text
    assert "costs 3 points and only 2 of this round's 5 are left" in text


def test_every_posting_of_the_round_is_listed(testland):
    text = text_of(testland, 3)
    assert "yellow     -> blue          1  connection fee in K7" in text
    assert "yellow     -> blue          2  parallel fee in K7" in text



# -- the operating phase, from events shaped as the engine journals them -----------------------
def _announced(n, start, start_name, destination, destination_name, **more):
    return dict(type="transport_announced", round=7, transport=n, special=False, start_rolled=start, start=start,
                start_name=start_name, start_hexes=[f"S{n}"], destination=destination,
                destination_rolled=destination, destination_name=destination_name,
                destination_hexes=[f"D{n}"], shortest=9, cancelled=False, reason=None) | more


def _roll(purpose, value):
    return {"type": "roll", "purpose": purpose, "value": value}


def _moved(n, turn, train, die, to, arrived=False, leftover=None):
    return dict(type="race_moved", round=7, transport=n, turn=turn, train=train, die=die, to=to, arrived=arrived,
                leftover=leftover, on_border=False, next=None, steps=die, **{"from": "S1"})


RACE = [
    _roll("transport 1 start red", 4), _roll("transport 1 start black", 5),
    {"type": "station_checked_off", "round": 7, "transport": 1, "station": 45},
    _roll("transport 1 destination red", 4), _roll("transport 1 destination black", 3),
    {"type": "station_checked_off", "round": 7, "transport": 1, "station": 43},
    _announced(1, 45, "Mullingar", 43, "Drogheda"),
    {"type": "races_called", "round": 7, "transports": [1]},
    {"type": "race_passed", "round": 7, "transport": 1, "company": "red"},
    {"type": "refused", "round": 7, "company": "green", "line": 4, "text": "RACE 1 RUN S1-X1-D1", "transport": 1,
     "reason": "the route uses none of its own segments; a train runs at least partly on its own line."},
    {"type": "race_route_refused", "round": 7, "transport": 1, "train": "orange", "companies": ["orange"],
     "alternative": 1, "reason": "orange would pay 11 units to blue (20 less 9 the other way), more than the cap"},
    {"type": "race_entered", "round": 7, "transport": 1, "train": "blue", "companies": ["blue"], "alternative": 1,
     "route": ["S1", "A1", "B1", "D1"], "payees": ["blue", "orange", "blue"], "fees": {"orange": 1}, "steps": 3,
     "fee_text": "1 to orange"},
    {"type": "race_entered", "round": 7, "transport": 1, "train": "orange", "companies": ["orange"],
     "alternative": 2, "route": ["S1", "C1", "D1"], "payees": ["orange", "orange"], "fees": {}, "steps": 2,
     "fee_text": "no fees"},
    {"type": "posting", "round": 7, "from": "blue", "to": "orange", "amount": 1, "reason": "fees for transport 1"},
    {"type": "race_started", "round": 7, "transport": 1, "order": ["orange", "blue"]},
    _roll("transport 1 turn 1 orange", 1), _moved(1, 1, "orange", 1, "C1"),
    _roll("transport 1 turn 1 blue", 6), _moved(1, 1, "blue", 6, "D1", arrived=True, leftover=3),
    _moved(1, 2, "orange", 2, "D1", arrived=True, leftover=1),
    {"type": "race_finished", "round": 7, "transport": 1, "turns": 2, "not_arrived": [],
     "arrivals": [{"train": "blue", "turn": 1, "leftover": 3}, {"train": "orange", "turn": 2, "leftover": 1}]},
    {"type": "race_placed", "round": 7, "transport": 1, "train": "blue", "companies": ["blue"], "place": 1,
     "tied": 1, "bonus": 20},
    {"type": "posting", "round": 7, "from": "bank", "to": "blue", "amount": 20,
     "reason": "bonus for 1st place in transport 1"},
    {"type": "race_placed", "round": 7, "transport": 1, "train": "orange", "companies": ["orange"], "place": 2,
     "tied": 1, "bonus": 10},
    {"type": "posting", "round": 7, "from": "bank", "to": "orange", "amount": 10,
     "reason": "bonus for 2nd place in transport 1"},
    {"type": "transport_made", "round": 7, "transport": 1, "cancelled": False, "participants": ["blue", "orange"],
     "income": {"blue": 20, "orange": 11}},
    {"type": "station_checked_off", "round": 7, "transport": 2, "station": 63},
    {"type": "station_checked_off", "round": 7, "transport": 2, "station": 43},
    _announced(2, 63, "Limerick", 43, "Drogheda", cancelled=True, reason="Limerick is not on any network"),
    {"type": "transport_made", "round": 7, "transport": 2, "cancelled": True, "income": {}},
    {"type": "allowance", "round": 7, "transport": 2, "company": "red", "units": 10, "basis": "up to 10 units"},
    {"type": "allowance", "round": 7, "transport": 2, "company": "blue", "units": 10, "basis": "up to 10 units"},
    {"type": "additional_construction", "round": 7, "company": "red", "allowance": 10},
    {"type": "segment", "round": 7, "company": "red", "a": "K7", "b": "K8", "cost": 1, "paid_in": "units"},
    {"type": "posting", "round": 7, "from": "red", "to": "bank", "amount": 1, "reason": "building K7-K8"},
    {"type": "posting", "round": 7, "from": "red", "to": "blue", "amount": 1, "reason": "connection fee in K8"},
    {"type": "city_connected", "round": 7, "city": "Beta", "hex": "K8", "company": "red", "bonus": 6},
    {"type": "posting", "round": 7, "from": "bank", "to": "red", "amount": 6, "reason": "bonus for connecting Beta"},
    {"type": "allowance_unused", "round": 7, "company": "red", "units": 9},
    {"type": "round_closed", "round": 7},
]
NAMES = {"red": "Red", "blue": "Blue", "green": "Green", "orange": "Orange", "bank": "the bank"}


def test_a_race_is_gathered_from_its_events_turn_by_turn():
    race = describe_transport(transports_from_events(RACE)[1], NAMES, lambda h: None)
    assert race["status"] == "made"
    assert race["start_dice"] == "red 4, black 5" and race["destination_dice"] == "red 4, black 3"
    assert race["passed"] == ["red"]
    assert [e["train"] for e in race["entered"]] == ["blue", "orange"]
    assert race["route_refused"][0]["alternative"] == 1 and race["entered"][1]["alternative"] == 2
    assert race["refused"][0]["company"] == "green"
    assert [t["turn"] for t in race["turns"]] == [1, 2]
    assert race["turns"][0]["moves"]["blue"]["done"] == 3 and race["turns"][0]["moves"]["blue"]["of"] == 3
    assert [p["name"] for p in race["placed"]] == ["Blue", "Orange"]


def test_a_race_keeps_the_postings_between_its_entries_and_its_end():
    race = transports_from_events(RACE)[1]
    assert [p["amount"] for p in race["postings"]] == [1, 20, 10]


def test_a_cancelled_transport_keeps_its_reason():
    race = describe_transport(transports_from_events(RACE)[2], NAMES, lambda h: None)
    assert race["status"] == "cancelled" and race["reason"] == "Limerick is not on any network"


def test_destinations_are_named_by_the_city_in_each_hex():
    event = _announced(3, 14, "Ballymena", 11, "Larne or Dun Laoghaire", destination_hexes=["AF22", "AH7"])
    race = describe_transport(transports_from_events([event])[3], NAMES,
                              {"AF22": "Dun Laoghaire", "AH7": "Larne"}.get)
    assert race["destinations"] == [("AF22", "Dun Laoghaire"), ("AH7", "Larne")]


def test_the_station_table_checks_off_each_use_with_its_transport(test_map):
    table = station_table(test_map, RACE, uses_allowed=1)
    cells = {cell["number"]: cell for row in table["rows"] for cell in row}
    assert cells[45]["used"] == 1 and cells[45]["transports"] == [1]
    assert cells[43]["used"] == 2 and cells[43]["transports"] == [1, 2]
    assert cells[11]["used"] == 0


def test_the_station_table_starts_afresh_after_a_reset(test_map):
    events = RACE + [{"type": "station_table_reset", "round": 8, "reason": "every station number has been used"}]
    table = station_table(test_map, events, uses_allowed=2)
    assert table["resets"] == 1 and table["uses"] == 2
    assert all(cell["used"] == 0 for row in table["rows"] for cell in row)


def test_the_tally_counts_races_places_bonuses_and_fees():
    tally = transport_tally(transports_from_events(RACE), ["red", "blue", "orange"], made=2, total=6)
    assert tally["made"] == 2 and tally["total"] == 6 and tally["cancelled"] == 1
    assert tally["companies"]["blue"] == {"entered": 1, "first": 1, "second": 0, "bonuses": 20, "fees_paid": 1,
                                          "fees_received": 0}
    assert tally["companies"]["orange"]["fees_received"] == 1 and tally["companies"]["orange"]["second"] == 1
    assert tally["companies"]["red"]["entered"] == 0


def test_additional_construction_reports_allowances_segments_fees_and_bonuses():
    extra = additional_construction(RACE, NAMES)
    assert extra["after"] == [2]
    [red] = extra["turns"]
    assert red["cost"] == 1 and red["fee_total"] == 1 and red["unused"] == 9
    assert red["bonuses"][0]["city"] == "Beta"


def test_no_additional_construction_is_reported_when_the_game_ended_first():
    ended = RACE[:-1] + [{"type": "game_finished", "round": 7, "reason": "all 2 transports have been made",
                          "winners": ["blue"], "balances": {"red": 1, "blue": 2}}]
    assert additional_construction(ended, NAMES) is None


# -- the operating phase in the demo's newsletters -------------------------------------------------
def test_an_operating_newsletter_announces_the_next_transports_with_their_dice(played):
    text = text_of(played, 7)
    assert "Transport 1: Mullingar (45, W20) to Drogheda (43, AD18)" in text
    assert "dice: start red 4, black 5 = 45; destination red 4, black 3 = 43" in text
    assert "  RACE 1 RUN W20-...-AD18" in text


def test_a_shared_station_lists_every_city_it_may_end_at(played):
    text = text_of(played, 9)
    assert "to 11, any of Rosslare (AD33), Dun Laoghaire (AF22) or Larne (AH7) (write TO <hex>)" in text
    assert "RACE 6 RUN AE7-...-<AD33|AF22|AH7> TO <hex>" in text


def test_a_race_prints_entries_turns_places_and_money(played):
    text = text_of(played, 8)
    assert "TRANSPORT 1: MULLINGAR (45) TO DROGHEDA (43)" in text
    assert "Passed: Belfast & Northern Counties, Great Southern & Western." in text
    assert "Great Northern (orange): 12 steps, 8 to blue" in text
    assert "  turn  1: orange 5 AB20 5/12; blue 1 X20 1/12" in text
    assert "  1. Great Northern: bonus 20" in text
    assert "orange     -> blue          4  fees for transport 1, 8 less 4 the other way" in text


def test_a_fallback_route_and_a_joint_train_are_reported(played):
    text = text_of(played, 9)
    assert "Great Northern, route 1 refused: orange would pay 11 units to blue" in text
    assert "Great Northern (orange, route 2): 33 steps, 17 to blue, 7 to green" in text
    assert "Great Southern & Western with Great Northern (green+orange): 14 steps, no fees" in text
    assert "Cancelled: Limerick is not on any network." in text


def test_the_final_newsletter_names_the_winner_and_reveals_the_seed(played):
    text = text_of(played, 10)
    assert "Winner: Great Southern & Western." in text
    assert "The dice seed was: eire-2391" in text
    assert played.config["dice"]["commitment"] in text
    assert "TRANSPORTS: 6 MADE OF 6 (1 cancelled)" in text
    assert "ORDER FORMS" not in text


@pytest.mark.parametrize("n, word, expected", [(1, "segment", "1 segment"), (0, "segment", "0 segments"),
                                              (2, "unit", "2 units"), (-1, "unit", "-1 unit"),
                                              (1, "hex", "1 hex"), (12, "hex", "12 hexes")])
def test_one_pluralising_helper_for_every_count(n, word, expected):
    from umpire.kernel.words import plural
    assert plural(n, word) == expected


def test_a_transport_with_no_line_between_its_places_says_so_and_prints_no_none():
    from umpire.families.dampfross.render.transports_report import shortest_text
    assert shortest_text(None) == "no existing line joins them yet"
    assert shortest_text(1) == "shortest existing line 1 hex"
    assert shortest_text(13) == "shortest existing line 13 hexes"


def test_no_count_of_one_goes_with_a_plural_in_any_demo_newsletter(played):
    import re
    for path in sorted((played.path / "newsletters").glob("*.txt")):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"(?<![\d.])1 (segments|units|points|steps|hexes|times)\b", text), path.name
        assert "fees no fees" not in text


def test_the_pdf_counts_one_hex_as_a_hex_in_announced_transports():
    from umpire.families.dampfross.render import pdf_operations

    class Tables:
        rows: list = []

        def table(self, columns, rows, size):
            self.rows = rows

        def para(self, *a, **k):
            pass

    t = dict(number=4, special=False, destination=43, destination_name="Drogheda", destinations=[("D4", "Drogheda")],
             start=45, starts=[("S4", "Mullingar")], round=7, start_from=None, start_dice="red 4, black 5",
             start_rolled=45, destination_dice="red 4, black 3", destination_rolled=43, shortest=1,
             rerolls=[{"destination_name": "Navan", "shortest": 1}])
    flow = Tables()
    pdf_operations.announced(flow, {"announced": [t], "round": 7, "builds_after": False, "builds_next": False})
    [row] = flow.rows
    assert row[-1] == "1 hex" and "Navan rolled again (1 hex away)" in row[3]

"""Places in Volldampf orders: every line that names a location or a link refuses one it cannot
read by name, suggests the board's closest names, and gives examples from the game's own board."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st
from orderfuzz import PROFILE
from volldampf_helpers import tiny_board, worked_board

from umpire.families.volldampf.board import load_board
from umpire.families.volldampf.orders import BodyReader

GERMANY = load_board("volldampf-germany")
BOARDS = {"germany": GERMANY, "tiny": tiny_board(), "worked": worked_board()}
SEATS = ["ann", "bob", "cy"]
KEYWORDS = {"MOVE", "BUILD", "ELSE", "REPLAN", "TO", "BEST", "DECLINE", "EXTRA", "FAVOUR", "NOW", "FAST", "Write",
            "Name", "Begin", "Did"}


def refusals(board, *lines, turn=""):
    _, errors = BodyReader(board, SEATS, "ann", turn).read(list(enumerate(lines, 1)))
    return [str(e) for e in errors]


def test_a_misspelt_location_in_a_move_is_named_with_the_closest_one():
    message, = refusals(GERMANY, "MOVE violet Hannover-Braunschwieg")
    assert "'Braunschwieg' in the route 'Hannover-Braunschwieg' is neither a location nor a link" in message
    assert "Did you mean Braunschweig?" in message and "Danzig" not in message


@pytest.mark.parametrize("line, written, meant", [
    ("BUILD Hambrug-Hannover", "Hambrug", "Hamburg"),
    ("BUILD Hamburg-Hannover ELSE Hannover-Brmen", "Brmen", "Bremen"),
    ("MOVE blue Berlin-Lepizig ELSE DECLINE", "Lepizig", "Leipzig"),
    ("SUBSIDY blue Berlin-Lepizig", "Lepizig", "Leipzig"),
    ("MOVE red Kolen BEST", "Kolen", "Köln"),
    ("REPLAN blue Berlni TO Hamburg MOVE 1", "Berlni", "Berlin"),
    ("REPLAN blue Berlin TO Hambrug MOVE 1", "Hambrug", "Hamburg"),
    ("EXTRA MOVE 1 blue:Lepizig", "Lepizig", "Leipzig"),
])
def test_every_line_that_takes_a_place_suggests_the_closest(line, written, meant):
    message, = refusals(GERMANY, line)
    assert f"'{written}'" in message and f"Did you mean {meant}" in message, message


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_the_examples_of_the_messages_name_places_of_the_game_s_own_board(name):
    board = BOARDS[name]
    known = {loc.name for loc in board.locations.values()} | {loc.id for loc in board.locations.values()}
    known |= set(board.links) | set(board.regions) | KEYWORDS
    messages = refusals(board, "MOVE blue", "MOVE blue Xyzzy-Qwerty", "BUILD", "BUILD Xyzzy", "BUILD L1 FAVOUR",
                        "REPLAN blue", "EXTRA MOVE", "EXTRA MOVE 1", "[+2]", "MOVE blue Qwerty BEST", "MOVE blue BEST")
    assert len(messages) == 11
    for message in messages:
        for example in re.findall(r"e\.g\. ([^.(]+)", message) + re.findall(r"\bas ([\w-]+)\)", message):
            words = {w for w in re.split(r"[\s\-:,()\[\]+]+", example) if w and not w.isdigit()}
            assert words <= known | {"blue", "violet", "red", "yellow", "or"}, (message, words - known)


@PROFILE
@given(st.sampled_from(sorted(BOARDS)), st.data())
def test_a_location_with_two_letters_swapped_is_suggested(name, data):
    board = BOARDS[name]
    location = data.draw(st.sampled_from([loc for loc in board.locations.values() if len(loc.name) >= 5]))
    at = data.draw(st.integers(1, len(location.name) - 3))
    text = location.name
    misspelt = text[:at] + text[at + 1] + text[at] + text[at + 2:]
    if board.location(misspelt) is not None:
        return
    others = [loc.name for loc in board.locations.values() if loc.id != location.id]
    message, = refusals(board, f"MOVE red {misspelt} BEST")
    assert f"'{misspelt}'" in message and "Did you mean" in message
    assert location.name in message or any(o in message for o in others), message

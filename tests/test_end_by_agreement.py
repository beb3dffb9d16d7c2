"""`umpire end GAME_DIR --reason TEXT`: a game ended by the players' agreement, in both families
(docs/gm.md): the orders in force for the open turn are listed and the GM is asked before they are
dropped; the final newsletter says "ended by agreement" and claims no round resolved; status gives
the winners; rollback undoes it; replay repeats it byte for byte."""

from __future__ import annotations

import json
import shutil

import pytest
from conftest import TEST_MAP
from helpers import run as umpire
from helpers import run_ok as ok
from volldampf_helpers import TINY

from umpire.game import Game
from umpire.store.folder import GameFolder
from umpire.usecases import actions
from umpire.usecases.replay import replay

COMPANIES = ["--company", "red:Red Lines:red@example.org", "--company", "blue:Blue Star:blue@example.org"]
RED = "GAME g\nCOMPANY red\nHOME Alpha\nBUILD C3-D3-E3-F3-F2\n"
BLUE = "GAME g\nCOMPANY blue\nHOME Beta\nBUILD K8-J8-I8-H8\n"
RED2 = "GAME g\nCOMPANY red\nBUILD F3-G4\n"
PLAYERS = ["ann:Ann:ann@example.org", "bob:Bob:bob@example.org"]


def send(tmp_path, game, *texts):
    for i, text in enumerate(texts):
        path = tmp_path / f"order{i}.txt"
        path.write_text(text)
        ok("submit", game, path)


def status(game) -> dict:
    return json.loads(ok("status", game, "--json"))


@pytest.fixture(scope="module")
def dampfross_made(tmp_path_factory):
    """A Dampfross game with round 1 resolved (red reached a city: it has the higher balance) and an
    order of red in force for round 2; made once, copied for each test."""
    tmp_path = tmp_path_factory.mktemp("made")
    game = tmp_path / "g"
    ok("new", game, "--map", TEST_MAP, "--rules", "laurin", *COMPANIES, "--seed", "s")
    send(tmp_path, game, RED, BLUE)
    ok("resolve", game)
    send(tmp_path, game, RED2)
    return game


@pytest.fixture
def dampfross_in_round_2(dampfross_made, tmp_path):
    shutil.copytree(dampfross_made, tmp_path / "g")
    return tmp_path / "g"


# -- Dampfross ------------------------------------------------------------------------------------
def test_end_lists_the_orders_in_force_and_asks_first(dampfross_in_round_2):
    game = dampfross_in_round_2
    journal = (game / "journal.jsonl").read_bytes()
    result = umpire("end", game, "--reason", "we all agreed", input="n\n")
    assert result.exit_code == 1
    assert "the orders in force for round 2 are dropped (Red Lines (red))" in result.output
    assert "End the game?" in result.output and "nothing was done" in result.output
    assert (game / "journal.jsonl").read_bytes() == journal


def test_the_final_newsletter_says_ended_by_agreement_and_claims_no_round_resolved(dampfross_in_round_2):
    game = dampfross_in_round_2
    balances = {c: v["balance"] for c, v in status(game)["companies"].items()}
    out = ok("end", game, "--reason", "we all agreed", input="y\n")
    assert "The game is ended by agreement (we all agreed)" in out and "Newsletter 003 written." in out
    text = (game / "newsletters" / "003.txt").read_text()
    assert "ended by agreement: we all agreed" in text
    assert "is resolved" not in text and "ROUND 2 REPORT" not in text and "TRANSPORTS:" not in text
    assert "The orders in force for round 2, not carried out: Red Lines." in text
    best = max(balances.values())
    winners = [c for c, b in balances.items() if b == best]
    assert balances["red"] != balances["blue"] and winners == ["red"]
    assert "Winner: Red Lines." in text
    for company, balance in balances.items():
        assert f"({company})" in text and f"{balance:5d} units" in text
    info = status(game)
    assert info["phase"] == "finished" and info["winners"] == winners


def test_end_twice_is_refused_and_changes_nothing(dampfross_in_round_2):
    game = dampfross_in_round_2
    ok("end", game, "--reason", "agreed", "--yes")
    journal = (game / "journal.jsonl").read_bytes()
    again = umpire("end", game, "--reason", "agreed", "--yes")
    assert again.exit_code == 1 and "is over already" in again.output
    assert (game / "journal.jsonl").read_bytes() == journal


def test_an_ended_game_replays_byte_for_byte(dampfross_in_round_2):
    game = dampfross_in_round_2
    ok("end", game, "--reason", "agreed", "--yes", "--note", "Thank you all for a fine game.")
    outcome = replay(game)
    assert outcome.differences == [], outcome.differences


def test_the_note_of_end_is_printed_in_the_final_newsletter_under_from_the_gm(dampfross_in_round_2):
    game = dampfross_in_round_2
    out = ok("end", game, "--reason", "agreed", "--yes", "--note", "Thank you all for a fine game.")
    assert "Newsletter 003 written." in out
    text = (game / "newsletters" / "003.txt").read_text()
    assert "FROM THE GM" in text and "Thank you all for a fine game." in text
    assert text.index("FROM THE GM") < text.index("Thank you all")
    events = GameFolder(game).events
    note = next(i for i, e in enumerate(events) if e["type"] == "gm_note")
    assert events[note]["after"] == "end" and events[note + 1] == {"type": "command", "command": "end",
                                                                   "reason": "agreed"}
    assert "Thank you all for a fine game." in ok("log", game, "--gm")


def test_a_bad_note_of_end_is_refused_before_anything_is_done(dampfross_in_round_2):
    game = dampfross_in_round_2
    journal = (game / "journal.jsonl").read_bytes()
    result = umpire("end", game, "--reason", "agreed", "--yes", "--note", "two\nlines")
    assert result.exit_code == 1 and "two" in result.output
    assert (game / "journal.jsonl").read_bytes() == journal


def test_rollback_undoes_the_end_and_the_orders_are_in_force_again(dampfross_in_round_2):
    game = dampfross_in_round_2
    ok("end", game, "--reason", "agreed", "--yes")
    ended = (game / "newsletters" / "003.txt").read_bytes()
    out = ok("rollback", game)
    assert "end of round 2" in out
    info = status(game)
    assert info["phase"] == "construction" and info["round"] == 2 and info["orders_in"] == ["red"]
    assert "winners" not in info
    ok("end", game, "--reason", "agreed", "--yes")
    assert (game / "newsletters" / "003.txt").read_bytes() == ended
    assert replay(game, quick=True).differences == []


# -- Volldampf ------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def volldampf_made(tmp_path_factory):
    """A Volldampf game whose round 1 is played to its end, with bonds taken by ann in turn 2A and
    an order of bob in force for the open turn; made once, copied for each test."""
    tmp_path = tmp_path_factory.mktemp("made")
    folder, _ = actions.create_game(tmp_path / "vt", str(TINY), "volldampf", PLAYERS, seed="agree")
    while Game.of(folder).family.open_turn(Game.of(folder).state()) != "2A":
        ok("resolve", folder.path, "--force")
        folder = GameFolder(folder.path)
    send(tmp_path, folder.path, "GAME vt\nPLAYER ann\nBONDS 2\n")
    ok("resolve", folder.path, "--force")
    folder = GameFolder(folder.path)
    turn = Game.of(folder).family.open_turn(Game.of(folder).state())
    send(tmp_path, folder.path, f"GAME vt\nPLAYER bob\nROUND {turn}\nPASS\n")
    return folder.path, turn


@pytest.fixture
def volldampf_in_round_2(volldampf_made, tmp_path):
    shutil.copytree(volldampf_made[0], tmp_path / "vt")
    return GameFolder(tmp_path / "vt"), volldampf_made[1]


def test_volldampf_scores_as_at_the_end_of_the_last_full_round(volldampf_in_round_2):
    folder, turn = volldampf_in_round_2
    assert Game.of(folder).state().bonds["ann"] == 2
    payouts = {e["player"]: e for e in folder.events if e["type"] == "payout" and e["round"] == 1}
    out = ok("end", folder.path, "--reason", "time is up", input="y\n")
    assert f"the orders in force for turn {turn} are dropped (Bob (bob))" in out
    assert "scored as at the end of round 1" in out
    end = next(e for e in GameFolder(folder.path).events if e["type"] == "end")
    assert end["scores"] == {p: payouts[p]["income"] for p in ("ann", "bob")}       # no bonds at the end of round 1
    assert end["cash"] == {p: payouts[p]["cash"] for p in ("ann", "bob")}
    best = max((end["scores"][p], end["cash"][p]) for p in end["scores"])
    assert end["winners"] == [p for p in ("ann", "bob") if (end["scores"][p], end["cash"][p]) == best]
    text = (folder.path / "newsletters" / f"{GameFolder(folder.path).newsletter_count():03d}.txt").read_text()
    assert "THE GAME IS OVER, ended by agreement: time is up." in text
    assert f"The orders in force for turn {turn}, not carried out: Bob (bob)." in text
    assert "Scored as at the end of round 1" in text
    info = status(folder.path)
    assert info["phase"] == "finished" and info["winners"] == end["winners"]


def test_volldampf_end_replays_and_rolls_back(volldampf_in_round_2):
    folder, turn = volldampf_in_round_2
    ok("end", folder.path, "--reason", "agreed", "--yes", "--note", "Same time next year?")
    text = (folder.path / "newsletters" / f"{GameFolder(folder.path).newsletter_count():03d}.txt").read_text()
    assert "From the GM" in text and "Same time next year?" in text
    assert replay(folder.path, quick=True).differences == []
    assert f"Rolled back: end of turn {turn}." in ok("rollback", folder.path)
    info = status(folder.path)
    assert info["turn"] == turn and info["orders_in"] == ["bob"] and "winners" not in info

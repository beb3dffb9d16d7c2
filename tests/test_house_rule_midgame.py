"""House rules changed mid-game (`umpire house-rule GAME_DIR KEY=VALUE --reason TEXT`, docs/gm.md and
docs/house-rules.md): journaled, in force from the next round and never the open one, checked as
`--option` is at `umpire new`, announced in the next newsletter, replayed at the same point; and an
edit of game.yaml's `options:` behind the umpire's back is refused on load."""

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
PLAYERS = ["ann:Ann:ann@example.org", "bob:Bob:bob@example.org"]


def journal(game) -> list[dict]:
    return [json.loads(line) for line in (game / "journal.jsonl").read_text().splitlines()]


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    game = tmp_path_factory.mktemp("made") / "g"
    ok("new", game, "--map", TEST_MAP, "--rules", "laurin", *COMPANIES, "--seed", "s")
    return game


@pytest.fixture
def game(made, tmp_path):
    shutil.copytree(made, tmp_path / "g")
    return tmp_path / "g"


def test_a_house_rule_is_journaled_and_in_force_from_the_next_round(game):
    out = ok("house-rule", game, "construction.dice.count=2", "--reason", "faster building")
    assert "House rule from round 2: construction.dice.count = 2 (faster building)" in out
    event = journal(game)[-1]
    assert event == {"type": "house_rule", "round": 1, "from_round": 2, "key": "construction.dice.count",
                     "value": 2, "reason": "faster building"}
    folder = GameFolder(game)
    assert Game.of(folder).rules.construction.dice.count == 1
    assert "construction.dice.count" not in Game.of(folder).options
    ok("resolve", game, "--force")
    folder = GameFolder(game)
    assert Game.of(folder).state().round == 2
    assert Game.of(folder).rules.construction.dice.count == 2
    assert Game.of(folder).options["construction.dice.count"] == 2


def test_a_shell_option_changed_mid_game_sets_the_next_deadline(game):
    ok("house-rule", game, "deadline=7 days", "--reason", "slower post")
    assert json.loads(ok("status", game, "--json"))["deadline"] is None      # the open round keeps none
    ok("resolve", game, "--force")
    assert json.loads(ok("status", game, "--json"))["deadline"] is not None


def test_the_next_newsletter_announces_it_and_replay_repeats_it(game):
    ok("house-rule", game, "construction.dice.count=2", "--reason", "faster building")
    ok("resolve", game, "--force")
    ok("resolve", game, "--force")
    text = (game / "newsletters" / "002.txt").read_text()
    assert "House rule from round 2: construction.dice.count = 2 (faster building)" in text
    assert "House rule" not in (game / "newsletters" / "003.txt").read_text()
    rolls = [e for e in journal(game) if e["type"] == "roll" and e["purpose"].startswith("round 3")]
    assert len(rolls) == 2                        # round 2's resolve opened round 3 with two dice
    outcome = replay(game)
    assert outcome.differences == [], outcome.differences


def test_given_twice_it_is_journaled_once(game):
    ok("house-rule", game, "transports_per_round=2", "--reason", "agreed")
    out = ok("house-rule", game, "transports_per_round=2", "--reason", "agreed")
    assert "is so from round 2 already; nothing was done" in out
    assert sum(1 for e in journal(game) if e["type"] == "house_rule") == 1


@pytest.mark.parametrize("setting, said", [
    ("construction.dice.count=0", "must be a whole number of at least 1"),
    ("nonsense=1", "'nonsense' is not a ruleset value"),
    ("first_company=die", "cannot change while the game runs"),
    ("players.max=3", "cannot change while the game runs"),
    ("resolve_early=maybe", "must be true or false"),
    ("deadline=soon", "deadline"),
])
def test_a_value_new_would_refuse_or_a_fixed_key_is_refused(game, setting, said):
    before = (game / "journal.jsonl").read_bytes()
    result = umpire("house-rule", game, setting, "--reason", "x")
    assert result.exit_code == 1 and said in result.output, result.output
    assert (game / "journal.jsonl").read_bytes() == before


def test_volldampf_house_rule_from_the_next_round(tmp_path):
    folder, _ = actions.create_game(tmp_path / "vt", str(TINY), "volldampf", PLAYERS, seed="rules")
    out = ok("house-rule", folder.path, "money=hidden", "--reason", "more bluff")
    assert "House rule from round 2: money = hidden (more bluff)" in out
    while Game.open(folder.path).state().round == 1:
        assert Game.open(folder.path).rules["options"]["money"] == "public"
        ok("resolve", folder.path, "--force")
    folder = GameFolder(folder.path)
    assert Game.of(folder).rules["options"]["money"] == "hidden"
    text = (folder.path / "newsletters" / "002.txt").read_text()      # the next newsletter, turn 1A's
    assert "House rule from round 2: money = hidden (more bluff)" in text
    assert replay(folder.path, quick=True).differences == []


# -- the options guard ------------------------------------------------------------------------------
def test_an_edit_of_the_options_behind_the_umpires_back_is_refused(game):
    config = (game / "game.yaml").read_text()
    assert "options_fingerprint:" in config
    (game / "game.yaml").write_text(config.replace("options: {}", "options:\n  transports_per_round: 3"))
    result = umpire("status", game)
    assert result.exit_code == 1
    assert "game.yaml's options changed since the game was made (transports_per_round was not set, is 3)" \
        in result.output
    assert "umpire house-rule" in result.output and "put the options back" in result.output
    (game / "game.yaml").write_text(config)
    ok("status", game)


def test_the_umpires_own_writes_to_game_yaml_pass_and_an_old_game_is_not_refused(game):
    ok("deadline", game, "--set", "2030-01-01 12:00")          # the umpire rewrites game.yaml
    ok("status", game)
    config = (game / "game.yaml").read_text()
    old = "\n".join(line for line in config.splitlines() if not line.startswith("options_fingerprint:"))
    (game / "game.yaml").write_text(old.replace("options: {}", "options:\n  transports_per_round: 3") + "\n")
    ok("status", game)


def test_a_house_rule_takes_the_gms_note_for_the_next_newsletter(game):
    ok("house-rule", game, "construction.dice.count=2", "--reason", "faster building",
       "--note", "Two dice from round 2, as we agreed by mail.")
    assert journal(game)[-1]["type"] == "gm_note"
    ok("resolve", game, "--force")
    text = (game / "newsletters" / "002.txt").read_text()
    assert "Two dice from round 2, as we agreed by mail." in text

"""Game families: the registry, the shared order header, and a third family (tests/toyfamily.py)
played through the shell alone: new, submit with turn names, resolve, status, private newsletter
parts mailed only to their player, replay."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from email import message_from_bytes, policy

import pytest
import toyfamily
from click.testing import CliRunner
from conftest import TEST_MAP
from hypothesis import given
from hypothesis import strategies as st

from umpire import families
from umpire.cli import main
from umpire.errors import DataError, UmpireError
from umpire.game import Game
from umpire.kernel.order_header import OrderLineError, read_round
from umpire.mail.config import MailConfig
from umpire.mail.send import queue_newsletter
from umpire.store.folder import GameFolder
from umpire.usecases import actions
from umpire.usecases.replay import replay

PLAYERS = ["ann:Ann:ann@example.org", "bob:Bob:bob@example.org"]


@pytest.fixture
def coin(tmp_path, monkeypatch):
    """The Coin family registered, its ruleset and board in files; returns a maker of games."""
    monkeypatch.setattr(families, "FAMILIES", families.FAMILIES + ("coin",))
    monkeypatch.setitem(families._loaded, "coin", toyfamily.FAMILY)
    (tmp_path / "coin.yaml").write_text(toyfamily.RULES)
    (tmp_path / "table.yaml").write_text(toyfamily.BOARD)

    def make(name="c1", **kwargs):
        return actions.create_game(tmp_path / name, str(tmp_path / "table.yaml"), str(tmp_path / "coin.yaml"),
                                   PLAYERS, **kwargs)
    return make


def order(game: str, player: str, *lines: str) -> bytes:
    return "\n".join([f"GAME {game}", f"PLAYER {player}", *lines]).encode() + b"\n"


# -- the registry ----------------------------------------------------------------
def test_a_ruleset_without_family_is_dampfross(tmp_path):
    assert families.of_rules(TEST_MAP.parent.parent.parent / "rules" / "laurin.yaml").name == "dampfross"


def test_a_game_file_without_family_is_dampfross():
    assert families.of_game({"game": "g"}).name == "dampfross"


def test_an_unknown_family_is_refused_naming_the_ruleset_line(tmp_path):
    path = tmp_path / "odd.yaml"
    path.write_text("# a ruleset\nfamily: chess\nname: odd\n")
    with pytest.raises(DataError, match=r"odd.yaml, line 2, family: there is no game family 'chess'.*dampfross"):
        families.of_rules(path)


def test_a_dampfross_game_file_stays_as_it_was(tmp_path):
    folder, _ = actions.create_game(tmp_path / "g", str(TEST_MAP), "laurin", ["red:Red", "blue:Blue"], seed="s")
    assert "family" not in folder.config
    assert actions.status(folder)["family"] == "dampfross"


def test_status_json_of_a_dampfross_game_names_its_family(tmp_path):
    actions.create_game(tmp_path / "g", str(TEST_MAP), "laurin", ["red:Red", "blue:Blue"], seed="s")
    result = CliRunner().invoke(main, ["status", str(tmp_path / "g"), "--json"])
    assert json.loads(result.output)["family"] == "dampfross"


def test_draws_are_not_for_a_dampfross_game(tmp_path):
    draws = tmp_path / "draws.txt"
    draws.write_text("cube blue\n")
    with pytest.raises(UmpireError, match=r"--draws is not for this game: its rules draw dice.*--dice FILE"):
        actions.create_game(tmp_path / "g", str(TEST_MAP), "laurin", ["red:Red", "blue:Blue"], draws_file=draws)


# -- the order header --------------------------------------------------------------
def test_round_reads_turn_names_for_a_family_with_turns():
    assert read_round("3b", turns=True) == "3B"
    assert read_round("3A2", turns=True) == "3A2"
    assert read_round("3", turns=True) == 3


def test_dampfross_rounds_stay_numbers():
    assert read_round("12", turns=False) == 12
    with pytest.raises(OrderLineError, match="ROUND takes the round number, e.g. ROUND 3."):
        read_round("3B", turns=False)


@given(st.text(max_size=12))
def test_any_round_is_read_or_refused_clearly(text):
    for turns in (False, True):
        try:
            got = read_round(text, turns)
        except OrderLineError as exc:
            assert "ROUND takes" in str(exc)
        else:
            assert isinstance(got, int) or got[0].isdigit()


# -- a third family through the shell --------------------------------------------------
def test_a_third_family_plays_through_the_shell(coin):
    folder, codes = coin(seed="coin-seed")
    assert folder.config["family"] == "coin"
    assert actions.status(folder)["turn"] == "1A"
    first = actions.submit(folder, order("c1", "ann", "ROUND 1a", "GUESS heads"))
    assert first.accepted and first.round == "1A" and (folder.path / "orders" / "1A").is_dir()
    wrong = actions.submit(folder, order("c1", "bob", "ROUND 1B", "GUESS tails"))
    assert wrong.reason == "the order is for turn 1B, and turn 1A is open."
    actions.submit(folder, order("c1", "bob", "GUESS tails"))
    actions.resolve(folder)
    info = actions.status(folder)
    assert (info["family"], info["turn"], info["awaited"]) == ("coin", "1B", ["ann", "bob"])
    assert sum(p["score"] for p in info["players"].values()) == 1      # one of heads and tails was right


def test_private_parts_are_written_beside_the_newsletter(coin):
    folder, _ = coin(seed="coin-seed")
    actions.submit(folder, order("c1", "ann", "GUESS heads"))
    actions.resolve(folder)
    issued = [e for e in folder.events if e["type"] == "newsletter"][-1]
    assert issued["files"] == ["newsletters/002.txt", "newsletters/002.pdf", "newsletters/002-ann.txt"]
    assert (folder.path / "newsletters" / "002-ann.txt").read_text() == "Your guess was heads.\n"


def test_a_private_part_is_mailed_only_to_its_player(coin):
    folder, _ = coin(seed="coin-seed")
    actions.submit(folder, order("c1", "ann", "GUESS heads"))
    actions.resolve(folder)
    queue_newsletter(folder, MailConfig(from_addr="umpire@example.org", observers=["eve@example.org"]), 2,
                     datetime(2025, 3, 1, tzinfo=UTC))
    bodies = {}
    for path in (folder.path / "outbox").glob("newsletter-002-*.eml"):
        msg = message_from_bytes(path.read_bytes(), policy=policy.default)
        bodies[msg["To"]] = msg.get_body(("plain",)).get_content().replace("\r\n", "\n")
    assert "Your guess was heads." in bodies["ann@example.org"]
    assert "For Ann (ann) only" in bodies["ann@example.org"]
    assert all("Your guess" not in bodies[to] for to in ("bob@example.org", "eve@example.org"))
    assert bodies["bob@example.org"].startswith((folder.path / "newsletters" / "002.txt").read_text())


def test_a_third_family_replays_byte_for_byte(coin):
    folder, _ = coin(seed="coin-seed")
    for guesses in (("heads", "tails"), ("tails", "tails"), ("heads", "heads"), ("tails", "heads")):
        for player, guess in zip(("ann", "bob"), guesses):
            actions.submit(folder, order("c1", player, f"GUESS {guess}"))
        actions.resolve(folder)
    assert Game.of(folder).state().phase == "finished"
    outcome = replay(folder.path)
    assert outcome.differences == [] and outcome.commands == 5


def test_recorded_draws_drive_a_third_family(coin, tmp_path):
    draws = tmp_path / "coins.txt"
    draws.write_text("# the printed coins\ncoin tails\ncoin heads\n")
    folder, _ = coin(name="c2", draws_file=draws)
    assert (folder.path / "draws.txt").read_text() == draws.read_text()
    actions.submit(folder, order("c2", "ann", "GUESS tails"))
    actions.resolve(folder)
    actions.resolve(folder)
    assert [e["outcome"] for e in folder.events if e["type"] == "draw"] == ["tails", "heads"]
    with pytest.raises(UmpireError, match=r"draw 3 \(turn 2A coin, a coin draw\) is needed"):
        actions.resolve(folder)
    assert replay(folder.path).differences == []


def test_a_third_family_status_prints_through_the_family(coin):
    folder, _ = coin(seed="s")
    result = CliRunner().invoke(main, ["status", str(folder.path)])
    assert result.output.splitlines()[:3] == ["Game c1: turn 1A", "  ann: 0", "  bob: 0"]
    assert "awaited:   ann, bob" in result.output


def test_a_family_refuses_a_command_it_does_not_add(coin):
    folder, _ = coin(seed="s")
    with pytest.raises(UmpireError, match="the command 'end-construction' is not part of this game"):
        actions.family_command(GameFolder(folder.path), "end-construction", actions.gm_args("no reason"))
    result = CliRunner().invoke(main, ["end-construction", str(folder.path), "--reason", "x"])
    assert result.exit_code == 1 and "end-construction is not a command of a coin game such as c1" in result.output


@pytest.fixture
def cli_knows_coin(coin):
    """The command line's list of GM commands read afresh with the Coin family registered."""
    import umpire.cli
    umpire.cli._family_commands.cache_clear()
    yield coin
    umpire.cli._family_commands.cache_clear()


def test_a_third_familys_gm_command_is_a_command_of_the_shell(cli_knows_coin, tmp_path):
    folder, _ = cli_knows_coin(seed="s")
    runner = CliRunner()
    assert "skip-turn" in runner.invoke(main, ["--help"]).output
    helped = runner.invoke(main, ["skip-turn", "--help"]).output
    assert "no coin is drawn" in helped and 'umpire skip-turn games/c1 --reason "the table was closed"' in helped
    result = runner.invoke(main, ["skip-turn", str(folder.path), "--reason", "the table was closed"])
    assert result.exit_code == 0, result.output
    assert actions.status(folder)["turn"] == "1B"
    assert {"type": "command", "command": "skip-turn", "reason": "the table was closed"} in folder.events
    assert replay(folder.path).differences == []
    rolled = runner.invoke(main, ["rollback", str(folder.path)])                 # undoable, as a resolve
    assert rolled.exit_code == 0, rolled.output
    assert actions.status(GameFolder(folder.path))["turn"] == "1A"
    dampfross = tmp_path / "d1"
    assert runner.invoke(main, ["new", str(dampfross), "--map", TEST_MAP, "--rules", "laurin", "--company",
                                "red:Red:red@example.org", "--company", "blue:Blue:blue@example.org"]).exit_code == 0
    refused = runner.invoke(main, ["skip-turn", str(dampfross), "--reason", "x"])
    assert refused.exit_code == 1 and "skip-turn is not a command of a dampfross game" in refused.output

"""A game outlives an upgrade: games the previous release (0.1.0) made replay with this umpire
as they were played, and the games in progress go on under it and replay again.

The games are in tests/games/previous-release/ (its README says how they were made). Only
dampfross-mid-game keeps its PDFs; the others are replayed --quick (journal and text editions).
They were made under newsletter layout 6; once the umpire writes a newer layout, their replay
compares the journal only (docs/newsletter.md), and what these tests expect of the newsletters
changes with it."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
import reportlab
import yaml
from helpers import run, run_ok

from umpire import __version__
from umpire.kernel.order_header import reading_of
from umpire.usecases.drawn import DRAWN_FILE
from umpire.usecases.replay import replay

PREVIOUS = Path(__file__).parent / "games" / "previous-release"
NO_RECORD = ("The PDFs of newsletters {} were drawn by a reportlab the game has no record of (games begun before "
             f"umpire 0.2.0 have no drawn.jsonl), this is {reportlab.Version}: their text layers were compared.")


def copied(tmp_path, name) -> Path:
    return shutil.copytree(PREVIOUS / name, tmp_path / name)


def config(game) -> dict:
    return yaml.safe_load((game / "game.yaml").read_text(encoding="utf-8"))


def texts(game) -> list[str]:
    return sorted(p.name for p in (game / "newsletters").glob("*.txt"))


def order(tmp_path, game, who, *lines) -> Path:
    path = tmp_path / f"{who}.txt"
    key = "PLAYER" if config(game).get("family") == "volldampf" else "COMPANY"
    path.write_text("\n".join([f"GAME {game.name}", f"{key} {who}", *lines]) + "\n", encoding="utf-8")
    return path


@pytest.mark.parametrize("name, issued", [("dampfross-finished", 4), ("dampfross-mid-game", 2),
                                          ("volldampf-finished", 19), ("volldampf-mid-game", 4)])
def test_a_game_of_the_previous_release_replays_as_it_was_played(tmp_path, name, issued):
    game = copied(tmp_path, name)
    assert config(game)["created_with"] == "umpire 0.1.0" and reading_of(config(game)) == 1
    before = {p: p.read_bytes() for p in game.rglob("*") if p.is_file()}
    outcome = replay(game, quick=True)
    assert outcome.differences == []
    assert len(outcome.newsletters) == len(texts(game)) and f"newsletters/{issued:03d}.txt" in outcome.newsletters
    assert {p: p.read_bytes() for p in game.rglob("*") if p.is_file()} == before       # replay writes nothing there


def test_the_previous_releases_pdfs_are_compared_by_their_text_layers_and_the_replay_says_so(tmp_path):
    game = copied(tmp_path, "dampfross-mid-game")
    result = run("replay", game)
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == [
        (f"Replay of {game}: 2 commands and 3 orders replayed; the journal and 2 newsletter files match byte "
         "for byte, 2 PDFs by their text layers."), NO_RECORD.format("001-002")]


def test_a_dampfross_game_of_the_previous_release_goes_on_and_replays_again(tmp_path):
    game = copied(tmp_path, "dampfross-mid-game")
    made = (game / "game.yaml").read_bytes()
    orders = [order(tmp_path, game, "red", "BUILD F2-F3-G3"), order(tmp_path, game, "blue", "BUILD K8-K7-K6"),
              order(tmp_path, game, "green", "BUILD C5-D5")]
    run_ok("submit", game, *orders)
    status = json.loads(run_ok("status", game, "--json"))
    assert status["round"] == 2 and status["awaited"] == []
    assert "Round 2 resolved" in run_ok("resolve", game)             # due: every order in, no line refused
    status = json.loads(run_ok("status", game, "--json"))
    assert status["round"] == 3 and status["companies"]["red"]["balance"] == 26
    assert (game / "game.yaml").read_bytes() == made                  # it keeps how it was made, order reading 1
    assert [json.loads(line) for line in (game / DRAWN_FILE).read_text(encoding="utf-8").splitlines()] == [
        {"newsletter": 3, "edition": 0, "umpire": __version__, "reportlab": reportlab.Version}]
    outcome = replay(game)
    assert outcome.differences == [] and outcome.commands == 3 and outcome.orders == 6
    assert "newsletters/003.pdf" in outcome.newsletters and outcome.by_text == 2     # 003: byte for byte
    assert outcome.notes == [NO_RECORD.format("001-002")]


def test_a_volldampf_game_of_the_previous_release_goes_on_and_replays_again(tmp_path):
    game = copied(tmp_path, "volldampf-mid-game")
    orders = [order(tmp_path, game, who, f"BID {bid}", "CHOOSE 3 2 1")
              for who, bid in (("ada", 1), ("ben", 2), ("cleo", 0))]
    run_ok("submit", game, *orders)
    assert "Turn 2A resolved" in run_ok("resolve", game)
    status = json.loads(run_ok("status", game, "--json"))
    assert status["turn"] == "2B" and status["players"]["ben"]["place"] == 1
    outcome = replay(game, quick=True)
    assert outcome.differences == [] and outcome.commands == 5 and outcome.orders == 12
    assert "newsletters/005.txt" in outcome.newsletters

"""`umpire dice` and `umpire verify` in a game that draws (Volldampf): every draw listed with its
purpose and outcome (and the draws file's line when recorded), and every draw checked by replaying
the game from the seed, after the seed is checked against its commitment."""

from __future__ import annotations

import json
from pathlib import Path

from helpers import run
from volldampf_helpers import TINY

from umpire.usecases import actions

PLAYERS = ["ann:Ann:ann@example.org", "bob:Bob:bob@example.org", "cy:Cy:cy@example.org"]
RECORDED = Path(__file__).parent / "games" / "volldampf-recorded"


def game(tmp_path):
    folder, _ = actions.create_game(tmp_path / "va", str(TINY), "volldampf", PLAYERS, seed="audit")
    for _ in range(3):
        actions.resolve(folder)
    return folder


def test_dice_lists_every_draw_with_its_purpose_and_outcome(tmp_path):
    folder = game(tmp_path)
    draws = [e for e in folder.events if e["type"] == "draw"]
    result = run("dice", folder.path)
    lines = result.output.splitlines()
    assert result.exit_code == 0 and len(lines) == len(draws) > 0
    first = draws[0]
    assert lines[0].split() [:1] == ["1"] and first["purpose"] in lines[0]
    assert lines[0].rstrip().endswith(f"{first['kind']} {first['outcome']}")


def test_verify_replays_every_draw_from_the_seed(tmp_path):
    folder = game(tmp_path)
    count = sum(1 for e in folder.events if e["type"] == "draw")
    result = run("verify", folder.path)
    assert result.exit_code == 0 and f"all {count} draws check (the game replayed from the seed" in result.output


def test_verify_names_a_draw_that_the_seed_does_not_give(tmp_path):
    folder = game(tmp_path)
    journal = folder.path / "journal.jsonl"
    lines = journal.read_text(encoding="utf-8").splitlines()
    at = next(i for i, line in enumerate(lines) if json.loads(line)["type"] == "draw")
    event = json.loads(lines[at])
    event["outcome"] = "nothing-like-it"
    lines[at] = json.dumps(event, sort_keys=True)
    journal.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = run("verify", folder.path)
    assert result.exit_code == 1 and "nothing-like-it" in result.stderr and event["purpose"] in result.stderr


def test_dice_of_a_recorded_game_names_the_draws_file_lines(tmp_path):
    out = tmp_path / "played"
    assert run("play", RECORDED, out).exit_code == 0
    folder = next(p for p in out.iterdir() if p.is_dir())
    result = run("dice", folder)
    assert result.exit_code == 0 and "(draws file line " in result.output.splitlines()[0]
    assert run("verify", folder).output.startswith("all ")

"""The example archive games/archive-bavaria-1994: a zine game typed in with its recorded dice,
played to its end by `umpire play`, every roll checked by `umpire verify`, replayed byte for byte."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from umpire.cli import main

ARCHIVE = Path(__file__).parent.parent / "games" / "archive-bavaria-1994"


def umpire(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.fixture(scope="module")
def played(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("out")
    result = umpire("play", ARCHIVE, out)
    assert result.exit_code == 0, result.output
    return out / "bavaria-1994"


def test_the_archive_plays_to_its_end_and_the_ludwigsbahn_wins(played):
    status = json.loads(umpire("status", played, "--json").output)
    assert status["phase"] == "finished" and status["winners"] == ["blue"]
    assert status["companies"]["blue"]["balance"] == 94
    letters = sorted(p.name for p in (played / "newsletters").iterdir())
    assert letters == [f"{n:03d}.{kind}" for n in range(1, 10) for kind in ("pdf", "txt")]


def test_the_gm_ended_construction_as_the_zine_says(played):
    events = [json.loads(line) for line in (played / "journal.jsonl").read_text().splitlines()]
    ended = [e for e in events if e["type"] == "construction_ended"]
    assert ended == [{"type": "construction_ended", "round": 7,
                      "reason": "ended by the GM: the players agreed to end construction after round 6"}]


def test_every_recorded_roll_checks(played):
    result = umpire("verify", played)
    assert result.exit_code == 0 and "all 39 rolls check" in result.output


def test_the_played_archive_replays_clean(played):
    result = umpire("replay", played)
    assert result.exit_code == 0 and "match byte for byte" in result.output, result.output


def test_a_die_left_out_of_the_archive_stops_the_play_at_its_round_naming_both_purposes(tmp_path):
    folder = tmp_path / "archive"
    shutil.copytree(ARCHIVE, folder)
    dice = folder / "dice.txt"
    dice.write_text(dice.read_text().replace("round 3 construction: 5 3", "round 3 construction: 5"))
    result = umpire("play", folder, tmp_path / "out")
    assert result.exit_code == 1
    assert "round 2 did not fit when it was resolved" in result.stderr
    assert "roll 6 (round 3 construction die 2) is needed, but the die on line 11 is tagged 'round 4 construction'" \
        in result.stderr
    assert str(dice) in result.stderr

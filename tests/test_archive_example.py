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


def test_every_published_figure_checks_against_the_ledger(played):
    result = umpire("verify", played)
    assert "published.yaml against the ledger): 17 of 17 printed figures compared, 0 differ." in result.output
    assert "    8  red      races           20        20\n" in result.output


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


def test_the_round_the_gms_end_of_construction_ended_is_not_called_resolved(played):
    letter = (played / "newsletters" / "008.txt").read_text()
    assert "Round 7 was not played: the GM ended the construction phase with it open. " \
           "Orders are now due for operating round 8." in letter
    assert "Round 7 is resolved" not in letter
    assert "Round 6 is resolved." in (played / "newsletters" / "007.txt").read_text()


def test_the_archives_newsletters_print_order_forms_without_a_code_line(played):
    letter = (played / "newsletters" / "001.txt").read_text()
    assert "  GAME bavaria-1994\n  COMPANY red\n  ROUND 1\n" in letter and "CODE" not in letter


def test_dice_next_names_the_archives_own_dice_file_when_the_dice_run_out(tmp_path):
    folder = tmp_path / "archive"
    shutil.copytree(ARCHIVE, folder)
    dice = folder / "dice.txt"
    dice.write_text("".join(line for line in dice.read_text().splitlines(keepends=True)
                            if not line.startswith("transport 4: ")))
    assert umpire("play", folder, tmp_path / "out").exit_code == 1
    result = umpire("dice", tmp_path / "out" / "bavaria-1994", "--next")
    assert result.exit_code == 1
    assert "Add the next printed dice to the archive's own dice.txt (the dice file beside its game.yaml), " \
           "not to its copy in" in result.stderr

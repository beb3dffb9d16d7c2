"""`umpire play` of a Volldampf game typed in from a zine with its recorded draws (rule reference,
section 15: a draws file lists the outcomes in the order the rules draw them), as it reads a
Dampfross game's recorded dice. tests/games/volldampf-recorded is a small such game."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from umpire.cli import main
from umpire.game import Game
from umpire.store.folder import GameFolder
from umpire.usecases.replay import replay

ARCHIVE = Path(__file__).parent / "games" / "volldampf-recorded"


def umpire(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def copy(tmp_path, name="archive") -> Path:
    return Path(shutil.copytree(ARCHIVE, tmp_path / name))


def draw_lines(folder: Path) -> list[str]:
    return (folder / "draws.txt").read_text(encoding="utf-8").splitlines()


def test_section_15_play_reads_recorded_draws_to_the_final_newsletter_and_replays(tmp_path):
    result = umpire("play", ARCHIVE, tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert "zine-1926: 15 mail turns played" in result.output and "the game is over (after round 5" in result.output
    folder = GameFolder(tmp_path / "out" / "zine-1926")
    assert Game.of(folder).state().phase == "finished" and folder.config["dice"]["mode"] == "recorded"
    assert (folder.path / "draws.txt").read_bytes() == (ARCHIVE / "draws.txt").read_bytes()
    assert sum(1 for e in folder.events if e["type"] == "draw") == sum(
        1 for line in draw_lines(ARCHIVE) if line and not line.startswith("#"))
    assert "Note:" not in result.output
    assert replay(folder.path).differences == []


def test_section_15_recorded_draws_play_the_game_the_seed_dealt(tmp_path):
    """The draws file was written from a seeded play of the same orders: both give the same newsletters
    (but the seed's commitment and its reveal)."""
    seeded = copy(tmp_path)
    spec = (seeded / "game.yaml").read_text(encoding="utf-8")
    (seeded / "game.yaml").write_text(spec.replace("draws: draws.txt", "seed: recorded-1926"), encoding="utf-8")
    assert umpire("play", seeded, tmp_path / "seeded").exit_code == 0
    assert umpire("play", ARCHIVE, tmp_path / "recorded").exit_code == 0
    a, b = tmp_path / "seeded" / "zine-1926" / "newsletters", tmp_path / "recorded" / "zine-1926" / "newsletters"
    names = sorted(p.name for p in a.glob("*.txt"))
    assert names == sorted(p.name for p in b.glob("*.txt")) and len(names) == 16 * 4

    def text(path):
        return [line for line in path.read_text(encoding="utf-8").splitlines()
                if line and not line.startswith(("Seed commitment", "The seed was"))]
    assert all(text(a / n) == text(b / n) for n in names)


def test_section_15_a_draw_that_cannot_be_stops_the_play_naming_the_turn_and_the_archives_line(tmp_path):
    folder = copy(tmp_path)
    lines = draw_lines(folder)
    number = next(i for i, line in enumerate(lines) if "round 2 goods card 1" in line)
    lines[number] = "cube green   # typed wrong"
    (folder / "draws.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = umpire("play", folder, tmp_path / "out")
    assert result.exit_code == 1
    assert "round 1C did not fit when it was resolved" in result.stderr
    assert f"{folder / 'draws.txt'}, line {number + 1}" in result.stderr and "'cube green'" in result.stderr
    assert str(tmp_path / "out" / "zine-1926" / "draws.txt") not in result.stderr
    assert Game.open(tmp_path / "out" / "zine-1926").state().turn == "C"      # the game so far is kept


def test_section_15_draws_that_run_out_stop_the_play_naming_the_draw_needed(tmp_path):
    folder = copy(tmp_path)
    lines = draw_lines(folder)
    (folder / "draws.txt").write_text("\n".join(lines[:-1]) + "\n", encoding="utf-8")
    purpose = lines[-1].split("# ", 1)[1]
    result = umpire("play", folder, tmp_path / "out")
    assert result.exit_code == 1
    assert "the recorded draws ran out" in result.stderr and f"({purpose}, a" in result.stderr
    assert str(folder / "draws.txt") in result.stderr


def test_section_15_draws_left_over_at_the_end_are_reported(tmp_path):
    folder = copy(tmp_path)
    lines = draw_lines(folder)
    (folder / "draws.txt").write_text("\n".join(lines + ["cube blue", "cube red"]) + "\n", encoding="utf-8")
    result = umpire("play", folder, tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert f"Note: 2 draws of draws.txt were not used (from line {len(lines) + 1} on)." in result.output


def test_play_stops_where_the_orders_end_and_names_the_open_turn(tmp_path):
    folder = copy(tmp_path)
    for turn in ("4A", "4B", "4C", "5A", "5B", "5C"):
        shutil.rmtree(folder / "orders" / turn)
    result = umpire("play", folder, tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert "9 mail turns played" in result.output and "turn 4A is open." in result.output
    assert "umpire dice" not in result.output


@pytest.mark.parametrize("old, new, says", [
    ("draws: draws.txt", "dice: draws.txt", "dice: is not for this game: its rules (volldampf) draw draws"),
    ("draws: draws.txt", "draws: missing.txt", "the draws file 'missing.txt' is not beside it"),
    ("draws: draws.txt", "draws: draws.txt\nseed: x", "give either seed:"),
])
def test_a_game_yaml_with_the_wrong_recorded_file_is_refused_by_line(tmp_path, old, new, says):
    folder = copy(tmp_path)
    spec = (folder / "game.yaml").read_text(encoding="utf-8")
    (folder / "game.yaml").write_text(spec.replace(old, new), encoding="utf-8")
    result = umpire("play", folder, tmp_path / "out")
    assert result.exit_code == 1 and says in result.stderr and "game.yaml" in result.stderr, result.output
    assert not (tmp_path / "out").exists()


def test_a_dampfross_archive_with_draws_is_refused(tmp_path):
    from umpire.usecases.demo import demo_dir
    folder = tmp_path / "archive"
    shutil.copytree(demo_dir(), folder)
    spec = (folder / "demo.yaml").read_text(encoding="utf-8")
    (folder / "draws.txt").write_text("cube blue\n", encoding="utf-8")
    (folder / "demo.yaml").write_text(re.sub(r"seed: \S+", "draws: draws.txt", spec), encoding="utf-8")
    result = umpire("play", folder, tmp_path / "out")
    assert result.exit_code == 1 and "draws: is not for this game: its rules (dampfross) draw dice" in result.stderr


def test_a_gm_command_for_a_round_instead_of_a_mail_turn_is_refused_when_the_round_opens(tmp_path):
    folder = copy(tmp_path)
    with (folder / "game.yaml").open("a", encoding="utf-8") as spec:
        spec.write("gm: {2: [adjust: {company: ada, units: 1, reason: errata}]}\n")
    result = umpire("play", folder, tmp_path / "out")
    assert result.exit_code == 1
    assert "round 2A is open, and gm: round 2 names no round or mail turn of this game" in result.stderr
    assert "follow" not in result.stderr

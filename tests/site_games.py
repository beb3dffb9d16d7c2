"""Games for the tests of the game's web page: both demos played (root/games), and the Dampfross
demo rolled back to round 4 (root/running/demo: a game still running, its seed unrevealed, the
orders of round 4 in and not resolved)."""

from __future__ import annotations

import shutil
from pathlib import Path

from click.testing import CliRunner

from umpire.cli import main


def umpire(*args):
    result = CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result


def play_demos(root: Path) -> tuple[Path, Path]:
    """The folder of the finished demos, and the running game's folder."""
    games = root / "games"
    umpire("demo", games)
    umpire("demo", "--game", "volldampf", games)
    running = root / "running" / "demo"
    shutil.copytree(games / "demo", running)
    umpire("rollback", running, "--to", "4")
    umpire("deadline", running, "--resume")           # released: a game running as any other
    return games, running


def play_german_demos(root: Path) -> tuple[Path, Path]:
    """`play_demos` in German (`umpire demo --language de`): the finished demos' folder, and the
    Dampfross demo's running copy."""
    games = root / "games"
    umpire("demo", "--language", "de", games)
    umpire("demo", "--game", "volldampf", "--language", "de", games)
    running = root / "running" / "demo"
    shutil.copytree(games / "demo", running)
    umpire("rollback", running, "--to", "4")
    umpire("deadline", running, "--set", "2099-03-05T19:00Z", "--reason", "a deadline to count down to")
    return games, running

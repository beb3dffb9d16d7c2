"""The bundled demo game: games/demo, played by `umpire play` into OUT_DIR/demo."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from ..families import family
from ..kernel.yamlfile import safe_load
from ..resources import data_dir
from ..store.folder import GameFolder
from . import play as archive


def demo_dir(game: str | None = None) -> Path:
    """The bundled demo archive of a family (`umpire demo --game NAME`; None: the default family's)."""
    return data_dir("games") / family(game).demo


def spec(source: Path | None = None) -> dict:
    """The demo's game.yaml (named demo.yaml): the game, its map, rules, options, seed, companies."""
    source = source or demo_dir()
    return safe_load(archive.spec_path(source).read_text(encoding="utf-8"))


def play(out_dir: Path, source: Path | None = None, step: Callable[[int, int], None] | None = None) -> GameFolder:
    """Play the demo (or another archive folder) into OUT_DIR/<game>; an earlier run is replaced.
    `step(done, total)` is told as each round is resolved."""
    return archive.play(Path(source) if source else demo_dir(), Path(out_dir), step, label="the demo").folder

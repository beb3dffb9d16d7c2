"""The bundled demo game: create it from games/demo/demo.yaml and play every round of its orders."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Callable

import yaml

from . import actions
from .errors import UmpireError
from .resources import data_dir
from .store.folder import GameFolder


def demo_dir() -> Path:
    return data_dir("games") / "demo"


def spec(source: Path | None = None) -> dict:
    """demo.yaml: the game, its map (a bundled name or a path beside it), rules, options, seed, companies."""
    return yaml.safe_load(((source or demo_dir()) / "demo.yaml").read_text(encoding="utf-8"))


def is_earlier_demo(path: Path) -> bool:
    """A folder the demo wrote before: a game whose every order came from the demo's own files."""
    folder = GameFolder(path)
    try:
        folder.require()
        return all(e.get("via", "").startswith("demo ") for e in folder.events
                   if e["type"] in ("order_received", "order_refused"))
    except UmpireError:
        return False


def play(out_dir: Path, source: Path | None = None, step: Callable[[int, int], None] | None = None) -> GameFolder:
    """Play the demo (or another game folder laid out like it) into OUT_DIR/<game>: every round's
    orders submitted, then resolved, until the orders or the game end. `step(done, total)` is
    told as each round is resolved."""
    source = Path(source) if source else demo_dir()
    game = spec(source)
    path = Path(out_dir) / game["game"]
    if path.exists():
        if not is_earlier_demo(path):
            raise UmpireError(f"{path} already exists and is not an earlier run of the demo.",
                              fix="Remove it, or give another folder: umpire demo OUT_DIR.")
        shutil.rmtree(path)
    options = tuple(f"{key}={yaml.safe_dump(value, default_flow_style=True).strip().removesuffix('...').strip()}"
                    for key, value in (game.get("options") or {}).items())
    game_map = source / game["map"] if (source / game["map"]).is_file() else game["map"]
    folder, _ = actions.create_game(path, str(game_map), game["rules"], game["companies"], seed=str(game["seed"]),
                                    option_specs=options)
    rounds = sorted((p for p in (source / "orders").iterdir() if p.is_dir() and p.name.isdigit()),
                    key=lambda p: int(p.name))
    for done, round_dir in enumerate(rounds, 1):
        if folder.state().phase == "finished":
            break
        for order in sorted(round_dir.glob("*.txt")):
            actions.submit(folder, order.read_bytes(), via=f"demo {round_dir.name}/{order.name}")
        actions.resolve(folder)
        if step:
            step(done, len(rounds))
    return folder

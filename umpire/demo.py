"""The bundled demo game: create it from games/demo/demo.yaml and play every round of its orders."""

from __future__ import annotations

from pathlib import Path

import yaml

from . import actions
from .errors import UmpireError
from .resources import data_dir
from .store.folder import GameFolder


def demo_dir() -> Path:
    return data_dir("games") / "demo"


def play(out_dir: Path) -> GameFolder:
    """Play the demo into OUT_DIR/<game>: every round's orders submitted, then resolved."""
    source = demo_dir()
    spec = yaml.safe_load((source / "demo.yaml").read_text(encoding="utf-8"))
    path = Path(out_dir) / spec["game"]
    if path.exists():
        raise UmpireError(f"{path} already exists.",
                          fix="Remove it, or give another folder: umpire demo OUT_DIR.")
    folder, _ = actions.create_game(path, str(source / spec["map"]), spec["rules"], spec["companies"],
                                    seed=str(spec["seed"]))
    rounds = sorted((p for p in (source / "orders").iterdir() if p.is_dir() and p.name.isdigit()),
                    key=lambda p: int(p.name))
    for round_dir in rounds:
        state = folder.state()
        if state.phase == "finished" or (state.phase == "operations" and not _operations_ready()):
            break
        for order in sorted(round_dir.glob("*.txt")):
            actions.submit(folder, order.read_bytes(), via=f"demo {round_dir.name}/{order.name}")
        actions.resolve(folder)
    return folder


def _operations_ready() -> bool:
    """Whether this umpire has its operating phase (the demo stops at the end of construction if not)."""
    try:
        from .engine import operations  # noqa: F401
    except ImportError:
        return False
    return True

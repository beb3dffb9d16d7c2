"""The emitter every engine folds its events through (docs/families.md): each event is applied to
the working state (its `apply`) and kept, in order, for the journal."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass
class Emitter:
    """Applies each event to the working state and keeps it for the journal; a family's emitter
    adds the events of its own game (a roll, a posting, a draw) on top."""

    state: Any

    def __post_init__(self):
        self.events: list[dict] = []

    def __call__(self, event: dict) -> dict:
        self.state.apply(event)
        self.events.append(event)
        return event

"""The Dampfross newsletter's text edition (jinja2 templates in newsletters/) and what its map
shows: the companies' lines in their styles, and the track built since the last newsletter."""

from __future__ import annotations

from pathlib import Path

from ....render.own_templates import render
from ...base import Folder
from ..engine.state import State
from ..hexgrid import edge, parse_label
from .mapdraw import MapContent
from .styles import company_styles


def render_text(facts: dict, game: Path) -> str:
    """The text edition, with the game's own templates (a GM's masthead) where it has them."""
    return render(game, "newsletter.txt.j2", facts)


def map_content(folder: Folder, state: State | None = None) -> MapContent:
    """The companies' lines as they stand, with each company's style (its colour given in game.yaml
    `archive: colours:` first) and the track built since the last newsletter."""
    state = state or folder.state()
    seats = state.seat_order()
    names = {cid: state.companies[cid].name for cid in seats}
    given = (folder.config.get("archive") or {}).get("colours")
    return MapContent(owners=state.owners, styles=company_styles([(c, names[c]) for c in seats], given), names=names,
                      new=new_track(folder.events))


def new_track(events: list[dict]) -> set:
    """(edge, company) of every segment built since the last newsletter."""
    issued = [i for i, e in enumerate(events) if e["type"] == "newsletter"]
    since = issued[-1] + 1 if issued else 0
    return {(edge(parse_label(e["a"]), parse_label(e["b"])), e["company"])
            for e in events[since:] if e["type"] == "segment"}

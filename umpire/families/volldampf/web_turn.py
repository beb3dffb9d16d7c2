"""What a Volldampf newsletter's web board draws of the turn it reports: each section built
(banded, and tagged with its builder's place in the seat order) and each cube moved (its route
as a numbered arrow through the locations it passed), with their legends, which are also their
tables. Drawn from the journal's `build` and `move` events since the last newsletter."""

from __future__ import annotations

import math

from ...kernel.language import _
from ...render.overlay import band, band_sample, line_sample, polyline, style, tag
from ..base import WebKey
from .drawing import PAGE, frame_for
from .markers import DISC, link_ends, offsets

BAND = 7.0                  # SVG units: the band along a section built
ROUTE = 1.8                 # SVG units: a cube's route


def since_last_newsletter(events: list[dict]) -> list[dict]:
    issued = [i for i, e in enumerate(events) if e["type"] == "newsletter"]
    return events[issued[-1] + 1:] if issued else events


def turn_drawing(board, state, events: list[dict]) -> tuple[str, list[WebKey]]:
    """The SVG elements over the board (SVG units, y down) and the legends, for the turn's
    sections built and cubes moved."""
    news = since_last_newsletter(events)
    builds = [e for e in news if e["type"] == "build"]
    moves = [e for e in news if e["type"] == "move"]
    frame, shift = frame_for(board), offsets(board)
    seats = list(state.seats)
    parts, keys = [], []

    def ends(link_id: str) -> tuple[float, float, float, float]:
        return _trimmed(*link_ends(board, frame, board.links[link_id], shift[link_id]))

    if builds:
        rows = []
        for player in sorted({e["player"] for e in builds}, key=lambda p: (seats.index(p) if p in seats else 99, p)):
            mine = [e for e in builds if e["player"] == player and e["link"] in board.links]
            mark = str(seats.index(player) + 1) if player in seats else "?"
            ink = style(seats.index(player) if player in seats else 0)[0]
            for e in mine:
                x1, y1, x2, y2 = ends(e["link"])
                parts.append(band([(x1, y1, x2, y2)], BAND, {"player": player, "link": e["link"], "cost": e["cost"]})
                             + tag(x1 + (x2 - x1) * 0.25, y1 + (y2 - y1) * 0.25, mark, ink, 6.0))
            rows.append((band_sample() + tag(26, 6, mark, ink, 5.5),
                         [f"{state.names.get(player, player)} ({player})", mark,
                          ", ".join(e["link"] for e in mine), sum(e["cost"] for e in mine)]))
        keys.append(WebKey(_("Sections built this turn"), [_("player"), _("tag"), _("links"), _("marks")], rows))
    if moves:
        rows = []
        for k, e in enumerate(moves):
            ink, dash = style(k)
            points = _route_points(board, frame, e["links"])
            number = str(k + 1)
            parts.append(f'<g class="move" data-move="{number}">'
                         + polyline(points, ink, dash, ROUTE, {"player": e["player"], "colour": e["colour"],
                                                               "links": " ".join(e["links"]), "route": e["route"]},
                                    arrow=True)
                         + tag(*_along(points, 0.45), number, ink, 6.0) + "</g>")
            rows.append((line_sample(ink, dash, ROUTE, number, arrow=True),
                         [number, f"{state.names.get(e['player'], e['player'])} ({e['player']})", e["colour"],
                          e["route"], len(e["links"]), sum(e.get("gains", {}).values())]))
        keys.append(WebKey(_("Cubes moved this turn"), [_("move"), _("player"), _("cube"), _("route"), _("links"),
                                                        _("income")], rows))
    return (f'<!-- news --><g class="turn">{"".join(parts)}</g><!-- /news -->' if parts else ""), keys


def _trimmed(x1: float, y1: float, x2: float, y2: float) -> tuple[float, float, float, float]:
    """A link in SVG units (y down), its ends kept off the locations' discs."""
    length = math.hypot(x2 - x1, y2 - y1) or 1.0
    cut = min(DISC + 2, length / 3) / length
    dx, dy = (x2 - x1) * cut, (y2 - y1) * cut
    return x1 + dx, PAGE[1] - y1 - dy, x2 - dx, PAGE[1] - y2 + dy


def _along(points: list[tuple[float, float]], share: float) -> tuple[float, float]:
    """A point `share` of the way along the first leg (a label off the location's disc)."""
    (x0, y0), (x1, y1) = points[0], points[1] if len(points) > 1 else points[0]
    return x0 + (x1 - x0) * share, y0 + (y1 - y0) * share


def own_sections(board, state, player: str) -> tuple[str, WebKey | None]:
    """The player's sections banded, for his own page's board, and their legend."""
    links = sorted(link for link, owner in state.sections.items() if owner == player and link in board.links)
    if not links:
        return "", None
    frame, shift = frame_for(board), offsets(board)
    segments = []
    for link in links:
        segments.append(_trimmed(*link_ends(board, frame, board.links[link], shift[link])))
    name = f"{state.names.get(player, player)} ({player})"
    key = WebKey(_("{name}: sections highlighted").format(name=name), [_("player"), _("sections"), _("links")],
                 [(band_sample(), [name, len(links), ", ".join(links)])])
    return band(segments, BAND, {"player": player, "links": " ".join(links)}), key


def _route_points(board, frame, links: list[str]) -> list[tuple[float, float]]:
    """The locations a route passes, in order, as SVG points (its links joined end to end)."""
    known = [board.links[i] for i in links if i in board.links]
    if not known:
        return []
    first = known[0]
    start = first.a if len(known) < 2 or first.a not in known[1].ends else first.b
    path, at = [start], start
    for link in known:
        at = link.b if link.a == at else link.a
        path.append(at)
    out = []
    for loc in path:
        x, y = frame(board.locations[loc].x, board.locations[loc].y)
        out.append((x, PAGE[1] - y))
    return out

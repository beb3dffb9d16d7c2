"""Where the board drawing puts things that must stay readable: each location's name box, each
link's track space (its cost), and the cubes on a location as a block of small squares.

A location's block goes beside its disc where it covers no track space, no name, no disc and no
block placed before it, and near its disc crosses no link if it can; the first such place is taken, trying
the side away from the name first, then the other directions, then further out (joined to its
disc by a thin leader). Blocks are placed fullest first, then in the board's order. Pure: the
same board, frame and cubes give the same blocks.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from reportlab.pdfbase.pdfmetrics import stringWidth

from ...render.fonts import BOLD, drawable
from .board import Board, Link, Location

Box = tuple[float, float, float, float]     # x, y (lower left), width, height, in page points

DISC = 5.2                                  # radius of a location's disc
SYMBOL = 6.6                                # "radius" of a track space's symbol
NAME_SIZE = 6.6
CUBE, CUBE_GAP, PER_ROW, SHOWN = 4.4, 0.8, 3, 6
MORE_SIZE = 5.5                             # the `+n` of cubes beyond the six shown
PAD = 0.8                                   # room kept clear round a name, a track space, a disc
STEPS = (1.5, 4.0, 7.0, 11.0, 16.0, 22.0, 30.0, 40.0)       # how far out from the disc, in turn
ANGLES = 16
REACH = DISC + STEPS[-1] + 1.0              # no candidate reaches further from its disc than this (and its size)
NEAR = 7.0                                  # out to here a place crossing no link is preferred


@dataclass(frozen=True)
class Block:
    """The cubes of one location as drawn: each cube's lower left corner and colour, the `+n` (where
    it is written, how many more), the box round all of it, and whether it needs a leader to its disc."""

    location: str
    cubes: tuple[tuple[float, float, str], ...]
    more: int
    more_at: tuple[float, float]
    box: Box
    leader: tuple[float, float, float, float] | None


def name_box(loc: Location, x: float, y: float) -> tuple[float, float, Box]:
    """Where a location's name is written (left, baseline) and the white box behind it."""
    w = stringWidth(drawable(loc.name), BOLD, NAME_SIZE)
    below, above = y - DISC - NAME_SIZE - 0.6, y + DISC + 2.2
    left, base = {
        "below": (x - w / 2, below),
        "above": (x - w / 2, above),
        "left": (x - DISC - 2.5 - w, y - NAME_SIZE * 0.35),
        "right": (x + DISC + 2.5, y - NAME_SIZE * 0.35),
        "below-left": (x - DISC * 0.6 - w, below),     # clear of a track space straight below or beside
        "below-right": (x + DISC * 0.6, below),
        "above-left": (x - DISC * 0.6 - w, above),
        "above-right": (x + DISC * 0.6, above),
    }[loc.label]
    return left, base, (left - 1.2, base - 1.6, w + 2.4, NAME_SIZE + 1.6)


def symbol_points(name: str, x: float, y: float, r: float) -> list[tuple[float, float]]:
    """The outline of a region's symbol centred on x, y (none for a circle)."""
    def ring(n, radius, turn):
        return [(x + radius * math.cos(turn + 2 * math.pi * k / n), y + radius * math.sin(turn + 2 * math.pi * k / n))
                for k in range(n)]
    if name == "octagon":
        return ring(8, r * 1.02, math.pi / 8)
    if name == "triangle":
        return [(x - r * 1.25, y - r * 0.8), (x + r * 1.25, y - r * 0.8), (x, y + r * 1.25)]
    if name == "square":
        return ring(4, r * 1.2, math.pi / 4)
    if name == "diamond":
        return ring(4, r * 1.3, 0)
    if name == "star":
        outer, inner = ring(5, r * 1.45, math.pi / 2), ring(5, r * 0.8, math.pi / 2 + math.pi / 5)
        return [p for pair in zip(outer, inner) for p in pair]
    return []


def space_box(symbol: str, x: float, y: float) -> Box:
    """The box round a track space (its symbol, its outline and the cost inside)."""
    points = symbol_points(symbol, x, y, SYMBOL) or [(x - SYMBOL, y - SYMBOL), (x + SYMBOL, y + SYMBOL)]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs) - PAD, min(ys) - PAD, max(xs) - min(xs) + 2 * PAD, max(ys) - min(ys) + 2 * PAD


def link_ends(board: Board, frame, link: Link, offset: float) -> tuple[float, float, float, float]:
    """A link's ends on the page, moved `offset` points sideways (twin links run side by side)."""
    a, b = board.locations[link.a], board.locations[link.b]
    (x1, y1), (x2, y2) = frame(a.x, a.y), frame(b.x, b.y)
    if offset:
        length = math.hypot(x2 - x1, y2 - y1) or 1.0
        nx, ny = -(y2 - y1) / length * offset, (x2 - x1) / length * offset
        x1, y1, x2, y2 = x1 + nx, y1 + ny, x2 + nx, y2 + ny
    return x1, y1, x2, y2


def offsets(board: Board) -> dict[str, float]:
    """Links sharing a pair of locations are drawn side by side, 9 points apart."""
    out: dict[str, float] = {}
    seen: dict[frozenset, list[str]] = {}
    for link in board.links.values():
        seen.setdefault(frozenset(link.ends), []).append(link.id)
    for ids in seen.values():
        for i, ident in enumerate(ids):
            out[ident] = (i - (len(ids) - 1) / 2) * 9.0
    return out


def space_boxes(board: Board, frame) -> dict[str, Box]:
    """Every link's track space box, by link id."""
    shift = offsets(board)
    out = {}
    for link in board.links.values():
        x1, y1, x2, y2 = link_ends(board, frame, link, shift[link.id])
        out[link.id] = space_box(link.region, (x1 + x2) / 2, (y1 + y2) / 2)
    return out


def overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def crosses(box: Box, segment: tuple[float, float, float, float]) -> bool:
    """Whether a line segment passes through a box (Liang-Barsky clipping)."""
    x1, y1, x2, y2 = segment
    if max(x1, x2) < box[0] or min(x1, x2) > box[0] + box[2] or max(y1, y2) < box[1] or min(y1, y2) > box[1] + box[3]:
        return False
    dx, dy = x2 - x1, y2 - y1
    low, high = 0.0, 1.0
    for p, q in ((-dx, x1 - box[0]), (dx, box[0] + box[2] - x1), (-dy, y1 - box[1]), (dy, box[1] + box[3] - y1)):
        if p == 0:
            if q < 0:
                return False
            continue
        t = q / p
        if p < 0:
            low = max(low, t)
        else:
            high = min(high, t)
        if low > high:
            return False
    return True


def _shape(count: int) -> tuple[float, float, int]:
    """Width and height of a block of `count` cubes, and how many are shown."""
    shown = min(count, SHOWN)
    cols, rows = min(shown, PER_ROW), -(-shown // PER_ROW)
    w, h = cols * (CUBE + CUBE_GAP) - CUBE_GAP, rows * (CUBE + CUBE_GAP) - CUBE_GAP
    if count > shown:
        w = max(w, stringWidth(f"+{count - shown}", BOLD, MORE_SIZE))
        h += MORE_SIZE + 1.0
    return w, h, shown


def _block(ident: str, cubes: Sequence[str], box: Box, shown: int, leader) -> Block:
    x, y, w, h = box
    top = y + h
    placed = tuple((x + (i % PER_ROW) * (CUBE + CUBE_GAP), top - CUBE - (i // PER_ROW) * (CUBE + CUBE_GAP), colour)
                   for i, colour in enumerate(list(cubes)[:shown]))
    return Block(ident, placed, len(cubes) - shown, (x, y + 1.0), box, leader)


def _candidates(x: float, y: float, w: float, h: float, prefer: float):
    """Boxes of w x h round a disc at x, y: nearest first, the preferred direction first at each distance."""
    angles = sorted((2 * math.pi * k / ANGLES for k in range(ANGLES)),
                    key=lambda a: (round(abs(math.remainder(a - prefer, 2 * math.pi)), 6), a))
    for step in STEPS:
        for a in angles:
            ux, uy = math.cos(a), math.sin(a)
            cx, cy = x + ux * (DISC + step + w / 2), y + uy * (DISC + step + h / 2)
            yield step, (cx - w / 2, cy - h / 2, w, h)


def cube_blocks(board: Board, frame, cubes: Mapping[str, Sequence[str]]) -> list[Block]:
    """The block of every location with cubes, placed clear of names, track spaces, discs and each other."""
    points = {ident: frame(loc.x, loc.y) for ident, loc in board.locations.items()}
    hard: list[Box] = [name_box(loc, *points[ident])[2] for ident, loc in board.locations.items()]
    hard += list(space_boxes(board, frame).values())
    hard += [(x - DISC - PAD, y - DISC - PAD, 2 * (DISC + PAD), 2 * (DISC + PAD)) for x, y in points.values()]
    shift = offsets(board)
    lines = [link_ends(board, frame, link, shift[link.id]) for link in board.links.values()]
    order = {ident: i for i, ident in enumerate(board.locations)}
    blocks = []
    for ident in sorted((i for i, c in cubes.items() if c and i in board.locations),
                        key=lambda i: (-len(cubes[i]), order[i])):
        loc, (x, y) = board.locations[ident], points[ident]
        w, h, shown = _shape(len(cubes[ident]))
        prefer = math.radians(150 if loc.label == "right" else 30)
        reach = (x - REACH - w, y - REACH - h, 2 * (REACH + w), 2 * (REACH + h))     # what a candidate can touch
        near = [other for other in hard if overlaps(reach, other)]
        near_lines = [line for line in lines if crosses(reach, line)]
        step, box = _place(_candidates(x, y, w, h, prefer), frame.clip, near, near_lines)
        if box is None:
            box = next(_candidates(x, y, w, h, prefer))[1]
        hard.append(box)
        blocks.append(_block(ident, cubes[ident], box, shown, _leader(x, y, step, box)))
    return blocks


def _place(candidates, clip, near: list[Box], near_lines) -> tuple[float, Box | None]:
    """The first candidate inside the clip, clear of `near` and, within NEAR, of the lines; else the
    first one clear of `near`; else none (the nearest place)."""
    cx, cy, cw, ch = clip
    fallback = None
    for step, box in candidates:
        if not (cx <= box[0] and box[0] + box[2] <= cx + cw and cy <= box[1] and box[1] + box[3] <= cy + ch):
            continue
        x0, y0, x1, y1 = box[0], box[1], box[0] + box[2], box[1] + box[3]
        if any(x0 < ox + ow and ox < x1 and y0 < oy + oh and oy < y1 for ox, oy, ow, oh in near):
            continue
        if step <= NEAR and not any(crosses(box, line) for line in near_lines):
            return step, box
        fallback = fallback or (step, box)
    return fallback or (STEPS[0], None)


def _leader(x: float, y: float, step: float, box: Box):
    """The line from the disc to a block placed farther out than the second step (None: near enough)."""
    if step <= STEPS[1]:
        return None
    bx, by = min(max(x, box[0]), box[0] + box[2]), min(max(y, box[1]), box[1] + box[3])
    length = math.hypot(bx - x, by - y) or 1.0
    return (x + (bx - x) / length * DISC, y + (by - y) / length * DISC, bx, by)

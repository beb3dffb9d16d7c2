"""Placing the map's labels so that none covers another: city names, station numbers and the hex
label of every land hex. Pure geometry on page points; mapdraw draws what `layout` returns.

Each label tries its positions around its hex in order of preference and takes the first that
touches no label placed before it, no place marker and no track (else the least bad one). City
names are placed first, then station numbers, then hex labels. A hex label that finds no spot clear
of the lines is marked `crossed`: it is drawn above the lines, on a light patch, so that it stays
readable.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import NamedTuple

from reportlab.pdfbase.pdfmetrics import stringWidth

Box = tuple[float, float, float, float]          # x0, y0, x1, y1
Segment = tuple[float, float, float, float, float]  # x0, y0, x1, y1, half width

LABEL, MARKER, OUTSIDE, TRACK, EDGE = 1000.0, 600.0, 1000.0, 25.0, 5.0   # EDGE: a river or wall under a label
PAD = 0.6                  # points kept clear left and right of every label, so that no two run together


class Label(NamedTuple):
    text: str
    font: str
    size: float
    x: float                   # the left end of the baseline
    y: float
    box: Box
    kind: str                  # city | junction | stations | hex
    crossed: bool = False      # a line passes under it (drawn above the lines, on a patch)


@lru_cache(maxsize=16384)
def text_width(text: str, font: str, size: float) -> float:
    """The width of a label in points (kept: the same hex labels are laid out every round)."""
    return stringWidth(text, font, size)


def overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def crosses(box: Box, seg: Segment) -> bool:
    """Whether a line of the given half width passes through the box (Liang-Barsky clipping)."""
    x0, y0, x1, y1, hw = seg
    dx, dy = x1 - x0, y1 - y0
    t0, t1 = 0.0, 1.0
    if dx == 0:
        if x0 < box[0] - hw or x0 > box[2] + hw:
            return False
    else:
        ta, tb = (box[0] - hw - x0) / dx, (box[2] + hw - x0) / dx
        if ta > tb:
            ta, tb = tb, ta
        if ta > t0:
            t0 = ta
        if tb < t1:
            t1 = tb
        if t0 > t1:
            return False
    if dy == 0:
        return box[1] - hw <= y0 <= box[3] + hw
    ta, tb = (box[1] - hw - y0) / dy, (box[3] + hw - y0) / dy
    if ta > tb:
        ta, tb = tb, ta
    return (ta if ta > t0 else t0) <= (tb if tb < t1 else t1)


class Space:
    """What is already on the page, bucketed by position for quick look-ups."""

    def __init__(self, cell: float, frame: Box):
        self.cell, self.frame = cell, frame
        self.buckets: dict[int, list[tuple]] = {}
        self.track: list[Segment] = []

    def add(self, weight: float, line: Segment | None, bounds: Box, item=None, where=None):
        """An item of the given cost: counted where `line` passes through a box, or (no line)
        wherever its bounds overlap it. `where`: the bounds' `cells`, if known."""
        i0, j0, keys = where or cells(bounds, self.cell)
        entry = (*bounds, weight, line, i0, j0, item)
        buckets = self.buckets
        for key, _, _ in keys:
            bucket = buckets.get(key)
            if bucket is None:
                buckets[key] = [entry]
            else:
                bucket.append(entry)

    def add_box(self, kind: str, box: Box, where=None):
        """A label ("label") or a place marker ("marker"); `where`: its `cells`, if known."""
        self.add(LABEL if kind == "label" else MARKER, None, box, box, where)

    def remove_box(self, box: Box):
        for key, _, _ in cells(box, self.cell)[2]:
            self.buckets[key] = [entry for entry in self.buckets[key] if entry[8] is not box]

    def add_segment(self, seg: Segment, kind: str = "track"):
        """A line: a company's track, or (kind "edge") a river or a wall along a hex side."""
        if kind == "track":
            self.track.append(seg)
        self.add(TRACK if kind == "track" else EDGE, seg, _bounds(seg), kind)

    def touches_track(self, box: Box) -> bool:
        """Whether a line (with its casing) passes through the box."""
        for key, _, _ in cells(box, self.cell)[2]:
            for *_, line, _, _, item in self.buckets.get(key, ()):
                if item == "track" and crosses(box, line):
                    return True
        return False

    def cost(self, box: Box, limit: float = float("inf")) -> float:
        """What placing a box here costs; counting stops once it reaches `limit`."""
        fx0, fy0, fx1, fy1 = self.frame
        outside = OUTSIDE if box[0] < fx0 or box[1] < fy0 or box[2] > fx1 or box[3] > fy1 else 0.0
        return outside + self.items_cost(box, cells(box, self.cell), limit - outside)

    def items_cost(self, box: Box, where: tuple, limit: float) -> float:
        """What the items in the box cost, `where` being its `cells`; counting stops once it reaches
        `limit`. An item lying in several cells of the box is counted in the first of them only."""
        bx0, by0, bx1, by1 = box
        buckets, total = self.buckets, 0.0
        for key, i, j in where[2]:
            bucket = buckets.get(key)
            if bucket is None:
                continue
            for x0, y0, x1, y1, weight, line, ki, kj, _ in bucket:
                if x0 >= bx1 or bx0 >= x1 or y0 >= by1 or by0 >= y1:
                    continue
                if ki < i or kj < j:
                    continue                       # counted in an earlier cell
                if line is None or crosses(box, line):
                    total += weight
                    if total >= limit:
                        return total
        return total


def _bounds(seg: Segment) -> Box:
    x0, y0, x1, y1, hw = seg
    return min(x0, x1) - hw, min(y0, y1) - hw, max(x0, x1) + hw, max(y0, y1) + hw


def cells(box: Box, cell: float) -> tuple[int, int, tuple[tuple[int, int, int], ...]]:
    """The cells a box lies in: the first cell's indices i0, j0, and of each cell (its key in
    Space.buckets, i, j), with i (j) replaced by FIRST in the box's first column (row): an item
    is counted in the first cell of the box that it lies in, the cell where its own first cell's
    index ki (kj) is not below i (j)."""
    i0, i1, j0, j1 = int(box[0] // cell), int(box[2] // cell), int(box[1] // cell), int(box[3] // cell)
    return i0, j0, tuple(((i << 16) + j, i if i > i0 else FIRST, j if j > j0 else FIRST)
                         for i in range(i0, i1 + 1) for j in range(j0, j1 + 1))


FIRST = -1 << 30           # below any cell's index on a page


class Want(NamedTuple):
    """A label to place: its text and the positions it may take, best first."""

    text: str
    font: str
    size: float
    kind: str
    spots: Iterable[tuple[float, float, str]]     # anchor x, baseline y, align (left | centre | right)
    caps: bool = False


class Spots:
    """The spots of a want as (x, baseline y, box, cost on account of `fixed`, cells), each made
    when first tried and kept: `fixed` holds what is in the same place in every newsletter (place
    markers, rivers, walls; the frame is its), so a sheet's spots are worked out once."""

    def __init__(self, want: Want, fixed: Space, anchors=None):
        self.want, self.fixed = want, fixed
        self.anchors = want.spots if anchors is None else anchors
        self.width = text_width(want.text, want.font, want.size)
        self.below, self.above = (0.02 if want.caps else 0.24) * want.size, 0.76 * want.size
        self.made: list[tuple] = []
        self._fine: Spots | None = None

    def __iter__(self):
        yield from self.made
        for k in range(len(self.made), len(self.anchors)):
            spot = self._make(*self.anchors[k])
            self.made.append(spot)
            yield spot

    def _make(self, ax: float, ay: float, align: str) -> tuple:
        width = self.width
        x = ax - (width / 2 if align == "centre" else width if align == "right" else 0)
        box = (x - PAD, ay - self.below, x + width + PAD, ay + self.above)
        return x, ay, box, self.fixed.cost(box), cells(box, self.fixed.cell)

    def fine(self) -> Spots | None:
        """A hex label's last resort: the fine spots of its hex (None for other labels)."""
        if self._fine is None and isinstance(self.want.spots, hex_spots):
            self._fine = Spots(self.want, self.fixed, self.want.spots.fine())
        return self._fine


def place(space: Space, want: Want, spots: Spots | None = None) -> tuple[Label, float]:
    """The first spot that costs nothing, else the cheapest; the label's box joins the space. A hex
    label whose every spot touches a river, a name or a marker tries its hex's fine spots too.
    `spots`: the want's, made over the fixed part of the space (else all of it is in `space`)."""
    return _place(space, want, spots or Spots(want, Space(space.cell, space.frame)))[:2]


def _place(space: Space, want: Want, spots: Spots) -> tuple[Label, float, tuple, int, int]:
    """`place`, telling also the cells of the label's box and how many of its spots and of its fine
    spots were looked at."""
    best, rank, tried = _cheapest(space, spots)
    fine = 0
    if not (best[0] < 1 or TRACK <= best[0] < MARKER) and spots.fine() is not None:
        best, _, fine = _cheapest(space, spots.fine(), best, rank)
    cost, x, y, box, where = best
    crossed = cost >= TRACK and want.kind == "hex" and space.touches_track(box)
    space.add_box("label", box, where)
    return Label(want.text, want.font, want.size, x, y, box, want.kind, crossed), cost, where, tried, fine


def _cheapest(space: Space, spots: Spots, best=None, rank: int = 0):
    """(cost with a little for the rank, x, baseline y, box, cells) of the first free spot, else the cheapest
    (or `best` if none is cheaper); the rank after the last spot tried; and how many spots were looked at.
    Costs are multiples of 5 and the rank adds less than 5, so a spot whose cost reaches what it must
    beat is passed over."""
    start = rank
    limit = best[0] - rank * 0.01 if best else float("inf")        # what a spot must beat
    for x, ay, box, fixed, where in spots:
        if fixed < limit:
            cost = fixed + space.items_cost(box, where, limit - fixed)
            if best is None or cost + rank * 0.01 < best[0]:
                best = (cost + rank * 0.01, x, ay, box, where)
            if cost == 0:
                return best, rank, rank - start + 1
        rank += 1
        limit = best[0] - rank * 0.01
    return best, rank, rank - start


def around(x: float, y: float, r: float, size: float) -> tuple[tuple[float, float, str], ...]:
    """Spots for a label beside a marker of radius r at (x, y): above, below, right, left, the diagonals,
    then a little further out."""
    up, down, mid = y + r + 1.2, y - r - 1.2 - 0.76 * size, y - 0.36 * size
    far = r + 0.9 * size
    return ((x, up, "centre"), (x, down, "centre"), (x + r + 1.5, mid, "left"), (x - r - 1.5, mid, "right"),
            (x + r * 0.8, up, "left"), (x - r * 0.8, up, "right"), (x + r * 0.8, down, "left"),
            (x - r * 0.8, down, "right"), (x, y + far + 1.2, "centre"), (x, y - far - 1.2 - 0.76 * size, "centre"),
            (x + far + 1.5, mid, "left"), (x - far - 1.5, mid, "right"))


HEX_SPOTS = ((0, -0.6), (-0.3, -0.5), (0.3, -0.5), (-0.5, -0.22), (0.5, -0.22), (-0.5, 0.22), (0.5, 0.22),
             (0, 0.45), (-0.3, 0.45), (0.3, 0.45), (0, 0),
             # where lines run through the hex: the gaps between them, towards the corners and edges
             (-0.6, 0), (0.6, 0), (-0.2, -0.6), (0.2, -0.6), (-0.2, 0.6), (0.2, 0.6), (-0.7, 0), (0.7, 0),
             (0, 0.55), (-0.6, -0.3), (0.6, -0.3))
# the last resort of a hex label that touches a marker, a name or a river wherever it goes (a crowded
# city hex, a hex with rivers on many sides): every point of a fine grid inside the hex, nearest the
# centre first
FINE_SPOTS = tuple(sorted(((i / 10, j / 10) for i in range(-7, 8) for j in range(-6, 7)
                           if abs(i) + abs(j) / 3 ** 0.5 <= 7.5 and (i / 10, j / 10) not in HEX_SPOTS),
                          key=lambda p: (p[0] ** 2 + p[1] ** 2, p)))


class hex_spots:
    """Spots for a hex label, each centred inside its hex: low in the hex, low to either side,
    beside the centre, then high (kept off the top edge, so it is not read as the hex above's); in
    a hex crossed by lines, the gaps between them. Made one by one as they are asked for: most
    labels take the first."""

    def __init__(self, x: float, y: float, s: float, size: float, offsets=HEX_SPOTS):
        self.x, self.y, self.s, self.lift, self.size, self.offsets = x, y, s, 0.37 * size, size, offsets

    @property
    def area(self) -> Box:
        """Round the hex: the names lying here are the ones that may make way for its label."""
        return self.x - self.s, self.y - self.s, self.x + self.s, self.y + self.s

    def __len__(self) -> int:
        return len(self.offsets)

    def __getitem__(self, k: int) -> tuple[float, float, str]:
        dx, dy = self.offsets[k]
        return self.x + dx * self.s, self.y + dy * self.s - self.lift, "centre"

    def fine(self) -> hex_spots:
        """The last resort: FINE_SPOTS."""
        return hex_spots(self.x, self.y, self.s, self.size, FINE_SPOTS)


def layout(space: Space, spots: list[Spots], memo: Memo | None = None) -> list[Label]:
    """Place the labels in the order given (each want's Spots). A hex label that touches a name or
    a marker wherever it goes makes the names around its hex move, where that leaves the whole better.
    With `memo` (the sheet's last layout), a label none of whose spots looked at holds anything new
    is put where it went then, as placing it again would."""
    placed: list[tuple[Label, Want, float]] = []
    last = _last_steps(memo, len(spots))
    changes = Changes(space.cell)
    if memo is not None:
        new_track = memo.new_track(space)
        if last is not None:
            changes.add_all(new_track)
    steps = []
    for k, each in enumerate(spots):
        want = each.want
        old = last[k] if last is not None else None
        if old is not None and old.moved is None and not changes.touch(each, old.tried, old.fine):
            space.add_box("label", old.label.box, old.where)
            placed.append((old.label, want, old.cost))
            steps.append(old)
            continue
        lb, cost, where, tried, fine = _place(space, want, each)
        step = Step(lb, cost, where, tried, fine)
        if cost >= MARKER and want.kind == "hex":
            lb, cost, placed, step = _room_made(space, placed, want, step, spots, changes)
        if old is not None:
            changes.add_all(old.moved or ())               # where the last layout made room
            if old.label.box != step.label.box:
                changes.add_all((old.label.box, step.label.box))
        placed.append((lb, want, cost))
        steps.append(step)
    if memo is not None:
        memo.steps = steps
    return [lb for lb, _, _ in placed]


def _last_steps(memo: Memo | None, count: int) -> list[Step] | None:
    """The steps of the sheet's last layout, if it laid out as many labels."""
    if memo is not None and memo.steps is not None and len(memo.steps) == count:
        return memo.steps
    return None


def _room_made(space: Space, placed: list, want: Want, step: Step, spots: list[Spots], changes: Changes):
    """A hex label that touches a name or marker wherever it goes: the names around it make room
    (_make_room); the boxes that moved are the step's and count as changes."""
    before, first = placed, step.label
    lb, cost, placed = _make_room(space, placed, want, step.label, step.cost, spots)
    still, earlier = {id(e) for e in placed}, {id(e) for e in before}
    moved = [first.box, lb.box] + [e[0].box for e in before if id(e) not in still] + \
            [e[0].box for e in placed if id(e) not in earlier]
    changes.add_all(moved)
    return lb, cost, placed, step._replace(moved=tuple(moved))


class Step(NamedTuple):
    """How a label was placed: where it went, at what cost, its box's cells, how many of its spots and
    of its fine spots it looked at, and where it made room the boxes that moved (such a label is always
    placed anew)."""

    label: Label
    cost: float
    where: tuple
    tried: int
    fine: int
    moved: tuple[Box, ...] | None = None


class Changes:
    """The boxes of what differs from the last layout (track, labels placed elsewhere), by cell."""

    def __init__(self, cell: float):
        self.cell, self.boxes = cell, {}

    def add_all(self, boxes: Iterable[Box]):
        for box in boxes:
            for key, _, _ in cells(box, self.cell)[2]:
                self.boxes.setdefault(key, []).append(box)

    def touch(self, spots: Spots, tried: int, fine: int) -> bool:
        """Whether anything changed touches (or meets the edge of) the box of one of the first `tried`
        spots or the first `fine` fine spots."""
        boxes = self.boxes
        if not boxes:
            return False
        made = spots.made[:tried] + (spots.fine().made[:fine] if fine else [])
        for _, _, a, _, where in made:
            for key, _, _ in where[2]:
                for b in boxes.get(key, ()):
                    if a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]:
                        return True
        return False


class Memo:
    """A sheet's last layout, kept to lay out the next faster and the same: the track it was laid
    out around, and the Step of each label in turn."""

    def __init__(self):
        self.track: frozenset[Segment] = frozenset()
        self.steps: list[Step] | None = None

    def new_track(self, space: Space) -> list[Box]:
        """The bounds of every segment of track in `space` and not in the last layout, or the other
        way round; the space's track is kept for the next."""
        track = frozenset(space.track)
        changed, self.track = track ^ self.track, track
        return [_bounds(seg) for seg in changed]


def _make_room(space: Space, placed: list, want: Want, lb: Label, cost: float, spots: list[Spots]):
    """The names near a crowded hex make way: the hex label is placed first, then they are placed
    again; kept if the hex label and the names cost less so than before, else undone. `spots`:
    those of every want."""
    area = _crowded_area(want, lb)
    blockers = [entry for entry in placed if entry[1].kind != "hex" and overlaps(entry[0].box, area)]
    if not blockers:
        return lb, cost, placed
    for p in [lb] + [p for p, _, _ in blockers]:
        space.remove_box(p.box)
    of = {id(each.want): each for each in spots}
    new_lb, new_cost = place(space, want, of[id(want)])
    moved = [(p, w, c) for w in (w for _, w, _ in blockers) for p, c in [place(space, w, of[id(w)])]]
    if new_cost + sum(c for _, _, c in moved) < cost + sum(c for _, _, c in blockers):
        return new_lb, new_cost, [entry for entry in placed if entry not in blockers] + moved
    _put_back(space, [new_lb] + [p for p, _, _ in moved], [lb] + [p for p, _, _ in blockers])
    return lb, cost, placed


def _crowded_area(want: Want, lb: Label) -> Box:
    """The hex label's box, widened to its hex's spots where it has them."""
    area = lb.box
    if isinstance(want.spots, hex_spots):
        a = want.spots.area
        area = (min(area[0], a[0]), min(area[1], a[1]), max(area[2], a[2]), max(area[3], a[3]))
    return area


def _put_back(space: Space, tried: list[Label], before: list[Label]):
    """Undo a try at making room: the labels tried out leave, those placed before return."""
    for p in tried:
        space.remove_box(p.box)
    for p in before:
        space.add_box("label", p.box)


def collisions(labels: list[Label]) -> list[tuple[Label, Label]]:
    """Every pair of labels whose boxes overlap (what the tests check is empty)."""
    out = []
    ordered = sorted(labels, key=lambda lb: lb.box[0])
    for i, a in enumerate(ordered):
        for b in ordered[i + 1:]:
            if b.box[0] >= a.box[2]:
                break
            if overlaps(a.box, b.box):
                out.append((a, b))
    return out

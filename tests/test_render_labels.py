"""The map's labels on busy maps: every land hex labelled inside its hex at 5 pt or more, and no
label box overlapping another (city names, station numbers, hex labels) on any sheet."""

from __future__ import annotations

import hashlib
import math
from pathlib import Path

import pytest
from busy import busy_state
from helpers import hex_map
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.textobject import PDFTextObject

from umpire.families.dampfross.hexgrid import label
from umpire.families.dampfross.render import labels, mapdraw, sheets
from umpire.families.dampfross.render.styles import company_styles
from umpire.render import fonts
from umpire.render.paper import paper_size

MAPS = sorted(p.stem for p in (Path(__file__).parent.parent / "maps").glob("*.yaml") if hex_map(p))


@pytest.fixture(scope="module", params=MAPS)
def busy(request):
    fonts.register()
    game_map, state = busy_state(request.param)
    names = {cid: c.name for cid, c in state.companies.items()}
    content = mapdraw.MapContent(state.owners, company_styles(list(names.items())), names)
    return game_map, content


def _laid_out(game_map, content, paper):
    pagesize = paper_size(paper)
    for sheet in sheets.plan_sheets(game_map.grid, pagesize):
        ground = mapdraw.background(game_map, sheet.pagesize, sheet)
        tracks = mapdraw.track_segments(content, ground.frame, sheet.window)
        yield sheet, ground.frame, ground.hexes, mapdraw.place_labels(ground, tracks)


# Seconds a map: the demo's map in the default run, the others in the slow profile (the layout
# of every map is held to its recorded digest below, in the default run).
@pytest.mark.parametrize("busy", [pytest.param(m, marks=() if m == "ireland" else pytest.mark.slow) for m in MAPS],
                         indirect=True)
@pytest.mark.parametrize("paper", ["a4", "a3"])
def test_no_label_overlaps_another_on_any_sheet(busy, paper):
    game_map, content = busy
    assert sum(len(owners) for owners in content.owners.values()) > 250
    for sheet, _, _, placed in _laid_out(game_map, content, paper):
        clashes = [(a.text, b.text) for a, b in labels.collisions(placed)]
        assert clashes == [], f"{game_map.name} sheet {sheet.number}: {clashes}"


def test_every_land_hex_is_labelled_inside_its_hex_at_5_points_or_more(busy):
    game_map, content = busy
    for sheet, frame, hexes, placed in _laid_out(game_map, content, "a4"):
        if sheet.overview:
            assert not [lb for lb in placed if lb.kind == "hex"]
            continue
        by_text = {lb.text: lb for lb in placed if lb.kind == "hex"}
        for h in hexes:
            if game_map.char(h) == "~":
                continue
            lb = by_text[label(h)]
            assert lb.size >= 5.0
            cx, cy = (lb.box[0] + lb.box[2]) / 2, (lb.box[1] + lb.box[3]) / 2
            nearest = min([h] + game_map.grid.neighbours(h),
                          key=lambda n: math.dist(sheets.Frame.centre(frame, n), (cx, cy)))
            assert nearest == h, f"{label(h)} on sheet {sheet.number} lies nearer {label(nearest)}"


def test_city_names_stay_clear_of_the_lines_where_they_can(busy):
    game_map, content = busy
    lw = mapdraw.line_width
    for sheet, frame, _, placed in _laid_out(game_map, content, "a4"):
        if sheet.overview:
            continue
        tracks = mapdraw.track_segments(content, frame, sheet.window)
        segs = [(x0, y0, x1, y1, lw(frame.size) / 2) for s in tracks.values() for x0, y0, x1, y1, _ in s]
        names = [lb for lb in placed if lb.kind == "city"]
        crossing = [lb.text for lb in names if any(labels.crosses(lb.box, s) for s in segs)]
        assert len(crossing) <= max(3, len(names) // 2), crossing


def test_overlapping_boxes_are_found():
    a = labels.Label("A1", fonts.COND, 5, 0, 0, (0, 0, 10, 4), "hex")
    b = labels.Label("B1", fonts.COND, 5, 9, 3, (9, 3, 19, 7), "hex")
    c = labels.Label("C1", fonts.COND, 5, 10, 0, (10, 0, 20, 2.9), "hex")
    assert labels.collisions([a, b, c]) == [(a, b)]


def test_a_label_takes_the_first_free_spot():
    space = labels.Space(20, (0, 0, 200, 200))
    space.add_segment((50, 0, 50, 200, 1))
    placed, _ = labels.place(space, labels.Want("AD21", fonts.COND, 5, "hex",
                                             ((50, 100, "centre"), (60, 100, "left"))))
    assert placed.x == 60


@pytest.mark.parametrize("paper", ["a4", "a3"])
def test_no_label_lies_on_a_place_marker(busy, paper):
    game_map, content = busy
    for sheet, _, _, placed in _laid_out(game_map, content, paper):
        ground = mapdraw.background(game_map, sheet.pagesize, sheet)
        markers = [(x - r, y - r, x + r, y + r) for x, y, r in ground.markers]
        on = [lb.text for lb in placed for m in markers if labels.overlaps(lb.box, m)]
        assert on == [], f"{game_map.name} sheet {sheet.number}: {on}"


def test_a_hex_label_with_no_spot_clear_of_the_lines_is_marked_crossed():
    space = labels.Space(20, (0, 0, 200, 200))
    want = labels.Want("AD21", fonts.COND, 5, "hex", ((50, 100, "centre"), (150, 100, "centre")), caps=True)
    space.add_segment((0, 101, 200, 101, 1))
    crossed, _ = labels.place(space, want)
    clear, _ = labels.place(labels.Space(20, (0, 0, 200, 200)), want)
    assert crossed.crossed and not clear.crossed


class _Text(PDFTextObject):
    def __init__(self, *args, **kwargs):
        self.strings = []
        super().__init__(*args, **kwargs)

    def _formatText(self, text):                  # every string of the text object passes here
        self.strings.append(text)
        return super()._formatText(text)


class Strings(Canvas):
    """A canvas that tells `drew(text)` each string it draws, alone or in a text object."""

    def drew(self, text):
        pass

    def drawString(self, x, y, text, *args, **kwargs):
        self.drew(text)
        super().drawString(x, y, text, *args, **kwargs)

    def beginText(self, *args, **kwargs):
        return _Text(self, *args, **kwargs)

    def drawText(self, text):
        for string in text.strings:
            self.drew(string)
        super().drawText(text)


def test_a_hex_label_a_line_passes_under_is_drawn_above_the_lines(test_map):
    """Every side of G7 carries six companies' lines: its label finds no clear spot, and is drawn
    after the lines (on a light patch) instead of under them."""
    import io

    from reportlab.lib.pagesizes import A4

    g7 = (6, 6)
    edges = [tuple(sorted((g7, n))) for n in test_map.grid.neighbours(g7)]
    ids = ["red", "blue", "green", "black", "orange", "purple"]
    content = mapdraw.MapContent({e: list(ids) for e in edges}, company_styles([(c, c) for c in ids]),
                                 {c: c for c in ids})

    class Spy(Strings):
        log: list = []

        def setStrokeColorRGB(self, r, g, b, *args, **kwargs):
            self.stroke = (r, g, b)
            super().setStrokeColorRGB(r, g, b, *args, **kwargs)

        def drawPath(self, path, *args, **kwargs):
            self.log.append(("path", getattr(self, "stroke", None)))
            super().drawPath(path, *args, **kwargs)

        def drew(self, text):
            self.log.append(("text", text))

    fonts.register()
    [sheet] = sheets.plan_sheets(test_map.grid, A4)
    c = Spy(io.BytesIO(), pagesize=A4)
    drawn = mapdraw.draw_map(c, test_map, content, A4, sheet)
    [g7_label] = [lb for lb in drawn.labels if lb.text == "G7"]
    assert g7_label.crossed
    purple = content.styles["purple"].colour
    last_line = max(i for i, (what, arg) in enumerate(Spy.log) if what == "path" and arg == purple)
    assert Spy.log.index(("text", "G7")) > last_line


def _contrast(a, b) -> float:
    """The WCAG contrast ratio of two colours (1 to 21; 4.5 is the least for small text)."""
    def lum(c):
        r, g, b = (v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4 for v in c)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b
    low, high = sorted((lum(a), lum(b)))
    return (high + 0.05) / (low + 0.05)


def test_every_hex_label_stands_out_from_its_terrain(test_map):
    """Plain, mountain and foreign hexes: each label's colour against its hex's fill has the
    contrast small print needs."""
    import io

    from reportlab.lib.pagesizes import A4

    from umpire.families.dampfross.hexgrid import parse_label
    from umpire.families.dampfross.render.styles import load_styles

    class Spy(Strings):
        seen: dict = {}

        def setFillColorRGB(self, r, g, b, *args, **kwargs):
            self.fill = (r, g, b)
            super().setFillColorRGB(r, g, b, *args, **kwargs)

        def drew(self, text):
            self.seen[text] = self.fill

    fonts.register()
    [sheet] = sheets.plan_sheets(test_map.grid, A4)
    drawn = mapdraw.draw_map(Spy(io.BytesIO(), pagesize=A4), test_map, mapdraw.MapContent({}, {}, {}), A4, sheet)
    terrain = load_styles()["terrain"]
    names = {".": "plain", "^": "mountain", ",": "foreign plain", ";": "foreign mountain"}
    faint = {lb.text: round(_contrast(Spy.seen[lb.text], terrain[names[test_map.char(parse_label(lb.text))]]), 2)
             for lb in drawn.labels if lb.kind == "hex"}
    assert {test_map.char(parse_label(t)) for t in faint} >= {".", "^", ","}
    assert {t: v for t, v in faint.items() if v < 4.5} == {}


@pytest.mark.parametrize("name", MAPS)
def test_hex_labels_keep_off_the_rivers_and_walls(name):
    """On a map without lines nearly every hex has room for its label clear of the rivers and walls
    along its sides, which would otherwise run through the letters (a hex with rivers on most
    sides, at the sheet's edge or beside a city's name may have none)."""
    from umpire.families.dampfross.gamemap import load_map

    fonts.register()
    game_map = load_map(name)
    hexes, on = 0, []
    for sheet, frame, _, placed in _laid_out(game_map, mapdraw.MapContent({}, {}, {}), "a4"):
        edges = [(*frame.edge_line(*e), 0.5) for e in list(game_map.rivers) + list(game_map.barriers)
                 if e[0] in sheet.window and e[1] in sheet.window]
        hexes += sum(1 for lb in placed if lb.kind == "hex")
        on += [lb.text for lb in placed if lb.kind == "hex" and any(labels.crosses(lb.box, e) for e in edges)]
    assert len(on) <= hexes / 100, on


# the layout on each bundled map, with no lines and with a busy game's, on every sheet of A4 and A3:
# a SHA-256 of every label's fields (exact floats), recorded from the layout as it was first written
LAYOUT_DIGESTS = {
    "bavaria": "f3674a53cda2bdad69fd4b949d9197a009364d7eb83f9ffe85d23e5d31801965",
    "france": "1666d306e0433d55d6fd93f364ce970b1de18fbd63dabe9ca5700289dbca5a71",
    "germany": "2b45e5df5e312baaba5e59a47479f5fece7aa6360ba7d54afa2029b452ef0bbe",
    "ireland": "358c846f4aebe41ca5c826b15bc2d3ff122ec5cc615039b1f01541306e225611",
    "kentucky-tennessee": "ab87c8f77f282ef4bac611761ca922f2f9b86efc1276df8ee81fdef48bdc3cc0",
    "russia": "6ec45b5efe0e729c9bb563a504cea9a36bb804fbda8fcc6919c484c930e8bcef",
    "usa-east": "1bb8d1c81148a1a74d2d5e0a2a242ead54d0027ea153fa3bf65694319de38e01",
    "usa-west": "0a449c1e89836eb3c9b591edcfe331f6620e7fdb9001f04123915d1130599f70",
}


def test_the_layout_is_exactly_the_one_recorded(busy):
    """Same labels, same coordinates to the last bit, same crossed flags, same order (so every
    newsletter keeps its bytes)."""
    game_map, content = busy
    digest = hashlib.sha256()
    for each in (mapdraw.MapContent({}, {}, {}), content):
        for paper in ("a4", "a3"):
            for *_, placed in _laid_out(game_map, each, paper):
                for lb in placed:
                    digest.update(repr(tuple(lb)).encode())
    assert digest.hexdigest() == LAYOUT_DIGESTS[game_map.name]

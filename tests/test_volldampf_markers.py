"""The cubes on the Volldampf board never cover a link's cost or a location's name: checked on what
the drawing actually draws (a canvas that records every cube square, `+n`, cost and name), on
the bundled board with cubes on every location."""

from __future__ import annotations

import io

import pytest
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from umpire.families.volldampf.board import load_board
from umpire.families.volldampf.drawing import PAGE, Position, draw_board, frame_for
from umpire.families.volldampf.markers import CUBE, crosses, cube_blocks, overlaps
from umpire.render.fonts import BOLD, register

COLOURS = ("blue", "violet", "red", "yellow")


class Recorder(Canvas):
    """A canvas that keeps the box of every cube square and every string it draws."""

    def __init__(self):
        super().__init__(io.BytesIO(), pagesize=PAGE)
        self.cubes: list[tuple] = []
        self.texts: list[tuple] = []          # (text, font, size, box)

    def rect(self, x, y, width, height, stroke=1, fill=0):
        if width == CUBE and height == CUBE:
            self.cubes.append((x, y, width, height))
        super().rect(x, y, width, height, stroke, fill)

    def _text(self, text, x, y):
        w = stringWidth(text, self._fontname, self._fontsize)
        self.texts.append((text, self._fontname, self._fontsize,
                           (x, y - 0.22 * self._fontsize, w, 0.95 * self._fontsize)))

    def drawString(self, x, y, text, *args, **kwargs):
        self._text(text, x, y)
        super().drawString(x, y, text, *args, **kwargs)

    def drawCentredString(self, x, y, text, *args, **kwargs):
        self._text(text, x - stringWidth(text, self._fontname, self._fontsize) / 2, y)
        super().drawCentredString(x, y, text, *args, **kwargs)


def drawn(cubes):
    register()
    board = load_board("volldampf-germany")
    c = Recorder()
    draw_board(c, board, Position(cubes=cubes, colours={"a": "red"}, names={"a": "Anna"}))
    names = {loc.name for loc in board.locations.values()}
    costs = {str(link.cost) for link in board.links.values()}
    name_boxes = [box for text, font, size, box in c.texts if text in names and font == BOLD]
    cost_boxes = [box for text, font, size, box in c.texts if text in costs and font == BOLD and size in (6.4, 5.6)]
    more = [box for text, font, size, box in c.texts if text.startswith("+") and font == BOLD]
    return board, c.cubes, more, name_boxes, cost_boxes


@pytest.mark.parametrize("count", [1, 3, 6, 9])
def test_no_cube_or_count_covers_a_cost_or_a_name_with_cubes_on_every_location(count):
    board = load_board("volldampf-germany")
    cubes = {ident: [COLOURS[(k + j) % 4] for j in range(count)] for k, ident in enumerate(board.locations)}
    board, squares, more, names, costs = drawn(cubes)
    assert len(names) == len(board.locations) and len(costs) == len(board.links)
    assert len(squares) == len(board.locations) * min(count, 6)
    assert len(more) == (len(board.locations) if count > 6 else 0)
    for marker in squares + more:
        assert not [box for box in names + costs if overlaps(marker, box)], marker


def test_blocks_stay_apart_inside_the_map_and_off_every_disc():
    board = load_board("volldampf-germany")
    frame = frame_for(board)
    cubes = {ident: ["blue"] * 8 for ident in board.locations}
    blocks = cube_blocks(board, frame, cubes)
    assert len(blocks) == len(board.locations)
    for i, a in enumerate(blocks):
        assert not any(overlaps(a.box, b.box) for b in blocks[i + 1:])
        x, y, w, h = frame.clip
        assert x <= a.box[0] and a.box[0] + a.box[2] <= x + w and y <= a.box[1] and a.box[1] + a.box[3] <= y + h
        for loc in board.locations.values():
            px, py = frame(loc.x, loc.y)
            assert not overlaps(a.box, (px - 5.2, py - 5.2, 10.4, 10.4))


def test_a_block_that_stands_off_its_disc_has_a_leader_and_one_beside_it_has_none():
    board = load_board("volldampf-germany")
    blocks = cube_blocks(board, frame_for(board), {ident: ["red"] * 8 for ident in board.locations})
    assert any(b.leader for b in blocks) and any(not b.leader for b in blocks)
    for b in blocks:
        if b.leader:
            assert crosses((b.box[0] - 0.01, b.box[1] - 0.01, b.box[2] + 0.02, b.box[3] + 0.02), b.leader)


def test_the_same_cubes_are_placed_the_same_way():
    board = load_board("volldampf-germany")
    cubes = {ident: ["blue", "red"] for ident in list(board.locations)[::3]}
    assert cube_blocks(board, frame_for(board), cubes) == cube_blocks(board, frame_for(board), dict(cubes))

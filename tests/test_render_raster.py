"""The map as a picture for the mail: the bitmap canvas (umpire/render/raster.py) and the
newsletter's NNN-map.png."""

from __future__ import annotations

import io
import json

from conftest import TEST_MAP
from hypothesis import given
from hypothesis import strategies as st
from PIL import Image
from reportlab.lib import colors

from umpire.render import raster
from umpire.render.fonts import BOLD
from umpire.usecases import actions
from umpire.usecases.replay import replay


def _pixels(c: raster.RasterCanvas) -> Image.Image:
    return Image.open(io.BytesIO(c.png())).convert("RGB")


def test_a_filled_rectangle_lands_where_the_page_has_it_with_y_upwards():
    c = raster.RasterCanvas((100, 100), 2)
    c.setFillColorRGB(1, 0, 0)
    c.rect(10, 70, 20, 20, stroke=0, fill=1)            # top left of the page
    image = _pixels(c)
    assert image.getpixel((40, 40)) == (255, 0, 0)
    assert image.getpixel((40, 160)) == (255, 255, 255)


def test_a_half_transparent_fill_lets_what_lies_under_it_show():
    c = raster.RasterCanvas((50, 50), 1)
    c.setFillColorRGB(0, 0, 0)
    c.rect(0, 0, 50, 50, stroke=0, fill=1)
    c.setFillAlpha(0.5)
    c.setFillColorRGB(1, 1, 1)
    c.rect(10, 10, 30, 30, stroke=0, fill=1)
    grey = c.image.getpixel((25, 25))
    assert 100 < grey[0] < 160 and c.image.getpixel((2, 2)) == (0, 0, 0)


def test_a_colour_object_sets_the_fill_with_its_alpha_and_the_stroke():
    c = raster.RasterCanvas((60, 60), 1)
    c.setFillColor(colors.HexColor("#000000"))
    c.rect(0, 0, 60, 60, stroke=0, fill=1)
    c.setFillColor(colors.Color(1, 1, 1, alpha=0.5))
    c.rect(0, 30, 30, 30, stroke=0, fill=1)             # top left: half white over black
    c.setFillColor(colors.HexColor("#2457c5"))          # opaque again, as on a PDF canvas
    c.rect(30, 30, 30, 30, stroke=0, fill=1)
    c.setStrokeColor(colors.HexColor("#d42a2a"))
    c.setLineWidth(4)
    c.line(0, 10, 60, 10)
    grey = c.image.getpixel((15, 15))
    assert 100 < grey[0] < 160 and grey[0] == grey[1] == grey[2]
    assert c.image.getpixel((45, 15)) == (0x24, 0x57, 0xc5)
    assert c.image.getpixel((30, 50)) == (0xd4, 0x2a, 0x2a)
    assert c.image.getpixel((30, 40)) == (0, 0, 0)


def test_drawing_inside_a_clip_stays_inside_it():
    c = raster.RasterCanvas((100, 100), 1)
    c.saveState()
    clip = c.beginPath()
    clip.rect(20, 20, 60, 60)
    c.clipPath(clip, stroke=0, fill=0)
    c.setStrokeColorRGB(0, 0, 1)
    c.setLineWidth(4)
    c.line(0, 50, 100, 50)
    c.restoreState()
    assert c.image.getpixel((50, 50)) == (0, 0, 255)
    assert c.image.getpixel((5, 50)) == (255, 255, 255)
    assert c.image.getpixel((95, 50)) == (255, 255, 255)


def test_text_is_drawn_on_its_baseline_and_centred_where_asked():
    c = raster.RasterCanvas((200, 100), 1)
    c.setFont(BOLD, 20)
    c.setFillColorRGB(0, 0, 0)
    c.drawCentredString(100, 40, "AD21")
    ink = c.image.convert("L").point(lambda v: 255 if v < 128 else 0).getbbox()
    assert ink is not None
    x0, y0, x1, y1 = ink
    assert abs((x0 + x1) / 2 - 100) < 4                 # centred on x = 100
    assert abs(y1 - 60) <= 2                            # resting on the baseline (y = 40 from below)


def test_a_text_object_draws_each_string_at_its_origin_in_its_font_as_drawstring_does():
    alone, together = raster.RasterCanvas((200, 100), 2), raster.RasterCanvas((200, 100), 2)
    strings = [(BOLD, 12, 10, 60, "AD21"), (BOLD, 12, 90, 60, "AE22"), ("DejaVuSans", 7, 40, 20, "Dublin")]
    for font, size, x, y, text in strings:
        alone.setFont(font, size)
        alone.drawString(x, y, text)
    text = together.beginText()
    for font, size, x, y, string in strings:
        text.setFont(font, size)
        text.setTextOrigin(x, y)
        text._textOut(string)
    assert together.png() == raster.RasterCanvas((200, 100), 2).png()     # nothing is drawn before drawText
    together.drawText(text)
    assert together.png() == alone.png()
    assert alone.image.convert("L").point(lambda v: 255 if v < 128 else 0).getbbox() is not None   # ink


@given(st.lists(st.tuples(st.floats(0, 500), st.floats(0, 500)), min_size=2, max_size=8),
       st.lists(st.floats(0.5, 20), min_size=1, max_size=4))
def test_a_dash_pattern_leaves_pieces_no_longer_than_its_dashes(points, dash):
    pattern = dash if len(dash) % 2 == 0 else dash * 2
    pieces = raster._dashed(points, pattern)
    longest = max(pattern[0::2])
    for piece in pieces:
        length = sum(((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5 for (x0, y0), (x1, y1) in zip(piece, piece[1:]))
        assert length <= longest + 1e-6


def test_a_solid_line_is_one_piece():
    assert raster._dashed([(0, 0), (10, 0), (10, 10)], []) == [[(0, 0), (10, 0), (10, 10)]]


def test_a_resolved_round_writes_the_map_picture_beside_the_pdf_outside_the_journal(tmp_path):
    folder, _ = actions.create_game(tmp_path / "g", str(TEST_MAP), "laurin",
                                    ["red:Red Lines:red@example.org", "blue:Blue:blue@example.org"], seed="s")
    picture = folder.path / "newsletters" / "001-map.png"
    image = Image.open(picture)
    assert image.format == "PNG" and image.size[0] == 1600
    assert picture.stat().st_size < 600_000
    journal = (folder.path / "journal.jsonl").read_text(encoding="utf-8")
    assert "001-map.png" not in journal
    assert all("map.png" not in f for line in journal.splitlines() for f in json.loads(line).get("files", []))
    outcome = replay(folder.path)
    assert outcome.differences == []

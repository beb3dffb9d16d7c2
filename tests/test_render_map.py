"""`umpire map render` and the page plan of maps large and small."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import TEST_MAP
from helpers import hex_map
from pixels import close, render_page
from reportlab.lib.pagesizes import A3, A4

from umpire.cli import main
from umpire.errors import UmpireError
from umpire.families.dampfross.gamemap import load_map
from umpire.families.dampfross.hexgrid import Grid
from umpire.families.dampfross.render import sheets
from umpire.families.dampfross.render.styles import load_styles
from umpire.render.paper import paper_size

MAPS = sorted(p.stem for p in (Path(__file__).parent.parent / "maps").glob("*.yaml") if hex_map(p))


def test_map_render_writes_the_empty_map(tmp_path):
    out = tmp_path / "test.pdf"
    result = CliRunner().invoke(main, ["map", "render", str(TEST_MAP), str(out)])
    assert result.exit_code == 0, result.output
    assert out.read_bytes().startswith(b"%PDF")
    render_page(out, 1)


def test_map_render_of_a_bad_map_is_refused_with_exit_1(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("format: 1\nname: bad\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["map", "render", str(bad), str(tmp_path / "bad.pdf")])
    assert result.exit_code == 1
    assert "Traceback" not in result.output


def test_the_empty_map_shows_terrain_in_its_hexes(tmp_path, test_map):
    out = tmp_path / "test.pdf"
    CliRunner().invoke(main, ["map", "render", str(TEST_MAP), str(out)])
    [sheet] = sheets.plan_sheets(test_map.grid, A4)
    frame = sheets.Frame(test_map.grid, sheet.window, A4)
    page = render_page(out, 1)
    x, y = frame.centre((0, 0))
    assert close(page.at(x, y), load_styles()["terrain"]["water"], tolerance=12)


def test_a_small_map_fits_one_a4_page(test_map):
    [sheet] = sheets.plan_sheets(test_map.grid, A4)
    assert (sheet.window.c0, sheet.window.c1, sheet.window.r0, sheet.window.r1) == (0, 14, 0, 10)
    assert not sheet.overview


@pytest.mark.parametrize("name", MAPS)
def test_every_bundled_map_fits_one_a3_page_readably(name):
    grid = load_map(name).grid
    [sheet] = sheets.plan_sheets(grid, A3)
    assert sheets.fit(grid, sheet.window, A3) >= sheets.MIN_HEX_SIZE


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_45_by_45_map_on_smaller_paper_is_an_overview_and_readable_sheets(paper):
    grid, pagesize = Grid("odd-q", 45, 45), paper_size(paper)
    overview, *detail = sheets.plan_sheets(grid, pagesize)
    assert overview.overview and overview.window == sheets.Window(0, 45, 0, 45)
    assert len(detail) == overview.of > 1
    for sheet in detail:
        assert sheets.fit(grid, sheet.window, sheet.pagesize) >= sheets.MIN_HEX_SIZE
    covered = {(c, r) for s in detail for c in range(s.window.c0, s.window.c1) for r in range(s.window.r0, s.window.r1)}
    assert covered == {(c, r) for c in range(45) for r in range(45)}


def test_a_huge_map_splits_into_sheets_with_overlap_covering_every_hex():
    grid = Grid("odd-r", 120, 90)
    _, *detail = sheets.plan_sheets(grid, A4)
    assert len(detail) > 1
    covered = {(c, r) for s in detail for c in range(s.window.c0, s.window.c1) for r in range(s.window.r0, s.window.r1)}
    assert covered == {(c, r) for c in range(120) for r in range(90)}
    for s in detail:
        assert sheets.fit(grid, s.window, s.pagesize) >= sheets.MIN_HEX_SIZE
    first, second = detail[0].window, detail[1].window
    assert first.c1 - second.c0 == sheets.OVERLAP


def test_an_unknown_paper_size_is_refused_with_what_would_work():
    with pytest.raises(UmpireError) as err:
        paper_size("a5")
    assert "paper=a4" in err.value.fix and "letter" in err.value.fix


def _render(path, game_map):
    from reportlab.pdfgen import canvas

    from umpire.families.dampfross.render import mapdraw
    from umpire.render import fonts

    fonts.register()
    [sheet] = sheets.plan_sheets(game_map.grid, A4)
    c = canvas.Canvas(str(path), pagesize=A4, invariant=1)
    mapdraw.draw_map(c, game_map, mapdraw.MapContent({}, {}, {}), A4, sheet)
    c.save()
    return path.read_bytes()


def test_a_sheet_drawn_from_the_kept_background_is_drawn_as_anew(tmp_path, test_map):
    from umpire.families.dampfross.render import mapdraw

    mapdraw._BACKGROUNDS.clear()
    fresh = _render(tmp_path / "a.pdf", test_map)
    assert len(mapdraw._BACKGROUNDS) == 1
    assert _render(tmp_path / "b.pdf", load_map(TEST_MAP)) == fresh
    assert len(mapdraw._BACKGROUNDS) == 1


def test_an_edited_map_gets_a_background_of_its_own(tmp_path, test_map):
    from umpire.families.dampfross.render import mapdraw

    before = _render(tmp_path / "a.pdf", test_map)
    edited = load_map(TEST_MAP)
    edited.rows[0] = "." * len(edited.rows[0])
    assert _render(tmp_path / "b.pdf", edited) != before
    mapdraw._BACKGROUNDS.clear()
    assert _render(tmp_path / "c.pdf", edited) == (tmp_path / "b.pdf").read_bytes()


SIX = [("red", "Red Line"), ("pink", "Pink Railway"), ("grey", "Grey Line"), ("blue", "Blue Line"),
       ("yellow", "Yellow Railway"), ("gsw", "Great Southern & Western Railway")]


def _words(pdf: bytes, tmp_path) -> list[tuple[float, float, list]]:
    """Each page's width, height and words (text, x0, y0, x1, y1 from the top left), by pdftotext -bbox."""
    import html
    import re
    import subprocess

    from pixels import need_pdftoppm

    need_pdftoppm()
    path = tmp_path / "map.pdf"
    path.write_bytes(pdf)
    out = subprocess.run(["pdftotext", "-bbox", str(path), "-"], capture_output=True, check=True, text=True).stdout
    pages = []
    for w, h, body in re.findall(r'<page width="([\d.]+)" height="([\d.]+)">(.*?)</page>', out, re.S):
        found = re.findall(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*?)</word>',
                           body)
        words = [(html.unescape(t), *map(float, box)) for *box, t in found]
        pages.append((float(w), float(h), words))
    return pages


# A second or more a page: the demo's map in the default run, the others in the slow profile
# (tests/test_maps_newsletter.py draws a newsletter on every map in the default run).
@pytest.mark.parametrize("paper", ["a4", "letter", "a3"])
@pytest.mark.parametrize("name", [pytest.param(m, marks=() if m == "ireland" else pytest.mark.slow) for m in MAPS])
def test_every_word_of_a_map_page_lies_inside_its_margins_and_above_its_footer(tmp_path, name, paper):
    """The sheet titles of a newsletter (the longest a map page has), the legend with six companies
    and the specials: nothing runs off the paper or into the footer."""
    from umpire.families.dampfross.render import mapdraw, pdf
    from umpire.families.dampfross.render.styles import company_styles
    from umpire.render.flow import Flow

    game_map, pagesize = load_map(name), paper_size(paper)
    a, b = next((h, n) for h in game_map.all_hexes for n in game_map.grid.neighbours(h))
    content = mapdraw.MapContent({(a, b): ["red"]}, company_styles(SIX), dict(SIX), new={((a, b), "red")})
    flow = Flow("FOOTER", pagesize)
    pdf.map_pages(flow, game_map, content, f"{game_map.title}: the lines after newsletter 123")
    for number, (width, _height, words) in enumerate(_words(flow.build("t"), tmp_path), 1):
        outside = [t for t, x0, _, x1, _ in words if x0 < sheets.PAGE_MARGIN - 1 or x1 > width - sheets.PAGE_MARGIN + 1]
        assert outside == [], f"page {number}"
        footer = min(y0 for t, _, y0, _, _ in words if t == "FOOTER")
        low = [t for t, _, y0, _, y1 in words if t not in ("FOOTER", "page", str(number)) and y1 > footer - 1]
        assert low == [], f"page {number}"


def test_a_legend_too_long_for_its_band_is_set_in_smaller_type_to_stay_above_it():
    import io

    from reportlab.pdfgen.canvas import Canvas

    from umpire.families.dampfross.render import mapdraw
    from umpire.families.dampfross.render.styles import company_styles
    from umpire.render import fonts

    fonts.register()
    germany = load_map("germany")
    content = mapdraw.MapContent({}, company_styles(SIX), dict(SIX))
    items = mapdraw.legend_items(germany, content)
    width = 400
    rows7, rows6 = (len(mapdraw.legend_rows(items, size, width)) for size in (7.0, 6.0))
    top, bottom = 200.0, 200.0 - 9.0 * (rows6 - 1) - mapdraw.LEGEND_DROP
    assert top - 11.0 * (rows7 - 1) - mapdraw.LEGEND_DROP < bottom          # too long at 7 points

    class Spy(Canvas):
        seen: list = []

        def drawString(self, x, y, text, *args, **kwargs):
            self.seen.append((y, self._fontsize))
            super().drawString(x, y, text, *args, **kwargs)

    fonts.register()
    mapdraw.draw_legend(Spy(io.BytesIO()), germany, content, 20, top, width, bottom=bottom)
    assert {size for _, size in Spy.seen} == {6.0}
    assert min(y for y, _ in Spy.seen) - 2 >= bottom


@pytest.mark.parametrize("name", ["germany", "usa-east", "usa-west", "russia"])
def test_a_hex_of_several_special_destinations_shows_each_die_mark_side_by_side(name):
    from umpire.families.dampfross.render import mapdraw
    from umpire.families.dampfross.render.sheets import Sheet, Window

    game_map = load_map(name)
    whole = Window(0, game_map.grid.width, 0, game_map.grid.height)
    pagesize = paper_size("a3")
    frame = mapdraw.background(game_map, pagesize, Sheet(whole, 1, 1, pagesize)).frame
    marks = list(mapdraw._die_marks(game_map, frame, whole))
    shared = {h for h in game_map.all_hexes if sum(h in s.hexes for s in game_map.specials.values()) > 1}
    assert shared, "the map has hexes of several special destinations"
    assert len(marks) == sum(len(s.hexes) for s in game_map.specials.values())
    for i, (x, y, r, _) in enumerate(marks):
        for x2, y2, r2, _ in marks[i + 1:]:
            assert abs(x - x2) >= r + r2 or abs(y - y2) >= r + r2, "two die marks overlap"

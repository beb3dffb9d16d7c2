"""`umpire map render` and the page plan of maps large and small."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner
import pytest
from reportlab.lib.pagesizes import A3, A4

from umpire.cli import main
from umpire.errors import UmpireError
from umpire.families.dampfross.gamemap import load_map
from umpire.families.dampfross.hexgrid import Grid
from umpire.render.paper import paper_size
from umpire.families.dampfross.render import sheets
from umpire.families.dampfross.render.styles import load_styles

from conftest import TEST_MAP
from helpers import hex_map
from pixels import close, render_page

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

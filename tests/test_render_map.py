"""`umpire map render` and the page plan of maps large and small."""

from __future__ import annotations

from click.testing import CliRunner
from reportlab.lib.pagesizes import A3, A4, landscape, portrait

from umpire.cli import main
from umpire.hexgrid import Grid
from umpire.render import mapdraw

from conftest import TEST_MAP
from pixels import close, render_page


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
    pagesize, window = mapdraw.plan_pages(test_map.grid)[0]
    frame = mapdraw.Frame(test_map.grid, window, pagesize)
    page = render_page(out, 1)
    x, y = frame.centre((0, 0))
    from umpire.render.styles import load_styles
    assert close(page.at(x, y), load_styles()["terrain"]["water"], tolerance=12)


def test_a_small_map_fits_one_a4_page(test_map):
    [(pagesize, window)] = mapdraw.plan_pages(test_map.grid)
    assert pagesize in (portrait(A4), landscape(A4))
    assert (window.c0, window.c1, window.r0, window.r1) == (0, 14, 0, 10)


def test_a_45_by_45_map_takes_one_bigger_page():
    [(pagesize, window)] = mapdraw.plan_pages(Grid("odd-q", 45, 45))
    assert pagesize in (portrait(A3), landscape(A3))
    assert mapdraw.fit(Grid("odd-q", 45, 45), window, pagesize) >= mapdraw.MIN_HEX_SIZE


def test_a_huge_map_splits_over_pages_with_overlap_covering_every_hex():
    grid = Grid("odd-r", 120, 90)
    pages = mapdraw.plan_pages(grid)
    assert len(pages) > 1
    covered = {(c, r) for _, w in pages for c in range(w.c0, w.c1) for r in range(w.r0, w.r1)}
    assert covered == {(c, r) for c in range(120) for r in range(90)}
    for pagesize, w in pages:
        assert mapdraw.fit(grid, w, pagesize) >= mapdraw.MIN_HEX_SIZE
    first, second = pages[0][1], pages[1][1]
    assert first.c1 - second.c0 == mapdraw.OVERLAP

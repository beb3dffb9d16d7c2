"""The newsletter PDF, looked at as pixels: company colours along their lines, terrain in its hexes."""

from __future__ import annotations

from pathlib import Path

import pytest
from pixels import close, render_page

from umpire.families.dampfross.hexgrid import parse_label
from umpire.families.dampfross.render import mapdraw, sheets
from umpire.families.dampfross.render.edition import map_content
from umpire.families.dampfross.render.styles import load_styles
from umpire.game import Game
from umpire.render.paper import paper_size

MAP_PAGE = 2
TESTLAND = Path(__file__).parent / "games" / "testland"


@pytest.fixture(scope="module")
def played(played_once):
    """A small game on the test map: foreign hexes, rivers and parallel segments to look at."""
    return played_once(TESTLAND)


@pytest.fixture(scope="module")
def ireland(demo_played):
    """The demo game on Ireland, played to its end."""
    return demo_played


@pytest.fixture(scope="module")
def map_page(played):
    game = Game.of(played)
    pdf = played.path / "newsletters" / "004.pdf"
    [sheet] = sheets.plan_sheets(game.game_map.grid, paper_size("a4"))
    return render_page(pdf, MAP_PAGE), sheets.Frame(game.game_map.grid, sheet.window, paper_size("a4"))


def _samples(frame, a, b, offset=0.0):
    (ax, ay), (bx, by) = frame.centre(a), frame.centre(b)
    length = ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5
    nx, ny = -(by - ay) / length * offset, (bx - ax) / length * offset
    return [(ax + (bx - ax) * t / 40 + nx, ay + (by - ay) * t / 40 + ny) for t in range(12, 29)]


def _seen(page, points, rgb) -> bool:
    return any(close(page.at(x, y), rgb) for x, y in points)


def test_each_company_colour_lies_along_each_of_its_segments(played, map_page):
    page, frame = map_page
    content = map_content(Game.of(played))
    checked = 0
    for (a, b), owners in content.owners.items():
        if len(owners) != 1:
            continue
        style = content.styles[owners[0]]
        assert _seen(page, _samples(frame, a, b), style.colour), (owners[0], a, b)
        checked += 1
    assert checked > 30


def test_parallel_segments_are_drawn_side_by_side(played, map_page):
    page, frame = map_page
    content = map_content(Game.of(played))
    edge = tuple(sorted((parse_label("K7"), parse_label("K8"))))
    assert content.owners[edge] == ["blue", "yellow"]
    gap = mapdraw.line_width(frame.size) * 1.35 / 2
    for cid, side in (("blue", -gap), ("yellow", gap)):
        assert _seen(page, _samples(frame, *edge, offset=side), content.styles[cid].colour), cid


def test_no_company_colour_where_no_track_was_built(played, map_page):
    page, frame = map_page
    red = map_content(Game.of(played)).styles["red"].colour
    assert not _seen(page, _samples(frame, parse_label("L9"), parse_label("L10")), red)


@pytest.mark.parametrize("hex_label, terrain", [("A1", "water"), ("G1", "mountain"), ("E10", "plain"),
                                                ("C6", "water"), ("I8", "mountain"), ("F7", "plain")])
def test_terrain_colour_fills_its_hex(map_page, hex_label, terrain):
    page, frame = map_page
    x, y = frame.centre(parse_label(hex_label))
    assert close(page.at(x, y + frame.size * 0.5), load_styles()["terrain"][terrain], tolerance=12)


def test_foreign_hexes_are_shaded_and_hatched(map_page):
    page, frame = map_page
    x, y = frame.centre(parse_label("M3"))
    pixels = page.near(x, y, radius=frame.size * 0.4 / 1.0)
    assert any(close(p, load_styles()["terrain"]["foreign plain"], tolerance=8) for p in pixels)
    assert any(max(p) < 150 for p in pixels), "hatching lines"


def test_a_river_is_drawn_on_the_edge_between_its_hexes(map_page):
    page, frame = map_page
    x0, y0, x1, y1 = frame.edge_line(parse_label("G4"), parse_label("H4"))
    assert close(page.at((x0 + x1) / 2, (y0 + y1) / 2), load_styles()["river"], tolerance=30)


def test_column_letters_are_printed_above_their_columns(map_page):
    page, frame = map_page
    x, _ = frame.centre(parse_label("C1"))
    top = frame.box[3]
    dark = [p for p in page.near(x, top + sheets.LABEL_BAND / 2, radius=3) if max(p) < 100]
    assert dark, "a letter above column C"


def _pdf_text(path) -> str:
    import subprocess
    return subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, check=True,
                          text=True).stdout


def test_an_operating_newsletter_shows_races_the_station_table_and_the_tally(ireland):
    render_page(ireland.path / "newsletters" / "009.pdf", 3)
    text = _pdf_text(ireland.path / "newsletters" / "009.pdf")
    assert "Transport 3: Newry (16) to Galway (34)" in text
    assert "Great Northern, route 1 refused" in text
    assert "Great Southern & Western with Great Northern (green+orange): 14 steps, no fees" in text
    assert "Cancelled: Limerick is not on any network." in text
    assert "Additional construction after transport 4" in text
    assert "Station table" in text and "Transports: 5 of 6 made (1 cancelled)" in text
    assert "RACE 6 RUN AE7-...-<AD33|AF22|AH7> TO <hex>" in text


def test_the_station_table_names_the_transports_that_used_each_number(ireland):
    import re
    text = _pdf_text(ireland.path / "newsletters" / "008.pdf")
    assert re.search(r"Mullingar +t1", text) and re.search(r"Kilkenny +t2", text)
    assert "t5" not in text
    assert "t5" in _pdf_text(ireland.path / "newsletters" / "010.pdf")


def test_the_final_newsletter_names_the_winner_and_prints_the_seed(ireland):
    text = _pdf_text(ireland.path / "newsletters" / "010.pdf")
    assert "The game is over: Great Southern & Western wins." in text
    assert "eire-2391" in text
    assert ireland.config["dice"]["commitment"] in text

"""The newsletter PDF, looked at as pixels: company colours along their lines, terrain in its hexes."""

from __future__ import annotations

import pytest

from umpire import demo
from umpire.hexgrid import parse_label
from umpire.render import mapdraw
from umpire.render.newsletter import map_content
from umpire.render.styles import load_styles

from pixels import close, render_page

MAP_PAGE = 2


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    return demo.play(tmp_path_factory.mktemp("demo"))


@pytest.fixture(scope="module")
def map_page(played):
    pdf = played.path / "newsletters" / "004.pdf"
    pagesize, window = mapdraw.plan_pages(played.game_map.grid)[0]
    return render_page(pdf, MAP_PAGE), mapdraw.Frame(played.game_map.grid, window, pagesize)


def _samples(frame, a, b, offset=0.0):
    (ax, ay), (bx, by) = frame.centre(a), frame.centre(b)
    length = ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5
    nx, ny = -(by - ay) / length * offset, (bx - ax) / length * offset
    return [(ax + (bx - ax) * t / 40 + nx, ay + (by - ay) * t / 40 + ny) for t in range(12, 29)]


def _seen(page, points, rgb) -> bool:
    return any(close(page.at(x, y), rgb) for x, y in points)


def test_each_company_colour_lies_along_each_of_its_segments(played, map_page):
    page, frame = map_page
    content = map_content(played)
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
    content = map_content(played)
    edge = tuple(sorted((parse_label("K7"), parse_label("K8"))))
    assert content.owners[edge] == ["blue", "yellow"]
    gap = mapdraw.line_width(frame.size) * 1.35 / 2
    for cid, side in (("blue", -gap), ("yellow", gap)):
        assert _seen(page, _samples(frame, *edge, offset=side), content.styles[cid].colour), cid


def test_no_company_colour_where_no_track_was_built(played, map_page):
    page, frame = map_page
    red = map_content(played).styles["red"].colour
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
    dark = [p for p in page.near(x, top + mapdraw.LABEL_BAND / 2, radius=3) if max(p) < 100]
    assert dark, "a letter above column C"


def test_operating_sections_render_races_station_table_and_tally(played, tmp_path):
    import subprocess

    from test_render_text import RACE_EVENTS

    from umpire.render.pdf import newsletter_pdf
    from umpire.render.report import newsletter_facts, races_from_events, transport_tally

    facts = newsletter_facts(played, 5)
    facts["races"] = races_from_events(RACE_EVENTS)
    facts["tally"] = transport_tally(facts["races"], [c["id"] for c in facts["companies"]], 21)
    facts["stations"][0][0]["used"] = 1
    pdf = tmp_path / "ops.pdf"
    pdf.write_bytes(newsletter_pdf(facts, played.game_map, map_content(played)))
    render_page(pdf, 1)
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, check=True,
                          text=True).stdout
    assert "Transport 1: Alpha (11) to Beta (21)" in text
    assert "Station table" in text
    assert "Transports: 1 of 21 made" in text

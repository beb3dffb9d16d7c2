"""The newsletter's page flow (reportlab platypus): tables repeat their header on every page they
run onto, a heading never ends a page, text is printed as written, pages of their own keep their
paper, no page is empty, and the page streams are binary Flate."""

from __future__ import annotations

import re
import subprocess

import pytest
from pixels import need_pdftoppm

from umpire.render.flow import Column, Flow


def _pages(pdf: bytes, tmp_path) -> list[str]:
    need_pdftoppm()
    path = tmp_path / "flow.pdf"
    path.write_bytes(pdf)
    text = subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, check=True,
                          text=True).stdout
    return text.split("\f")[:-1]


def _built(flow: Flow) -> bytes:
    return flow.build("test")


def test_a_long_table_repeats_its_header_on_every_page_it_runs_onto(tmp_path):
    flow = Flow("footer")
    flow.heading("Postings")
    flow.table([Column("Round", 40, "right"), Column("Reason", 300)],
               [[n, f"posting number {n}"] for n in range(1, 201)])
    pages = _pages(_built(flow), tmp_path)
    assert len(pages) >= 3
    for page in pages:
        assert re.search(r"Round\s+Reason", page), page[:200]
    assert "posting number 1\n" in pages[0] + "\n" and "posting number 200" in pages[-1]


def test_a_cell_too_long_for_its_column_is_wrapped_not_cut(tmp_path):
    flow = Flow("footer")
    words = " ".join(f"word{n}" for n in range(40))
    flow.table([Column("Company", 80), Column("Cities", 120)], [["Red", words]])
    text = " ".join(_pages(_built(flow), tmp_path)[0].split())
    for n in range(40):
        assert f"word{n}" in text


def test_a_row_taller_than_a_page_goes_on_on_the_next_page(tmp_path):
    flow = Flow("footer")
    cities = ", ".join(f"City{n}" for n in range(1500))
    flow.table([Column("", 20), Column("Company", 100), Column("Cities", 300)],
               [["", "Red", cities], ["", "Blue", "-"]],
               swatch=lambda c, i, x, y: c.line(x, y, x + 10, y))
    pages = _pages(_built(flow), tmp_path)
    text = " ".join(" ".join(pages).split())
    assert len(pages) >= 3 and "City0," in text and "City1499" in text and "Blue" in pages[-1]


@pytest.mark.parametrize("lines", range(50, 62))
def test_a_heading_never_ends_a_page(tmp_path, lines):
    flow = Flow("footer")
    for n in range(lines):
        flow.para(f"filler line {n}")
    flow.heading("The heading")
    flow.para("what follows the heading")
    pages = _pages(_built(flow), tmp_path)
    holding = [page for page in pages if "The heading" in page]
    assert len(holding) == 1 and "what follows the heading" in holding[0]


def test_text_is_printed_as_written_markup_characters_included(tmp_path):
    flow = Flow("footer")
    flow.heading("Dublin & Kingstown <Railway>")
    flow.para("Orders from <Red & Blue> Lines")
    text = _pages(_built(flow), tmp_path)[0]
    assert "Dublin & Kingstown <Railway>" in text and "Orders from <Red & Blue> Lines" in text


def _sizes(pdf: bytes) -> list[tuple[float, float]]:
    boxes = re.findall(rb"/MediaBox \[ 0 0 ([\d.]+) ([\d.]+) \]", pdf)
    return [(float(w), float(h)) for w, h in boxes]


def test_a_turned_page_of_its_own_lies_in_landscape_and_the_next_element_starts_a_page_of_its_own(tmp_path):
    flow = Flow("footer")
    flow.para("before the map")
    flow.page(lambda c, size: c.drawString(100, 100, "the map sheet"), turned=True)
    flow.page(lambda c, size: c.drawString(100, 100, "another sheet"))
    flow.para("after the map")
    pdf = _built(flow)
    pages = _pages(pdf, tmp_path)
    assert ["before the map" in pages[0], "the map sheet" in pages[1], "another sheet" in pages[2],
            "after the map" in pages[3]] == [True] * 4 and len(pages) == 4
    width, height = 595.2756, 841.8898
    portrait, landscape = (round(width), round(height)), (round(height), round(width))
    assert [(round(w), round(h)) for w, h in _sizes(pdf)] == [portrait, landscape, portrait, portrait]


def test_a_document_that_starts_with_a_page_of_its_own_has_no_empty_first_page(tmp_path):
    flow = Flow("footer")
    flow.page(lambda c, size: c.drawString(100, 100, "the map sheet"), turned=True)
    pages = _pages(_built(flow), tmp_path)
    assert len(pages) == 1 and "the map sheet" in pages[0] and "page 1" in pages[0]


def test_every_page_carries_the_footer_and_its_number(tmp_path):
    flow = Flow("ireland-1  newsletter 004")
    for n in range(150):
        flow.para(f"line {n}")
    pages = _pages(_built(flow), tmp_path)
    for number, page in enumerate(pages, 1):
        assert "ireland-1 newsletter 004" in " ".join(page.split()) and f"page {number}" in page


def test_page_streams_are_binary_flate_without_ascii85(tmp_path):
    flow = Flow("footer")
    flow.para("text")
    pdf = _built(flow)
    assert b"/FlateDecode" in pdf and b"ASCII85Decode" not in pdf

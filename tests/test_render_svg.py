"""The SVG canvas (umpire/render/svg.py): the canvas calls a map is drawn with, written as SVG in
page points with y turned downwards; text stays text, escaped; clips nest; the same calls give
the same bytes."""

from __future__ import annotations

from xml.etree import ElementTree

from reportlab.lib.colors import Color

from umpire.render.fonts import BOLD, SANS
from umpire.render.svg import SvgCanvas, num

SVG = "{http://www.w3.org/2000/svg}"


def drawing() -> SvgCanvas:
    c = SvgCanvas((200, 100))
    c.setFillColorRGB(1, 0, 0)
    c.setStrokeColor(Color(0, 0, 1, alpha=0.5))
    c.setLineWidth(1.25)
    c.setDash(3, 1.5)
    c.saveState()
    clip = c.beginPath()
    clip.rect(10, 10, 50, 50)
    c.clipPath(clip, stroke=0, fill=0)
    p = c.beginPath()
    p.moveTo(0, 0)
    p.lineTo(100, 50)
    p.close()
    c.drawPath(p, stroke=1, fill=1)
    c.restoreState()
    c.setFont(SANS, 7)
    c.drawCentredString(100, 90, "K12 & <Köln>")
    c.circle(50, 50, 5, stroke=0, fill=1)
    return c


def test_numbers_are_short_and_rounded_to_hundredths():
    assert [num(v) for v in (0.0, -0.001, 1.0, 12.345, 1234.5678, 0.1 + 0.2)] == \
        ["0", "0", "1", "12.35", "1234.57", "0.3"]


def test_the_drawing_is_svg_with_y_turned_and_text_as_text():
    c = drawing()
    root = ElementTree.fromstring(c.svg("a test"))
    assert root.get("viewBox") == "0 0 200 100" and root.get("aria-label") == "a test"
    group = root.find(f"{SVG}g")
    assert group.get("clip-path") == "url(#clip1)"
    path = group.find(f"{SVG}path")
    assert path.get("d") == "M0 100L100 50Z"
    assert path.get("fill") == "#ff0000" and path.get("stroke") == "#0000ff"
    assert path.get("stroke-opacity") == "0.5" and path.get("stroke-dasharray") == "3 1.5"
    text = root.find(f"{SVG}text")
    assert text.text == "K12 & <Köln>" and text.get("text-anchor") == "middle"
    assert (text.get("x"), text.get("y"), text.get("font-family")) == ("100", "10", SANS)
    assert root.find(f"{SVG}circle").get("cy") == "50"


def test_the_same_calls_give_the_same_bytes():
    assert drawing().svg() == drawing().svg()


def test_a_text_object_is_a_text_per_font_its_strings_tspans_at_their_origins():
    c = SvgCanvas((200, 100))
    c.setFillColorRGB(0, 0, 1)
    text = c.beginText()
    text.setFont(SANS, 5)
    for x, label in ((10, "A1"), (20, "B2")):
        text.setTextOrigin(x, 30)
        text._textOut(label)
    text.setFont(BOLD, 6)
    text.setTextOrigin(40, 50)
    text._textOut("Köln & <Bonn>")
    c.drawText(text)
    texts = ElementTree.fromstring(c.svg()).findall(f"{SVG}text")
    assert [(t.get("font-family"), t.get("font-size"), t.get("fill")) for t in texts] == \
        [(SANS, "5", "#0000ff"), (BOLD, "6", "#0000ff")]
    assert [[(s.get("x"), s.get("y"), s.text) for s in t] for t in texts] == \
        [[("10", "70", "A1"), ("20", "70", "B2")], [("40", "50", "Köln & <Bonn>")]]
    assert "".join(texts[0].itertext()) == "A1 B2"          # the browser's search finds each label as a word

"""The parts of the game's web page made for a phone: a report's columns as tables and its other
lines as nested lists, and the map drawn wide enough to read."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from umpire.site.mapsize import readable_width
from umpire.site.report_blocks import Item, TextTable, report_blocks

TRANSPORTS = """\
                                 races  1st  2nd  bonuses
Belfast & Northern Counties          0    0    0        0
Great Northern                       1    1    0       20
""".splitlines()


def test_columns_under_a_heading_line_are_a_table_whose_first_head_is_empty():
    [table] = report_blocks(TRANSPORTS)
    assert table == TextTable(["", "races", "1st", "2nd", "bonuses"],
                              [["Belfast & Northern Counties", "0", "0", "0", "0"], ["Great Northern", "1", "1", "0", "20"]])


def test_indented_lines_nest_and_money_lines_are_a_table_between_them():
    lines = ["Great Northern (orange): 12 steps", "    W20-X20-Y21", "Money:",
             "  orange     -> blue          4  fees for transport 1",
             "  bank       -> orange       20  bonus for 1st place", "", "After the gap"]
    first, money, last = report_blocks(lines)
    assert first == [Item("Great Northern (orange): 12 steps", [Item("W20-X20-Y21")]), Item("Money:")]
    assert money.head == [] and money.rows[1] == ["bank", "-> orange", "20", "bonus for 1st place"]
    assert last == [Item("After the gap")]


def test_a_single_line_of_columns_is_a_list_item():
    assert report_blocks(["a  b  c"]) == [[Item("a  b  c")]]


def texts(blocks) -> list[str]:
    def walk(items):
        for item in items:
            yield item.text
            yield from walk(item.items)
    out = []
    for block in blocks:
        out += [" ".join(row) for row in ([block.head] if block.head else []) + block.rows] \
            if isinstance(block, TextTable) else list(walk(block))
    return out


@given(st.lists(st.text(st.sampled_from("ab 1-:"), max_size=12), max_size=12))
def test_every_word_of_a_section_is_on_the_page_once_in_order(lines):
    words = [w for line in lines for w in line.split()]
    assert [w for text in texts(report_blocks(lines)) for w in text.split()] == words


def test_the_map_is_as_wide_as_its_smallest_text_and_its_names_need():
    overlay = ('<text x="1" y="2" font-family="DejaVuSansCondensed" font-size="5" fill="#000">AE22</text>'
               '<text x="1" y="2" font-family="DejaVuSansCondensed-Bold" font-size="6" fill="#000">Dublin</text>'
               '<text x="1" y="2" font-family="DejaVuSans-Bold" font-size="4" fill="#fff">12</text>')
    assert readable_width(100, overlay) == 175                 # the 4-unit digits at 7 px
    assert readable_width(100, overlay.replace('font-size="4"', 'font-size="6"')) == 150   # names at 9 px
    assert readable_width(100, "") == 100

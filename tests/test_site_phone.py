"""The parts of the game's web page made for a phone: a report's columns as tables and its other
lines as nested lists, the map drawn wide enough to read, and where the game stands at the top of
every page (the open turn, or the winners and final standings; `status --json`'s scores)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from umpire.site.build import render
from umpire.site.index_rows import game_row
from umpire.site.mapsize import readable_width
from umpire.site.report_blocks import Item, TextTable, report_blocks
from umpire.site.standing import standing
from umpire.store.folder import GameFolder
from umpire.usecases import actions

TRANSPORTS = """\
                                 races  1st  2nd  bonuses
Belfast & Northern Counties          0    0    0        0
Great Northern                       1    1    0       20
""".splitlines()


def test_columns_under_a_heading_line_are_a_table_whose_first_head_is_empty():
    [table] = report_blocks(TRANSPORTS)
    assert table == TextTable(["", "races", "1st", "2nd", "bonuses"],
                              [["Belfast & Northern Counties", "0", "0", "0", "0"],
                               ["Great Northern", "1", "1", "0", "20"]])


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


def test_the_maps_width_counts_the_labels_of_a_text_in_tspans():
    overlay = ('<text font-family="DejaVuSansCondensed" font-size="4" fill="#000"><tspan x="1" y="2">AE22</tspan> '
               '<tspan x="9" y="2">AE23</tspan></text>'
               '<text font-family="DejaVuSansCondensed-Bold" font-size="6" fill="#000"><tspan x="1" y="2">12</tspan> '
               '<tspan x="1" y="9">Dublin</tspan></text>')
    assert readable_width(100, overlay) == 175                 # the 4-unit hex labels at 7 px
    assert readable_width(100, overlay.replace('font-size="4"', 'font-size="5"')) == 150   # a name among digits at 9 px
    assert readable_width(100, overlay.replace(">AE22<", "><").replace(">AE23<", "><")) == 150   # empty tspans: no text


def index_of(where, names) -> str:
    """The index of one game `g` standing `where`, as the site writes it."""
    return render("index.html.j2", title="Games", root="", games=[game_row("g", "dampfross", "Ireland", where, names)])


def test_a_running_game_stands_at_its_open_turn_with_ordered_and_awaited_names_only():
    status = {"phase": "construction", "round": 5, "orders_in": ["blue", "red"], "awaited": ["green"],
              "deadline": "2026-03-12T19:00:00+01:00", "paused": False}
    names = {"red": "Red Line", "blue": "Blue Line", "green": "Green Line"}
    where = standing(status, names)
    assert (where.turn, where.deadline, where.deadline_iso) == ("construction, round 5", "2026-03-12 18:00 UTC",
                                                                "2026-03-12T18:00Z")
    assert where.ordered == [("red", "Red Line"), ("blue", "Blue Line")] and where.awaited == [("green", "Green Line")]
    assert not where.finished
    row = index_of(where, names)
    assert '<td data-label="round"><span>construction, round 5</span></td>' in row
    assert '<td data-label="awaited"><span><a href="g/green/index.html">Green Line</a></span></td>' in row
    assert standing({**status, "paused": True}, names).deadline_iso is None


def test_a_finished_game_ranks_winners_first_then_by_score_and_equal_scores_share_a_place():
    status = {"phase": "finished", "winners": ["b", "c"], "scores": {"a": 5, "b": 9, "c": 9, "d": 5, "e": 7}}
    where = standing(status, {p: p.upper() for p in "abcde"})
    assert [(place, p) for place, p, _, _ in where.standings] == [(1, "b"), (1, "c"), (3, "e"), (4, "a"), (4, "d")]
    assert 'finished: 1. <a href="g/b/index.html">B</a> 9, 1. <a href="g/c/index.html">C</a> 9, 3. ' \
           '<a href="g/e/index.html">E</a> 7, 4. <a href="g/a/index.html">A</a> 5, 4. ' \
           '<a href="g/d/index.html">D</a> 5</span></td>' in index_of(where, {p: p.upper() for p in "abcde"})


def test_status_of_a_finished_game_gives_its_winners_and_every_seats_final_score(demo_site):
    for game, scores in (("demo", {"blue": 86, "green": 107, "orange": 97, "red": 79}),
                         ("volldampf-demo", {"anna": 5, "bernd": 7, "clara": 4, "dieter": 11})):
        info = actions.status(GameFolder(demo_site / "games" / game))
        assert info["scores"] == scores and info["winners"] == [max(scores, key=scores.get)]
    assert "scores" not in actions.status(GameFolder(demo_site / "running" / "demo"))


def test_every_page_of_a_running_game_starts_with_where_it_stands(demo_site):
    """In the page itself on the newest newsletter's, the overview and the company pages; from
    now.js, in place of a link to the overview, on the older newsletters' (tried in a browser in
    test_site_browser.py)."""
    folder = demo_site / "running-site" / "demo"
    script = (folder / "now.js").read_text()
    assert "Now: construction, round 4" in script and "Great Northern" in script
    pages = sorted(folder.glob("[0-9]*.html")) + [folder / "index.html"] + sorted(folder.glob("*/index.html"))
    assert len(pages) == 9
    for page in pages:
        text = page.read_text()
        top = text.index('<aside class="now"')
        assert top < text.index('<figure class="map"') and top < text.index("<table"), page
        shown = text[top:text.index("</aside>")]
        if page.name in ("001.html", "002.html", "003.html"):
            assert '<a href="index.html">Where the game stands now</a>' in shown
            assert text[text.index("</aside>"):].startswith('</aside>\n<script src="now.js"></script>'), page
        else:
            assert "Now: construction, round 4" in shown and "Great Northern" in shown, page


def test_a_finished_game_shows_its_result_on_the_index_the_overview_and_the_last_page_only(demo_site):
    site = demo_site / "site"
    assert 'finished: 1. <a href="demo/green/index.html">Great Southern &amp; Western</a> 107, ' \
           '2. <a href="demo/orange/index.html">Great Northern</a> 97' in (site / "index.html").read_text()
    for page in ("demo/index.html", "demo/010.html"):
        text = (site / page).read_text()
        assert "Winner: <strong>Great Southern &amp; Western</strong>" in text and "Final standings" in text, page
    assert '<aside class="now"' not in (site / "demo" / "009.html").read_text()
    assert "Winner: <strong>Dieter Dahl</strong>" in (site / "volldampf-demo" / "014.html").read_text()


def test_the_newsletters_are_listed_by_what_they_resolved_and_the_files_say_what_readers_look_for(demo_site):
    site = demo_site / "site"
    overview = (site / "demo" / "index.html").read_text()
    assert '<a href="001.html">001: The opening</a>' in overview
    assert '<a href="003.html">003: Round 2 resolved</a>' in overview
    assert '<a href="003.html">003: Turn 1B resolved</a>' in (site / "volldampf-demo" / "index.html").read_text()
    page = (site / "demo" / "005.html").read_text()
    assert '<meta name="description" content="demo: newsletter 005' in page and '<link rel="icon" href="data:' in page
    feed = (site / "demo" / "feed.atom").read_text()
    assert '<link rel="self" type="application/atom+xml" href="feed.atom"/>' in feed

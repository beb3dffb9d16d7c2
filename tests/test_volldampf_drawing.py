"""Drawing the Volldampf board: `umpire map check` and `map render` for graph-1 boards, and what
the page shows (geography, locations, owners' sections, cubes, the income track)."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st
from pixels import close, render_page

from umpire.cli import main
from umpire.families.volldampf.board import Board, Link, Location, Region, load_board
from umpire.families.volldampf.drawing import (
    LAND,
    PALETTE,
    SEA,
    TRACK_CELL,
    TRACK_SPACES,
    Position,
    board_pdf,
    frame_for,
    track_cell,
)
from umpire.families.volldampf.markers import CUBE, cube_blocks

TINY = Path(__file__).parent / "maps" / "volldampf-tiny.yaml"


def hexcolour(name: str):
    text = PALETTE[name]
    return tuple(int(text[i:i + 2], 16) for i in (1, 3, 5))


def rgb(c):
    return c.red, c.green, c.blue


def test_map_check_reads_a_board_by_its_format():
    result = CliRunner().invoke(main, ["map", "check", "volldampf-germany"])
    assert result.exit_code == 0, result.output
    assert ("38 locations (14 blue, 14 violet, 5 red, 5 yellow), 72 links in 6 regions of 8 cards as ruleset "
            "volldampf deals, 18 goods cards: ok") in result.output


def test_map_check_refuses_a_board_whose_regions_do_not_match_the_ruleset(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text(TINY.read_text(encoding="utf-8").replace("colour: pink, cards: 8", "colour: pink, cards: 7"),
                   encoding="utf-8")
    result = CliRunner().invoke(main, ["map", "check", str(bad)])
    assert result.exit_code == 1
    assert "triangle has 7" in result.output and "6 regions of 8 track cards" in result.output


def test_map_check_refuses_a_bad_board_naming_file_line_and_field(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text(TINY.read_text(encoding="utf-8").replace("cost: 5}", "cost: -5}"), encoding="utf-8")
    result = CliRunner().invoke(main, ["map", "check", str(bad)])
    assert result.exit_code == 1
    assert f"{bad}, line " in result.output and "links[1].cost (L1)" in result.output
    assert "Traceback" not in result.output


def test_map_render_draws_a_board(tmp_path):
    out = tmp_path / "board.pdf"
    result = CliRunner().invoke(main, ["map", "render", "volldampf-germany", str(out)])
    assert result.exit_code == 0, result.output
    board = load_board("volldampf-germany")
    frame = frame_for(board)
    page = render_page(out, 1)
    assert close(page.at(*frame(5.0, 54.6)), rgb(SEA), tolerance=10)          # the North Sea
    assert close(page.at(*frame(19.6, 50.6)), rgb(LAND), tolerance=10)        # Poland, off the lines
    hamburg = board.location("Hamburg")
    assert close(page.at(*frame(hamburg.x, hamburg.y)), hexcolour(hamburg.colour), tolerance=20)
    paris = board.location("Paris")
    assert close(page.at(*frame(paris.x, paris.y)), hexcolour("red"), tolerance=20)


def test_the_same_board_and_position_draw_the_same_bytes():
    board = load_board(TINY)
    position = Position(owners={"L1": "red"}, cubes={"HAM": ["blue"]}, income={"a": 4}, colours={"a": "red"})
    assert board_pdf(board, position) == board_pdf(board, position)


def test_owners_sections_cubes_and_income_markers_are_drawn(tmp_path):
    board = load_board(TINY)
    position = Position(owners={"L1": "green"}, cubes={"BER": ["yellow", "yellow", "yellow"]},
                        income={"anna": 7, "bert": 0}, colours={"anna": "orange", "bert": "pink"})
    out = tmp_path / "p.pdf"
    out.write_bytes(board_pdf(board, position))
    page = render_page(out, 1, dpi=150)
    frame = frame_for(board)
    ham, han = board.locations["HAM"], board.locations["HAN"]
    x1, y1 = frame(ham.x, ham.y)
    x2, y2 = frame(han.x, han.y)
    along = (x1 + 0.3 * (x2 - x1), y1 + 0.3 * (y2 - y1))
    assert close(page.at(*along), hexcolour("green"), tolerance=20)
    [block] = cube_blocks(board, frame, position.cubes)
    assert [colour for _, _, colour in block.cubes] == ["yellow"] * 3
    for x, y, _ in block.cubes:
        assert close(page.at(x + CUBE / 2, y + CUBE / 2), hexcolour("yellow"), tolerance=20)
    x, y = track_cell(7)
    assert close(page.at(x + TRACK_CELL / 2, y + 5), hexcolour("orange"), tolerance=20)
    x, y = track_cell(0)
    assert close(page.at(x + TRACK_CELL / 2, y + 5), hexcolour("pink"), tolerance=20)


def test_the_income_track_runs_clockwise_from_the_bottom_right():
    cells = [track_cell(n) for n in range(TRACK_SPACES)]
    assert len(set(cells)) == TRACK_SPACES
    (x0, y0), (x1, y1) = cells[0], cells[1]
    assert y0 == y1 and x1 < x0                     # start bottom right, going left
    assert cells[TRACK_SPACES - 1][0] == x0 and cells[TRACK_SPACES - 1][1] > y0   # back down the right side


@settings(max_examples=25, deadline=None)
@given(st.lists(st.tuples(st.floats(-50, 50), st.floats(-50, 50)), min_size=2, max_size=6),
       st.lists(st.tuples(st.integers(0, 5), st.integers(0, 5), st.integers(1, 12)), min_size=1, max_size=8),
       st.dictionaries(st.sampled_from(["L0", "L1", "L2"]), st.sampled_from(["red", "#00ff00", "nonsense", "#zz"])),
       st.integers(-5, 250))
def test_any_board_that_loads_is_drawn(spots, pairs, owners, income):
    locations = {f"P{i}": Location(f"P{i}", f"Place{i}", "blue", x, y) for i, (x, y) in enumerate(spots)}
    ids = list(locations)
    links = {}
    for a, b, cost in pairs:
        a, b = ids[a % len(ids)], ids[b % len(ids)]
        if a != b:
            links[f"L{len(links)}"] = Link(f"L{len(links)}", a, b, "star", cost)
    board = Board("fuzz", "Fuzz", locations, {"star": Region("star", "teal", 8)}, links, (), coordinates="xy")
    position = Position(owners=owners, cubes={ids[0]: ["red"] * 9}, income={"p": income}, colours={"p": "blue"})
    assert board_pdf(board, position).startswith(b"%PDF")


def fonts_of(pdf: Path) -> list[list[str]]:
    import subprocess
    out = subprocess.run(["pdffonts", str(pdf)], capture_output=True, text=True, check=True).stdout
    return [line.split() for line in out.splitlines()[2:]]


def test_every_font_of_the_board_and_of_a_newsletter_is_embedded(tmp_path):
    from umpire.usecases import actions

    board = tmp_path / "board.pdf"
    board.write_bytes(board_pdf(load_board("volldampf-germany")))
    folder, _ = actions.create_game(tmp_path / "vf", None, "volldampf",
                                    ["ann:Ann:ann@example.org", "bob:Bob:bob@example.org", "cy:Çağ:cy@example.org"],
                                    seed="fonts")
    for pdf in (board, folder.path / "newsletters" / "001.pdf"):
        rows = fonts_of(pdf)
        assert rows and all(row[-5] == "yes" for row in rows), rows
        assert {row[0].split("+")[-1] for row in rows} <= {"DejaVuSans", "DejaVuSans-Bold", "DejaVuSansMono"}


def test_every_cost_and_name_on_the_bundled_board_stands_clear():
    """No city's name (its white box) covers a link's cost, a disc or another name: the names sit
    where the board's data places them (`label`)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from umpire.families.volldampf.markers import DISC, link_ends, name_box, offsets
    from umpire.render.fonts import BOLD, register
    register()
    board = load_board("volldampf-germany")
    frame, shift = frame_for(board), offsets(board)

    def overlap(a, b):
        return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]
    costs = {}
    for link in board.links.values():
        x1, y1, x2, y2 = link_ends(board, frame, link, shift[link.id])
        x, y, size = (x1 + x2) / 2, (y1 + y2) / 2, 6.4 if link.cost < 10 else 5.6
        width = stringWidth(str(link.cost), BOLD, size)
        costs[link.id] = (x - width / 2, y - size * 0.35 - 0.9, width, size)        # the digits as drawn
    names, discs = {}, {}
    for loc in board.locations.values():
        x, y = frame(loc.x, loc.y)
        names[loc.id] = name_box(loc, x, y)[2]
        discs[loc.id] = (x - DISC, y - DISC, 2 * DISC, 2 * DISC)
    clashes = [(loc, what) for loc, box in names.items()
               for what, other in [*costs.items(), *discs.items(), *names.items()]
               if what != loc and overlap(box, other)]
    assert clashes == []

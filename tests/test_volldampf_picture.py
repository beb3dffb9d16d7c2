"""A Volldampf newsletter's board as a picture for the mail (newsletters/NNN-map.png): drawn at
new and resolve by the board page's own code, the same every time, outside the journal, and
showing the players' track and the cubes where the PDF's board page has them."""

from __future__ import annotations

import io
import json

from helpers import run_ok
from PIL import Image
from pixels import close, render_page

from umpire.families.volldampf.drawing import PAGE, PICTURE_WIDTH, colour, frame_for
from umpire.families.volldampf.markers import CUBE, cube_blocks
from umpire.families.volldampf.report import player_colours
from umpire.game import Game
from umpire.usecases import demo
from umpire.usecases.replay import replay

PLAYERS = ["--company", "ann:Ann:ann@example.org", "--company", "bob:Bob:bob@example.org",
           "--company", "cy:Cy:cy@example.org"]


def played(path):
    """A Volldampf game on the Germany board: created, then turn 1A resolved."""
    run_ok("new", path, "--rules", "volldampf", "--seed", "picture", *PLAYERS)
    run_ok("resolve", path, "--force")
    return path


def test_new_and_resolve_write_the_board_picture_outside_the_journal_and_replay_stays_clean(tmp_path):
    game = played(tmp_path / "vp")
    for number in (1, 2):
        picture = game / "newsletters" / f"{number:03d}-map.png"
        image = Image.open(picture)
        assert image.format == "PNG" and image.size[0] == PICTURE_WIDTH
        assert abs(image.size[1] - PICTURE_WIDTH * PAGE[1] / PAGE[0]) < 1      # the whole board page
        assert picture.stat().st_size < 600_000
    journal = (game / "journal.jsonl").read_text(encoding="utf-8")
    assert all("map.png" not in f for line in journal.splitlines() for f in json.loads(line).get("files", []))
    assert replay(game).differences == []


def test_two_plays_draw_the_same_pictures(tmp_path):
    first, second = played(tmp_path / "a" / "vp"), played(tmp_path / "b" / "vp")
    for name in ("001-map.png", "002-map.png"):
        assert (first / "newsletters" / name).read_bytes() == (second / "newsletters" / name).read_bytes()


def test_the_picture_shows_each_players_track_and_the_cubes_where_the_pdf_has_them(played_once):
    folder = played_once(demo.demo_dir("volldampf"))
    game = Game.of(folder)
    last = folder.newsletter_count()
    state, board = game.state(), game.game_map
    image = Image.open(io.BytesIO((folder.newsletters / f"{last:03d}-map.png").read_bytes())).convert("RGB")
    scale = image.size[0] / PAGE[0]
    page = render_page(folder.newsletters / f"{last:03d}.pdf", 1, dpi=round(72 * scale))

    def png_at(x, y):
        return image.getpixel((round(x * scale), round(image.size[1] - y * scale)))

    frame, colours = frame_for(board), player_colours(state.seats)
    pairs = [frozenset(link.ends) for link in board.links.values()]
    track = []                                  # a third along each owned link that has no twin beside it
    for ident, owner in sorted(state.sections.items()):
        link = board.links[ident]
        if pairs.count(frozenset(link.ends)) == 1:
            (x1, y1), (x2, y2) = (frame(board.locations[e].x, board.locations[e].y) for e in link.ends)
            track.append(((x1 + (x2 - x1) / 3, y1 + (y2 - y1) / 3), colour(colours[owner]).rgb()))
    in_pdf = [(at, rgb) for at, rgb in track if close(page.at(*at), rgb, tolerance=20)]
    assert len(in_pdf) >= len(track) / 2 and {rgb for _, rgb in in_pdf} == {colour(colours[p]).rgb()
                                                                            for p in set(state.sections.values())}
    assert all(close(png_at(*at), rgb, tolerance=30) for at, rgb in in_pdf)
    cubes = []                                  # the middle of the first cube of each location with cubes
    for block in cube_blocks(board, frame, state.cubes):
        x, y, held = block.cubes[0]
        cubes.append(((x + CUBE / 2, y + CUBE / 2), colour(held).rgb()))
    in_pdf = [(at, rgb) for at, rgb in cubes if close(page.at(*at), rgb, tolerance=20)]
    assert in_pdf and all(close(png_at(*at), rgb, tolerance=30) for at, rgb in in_pdf)

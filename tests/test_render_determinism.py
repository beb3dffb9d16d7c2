"""Same inputs, same bytes: the newsletters of two plays of the demo are identical."""

from __future__ import annotations

from umpire.families.dampfross.render.edition import map_content
from umpire.families.dampfross.render.pdf import map_pdf, newsletter_pdf
from umpire.families.dampfross.render.report import newsletter_facts
from umpire.game import Game
from umpire.usecases import demo
from umpire.usecases.family_folder import handed


def test_two_plays_give_byte_identical_newsletters(demo_played, tmp_path):
    first = demo_played                                 # the run's shared play: a play of its own here
    second = demo.play(tmp_path / "b")
    names = sorted(p.name for p in (first.path / "newsletters").iterdir())
    assert names == [f"{n:03d}{kind}" for n in range(1, 11) for kind in ("-map.png", ".pdf", ".txt")]
    for name in names:
        assert (first.path / "newsletters" / name).read_bytes() == (second.path / "newsletters" / name).read_bytes()


def test_rendering_the_same_facts_twice_gives_the_same_pdf(demo_played):
    folder = demo_played
    game = Game.of(folder)
    facts = newsletter_facts(handed(Game.of(folder)), 5)
    once = newsletter_pdf(facts, game.game_map, map_content(Game.of(folder)))
    again = newsletter_pdf(facts, game.game_map, map_content(Game.of(folder)))
    assert once == again
    assert b"CreationDate" not in once or b"D:20000101000000" in once


def test_the_map_pdf_is_deterministic(test_map):
    assert map_pdf(test_map) == map_pdf(test_map)

"""The game's web page of a 40-round game of 6 automatic companies on Germany
(tests/benchmarks/longgame.py). Run: `pytest tests/benchmarks/test_bench_site.py --benchmark-only -s`.

The site from nothing (goal < 10 s), brought up to date after one more resolve in the same
process, as `umpire resolve` does with `site:` configured (goal < 1 s), and the size of a map
page and of the map's shared part (goal: a page <= 400 KB, <= 60 KB gzipped)."""

from __future__ import annotations

import gzip
import shutil

import pytest
from longgame import ROUNDS, play

from umpire.game import Game
from umpire.site import build_site
from umpire.store.folder import GameFolder
from umpire.usecases import actions
from umpire.usecases.rollback import rollback


@pytest.fixture(scope="module")
def game(tmp_path_factory):
    folder = play(tmp_path_factory.mktemp("long") / "long")
    assert Game.of(folder).state().round == ROUNDS + 1
    return folder.path


def test_the_site_from_nothing(benchmark, game, tmp_path):
    outs = iter(range(100))
    benchmark.pedantic(lambda: build_site(game, tmp_path / f"site{next(outs)}"), rounds=3, iterations=1)
    pages = len(list((tmp_path / "site0" / "long").glob("[0-9]*.html")))
    print(f"\nthe site of {pages} newsletters from nothing: median {benchmark.stats.stats.median:.2f} s (goal < 10 s)")
    assert pages == ROUNDS + 1
    assert benchmark.stats.stats.median < 60          # the goal is printed: figures on a busy machine vary


def test_the_site_after_one_more_resolve(benchmark, game, tmp_path):
    before = tmp_path / "before"
    shutil.copytree(game, before)
    rollback(GameFolder(before))              # the last round open again, with its orders
    build_site(before, tmp_path / "site-before")
    runs = iter(range(100))

    def setup():
        k = next(runs)
        folder = tmp_path / f"game{k}"
        shutil.copytree(before, folder)
        shutil.copytree(tmp_path / "site-before", tmp_path / f"site{k}")
        actions.resolve(GameFolder(folder))
        return (folder, tmp_path / f"site{k}"), {}

    report = benchmark.pedantic(build_site, setup=setup, rounds=5, iterations=1)
    print(f"\nthe site after one more resolve: median {benchmark.stats.stats.median:.2f} s (goal < 1 s); "
          f"{len(report.written)} files written: {', '.join(report.written)}")
    assert benchmark.stats.stats.median < 10          # the goal is printed: figures on a busy machine vary


def test_a_map_page_is_small(game, tmp_path):
    build_site(game, tmp_path / "site")
    folder = tmp_path / "site" / "long"
    pages = sorted(folder.glob("[0-9]*.html")) + sorted(folder.glob("*/index.html"))   # a company's page has a map
    largest = max(pages, key=lambda p: p.stat().st_size)
    data = largest.read_bytes()
    ground = next(folder.glob("map-*.svg")).read_bytes()
    size, packed = len(data), len(gzip.compress(data, 9))
    print(f"\nthe largest page with a map ({largest.relative_to(folder)}): {size / 1000:.0f} KB, "
          f"{packed / 1000:.0f} KB gzipped "
          f"(goal <= 400 KB, <= 60 KB); the map's shared part: {len(ground) / 1000:.0f} KB, "
          f"{len(gzip.compress(ground, 9)) / 1000:.0f} KB gzipped, once for every page")
    assert size <= 400_000 and packed <= 60_000

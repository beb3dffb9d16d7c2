"""Replaying a 40-round game of 6 automatic companies on Germany (tests/benchmarks/longgame.py).
Run: `pytest tests/benchmarks/test_bench_replay.py --benchmark-only -s`.

Full replay (PDFs drawn by worker processes, one per CPU) against the same replay with its PDFs
drawn in this process one after the other, as replay drew them before; the quick replay (no
PDFs) against the full one. The goals (full < 2 s, quick < 0.5 s) are printed beside the
figures: they depend on the machine, its CPUs and the newsletter's drawing."""

from __future__ import annotations

import pytest
from baseline import against, umpire
from longgame import ROUNDS, play

from umpire.forked import available_cpus
from umpire.game import Game
from umpire.usecases.replay import replay


@pytest.fixture(scope="module")
def game(tmp_path_factory):
    folder = play(tmp_path_factory.mktemp("long") / "long")
    assert Game.of(folder).state().round == ROUNDS + 1
    return folder.path


def checked(game, **kw):
    def run():
        outcome = replay(game, **kw)
        assert outcome.differences == []
    return run


def test_full_replay_with_workers_against_drawing_in_one_process(benchmark, game):
    ratio = against(benchmark, checked(game), checked(game, workers=1), rounds=3,
                    what=f"full replay of {ROUNDS} rounds, {available_cpus()} CPUs, "
                         "against drawing the PDFs in one process")
    print(f"goal: full replay < 2 s; reached {benchmark.stats.stats.median:.2f} s")
    assert ratio < 1


def test_quick_replay_against_the_full_replay(benchmark, game):
    against(benchmark, checked(game, quick=True), checked(game), rounds=3,
            what=f"quick replay of {ROUNDS} rounds against the full replay")
    print(f"goal: quick replay < 0.5 s; reached {benchmark.stats.stats.median:.2f} s")
    assert benchmark.stats.stats.median < 2


def test_quick_replay_command_against_the_full_command(benchmark, game):
    against(benchmark, umpire("replay", "--quick", str(game)), umpire("replay", str(game)), rounds=3,
            what=f"`umpire replay --quick` of {ROUNDS} rounds against `umpire replay`")

"""`umpire resolve --due` over 1,000 small game folders of which 100 are due, against one
`umpire resolve` of a single due game in the same run. Goal: the sweep in < 30 s.
Run: `pytest tests/benchmarks/test_bench_sweep.py --benchmark-only -s`."""

from __future__ import annotations

import shutil
import statistics
import time

from baseline import umpire
from conftest import TEST_MAP

from umpire.forked import available_cpus
from umpire.usecases import actions

GAMES, DUE = 1000, 100
COMPANIES = ["red:Red Lines", "blue:Blue Star", "green:Green Valley"]
ORDERS = {"red": "GAME {g}\nCOMPANY red\nHOME Alpha\nBUILD C3-D3\n",
          "blue": "GAME {g}\nCOMPANY blue\nHOME Beta\nBUILD K8-J8\n",
          "green": "GAME {g}\nCOMPANY green\nHOME Alpha\n"}


def template(root, name, ordered):
    folder, _ = actions.create_game(root / name, str(TEST_MAP), "laurin", COMPANIES, seed=name)
    for company in ordered:
        actions.submit(folder, ORDERS[company].format(g=name).encode())
    return folder.path


def fill(games, waiting, due):
    """GAMES folders: every tenth a copy of the due game, the others of the waiting one."""
    games.mkdir()
    for n in range(GAMES):
        shutil.copytree(due if n % (GAMES // DUE) == 0 else waiting, games / f"game-{n:04d}")


def test_sweep_of_1000_games_100_due(benchmark, tmp_path):
    waiting = template(tmp_path, "waiting", ("red",))
    due = template(tmp_path, "due", ("red", "blue", "green"))
    single, sweeps, rounds = [], [], 3
    for r in range(rounds):
        one = tmp_path / f"one-{r}"
        shutil.copytree(due, one)
        start = time.perf_counter()
        umpire("resolve", str(one))()
        single.append(time.perf_counter() - start)
        games = tmp_path / f"games-{r}"
        fill(games, waiting, due)
        start = time.perf_counter()
        umpire("resolve", "--due", str(games))()
        sweeps.append(time.perf_counter() - start)
        assert sum((p / "newsletters" / "002.txt").exists() for p in games.iterdir()) == DUE
    benchmark.pedantic(lambda: None, rounds=1, iterations=1)
    sweep, base = statistics.median(sweeps), statistics.median(single)
    benchmark.extra_info.update(sweep_median_s=round(sweep, 3), one_resolve_median_s=round(base, 3),
                                ratio=round(sweep / base, 2), cpus=available_cpus())
    print(f"\nresolve --due over {GAMES} games ({DUE} due), {available_cpus()} CPUs: median {sweep:.2f} s; "
          f"one `umpire resolve` median {base:.2f} s; ratio {sweep / base:.1f} (goal: the sweep < 30 s)")
    assert sweep < 30

"""Timing a piece of work against a baseline measured in the same run, interleaved run by run."""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

BIN = Path(sys.executable).parent


def against(benchmark, work, baseline, rounds: int = 9, what: str = "") -> float:
    """Median of `work` over the median of `baseline`, each round timing the baseline just before
    the work; both medians and the ratio are printed (run with -s) and kept in extra_info."""
    base_times = []

    def setup():
        start = time.perf_counter()
        baseline()
        base_times.append(time.perf_counter() - start)

    benchmark.pedantic(work, setup=setup, rounds=rounds, iterations=1, warmup_rounds=1)
    ours, base = benchmark.stats.stats.median, statistics.median(base_times[1:] or base_times)
    ratio = ours / base
    benchmark.extra_info.update(median_s=round(ours, 4), baseline_median_s=round(base, 4), ratio=round(ratio, 3))
    print(f"\n{what}: median {ours * 1000:.1f} ms, baseline median {base * 1000:.1f} ms, ratio {ratio:.2f}")
    return ratio


def command(*args: str, cwd: Path | None = None):
    """A function that runs a program as a user would: installed, its bytecode compiled."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}

    def run():
        subprocess.run(args, cwd=cwd, env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return run


def python(code: str):
    return command(sys.executable, "-c", code)


def umpire(*args: str, cwd: Path | None = None):
    return command(str(BIN / "umpire"), *args, cwd=cwd)

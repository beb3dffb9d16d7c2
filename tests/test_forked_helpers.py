"""A process the umpire forks (the map picture drawn beside the PDF, PDF workers, a sweep's
workers) never outlives the command and never holds the game's lock on its own: `umpire resolve`
killed while its picture process draws leaves nothing running, and the next resolve runs at once
and writes the bytes an uninterrupted one writes."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import ALL_CPUS, TEST_MAP

from umpire import forked
from umpire.cli import main
from umpire.store.lock import LOCK_FILE, Busy, game_lock

ORDERS = {"red": "HOME Alpha\nBUILD C3-D3-E3", "blue": "HOME Beta\nBUILD K8-K7"}


# One clock for every command: a newsletter is journaled with the time its command was given.
CLOCK = {**os.environ, "UMPIRE_NOW": "2026-03-01T12:00:00+00:00"}


def umpire(*args) -> subprocess.Popen:
    """The command, its output to a file (a pipe would stay open as long as any child lives)."""
    return subprocess.Popen([sys.executable, "-m", "umpire", *map(str, args)], stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, env=CLOCK)


def finished(*args, timeout=120):
    process = subprocess.run([sys.executable, "-m", "umpire", *map(str, args)], capture_output=True, text=True,
                             timeout=timeout, env=CLOCK)
    assert process.returncode == 0, process.stdout + process.stderr


def children(pid: int) -> list[int]:
    try:
        return [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


def alive(pid: int) -> bool:
    """Running (a zombie no one has reaped yet has ended)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and p.name != LOCK_FILE}


def run(*args):
    result = CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False,
                                env={"UMPIRE_NOW": CLOCK["UMPIRE_NOW"]})
    assert result.exit_code == 0, result.output


@pytest.fixture(scope="module")
def ordered(tmp_path_factory) -> Path:
    """A game on the test map with both companies' orders in for round 1."""
    base = tmp_path_factory.mktemp("killed")
    folder = base / "g1"
    run("new", folder, "--map", TEST_MAP, "--rules", "laurin", "--seed", "s",
        "--company", "red:Red:red@example.org", "--company", "blue:Blue:blue@example.org")
    for company, body in ORDERS.items():
        path = base / f"{company}.txt"
        path.write_text(f"GAME g1\nCOMPANY {company}\n{body}\n", encoding="utf-8")
        run("submit", folder, path)
    return folder


@pytest.fixture(scope="module")
def uninterrupted(ordered, tmp_path_factory) -> dict[str, bytes]:
    folder = shutil.copytree(ordered, tmp_path_factory.mktemp("whole") / "g1")
    run("resolve", folder, "--force")
    return files(folder)


@pytest.mark.skipif(not Path("/proc/self/task").is_dir() or len(ALL_CPUS) < 2,
                    reason="the picture is drawn beside the PDF with two CPUs or more, seen through Linux's /proc")
@pytest.mark.usefixtures("all_cpus")
def test_a_resolve_killed_while_its_picture_is_drawn_leaves_nothing_running(ordered, uninterrupted, tmp_path):
    folder = shutil.copytree(ordered, tmp_path / "g1")
    resolve = umpire("resolve", folder, "--force")
    helper = None
    deadline = time.monotonic() + 120
    while helper is None and resolve.poll() is None and time.monotonic() < deadline:
        helper = next(iter(children(resolve.pid)), None)
        time.sleep(0.001)
    assert helper is not None, "resolve ended before it forked its picture process"
    os.kill(resolve.pid, signal.SIGKILL)                     # the picture window: the child forked, not done
    resolve.wait()
    deadline = time.monotonic() + 10
    while alive(helper) and time.monotonic() < deadline:
        time.sleep(0.01)
    outlived = alive(helper)
    if outlived:
        os.kill(helper, signal.SIGKILL)
    assert not outlived, "the picture process outlived the resolve that forked it"
    start = time.monotonic()
    finished("resolve", folder, "--force")                   # at once: no lock left behind
    assert time.monotonic() - start < 30
    assert files(folder) == uninterrupted


def test_a_forked_worker_does_not_keep_the_lock_of_its_parent(tmp_path):
    with forked.pool(1) as pool:
        with game_lock(tmp_path, wait=0):
            assert pool.submit(os.getpid).result() != os.getpid()    # forked while the lock was held
        with game_lock(tmp_path, wait=0):                           # the worker lives on; the lock is free
            assert pool.submit(os.getpid).result() != os.getpid()


def _parent_death_signal() -> int:
    import ctypes
    libc = ctypes.CDLL(None)
    value = ctypes.c_int()
    libc.prctl(2, ctypes.byref(value), 0, 0, 0)              # PR_GET_PDEATHSIG
    return value.value


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the parent-death signal is Linux's")
def test_a_forked_worker_is_killed_when_its_parent_dies():
    with forked.pool(1) as pool:
        assert pool.submit(_parent_death_signal).result() == signal.SIGKILL


def _busy(path: str):
    with game_lock(Path(path), wait=0):
        pass


def test_a_worker_refused_by_a_busy_game_tells_its_parent_so(tmp_path):
    with game_lock(tmp_path, wait=0), forked.pool(1) as pool:
        with pytest.raises(Busy, match="another umpire command has been working on"):
            pool.submit(_busy, str(tmp_path)).result()

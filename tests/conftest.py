"""Shared fixtures: the test map, rulesets, and game folders made through the CLI; games played
once for the whole run and shared by its worker processes (`made_once`)."""

from __future__ import annotations

import fcntl
import os
import shutil
from pathlib import Path

import pytest

from umpire.families.dampfross.gamemap import load_map
from umpire.families.dampfross.ruleset import load_rules

TESTS = Path(__file__).parent
TEST_MAP = TESTS / "maps" / "test.yaml"


ALL_CPUS = frozenset(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else frozenset()


def pytest_configure(config):
    """Each pytest-xdist worker runs on a CPU of its own. The umpire, seeing one CPU, draws its
    PDFs and pages in place instead of forking helpers that would only contend with the other
    workers for the same CPUs (on two CPUs the suite takes about a quarter less time); the tests
    of those forked paths ask for every CPU (`all_cpus`) or set the workers themselves."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    if len(ALL_CPUS) > 1 and worker.startswith("gw"):
        os.sched_setaffinity(0, {sorted(ALL_CPUS)[int(worker[2:]) % len(ALL_CPUS)]})


@pytest.fixture
def all_cpus():
    """Every CPU of the machine for this test (and the processes it starts), as a GM's umpire has them."""
    if not ALL_CPUS:
        yield
        return
    before = os.sched_getaffinity(0)
    os.sched_setaffinity(0, ALL_CPUS)
    try:
        yield
    finally:
        os.sched_setaffinity(0, before)


def pytest_ignore_collect(collection_path, config):
    """Benchmarks run only when asked for: `pytest tests/benchmarks --benchmark-only`."""
    if collection_path.name == "benchmarks":
        return not any("benchmarks" in str(a) for a in config.args)
    return None


@pytest.fixture(scope="session")
def test_map():
    return load_map(TEST_MAP)


@pytest.fixture(scope="session", params=["laurin", "schmidt", "buetehorn"])
def any_rules(request):
    return load_rules(request.param)


@pytest.fixture(scope="session")
def laurin():
    return load_rules("laurin")


@pytest.fixture(scope="session")
def schmidt():
    return load_rules("schmidt")


@pytest.fixture(scope="session")
def buetehorn():
    return load_rules("buetehorn")


from mailservers import dovecot, mailbox, smtp  # noqa: E402,F401  (real mail servers for the mail tests)


def made_once(tmp_path_factory, name: str, make) -> Path:
    """The folder `name`, made by `make(folder)` once per test run: pytest-xdist's workers share it
    (the first to ask makes it, holding a lock; the others wait for it and take it as it is)."""
    base = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        base = base.parent                          # the run's own folder, above each worker's
    folder, done = base / name, base / f"{name}.done"
    with open(base / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not done.exists():
            shutil.rmtree(folder, ignore_errors=True)       # left by a make that failed
            folder.mkdir()
            make(folder)
            done.touch()
    return folder


def copy_of_made_once(tmp_path_factory, name: str, make, to: Path) -> Path:
    """`to` (made if need be) filled with a copy of what `make(folder)` makes, made once for the
    run (`made_once`): a test's own fresh game, without the cost of making it anew each time."""
    shutil.copytree(made_once(tmp_path_factory, name, make), to, symlinks=True, dirs_exist_ok=True)
    return to


@pytest.fixture(scope="session")
def played_once(tmp_path_factory):
    """`played_once(source)`: the archive folder `source` (None: the bundled demo) played to its end
    by `demo.play` (newsletters with their PDFs and map pictures), once for the whole run. The game
    is shared: read it, never change it (copy it first, as `demo_game` does)."""
    from umpire.store.folder import GameFolder
    from umpire.usecases import demo

    def played(source: Path | None = None) -> GameFolder:
        out = made_once(tmp_path_factory, f"played-{Path(source).name if source else 'demo'}",
                        lambda folder: demo.play(folder, source))
        [game] = [p for p in out.iterdir() if p.is_dir()]
        return GameFolder(game)
    return played


@pytest.fixture(scope="session")
def demo_played(played_once):
    """The bundled demo, played to its end once for the whole run: shared, read only."""
    return played_once()


@pytest.fixture
def demo_game(demo_played, tmp_path):
    """A copy of the played demo to change, at tmp_path/demo (where `demo.play(tmp_path)` plays it)."""
    from umpire.store.folder import GameFolder
    shutil.copytree(demo_played.path, tmp_path / "demo", symlinks=True)
    return GameFolder(tmp_path / "demo")


@pytest.fixture(scope="session")
def demo_site(tmp_path_factory):
    """Both demos played and their site built (root/site), and a game rolled back to round 4 with
    its own site (root/running-site): see tests/site_games.py. Made once for the whole run; read only."""
    from site_games import play_demos

    from umpire.site import build_site

    def make(root):
        games, running = play_demos(root)
        build_site(games, root / "site")
        build_site(running, root / "running-site")
    return made_once(tmp_path_factory, "site", make)


@pytest.fixture
def stamped_at_once(monkeypatch):
    """Each tick stamps the games it found nothing to do for, however fresh their files, so the
    later ticks pass them over wherever they may (usecases/quiet.py): for the tests of `umpire tick`."""
    monkeypatch.setattr("umpire.usecases.quiet.SETTLE", 0.0)


@pytest.fixture(scope="session")
def german_site(tmp_path_factory):
    """`demo_site` in German: both demos played with `--language de` and their site built (root/site),
    the Dampfross demo rolled back to round 4 with its own site (root/running-site). Read only."""
    from site_games import play_german_demos

    from umpire.site import build_site

    def make(root):
        games, running = play_german_demos(root)
        build_site(games, root / "site")
        build_site(running, root / "running-site")
    return made_once(tmp_path_factory, "german-site", make)

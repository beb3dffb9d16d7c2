"""Shared fixtures: the test map, rulesets, and game folders made through the CLI."""

from __future__ import annotations

from pathlib import Path

import pytest

from umpire.families.dampfross.gamemap import load_map
from umpire.families.dampfross.ruleset import load_rules

TESTS = Path(__file__).parent
TEST_MAP = TESTS / "maps" / "test.yaml"


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


@pytest.fixture(scope="session")
def demo_site(tmp_path_factory):
    """Both demos played and their site built (root/site), and a game rolled back to round 4 with
    its own site (root/running-site): see tests/site_games.py."""
    from site_games import play_demos
    from umpire.site import build_site
    root = tmp_path_factory.mktemp("site")
    games, running = play_demos(root)
    build_site(games, root / "site")
    build_site(running, root / "running-site")
    return root

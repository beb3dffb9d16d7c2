"""Start-up and loading: `umpire status`, `umpire --help` and loading a map, each against a
baseline in the same run. Run: `pytest tests/benchmarks/test_bench_startup.py --benchmark-only -s`.

Commands run as a user runs them: the installed `umpire`, bytecode compiled (a first warm-up
run writes it where the environment would forbid it)."""

from __future__ import annotations

import pytest
from baseline import against, python, umpire

from umpire.families.dampfross.gamemap import load_map
from umpire.families.dampfross.hexgrid import parse_label
from umpire.kernel import yamlfile
from umpire.usecases import actions

IMPORT_BASELINE = "import click, yaml, jinja2"


@pytest.fixture(scope="module")
def game(tmp_path_factory):
    path = tmp_path_factory.mktemp("bench") / "g"
    actions.create_game(path, "germany", "laurin", ["red:Red", "blue:Blue", "green:Green", "black:Black"], seed="s")
    return path


def test_status_against_importing_click_yaml_jinja2(benchmark, game):
    ratio = against(benchmark, umpire("status", str(game)), python(IMPORT_BASELINE), rounds=11,
                    what=f"umpire status (germany) against `python -c '{IMPORT_BASELINE}'`")
    assert ratio <= 1.3


def test_help_against_importing_click_yaml_jinja2(benchmark):
    ratio = against(benchmark, umpire("--help"), python(IMPORT_BASELINE), rounds=11,
                    what=f"umpire --help against `python -c '{IMPORT_BASELINE}'`")
    assert ratio <= 1.3


def test_map_load_against_the_pure_python_parser(benchmark, monkeypatch):
    """The baseline is the same load through PyYAML's pure Python parser, as maps loaded before."""
    def pure():
        with monkeypatch.context() as m:
            m.setattr(yamlfile, "_Loader", yamlfile._PyLoader)
            parse_label.cache_clear()
            load_map("germany")

    def fast():
        parse_label.cache_clear()
        load_map("germany")

    ratio = against(benchmark, fast, pure, rounds=15, what="load_map('germany') against the pure Python parser")
    assert 1 / ratio >= 4

"""Templates from the bytecode cache, and the whole demo, each against a baseline in the same run.
Run: `pytest tests/benchmarks/test_bench_render.py --benchmark-only -s`."""

from __future__ import annotations

import pytest
from baseline import against, python, umpire

from umpire.render import newsletter

TEMPLATE = "newsletter.txt.j2"
RENDER_BASELINE = "import click, yaml, jinja2, reportlab.pdfgen.canvas"


@pytest.fixture
def fresh_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    newsletter.environment.cache_clear()
    yield
    newsletter.environment.cache_clear()


def test_template_from_the_cache_against_compiling_it(benchmark, fresh_environment):
    """As in a new process: a new environment loads the newsletter template (the baseline compiles it)."""
    def cached():
        newsletter.environment.cache_clear()
        newsletter.environment().get_template(TEMPLATE)

    def compiled():
        newsletter.environment.cache_clear()
        env = newsletter.environment()
        env.bytecode_cache = None
        env.get_template(TEMPLATE)

    ratio = against(benchmark, cached, compiled, rounds=11,
                    what="newsletter template from the cache against compiling it")
    assert ratio < 0.2


def test_demo_against_importing_click_yaml_jinja2_reportlab(benchmark, tmp_path):
    ratio = against(benchmark, umpire("demo", str(tmp_path)), python(RENDER_BASELINE), rounds=7,
                    what=f"umpire demo against `python -c '{RENDER_BASELINE}'`")
    assert ratio <= 4

"""Newsletter templates are compiled once and kept as bytecode in the user's cache folder;
the text edition is the same byte for byte, and a cache that cannot be used never fails."""

from __future__ import annotations

import re

import pytest

from umpire.families.dampfross.render.report import newsletter_facts
from umpire.game import Game
from umpire.render import newsletter, template_cache
from umpire.resources import data_dir
from umpire.usecases import actions
from umpire.usecases.family_folder import handed

TEMPLATE = "newsletter.txt.j2"
# the templates TEMPLATE includes (its masthead, ...), compiled with it, in their order
INCLUDED = re.findall(r'\{%-?\s*include\s+"([^"]+)"', (data_dir("newsletters") / TEMPLATE).read_text(encoding="utf-8"))


@pytest.fixture
def fresh_environment(monkeypatch):
    """newsletter.environment() made anew for the test, and anew after it."""
    newsletter.environment.cache_clear()
    yield newsletter.environment
    newsletter.environment.cache_clear()


@pytest.fixture(scope="module")
def facts(tmp_path_factory):
    folder, _ = actions.create_game(tmp_path_factory.mktemp("g") / "g", "ireland", "laurin",
                                    ["red:Red", "blue:Blue", "green:Green"], seed="cache")
    return newsletter_facts(handed(Game.of(folder)), 1)


def compiled_anew(monkeypatch, env) -> list[str]:
    """Record each template the environment compiles from its source."""
    names = []
    compile_ = env.compile

    def recording(source, name=None, filename=None, *args, **kwargs):
        names.append(name)
        return compile_(source, name, filename, *args, **kwargs)
    monkeypatch.setattr(env, "compile", recording)
    return names


def test_a_template_compiled_in_one_process_is_loaded_from_the_cache_in_the_next(
        monkeypatch, tmp_path, fresh_environment, facts):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    first = fresh_environment()
    compiled = compiled_anew(monkeypatch, first)
    cold = first.get_template(TEMPLATE).render(**facts)
    assert compiled == [TEMPLATE, *INCLUDED]
    assert list((tmp_path / "umpire").glob("templates-*/__jinja2_*.cache"))

    newsletter.environment.cache_clear()
    second = fresh_environment()
    compiled = compiled_anew(monkeypatch, second)
    warm = second.get_template(TEMPLATE).render(**facts)
    assert compiled == []
    assert warm == cold


def test_the_text_edition_is_the_same_with_and_without_the_cache(monkeypatch, tmp_path, fresh_environment, facts):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    fresh_environment().get_template(TEMPLATE)
    newsletter.environment.cache_clear()
    cached = fresh_environment().get_template(TEMPLATE).render(**facts)
    newsletter.environment.cache_clear()
    env = fresh_environment()
    env.bytecode_cache = None
    assert env.get_template(TEMPLATE).render(**facts) == cached


def test_without_xdg_cache_home_the_cache_is_under_the_home_folder(monkeypatch, tmp_path):
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    assert template_cache.cache_root() == tmp_path / ".cache" / "umpire"


def test_a_cache_folder_that_cannot_be_made_leaves_templates_compiled_as_before(
        monkeypatch, tmp_path, fresh_environment, facts):
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocked))
    env = fresh_environment()
    assert env.bytecode_cache is None
    plain = env.overlay()
    plain.bytecode_cache = None
    assert env.get_template(TEMPLATE).render(**facts) == plain.get_template(TEMPLATE).render(**facts)


def test_a_damaged_cache_file_is_compiled_anew(monkeypatch, tmp_path, fresh_environment, facts):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    good = fresh_environment().get_template(TEMPLATE).render(**facts)
    for path in (tmp_path / "umpire").glob("templates-*/__jinja2_*.cache"):
        path.write_bytes(path.read_bytes()[:40])
    newsletter.environment.cache_clear()
    env = fresh_environment()
    compiled = compiled_anew(monkeypatch, env)
    assert env.get_template(TEMPLATE).render(**facts) == good
    assert compiled == [TEMPLATE, *INCLUDED]


def test_a_cache_folder_gone_while_writing_fails_nothing(monkeypatch, tmp_path, fresh_environment, facts):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    env = fresh_environment()
    for folder in (tmp_path / "umpire").glob("templates-*"):
        folder.rmdir()
    assert env.get_template(TEMPLATE).render(**facts)


def test_a_changed_setting_gets_a_cache_folder_of_its_own(fresh_environment):
    env = fresh_environment()
    other = env.overlay(trim_blocks=False)
    assert template_cache.fingerprint(env) != template_cache.fingerprint(other)

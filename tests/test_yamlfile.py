"""YAML through libyaml and through PyYAML's pure Python parser: the same data, the same lines,
the same error messages (a text libyaml refuses is parsed again by the pure Python parser)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from umpire.errors import DataError
from umpire.kernel import yamlfile
from umpire.kernel.yamlfile import LineDict, LineList

ROOT = Path(__file__).parent.parent
FILES = sorted([*ROOT.glob("maps/*.yaml"), *ROOT.glob("rules/*.yaml"), *ROOT.glob("newsletters/*.yaml"),
                *ROOT.glob("games/*/*.yaml"), *ROOT.glob("tests/maps/*.yaml")])
BROKEN = [
    "a: [1, 2\nb: 3\n",
    "a: b: c\n",
    "a:\n  - 1\n - 2\n",
    'key: "unterminated\n',
    "\tfoo: 1\n",
    "{a: 1",
    "- a\nb: 1\n",
    "a: &x 1\nb: *y\n",
    "a: !!python/object:os.system x\n",
    "a: @b\n",
    "a: 1\nb:\n  c: 2\n  c: 3\n",
]


def shape(value):
    """The data with every line it knows, for comparing two loads."""
    if isinstance(value, LineDict):
        return ("map", value.line, [(k, value.key_lines[k], shape(v)) for k, v in value.items()])
    if isinstance(value, LineList):
        return ("seq", value.line, value.item_lines, [shape(v) for v in value])
    assert not isinstance(value, (dict, list)), "a container without its lines"
    return value


def load_both(text: str, monkeypatch) -> tuple:
    """load_lines on libyaml and on the pure Python parser: the data, or the error's text."""
    out = []
    for loader in (yamlfile._Loader, yamlfile._PyLoader):
        with monkeypatch.context() as m:
            m.setattr(yamlfile, "_Loader", loader)
            try:
                out.append(shape(yamlfile.load_lines(text)))
            except (yaml.YAMLError, DataError) as exc:
                out.append(("error", type(exc).__name__, str(exc)))
    return tuple(out)


def test_libyaml_is_used_where_it_is_installed():
    assert yaml.__with_libyaml__
    assert issubclass(yamlfile._Loader, yaml.CSafeLoader)


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(ROOT)) for p in FILES])
def test_every_bundled_file_loads_to_the_same_data_and_lines_on_both_parsers(path, monkeypatch):
    fast, slow = load_both(path.read_text(encoding="utf-8"), monkeypatch)
    assert fast == slow
    assert fast[0] != "error"


@pytest.mark.parametrize("text", BROKEN)
def test_a_broken_file_gets_the_same_error_on_both_parsers(text, monkeypatch, tmp_path):
    path = tmp_path / "broken.yaml"
    path.write_text(text, encoding="utf-8")
    messages = []
    for loader in (yamlfile._Loader, yamlfile._PyLoader):
        with monkeypatch.context() as m:
            m.setattr(yamlfile, "_Loader", loader)
            with pytest.raises(DataError) as caught:
                yamlfile.load_yaml(path)
            messages.append(str(caught.value))
    assert messages[0] == messages[1]
    assert f"{path}, line" in messages[0]


def test_a_syntax_error_is_worded_as_the_pure_python_parser_words_it(tmp_path):
    path = tmp_path / "broken.yaml"
    path.write_text("a: b: c\n", encoding="utf-8")
    with pytest.raises(DataError, match="line 1: not valid YAML: mapping values are not allowed here"):
        yamlfile.load_yaml(path)


@pytest.mark.parametrize("text", BROKEN + ["a: 1\n", "- [x, {y: 2}]\n"])
def test_plain_safe_load_gives_what_yaml_safe_load_gives(text):
    try:
        expected = ("ok", yaml.safe_load(text))
    except yaml.YAMLError as exc:
        expected = ("error", str(exc))
    try:
        got = ("ok", yamlfile.safe_load(text))
    except yaml.YAMLError as exc:
        got = ("error", str(exc))
    assert got == expected


# Block scalar headers (`|`, `>`), `?` keys and tabs left out: there libyaml accepts a few texts
# that PyYAML's own parser refuses (e.g. "a\t", "|#"), and those load (docs/performance.md).
YAML_TEXT = st.lists(st.sampled_from(["a", "b", ":", " ", "  ", "\n", "- ", "  - ", "a: ", "-", "[", "]", "{", "}",
                                      ",", "'", '"', "#", "&x", "*x", "1", "2.5", "yes", "~", "!!str"]),
                     max_size=40).map("".join)


@settings(max_examples=300, deadline=None)
@given(YAML_TEXT)
def test_any_text_gives_the_same_data_or_the_same_error_on_both_parsers(text):
    with pytest.MonkeyPatch.context() as monkeypatch:
        fast, slow = load_both(text, monkeypatch)
    assert fast == slow

"""YAML loading that remembers line numbers, so errors can name file, line and field.

YAML is parsed by libyaml (PyYAML's C parser) where it is installed, and by PyYAML's pure
Python parser where it is not; the constructors that record lines are the same for both.
The two parsers word their syntax errors differently, so a text libyaml refuses is parsed
again by the pure Python parser, whose result or error is the answer: data and messages are
the same whichever parser is installed.
"""

from __future__ import annotations

import datetime
from pathlib import Path

import yaml

from ..errors import DataError
from .ids import shown


class LineDict(dict):
    """A mapping that knows the line of each of its keys."""

    line: int = 0
    key_lines: dict


class LineList(list):
    """A sequence that knows the line of each of its items."""

    line: int = 0
    item_lines: list


class _PyLoader(yaml.SafeLoader):
    """The line-keeping loader on PyYAML's pure Python parser."""


if getattr(yaml, "__with_libyaml__", False):
    class _Loader(yaml.CSafeLoader):
        """The line-keeping loader on libyaml."""
    _PlainLoader = yaml.CSafeLoader
else:
    _Loader, _PlainLoader = _PyLoader, yaml.SafeLoader


def _mapping(loader, node):
    loader.flatten_mapping(node)
    out = LineDict()
    out.line = node.start_mark.line + 1
    out.key_lines = {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        if isinstance(key, (list, dict)):
            raise DataError("a key must be a plain word or number, not a list or mapping",
                            f"line {key_node.start_mark.line + 1}")
        if key in out:
            raise DataError(f"key {key!r} appears twice", f"line {key_node.start_mark.line + 1}")
        out[key] = loader.construct_object(value_node, deep=True)
        out.key_lines[key] = key_node.start_mark.line + 1
    return out


def _sequence(loader, node):
    out = LineList(loader.construct_object(child, deep=True) for child in node.value)
    out.line = node.start_mark.line + 1
    out.item_lines = [child.start_mark.line + 1 for child in node.value]
    return out


for _line_loader in (_Loader, _PyLoader):
    _line_loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _mapping)
    _line_loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _sequence)


def _load(text: str, fast, slow):
    """Parse with the `fast` loader; if it refuses the text, the `slow` one's data or error."""
    try:
        return yaml.load(text, Loader=fast)
    except yaml.YAMLError:
        if fast is slow:
            raise
    return yaml.load(text, Loader=slow)


def safe_load(text: str):
    """yaml.safe_load, on libyaml where it is installed (plain dicts and lists, no lines)."""
    return _load(text, _PlainLoader, yaml.SafeLoader)


def load_lines(text: str):
    """Parse YAML text into LineDicts and LineLists that know their lines."""
    return _load(text, _Loader, _PyLoader)


def load_yaml(path: Path):
    """Parse a YAML file; a syntax error becomes a DataError naming file and line."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise DataError(f"{path}: no such file") from None
    except OSError as exc:
        raise DataError(f"{path}: cannot be read ({exc.strerror or exc})",
                        fix="Give the path of a YAML file.") from None
    except UnicodeDecodeError as exc:
        raise DataError(f"{path}: not UTF-8 text ({exc.reason})", fix="Save it as UTF-8.") from None
    try:
        return load_lines(text)
    except DataError as exc:
        raise DataError(exc.what, f"{path}, {exc.where}") from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"{path}, line {mark.line + 1}" if mark else str(path)
        problem = getattr(exc, "problem", None) or str(exc)
        raise DataError(f"not valid YAML: {problem}", where) from None


def described(value, limit: int = 60) -> str:
    """A loaded value as its writer would name it in a message: `an empty value`, `true`, `7`,
    `'text'`, `the date 2019-01-01`, `the list [4, 7]`, `the mapping {a: 1}` (cut to `limit`)."""
    if value is None:
        return "an empty value"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, datetime.datetime):
        return f"the time {value.isoformat(sep=' ')}"
    if isinstance(value, datetime.date):
        return f"the date {value.isoformat()}"
    if isinstance(value, (int, float)):
        return str(value)
    if isinstance(value, (list, dict)):
        flow = yaml.safe_dump(plain(value), default_flow_style=True, width=1000).strip()
        flow = flow if len(flow) <= limit else flow[:limit - 4] + " ..."
        return f"{'the mapping' if isinstance(value, dict) else 'the list'} {flow}"
    return shown(str(value), limit)


def plain(value):
    """A loaded value without the line numbers kept with it (so that YAML can write it again)."""
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    return value


def line_of(container, key) -> int:
    """Best-known line of `key` (a dict key or list index) in a loaded container."""
    if isinstance(container, LineDict):
        return container.key_lines.get(key, container.line)
    if isinstance(container, LineList) and isinstance(key, int) and key < len(container.item_lines):
        return container.item_lines[key]
    return getattr(container, "line", 0)


class FieldChecker:
    """Reads the fields of one loaded data file; every error names the file, the line and the field."""

    def __init__(self, path, doc):
        self.path, self.doc = path, doc

    def fail(self, container, key, field_name: str, what: str, fix: str | None = None):
        raise DataError(what, f"{self.path}, line {line_of(container, key)}, {field_name}", fix)

    def mapping(self, value, container, key, field_name, allowed: set[str], required: set[str]) -> LineDict:
        if not isinstance(value, dict):
            self.fail(container, key, field_name, "must be a mapping.",
                      f"Write it as {{{', '.join(sorted(required | allowed))}}}.")
        for k in value:
            if k not in allowed | required:
                self.fail(value, k, f"{field_name}.{k}", f"unknown key {k!r}.",
                          f"Known keys here: {', '.join(sorted(allowed | required))}.")
        for k in sorted(required):
            if k not in value:
                self.fail(container, key, field_name, f"the key {k!r} is missing.")
        return value

    def sequence(self, value, container, key, field_name) -> list:
        if value is None:
            return LineList()
        if not isinstance(value, list):
            self.fail(container, key, field_name, "must be a list.")
        return value

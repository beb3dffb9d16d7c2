"""Rulesets of every family: read through attributes (`rules.construction.costs.river`), checked
against the family's schema (a nested dict of value checks, umpire/kernel/checks.py) with errors that
name file, line and key. Each family's own schema and loader are in its package.
"""

from __future__ import annotations

from ..errors import DataError
from .yamlfile import described, line_of


class Section:
    """Read-only attribute view of one validated part of a ruleset."""

    def __init__(self, data: dict):
        self._data = data

    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)
        try:
            value = self._data[name]
        except KeyError:
            raise AttributeError(name) from None
        value = Section(value) if isinstance(value, dict) and not _is_table(value) else value
        self.__dict__[name] = value          # read-only: later reads are plain attribute lookups
        return value

    def get(self, name, default=None):
        return self._data.get(name, default)

    def __getitem__(self, name):
        return self._data[name]


def _is_table(value: dict) -> bool:
    return all(isinstance(k, int) for k in value)


class Ruleset(Section):
    def __init__(self, data: dict, source: str):
        super().__init__(data)
        self.source = source


def validate(doc, schema, path: str, source: str):
    """Check a ruleset document against a family's schema; a DataError names file, line and key."""
    if not isinstance(doc, dict):
        raise DataError("must be a mapping.", f"{source}, line {line_of(doc, 0)}, {path or 'ruleset'}")
    for key in doc:
        if key not in schema:
            raise DataError(f"unknown key {key!r}.", f"{source}, line {line_of(doc, key)}, {path}{key}",
                            f"Known keys here: {', '.join(schema)}.")
    for key, rule in schema.items():
        where = f"{source}, line {line_of(doc, key)}, {path}{key}"
        if key not in doc:
            raise DataError(f"the key {key!r} is missing.", f"{source}, line {line_of(doc, 0)}, {path or 'ruleset'}",
                            "Copy a shipped ruleset (rules/) and change its values.")
        if isinstance(rule, dict):
            validate(doc[key], rule, f"{path}{key}.", source)
        else:
            problem = rule(doc[key])
            if problem:
                raise DataError(f"{problem} (found {described(doc[key])}).", where)


def variant_values(variants: dict, name: str, choice, source: str) -> dict:
    """The ruleset values a named house rule sets (`bonus_system=alternative`)."""
    choices = variants[name]
    key = str(choice).lower()
    if key not in map(str, choices):
        raise DataError(f"{name}: {described(choice)} is not a choice of this house rule.", source,
                        f"Choose one of {', '.join(map(str, choices))}, e.g. --option {name}={next(iter(choices))}.")
    return next(values for c, values in choices.items() if str(c) == key)



"""Checks of single values in data files (rulesets of every family): each takes a value and
returns what is wrong with it, or None."""

from __future__ import annotations


def whole_number(minimum=0):
    def check(v):
        if isinstance(v, bool) or not isinstance(v, int) or v < minimum:
            return f"must be a whole number of at least {minimum}"
    return check


def text(v):
    return None if isinstance(v, str) else "must be text"


def choice(*names):
    def check(v):
        if v not in names:
            return f"must be one of {', '.join(map(str, names))}"
    return check


def boolean(v):
    return None if isinstance(v, bool) else "must be true or false"


def optional(inner):
    return lambda v: None if v is None else inner(v)

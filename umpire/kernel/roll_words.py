"""A roll's purpose (the words its die is computed from: kernel/dice.py) as a newsletter's roll
list prints it in the language in force, and back (umpire/locale/rolls.yaml): `round 3
construction red` is `Runde 3 Aufbau red` in German. `umpire verify --newsletters` reads a roll
list in any language, so a German issue is checked as an English one."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import yaml

from .language import current

TABLE = Path(__file__).resolve().parent.parent / "locale" / "rolls.yaml"
_FIELD = re.compile(r"\{(\w+)\}")
_WORDS = {"n": r"\d+", "t": r"\d+", "i": r"\d+", "k": r"\d+", "who": r"\S+"}


@cache
def _table() -> dict:
    with TABLE.open(encoding="utf-8") as f:
        return yaml.load(f, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))


def _pattern(form: str, colours) -> re.Pattern:
    parts = _FIELD.split(form)
    out = [re.escape(parts[0])]
    for name, literal in zip(parts[1::2], parts[2::2]):
        words = "|".join(map(re.escape, colours)) if name == "colour" else _WORDS[name]
        out += [f"(?P<{name}>{words})", re.escape(literal)]
    return re.compile("".join(out))


@cache
def _forms(language: str, backwards: bool) -> list[tuple[re.Pattern, str, dict]]:
    """(pattern of one side, the other side, its colours' words) for each form of `language`."""
    entry = _table().get(language, {})
    colours = dict(entry.get("colours", {}))
    if backwards:
        colours = {said: english for english, said in colours.items()}
    return [(_pattern(said if backwards else english, colours), english if backwards else said, colours)
            for english, said in entry.get("forms", [])]


def _put(found: re.Match, form: str, colours: dict) -> str:
    words = {name: colours.get(value, value) if name == "colour" else value
             for name, value in found.groupdict().items()}
    return form.format(**words)


def said(purpose: str) -> str:
    """The purpose as the roll list prints it in the language in force."""
    for pattern, form, colours in _forms(current(), False):
        found = pattern.fullmatch(purpose)
        if found:
            return _put(found, form, colours)
    return purpose


def purpose_of(printed: str) -> str:
    """The purpose a roll list's entry stands for, in whatever language it was printed."""
    for language in _table():
        for pattern, form, colours in _forms(language, True):
            found = pattern.fullmatch(printed)
            if found:
                return _put(found, form, colours)
    return printed

"""Game options (`--option KEY=VALUE`): house rules of the game itself, or any ruleset value
by its dotted path (`construction.dice.count=2`), which overrides the edition's number.
"""

from __future__ import annotations

import yaml

from .errors import UmpireError

# name -> (default, description)
GAME_OPTIONS: dict[str, tuple[object, str]] = {
    "transports_per_round": (2, "transports announced in each operating round"),
    "entries_per_round": (None, "races one company may enter in one operating round (none: no limit)"),
    "entries_rise_with_carried": (False, "the entry limit rises by one for every two races carried forward "
                                         "into the round (2-3 carried: +1, 4-5: +2, ...)"),
    "carry_unentered": (False, "a race no company entered is announced again next round instead of counting"),
    "deadline": ("", "time from a round's opening to its deadline, e.g. '7 days' or '48 hours' (none if empty)"),
    "late_orders": ("refuse", "an order after the deadline is refused ('refuse') or held for the next round ('hold')"),
    "paper": ("a4", "the newsletter's paper size: a4, a3 or letter"),
    "resolve_early": (False, "`umpire mail fetch` resolves the round as soon as every company has ordered"),
    "grey_press": (False, "press may be printed anonymously (PRESS GREY in an order); otherwise it is printed "
                          "under the company's name"),
    "first_company": ("seat", "who builds first in round 1: 'seat' (the first company listed) or 'die' "
                              "(one die each, highest first, the tied roll again; journaled)"),
}


def parse_option(text: str) -> tuple[str, object]:
    key, sep, value = text.partition("=")
    if not sep or not key.strip():
        raise UmpireError(f"--option {text!r} is not KEY=VALUE.", fix="Write e.g. --option construction.dice.count=2.")
    try:
        parsed = yaml.safe_load(value.strip()) if value.strip() else ""
    except yaml.YAMLError as exc:
        raise UmpireError(f"--option {text!r}: the value is not readable ({getattr(exc, 'problem', None) or exc}).",
                          fix="Write a number, true/false or a word, e.g. --option construction.dice.count=2; "
                              "quote text with spaces: --option deadline=\"7 days\".") from None
    key = key.strip()
    if key in _CHECKS and (problem := _CHECKS[key](parsed)):
        raise UmpireError(f"--option {text!r}: {key} {problem}.", fix=f"It is {GAME_OPTIONS[key][1]}.")
    return key, parsed


def _count(minimum: int, none: bool = False):
    def check(v):
        if not (none and v is None) and (isinstance(v, bool) or not isinstance(v, int) or v < minimum):
            return f"must be a whole number of at least {minimum}" + (" (or null for none)" if none else "")
    return check


def _flag(v):
    if not isinstance(v, bool):
        return "must be true or false"


_CHECKS = {"transports_per_round": _count(1), "entries_per_round": _count(1, none=True),
           "carry_unentered": _flag, "resolve_early": _flag}


CHOICES = {"first_company": ("seat", "die")}


def check_choices(options: dict):
    """Refuse a game option whose value is not one of its choices."""
    for name, choices in CHOICES.items():
        if name in options and options[name] not in choices:
            raise UmpireError(f"--option {name}={options[name]!r} is not one of {', '.join(choices)}.",
                              fix=f"Write e.g. --option {name}={choices[-1]}.")


def game_option(options: dict, name: str):
    return options.get(name, GAME_OPTIONS[name][0])


def ruleset_overrides(options: dict) -> dict:
    return {k: v for k, v in options.items() if k not in GAME_OPTIONS}

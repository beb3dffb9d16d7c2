"""Game options (`--option KEY=VALUE`): the shell's own (deadlines, late orders), the game
family's house rules (its `options` table, e.g. umpire/families/dampfross/options.py), or any
ruleset value by its dotted path (`construction.dice.count=2`), which overrides the edition's number.
"""

from __future__ import annotations

import re

import yaml

from .errors import UmpireError

# name -> (default, description): the options of every game, whatever its family
SHELL_OPTIONS: dict[str, tuple[object, str]] = {
    "deadline": ("", "time from a round's opening to its deadline, e.g. '7 days' or '48 hours' (none if empty)"),
    "deadline_at": ("", "the hour a deadline falls at, e.g. '18:00': the first such hour once the span has run "
                        "(none if empty)"),
    "deadline_zone": ("UTC", "the time zone of deadline_at and of times the GM gives, e.g. Europe/Berlin"),
    "grace": ("", "time after a deadline in which orders are still taken, e.g. '1 day'; the round resolves at "
                  "its end, or when every order is in (none if empty)"),
    "absence": ("nmr", "a player's absence: the round goes on without him ('nmr') or a deadline inside it moves "
                       "to the day after it ('extend')"),
    "absence_max": (14, "with absence=extend: the days of absence a player may announce in a game"),
    "remind": ("1 day", "`umpire tick` reminds each player who has not ordered this long before the deadline, "
                        "e.g. '2 days, 12 hours' (once each), and daily in the grace ('none': never)"),
    "remind_late_to_all": (False, "after the deadline `umpire tick` tells every player who is late"),
    "late_orders": ("refuse", "an order after the deadline is refused ('refuse') or held for the next round ('hold')"),
    "paper": ("a4", "the newsletter's paper size: a4, a3 or letter"),
    "resolve_early": (False, "`umpire mail fetch` resolves the round as soon as every company has ordered"),
    "grey_press": (False, "press may be printed anonymously (PRESS GREY in an order); otherwise it is printed "
                          "under the company's name"),
    "notes_to_gm": ("mail", ("what a player writes to the GM around his order: forwarded by `umpire mail fetch` "
                             "to the first gm address at once ('mail') or only listed in `umpire mail digest` "
                             "('digest')")),
}


TURN_DEADLINE = re.compile(r"^deadline\.([A-Za-z])$")     # deadline.B: a turn's own deadline (turns 3B, 4B, ...)


def is_shell_option(key: str) -> bool:
    """Whether a game option is the shell's: one of SHELL_OPTIONS, or a turn's own deadline."""
    return key in SHELL_OPTIONS or bool(TURN_DEADLINE.match(key))


def parse_option(text: str, family=None) -> tuple[str, object]:
    """KEY=VALUE read, its value checked where the shell's options or those of `family` (the game's
    family: its `checks`, and its `options` for what each means) check it."""
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
    checks = {**(family.checks if family else {}), **_CHECKS}
    if key in checks and (problem := checks[key](parsed)):
        meaning = {**(family.options if family else {}), **SHELL_OPTIONS}[key][1]
        raise UmpireError(f"game option {text!r}: {key} {problem}.", fix=f"The option {key}: {meaning}.")
    check = _ruleset_check(family.ruleset_schema, family.option_path(key)) if family else None
    if check and (problem := check(_reread(parsed))):
        raise UmpireError(f"game option {text!r}: the ruleset value {family.option_path(key)} {problem}.",
                          fix="`umpire options --rules NAME` lists every ruleset value of the edition NAME, "
                              "with its meaning and the edition's number.")
    return key, parsed


def _ruleset_check(schema: dict, path: str):
    """The check of the ruleset value at a dotted path (`construction.dice.count`); None where the
    path names no single value (a house rule's name, or a path the ruleset loader refuses)."""
    node = schema
    for part in path.split("."):
        node = node.get(part) if isinstance(node, dict) else None
    return node if callable(node) else None


def _reread(value):
    """A text value read once more as YAML, as the ruleset loaders read an option's value."""
    if not isinstance(value, str):
        return value
    try:
        return yaml.safe_load(value)
    except yaml.YAMLError:
        return value


def whole_number(minimum: int, none: bool = False):
    """A check of an option's value: a whole number of at least `minimum` (or, with `none`, null)."""
    def check(v):
        if not (none and v is None) and (isinstance(v, bool) or not isinstance(v, int) or v < minimum):
            return f"must be a whole number of at least {minimum}" + (" (or null for none)" if none else "")
    return check


def flag(v):
    """A check of an option's value: true or false (YAML's yes/no and on/off read as these)."""
    if not isinstance(v, bool):
        return "must be true or false (yes/no and on/off work too)"


def one_of(*choices: str):
    """A check of an option's value: one of the words `choices`."""
    def check(v):
        if v not in choices:
            return f"must be {' or '.join(choices)}"
    return check


_CHECKS = {"resolve_early": flag, "grey_press": flag,      # the shell's options whose values are checked
           "notes_to_gm": one_of("mail", "digest")}


def check_choices(options: dict, family_choices: dict[str, tuple]):
    """Refuse a game option whose value is not one of its choices (the family's options with choices)."""
    for name, choices in family_choices.items():
        if name in options and options[name] not in choices:
            raise UmpireError(f"--option {name}={options[name]!r} is not one of {', '.join(choices)}.",
                              fix=f"Write e.g. --option {name}={choices[-1]}.")


def game_option(options: dict, name: str):
    """The value of a shell option in a game, or its default."""
    return options.get(name, SHELL_OPTIONS[name][0])


def ruleset_overrides(options: dict, family_options: dict) -> dict:
    """The options that set ruleset values: neither the shell's nor the family's own."""
    return {k: v for k, v in options.items() if not is_shell_option(k) and k not in family_options}

"""Game options (`--option KEY=VALUE`): the shell's own (deadlines, late orders), the game
family's house rules (its `options` table, e.g. umpire/families/dampfross/options.py), or any
ruleset value by its dotted path (`construction.dice.count=2`), which overrides the edition's number.
"""

from __future__ import annotations

import re

import yaml

from ..errors import UmpireError
from . import language

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
    "language": ("en", "the language of the game's newsletters, pages and mail to its players: en (English) or de "
                       "(Deutsch); a player's own mail language: --company ID:NAME:EMAIL:LANGUAGE"),
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
           "notes_to_gm": one_of("mail", "digest"), "language": language.check}


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


# -- house rules changed mid-game (`umpire house-rule`) ---------------------------------------
HOUSE_RULE = "house_rule"          # the journal event: key, value, reason, round (given in), from_round
FIXED_MIDGAME = {
    "players": "the number of players is fixed when the game is made",
    "by_players": "the table by number of players (rounds, sections, cards removed) is dealt out at the setup",
    "box": "the box's contents are dealt out at the setup",
    "starting_balance": "the starting money is paid when the game is made",
    "starting_cash": "the starting money is paid when the game is made",
    "first_company": "who builds first in round 1 is decided when the game is made",
    "format": "it names the ruleset file's format", "name": "it names the edition", "title": "it names the edition",
}
"""What a house rule cannot change once the game runs (an option, or the first part of a ruleset
value's path), each with why; the map and the players are no options at all."""


def fingerprint(options: dict) -> str:
    """The options as `umpire new` made them, as one line of canonical JSON (game.yaml's
    `options_fingerprint`): an edit of game.yaml's `options:` behind the umpire's back shows."""
    import json
    return json.dumps(options, sort_keys=True, ensure_ascii=False, separators=(",", ":"), default=str)


def options_changed(options: dict, recorded: str) -> str | None:
    """Where game.yaml's options differ from those the game was made with (`recorded`, its
    fingerprint), as `KEY was X, is Y`; None if they do not."""
    import json
    if fingerprint(options) == recorded:
        return None
    try:
        made = json.loads(recorded)
    except ValueError:
        made = None
    if not isinstance(made, dict):
        return "options_fingerprint is not the options as made"
    now = json.loads(fingerprint(options))
    key = min(k for k in set(made) | set(now) if made.get(k, _NONE) != now.get(k, _NONE))
    return f"{key} was {value_text(made.get(key, _NONE))}, is {value_text(now.get(key, _NONE))}"


_NONE = object()


def value_text(value) -> str:
    """An option's value as the GM writes it (`7 days`, `true`, `2`); `not set` for none."""
    if value is _NONE:
        return "not set"
    return yaml.safe_dump(value, default_flow_style=True).strip().removesuffix("...").strip()


def options_in_force(options: dict, events: list[dict], round_number: int) -> dict:
    """The game's options (game.yaml's) with the house rules journaled mid-game that are in force
    in round `round_number` (each from the round after the one it was given in), in journal order."""
    found = dict(options)
    for e in events:
        if e["type"] == HOUSE_RULE and e["from_round"] <= round_number:
            found[e["key"]] = e["value"]
    return found


def house_rule_event(text: str, reason: str, family, options: dict, round_number: int, check) -> dict | None:
    """The journal event of `umpire house-rule KEY=VALUE`: the option read and checked as `--option`
    reads it at `umpire new` (`check(options)` refuses what the whole set of options may not be, and
    a key that is no option: the ruleset loader names it),
    in force from the round after the open `round_number`; refused for an option that cannot change
    mid-game. None where the value is in force from then already (nothing to journal)."""
    key, value = parse_option(text, family)
    why = FIXED_MIDGAME.get(key) or FIXED_MIDGAME.get(family.option_path(key).split(".")[0])
    if why:
        raise UmpireError(f"the option {key} cannot change while the game runs: {why}.", fix="Nothing was done.")
    if key in options and options[key] == value:
        return None
    check({**options, key: value})
    return {"type": HOUSE_RULE, "round": round_number, "from_round": round_number + 1, "key": key, "value": value,
            "reason": reason}


"""The Dampfross ruleset: every number and choice of an edition, loaded from rules/*.yaml and
validated. Game options of the form `construction.dice.count=2` override single values before
validation; a named house rule (`variants:`) sets several at once.
"""

from __future__ import annotations

from pathlib import Path

import yaml

from ...errors import DataError
from ...kernel.checks import boolean as _bool
from ...kernel.checks import choice as _choice
from ...kernel.checks import optional as _optional
from ...kernel.checks import whole_number as _int
from ...kernel.ruleset import Ruleset, validate, variant_values
from ...kernel.yamlfile import load_yaml, plain
from ...resources import find_named


def _int_list(v):
    if not isinstance(v, list) or any(isinstance(x, bool) or not isinstance(x, int) or x < 1 for x in v):
        return "must be a list of positive whole numbers"


def _players_table(v):
    if not isinstance(v, dict) or any(not isinstance(k, int) or not isinstance(x, int) for k, x in v.items()):
        return "must map a number of players to a whole number"


def _bonus_tables(v):
    if not isinstance(v, dict):
        return "must map a number of participants to a list of bonuses"
    for k, x in v.items():
        if not isinstance(k, int) or _int_list(x) or len(x) != k:
            return f"entry {k!r} must list one bonus per participant"


def _variants(v):
    if not isinstance(v, dict):
        return "must map a house rule's name to its choices"
    for name, choices in v.items():
        if not isinstance(choices, dict) or not choices or any(
                not isinstance(values, dict) or any(not isinstance(k, str) for k in values)
                for values in choices.values()):
            return f"{name!r} must map each choice to the ruleset values it sets ({{path: value}})"


SCHEMA = {
    "format": _choice(1),
    "name": lambda v: None if isinstance(v, str) else "must be text",
    "title": lambda v: None if isinstance(v, str) else "must be text",
    "players": {"min": _int(1), "max": _int(1)},
    "starting_balance": _int(0),
    "construction": {
        "dice": {"mode": _choice("shared", "own"), "count": _int(1)},
        "costs": {"plain": _int(0), "mountain_edge": _int(0), "mountain_mountain": _int(0),
                  "river": _int(0), "broad_river": _int(0)},
        "city_bonus": _int(0),
        "bonus_needs_station": _bool,
        "no_bonus_at_home": _choice("chosen", "own"),
        "fees": {"connection": _int(0), "parallel_half_hex": _int(0),
                 "connection_when_entering_parallel": _bool, "city_parallel_departure": _int(0),
                 "abroad": _bool},
        "end": {"cities_left": _int(0),
                "grace": _optional(lambda v: None if isinstance(v, dict) and set(v) == {"cities_left", "rounds"}
                                   and all(isinstance(x, int) for x in v.values())
                                   else "must be null or {cities_left: N, rounds: R}")},
    },
    "operations": {
        "transports": _int(1),
        "transports_without_specials": _int(1),
        "special_transports": _int_list,
        "special_every": _optional(_int(1)),
        "station_uses": _int(1),
        "used_station": _choice("next_free"),
        "min_distance": _int(0),
        "next_start": _choice("rolled", "last_destination"),
        "fee_per_step": _int(0),
        "fee_cap": _optional(_int(0)),
        "race_bonuses": _int_list,
        "lone_participant": _choice("race", "bonus"),
        "race_ends": _choice("all_arrived", "second_arrived"),
        "alternative_bonuses": _optional(_bonus_tables),
        "route_length_limit": _optional(_int(1)),
        "joint": {"odd_income_to": _choice("poorer", "richer"), "odd_cost_paid_by": _choice("poorer", "richer")},
        "additional_construction": {
            "every": _int(1),
            "allowance": _choice("fixed", "income", "percent"),
            "amount": _optional(_int(0)),
            "minimum": _optional(_int(0)),
            "minimum_below": _optional(_int(0)),
            "order": _choice("poorest_first", "arrival"),
            "fees_in_allowance": _bool,
            "builds": _choice("per_round", "per_transport"),
            "income": _choice("received", "net"),
        },
        "end": {"after_transports": _bool, "balance_target": _optional(_players_table)},
    },
    "options": {"jumping": _bool, "joint_construction": _bool, "ferries": _bool},
    "variants": _variants,
}


# Values added after the first rulesets were written: a GM's older copy that lacks them
# plays as the umpire did before they existed.
DEFAULTS = {
    ("construction", "no_bonus_at_home"): "chosen",
    ("operations", "additional_construction", "builds"): "per_round",
    ("operations", "additional_construction", "income"): "net",
    ("variants",): {},
}


def _fill_defaults(doc):
    for path, value in DEFAULTS.items():
        node = doc
        for part in path[:-1]:
            node = node.get(part) if isinstance(node, dict) else None
        if isinstance(node, dict) and path[-1] not in node:
            node[path[-1]] = value


def apply_option(doc: dict, key: str, value, source: str = "option"):
    """Set one ruleset value by its dotted path (`construction.dice.count`)."""
    parts = key.split(".")
    node, schema = doc, SCHEMA
    for part in parts[:-1]:
        if not isinstance(schema.get(part), dict):
            raise DataError(f"{key!r} is not a ruleset value.", source,
                            "Use a dotted path from the ruleset file, e.g. construction.dice.count=2.")
        node, schema = node[part], schema[part]
    if parts[-1] not in schema or isinstance(schema[parts[-1]], dict):
        raise DataError(f"{key!r} is not a ruleset value.", source,
                        "Use a dotted path from the ruleset file, e.g. construction.dice.count=2.")
    node[parts[-1]] = yaml.safe_load(value) if isinstance(value, str) else value


def load_rules(name_or_path: str | Path, overrides: dict | None = None) -> Ruleset:
    path = find_named("rules", str(name_or_path))
    if not path.exists():
        raise DataError(f"no ruleset {str(name_or_path)!r}.",
                        fix="Use laurin, schmidt or buetehorn, or the path of a ruleset file.")
    doc = load_yaml(path)
    _fill_defaults(doc)
    validate(doc, SCHEMA, "", str(path))
    if overrides:
        variants = {k: v for k, v in overrides.items() if k in doc["variants"]}
        for key, value in variants.items():
            for path_, v in variant_values(doc["variants"], key, value, f"game option {key}={value}").items():
                apply_option(doc, path_, v, f"game option {key}={value}")
        for key, value in overrides.items():
            if key not in variants:
                apply_option(doc, key, value, f"game option {key}")
        validate(doc, SCHEMA, "", f"{path} with game options")
    return Ruleset(plain(doc), str(path))

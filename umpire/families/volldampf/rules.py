"""The Volldampf ruleset (rules/volldampf.yaml): every number by player count, validated,
and the setup arithmetic of the rule reference checked for the number of players of a game."""

from __future__ import annotations

from pathlib import Path

import yaml

from ...errors import DataError
from ...kernel.checks import boolean as _bool
from ...kernel.checks import choice as _choice
from ...kernel.checks import optional as _optional
from ...kernel.checks import text as _text
from ...kernel.checks import whole_number as _int
from ...kernel.ruleset import Ruleset, Section, validate
from ...kernel.yamlfile import line_of, load_yaml, plain
from ...resources import find_named
from .board import CUBE_COLOURS

ACTION_CARDS = ("Schnelle Lok", "Subvention", "Günstige Gelegenheit", "Sabotage", "Zusatzfracht",
                "Alles neu", "Neue Planung")
SHARES = ("all", "half", "nothing")


def _action_cards(v):
    if not isinstance(v, dict) or set(v) != set(ACTION_CARDS):
        return f"must give a count for each of the seven cards: {', '.join(ACTION_CARDS)}"
    if any(isinstance(n, bool) or not isinstance(n, int) or n < 0 for n in v.values()):
        return "must give each card a whole number of copies"


def _cubes(v):
    if not isinstance(v, dict) or set(v) != set(CUBE_COLOURS):
        return f"must give a count for each cube colour: {', '.join(CUBE_COLOURS)}"
    if any(isinstance(n, bool) or not isinstance(n, int) or n < 0 for n in v.values()):
        return "must give each colour a whole number of cubes"


def _payment(v):
    if v == "sealed":
        return None
    if not isinstance(v, list) or not v or any(x not in SHARES for x in v):
        return "must be `sealed` (2 players) or a list of shares by place: all, half or nothing"


PER_PLAYERS = {
    "sections": _int(1),
    "removed": {"each_region": _int(0), "random": _int(0)},
    "cards_in_play": _int(1),
    "groups": _int(1),
    "cards_per_group": _int(1),
    "rounds": _int(1),
    "build_turns": _int(1),
    "goods_setup": _int(0),
    "goods_per_round": _int(0),
    "payment": _payment,
}

SCHEMA = {
    "format": _choice(1),
    "family": _choice("volldampf"),
    "name": _text,
    "title": _text,
    "players": {"min": _int(2), "max": _int(2)},
    "starting_cash": _int(0),
    "box": {"regions": _int(1), "cards_per_region": _int(1), "goods_cards": _int(1),
            "action_cards": _action_cards, "cubes": _cubes},
    "bonds": {"value": _int(1), "interest": _int(0), "income_at_end": _int(0), "supply": _optional(_int(0))},
    "favour_cost": _int(0),
    "route": {"max_links": _int(1), "fast_links": _int(1)},
    "moves_per_round": _int(1),
    "auction": {"extra_turn_tie": _choice("ends", "asks_again")},
    "by_players": lambda v: None,      # checked entry by entry against PER_PLAYERS
    "options": {"money": _choice("public", "hidden"), "nmr_action_cards": _bool,
                "merge_build_move": _bool, "red_cubes_red_only": _bool},
}


# A game's copy of the ruleset made before `auction:` was a key plays as it was played: a 2-player
# tie in the extra turn after Alles neu asked for new bids once more.
AS_PLAYED_BEFORE = {"extra_turn_tie": "asks_again"}


def _check_by_players(doc, source: str):
    table = doc["by_players"]
    where = f"{source}, line {line_of(doc, 'by_players')}, by_players"
    if not isinstance(table, dict) or not table:
        raise DataError("must map a number of players to that count's numbers.", where,
                        "Copy rules/volldampf.yaml and change its values.")
    low, high = doc["players"]["min"], doc["players"]["max"]
    for n in range(low, high + 1):
        if n not in table:
            raise DataError(f"has no entry for {n} players (players run from {low} to {high}).", where)
    for n, entry in table.items():
        if not isinstance(n, int) or isinstance(n, bool):
            raise DataError(f"key {n!r} is not a number of players.", where)
        validate(entry, PER_PLAYERS, f"by_players.{n}.", source)


def setup_problems(doc: dict, players: int) -> list[str]:
    """The arithmetic checks of the rule reference, section 2, for one number of players."""
    box, row = doc["box"], doc["by_players"][players]
    problems = []
    removed = row["removed"]["each_region"] * box["regions"] + row["removed"]["random"]
    in_play = box["regions"] * box["cards_per_region"] - removed
    if in_play != row["cards_in_play"]:
        problems.append(f"{box['regions']} x {box['cards_per_region']} track cards less {removed} removed "
                        f"leave {in_play}, not the {row['cards_in_play']} cards in play")
    if row["removed"]["each_region"] > box["cards_per_region"]:
        problems.append("more cards of a region removed than a region has")
    dealt = row["groups"] * row["cards_per_group"] * row["rounds"]
    if dealt != row["cards_in_play"]:
        problems.append(f"{row['groups']} groups x {row['cards_per_group']} cards x {row['rounds']} rounds "
                        f"= {dealt}, not the {row['cards_in_play']} cards in play: the deck must run out "
                        "exactly in the last round")
    if row["groups"] != players:
        problems.append(f"{row['groups']} groups a round for {players} players; there must be one per player")
    if row["sections"] != row["cards_per_group"] * row["rounds"]:
        problems.append(f"{row['sections']} sections each, but {row['cards_per_group']} cards x "
                        f"{row['rounds']} rounds = {row['cards_per_group'] * row['rounds']} builds at most")
    if row["build_turns"] != row["cards_per_group"]:
        problems.append(f"{row['build_turns']} build turns for groups of {row['cards_per_group']} cards; "
                        "each build turn uses one card")
    goods = row["goods_setup"] + row["goods_per_round"] * row["rounds"]
    if goods > box["goods_cards"]:
        problems.append(f"{goods} goods cards used ({row['goods_setup']} at setup + {row['goods_per_round']} "
                        f"x {row['rounds']} rounds), more than the {box['goods_cards']} there are")
    payment = row["payment"]
    if players == 2 and payment != "sealed":
        problems.append("2 players bid sealed: payment must be `sealed`")
    if players > 2 and (payment == "sealed" or len(payment) != players):
        problems.append(f"the turn-order payment must list one share per place (1 to {players})")
    return problems


def _apply_option(doc: dict, key: str, value, source: str):
    parts = key.split(".")
    node, schema = doc, SCHEMA
    for part in parts[:-1]:
        if not isinstance(schema.get(part), dict):
            break
        node, schema = node[part], schema[part]
    else:
        if parts[-1] in schema and not isinstance(schema[parts[-1]], dict) and parts[0] != "by_players":
            node[parts[-1]] = yaml.safe_load(value) if isinstance(value, str) else value
            return
    raise DataError(f"{key!r} is not a Volldampf ruleset value.", source,
                    "Use a dotted path from rules/volldampf.yaml, e.g. options.money=hidden or bonds.supply=84.")


def option_key(key: str) -> str:
    """Game options of section 17 by their short names (`money`) or dotted paths."""
    return f"options.{key}" if key in SCHEMA["options"] else key


def load_volldampf_rules(name_or_path: str | Path = "volldampf", overrides: dict | None = None,
                         players: int | None = None) -> Ruleset:
    """Load and validate a Volldampf ruleset; with `players`, also its setup arithmetic."""
    path = find_named("rules", str(name_or_path))
    if not path.exists():
        raise DataError(f"no ruleset {str(name_or_path)!r}.", fix="Use volldampf, or the path of a ruleset file.")
    doc = load_yaml(path)
    if not isinstance(doc, dict):
        raise DataError("must be a mapping.", str(path))
    doc.setdefault("auction", AS_PLAYED_BEFORE)
    validate(doc, SCHEMA, "", str(path))
    _check_by_players(doc, str(path))
    for key, value in (overrides or {}).items():
        _apply_option(doc, option_key(key), value, f"game option {key}")
    if overrides:
        validate(doc, SCHEMA, "", f"{path} with game options")
    if players is not None:
        if not doc["players"]["min"] <= players <= doc["players"]["max"]:
            raise DataError(f"{players} players; this ruleset plays {doc['players']['min']} to "
                            f"{doc['players']['max']}.", str(path))
        problems = setup_problems(doc, players)
        if problems:
            raise DataError(f"the setup for {players} players does not add up: " + "; ".join(problems) + ".",
                            f"{path}, line {line_of(doc['by_players'], players)}, by_players.{players}",
                            "Make the numbers of this row agree (rule reference, section 2).")
    return Ruleset(plain(doc), str(path))


def row(rules: Ruleset, players: int) -> Section:
    """The numbers of rules/volldampf.yaml for this many players."""
    return Section(rules.by_players[players])

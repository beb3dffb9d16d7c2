"""Dampfross's game options (`--option KEY=VALUE`): house rules of the operating phase.

The shell's own options (deadline, late orders) are in umpire/kernel/options.py; any other key is a
ruleset value by its dotted path.
"""

from __future__ import annotations

from ...kernel.options import flag, whole_number

# name -> (default, description)
OPTIONS: dict[str, tuple[object, str]] = {
    "transports_per_round": (2, "transports announced in each operating round"),
    "entries_per_round": (None, "races one company may enter in one operating round (none: no limit)"),
    "entries_rise_with_carried": (False, "the entry limit rises by one for every two races carried forward "
                                         "into the round (2-3 carried: +1, 4-5: +2, ...)"),
    "carry_unentered": (False, "a race no company entered is announced again next round instead of counting"),
    "first_company": ("seat", "who builds first in round 1: 'seat' (the first company listed) or 'die' "
                              "(one die each, highest first, the tied roll again; journaled)"),
    "building_order": (None, "the order the companies build in, by construction round, where a zine's differs "
                             "from the rotation: {2: [blue, red, green]}, every company once; other rounds rotate"),
}
CHOICES = {"first_company": ("seat", "die")}     # options whose value is one of a few words
SHAPES = {"building_order": dict}               # options whose value is a mapping


def _building_order(v) -> str | None:
    """A check of `building_order`: none, or construction rounds (from 1) each with its companies."""
    if v is None:
        return None
    if not isinstance(v, dict) or not all(
            isinstance(n, int) and not isinstance(n, bool) and n >= 1 and isinstance(ids, list) and ids
            and all(isinstance(c, str) for c in ids) and len(set(ids)) == len(ids) for n, ids in v.items()):
        return "must map construction rounds to their companies in building order, e.g. {2: [blue, red, green]}"
    return None


CHECKS = {"building_order": _building_order, "transports_per_round": whole_number(1),
          "entries_per_round": whole_number(1, none=True), "carry_unentered": flag, "entries_rise_with_carried": flag}


def game_option(options: dict, name: str):
    """The value of one of these options in a game, or its default."""
    return options.get(name, OPTIONS[name][0])

"""A newsletter's facts in the map's printed labels: the journal names hexes by the grid's labels
(`K12`), a map with `labels:` prints its own (`A69`). Only a text that is a whole grid label in
capitals, as the engine writes one, is replaced; company ids are lower case, and what people
wrote (names, the press, the GM's notes, the archive's notes) is left as it stands."""

from __future__ import annotations

from ..gamemap import GameMap

WRITTEN = frozenset({"names", "name", "press", "from_the_gm", "house_rules", "zine", "zine_errors"})


def in_printed_labels(value, game_map: GameMap):
    """`value` (facts: dicts, lists, tuples, texts) with each grid label replaced by its printed
    label; the value itself on a map without printed labels."""
    if not game_map.labels:
        return value
    return _walk(value, game_map)


def _walk(value, game_map: GameMap):
    if isinstance(value, str):
        return game_map.shown(value) if value.isupper() else value
    if isinstance(value, dict):
        return {k: v if k in WRITTEN else _walk(v, game_map) for k, v in value.items()}
    if isinstance(value, list):
        return [_walk(v, game_map) for v in value]
    if isinstance(value, tuple):
        return tuple(_walk(v, game_map) for v in value)
    return value

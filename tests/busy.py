"""A busy game on a bundled map: six automatic companies build by the real order pipeline
(submit, resolve) until each has about `segments` segments or the construction phase ends.

Used by the map-sheet tests and by `python tests/busy.py OUT_DIR [MAP ...]`, which writes such a
game for every bundled map, to look at its newsletters.
"""

from __future__ import annotations

import sys
from pathlib import Path

from umpire.families.dampfross.engine.construction import resolve_construction_round, start_game
from umpire.families.dampfross.gamemap import load_map
from umpire.families.dampfross.hexgrid import label
from umpire.game import Game
from umpire.kernel.dice import SeededDice
from umpire.usecases import actions

sys.path.insert(0, str(Path(__file__).parent))
from helpers import hex_map
from test_maps_playable import Builder, build_costs, rules_for

COMPANIES = ["red:Red Line", "pink:Pink Railway", "grey:Grey Line", "blue:Blue Line",
             "yellow:Yellow Railway", "gsw:Great Southern & Western"]


class Spreader(Builder):
    """Builds towards the nearest city its own network lacks, connected by a rival or not."""

    def targets(self, state, network):
        return {c.hex for c in self.map.cities} - network


def busy_game(path: Path, map_name: str, segments: int = 100, rounds: int = 60):
    game_map = load_map(map_name)
    rules = rules_for(game_map)
    folder, _ = actions.create_game(path, map_name, game_map.edition or "laurin", COMPANIES, seed="busy")
    costs = build_costs(game_map, rules)
    homes = [c.hex for c in game_map.home_terminals]
    ids = [c.split(":")[0] for c in COMPANIES]
    builders = {c: Spreader(c, homes[i % len(homes)], game_map, costs) for i, c in enumerate(ids)}
    for _ in range(rounds):
        state = Game.of(folder).state()
        if state.phase != "construction" or min(len(state.edges.get(c, ())) for c in ids) >= segments:
            break
        for cid in ids:
            order = builders[cid].order(state, state.budgets[cid])
            lines = [f"GAME {state.game}", f"COMPANY {cid}", f"ROUND {state.round}"]
            if order.home is not None:
                lines.append(f"HOME {label(order.home)}")
            lines += [chain.text for chain in order.chains]
            actions.submit(folder, "\n".join(lines).encode(), via=f"demo busy {state.round}")
        actions.resolve(folder)
    return folder


def busy_state(map_name: str, segments: int = 100, rounds: int = 60):
    """The same play straight through the engine (no folder, no newsletters): (map, state)."""
    game_map = load_map(map_name)
    rules = rules_for(game_map)
    dice = SeededDice(f"busy {map_name}")
    ids = [c.split(":")[0] for c in COMPANIES]
    _, state = start_game(game_map.name, [{"id": c.split(":")[0], "name": c.split(":")[1]} for c in COMPANIES],
                          rules, dice)
    costs = build_costs(game_map, rules)
    homes = [c.hex for c in game_map.home_terminals]
    builders = {c: Spreader(c, homes[i % len(homes)], game_map, costs) for i, c in enumerate(ids)}
    for _ in range(rounds):
        if state.phase != "construction" or min(len(state.edges.get(c, ())) for c in ids) >= segments:
            break
        orders = {c: builders[c].order(state, state.budgets[c]) for c in ids}
        _, state = resolve_construction_round(state, game_map, rules, orders, dice)
    return game_map, state


if __name__ == "__main__":
    out = Path(sys.argv[1])
    names = sys.argv[2:] or sorted(p.stem for p in (Path(__file__).parent.parent / "maps").glob("*.yaml")
                                   if hex_map(p))
    for name in names:
        folder = busy_game(out / name, name)
        state = Game.of(folder).state()
        issued = len(list((out / name / "newsletters").glob("*.pdf")))
        print(name, {c: len(e) for c, e in state.edges.items()}, f"{issued} newsletters")

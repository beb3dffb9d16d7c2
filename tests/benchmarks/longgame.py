"""A long game for benchmarks: 6 automatic companies play up to 40 rounds on Germany.

The companies are the simple automatic players of tests/test_maps_playable.py: each builds the
cheapest path towards the nearest unconnected city, and in the operating phase runs every open
transport by its fastest route. Their orders are written as text and go through `submit` and
`resolve` like a GM's, so the game folder is a real one (journal, orders, newsletters).
Run as a script to make one: `python tests/benchmarks/longgame.py OUT_DIR`.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent.parent))

from test_maps_playable import Builder, build_costs, race_entries

from umpire.families.dampfross.hexgrid import label
from umpire.game import Game
from umpire.store.folder import GameFolder
from umpire.usecases import actions
from umpire.usecases.pdf_batch import PdfBatch, worker_count

COMPANIES = ["red", "blue", "green", "black", "orange", "purple"]
ROUNDS = 40


def order_text(game: str, company: str, round_number: int, order) -> str:
    lines = [f"GAME {game}", f"COMPANY {company}", f"ROUND {round_number}"]
    if order.home is not None:
        lines.append(f"HOME {label(order.home)}")
    lines += [chain.text for chain in order.chains]
    for entry in order.races:
        hexes = entry.routes[0].hexes
        lines.append(f"RACE {entry.transport} RUN {'-'.join(map(label, hexes))} TO {label(hexes[-1])}")
    return "\n".join(lines) + "\n"


def play(path: Path, rounds: int = ROUNDS, map_name: str = "germany", seed: str = "a long game") -> GameFolder:
    """Create the game at `path` and play `rounds` rounds (fewer if it ends before)."""
    specs = [f"{c}:{c.title()} Railway" for c in COMPANIES]
    with PdfBatch(worker_count(rounds)):
        folder, _ = actions.create_game(Path(path), map_name, "schmidt", specs, seed=seed,
                                        option_specs=("transports_per_round=1", "carry_unentered=true"))
        game_map, rules = Game.of(folder).game_map, Game.of(folder).rules
        costs = build_costs(game_map, rules)
        homes = [c.hex for c in game_map.home_terminals]
        builders = {c: Builder(c, homes[i % len(homes)], game_map, costs) for i, c in enumerate(COMPANIES)}
        for _ in range(rounds):
            state = Game.of(folder).state()
            if state.phase == "finished":
                break
            for company, builder in builders.items():
                if state.phase == "construction":
                    order = builder.order(state, state.budgets[company])
                else:
                    order = builder.order(state, 10)
                    order.races = race_entries(state, game_map, rules, company)
                text = order_text(folder.game_id, company, state.round, order)
                actions.submit(folder, text.encode("utf-8"), via=f"submit round {state.round} {company}")
            actions.resolve(folder)
    return folder


if __name__ == "__main__":
    made = play(Path(sys.argv[1]))
    state = Game.of(made).state()
    print(f"{made.path}: {state.phase}, round {state.round}, {made.newsletter_count()} newsletters")

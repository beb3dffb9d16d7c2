"""Jumping (Laurin optional rule, `options.jumping`): a company joins a rival's line, runs along it
for up to three hexes and builds on from there, so its network may lie in pieces joined by
rivals' lines (RULES 5).

A `JUMP` order names the hexes run along the rival's line: the first on the company's network,
the last where its next chain leaves. The connection fees at both ends are the ordinary fees of
the segments built into the first hex and out of the last. At most two jumps along each rival's
network are in use at a time; when the company's own track joins the two pieces of a jump,
that jump is returned.
"""

from __future__ import annotations

from ....kernel.ruleset import Ruleset
from ..gamemap import GameMap
from ..hexgrid import Hex, edge, label
from ..orders import Jump
from .state import State

MAX_STEPS = 3          # hexes run along the rival's line in one jump
PER_RIVAL = 2          # jumps in use along one rival's network


def make_jump(emit, game_map: GameMap, rules: Ruleset, company: str, jump: Jump) -> str | None:
    """Carry out a JUMP line; returns why not, or None when the jump is made."""
    state = emit.state
    hexes = jump.hexes
    if not rules.options.jumping:
        return "jumping is not in play in this game (the ruleset's options.jumping is off)."
    steps = len(hexes) - 1
    if steps > MAX_STEPS:
        return f"a jump runs at most {MAX_STEPS} hexes along a rival's line; this one runs {steps}."
    if not state.on_network(company, hexes[0]):
        return (f"{game_map.describe(hexes[0])} is not on this company's network; a jump starts where the "
                "company's line meets the rival's.")
    if state.on_network(company, hexes[-1]):
        return f"{game_map.describe(hexes[-1])} is already on this company's network; no jump is needed."
    seat = lambda r: state.companies[r].seat  # noqa: E731
    rivals: set[str] | None = None
    for i, (a, b) in enumerate(zip(hexes, hexes[1:]), 1):
        owners = set(state.owners.get(edge(a, b), ())) - {company}
        if not owners:
            return (f"step {game_map.step(a, b)} (step {i}) is not on a rival's line; a jump runs along "
                    "existing track of one rival.")
        if rivals is not None and not rivals & owners:
            return (f"step {game_map.step(a, b)} (step {i}) leaves the line of "
                    f"{', '.join(sorted(rivals, key=seat))}; a jump runs along one rival's line.")
        rivals = owners if rivals is None else rivals & owners
    free = [r for r in sorted(rivals, key=seat) if state.jumps_in_use(company, r) < PER_RIVAL]
    if not free:
        names = ", ".join(sorted(rivals, key=seat))
        return (f"this company has made its {PER_RIVAL} jumps along the line of {names}; joining the pieces "
                "of a jump with its own track returns one.")
    rival = free[0]
    emit(dict(type="jump", round=state.round, company=company, rival=rival, **{"from": label(hexes[0])},
              to=label(hexes[-1]), hexes=[label(h) for h in hexes], steps=steps,
              jumps_in_use=state.jumps_in_use(company, rival) + 1, jumps_allowed=PER_RIVAL))
    return None


def return_jumps(emit, company: str):
    """Return each jump of the company whose two pieces its own track (with its earlier jumps) now joins."""
    state: State = emit.state
    mine = [(i, j) for i, j in enumerate(state.jumps) if j["company"] == company and not j["returned"]]
    if not mine:
        return
    parent: dict[Hex, Hex] = {}

    def find(h: Hex) -> Hex:
        parent.setdefault(h, h)
        while parent[h] != h:
            parent[h] = parent[parent[h]]
            h = parent[h]
        return h

    for a, b in state.edges.get(company, ()):
        parent[find(a)] = find(b)
    for i, j in mine:
        one, two = find(j["from"]), find(j["to"])
        if one == two:
            emit(dict(type="jump_returned", round=state.round, company=company, rival=j["rival"], jump=i,
                      **{"from": label(j["from"])}, to=label(j["to"]),
                      jumps_in_use=state.jumps_in_use(company, j["rival"]) - 1, jumps_allowed=PER_RIVAL))
        else:
            parent[one] = two


"""Write the orders of a Volldampf demo game: plays it with the umpire's own engine and seeded
draws, choosing for each player by simple rules of thumb, and writes every turn's orders as
`orders/<turn>/<player>.txt` beside the demo's game.yaml.

    python tools/volldampf_demo_orders.py games/volldampf-demo
"""

from __future__ import annotations

import sys
from pathlib import Path

import yaml

from umpire.draws import SeededDraws
from umpire.families.volldampf import engine, transport
from umpire.families.volldampf.board import load_board
from umpire.families.volldampf.orders import BodyReader
from umpire.families.volldampf.rules import load_volldampf_rules
from umpire.families.volldampf.state import card_name, turn_name


def plan_a(state, p, i):
    s = state
    lines = []
    if s.round <= 2:
        lines.append(f"BONDS {3 - s.round}")
    bid = [2, 4, 1, 3, 0, 5][(i + s.round) % 6]
    lines.append(f"BID {min(bid, s.cash(p))}" + (" THEN 4" if len(s.seats) == 2 else ""))
    order = sorted(range(1, len(s.groups) + 1), key=lambda g: (-len({card_name(c) for c in s.groups[g - 1]}), (g + i) % len(s.groups)))
    lines.append("CHOOSE " + " ".join(map(str, order)))
    return lines


def plan_b(state, board, p):
    s = state
    mine = {e for x, o in s.sections.items() if o == p for e in board.links[x].ends}
    lines, taken = [], set()
    for card in s.won[p]:
        region = card_name(card)
        free = [x for x in board.links.values() if x.region == region and x.id not in s.sections and x.id not in taken]
        free.sort(key=lambda x: (not (set(x.ends) & mine), -sum(len(s.cubes.get(e, [])) for e in x.ends), x.cost, x.id))
        holds_favour = any(card_name(c) == "Günstige Gelegenheit" for c in s.hands[p])
        dear = [x for x in board.links.values() if x.cost > 6 and x.id not in s.sections and x.id not in taken
                and set(x.ends) & mine]
        if holds_favour and dear:
            taken.add(dear[0].id)
            lines.append(f"BUILD {dear[0].id} FAVOUR {region}" + (f" ELSE {free[0].id}" if free else ""))
        elif free:
            taken.add(free[0].id)
            mine |= set(free[0].ends)
            lines.append("BUILD " + " ELSE ".join(x.id for x in free[:3]))
        else:
            lines.append(f"DISCARD {region}")
    return lines


def plan_c(state, board, p):
    s = state
    options = []
    for loc, colours in s.cubes.items():
        for colour in sorted(set(colours)):
            route = transport.best(board, s.sections, s.cubes, colour, loc, p, 6)
            if route:
                own = sum(1 for x in route.links if s.sections[x] == p)
                options.append((-own, len(route.links), route.text(board), colour, route))
    options.sort(key=lambda x: x[:3])
    lines, used = [], set()
    for _, _, text, colour, route in options:
        if (route.start, colour) in used or len(lines) == 2:
            continue
        used.add((route.start, colour))
        lines.append(f"MOVE {colour} {text} ELSE {colour} {board.locations[route.start].name} BEST ELSE DECLINE")
    while len(lines) < 2:
        lines.append("MOVE DECLINE")
    hand = {card_name(c) for c in s.hands[p]}
    if "Schnelle Lok" in hand and options:
        lines[0] = lines[0].replace(" ELSE ", " FAST ELSE ", 1) if " ELSE " in lines[0] else lines[0]
    if "Sabotage" in hand:
        leader = max((q for q in s.seats if q != p), key=lambda q: (s.income_of(q), q))
        lines.append(f"SABOTAGE {leader} MOVE 2")
    if "Subvention" in hand and options:
        lines.append(f"SUBSIDY {options[-1][3]} {board.locations[options[-1][4].start].name} BEST")
    return lines


def main(folder: Path):
    spec = yaml.safe_load((folder / "demo.yaml").read_text(encoding="utf-8"))
    board = load_board(spec["map"])
    seats = [c.split(":")[0] for c in spec["companies"]]
    names = {c.split(":")[0]: c.split(":")[1] for c in spec["companies"]}
    rules = load_volldampf_rules(spec["rules"], spec.get("options") or {})
    draws = SeededDraws(str(spec["seed"]))
    state, _ = engine.start_game(board, rules, seats, names, draws)
    out = folder / "orders"
    while state.turn != "finished":
        turn = turn_name(state)
        orders = {}
        for i, p in enumerate(seats):
            letter = state.turn[0]
            lines = (plan_a(state, p, i) if letter == "A" else plan_b(state, board, p) if letter == "B"
                     else plan_c(state, board, p))
            text = f"GAME {spec['game']}\nPLAYER {p}\nROUND {turn}\n" + "\n".join(lines) + "\n"
            (out / turn).mkdir(parents=True, exist_ok=True)
            (out / turn / f"{p}.txt").write_text(text, encoding="utf-8")
            body, errors = BodyReader(board, seats, p).read(list(enumerate(lines, 1)))
            assert not errors, [str(e) for e in errors]
            orders[p] = body
        state, _ = engine.resolve(state, board, rules, orders, draws)
    print(f"{folder}: orders written up to the end of round {state.round}")


if __name__ == "__main__":
    main(Path(sys.argv[1]))

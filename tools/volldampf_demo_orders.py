"""Write the orders of a Volldampf demo game: plays it with the umpire's own engine and seeded
draws, choosing for each player by simple rules of thumb, and writes every turn's orders as
`orders/<turn>/<player>.txt` beside the demo's game.yaml.

    python tools/volldampf_demo_orders.py games/volldampf-demo
"""

from __future__ import annotations

import sys
from pathlib import Path

import yaml

from umpire.families.volldampf import engine, transport
from umpire.families.volldampf.board import load_board
from umpire.families.volldampf.orders import BodyReader
from umpire.families.volldampf.rules import load_volldampf_rules
from umpire.families.volldampf.state import card_name, turn_name
from umpire.kernel.draws import SeededDraws


def plan_a(state, p, i):
    s = state
    lines = []
    if s.round <= 2 and s.turn == "A":
        lines.append(f"BONDS {3 - s.round}")
    if s.turn == "A" and holds(s, p, "Alles neu"):        # regroup the cards by region
        cards = sorted(card_name(c) for g in s.groups for c in g)
        groups, start = [], 0
        for g in s.groups:
            groups.append(cards[start:start + len(g)])
            start += len(g)
        lines.append("REARRANGE " + " ".join(f"{n}:{','.join(g)}" for n, g in enumerate(groups, 1)))
    bid = [2, 4, 1, 3, 0, 5][(i + s.round) % 6]
    lines.append(f"BID {min(bid, s.cash(p))}" + (" THEN 4" if len(s.seats) == 2 else ""))
    order = sorted(range(1, len(s.groups) + 1),
                   key=lambda g: (-len({card_name(c) for c in s.groups[g - 1]}), (g + i) % len(s.groups)))
    lines.append("CHOOSE " + " ".join(map(str, order)))
    return lines


def holds(state, p, card):
    return any(card_name(c) == card for c in state.hands[p])


def best_own(board, sections, cubes, colour, loc, p):
    """The BEST route of a cube of `colour` at `loc` (placed there if it is not), and how many of
    its sections are `p`'s; (None, 0) if it has none."""
    if colour not in cubes.get(loc, []):
        cubes = {**cubes, loc: list(cubes.get(loc, [])) + [colour]}
    route = transport.best(board, sections, cubes, colour, loc, p, 6)
    return route, sum(1 for x in route.links if sections[x] == p) if route else 0


def replan(state, board, p):
    """With Neue Planung: the cube that, moved elsewhere, gives the longest route on p's sections."""
    s, found = state, []
    for source, colours in sorted(s.cubes.items()):
        for colour in sorted(set(colours)):
            here = best_own(board, s.sections, s.cubes, colour, source, p)[1]
            for target, loc in board.locations.items():
                if loc.colour in ("none", colour) or target == source:
                    continue
                moved = {k: list(v) for k, v in s.cubes.items()}
                moved[source].remove(colour)
                moved.setdefault(target, []).append(colour)
                own = best_own(board, s.sections, moved, colour, target, p)[1]
                if own > here:
                    found.append((-(own - here), colour, board.locations[source].name, loc.name))
    if not found:
        return None
    _, colour, source, target = min(found)
    return f"REPLAN {colour} {source} TO {target} BUILD 1"


def extra_places(state, board, p):
    """With Zusatzfracht: for each colour, the location where a new cube of it has the best route for p."""
    places = []
    for colour in ("blue", "violet", "red", "yellow"):
        options = [(-best_own(board, state.sections, state.cubes, colour, loc.id, p)[1], loc.name)
                   for loc in board.locations.values() if loc.colour not in ("none", colour)]
        own, name = min(options)
        if own < 0:
            places.append((colour, name))
    return places


def plan_b(state, board, p):
    s = state
    mine = {e for x, o in s.sections.items() if o == p for e in board.links[x].ends}
    lines, taken = [], set()
    if holds(s, p, "Neue Planung") and (line := replan(s, board, p)):
        lines.append(line)
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
    places = extra_places(s, board, p) if "Zusatzfracht" in hand else []
    if places:
        lines.insert(0, "EXTRA MOVE 1 " + " ".join(f"{colour}:{name}" for colour, name in places))
        first = " ELSE ".join(f"{colour} {name} BEST" for colour, name in places)
        lines[1] = f"MOVE {first} ELSE " + lines[1].removeprefix("MOVE ")
    if "Sabotage" in hand:
        leader = max((q for q in s.seats if q != p), key=lambda q: (s.income_of(q), q))
        lines.append(f"SABOTAGE {leader} MOVE 2")
    if "Subvention" in hand and options:
        third = list(dict.fromkeys(f"{o[3]} {board.locations[o[4].start].name} BEST" for o in options))
        lines.append("SUBSIDY " + " ELSE ".join(third[-4:]))
    return lines


PRESS = {   # (turn, player): press printed in the newsletter that reports the turn
    ("1A", "anna"): "The Ahrens line bids for the north. Hamburg first, then the Ruhr.",
    ("2C", "clara"): "With thanks to the Reich's Subvention: last on the track, first with the coal.",
    ("4A", "clara"): "Alles neu! Whoever wants the stars must pay for them now.",
}


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
            press = PRESS.get((turn, p))
            text = (f"GAME {spec['game']}\nPLAYER {p}\nROUND {turn}\n" + "\n".join(lines) + "\n"
                    + (f"PRESS\n{press}\nENDPRESS\n" if press else ""))
            (out / turn).mkdir(parents=True, exist_ok=True)
            (out / turn / f"{p}.txt").write_text(text, encoding="utf-8")
            body, errors = BodyReader(board, seats, p).read(list(enumerate(lines, 1)))
            assert not errors, [str(e) for e in errors]
            orders[p] = body
        state, _ = engine.resolve(state, board, rules, orders, draws)
    print(f"{folder}: orders written up to the end of round {state.round}")


if __name__ == "__main__":
    main(Path(sys.argv[1]))

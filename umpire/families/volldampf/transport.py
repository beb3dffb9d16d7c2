"""Routes of goods cubes (rule reference, section 11): legality, the stop rule, BEST."""

from __future__ import annotations

from dataclasses import dataclass

from .orders import Move


@dataclass(frozen=True)
class Route:
    colour: str
    start: str
    hops: tuple[tuple[str, str], ...]   # (link id, location id reached)

    @property
    def links(self) -> list[str]:
        return [link for link, _ in self.hops]

    def text(self, board) -> str:
        names = [board.locations[self.start].name]
        for _link, loc in self.hops:
            names.append(board.locations[loc].name)
        return "-".join(names)


def gains(route: Route, sections: dict[str, str]) -> dict[str, int]:
    """Income per owner: 1 for each of his sections on the route."""
    out: dict[str, int] = {}
    for link in route.links:
        out[sections[link]] = out.get(sections[link], 0) + 1
    return out


def _stop_ok(board, colour, locs, red_only):
    """The cube ends at a location of its colour and passes none before (its start not counted)."""
    through, end = locs[1:-1], locs[-1]
    if board.locations[end].colour != colour:
        return f"it ends at {board.locations[end].name}, which is {board.locations[end].colour}, not {colour}"
    if red_only and colour == "red":
        bad = [x for x in through if board.locations[x].colour != "red"]
        if bad:
            return ("a red cube travels through red locations only (option red_cubes_red_only), "
                    f"not {board.locations[bad[0]].name}")
        return None
    for x in through:
        if board.locations[x].colour == colour:
            return (f"a {colour} cube stops at the first {colour} location it reaches "
                    f"({board.locations[x].name}), so it cannot go on")
    return None


def check(board, sections, cubes, move: Move, mover: str, max_links: int, red_only=False) -> tuple[Route | None, str]:
    """The route of a written move, or None and why it is not legal now."""
    if move.colour not in cubes.get(move.start, []):
        here = cubes.get(move.start, [])
        return None, (f"no {move.colour} cube stands at {board.locations[move.start].name}"
                      f" (there: {', '.join(here) or 'none'})")
    current, hops = move.start, []
    for link_id, loc in move.hops:
        if link_id is None:
            built = [x for x in board.links_between(current, loc) if x.id in sections]
            if not built:
                return None, (f"no section is built between {board.locations[current].name} and "
                              f"{board.locations[loc].name}")
            own = [x for x in built if sections[x.id] == mover]
            link_id = (own or built)[0].id
        elif link_id not in sections:
            return None, f"link {link_id} has no section"
        hops.append((link_id, loc))
        current = loc
    route = Route(move.colour, move.start, tuple(hops))
    locs = [move.start] + [loc for _, loc in hops]
    if len(set(locs)) != len(locs) or len(set(route.links)) != len(route.links):
        return None, "it uses a location or a link twice"
    if not 1 <= len(hops) <= max_links:
        return None, f"it has {len(hops)} links; a move has 1 to {max_links}"
    problem = _stop_ok(board, move.colour, locs, red_only)
    if problem:
        return None, problem
    return route, ""


def best(board, sections, cubes, colour, start, mover, max_links, red_only=False) -> Route | None:
    """The legal route with most sections of the mover, then fewest of rivals, then fewest links,
    then first by its written form (names and link ids)."""
    if colour not in cubes.get(start, []):
        return None
    found = []

    def walk(current, hops, seen_locs, seen_links):
        if hops and board.locations[current].colour == colour:
            found.append(Route(colour, start, tuple(hops)))
            if not (red_only and colour == "red"):
                return
        if red_only and colour == "red" and hops and board.locations[current].colour != "red":
            return
        if len(hops) >= max_links:
            return
        for link in board.links_at(current):
            if link.id not in sections or link.id in seen_links:
                continue
            nxt = link.other(current)
            if nxt in seen_locs:
                continue
            walk(nxt, hops + [(link.id, nxt)], seen_locs | {nxt}, seen_links | {link.id})

    walk(start, [], {start}, frozenset())

    def key(route):
        own = sum(1 for link in route.links if sections[link] == mover)
        written = "-".join([board.locations[start].name]
                           + [f"{link}-{board.locations[x].name}" for link, x in route.hops])
        return (-own, len(route.links) - own, len(route.links), written)

    return min(found, key=key) if found else None

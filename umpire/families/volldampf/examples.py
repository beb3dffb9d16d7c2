"""Examples for the messages of Volldampf orders, drawn from the game's own board (never a fixed
one that may name places the board does not have), and the board's names closest to one written
wrong, for a "did you mean"."""

from __future__ import annotations

from dataclasses import dataclass

from ...kernel.names import closest, did_you_mean


@dataclass(frozen=True)
class Examples:
    """`route`: three locations joined by links (`Kiel-Hamburg-Bremen`); `link`: a link by its ends
    and `link_id` another by its id; `via`: a route through a link id (`Kiel-L1-Hamburg`)."""

    route: tuple[str, ...]
    link: str
    link_id: str
    other_id: str
    via: str

    @property
    def move(self) -> str:
        """A route of one link: `Kiel-Hamburg`."""
        return "-".join(self.route[:2])


def examples(board) -> Examples:
    """The examples of a board (its first locations with cubes, along its links)."""
    route = _route(board)
    ids = [board.location(name).id for name in route]
    first = board.links_between(ids[0], ids[1])
    links = list(board.links.values())
    link = first[0] if first else links[0]
    other = next((x for x in links if x.id != link.id), link)
    a, b = board.locations[link.a].name, board.locations[link.b].name
    return Examples(route, f"{a}-{b}", link.id, other.id, f"{a}-{link.id}-{b}")


def _route(board, length: int = 3) -> tuple[str, ...]:
    names = [loc.name for loc in board.locations.values()]
    for start in board.locations.values():
        path = [start.id]
        while len(path) < length:
            nxt = next((x.other(path[-1]) for x in board.links_at(path[-1])
                        if x.other(path[-1]) not in path and board.locations[x.other(path[-1])].coloured), None)
            if nxt is None:
                break
            path.append(nxt)
        if len(path) == length and start.coloured:
            return tuple(board.locations[x].name for x in path)
    return tuple(names[:length])


def suggestion(board, written: str) -> str:
    """`did you mean Braunschweig?`: the board's location names closest to `written` (empty if none)."""
    return did_you_mean([name for _, name in closest(written, (loc.name for loc in board.locations.values()))])

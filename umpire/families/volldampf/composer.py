"""The order composer's data for a Volldampf web page: what the script beside the board needs to
write BUILD and MOVE lines and add them up as the umpire counts them, made once per page.

Per link: its id, ends, region, cost, owner (its section, if any), the words a line names it by,
and where its track space is drawn; per location: id, name, colour, the cubes on it, where its
disc is drawn; per player: name, the track cards he won and has not used (public), his marks
(none where the game hides them) and sections left. With the turn's limits (build turns, moves,
links a route may have). Nothing private: the action cards in a hand are not in it.
"""

from __future__ import annotations

from ...kernel.language import N_
from .board import CUBE_COLOURS
from .drawing import PAGE, frame_for
from .markers import DISC, SYMBOL, link_ends, offsets
from .rules import row
from .state import State, card_name

REASONS = {        # the umpire's words (engine.py, transport.py); {a}, {b}, {n}: filled in by the script
    "taken": N_("it already has {a}'s section"),
    "again": N_("an earlier line builds it"),
    "card": N_("it is a {a} link and you hold no {a} card (left: {b})"),
    "cash": N_("it costs {a} and you have {b} marks"),
    "sections": N_("you have no sections left"),
    "cards": N_("you hold no track card for it: every card is used by the lines before"),
    "turns": N_("the round has {a} build turns; a line beyond them is never read"),
    "cube": N_("no {a} cube stands at {b} (there: {n})"),
    "unbuilt": N_("no section is built between {a} and {b}"),
    "twice": N_("it uses a location or a link twice"),
    "length": N_("it has {a} links; a move has 1 to {b}"),
    "colour": N_("it ends at {a}, which is {b}, not {n}"),
    "stop": N_("a {a} cube stops at the first {a} location it reaches ({b}), so it cannot go on"),
    "red": N_("a red cube travels through red locations only (option red_cubes_red_only), not {a}"),
    "moves": N_("a round has {a} move turns; a MOVE line beyond them is never carried out"),
}                  # translated where the page is written (umpire/site/composer.py)


def composer_data(board, rules, state: State) -> dict | None:
    """The page's composer data (JSON-ready), or None in turn A (bids and choices are not
    composed on the board) and once the game is over."""
    turn = state.turn
    if turn not in ("B", "C"):
        return None
    merged = bool(rules.options.merge_build_move)
    kinds = ["BUILD", "MOVE"] if turn == "B" and merged else ["BUILD"] if turn == "B" else ["MOVE"]
    table = row(rules, len(state.seats))
    return {"kind": "links", "turn": turn, "kinds": kinds, "build_turns": table.build_turns,
            "moves": rules.moves_per_round, "max_links": rules.route.max_links,
            "fast_links": rules.route.fast_links, "red_only": bool(rules.options.red_cubes_red_only),
            "colours": list(CUBE_COLOURS), "radius": [round(SYMBOL * 1.3, 2), round(DISC * 1.6, 2)],
            "links": links(board, state), "locations": locations(board, state),
            "companies": players(rules, state), "reasons": REASONS}


def _page(x: float, y: float) -> list[float]:
    """A point of the drawing in the web map's SVG units (y down)."""
    return [round(x, 2), round(PAGE[1] - y, 2)]


def links(board, state: State) -> list[dict]:
    """Every link as the script needs it; `text` is how a BUILD line names it (its two ends, or
    its id where several links join them) and `twin` says a route must name it by its id."""
    frame, shift = frame_for(board), offsets(board)
    out = []
    for link in board.links.values():
        x1, y1, x2, y2 = link_ends(board, frame, link, shift[link.id])
        twin = len(board.links_between(link.a, link.b)) > 1
        names = board.locations
        out.append({"id": link.id, "a": link.a, "b": link.b, "region": link.region, "cost": link.cost,
                    "owner": state.sections.get(link.id, ""), "twin": twin,
                    "text": link.id if twin else f"{names[link.a].name}-{names[link.b].name}",
                    "at": _page((x1 + x2) / 2, (y1 + y2) / 2)})
    return out


def locations(board, state: State) -> list[dict]:
    frame = frame_for(board)
    return [{"id": loc.id, "name": loc.name, "colour": loc.colour, "cubes": list(state.cubes.get(loc.id, [])),
             "at": _page(*frame(loc.x, loc.y))} for loc in board.locations.values()]


def players(rules, state: State) -> list[dict]:
    """Each player in place order: his unused track cards (regions), marks (None when hidden) and
    sections left."""
    hidden = rules.options.money == "hidden"
    return [{"id": p, "name": state.names.get(p, p), "cards": [card_name(c) for c in state.won.get(p, [])],
             "cash": None if hidden else state.cash(p), "sections": state.sections_left.get(p, 0)}
            for p in state.in_place_order()]

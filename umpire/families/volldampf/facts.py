"""The facts of a Volldampf newsletter's PDF and of each player's private sheet, as plain data
(drawn apart from the game, in another process if need be): the same journal and state give
the same facts. Read from the same events and state as the text edition (report.py)."""

from __future__ import annotations

from ...kernel.gm_notes import from_the_gm
from ...kernel.language import _
from .journal_words import card as card_said
from .journal_words import colour, said
from .journal_words import link as link_said
from .report import Due, Writer, _agreed, player_colours
from .rules import row
from .state import CUBE_COLOURS, State, card_name, turn_name

TABLED = ("auction", "build", "move", "payout", "cube", "goods card", "end")   # each in a table of its own


def newsletter_facts(board, rules, state: State, events: list[dict], game: str, number: int,
                     commitment: str | None, seed: str | None, press: list[dict], due: Due) -> dict:
    """Everything the PDF of newsletter `number` shows."""
    w = Writer(board, rules, state, events)
    s = state
    colours = player_colours(s.seats)
    tables = _tables(w, events)
    return {
        "game": game, "number": number, "board": board.title, "headline": _headline(s, rules, events),
        "from_the_gm": from_the_gm(events, "player"),
        "turn": turn_name(s), "deadline": due.deadline, "grace_end": due.grace_end,
        "late": [w.name(p) for p in due.late],
        "commitment": commitment if number == 1 else None, "seed": seed,
        "players": _players(w, colours),
        "happened": [line for e in events if e.get("type") not in TABLED for line in _lines(w.describe(e))],
        "auctions": tables["auctions"], "builds": tables["builds"], "moves": tables["moves"],
        "payouts": tables["payouts"], "turned": tables["turned"],
        "drawn": _drawn(events, w.loc),
        "end": next((_end(e, w) for e in events if e.get("type") == "end"), None),
        "press": list(press),
        "sections": [[colours[p], w.name(p), "; ".join(link_said(board.describe(board.links[x])) for x in board.links
                                                       if s.sections.get(x) == p) or _("none")] for p in s.seats],
        "cubes": _cubes(w),
        "bag": {c: s.bag.get(c, 0) for c in CUBE_COLOURS},
        "decks": {"track": len(s.track_deck), "goods": len(s.goods_deck), "action": len(s.action_deck),
                  "discards": len(s.action_discards)},
        "goods_turned": [card_name(c) for c in s.goods_turned],
        "action_discards": sorted(card_name(c) for c in s.action_discards),
        "hands": [[w.name(p), len(s.hands[p])] for p in s.seats],
        "played": [[w.name(e["player"]), e["card"]] for e in events if e.get("type") == "played"],
        "groups": _groups(s), "won": _won(w),
        "asks": w.asks(None),
    }


def _headline(s: State, rules, events: list[dict]) -> str:
    agreed = next((e for e in events if e.get("type") == "end" and "agreement" in e), None)
    if agreed:
        return _("The game was ended by agreement in round {round}: {agreement}.").format(
            round=s.round, agreement=agreed['agreement'])
    if s.turn == "finished":
        return _("The game is over after round {round}.").format(round=s.round)
    return _("Round {round} of {rounds}; orders are now due for turn {turn}.").format(
        round=s.round, rounds=row(rules, len(s.seats)).rounds, turn=turn_name(s))


def _players(w: Writer, colours: dict[str, str]) -> list[dict]:
    s, rules = w.s, w.rules
    hidden, at_end = rules.options.money == "hidden", rules.bonds.income_at_end
    places = s.places or s.last_places
    return [{"id": p, "name": s.names.get(p, p), "place": places.get(p, "-"), "colour": colours[p],
             "colour_said": colour(colours[p]),
             "marks": None if hidden else s.cash(p), "income": s.income_of(p), "bonds": s.bonds[p],
             "score": s.score(p, at_end), "cards": len(s.hands[p]),
             "sections": sum(1 for o in s.sections.values() if o == p)}
            for p in s.in_place_order(places)]


def _cubes(w: Writer) -> list[list]:
    """Each location holding cubes: its name, its colour, the cubes of each colour and in all."""
    return [[w.loc(ident), colour(w.board.locations[ident].colour)] + [held.count(c) or "" for c in CUBE_COLOURS]
            + [len(held)]
            for ident, held in sorted(w.s.cubes.items(), key=lambda x: w.loc(x[0])) if held]


def _groups(s: State) -> list[list]:
    if not s.turn.startswith("A"):
        return []
    return [[i, ", ".join(card_said(card_name(c)) for c in g)] for i, g in enumerate(s.groups, 1)]


def _won(w: Writer) -> list[list]:
    if w.s.turn not in ("B", "C") or not w.s.group_of:
        return []
    return [[w.name(p), w.s.group_of[p]] for p in w.s.in_place_order()]


# -- the tables of the tabled events, a row function for each event name ----------------
def _build_row(w: Writer, e: dict) -> list:
    return [w.name(e["player"]), link_said(w.board.describe(w.board.links[e["link"]])),
            card_said(e["card"]) + (" (Günstige Gelegenheit)" if e.get("favour") else ""), e["cost"]]     # card names


def _move_row(w: Writer, e: dict) -> list:
    return [w.name(e["player"]), "Subvention" if e["move"] == 3 else str(e["move"]), colour(e["colour"]),
            e["route"].replace("-", " - ") + f" ({', '.join(e['links'])})",
            "\n".join(f"{p} +{n}" for p, n in e["gains"].items()), sum(e["gains"].values())]


def _payout_row(w: Writer, e: dict) -> list:
    return [w.name(e["player"]), e["received"], e["interest"], e["paid"], e["short"], e["income"]]


ROWS = {"auction": ("auctions", lambda w, e: _auction(e)), "build": ("builds", _build_row),
        "move": ("moves", _move_row), "payout": ("payouts", _payout_row),
        "goods card": ("turned", lambda w, e: [said(e["label"]), e["card"]])}


def _tables(w: Writer, events: list[dict]) -> dict[str, list]:
    """The rows of each table, in the order of the events."""
    tables: dict[str, list] = {name: [] for name, _ in ROWS.values()}
    for e in events:
        if e.get("type") in ROWS:
            name, row_of = ROWS[e["type"]]
            tables[name].append(row_of(w, e))
    return tables


def _lines(described) -> list[str]:
    if not described:
        return []
    return [described] if isinstance(described, str) else list(described)


def _auction(e: dict) -> dict:
    """Every bid of the simulated auction, in order, and what each player paid."""
    steps = []
    for b in e["bids"]:
        if "bid" in b:
            steps.append([b["player"], _("bids"),
                          b["bid"] if not b.get("equal") else _("{bid} (equal, earlier)").format(bid=b['bid']), "", ""])
        else:
            steps.append([b["player"], _("drops out") if b.get("out") else _("is left"), b["last"], b["place"],
                          e["paid"][b["player"]]])
    return {"order": list(e["order"]), "steps": steps}


def _drawn(events: list[dict], loc) -> list[list]:
    """The cubes placed since the last issue, by location: [location, colours]."""
    placed: dict[str, list[str]] = {}
    for e in events:
        if e.get("type") == "cube":
            placed.setdefault(loc(e["location"]), []).append(e["colour"])
    return [[name, ", ".join(colour(c) for c in colours)] for name, colours in sorted(placed.items())]


def _end(e: dict, w: Writer) -> dict:
    ranked = sorted(e["scores"].items(), key=lambda x: (-x[1], -e["cash"][x[0]], x[0]))
    return {"scores": [[w.name(p), score, e["cash"][p]] for p, score in ranked],
            "winners": _(" and ").join(w.name(p) for p in e["winners"]),
            "removed": ", ".join(e["removed"]) or _("none"),
            "agreed": [" ".join(_agreed(e, w.name))] if "agreement" in e else []}


def private_facts(state: State, player: str, text: str, game: str, number: int) -> dict:
    """What a player's private PDF shows: his figures and cards, and his private sheet as written."""
    s = state
    return {
        "game": game, "number": number, "player": player, "name": s.names.get(player, player),
        "colour": player_colours(s.seats)[player], "turn": turn_name(s),
        "figures": [[_("Marks"), s.cash(player)], [_("Income"), s.income_of(player)], [_("Bonds"), s.bonds[player]],
                    [_("Place"), (s.places or s.last_places).get(player, "-")],
                    [_("Sections"), sum(1 for o in s.sections.values() if o == player)]],
        "text": text,
    }

"""How an order would fare on today's board, for the confirmation (nothing is changed): bids
cut to cash, builds legal now, moves legal now. What others do first can still change it."""

from __future__ import annotations

from ...kernel.language import _, ngettext
from . import transport
from .journal_words import card as card_said
from .journal_words import link as link_said
from .journal_words import said
from .orders import Decline, Discard, TurnOrders
from .state import State, card_name


def preview(state: State, board, rules, player: str, body: TurnOrders) -> list[str]:
    """With `merge_build_move` turn B's moves are judged on today's board with the player's own
    builds of the turn that are legal now (his first legal alternative of each line, in order)."""
    turn = state.turn[:1]
    if player not in state.seats:
        return []
    if turn == "A":
        return _bids(state, rules, player, body)
    out = []
    if turn == "B":
        out = [x for line in body.builds for x in _build_line(state, board, rules, player, line)]
    if turn == "C" or (turn == "B" and rules.options.merge_build_move):
        sections, label = state.sections, _("legal on today's board")
        if turn == "B":
            sections, label = _with_own_builds(state, board, rules, player, body), \
                _("legal on today's board with your builds")
        lines = [line for line in body.moves] + ([body.subsidy] if body.subsidy else [])
        out += [x for line in lines for x in _move_line(state, board, rules, player, line, sections, label)]
    return out


def _bids(state, rules, player, body):
    cash = state.cash(player) + (body.bonds or 0) * rules.bonds.value
    bids = body.bids or []
    if any(b > cash for b in bids):
        return [ngettext("  note: BID above your {n} mark (with the bonds ordered) is cut to {n}.",
                         "  note: BID above your {n} marks (with the bonds ordered) is cut to {n}.",
                         cash).format(n=cash)]
    return []


def _build_line(state, board, rules, player, line):
    out = []
    cards = [card_name(c) for c in state.won.get(player, [])]
    for alt in line.alternatives:
        if isinstance(alt, Discard):
            out.append((_("  line {n}: DISCARD {region}: you hold one") if alt.region in cards else
                        _("  line {n}: DISCARD {region}: you hold no such card now")).format(n=line.number,
                                                                                            region=card_said(alt.region)))
            continue
        link = board.links[alt.link]
        region, cost = (alt.favour, rules["favour_cost"]) if alt.favour else (link.region, link.cost)
        cash = state.cash(player)
        if link.id in state.sections:
            why = _("taken by {player}").format(player=state.sections[link.id])
        elif state.sections_left.get(player, 0) <= 0:
            why = _("you have no track sections left")
        elif region not in cards:
            why = _("you hold no {region} card").format(region=card_said(region))
        elif cost > cash:
            why = ngettext("costs {cost}, you have {n} mark now", "costs {cost}, you have {n} marks now",
                           cash).format(cost=cost, n=cash)
        else:
            why = _("legal now, costs {cost}").format(cost=cost)
        out.append(_("  line {n}: {link}: {why}").format(n=line.number, link=link_said(board.describe(link)), why=why))
    return out


def _with_own_builds(state, board, rules, player, body) -> dict[str, str]:
    """Today's sections and the ones the player's build lines would place now, alone on the board."""
    sections, cards, cash = dict(state.sections), [card_name(c) for c in state.won.get(player, [])], state.cash(player)
    left = state.sections_left.get(player, 0)
    for line in body.builds:
        for alt in line.alternatives:
            if isinstance(alt, Discard):
                break
            link = board.links[alt.link]
            region, cost = (alt.favour, rules["favour_cost"]) if alt.favour else (link.region, link.cost)
            favour_ok = not alt.favour or any(card_name(c) == "Günstige Gelegenheit" for c in state.hands[player])
            if link.id not in sections and region in cards and cost <= cash and favour_ok and left > 0:
                sections[link.id], cash, left = player, cash - cost, left - 1
                cards.remove(region)
                break
    return sections


def _move_line(state, board, rules, player, line, sections, label):
    out = []
    holds_fast = any(card_name(c) == "Schnelle Lok" for c in state.hands.get(player, []))
    for alt in line.alternatives:
        if isinstance(alt, Decline):
            out.append(_("  line {n}: DECLINE").format(n=line.number))
            continue
        limit = rules.route.fast_links if alt.fast and holds_fast else rules.route.max_links
        red_only = rules.options.red_cubes_red_only
        if alt.best:
            route = transport.best(board, sections, state.cubes, alt.colour, alt.start, player, limit, red_only)
            why = "" if route else _("no legal route now")
        else:
            route, why = transport.check(board, sections, state.cubes, alt, player, limit, red_only)
            why = said(why)
        if route:
            gains = transport.gains(route, sections)
            out.append(_("  line {n}: {colour} {route}: {label}, {gains}").format(
                n=line.number, colour=alt.colour, route=route.text(board), label=label,
                gains=", ".join(f"{p} +{n}" for p, n in gains.items())))
        else:
            out.append(_("  line {n}: {colour} from {location}: {why}").format(
                n=line.number, colour=alt.colour, location=board.locations[alt.start].name, why=why))
    return out


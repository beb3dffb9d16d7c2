"""A player's own order form for the open mail turn, at the end of his private sheet: the header
filled in (game, player, turn), then every line he may send this turn as a commented example that
is legal for him now (his marks, his cards, the groups on offer, the links he could build, the
cubes he could move). Taking out the `#` before an example sends it; the form sent back as it is
orders nothing, so the turn's defaults apply. Its marks are umpire/kernel/form_marks.py's."""

from __future__ import annotations

import textwrap

from ...kernel import form_marks
from ...kernel.keywords import written_line
from ...kernel.language import N_, _, ngettext
from . import WORDS, transport
from .engine import EXTRA, FAVOUR, REARRANGE, REPLAN, SABOTAGE, SUBSIDY
from .journal_words import card as card_said
from .journal_words import card_words
from .rules import row
from .state import State, card_name, turn_name

WIDTH = 78
HOW = N_("# Take out the # before a line to send it; change its figures as you like.")
DEFAULTS = {"A": N_("no bonds, no bid (you drop out first and pay nothing), the lowest free group"),
            "B": N_("every card discarded, nothing built"),
            "C": N_("both moves forgone")}


def order_form(board, rules, state: State, player: str) -> list[str]:
    """The form's lines, its title first; none once the game is over."""
    if state.turn == "finished" or player not in state.seats:
        return []
    turn = turn_name(state)
    out = [form_marks.title(turn), *form_marks.header_lines(state.game, player, turn, "PLAYER", WORDS),
           *textwrap.wrap(_(HOW), WIDTH, subsequent_indent="# ", break_on_hyphens=False)]
    form = _Form(board, rules, state, player)
    merged = bool(rules.options.merge_build_move)
    if state.turn[1:]:
        out += form.bids() + form.choose()
        defaults = _("your bids and choices from before stand")
    elif state.turn == "A":
        out += form.bonds() + form.bids() + form.choose() + form.rearrange() + form.replan("NOW")
        defaults = _(DEFAULTS["A"])
    elif state.turn == "B":
        out += form.builds() + form.replan("BUILD 1") + (form.moves() + form.takefrom() if merged else [])
        defaults = _(DEFAULTS["B"]) + ("; " + _(DEFAULTS["C"]) if merged else "")
    else:
        out += form.moves() + form.replan("MOVE 1") + form.takefrom()
        defaults = _(DEFAULTS["C"])
    out += textwrap.wrap(_("Sent without order lines: {defaults}.").format(defaults=defaults), WIDTH,
                         initial_indent="# ", subsequent_indent="#   ")
    return [part for line in out for part in line.split("\n")]


def _line(order: str, why: str) -> str:
    """A commented example and, after it (or under it, where the page is too narrow), what it does."""
    order = written_line(order, WORDS)
    line = f"# {order:<23} # {why}"
    return line if len(line) <= WIDTH else f"# {order}\n#   {why}"


class _Form:
    def __init__(self, board, rules, state: State, player: str):
        self.board, self.rules, self.s, self.me = board, rules, state, player
        self.cash = state.cash(player)
        self.cards = [card_name(c) for c in state.hands.get(player, [])]
        self.others = [p for p in state.seats if p != player]

    def holds(self, card: str) -> bool:
        return card in self.cards

    def name(self, location: str) -> str:
        return self.board.locations[location].name

    # -- turn A -----------------------------------------------------------------------
    def bonds(self) -> list[str]:
        value = self.rules.bonds.value
        return [_line("BONDS 1", _("{value} marks each now; interest 1 each after moves").format(value=value))]

    def bids(self) -> list[str]:
        cash, value = self.cash, self.rules.bonds.value
        have = ngettext("#   (you have {n} mark; each bond you take adds {value})",
                        "#   (you have {n} marks; each bond you take adds {value})", cash).format(n=cash, value=value)
        if len(self.s.seats) == 2:
            return [_line(f"BID {min(cash, 2)} THEN {min(cash, 4)}",
                          _("sealed bids, both paid; THEN: if they tie")), have]
        return [_line(f"BID {min(cash, 3)}", _("your highest bid for the turn order")), have]

    def choose(self) -> list[str]:
        groups = self.s.groups
        if not groups:
            return []
        numbers = " ".join(str(n) for n in range(len(groups), 0, -1))
        return [_line(f"CHOOSE {numbers}", _("the groups you want, most wanted first"))] + [
            _("#   group {n}: {cards}").format(n=i, cards=", ".join(card_said(card_name(c)) for c in g))
            for i, g in enumerate(groups, 1)]

    def rearrange(self) -> list[str]:
        groups = [[card_said(card_name(c)) for c in g] for g in self.s.groups]
        if not self.holds(REARRANGE) or len(groups) < 2:
            return []
        groups[0][0], groups[1][-1] = groups[1][-1], groups[0][0]
        text = " ".join(f"{i}:{','.join(g)}" for i, g in enumerate(groups, 1))
        return ["# " + written_line(f"REARRANGE {text}", WORDS),
                _("#   (Alles neu: the same cards in groups of the same sizes)")]

    def replan(self, when: str) -> list[str]:
        if not self.holds(REPLAN):
            return []
        cube = next(((loc, colours[0]) for loc, colours in sorted(self.s.cubes.items()) if colours), None)
        if cube is None:
            return []
        source, colour = cube
        target = next((x.id for x in self.board.locations.values()
                       if x.colour == colour and x.id != source), None)
        if target is None:
            return []
        return ["# " + written_line(f"REPLAN {colour} {self.name(source)} TO {self.name(target)} {when}", WORDS),
                _("#   (Neue Planung: one cube to any location)")]

    # -- turn B -----------------------------------------------------------------------
    def builds(self) -> list[str]:
        won = [card_name(c) for c in self.s.won.get(self.me, [])]
        if not won:
            return []
        out, taken, cash = [], set(self.s.sections), self.cash
        favour = self.rules.favour_cost if self.holds(FAVOUR) else None
        for k, region in enumerate(won, 1):
            free = sorted((x for x in self.board.links.values()
                           if x.region == region and x.id not in taken and x.cost <= cash),
                          key=lambda x: (x.cost, _link_order(x.id)))[:2]
            alternatives, costs = [self._link(x) for x in free], [x.cost for x in free]
            why = _("build turn {k}: {a_card} card, costs {costs}").format(
                k=k, **card_words(region), costs=_(" or ").join(str(x.cost) for x in free))
            other = self._favour_link(region, taken) if favour is not None and favour <= cash else None
            if other is not None:
                free.append(other)
                costs.append(favour)
                alternatives.append(f"{self._link(other)} FAVOUR {region}")
                why = (_("build turn {k}: {a_card} card, or Günstige Gelegenheit for {favour}") if len(free) > 1
                       else _("build turn {k}: {a_card} card Günstige Gelegenheit for {favour}")).format(
                    k=k, **card_words(region), favour=favour)
                favour = None
            if free:
                taken.update(x.id for x in free)
                cash -= max(costs)
                out.append(_line("BUILD " + " ELSE ".join(alternatives), why))
            else:
                out.append(_line(f"DISCARD {region}", _("build turn {k}: no free {region} link you can pay").format(
                    k=k, region=card_said(region))))
        turns = row(self.rules, len(self.s.seats)).build_turns
        out.append(_("#   (one BUILD or DISCARD line a build turn, {turns}; you have {marks})").format(
            turns=ngettext("{n} build turn", "{n} build turns", turns).format(n=turns),
            marks=ngettext("{n} mark", "{n} marks", self.cash).format(n=self.cash)))
        return out

    def _favour_link(self, region: str, taken: set[str]):
        """A free link of another region, to build with Günstige Gelegenheit (None: there is none)."""
        return next((x for x in self.board.links.values() if x.id not in taken and x.region != region), None)

    def _link(self, link) -> str:
        """A link as an order names it: by its ends, or by its id where several join them."""
        if len(self.board.links_between(link.a, link.b)) > 1:
            return link.id
        return f"{self.name(link.a)}-{self.name(link.b)}"

    # -- turn C -----------------------------------------------------------------------
    def routes(self) -> list[transport.Route]:
        """Legal moves on today's board, one a cube, best first (own sections, then the fewest links)."""
        found = []
        limit = self.rules.route.max_links
        red_only = self.rules.options.red_cubes_red_only
        for loc, colours in sorted(self.s.cubes.items()):
            for k, colour in enumerate(colours):
                if colour in colours[:k]:
                    continue
                route = transport.best(self.board, self.s.sections, self.s.cubes, colour, loc, self.me, limit,
                                       red_only)
                if route:
                    mine = sum(1 for x in route.links if self.s.sections[x] == self.me)
                    found.append((-mine, len(route.links), route.text(self.board), route))
        return [r for *_, r in sorted(found, key=lambda x: x[:3])]

    def moves(self) -> list[str]:
        routes = self.routes()
        out = []
        for k in (1, 2):
            if len(routes) >= k:
                route = routes[k - 1]
                gains = transport.gains(route, self.s.sections)
                mine = gains.get(self.me, 0)
                others = len(gains) > (1 if mine else 0)
                out.append(_line(f"MOVE {route.colour} {self._route(route)} ELSE DECLINE",
                                 (_("move {k}: +{mine} for you, {others}") if others else
                                  _("move {k}: +{mine} for you")).format(k=k, mine=mine,
                                                                        others=_others(gains, self.me))))
            else:
                out.append(_line("MOVE DECLINE", (_("move {k}: no other legal move on today's board")
                                                  if k > len(routes) > 0 else
                                                  _("move {k}: no legal move on today's board")).format(k=k)))
        out.append(_("#   (or MOVE colour location BEST: the umpire picks the route; FAST with a Schnelle Lok)"))
        if self.holds(SUBSIDY):
            route = routes[2] if len(routes) > 2 else (routes[0] if routes else None)
            if route:
                out.append(_line(f"SUBSIDY {route.colour} {self._route(route)}",
                                 _("Subvention: a third move if you are last")))
        if self.holds(SABOTAGE) and self.others:
            out.append(_line(f"SABOTAGE {self.others[0]} MOVE 1", _("Sabotage: stops that move of his")))
        if self.holds(EXTRA):
            coloured = [x for x in self.board.locations.values() if x.colour != "none"]
            if coloured:
                places = " ".join(f"{c}:{self.name(next((x.id for x in coloured if x.colour != c), coloured[0].id))}"
                                  for c in ("blue", "violet", "red", "yellow"))
                out.append("# " + written_line(f"EXTRA MOVE 1 {places}", WORDS))
                out.append(_("#   (Zusatzfracht: a cube drawn before move 1 goes where its colour says)"))
        return out

    def _route(self, route) -> str:
        """A route as an order writes it: locations by name, a link id where several join a pair."""
        parts, current = [self.name(route.start)], route.start
        for link, loc in route.hops:
            if len(self.board.links_between(current, loc)) > 1:
                parts.append(link)
            parts.append(self.name(loc))
            current = loc
        return "-".join(parts)

    def takefrom(self) -> list[str]:
        if not self.others:
            return []
        return [_line(f"TAKEFROM {self.others[0]}", _("whose hand a card comes from if both decks are empty"))]


def _others(gains: dict[str, int], me: str) -> str:
    return ", ".join(f"{p} +{n}" for p, n in gains.items() if p != me)


def _link_order(ident: str):
    digits = "".join(ch for ch in ident if ch.isdigit())
    return (ident.rstrip("0123456789"), int(digits) if digits else 0, ident)

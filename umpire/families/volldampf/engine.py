"""The Volldampf engine: pure. A state, the open mail turn's orders and a draws source go in;
events and the new state come out (rule reference, sections 4-14).

Turn A: bonds, Neue Planung NOW, Alles neu, the auction and the group choice (an extra turn
A2 after Alles neu or a tied 2-player auction). Turn B: the build turns. Turn C: the move
turns, Subvention, then income and interest, the end-of-round cards, and the next round's
goods and track card groups (or the end of the game). With the option `merge_build_move` a
round has turns A and B only: turn B carries out the build turns and then all of turn C.
"""

from __future__ import annotations

from ...errors import UmpireError
from ...kernel.words import plural
from . import auction, transport
from .emitter import Emitter
from .orders import Build, Decline, Discard, TurnOrders, replan_turn
from .rules import row
from .state import BANK, JOURNAL_FORMAT, State, card_name, turn_name

FAST, SUBSIDY, FAVOUR, SABOTAGE = "Schnelle Lok", "Subvention", "Günstige Gelegenheit", "Sabotage"
EXTRA, REARRANGE, REPLAN = "Zusatzfracht", "Alles neu", "Neue Planung"
TRACK_SHUFFLE, ACTION_SHUFFLE, GOODS_SHUFFLE = "setup track deck", "setup action deck", "setup goods deck"


def goods_card_ids(board) -> dict[str, tuple[str, ...]]:
    """Each goods card's id (`Berlin/Paris/Hamburg-4`: its names and its number) and its locations."""
    return {"/".join(board.locations[x].name for x in card) + f"-{i + 1}": card
            for i, card in enumerate(board.goods_cards)}


class Engine:
    """One resolve: works on a copy of the state and collects the events."""

    def __init__(self, state: State, board, rules, draws):
        self.s = state.copy()
        self.emitter = Emitter(self.s)
        self.emit = self.emitter.emit
        self.board, self.rules, self.draws = board, rules, draws
        self.row = row(rules, len(self.s.seats))
        self.goods = goods_card_ids(board)
        self.orders: dict[str, TurnOrders | None] = {}
        self.merged = rules.options.merge_build_move

    # -- events -----------------------------------------------------------------
    @property
    def events(self) -> list[dict]:
        return self.emitter.events

    def note(self, player: str, text: str):
        """A line for the player's private sheet only."""
        self.emit("note", player=player, text=text)

    def finish(self) -> tuple[list[dict], State]:
        """The events and the new state; the last event is the state as the engine leaves it."""
        self.emit("state", state=snapshot(self.s))
        return self.emitter.events, self.s

    # -- draws ------------------------------------------------------------------
    def cube(self, purpose: str) -> str | None:
        bag = self.s.bag_list()
        if not bag:
            return None
        colour = self.draws.pick(purpose, "cube", bag)
        self.emitter.draw(purpose, "cube", colour, source="bag")
        return colour

    def deal(self, purpose: str, kind: str, deck: list[str], to: str, hidden=False, player=None) -> str:
        """A card of `deck` (the state's deck of that kind) dealt `to` the removed cards, a group,
        a hand or the goods cards turned."""
        card = self.draws.deal(purpose, kind, list(deck))
        self.emitter.draw(purpose, kind, card_name(card), hidden, player, source="deck", card=card, to=to)
        return card

    def draw_action(self, player: str, why: str):
        """One action card for `player`: from the deck, a reshuffle of the discards, or a random
        card from another player's hand (TAKEFROM, default the one holding most)."""
        s = self.s
        if not s.action_deck and s.action_discards:
            self.emit("reshuffle", purpose=f"round {s.round} action reshuffle {s.reshuffles + 1}",
                      cards=len(s.action_discards))
        if s.action_deck:
            card = self.deal(s.action_shuffle, "action", s.action_deck, "hand", hidden=True, player=player)
            self.emit("card", player=player, why=why, source="deck")
            self.note(player, f"You draw {card_name(card)} ({why}).")
            return
        holders = [p for p in s.seats if p != player and s.hands[p]]
        if not holders:
            self.emit("card", player=player, why=why, source="none")
            return
        wish = (self.orders.get(player) or TurnOrders()).takefrom
        victim = wish if wish in holders else max(holders, key=lambda p: (len(s.hands[p]), -s.seats.index(p)))
        hand = sorted(s.hands[victim])
        name = self.draws.pick(f"round {s.round} card from {victim} for {player}", "action",
                               [card_name(c) for c in hand])
        card = next(c for c in hand if card_name(c) == name)
        self.emitter.draw(f"round {s.round} card from {victim} for {player}", "action", name, True, player,
                          source="hand", card=card, to="hand", holder=victim)
        self.emit("card", player=player, why=why, source=victim)
        self.note(player, f"You take {name} from {victim} ({why}).")
        self.note(victim, f"{player} takes your {name}.")

    def holds(self, player: str, name: str) -> str | None:
        return next((c for c in sorted(self.s.hands[player]) if card_name(c) == name), None)

    def play(self, player: str, name: str) -> bool:
        card = self.holds(player, name)
        if card is None:
            return False
        self.emit("played", player=player, card=name, id=card)
        return True

    # -- setup and rounds -------------------------------------------------------
    def setup(self):
        s, rules = self.s, self.rules
        regions = list(self.board.regions)
        box = rules.box
        if len(regions) != box.regions or any(r.cards != box.cards_per_region for r in self.board.regions.values()):
            held = ', '.join(f'{r.name} ({r.cards})' for r in self.board.regions.values())
            raise UmpireError(f"the board {self.board.name} has regions {held}, "
                              f"but the ruleset deals {box.regions} regions of {box.cards_per_region} cards.",
                              fix="Use a board and a ruleset that agree (rule reference, section 2).")
        each, cards = self.row.removed.each_region, box.cards_per_region
        removed = [f"{r}-{i}" for r in regions for i in range(cards, cards - each, -1)]
        self.emit("box", players=list(s.seats), sections=self.row.sections, bag=dict(box["cubes"]),
                  track_deck=[f"{r}-{i}" for r in regions for i in range(1, cards + 1) if f"{r}-{i}" not in removed],
                  removed=removed,
                  action_deck=[f"{name}-{i}" for name, n in box["action_cards"].items() for i in range(1, n + 1)],
                  goods_deck=list(self.goods))
        for p in s.seats:
            self.emitter.pay(BANK, p, rules.starting_cash, "starting cash")
        for _ in range(self.row.removed.random):
            self.deal(TRACK_SHUFFLE, "track", s.track_deck, "removed", hidden=True)
        self.emit("setup", players=list(s.seats), names=dict(s.names), removed=len(s.removed),
                  track_cards=len(s.track_deck))
        for loc in self.board.locations.values():
            if loc.colour in ("blue", "violet"):
                self.place_cube(f"setup cube {loc.name}", loc.id)
        self.turn_goods(self.row.goods_setup, "setup")
        self.open_round()

    def place_cube(self, purpose: str, location: str) -> str | None:
        colour = self.cube(purpose)
        if colour is None:
            self.emit("bag empty", location=location)
            return None
        self.emit("cube", location=location, colour=colour)
        return colour

    def turn_goods(self, count: int, label: str):
        for i in range(1, count + 1):
            if not self.s.goods_deck:
                self.emit("goods deck empty")
                return
            card = self.deal(GOODS_SHUFFLE, "goods", self.s.goods_deck, "goods")
            self.emit("goods card", card=card_name(card), label=label)
            for loc in self.goods[card]:
                self.place_cube(f"{label} goods card {i} {self.board.locations[loc].name}", loc)

    def open_round(self):
        s = self.s
        self.turn_goods(self.row.goods_per_round, f"round {s.round}")
        groups = []
        for _ in range(self.row.groups):
            group = []
            for _ in range(self.row.cards_per_group):
                if s.track_deck:
                    group.append(self.deal(TRACK_SHUFFLE, "track", s.track_deck, "group"))
            groups.append(group)
        self.emit("groups", groups=[[card_name(c) for c in g] for g in groups], ids=groups)
        self.emit("turn", turn=f"{s.round}A")

    # -- resolve ----------------------------------------------------------------
    def resolve(self, orders: dict[str, TurnOrders | None]):
        s = self.s
        self.orders = {p: orders.get(p) for p in s.seats}
        self.emit("turns missed", missed={p: 0 if self.orders[p] is not None else s.missed[p] + 1
                                          for p in s.seats})
        for p in s.seats:
            if s.missed[p] >= 3:
                self.emit("missed", player=p, turns=s.missed[p])
        if s.turn == "A":
            self.turn_a()
        elif s.turn.startswith("A"):
            self.extra_turn()
        elif s.turn == "B":
            self.turn_b()
        elif s.turn == "C":
            self.turn_c()
        else:
            raise UmpireError("the game is over; nothing is left to resolve.")

    # turn A --------------------------------------------------------------------
    def turn_a(self):
        s = self.s
        order = s.in_place_order(s.last_places)
        supply = self.rules.bonds.supply
        for p in order:
            wanted = (self.orders[p] or TurnOrders()).bonds or 0
            if supply is not None:
                left = supply - sum(s.bonds.values())
                if wanted > left:
                    self.note(p, f"BONDS {wanted}: only {plural(left, 'bond')} {'is' if left == 1 else 'are'} "
                                 f"left in the supply; you take {left}.")
                    wanted = left
            self.emitter.pay(BANK, p, wanted * self.rules.bonds.value, f"{wanted} bonds taken")
            self.emit("bonds", player=p, taken=wanted, total=s.bonds[p] + wanted)
        for p in order:
            for replan in (self.orders[p] or TurnOrders()).replans:
                if replan.when == "NOW":
                    self.replan(p, replan)
        kept = {}
        for p in s.seats:
            o = self.orders[p] or TurnOrders()
            kept[p] = {"bids": list(o.bids or [0]), "choose": list(o.choose or [])}
        self.emit("orders kept", orders=kept)
        if self.rearrange(order):
            return
        self.auction()

    def extra_turn(self):
        s = self.s
        changed = {}
        for p in s.seats:
            o = self.orders[p]
            if o is None:
                continue
            self.refuse_in_extra_turn(p, o)
            kept = s.kept_a_orders[p]
            changed[p] = {"bids": list(o.bids if o.bids is not None else kept["bids"]),
                          "choose": list(o.choose if o.choose is not None else kept["choose"])}
        if changed:
            self.emit("orders kept", orders=changed)
        self.auction()

    def refuse_in_extra_turn(self, p, o: TurnOrders):
        """An extra turn takes bids and group choices only; the rest of a turn A order is reported."""
        s = self.s
        first, only = f"{s.round}A", f"the extra turn {s.round}{s.turn} takes BID and CHOOSE only"
        if o.bonds is not None:
            self.note(p, f"BONDS {o.bonds}: not taken; bonds were taken in turn {first} and {only}.")
        if o.rearrange:
            self.note(p, f"REARRANGE: not carried out; Alles neu is played in turn {first}, before the auction, "
                         f"and {only}.")
        for replan in o.replans:
            if replan.when == "NOW":
                self.note(p, f"{replan.text}: not carried out; Neue Planung NOW is played after bonds, before "
                             f"Alles neu and the auction of turn {first}, and that moment has passed. "
                             f"Send REPLAN ... BUILD k in turn {s.round}B instead.")
            else:
                self.note(p, f"{replan.text}: not carried out; {only}. Send it in turn "
                             f"{s.round}{replan_turn(replan.when, self.merged)}.")

    def _next_extra(self, why: str):
        s = self.s
        turn = "A2" if s.turn == "A" else f"A{int(s.turn[1:]) + 1}"
        self.emit("extra turn", turn=f"{s.round}{turn}", why=why)

    def rearrange(self, order) -> bool:
        s = self.s
        wanted = [(p, self.orders[p].rearrange) for p in order if self.orders[p] and self.orders[p].rearrange]
        if not wanted:
            return False
        sizes = [len(g) for g in s.groups]
        shown = sorted(card_name(c) for g in s.groups for c in g)
        for p, groups in wanted:
            if not self.holds(p, REARRANGE):
                self.note(p, "REARRANGE: you hold no Alles neu card; the groups stay as dealt.")
                continue
            if s.rearranged:
                self.note(p, "REARRANGE: the groups were already rearranged this round (a lower place "
                             "came first); you keep your Alles neu.")
                continue
            if [len(g) for g in groups] != sizes or sorted(x for g in groups for x in g) != shown:
                self.note(p, "REARRANGE: the new groups must hold the same cards in groups of the same sizes "
                             f"({', '.join(str(n) for n in sizes)} cards); they stay as dealt.")
                continue
            self.play(p, REARRANGE)
            self.emit("rearranged", player=p, groups=[list(g) for g in groups])
        if s.rearranged:
            self._next_extra("rearrange")
        return s.rearranged

    def auction(self):
        s = self.s
        n = len(s.seats)
        maxima = {}
        for p in s.seats:
            bids = list(s.kept_a_orders[p]["bids"])
            cash = s.cash(p)
            if any(b > cash for b in bids):
                self.note(p, f"BID {' THEN '.join(map(str, bids))}: more than your {plural(cash, 'mark')}; "
                             f"cut to {cash}.")
                bids = [min(b, cash) for b in bids]
            maxima[p] = bids
        opener = s.in_place_order(s.last_places)[0]
        order = auction.bidding_order(s.seats, opener)
        if n == 2:
            result = auction.sealed_bids(order, maxima)
            if not result.decided:
                self.emit("sealed tie", bids={p: maxima[p] for p in order})
                if s.turn == "A" or (s.extra != "tie" and self.rules.auction.extra_turn_tie == "asks_again"):
                    self._next_extra("tie")
                    return
                places = dict(s.last_places)
            else:
                places = result.places
            self.emit("sealed", bids={p: maxima[p] for p in order}, pair=result.pair, paid=result.paid,
                      places=places)
            paid = result.paid
        else:
            outcome = auction.table_auction(order, {p: maxima[p][0] for p in order})
            shares = self.row.payment
            paid = auction.payments(outcome, shares)
            self.emit("auction", order=order, bids=outcome.log, places=outcome.places, paid=paid)
            places = outcome.places
        for p in order:
            self.emitter.pay(p, BANK, paid[p], f"turn order, place {places[p]}")
        self.choose()
        self.emit("turn", turn=f"{s.round}B")

    def choose(self):
        s = self.s
        free = list(range(1, len(s.groups) + 1))
        for p in s.in_place_order():
            wish = [g for g in s.kept_a_orders[p]["choose"] if g in free]
            group = wish[0] if wish else free[0]
            free.remove(group)
            self.emit("group", player=p, group=group, cards=[card_name(c) for c in s.groups[group - 1]])

    # turn B --------------------------------------------------------------------
    def turn_b(self):
        s = self.s
        for k in range(1, self.row.build_turns + 1):
            for p in s.in_place_order():
                o = self.orders[p] or TurnOrders()
                for replan in o.replans:
                    if replan.when == "BUILD" and replan.k == k:
                        self.replan(p, replan)
                line = o.builds[k - 1] if len(o.builds) >= k else None
                self.build_line(p, k, line)
        for p in s.seats:
            for card in list(s.won[p]):
                self.discard_track(p, card, "left at the end of the building phase")
        if self.merged:                 # transport in the same mail turn, on the board as built
            self.turn_c()
            return
        self.emit("turn", turn=f"{s.round}C")

    def discard_track(self, p, card, why):
        self.emit("discard", player=p, region=card_name(card), why=why)

    def card_of(self, p, region):
        return next((c for c in self.s.won[p] if card_name(c) == region), None)

    def build_line(self, p, k, line):
        s = self.s
        if not s.won[p]:
            return
        if line is None:
            self.discard_track(p, s.won[p][0], f"no order for build turn {k}")
            return
        for alt in line.alternatives:
            if isinstance(alt, Discard):
                card = self.card_of(p, alt.region)
                if card:
                    self.discard_track(p, card, "DISCARD")
                    return
                self.note(p, f"{line.text}: you hold no {alt.region} card "
                             f"(you hold: {', '.join(card_name(c) for c in s.won[p])}).")
                continue
            problem = self.try_build(p, alt, line)
            if problem is None:
                return
            self.note(p, f"{line.text}: {self.board.describe(self.board.links[alt.link])} not built: {problem}")
        first = line.alternatives[0]
        named = first.region if isinstance(first, Discard) else (
            first.favour or self.board.links[first.link].region)
        card = self.card_of(p, named) or s.won[p][0]
        self.discard_track(p, card, f"nothing legal in build turn {k}")

    def free_links_for(self, p):
        regions = {card_name(c) for c in self.s.won[p]}
        free = [x for x in self.board.links.values() if x.region in regions and x.id not in self.s.sections
                and x.cost <= self.s.cash(p)]
        names = self.board.locations
        return ", ".join(f"{x.id} {names[x.a].name}-{names[x.b].name}" for x in free[:12]) or "none"

    def try_build(self, p, alt: Build, line) -> str | None:
        s, link = self.s, self.board.links[alt.link]
        if link.id in s.sections:
            return (f"it already has {s.sections[link.id]}'s section; free links you hold a card for "
                    f"and can pay: {self.free_links_for(p)}")
        if s.sections_left[p] <= 0:
            return "you have no sections left"
        if alt.favour:
            if not self.holds(p, FAVOUR):
                return "you hold no Günstige Gelegenheit card for FAVOUR"
            card, cost = self.card_of(p, alt.favour), self.rules.favour_cost
            if card is None:
                return f"FAVOUR {alt.favour}: you hold no {alt.favour} card"
        else:
            card, cost = self.card_of(p, link.region), link.cost
            if card is None:
                return (f"it is a {link.region} link and you hold no {link.region} card; free links you hold "
                        f"a card for and can pay: {self.free_links_for(p)}")
        if s.cash(p) < cost:
            return f"it costs {cost} and you have {plural(s.cash(p), 'mark')}"
        if alt.favour:
            self.play(p, FAVOUR)
        self.emitter.pay(p, BANK, cost, f"section on {link.id}")
        self.emit("build", player=p, link=link.id, card=card_name(card), cost=cost,
                  **({"favour": True} if alt.favour else {}))
        if line.expected is not None and abs(line.expected) != cost:
            self.note(p, f"{line.text}: you expected [{line.expected}]; the section cost {cost}.")
        return None

    # turn C --------------------------------------------------------------------
    def turn_c(self):
        """The move turns in place order (Neue Planung and Zusatzfracht at their move), Subvention,
        then phase 7."""
        s = self.s
        self.fired: set = set()
        self.check_sabotages()
        for k in range(1, self.rules.moves_per_round + 1):
            for p in s.in_place_order():
                self.move_turn(p, k, self.orders[p])
        self.subsidies()
        self.income_phase()

    def check_sabotages(self):
        """A SABOTAGE line naming no player, or of a player holding no Sabotage card, never fires."""
        s = self.s
        for p in s.seats:
            for sab in (self.orders[p] or TurnOrders()).sabotages:
                if sab.target not in s.seats:
                    self.note(p, f"{sab.text}: there is no player {sab.target!r} "
                                 f"(the players are {', '.join(s.seats)}).")
                elif not self.holds(p, SABOTAGE):
                    self.note(p, f"{sab.text}: you hold no Sabotage card; the line never fires.")
                    self.fired.add((p, sab.number))

    def move_turn(self, p, k, o: TurnOrders | None):
        for replan in (o or TurnOrders()).replans:
            if replan.when == "MOVE" and replan.k == k:
                self.replan(p, replan)
        for extra in (o or TurnOrders()).extras:
            if extra.move == k:
                self.extra(p, extra)
        line = o.moves[k - 1] if o and len(o.moves) >= k else None
        if not self.move_line(p, k, line):
            self.forgone(p, k, sent=o is not None)

    def subsidies(self):
        s = self.s
        lowest = min(s.income_of(p) for p in s.seats)
        for p in s.in_place_order():
            o = self.orders[p]
            if not (o and o.subsidy):
                continue
            if s.income_of(p) != lowest:
                self.note(p, "SUBSIDY: you are not in last place on the income track; no third move.")
            elif not self.holds(p, SUBSIDY):
                self.note(p, "SUBSIDY: you hold no Subvention card.")
            else:
                self.move_line(p, 3, o.subsidy, subsidy=True)

    def move_line(self, p, k, line, subsidy=False) -> bool:
        s = self.s
        if line is None:
            return False
        skip = None
        sabotaged = False
        for alt in line.alternatives:
            if isinstance(alt, Decline):
                self.emit("decline", player=p, move=k)
                return False
            if skip == (alt.colour, alt.start):
                self.note(p, f"{line.text}: skipped, the sabotaged cube")
                continue
            limit = self.rules.route.max_links
            if alt.fast:
                if not self.holds(p, FAST):
                    self.note(p, f"{line.text}: FAST, but you hold no Schnelle Lok; alternative skipped.")
                    continue
                limit = self.rules.route.fast_links
            red_only = self.rules.options.red_cubes_red_only
            if alt.best:
                route = transport.best(self.board, s.sections, s.cubes, alt.colour, alt.start, p, limit, red_only)
                problem = f"no legal route for a {alt.colour} cube from {self.board.locations[alt.start].name}"
            else:
                route, problem = transport.check(self.board, s.sections, s.cubes, alt, p, limit, red_only)
            if route is None:
                self.note(p, f"{line.text}: not legal: {problem}.")
                continue
            gains = transport.gains(route, s.sections)
            if not sabotaged:
                saboteur = self.saboteur(p, k, gains.get(p, 0))
                if saboteur:
                    sabotaged = True
                    skip = (alt.colour, alt.start)
                    self.emit("sabotage", player=saboteur, target=p, move=k, colour=alt.colour,
                              route=route.text(self.board))
                    continue
            for owner, n in sorted(gains.items(), key=lambda x: s.seats.index(x[0])):
                self.emitter.gain(owner, n, f"{p}'s {alt.colour} cube on {n} of {owner}'s sections")
            if alt.fast and len(route.links) > self.rules.route.max_links:
                self.play(p, FAST)
            if subsidy:
                self.play(p, SUBSIDY)
            self.emit("move", player=p, move=k, colour=alt.colour, route=route.text(self.board),
                      links=route.links, gains=gains, source=alt.start)
            if line.expected is not None and line.expected != gains.get(p, 0):
                self.note(p, f"{line.text}: you expected [{line.expected:+d}]; the move gave you {gains.get(p, 0)}.")
            return True
        return False

    def saboteur(self, p, k, gain) -> str | None:
        s = self.s
        for q in s.in_place_order():
            if q == p or not self.orders.get(q):
                continue
            for sab in self.orders[q].sabotages:
                key = (q, sab.number)
                if key in self.fired or sab.target != p or (sab.move is not None and sab.move != k):
                    continue
                if sab.gain is not None and gain < sab.gain:
                    continue
                if not self.play(q, SABOTAGE):
                    self.note(q, f"{sab.text}: you hold no Sabotage card.")
                    self.fired.add(key)
                    continue
                self.fired.add(key)
                return q
        return None

    def forgone(self, p, k, sent: bool):
        self.emit("forgone", player=p, move=k)
        if self.s.round >= 2 and (sent or self.rules.options.nmr_action_cards):
            self.draw_action(p, f"forgone move {k}")

    def extra(self, p, extra):
        if not self.holds(p, EXTRA):
            self.note(p, f"{extra.text}: you hold no Zusatzfracht card.")
            return
        colour = self.cube(f"round {self.s.round} extra cube for {p} move {extra.move}")
        if colour is None:
            self.note(p, f"{extra.text}: the bag is empty; you keep your Zusatzfracht.")
            return
        place = dict(extra.places).get(colour, extra.places[0][1])
        self.play(p, EXTRA)
        self.emit("extra cube", player=p, colour=colour, location=place)

    def replan(self, p, replan):
        s = self.s
        if not self.holds(p, REPLAN):
            self.note(p, f"{replan.text}: you hold no Neue Planung card.")
            return
        if replan.colour not in s.cubes.get(replan.source, []):
            self.note(p, f"{replan.text}: no {replan.colour} cube at {self.board.locations[replan.source].name}; "
                         "you keep your Neue Planung.")
            return
        self.play(p, REPLAN)
        self.emit("replan", player=p, colour=replan.colour, source=replan.source, target=replan.target)

    # phase 7 -------------------------------------------------------------------
    def income_phase(self):
        s = self.s
        interest = self.rules.bonds.interest
        for p in s.in_place_order():
            income = s.income_of(p)
            self.emitter.pay(BANK, p, income, "income")
            due = s.bonds[p] * interest
            paid = min(due, s.cash(p))
            self.emitter.pay(p, BANK, paid, "interest")
            short = due - paid
            lost = min(short, s.income_of(p))
            self.emitter.lose(p, lost, f"interest short by {short}")
            self.emit("payout", player=p, received=income, interest=due, paid=paid, short=short,
                      income=s.income_of(p), cash=s.cash(p))
        last = s.round == self.row.rounds
        if not last:
            lowest = min(s.income_of(p) for p in s.seats)
            for p in s.in_place_order():
                if s.income_of(p) == lowest:
                    self.draw_action(p, "lowest income at the end of the round")
        if last:
            self.end()
            return
        self.emit("new round", next=s.round + 1)
        self.open_round()

    def end(self):
        s = self.s
        at_end = self.rules.bonds.income_at_end
        scores = {p: s.score(p, at_end) for p in s.seats}
        best = max((scores[p], s.cash(p)) for p in s.seats)
        winners = [p for p in s.seats if (scores[p], s.cash(p)) == best]
        self.emit("end", scores=scores, cash={p: s.cash(p) for p in s.seats}, winners=winners,
                  removed=[card_name(c) for c in s.removed])


    def agree(self, reason: str):
        """End the game by the players' agreement: scored as at the end of the last full round (its
        phase 7), the orders in force for the open turn dropped (docs/volldampf.md)."""
        s = self.s
        last = s.round - 1                    # 0: no round was played to its end; scored as set up
        at_end = self.rules.bonds.income_at_end
        income = {p: _balance(s.income.postings, p, last) for p in s.seats}
        cash = {p: _balance(s.money.postings, p, last) for p in s.seats}
        bonds = {p: s.bonds[p] - sum(int(x.reason.split()[0]) for x in s.money.postings
                                     if x.round > last and x.payee == p and x.reason.endswith(" bonds taken"))
                 for p in s.seats}
        scores = {p: income[p] - at_end * bonds[p] for p in s.seats}
        best = max((scores[p], cash[p]) for p in s.seats)
        winners = [p for p in s.seats if (scores[p], cash[p]) == best]
        dropped = [p for p in s.in_place_order() if p in s.ordered.get(turn_name(s), [])]
        turn = turn_name(s)
        self.emit("end", scores=scores, cash=cash, winners=winners, removed=[card_name(c) for c in s.removed],
                  agreement=reason, scored_after=last, turn=turn, dropped=dropped)


def _balance(postings, account: str, last: int) -> int:
    """An account's balance after round `last` (the starting cash counts from the setup on)."""
    return sum((p.amount if p.payee == account else -p.amount) for p in postings
               if account in (p.payer, p.payee) and (p.round <= last or p.reason == "starting cash"))


# -- the pure entry points ---------------------------------------------------------
def start_game(board, rules, seats: list[str], names: dict[str, str], draws,
               journal_format: int = JOURNAL_FORMAT) -> tuple[list[dict], State]:
    engine = Engine(State(list(seats), dict(names), journal_format=journal_format), board, rules, draws)
    engine.setup()
    return engine.finish()


def resolve(state: State, board, rules, orders: dict[str, TurnOrders | None], draws) -> tuple[list[dict], State]:
    engine = Engine(state, board, rules, draws)
    engine.resolve(orders)
    return engine.finish()


def end_by_agreement(state: State, board, rules, draws, reason: str) -> list[dict]:
    """The events of ending the game by agreement (`umpire end`)."""
    engine = Engine(state, board, rules, draws)
    engine.agree(reason)
    return engine.finish()[0]


SNAPSHOT = ("round", "turn", "extra", "bonds", "places", "last_places", "sections", "sections_left", "cubes",
            "bag", "track_deck", "removed", "groups", "won", "group_of", "action_deck", "action_discards",
            "action_shuffle", "reshuffles", "hands", "goods_deck", "goods_turned", "kept_a_orders",
            "rearranged", "missed")


def snapshot(state: State) -> dict:
    """Everything of the state but the two ledgers (those are folded from their own events)."""
    import copy
    return {k: copy.deepcopy(getattr(state, k)) for k in SNAPSHOT}

"""The operating phase by mail: each round announces its transports when it opens; resolving it
runs their races in order, then the additional construction the edition's cadence calls for,
then ends the game or opens the next round (RULES 4 and 7).
"""

from __future__ import annotations

from dataclasses import replace

from ....kernel.ruleset import Ruleset
from ..gamemap import GameMap
from ..hexgrid import parse_label
from ..options import game_option
from ..orders import Order, RaceEntry
from .additional import AdditionalTurn, allowance
from .emitter import Emitter
from .races import Race, Train, by_wealth
from .routes import RouteError, check_route
from .state import State
from .transports import Announcer, total_transports

MAX_ANNOUNCED_PER_ROUND = 40


# -- opening a round -------------------------------------------------------------
def open_operations_round(emit: Emitter, game_map: GameMap, rules: Ruleset, dice, options: dict | None):
    """Open the next operating round and announce its transports (carried-forward ones first)."""
    options = options or {}
    state = emit.state
    number = state.round + 1
    emit(dict(type="round_opened", round=number, phase="operations", order=state.seat_order(), budgets={}))
    total = total_transports(rules, game_map)
    wanted = game_option(options, "transports_per_round")
    announcer = Announcer(emit, game_map, rules, dice)
    tries = 0
    while len(state.ops.get("open", [])) < wanted and tries < MAX_ANNOUNCED_PER_ROUND:
        n = state.ops.get("next", 1)
        if total is not None and n > total:
            break
        announcer.announce(n)
        tries += 1
        if state.ops["transports"][n]["cancelled"]:
            emit(dict(type="transport_made", round=number, transport=n, cancelled=True, income={}))
    emit(dict(type="races_called", round=number, transports=list(state.ops.get("open", []))))
    if not state.ops.get("open") and total is not None and state.ops.get("made", 0) >= total:
        finish(emit, f"all {total} transports have been made")


def finish(emit: Emitter, reason: str):
    """End the game: the highest balance wins; equal balances share the win."""
    state = emit.state
    balances = {c: state.balance(c) for c in state.seat_order()}
    best = max(balances.values())
    emit(dict(type="game_finished", round=state.round, reason=reason,
              winners=[c for c, b in balances.items() if b == best], balances=balances))


# -- resolving a round -----------------------------------------------------------
class OperatingRound:
    def __init__(self, state: State, game_map: GameMap, rules: Ruleset, orders: dict[str, Order], dice,
                 options: dict):
        self.emit = Emitter(state.copy())
        self.map, self.rules, self.orders, self.dice, self.options = game_map, rules, orders, dice, options
        self.round = self.emit.state.round

    @property
    def state(self) -> State:
        return self.emit.state

    def refuse(self, company: str, line: int, text: str, reason: str, transport: int | None = None):
        self.emit(dict(type="refused", round=self.round, company=company, line=line, text=text.strip(),
                       reason=reason, **({"transport": transport} if transport is not None else {})))

    def run(self) -> tuple[list[dict], State]:
        state = self.state
        open_now = list(state.ops.get("open", []))
        entries = self.collect_entries(open_now)
        this_round = sorted(set(open_now) | {n for n, t in state.ops.get("transports", {}).items()
                                             if t["round"] == self.round and t["cancelled"]})
        arrival: list[str] = []
        total = total_transports(self.rules, self.map)
        per_transport = self.rules.operations.additional_construction.builds == "per_transport"
        self.handled: set[tuple[str, int]] = set()   # (company, line) of build items carried out or refused
        finished, built, allowances = self.transports(this_round, open_now, entries, arrival, total, per_transport)
        if not finished and total is not None and state.ops.get("made", 0) >= total:
            finish(self.emit, f"all {total} transports have been made")
            finished = True
        if finished:
            if not built:
                self.not_carried_out()
        else:
            if per_transport:
                self.close_builds(this_round)
            else:
                self.build(allowances, arrival)
            self.emit(dict(type="round_closed", round=self.round))
            open_operations_round(self.emit, self.map, self.rules, self.dice, self.options)
        return self.emit.events, self.state

    def transports(self, this_round: list[int], open_now: list[int], entries: dict, arrival: list[str],
                   total: int | None, per_transport: bool) -> tuple[bool, bool, dict[str, int]]:
        """The round's transports in number order, each with the building it earns: whether the game
        finished, whether the round's building came before its last transport, the allowances left to build."""
        state = self.state
        allowances: dict[str, int] = {}
        built = False
        for n in this_round:
            if n in open_now:
                if allowances and not per_transport and total is not None and state.ops.get("made", 0) + 1 >= total:
                    self.build(allowances, arrival)  # earned before the transport that ends the game: built before it
                    allowances, built = {}, True
                made = self.transport(n, entries.get(n, {}), arrival)
                if not made:
                    continue
            earned = self.accrue(n, allowances)
            if self.target_reached(n):
                return True, built, allowances
            if per_transport:
                if total is not None and state.ops.get("made", 0) >= total:
                    break                      # the last transport ends the game: nothing is built after it
                self.build_after(n, earned, arrival if n in open_now else [])
        return False, built, allowances

    def not_carried_out(self):
        """The game ended before the round's building: each order that would have built says so."""
        for company in self.state.seat_order():
            order = self.orders.get(company)
            if order is not None and (self.unhandled(company, order) or order.ferries):
                self.emit(dict(type="not_carried_out", round=self.round, company=company,
                               reason="the game ended before the additional construction"))

    # -- orders ------------------------------------------------------------------
    def collect_entries(self, open_now: list[int]) -> dict[int, dict[str, RaceEntry]]:
        """Each company's race entries by transport, refusing what cannot stand whatever the race."""
        limit = game_option(self.options, "entries_per_round")
        if limit is not None and game_option(self.options, "entries_rise_with_carried"):
            transports = self.state.ops["transports"]
            limit += sum(1 for n in open_now if transports[n]["round"] != self.round) // 2
        called = ", ".join(map(str, open_now)) or "none"
        found: dict[int, dict[str, RaceEntry]] = {}
        for company in self.state.seat_order():
            order = self.orders.get(company)
            if order is None:
                self.emit(dict(type="no_orders", round=self.round, company=company))
                continue
            for e in order.errors:
                self.refuse(company, e.line, e.text, e.message)
            if order.home is not None:
                self.refuse(company, order.home_line, f"HOME {self.map.label(order.home)}",
                            "home terminals are chosen in the construction phase.")
            for joint in order.joints:
                self.refuse(company, joint.line, joint.text, "joint construction belongs to the construction "
                            "phase; in the operating phase each company builds on its own (BUILD).")
            entered = 0
            lines: dict[int, int] = {}
            for entry in order.races:
                n = entry.transport
                if n not in open_now:
                    self.refuse(company, entry.line, entry.text,
                                f"transport {n} is not announced in this round; the races of round {self.round} "
                                f"are {called}.", n)
                    continue
                if n in lines:
                    self.refuse(company, entry.line, entry.text,
                                f"a second entry for transport {n}; the entry on line {lines[n]} stands.", n)
                    continue
                if entry.action != "PASS":
                    entered += 1
                    if limit is not None and entered > limit:
                        self.refuse(company, entry.line, entry.text,
                                    f"a company enters at most {limit} races in one round.", n)
                        continue
                lines[n] = entry.line
                found.setdefault(n, {})[company] = entry
        return found

    def endpoints(self, n: int):
        t = self.state.ops["transports"][n]
        return [parse_label(h) for h in t["start_hexes"]], [parse_label(h) for h in t["destination_hexes"]]

    def plans(self, n: int, companies: list[str], entry: RaceEntry, refuse_for: list[tuple[str, RaceEntry]]):
        starts, destinations = self.endpoints(n)
        plans = []
        for i, route in enumerate(entry.routes, 1):
            try:
                plans.append((i, check_route(self.state, self.map, companies, route, starts, destinations,
                                             entry.to, self.rules.operations.fee_per_step)))
            except RouteError as exc:
                which = f"route {i}: " if len(entry.routes) > 1 else ""
                for company, own in refuse_for:
                    self.refuse(company, own.line, own.text, f"{which}{exc}", n)
        return plans

    def trains(self, n: int, entries: dict[str, RaceEntry]) -> list[Train]:
        trains = []
        seat = {c: self.state.companies[c].seat for c in self.state.companies}
        for company, entry in sorted(entries.items(), key=lambda kv: seat[kv[0]]):
            if entry.action == "PASS":
                self.emit(dict(type="race_passed", round=self.round, transport=n, company=company))
                continue
            if entry.action == "RUN":
                plans = self.plans(n, [company], entry, [(company, entry)])
                if plans:
                    trains.append(Train([company], plans, [entry.line], expected={company: _written(entry)}))
                continue
            partner = entry.partner
            other = entries.get(partner)
            problem = None
            if partner == company:
                problem = "a company cannot join itself; write RACE n RUN route."
            elif partner not in seat:
                problem = f"there is no company {partner!r}; the companies are {', '.join(sorted(seat))}."
            elif other is None or other.action != "JOIN" or other.partner != company:
                problem = (f"{partner} did not order RACE {n} JOIN {company}; both partners order JOIN "
                           "with each other and the same route.")
            elif _route_key(other) != _route_key(entry):
                problem = f"{partner} ordered a different route for the joint train; both must write the same."
            if problem:
                self.refuse(company, entry.line, entry.text, problem, n)
                continue
            if seat[company] > seat[partner]:
                continue                                   # the pair is taken at the first partner
            pair = [company, partner]
            plans = self.plans(n, pair, entry, [(company, entry), (partner, other)])
            if plans:
                trains.append(Train(pair, plans, [entry.line, other.line],
                                    expected={company: _written(entry), partner: _written(other)}))
        return trains

    # -- one transport -------------------------------------------------------------
    def transport(self, n: int, entries: dict[str, RaceEntry], arrival: list[str]) -> bool:
        """Run transport n; False when it was carried forward unentered."""
        trains = self.trains(n, entries)
        if not trains and game_option(self.options, "carry_unentered"):
            self.emit(dict(type="transport_carried", round=self.round, transport=n,
                           reason="no company entered it; it is announced again next round"))
            return False
        mark = len(self.emit.events)
        race = Race(self.emit, self.map, self.rules, self.dice, n, trains)
        race.resolve()
        income = transport_income(self.emit.events[mark:], race.payments(), self.state.companies,
                                  self.rules.operations.additional_construction.income)
        placed = [c for e in self.emit.events[mark:] if e["type"] == "race_placed" for c in e["companies"]]
        arrival[:] = placed
        self.emit(dict(type="transport_made", round=self.round, transport=n, cancelled=False,
                       participants=[t.id for t in race.trains], income=income))
        return True

    def accrue(self, n: int, allowances: dict[str, int]) -> dict[str, int]:
        """The allowances transport n gives (added to the round's); what it gave alone is returned."""
        extra = self.rules.operations.additional_construction
        earned: dict[str, int] = {}
        if n % extra.every:
            return earned
        income = self.state.ops["transports"][n].get("income", {})
        for company in self.state.seat_order():
            units, basis = allowance(self.rules, self.state, company, income.get(company, 0))
            if not units:
                continue
            self.emit(dict(type="allowance", round=self.round, transport=n, company=company, units=units,
                           basis=basis))
            allowances[company] = allowances.get(company, 0) + units
            earned[company] = units
        return earned

    def target_reached(self, n: int) -> bool:
        targets = self.rules.operations.end.balance_target
        if not targets:
            return False
        target = targets.get(len(self.state.companies))
        if target is None:
            return False
        rich = [c for c in self.state.seat_order() if self.state.balance(c) >= target]
        if rich:
            finish(self.emit, f"{', '.join(rich)} reached the balance target of {target} after transport {n}")
            return True
        return False

    # -- additional construction -----------------------------------------------------
    def building_order(self, arrival: list[str]) -> list[str]:
        state = self.state
        if self.rules.operations.additional_construction.order == "arrival":
            return arrival + [c for c in state.seat_order() if c not in arrival]
        return by_wealth(state, state.seat_order(), richest_first=False)

    def unhandled(self, company: str, order: Order) -> list:
        return [i for i in order.chains + order.jumps if (company, i.line) not in self.handled]

    def refuse_items(self, company: str, items: list, reason: str):
        for item in sorted(items, key=lambda item: item.line):
            if (company, item.line) not in self.handled:
                self.handled.add((company, item.line))
                self.refuse(company, item.line, item.text, reason)

    def build_after(self, n: int, earned: dict[str, int], arrival: list[str]):
        """Per-transport editions (RULES 4.5): right after transport n each company builds from what
        n alone gave it: its `AFTER n` lines, or its plain BUILD lines at its first chance of the round."""
        for company in self.building_order(arrival):
            own = self.orders.get(company)
            if own is None:
                continue
            pending = self.unhandled(company, own)
            named = [i for i in pending if i.after == n]
            plain = [i for i in pending if i.after is None]
            if not earned.get(company):
                self.refuse_items(company, named, f"{company} has no allowance after transport {n} "
                                  "(it received nothing in it).")
                continue
            items = named + plain
            if not items:
                continue
            self.handled.update((company, i.line) for i in items)
            part = replace(own, chains=[c for c in own.chains if c in items],
                           jumps=[j for j in own.jumps if j in items], ferries=[])
            AdditionalTurn(self.emit, self.map, self.rules, company, part, earned[company], transport=n).run()

    def close_builds(self, this_round: list[int]):
        """After the round's transports: refuse what found no allowance, then buy the ferries."""
        made = [n for n in this_round if not self.state.ops["transports"][n]["cancelled"]]
        for company in self.state.seat_order():
            own = self.orders.get(company)
            if own is None:
                continue
            pending = self.unhandled(company, own)
            elsewhere = [i for i in pending if i.after is not None and i.after not in made]
            self.refuse_items(company, elsewhere, "there is no building after that transport in this round; the "
                              f"transports run in round {self.round} are {', '.join(map(str, made)) or 'none'}.")
            self.refuse_items(company, self.unhandled(company, own),
                              "there is no additional construction for this company "
                              "after this round's transports (no allowance).")
            if own.ferries:
                AdditionalTurn(self.emit, self.map, self.rules, company, own, 0).buy_ferries()

    def build(self, allowances: dict[str, int], arrival: list[str]):
        for company in self.building_order(arrival):
            own = self.orders.get(company)
            if own is None or not (own.chains or own.jumps or own.ferries):
                continue
            sectioned = [i for i in own.chains + own.jumps if i.after is not None]
            self.refuse_items(company, sectioned, "this edition builds once after the round's transports, not "
                              "after each one; write BUILD without AFTER.")
            if sectioned:
                own = replace(own, chains=[c for c in own.chains if c.after is None],
                              jumps=[j for j in own.jumps if j.after is None])
            turn = AdditionalTurn(self.emit, self.map, self.rules, company, own, allowances.get(company, 0))
            if allowances.get(company):
                turn.run()
                continue
            for item in sorted(own.chains + own.jumps, key=lambda item: item.line):
                self.refuse(company, item.line, item.text,
                            "there is no additional construction for this company after this round's "
                            "transports (no allowance).")
            turn.buy_ferries()                              # a ferry is bought, not built: no allowance needed


def _route_key(entry: RaceEntry):
    return [(r.hexes, sorted(r.owners.items())) for r in entry.routes], entry.to


def _written(entry: RaceEntry) -> dict:
    """Alternative number -> the figures written on that route."""
    return {i: route.expectations for i, route in enumerate(entry.routes, 1) if route.expectations}


def resolve_operations_round(state: State, game_map: GameMap, rules: Ruleset, orders: dict[str, Order], dice,
                             options: dict | None = None) -> tuple[list[dict], State]:
    """Run the open round's transports, the additional construction, then end or open the next round."""
    return OperatingRound(state, game_map, rules, orders, dice, options or {}).run()


def status_facts(state: State, game_map: GameMap, rules: Ruleset) -> dict:
    """The operating phase's part of `status`: transports made and open, and the winners."""
    facts: dict = {}
    if rules.options.ferries and game_map.ferries:
        facts["ferries"] = {f.name: state.ferry_owners.get(f.name) for f in game_map.ferries}
    if state.phase == "construction":
        return facts
    ops = state.ops
    facts["transports"] = {
        "made": ops.get("made", 0),
        "total": total_transports(rules, game_map),
        "open": [{k: ops["transports"][n][k] for k in ("transport", "special", "start", "start_name", "start_hexes",
                                                        "destination", "destination_name", "destination_hexes")}
                 for n in ops.get("open", [])],
    }
    if state.phase == "finished":
        facts["winners"] = list(ops.get("winners", []))
    return facts


def transport_income(events: list[dict], owed: dict[tuple[str, str], int], companies, counted: str) -> dict[str, int]:
    """What each company received in one transport: its bonuses and the fees rivals paid it.

    `received` counts every fee a rival owed it; `net` (rulesets from before the value existed) only
    what the ledger posts, where fees two companies owe each other are netted."""
    income: dict[str, int] = {}
    for e in events:
        if e["type"] == "posting" and e["to"] in companies and (counted == "net" or e["from"] not in companies):
            income[e["to"]] = income.get(e["to"], 0) + e["amount"]
    if counted == "received":
        for (_payer, payee), amount in sorted(owed.items()):
            if payee in companies and amount:
                income[payee] = income.get(payee, 0) + amount
    return income

"""The game state, built by folding journal events in order.

`State.apply(event)` is the only way state changes; the engine works on a copy and
returns the events it applied, so the journal alone rebuilds every state.
"""

from __future__ import annotations

from dataclasses import dataclass

from ....kernel.ledger import Ledger, Posting
from .. import hexgrid
from ..hexgrid import Edge, Hex, label, parse_label


def hx(text: str) -> Hex:
    return parse_label(text)


@dataclass(frozen=True)
class Company:
    id: str
    name: str
    seat: int


class State:
    def __init__(self):
        self.game = ""
        self.companies: dict[str, Company] = {}
        self.phase = "construction"
        self.round = 0
        self.round_order: list[str] = []
        self.budgets: dict[str, int] = {}
        self.homes: dict[str, Hex] = {}
        self.owners: dict[Edge, list[str]] = {}          # edge -> owners, in build order
        self.edges: dict[str, set[Edge]] = {}            # company -> its edges
        self.tracks: dict[Hex, set[str]] = {}            # hex -> companies with track in it
        self.connected: dict[Hex, str | None] = {}       # city hex -> first connector (None: a home terminal)
        self.city_fees_paid: set[tuple[str, str, Hex]] = set()
        self.ledger = Ledger()
        self.rolls = 0
        self.grace_since: int | None = None
        self.construction_rounds = 0
        self.first_seat = 0                              # the seat that builds first in round 1
        self.ferry_owners: dict[str, str] = {}           # ferry name -> the company that bought it
        self.jumps: list[dict] = []                      # jumps along rivals' lines, in order (optional rule)
        self.landings: set[tuple[str, Hex]] = set()      # (company, hex) a jump landed on
        self.ops: dict = {}                              # operating-phase state, kept by its own module
        self.ordered: dict[int, list[str]] = {}          # round -> the companies with an order in force for it

    def copy(self) -> State:
        new = State.__new__(State)
        new.__dict__.update(self.__dict__)
        new.companies = dict(self.companies)
        new.round_order = list(self.round_order)
        new.budgets = dict(self.budgets)
        new.homes = dict(self.homes)
        new.owners = {e: list(o) for e, o in self.owners.items()}
        new.edges = {c: set(e) for c, e in self.edges.items()}
        new.tracks = {h: set(c) for h, c in self.tracks.items()}
        new.connected = dict(self.connected)
        new.city_fees_paid = set(self.city_fees_paid)
        new.ledger = self.ledger.copy()
        new.ferry_owners = dict(self.ferry_owners)
        new.jumps = [dict(j) for j in self.jumps]
        new.landings = set(self.landings)
        new.ops = _deepish(self.ops)
        new.ordered = {r: list(c) for r, c in self.ordered.items()}
        return new

    # -- queries -------------------------------------------------------------
    def seat_order(self) -> list[str]:
        return sorted(self.companies, key=lambda c: self.companies[c].seat)

    def balance(self, company: str) -> int:
        return self.ledger.balance(company)

    def on_network(self, company: str, h: Hex) -> bool:
        """Whether a chain of the company may start at h: its track, its home terminal, or a jump's landing."""
        return company in self.tracks.get(h, ()) or self.homes.get(company) == h or (company, h) in self.landings

    def ferries_of(self, company: str) -> list[str]:
        return sorted(name for name, owner in self.ferry_owners.items() if owner == company)

    def jumps_in_use(self, company: str, rival: str) -> int:
        return sum(1 for j in self.jumps if j["company"] == company and j["rival"] == rival and not j["returned"])

    def owns(self, company: str, a: Hex, b: Hex) -> bool:
        return company in self.owners.get(hexgrid.edge(a, b), ())

    def segments_of(self, company: str) -> list[list[str]]:
        return sorted(sorted([label(a), label(b)]) for a, b in self.edges.get(company, ()))

    # -- the fold ------------------------------------------------------------
    def apply(self, event: dict):
        handler = getattr(self, "_on_" + event["type"], None)
        if handler:
            handler(event)

    def _on_game_created(self, e):
        self.game = e["game"]
        for seat, c in enumerate(e["companies"]):
            self.companies[c["id"]] = Company(c["id"], c["name"], seat)
            self.edges[c["id"]] = set()

    def _on_order_received(self, e):
        companies = self.ordered.setdefault(e["round"], [])
        if e["company"] not in companies:
            companies.append(e["company"])

    def _on_company_replaced(self, e):
        if e.get("name"):
            old = self.companies[e["company"]]
            self.companies[e["company"]] = Company(old.id, e["name"], old.seat)

    def _on_first_company(self, e):
        self.first_seat = self.companies[e["company"]].seat

    def _on_roll(self, e):
        self.rolls += 1

    def _on_round_opened(self, e):
        self.round = e["round"]
        self.phase = e["phase"]
        self.round_order = list(e["order"])
        self.budgets = dict(e.get("budgets", {}))
        if e["phase"] == "construction":
            self.construction_rounds += 1

    def _on_home(self, e):
        self.homes[e["company"]] = hx(e["hex"])

    def _on_segment(self, e):
        a, b, c = hx(e["a"]), hx(e["b"]), e["company"]
        edge = hexgrid.edge(a, b)
        self.owners.setdefault(edge, []).append(c)
        self.edges.setdefault(c, set()).add(edge)
        self.tracks.setdefault(a, set()).add(c)
        self.tracks.setdefault(b, set()).add(c)

    def _on_city_connected(self, e):
        self.connected[hx(e["hex"])] = e.get("company") if e.get("bonus") else None

    def _on_city_fee_paid(self, e):
        self.city_fees_paid.add((e["company"], e["rival"], hx(e["hex"])))

    def _on_posting(self, e):
        self.ledger.post(Posting(e["round"], e["from"], e["to"], e["amount"], e["reason"]))

    def _on_grace_started(self, e):
        self.grace_since = e["round"]

    def _on_construction_ended(self, e):
        self.phase = "operations"

    def _on_game_finished(self, e):
        self.phase = "finished"
        self.ops["winners"] = list(e.get("winners", []))

    # -- the operating phase (engine/operations.py) ----------------------------
    def _on_transport_announced(self, e):
        n = e["transport"]
        self.ops.setdefault("transports", {})[n] = {k: v for k, v in e.items() if k != "type"}
        self.ops["next"] = max(self.ops.get("next", 1), n + 1)
        if e["cancelled"]:
            self.ops["last_destination"] = None
        else:
            self.ops.setdefault("open", []).append(n)
            self.ops["last_destination"] = None if e["special"] else e["destination"]

    def _on_station_checked_off(self, e):
        uses = self.ops.setdefault("uses", {})
        uses[e["station"]] = uses.get(e["station"], 0) + 1

    def _on_station_table_reset(self, e):
        self.ops["uses"] = {}

    def _on_transport_made(self, e):
        self.ops["made"] = self.ops.get("made", 0) + 1
        self.ops["transports"][e["transport"]]["income"] = dict(e.get("income", {}))
        if e["transport"] in self.ops.get("open", []):
            self.ops["open"].remove(e["transport"])

    # -- optional rules: ferries (engine/ferries.py), jumping (engine/jumping.py) ---------
    def _on_ferry_bought(self, e):
        self.ferry_owners[e["ferry"]] = e["company"]

    def _on_jump(self, e):
        self.jumps.append({"company": e["company"], "rival": e["rival"], "from": hx(e["from"]), "to": hx(e["to"]),
                           "returned": False})
        self.landings.add((e["company"], hx(e["to"])))

    def _on_jump_returned(self, e):
        self.jumps[e["jump"]]["returned"] = True


def _deepish(value):
    if isinstance(value, dict):
        return {k: _deepish(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_deepish(v) for v in value]
    if isinstance(value, set):
        return set(value)
    return value


def fold(events) -> State:
    state = State()
    for e in events:
        state.apply(e)
    return state

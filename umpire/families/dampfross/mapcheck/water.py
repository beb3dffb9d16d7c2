"""The water of a map file: rivers (named ones continuous, corner to corner) and ferries."""

from __future__ import annotations

from ....kernel.names import fold
from ..hexgrid import Edge, Hex, label
from .fields import FieldReader
from .parts import CITY_TERRAIN, FERRY_RULE_KEYS, TERRAIN, Ferry, FerryRules


class WaterChecks(FieldReader):
    """Rivers and broad rivers, and ferries with their rules (ports on plain hexes by the water)."""

    def meets_at_corner(self, e1: Edge, e2: Edge) -> bool:
        """Two edges touch when they are two sides of the corner where three hexes meet."""
        hexes = set(e1) | set(e2)
        if len(hexes) != 3:
            return False
        a, b, c = sorted(hexes)
        return self.grid.adjacent(a, b) and self.grid.adjacent(b, c) and self.grid.adjacent(a, c)

    def read_rivers(self, doc) -> tuple[dict[Edge, str], dict[str, list[Edge]]]:
        """Single edges (`C3/C4`, `{edge, kind}`) and named rivers (`{name, edges, kind}`)
        whose edges must follow each other corner to corner, so a river never jumps."""
        rivers, names = {}, {}
        entries = self.sequence(doc.get("rivers"), doc, "rivers", "rivers")
        for i, r in enumerate(entries):
            where = f"rivers[{i + 1}]"
            if not isinstance(r, dict):
                rivers[self.edge(r, entries, i, where)] = "river"
                continue
            keys = {"edge"} if "edge" in r else {"name", "edges"}
            r = self.mapping(r, entries, i, where, {"kind"}, keys)
            kind = r.get("kind", "river")
            if kind not in ("river", "broad"):
                self.fail(r, "kind", f"{where}.kind", f"unknown river kind {kind!r}.", "Use river or broad.")
            if "edge" in r:
                rivers[self.edge(r["edge"], r, "edge", f"{where}.edge")] = kind
                continue
            name = str(r["name"])
            edges = self.sequence(r["edges"], r, "edges", f"{where}.edges ({name})")
            if not edges:
                self.fail(r, "edges", f"{where}.edges ({name})", "a named river needs at least one edge.")
            chain = [self.edge(e, edges, k, f"{where}.edges[{k + 1}] ({name})") for k, e in enumerate(edges)]
            for k, (e1, e2) in enumerate(zip(chain, chain[1:]), 1):
                if not self.meets_at_corner(e1, e2):
                    self.fail(edges, k, f"{where}.edges[{k + 1}] ({name})",
                              f"{edges[k]} does not touch {edges[k - 1]}: the river jumps.",
                              "List the edges of a river in order, each sharing a hex corner with the one before; "
                              "start a new named piece where a river really begins anew.")
            if name in names:
                self.fail(r, "name", f"{where}.name", f"the river name {name!r} is used twice.",
                          "Give each piece its own name, e.g. Rhein and Rhein (Neckar).")
            names[name] = chain
            for e in chain:
                rivers[e] = kind
        return rivers, names

    def read_ferries(self, doc, places: dict[str, Hex]) -> tuple[FerryRules | None, list[Ferry]]:
        entries = self.sequence(doc.get("ferries"), doc, "ferries", "ferries")
        rules = self.read_ferry_rules(doc, entries)
        ferries, names = [], {}
        for i, f in enumerate(entries):
            where = f"ferries[{i + 1}]"
            f = self.mapping(f, entries, i, where, {"at"}, {"port", "to", "length"})
            ferry = self.read_ferry(f, where, places, rules)
            if ferry.name in names:
                self.fail(f, "to", f"{where}", f"the ferry {ferry.name} is listed twice.")
            names[ferry.name] = True
            ferries.append(ferry)
        return rules, ferries

    def read_ferry_rules(self, doc, entries: list) -> FerryRules | None:
        """`ferry_rules`: whole numbers (per_company at least 1) and different_ports true or false;
        a map with ferries needs them."""
        if "ferry_rules" not in doc:
            if entries:
                self.fail(doc, "ferries", "ferries", "the map has ferries but no ferry_rules.",
                          "Add ferry_rules: {price, fee, loading, per_company, different_ports}.")
            return None
        r = self.mapping(doc["ferry_rules"], doc, "ferry_rules", "ferry_rules", set(), FERRY_RULE_KEYS)
        for key in sorted(FERRY_RULE_KEYS - {"different_ports"}):
            if isinstance(r[key], bool) or not isinstance(r[key], int) or r[key] < (1 if key == "per_company" else 0):
                self.fail(r, key, f"ferry_rules.{key}", f"{r[key]!r} is not a whole number"
                          + (" of at least 1." if key == "per_company" else "."))
        if not isinstance(r["different_ports"], bool):
            self.fail(r, "different_ports", "ferry_rules.different_ports", "must be true or false.")
        return FerryRules(**{k: r[k] for k in FERRY_RULE_KEYS})

    def read_ferry(self, f, where: str, places: dict[str, Hex], rules: FerryRules) -> Ferry:
        """One ferry: its port, where it lands, both by the water, and the trip's length."""
        port_name = str(f["port"])
        port = self.ferry_port(f, where, port_name, places)
        to_name = str(f["to"])
        if fold(to_name) not in places:
            self.fail(f, "to", f"{where}.to", f"{to_name!r} is not a place on this map.",
                      "The other end of a ferry is a city or junction of the map (e.g. a junction abroad).")
        landing = places[fold(to_name)]
        for h, name, key in ((port, port_name, "port"), (landing, to_name, "to")):
            if not any(self.char_at(n) == "~" for n in self.grid.neighbours(h)):
                self.fail(f, key, f"{where}.{key} ({name})", f"{label(h)} does not touch the water.",
                          "A ferry leaves from and lands at a hex next to a '~' hex.")
        if landing == port:
            self.fail(f, "to", f"{where}.to", "the ferry would land where it leaves.")
        length = f["length"]
        if isinstance(length, bool) or not isinstance(length, int) or length < 1:
            self.fail(f, "length", f"{where}.length ({port_name})",
                      f"{length!r} is not a number of movement points.",
                      "Give the trip's length in movement points (without loading), e.g. 3.")
        return Ferry(f"{port_name}–{to_name}", port, port_name, landing, to_name, length, length + rules.loading)

    def ferry_port(self, f, where: str, port_name: str, places: dict[str, Hex]) -> Hex:
        """The port's hex: `at`, else the place the port names; a plain hex."""
        if "at" in f:
            port = self.hex(f["at"], f, "at", f"{where}.at ({port_name})")
            if fold(port_name) in places and places[fold(port_name)] != port:
                self.fail(f, "at", f"{where}.at ({port_name})",
                          f"{port_name} is already a place at {label(places[fold(port_name)])}.",
                          "Leave out `at` for a port that is a city, or give the port its own name.")
        elif fold(port_name) in places:
            port = places[fold(port_name)]
        else:
            self.fail(f, "port", f"{where}.port", f"{port_name!r} is not a place on this map.",
                      "Name a city, or give the port's hex with `at`.")
        if self.rows[port[1]][port[0]] not in CITY_TERRAIN:
            self.fail(f, "port", f"{where}.port ({port_name})",
                      f"{label(port)} is {TERRAIN[self.rows[port[1]][port[0]]]}; a ferry port stands on a plain hex.")
        return port

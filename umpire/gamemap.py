"""Map format 1: the model of a map and its loader with validation.

The format is documented in docs/maps.md. Every error names the file, the line
and the field, and says what would work.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from . import hexgrid
from .errors import DataError
from .hexgrid import Edge, Grid, Hex, label
from .names import fold
from .resources import find_named
from .yamlfile import LineDict, LineList, line_of, load_yaml

TERRAIN = {
    ".": "plain",
    "^": "mountain",
    "~": "water",
    " ": "off",
    ",": "foreign plain",
    ";": "foreign mountain",
}
BUILDABLE = set(".^,;")
MOUNTAIN = set("^;")
FOREIGN = set(",;")
CITY_TERRAIN = set(".,")
STATIONS = tuple(10 * t + u for t in range(1, 7) for u in range(1, 7))

KEYS = {
    "format", "name", "title", "local_title", "edition", "grid", "rows", "cities", "rivers", "barriers",
    "junctions", "specials", "special_fees", "permitted_routes", "free_building_abroad",
    "shared_stations", "first_round_one_direction", "first_round_distinct_directions",
    "special_every", "ferries", "ferry_rules", "notes",
}
EDITIONS = ("laurin", "schmidt", "buetehorn")
PARITIES = ("even", "odd")
FERRY_RULE_KEYS = {"price", "fee", "loading", "per_company", "different_ports"}


@dataclass(frozen=True)
class City:
    name: str
    hex: Hex
    stations: tuple[int, ...]
    home: bool = False


@dataclass(frozen=True)
class Junction:
    name: str
    hex: Hex


@dataclass(frozen=True)
class Special:
    """A special destination: rolled by one die (`number`), or on Germany by the red die
    together with the parity of the white die (`white` is "even" or "odd")."""

    number: int
    name: str
    hexes: frozenset[Hex]
    white: str | None = None
    local_name: str | None = None          # the name in the map's own language, kept as data

    @property
    def key(self) -> int | tuple[int, str]:
        return self.number if self.white is None else (self.number, self.white)


@dataclass(frozen=True)
class FerryRules:
    """What owning and using a ferry costs (RULES 6): units to buy it, units a rival pays
    its owner per use, movement points for loading and unloading on top of the trip, how
    many ferries one company may own, and whether they must leave from different ports.
    A ferry has one owner."""

    price: int
    fee: int
    loading: int
    per_company: int
    different_ports: bool


@dataclass(frozen=True)
class Ferry:
    """A ferry line from a port on the map to a landing place across the water."""

    name: str
    port: Hex
    port_name: str
    landing: Hex
    landing_name: str
    length: int          # movement points of the trip itself
    points: int          # length + loading: what a train spends to cross


@dataclass
class GameMap:
    name: str
    title: str
    grid: Grid
    rows: list[str]
    cities: list[City]
    rivers: dict[Edge, str] = field(default_factory=dict)
    river_names: dict[str, list[Edge]] = field(default_factory=dict)
    barriers: set[Edge] = field(default_factory=set)
    junctions: list[Junction] = field(default_factory=list)
    specials: dict[int | tuple[int, str], Special] = field(default_factory=dict)
    special_every: int | None = None
    ferries: list[Ferry] = field(default_factory=list)
    ferry_rules: FerryRules | None = None
    special_fees: dict[Edge, int] = field(default_factory=dict)
    permitted_routes: list[list[Hex]] = field(default_factory=list)
    free_building_abroad: bool = False
    first_round_one_direction: bool = False
    first_round_distinct_directions: bool = False
    shared_stations: frozenset[int] = frozenset()
    edition: str | None = None
    source: str = ""
    local_title: str | None = None         # the title in the map's own language (Bayern), kept as data

    def __post_init__(self):
        self.city_at = {c.hex: c for c in self.cities}
        self.junction_at = {j.hex: j for j in self.junctions}
        self.permitted_edges = {
            hexgrid.edge(a, b) for route in self.permitted_routes for a, b in zip(route, route[1:])
        }
        self.stations: dict[int, list[City]] = {}
        for city in self.cities:
            for number in city.stations:
                self.stations.setdefault(number, []).append(city)
        self._names = {fold(c.name): c.hex for c in self.cities}
        self._names.update({fold(j.name): j.hex for j in self.junctions})
        self.ports = {f.port_name: f.port for f in self.ferries}
        self._names.update({fold(name): h for name, h in self.ports.items() if fold(name) not in self._names})

    # -- terrain -------------------------------------------------------------
    def char(self, h: Hex) -> str:
        col, row = h
        if 0 <= row < len(self.rows) and 0 <= col < len(self.rows[row]):
            return self.rows[row][col]
        return " "

    def on_map(self, h: Hex) -> bool:
        return self.char(h) != " "

    def buildable(self, h: Hex) -> bool:
        return self.char(h) in BUILDABLE

    def mountain(self, h: Hex) -> bool:
        """Mountain for costs and climbing; a city hex is always plain."""
        return self.char(h) in MOUNTAIN and h not in self.city_at

    def foreign(self, h: Hex) -> bool:
        return self.char(h) in FOREIGN

    def describe(self, h: Hex) -> str:
        """`K12 (Dublin)` or `K12 (mountain)`, for messages."""
        if h in self.city_at:
            return f"{label(h)} ({self.city_at[h].name})"
        return f"{label(h)} ({TERRAIN[self.char(h)]})"

    # -- names ---------------------------------------------------------------
    def hex_named(self, name: str) -> Hex | None:
        return self._names.get(fold(name))

    def place_names(self) -> list[str]:
        names = [c.name for c in self.cities] + [j.name for j in self.junctions]
        return names + [n for n in self.ports if n not in names]

    # -- special destinations and ferries ------------------------------------
    @property
    def special_roll(self) -> str:
        """`die` (one die, 1-6) or `red and white parity` (Germany); `none` without specials."""
        if not self.specials:
            return "none"
        return "die" if all(s.white is None for s in self.specials.values()) else "red and white parity"

    def special_for(self, red: int, white: int | None = None) -> Special:
        """The special destination a roll names: one die, or the red die and the white die's parity."""
        if self.special_roll == "red and white parity":
            return self.specials[(red, "even" if white % 2 == 0 else "odd")]
        return self.specials[red]

    def ferries_from(self, h: Hex) -> list[Ferry]:
        """The ferries whose port or landing is h (a ferry runs both ways)."""
        return [f for f in self.ferries if h in (f.port, f.landing)]

    @property
    def home_terminals(self) -> list[City]:
        return [c for c in self.cities if c.home]

    @property
    def all_hexes(self) -> list[Hex]:
        return [(c, r) for r, row in enumerate(self.rows) for c in range(len(row)) if row[c] != " "]


# ---------------------------------------------------------------------------
class _Checker:
    """Collects the reading of one map file; raises the first error found."""

    def __init__(self, path: Path, doc):
        self.path, self.doc = path, doc
        self.grid: Grid | None = None
        self.rows: list[str] = []

    def fail(self, container, key, field_name: str, what: str, fix: str | None = None):
        raise DataError(what, f"{self.path}, line {line_of(container, key)}, {field_name}", fix)

    def hex(self, text, container, key, field_name) -> Hex:
        h = hexgrid.parse_label(str(text)) if isinstance(text, (str, int)) else None
        if h is None:
            self.fail(container, key, field_name, f"{text!r} is not a hex label.",
                      "Write column letters then row number, e.g. K12.")
        if not (0 <= h[1] < len(self.rows) and 0 <= h[0] < len(self.rows[h[1]])) or self.rows[h[1]][h[0]] == " ":
            self.fail(container, key, field_name, f"{label(h)} is off the map.",
                      f"The map has columns A..{hexgrid.column_letters(self.grid.width - 1)} "
                      f"and rows 1..{self.grid.height}, and ' ' marks hexes off the map.")
        return h

    def edge(self, text, container, key, field_name) -> Edge:
        parts = str(text).split("/")
        if len(parts) != 2:
            self.fail(container, key, field_name, f"{text!r} is not an edge.",
                      "Write the two adjacent hexes it lies between, e.g. C3/C4.")
        a = self.hex(parts[0], container, key, field_name)
        b = self.hex(parts[1], container, key, field_name)
        if not self.grid.adjacent(a, b):
            self.fail(container, key, field_name, f"{label(a)} and {label(b)} are not adjacent, "
                      "so there is no edge between them.",
                      "An edge lies between two neighbouring hexes; split a long river into one edge per hex side.")
        return hexgrid.edge(a, b)

    def mapping(self, value, container, key, field_name, allowed: set[str], required: set[str]) -> LineDict:
        if not isinstance(value, dict):
            self.fail(container, key, field_name, "must be a mapping.",
                      f"Write it as {{{', '.join(sorted(required | allowed))}}}.")
        for k in value:
            if k not in allowed | required:
                self.fail(value, k, f"{field_name}.{k}", f"unknown key {k!r}.",
                          f"Known keys here: {', '.join(sorted(allowed | required))}.")
        for k in sorted(required):
            if k not in value:
                self.fail(container, key, field_name, f"the key {k!r} is missing.")
        return value

    def sequence(self, value, container, key, field_name) -> list:
        if value is None:
            return LineList()
        if not isinstance(value, list):
            self.fail(container, key, field_name, "must be a list.")
        return value

    # -----------------------------------------------------------------------
    def read(self) -> GameMap:
        doc = self.doc
        if not isinstance(doc, dict):
            raise DataError("a map file must be a YAML mapping with format, name, grid, rows and cities.",
                            str(self.path))
        self.mapping(doc, doc, "format", "map", KEYS - {"format", "name", "grid", "rows", "cities"},
                     {"format", "name", "grid", "rows", "cities"})
        if doc["format"] != 1:
            self.fail(doc, "format", "format", f"format {doc['format']!r} is not known.",
                      "This umpire reads map format 1.")
        grid_doc = self.mapping(doc["grid"], doc, "grid", "grid", set(), {"layout"})
        layout = grid_doc["layout"]
        if layout not in hexgrid.LAYOUTS:
            self.fail(grid_doc, "layout", "grid.layout", f"unknown layout {layout!r}.",
                      f"Use one of {', '.join(hexgrid.LAYOUTS)}.")
        rows = self.sequence(doc["rows"], doc, "rows", "rows")
        if not rows:
            self.fail(doc, "rows", "rows", "the map has no rows.")
        width = len(str(rows[0]))
        for i, row in enumerate(rows):
            if not isinstance(row, str):
                self.fail(rows, i, f"rows[{i + 1}]", "a row must be a quoted string.")
            if len(row) != width:
                self.fail(rows, i, f"row {i + 1}", f"has {len(row)} characters, the first row has {width}.",
                          "Every row has one character per column; pad with ' ' for hexes off the map.")
            bad = sorted(set(row) - set(TERRAIN))
            if bad:
                self.fail(rows, i, f"row {i + 1}", f"unknown terrain character {bad[0]!r}.",
                          "Use '.' plain, '^' mountain, '~' water, ' ' off the map, "
                          "',' foreign plain, ';' foreign mountain.")
        self.rows = list(rows)
        self.grid = Grid(layout, width, len(rows))

        cities = self.read_cities(doc)
        shared = self.read_shared(doc, cities)
        junctions = []
        for i, j in enumerate(self.sequence(doc.get("junctions"), doc, "junctions", "junctions")):
            j = self.mapping(j, doc["junctions"], i, f"junctions[{i + 1}]", set(), {"name", "hex"})
            h = self.hex(j["hex"], j, "hex", f"junctions[{i + 1}].hex")
            if self.rows[h[1]][h[0]] not in FOREIGN:
                self.fail(j, "hex", f"junctions[{i + 1}].hex", f"{label(h)} is not a foreign hex.",
                          "A junction station stands beyond the border: mark its hex ',' or ';'.")
            taken = {c.hex: c.name for c in cities} | {k.hex: k.name for k in junctions}
            if h in taken:
                self.fail(j, "hex", f"junctions[{i + 1}].hex", f"{label(h)} already holds {taken[h]}.",
                          "A hex holds one place; move the junction or leave it out.")
            junctions.append(Junction(str(j["name"]), h))
        places = {fold(c.name): c.hex for c in cities} | {fold(j.name): j.hex for j in junctions}

        rivers, river_names = self.read_rivers(doc)
        barriers = {self.edge(b, doc["barriers"], i, f"barriers[{i + 1}]")
                    for i, b in enumerate(self.sequence(doc.get("barriers"), doc, "barriers", "barriers"))}

        specials = self.read_specials(doc, places)
        special_fees = {}
        for i, f in enumerate(self.sequence(doc.get("special_fees"), doc, "special_fees", "special_fees")):
            f = self.mapping(f, doc["special_fees"], i, f"special_fees[{i + 1}]", set(), {"cities", "fee"})
            names = f["cities"]
            if not isinstance(names, list) or len(names) != 2 or any(fold(str(n)) not in places for n in names):
                self.fail(f, "cities", f"special_fees[{i + 1}].cities", f"{names!r} is not a pair of cities on this map.")
            a, b = (places[fold(str(n))] for n in names)
            if not self.grid.adjacent(a, b):
                self.fail(f, "cities", f"special_fees[{i + 1}].cities", "the two cities are not adjacent.",
                          "A special fee applies to a parallel segment between two neighbouring city hexes.")
            if not isinstance(f["fee"], int) or f["fee"] < 0:
                self.fail(f, "fee", f"special_fees[{i + 1}].fee", "the fee must be a whole number of units.")
            special_fees[hexgrid.edge(a, b)] = f["fee"]

        routes = []
        for i, r in enumerate(self.sequence(doc.get("permitted_routes"), doc, "permitted_routes", "permitted_routes")):
            r = self.sequence(r, doc["permitted_routes"], i, f"permitted_routes[{i + 1}]")
            hexes = [self.hex(h, r, k, f"permitted_routes[{i + 1}][{k + 1}]") for k, h in enumerate(r)]
            for k, (a, b) in enumerate(zip(hexes, hexes[1:])):
                if not self.grid.adjacent(a, b):
                    self.fail(r, k + 1, f"permitted_routes[{i + 1}]", f"{label(a)} and {label(b)} are not adjacent.",
                              "List every hex of the route in order.")
            routes.append(hexes)

        flags = {}
        for key in ("free_building_abroad", "first_round_one_direction", "first_round_distinct_directions"):
            flags[key] = doc.get(key, False)
            if not isinstance(flags[key], bool):
                self.fail(doc, key, key, "must be true or false.")
        if flags["first_round_distinct_directions"]:
            flags["first_round_one_direction"] = True
        special_every = doc.get("special_every")
        if special_every is not None and (isinstance(special_every, bool) or not isinstance(special_every, int)
                                          or special_every < 1):
            self.fail(doc, "special_every", "special_every", f"{special_every!r} is not a whole number of at least 1.",
                      "Write how often a special transport comes, e.g. 2 for every second transport.")
        edition = doc.get("edition")
        if edition is not None and edition not in EDITIONS:
            self.fail(doc, "edition", "edition", f"unknown edition {edition!r}.",
                      f"Use one of {', '.join(EDITIONS)}, or leave it out.")
        ferry_rules, ferries = self.read_ferries(doc, places)
        return GameMap(
            name=str(doc["name"]), title=str(doc.get("title", doc["name"])),
            local_title=str(doc["local_title"]) if "local_title" in doc else None, grid=self.grid, rows=self.rows,
            cities=cities, rivers=rivers, river_names=river_names, barriers=barriers, junctions=junctions,
            specials=specials, special_every=special_every, ferries=ferries, ferry_rules=ferry_rules,
            special_fees=special_fees, permitted_routes=routes, **flags,
            shared_stations=shared, edition=edition, source=str(self.path),
        )

    # -----------------------------------------------------------------------
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

    def read_specials(self, doc, places: dict[str, Hex]) -> dict:
        specials: dict = {}
        entries = self.sequence(doc.get("specials"), doc, "specials", "specials")
        for i, s in enumerate(entries):
            where = f"specials[{i + 1}]"
            s = self.mapping(s, entries, i, where, {"white", "local_name"}, {"number", "name", "hexes"})
            number, white = s["number"], s.get("white")
            if white is not None and white not in PARITIES:
                self.fail(s, "white", f"{where}.white", f"{white!r} is not a parity of the white die.",
                          "Write even or odd.")
            key = number if white is None else (number, white)
            if isinstance(number, bool) or number not in range(1, 7) or key in specials:
                self.fail(s, "number", f"{where}.number",
                          f"{number!r}{'' if white is None else ' ' + white} is not a free special destination.",
                          "Special destinations are numbered 1 to 6, each once (on a map rolled with the "
                          "white die's parity: each number once with white: even and once with white: odd).")
            hexes = []
            for k, item in enumerate(self.sequence(s["hexes"], s, "hexes", f"{where}.hexes")):
                if isinstance(item, str) and fold(item) in places:
                    hexes.append(places[fold(item)])
                else:
                    hexes.append(self.hex(item, s["hexes"], k, f"{where}.hexes[{k + 1}]"))
            if not hexes:
                self.fail(s, "hexes", f"{where}.hexes", "a special destination needs at least one hex.")
            specials[key] = Special(number, str(s["name"]), frozenset(hexes), white,
                                    str(s["local_name"]) if "local_name" in s else None)
        keyed = {isinstance(k, tuple) for k in specials}
        if keyed == {True, False}:
            self.fail(doc, "specials", "specials", "some special destinations name the white die's parity "
                      "and some do not.", "Either every entry has white: even|odd, or none has.")
        if keyed == {True}:
            missing = [f"{n} {w}" for n in range(1, 7) for w in PARITIES if (n, w) not in specials]
            if missing:
                self.fail(doc, "specials", "specials", f"the table by red die and white parity lacks {', '.join(missing)}.",
                          "Give all twelve entries, 1 even to 6 odd.")
        return specials

    def read_ferries(self, doc, places: dict[str, Hex]) -> tuple[FerryRules | None, list[Ferry]]:
        entries = self.sequence(doc.get("ferries"), doc, "ferries", "ferries")
        rules = None
        if "ferry_rules" in doc:
            r = self.mapping(doc["ferry_rules"], doc, "ferry_rules", "ferry_rules", set(), FERRY_RULE_KEYS)
            for key in sorted(FERRY_RULE_KEYS - {"different_ports"}):
                if isinstance(r[key], bool) or not isinstance(r[key], int) or r[key] < (1 if key == "per_company" else 0):
                    self.fail(r, key, f"ferry_rules.{key}", f"{r[key]!r} is not a whole number"
                              + (" of at least 1." if key == "per_company" else "."))
            if not isinstance(r["different_ports"], bool):
                self.fail(r, "different_ports", "ferry_rules.different_ports", "must be true or false.")
            rules = FerryRules(**{k: r[k] for k in FERRY_RULE_KEYS})
        elif entries:
            self.fail(doc, "ferries", "ferries", "the map has ferries but no ferry_rules.",
                      "Add ferry_rules: {price, fee, loading, per_company, different_ports}.")
        ferries, names = [], {}
        for i, f in enumerate(entries):
            where = f"ferries[{i + 1}]"
            f = self.mapping(f, entries, i, where, {"at"}, {"port", "to", "length"})
            port_name = str(f["port"])
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
                self.fail(f, "length", f"{where}.length ({port_name})", f"{length!r} is not a number of movement points.",
                          "Give the trip's length in movement points (without loading), e.g. 3.")
            name = f"{port_name}–{to_name}"
            if name in names:
                self.fail(f, "to", f"{where}", f"the ferry {name} is listed twice.")
            names[name] = True
            ferries.append(Ferry(name, port, port_name, landing, to_name, length, length + rules.loading))
        return rules, ferries

    def char_at(self, h: Hex) -> str:
        col, row = h
        return self.rows[row][col] if 0 <= row < len(self.rows) and 0 <= col < len(self.rows[row]) else " "

    def read_cities(self, doc) -> list[City]:
        cities, seen_names, seen_hex = [], {}, {}
        entries = self.sequence(doc["cities"], doc, "cities", "cities")
        for i, c in enumerate(entries):
            where = f"cities[{i + 1}]"
            c = self.mapping(c, entries, i, where, {"stations", "home"}, {"name", "hex"})
            name = str(c["name"])
            h = self.hex(c["hex"], c, "hex", f"{where}.hex ({name})")
            if self.rows[h[1]][h[0]] not in CITY_TERRAIN:
                self.fail(c, "hex", f"{where}.hex ({name})",
                          f"{label(h)} is {TERRAIN[self.rows[h[1]][h[0]]]}, not a place for a city.",
                          "A city stands on a plain hex ('.', or ',' abroad); move it or redraw the terrain.")
            if fold(name) in seen_names:
                self.fail(c, "name", f"{where}.name", f"the city name {name!r} is used twice.")
            if h in seen_hex:
                self.fail(c, "hex", f"{where}.hex ({name})", f"{label(h)} already holds {seen_hex[h]}.")
            stations = c.get("stations", [])
            if not isinstance(stations, list):
                self.fail(c, "stations", f"{where}.stations ({name})", "must be a list of station numbers.")
            for number in stations:
                if number not in STATIONS:
                    self.fail(c, "stations", f"{where}.stations ({name})", f"{number!r} is not a station number.",
                              "Stations are 11..66 with both digits 1 to 6.")
            home = c.get("home", False)
            if not isinstance(home, bool):
                self.fail(c, "home", f"{where}.home ({name})", "must be true or false.")
            seen_names[fold(name)] = name
            seen_hex[h] = name
            cities.append(City(name, h, tuple(stations), home))
        if not any(c.home for c in cities):
            self.fail(doc, "cities", "cities", "no city is marked as a home terminal.",
                      "Mark the map's home terminals with home: true.")
        return cities

    def read_shared(self, doc, cities: list[City]) -> frozenset[int]:
        shared = self.sequence(doc.get("shared_stations"), doc, "shared_stations", "shared_stations")
        owners: dict[int, str] = {}
        entries = doc["cities"]
        for i, c in enumerate(cities):
            for number in c.stations:
                if number in owners and number not in shared:
                    self.fail(entries[i], "stations", f"cities[{i + 1}].stations ({c.name})",
                              f"station {number} is used twice ({owners[number]} and {c.name}).",
                              "Give each station one city, or declare the number in shared_stations.")
                owners.setdefault(number, c.name)
        return frozenset(shared)


def load_map(name_or_path: str | Path) -> GameMap:
    """Load and validate a map by bundled name or path."""
    path = find_named("maps", str(name_or_path))
    if not path.exists():
        raise DataError(f"no map {str(name_or_path)!r}.",
                        fix="Give a bundled map name (see `umpire map list`) or the path of a map file.")
    return _Checker(path, load_yaml(path)).read()

"""Map format 1: the model of a map and its loader with validation.

The format is documented in docs/maps.md. Every error names the file, the line
and the field, and says what would work.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from ...errors import DataError
from ...kernel.names import fold, place_key
from ...kernel.yamlfile import load_yaml
from ...resources import find_named
from . import hexgrid
from .hexgrid import Edge, Grid, Hex, label
from .mapcheck.parts import (  # noqa: F401 (STATIONS: for users)
    BUILDABLE,
    EDITIONS,
    FOREIGN,
    KEYS,
    MOUNTAIN,
    STATIONS,
    TERRAIN,
    City,
    Ferry,
    FerryRules,
    Junction,
    Special,
)
from .mapcheck.places import PlaceChecks
from .mapcheck.water import WaterChecks


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
    labels: dict[Hex, str] = field(default_factory=dict)   # the printed labels of the published map
    printed_names: dict[str, Hex] = field(default_factory=dict)   # a zine's station numbers and names

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
        self._names = {place_key(c.name): c.hex for c in self.cities}
        self._names.update({place_key(j.name): j.hex for j in self.junctions})
        self.ports = {f.port_name: f.port for f in self.ferries}
        self._names.update({place_key(name): h for name, h in self.ports.items() if place_key(name) not in self._names})
        self._printed = {text: h for h, text in self.labels.items()}
        self._names.update({place_key(name): h for name, h in self.printed_names.items()})

    # -- labels --------------------------------------------------------------
    def label(self, h: Hex) -> str:
        """The hex's label as printed: the map's printed label where it gives one, else the grid's."""
        return self.labels.get(h) or label(h)

    def step(self, a: Hex, b: Hex) -> str:
        """`K12-K13` as printed."""
        return f"{self.label(a)}-{self.label(b)}"

    def hex_labelled(self, text: str) -> Hex | None:
        """The hex a label names, any case: a printed label first, then a grid label that is no
        hex's printed label (on a map with printed labels, `B58` is the hex printed B58)."""
        key = text.strip().upper()
        if key in self._printed:
            return self._printed[key]
        return hexgrid.parse_label(key)

    def shown(self, text: str) -> str:
        """A grid label of the journal (`K12`) as printed; other text as it stands."""
        h = hexgrid.parse_label(text) if self.labels and isinstance(text, str) else None
        return self.labels.get(h, text) if h is not None else text

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

    @cached_property
    def fingerprint(self) -> str:
        """Everything a map sheet's background is drawn from, for the drawings kept per map (a
        game folder may carry an edited map)."""
        return repr((self.grid, self.rows, self.cities, self.junctions, sorted(self.rivers.items()),
                     sorted(self.barriers), sorted(self.specials.items(), key=repr), self.permitted_routes)) + (
                    repr(sorted(self.labels.items())) if self.labels else "")

    @property
    def has_abroad(self) -> bool:
        """Whether any hex of the map lies abroad."""
        return any(not FOREIGN.isdisjoint(row) for row in self.rows)

    def describe(self, h: Hex) -> str:
        """`K12 (Dublin)` or `K12 (mountain)`, for messages."""
        if h in self.city_at:
            return f"{self.label(h)} ({self.city_at[h].name})"
        return f"{self.label(h)} ({TERRAIN[self.char(h)]})"

    # -- names ---------------------------------------------------------------
    def hex_named(self, name: str) -> Hex | None:
        """The hex of a place by its name, any case, accents and separators: `Dun-Laoghaire` is
        `Dún Laoghaire`."""
        return self._names.get(place_key(name))

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
class _Checker(PlaceChecks, WaterChecks):
    """Reads one map file into a GameMap: the grid and its rows here, the places and the water
    by their own checks (umpire/mapcheck/); raises the first error found."""

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
        self.read_grid(doc)

        cities = self.read_cities(doc)
        shared = self.read_shared(doc, cities)
        junctions = self.read_junctions(doc, cities)
        places = {fold(c.name): c.hex for c in cities} | {fold(j.name): j.hex for j in junctions}

        rivers, river_names = self.read_rivers(doc)
        barriers = {self.edge(b, doc["barriers"], i, f"barriers[{i + 1}]")
                    for i, b in enumerate(self.sequence(doc.get("barriers"), doc, "barriers", "barriers"))}

        specials = self.read_specials(doc, places)
        special_fees = self.read_special_fees(doc, places)
        routes = self.read_routes(doc)

        flags = self.read_flags(doc)
        special_every = self.read_special_every(doc)
        edition = doc.get("edition")
        if edition is not None and edition not in EDITIONS:
            self.fail(doc, "edition", "edition", f"unknown edition {edition!r}.",
                      f"Use one of {', '.join(EDITIONS)}, or leave it out.")
        ferry_rules, ferries = self.read_ferries(doc, places)
        labels = self.read_labels(doc)
        printed_names = self.read_printed_names(doc, places)
        return GameMap(
            name=str(doc["name"]), title=str(doc.get("title", doc["name"])),
            local_title=str(doc["local_title"]) if "local_title" in doc else None, grid=self.grid, rows=self.rows,
            cities=cities, rivers=rivers, river_names=river_names, barriers=barriers, junctions=junctions,
            specials=specials, special_every=special_every, ferries=ferries, ferry_rules=ferry_rules,
            special_fees=special_fees, permitted_routes=routes, **flags,
            shared_stations=shared, edition=edition, source=str(self.path), labels=labels,
            printed_names=printed_names,
        )

    def read_grid(self, doc):
        """The grid's layout and the rows of terrain: one character per column, every row as wide."""
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
            self.read_row(rows, i, row, width)
        self.rows = list(rows)
        self.grid = Grid(layout, width, len(rows))

    def read_row(self, rows, i: int, row, width: int):
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

    def read_flags(self, doc) -> dict[str, bool]:
        """The map's rule flags, true or false; distinct first-round directions imply one direction."""
        flags = {}
        for key in ("free_building_abroad", "first_round_one_direction", "first_round_distinct_directions"):
            flags[key] = doc.get(key, False)
            if not isinstance(flags[key], bool):
                self.fail(doc, key, key, "must be true or false.")
        if flags["first_round_distinct_directions"]:
            flags["first_round_one_direction"] = True
        return flags

    def read_special_every(self, doc) -> int | None:
        special_every = doc.get("special_every")
        if special_every is not None and (isinstance(special_every, bool) or not isinstance(special_every, int)
                                          or special_every < 1):
            self.fail(doc, "special_every", "special_every",
                      f"{special_every!r} is not a whole number of at least 1.",
                      "Write how often a special transport comes, e.g. 2 for every second transport.")
        return special_every


def load_map(name_or_path: str | Path) -> GameMap:
    """Load and validate a map by bundled name or path."""
    path = find_named("maps", str(name_or_path))
    if not path.exists():
        raise DataError(f"no map {str(name_or_path)!r}.",
                        fix="Give a bundled map name (see `umpire map list`) or the path of a map file.")
    return _Checker(path, load_yaml(path)).read()

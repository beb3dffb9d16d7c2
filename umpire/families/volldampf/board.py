"""The Volldampf board (format `graph-1`): locations, regions, links and goods cards.

The board is a graph: a location is a space (a German city, blue or violet; a foreign
city, red or yellow; or a colourless junction), a link is a printed track space between
two locations with a region and a cost. The format is documented in docs/maps.md. Every
error names the file, the line and the field, and says what would work.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path

from ...errors import DataError
from ...kernel import keywords
from ...kernel.names import fold
from ...kernel.yamlfile import FieldChecker, load_yaml
from ...resources import find_named

FORMAT = "graph-1"
COLOURS = ("blue", "violet", "red", "yellow", "none")
CUBE_COLOURS = COLOURS[:4]
SYMBOLS = ("octagon", "triangle", "circle", "square", "diamond", "star")
GOODS_CARDS = 18
CARD_SIZE = 3
KEYS = {"format", "name", "title", "coordinates", "locations", "regions", "links", "goods_cards",
        "sources", "notes", "outline"}
OUTLINE_KINDS = ("land", "lakes", "rivers", "borders")
COORDINATES = ("lonlat", "xy")
LABELS = ("below", "above", "left", "right", "below-left", "below-right", "above-left", "above-right")
_ASCII = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue"})


@dataclass(frozen=True)
class Location:
    """A space on the board. `x`, `y` are longitude and latitude when the board's
    coordinates are `lonlat`, else plain drawing units (x to the east, y to the north)."""

    id: str
    name: str
    colour: str
    x: float
    y: float
    source: str = ""
    label: str = "below"          # where the drawing writes the name

    @property
    def coloured(self) -> bool:
        return self.colour != "none"


@dataclass(frozen=True)
class Region:
    """A region is named by its symbol; its colour is only drawn; `cards` is its track cards."""

    name: str
    colour: str
    cards: int


@dataclass(frozen=True)
class Link:
    """A track space between locations `a` and `b` (ids), with its region and cost in marks."""

    id: str
    a: str
    b: str
    region: str
    cost: int
    source: str = ""

    @property
    def ends(self) -> tuple[str, str]:
        return self.a, self.b

    def other(self, location_id: str) -> str:
        """The far end of the link seen from `location_id`."""
        return self.b if location_id == self.a else self.a


@dataclass(frozen=True)
class Outline:
    """The geography drawn under the board, in the board's coordinates: land and lake
    polygons, river and border lines, and the bounds `(west, south, east, north)`."""

    bounds: tuple[float, float, float, float]
    land: tuple[tuple[tuple[float, float], ...], ...] = ()
    lakes: tuple[tuple[tuple[float, float], ...], ...] = ()
    rivers: tuple[tuple[tuple[float, float], ...], ...] = ()
    borders: tuple[tuple[tuple[float, float], ...], ...] = ()


@dataclass(frozen=True)
class Board:
    name: str
    title: str
    locations: dict[str, Location]
    regions: dict[str, Region]
    links: dict[str, Link]
    goods_cards: tuple[tuple[str, str, str], ...]
    sources: str = ""
    coordinates: str = "lonlat"
    path: str = ""
    outline: Outline | None = None
    _at: dict = field(default_factory=dict, repr=False, compare=False)
    _names: dict = field(default_factory=dict, repr=False, compare=False)
    _others: dict = field(default_factory=dict, repr=False, compare=False)     # other names, made when first asked

    def __post_init__(self):
        for link in self.links.values():
            for end in link.ends:
                self._at.setdefault(end, []).append(link)
        for loc in self.locations.values():
            for key in _lookup_keys(loc):
                self._names.setdefault(key, loc)

    def place_names(self) -> list[str]:
        """The locations' names, in file order (as a Dampfross map lists its places)."""
        return [loc.name for loc in self.locations.values()]

    def links_at(self, location_id: str) -> tuple[Link, ...]:
        """The links with an end at the location, in file order."""
        return tuple(self._at.get(location_id, ()))

    def links_between(self, a: str, b: str) -> list[Link]:
        """Every link joining the two locations (a board may print several), in file order."""
        return [link for link in self._at.get(a, ()) if {link.a, link.b} == {a, b} and a != b]

    def location(self, text: str) -> Location | None:
        """The location named by id, name or name without umlauts, any case: `HAM`, `hamburg`,
        `Muenchen` and `München` all find theirs."""
        found = self._names.get(fold(str(text)))
        if found is None and keywords.in_force():            # reading 3 on: `Cologne` for Köln
            other = self._other_names().get(fold(str(text)))
            found = self._names.get(fold(other)) if other else None
        return found

    def _other_names(self) -> dict[str, str]:
        if not self._others:
            names = [loc.name for loc in self.locations.values()]
            self._others.update({fold(k): v for k, v in keywords.other_names(names).items()})
        return self._others

    def link(self, text: str) -> Link | None:
        """The link with this id, any case."""
        key = fold(str(text))
        return next((link for link in self.links.values() if fold(link.id) == key), None)

    def of_colour(self, colour: str) -> list[Location]:
        """The locations of a colour, in file (map) order."""
        return [loc for loc in self.locations.values() if loc.colour == colour]

    def check_cards(self, regions: int, cards_per_region: int):
        """Refuse the board if its regions do not match a ruleset's count and cards per region."""
        wrong = [f"{r.name} has {r.cards}" for r in self.regions.values() if r.cards != cards_per_region]
        if len(self.regions) != regions or wrong:
            raise DataError(f"the board has {len(self.regions)} regions ({', '.join(wrong) or 'cards as ruled'}); "
                            f"the ruleset deals {regions} regions of {cards_per_region} track cards.",
                            self.path or self.name,
                            "Give the board's regions the ruleset's card counts, or use a ruleset made for this board.")

    def describe(self, link: Link) -> str:
        """`L7 Hamburg-Hannover (circle, 5)`, for messages."""
        a, b = self.locations[link.a].name, self.locations[link.b].name
        return f"{link.id} {a}-{b} ({link.region}, {link.cost})"


def _lookup_keys(loc: Location) -> list[str]:
    return [fold(loc.id), fold(loc.name), fold(loc.name.translate(_ASCII))]


# ---------------------------------------------------------------------------
class _Reader(FieldChecker):
    """Reads one board file; raises the first error found, naming file, line and field."""

    def word(self, value, container, key, field_name, what: str) -> str:
        """An id or a name: one word without hyphens, as orders write routes `Hamburg-Hannover`."""
        if not isinstance(value, (str, int)) or isinstance(value, bool) or not str(value).strip():
            self.fail(container, key, field_name, f"{value!r} is not {what}.")
        text = str(value).strip()
        if "-" in text or len(text.split()) != 1:
            self.fail(container, key, field_name, f"{text!r} may not contain a hyphen or a space.",
                      "Orders write routes as Hamburg-Hannover-Berlin: write FrankfurtOder or Frankfurt_Oder.")
        return text

    def number(self, value, container, key, field_name) -> float:
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
            self.fail(container, key, field_name, f"{value!r} is not a number.")
        return float(value)

    # -----------------------------------------------------------------------
    def read(self) -> Board:
        doc = self.doc
        if not isinstance(doc, dict):
            raise DataError("a board file must be a YAML mapping with format, name, locations, regions, "
                            "links and goods_cards.", str(self.path))
        required = {"format", "name", "locations", "regions", "links", "goods_cards"}
        self.mapping(doc, doc, "format", "board", KEYS - required, required)
        if doc["format"] != FORMAT:
            self.fail(doc, "format", "format", f"format {doc['format']!r} is not a board format.",
                      f"A Volldampf board is format {FORMAT}.")
        name = str(doc["name"])
        coordinates = doc.get("coordinates", "lonlat")
        if coordinates not in COORDINATES:
            self.fail(doc, "coordinates", "coordinates", f"{coordinates!r} is not known.",
                      "Use lonlat (positions as lon, lat) or xy (positions as x, y).")
        locations = self.read_locations(doc, coordinates)
        regions = self.read_regions(doc)
        links = self.read_links(doc, locations, regions)
        cards = self.read_goods_cards(doc, locations)
        outline = self.read_outline(doc) if "outline" in doc else None
        return Board(name, str(doc.get("title", name)), locations, regions, links, cards,
                     str(doc.get("sources", "") or "").strip(), coordinates, str(self.path), outline)

    def read_locations(self, doc, coordinates: str) -> dict[str, Location]:
        out: dict[str, Location] = {}
        seen: dict[str, str] = {}
        pos = ("lon", "lat") if coordinates == "lonlat" else ("x", "y")
        entries = self.sequence(doc["locations"], doc, "locations", "locations")
        if not entries:
            self.fail(doc, "locations", "locations", "the board has no locations.")
        for i, entry in enumerate(entries):
            where = f"locations[{i + 1}]"
            e = self.mapping(entry, entries, i, where, {"source", "label"}, {"id", "name", "colour", *pos})
            ident = self.word(e["id"], e, "id", f"{where}.id", "an id")
            lname = self.word(e["name"], e, "name", f"{where}.name", "a name")
            if e["colour"] not in COLOURS:
                self.fail(e, "colour", f"{where}.colour ({lname})", f"{e['colour']!r} is not a location colour.",
                          f"Use one of {', '.join(COLOURS)}.")
            x = self.number(e[pos[0]], e, pos[0], f"{where}.{pos[0]} ({lname})")
            y = self.number(e[pos[1]], e, pos[1], f"{where}.{pos[1]} ({lname})")
            label = e.get("label", "below")
            if label not in LABELS:
                self.fail(e, "label", f"{where}.label ({lname})", f"{label!r} is not a place for the name.",
                          f"Use one of {', '.join(LABELS)}.")
            loc = Location(ident, lname, e["colour"], x, y, str(e.get("source", "") or ""), label)
            for key in _lookup_keys(loc):
                if key in seen and seen[key] != ident:
                    self.fail(e, "id", f"{where} ({lname})", f"{key!r} already names {seen[key]}.",
                              "Every location needs an id and a name no other location uses (any case).")
                seen[key] = ident
            if ident in out:
                self.fail(e, "id", f"{where}.id", f"the id {ident!r} is used twice.")
            out[ident] = loc
        return out

    def read_regions(self, doc) -> dict[str, Region]:
        out: dict[str, Region] = {}
        entries = self.sequence(doc["regions"], doc, "regions", "regions")
        for i, entry in enumerate(entries):
            where = f"regions[{i + 1}]"
            e = self.mapping(entry, entries, i, where, set(), {"name", "colour", "cards"})
            rname = e["name"]
            if rname not in SYMBOLS:
                self.fail(e, "name", f"{where}.name", f"{rname!r} is not a region symbol.",
                          f"Regions are named by their symbol: {', '.join(SYMBOLS)}.")
            if rname in out:
                self.fail(e, "name", f"{where}.name", f"the region {rname!r} is listed twice.")
            cards = e["cards"]
            if isinstance(cards, bool) or not isinstance(cards, int) or cards < 1:
                self.fail(e, "cards", f"{where}.cards ({rname})", f"{cards!r} is not a number of track cards.",
                          "Give how many track cards the region has, e.g. 8.")
            if not isinstance(e["colour"], str):
                self.fail(e, "colour", f"{where}.colour ({rname})", f"{e['colour']!r} is not a colour.",
                          "Give the colour the region is drawn in, e.g. purple or '#7b3f99'.")
            out[rname] = Region(rname, e["colour"], cards)
        if not out:
            self.fail(doc, "regions", "regions", "the board has no regions.")
        return out

    def read_links(self, doc, locations, regions) -> dict[str, Link]:
        out: dict[str, Link] = {}
        taken = {fold(k) for loc in locations.values() for k in _lookup_keys(loc)}
        entries = self.sequence(doc["links"], doc, "links", "links")
        for i, entry in enumerate(entries):
            where = f"links[{i + 1}]"
            e = self.mapping(entry, entries, i, where, {"source"}, {"id", "a", "b", "region", "cost"})
            ident = self.word(e["id"], e, "id", f"{where}.id", "an id")
            if fold(ident) in {fold(k) for k in out}:
                self.fail(e, "id", f"{where}.id", f"the link id {ident!r} is used twice.")
            if fold(ident) in taken:
                self.fail(e, "id", f"{where}.id", f"the link id {ident!r} is also a location's id or name.",
                          "Give links ids like L17 that no location uses.")
            ends = []
            for key in ("a", "b"):
                end = str(e[key])
                if end not in locations:
                    self.fail(e, key, f"{where}.{key} ({ident})", f"no location has the id {end!r}.",
                              "A link joins two locations by their ids.")
                ends.append(end)
            if ends[0] == ends[1]:
                self.fail(e, "b", f"{where}.b ({ident})", "the link joins a location to itself.")
            if e["region"] not in regions:
                self.fail(e, "region", f"{where}.region ({ident})", f"{e['region']!r} is not a region of this board.",
                          f"Regions here: {', '.join(regions)}.")
            cost = e["cost"]
            if isinstance(cost, bool) or not isinstance(cost, int) or cost < 1:
                self.fail(e, "cost", f"{where}.cost ({ident})", f"{cost!r} is not a cost.",
                          "A link costs a whole number of marks, 1 or more.")
            out[ident] = Link(ident, ends[0], ends[1], e["region"], cost, str(e.get("source", "") or ""))
        if not out:
            self.fail(doc, "links", "links", "the board has no links.")
        return out

    def read_goods_cards(self, doc, locations) -> tuple[tuple[str, str, str], ...]:
        out = []
        entries = self.sequence(doc["goods_cards"], doc, "goods_cards", "goods_cards")
        for i, entry in enumerate(entries):
            where = f"goods_cards[{i + 1}]"
            card = self.sequence(entry, entries, i, where)
            if len(card) != CARD_SIZE:
                self.fail(entries, i, where, f"the card names {len(card)} locations, not {CARD_SIZE}.",
                          "A goods card names three locations, e.g. [HAM, BER, PAR].")
            for k, ident in enumerate(card):
                loc = locations.get(str(ident))
                if loc is None:
                    self.fail(entries, i, f"{where}[{k + 1}]", f"no location has the id {ident!r}.")
                if not loc.coloured:
                    self.fail(entries, i, f"{where}[{k + 1}]", f"{loc.name} is a junction and never holds cubes.",
                              "A goods card names blue, violet, red or yellow locations.")
            if len({str(c) for c in card}) != CARD_SIZE:
                self.fail(entries, i, where, "the card names a location twice.")
            out.append(tuple(str(c) for c in card))
        if len(out) != GOODS_CARDS:
            self.fail(doc, "goods_cards", "goods_cards", f"the board has {len(out)} goods cards, not {GOODS_CARDS}.",
                      f"The game deals from {GOODS_CARDS} goods cards of three locations each.")
        return tuple(out)


    def read_outline(self, doc) -> Outline:
        o = self.mapping(doc["outline"], doc, "outline", "outline", set(OUTLINE_KINDS), {"bounds"})
        bounds = self.points(self.sequence(o["bounds"], o, "bounds", "outline.bounds"), o, "bounds", "outline.bounds",
                             flat=True)
        if len(bounds) != 2 or not (bounds[0][0] < bounds[1][0] and bounds[0][1] < bounds[1][1]):
            self.fail(o, "bounds", "outline.bounds", "the bounds are not [west, south, east, north].",
                      "Give four numbers, west and south first, e.g. [2.6, 46.9, 21.4, 55.9].")
        kinds = {}
        for kind in OUTLINE_KINDS:
            lines = self.sequence(o.get(kind), o, kind, f"outline.{kind}")
            kinds[kind] = tuple(self.points(self.sequence(line, lines, i, f"outline.{kind}[{i + 1}]"), lines, i,
                                            f"outline.{kind}[{i + 1}]") for i, line in enumerate(lines))
        return Outline((*bounds[0], *bounds[1]), **kinds)

    def points(self, values, container, key, field_name, flat: bool = False) -> tuple:
        """A line of [x, y] points (or, flat, numbers taken two by two)."""
        pairs = [values[i:i + 2] for i in range(0, len(values), 2)] if flat else values
        out = []
        for p in pairs:
            if (not isinstance(p, list) or len(p) != 2
                    or any(isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v) for v in p)):
                self.fail(container, key, field_name, f"{p!r} is not a point.", "Write a point as [x, y].")
            out.append((float(p[0]), float(p[1])))
        if len(out) < 2:
            self.fail(container, key, field_name, "a line needs at least two points.")
        return tuple(out)


def read_board(path: Path) -> Board:
    """Read and validate a board file at a path."""
    return _Reader(path, load_yaml(path)).read()


def load_board(name_or_path: str | Path) -> Board:
    """Load and validate a board by bundled name (`volldampf-germany`) or path."""
    path = find_named("maps", str(name_or_path))
    if not path.exists():
        raise DataError(f"no board {str(name_or_path)!r}.",
                        fix="Give a bundled board name (see `umpire map list`) or the path of a board file.")
    return read_board(path)

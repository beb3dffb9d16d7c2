"""The parts of a map: terrain characters, station numbers, the keys of a map file, and the
places and ferries a GameMap (umpire/gamemap.py) is made of."""

from __future__ import annotations

from dataclasses import dataclass

from ..hexgrid import Hex

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
    "special_every", "ferries", "ferry_rules", "notes", "labels", "printed_names",
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

"""The places of a map file: cities and their stations, shared stations, junctions abroad,
special destinations and the special fees between neighbouring cities."""

from __future__ import annotations

from ....kernel.names import fold, place_key
from .. import hexgrid
from ..hexgrid import Hex, label
from .fields import FieldReader
from .parts import CITY_TERRAIN, FOREIGN, PARITIES, STATIONS, TERRAIN, City, Junction, Special


class PlaceChecks(FieldReader):
    """Cities (on plain hexes, names and hexes once, stations 11..66 once unless shared, a home
    terminal at least), junctions, special destinations (1..6, or a table by the white die's
    parity) and special fees."""

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
            if place_key(name) in seen_names:
                self.fail(c, "name", f"{where}.name", f"the city name {name!r} is used twice"
                          + ("." if seen_names[place_key(name)] == name else
                             f" (as {seen_names[place_key(name)]!r}: orders read a space and a hyphen alike)."))
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
            seen_names[place_key(name)] = name
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
            hexes = self.special_hexes(s, where, places)
            specials[key] = Special(number, str(s["name"]), frozenset(hexes), white,
                                    str(s["local_name"]) if "local_name" in s else None)
        self.parities_complete(doc, specials)
        return specials

    def special_hexes(self, s, where: str, places: dict[str, Hex]) -> list[Hex]:
        """A special destination's hexes, by place name or label; at least one."""
        hexes = []
        for k, item in enumerate(self.sequence(s["hexes"], s, "hexes", f"{where}.hexes")):
            if isinstance(item, str) and fold(item) in places:
                hexes.append(places[fold(item)])
            else:
                hexes.append(self.hex(item, s["hexes"], k, f"{where}.hexes[{k + 1}]"))
        if not hexes:
            self.fail(s, "hexes", f"{where}.hexes", "a special destination needs at least one hex.")
        return hexes

    def parities_complete(self, doc, specials: dict):
        """Special destinations by the white die's parity: every entry has one, and all twelve are there."""
        keyed = {isinstance(k, tuple) for k in specials}
        if keyed == {True, False}:
            self.fail(doc, "specials", "specials", "some special destinations name the white die's parity "
                      "and some do not.", "Either every entry has white: even|odd, or none has.")
        if keyed == {True}:
            missing = [f"{n} {w}" for n in range(1, 7) for w in PARITIES if (n, w) not in specials]
            if missing:
                self.fail(doc, "specials", "specials",
                          f"the table by red die and white parity lacks {', '.join(missing)}.",
                          "Give all twelve entries, 1 even to 6 odd.")

    def read_junctions(self, doc, cities: list[City]) -> list[Junction]:
        """Junction stations: on foreign hexes, each hex holding one place."""
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
        return junctions

    def read_special_fees(self, doc, places: dict[str, Hex]) -> dict:
        """Fees for a parallel segment between two neighbouring cities: edge -> units."""
        special_fees = {}
        for i, f in enumerate(self.sequence(doc.get("special_fees"), doc, "special_fees", "special_fees")):
            f = self.mapping(f, doc["special_fees"], i, f"special_fees[{i + 1}]", set(), {"cities", "fee"})
            names = f["cities"]
            if not isinstance(names, list) or len(names) != 2 or any(fold(str(n)) not in places for n in names):
                self.fail(f, "cities", f"special_fees[{i + 1}].cities",
                          f"{names!r} is not a pair of cities on this map.")
            a, b = (places[fold(str(n))] for n in names)
            if not self.grid.adjacent(a, b):
                self.fail(f, "cities", f"special_fees[{i + 1}].cities", "the two cities are not adjacent.",
                          "A special fee applies to a parallel segment between two neighbouring city hexes.")
            if not isinstance(f["fee"], int) or f["fee"] < 0:
                self.fail(f, "fee", f"special_fees[{i + 1}].fee", "the fee must be a whole number of units.")
            special_fees[hexgrid.edge(a, b)] = f["fee"]
        return special_fees

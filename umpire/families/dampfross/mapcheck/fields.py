"""The fields of a map file: hex labels, edges, mappings, lists and chains of hexes (permitted
routes), each error naming the file, the line and the field."""

from __future__ import annotations

from pathlib import Path

from ....kernel.names import fold
from ....kernel.yamlfile import FieldChecker
from .. import hexgrid
from ..hexgrid import Edge, Grid, Hex, label


class FieldReader(FieldChecker):
    """Reads the fields of one map file; raises the first error found."""

    def __init__(self, path: Path, doc):
        super().__init__(path, doc)
        self.grid: Grid | None = None
        self.rows: list[str] = []

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

    def char_at(self, h: Hex) -> str:
        col, row = h
        return self.rows[row][col] if 0 <= row < len(self.rows) and 0 <= col < len(self.rows[row]) else " "

    def read_routes(self, doc) -> list[list[Hex]]:
        """Permitted routes: chains of adjacent hexes."""
        routes = []
        for i, r in enumerate(self.sequence(doc.get("permitted_routes"), doc, "permitted_routes", "permitted_routes")):
            r = self.sequence(r, doc["permitted_routes"], i, f"permitted_routes[{i + 1}]")
            hexes = [self.hex(h, r, k, f"permitted_routes[{i + 1}][{k + 1}]") for k, h in enumerate(r)]
            for k, (a, b) in enumerate(zip(hexes, hexes[1:])):
                if not self.grid.adjacent(a, b):
                    self.fail(r, k + 1, f"permitted_routes[{i + 1}]", f"{label(a)} and {label(b)} are not adjacent.",
                              "List every hex of the route in order.")
            routes.append(hexes)
        return routes

    def read_printed_names(self, doc, places: dict[str, Hex]) -> dict[str, Hex]:
        """A zine's station numbers and names of its places (`printed_names: {12: München, Zürich:
        Lindau}`), each to a city or junction of this map, read in orders as that place's name;
        none may be a place's own name."""
        given = doc.get("printed_names") or {}
        if not isinstance(given, dict):
            self.fail(doc, "printed_names", "printed_names", "must be a mapping of the zine's names to places.",
                      "Write e.g. printed_names: {12: München, Zürich: Lindau}.")
        out: dict[str, Hex] = {}
        for key, place in given.items():
            name = str(key).strip() if isinstance(key, (str, int)) and not isinstance(key, bool) else ""
            if not name or fold(name) in places:
                self.fail(given, key, f"printed_names.{key}", f"{key!r} is no name of the zine's, or names a place "
                          "of the map already.", "Give the zine's station number or name as it printed it.")
            h = places.get(fold(str(place))) if isinstance(place, str) else None
            if h is None:
                self.fail(given, key, f"printed_names.{key}", f"{place!r} is no city or junction of the map.",
                          "Give the stand-in map's place by its name.")
            out[name] = h
        return out

    def read_labels(self, doc) -> dict[Hex, str]:
        """The printed labels: a grid label to the label the published map prints (`K31: A69`), each
        shaped like a label (letters, then a number) so orders read it, each printed once, and none
        the grid label of a hex of the map left without a printed label (it would be shown twice)."""
        given = doc.get("labels") or {}
        if not isinstance(given, dict):
            self.fail(doc, "labels", "labels", "must be a mapping of grid labels to printed labels.",
                      "Write e.g. labels: {K31: A69, K32: A71}.")
        labels: dict[Hex, str] = {}
        seen: dict[str, Hex] = {}
        for key, printed in given.items():
            h = self.hex(key, given, key, f"labels.{key}")
            text = str(printed).strip().upper() if isinstance(printed, (str, int)) else ""
            if hexgrid.parse_label(text) is None:
                self.fail(given, key, f"labels.{key}", f"{printed!r} is not shaped like a hex label.",
                          "A printed label is 1-3 letters then a number of 1-3 digits, as the zine prints it (A69).")
            if h in labels:
                self.fail(given, key, f"labels.{key}", f"{label(h)} is given a printed label twice.")
            if text in seen:
                self.fail(given, key, f"labels.{key}", f"{text} is already the printed label of {label(seen[text])}.",
                          "Each printed label names one hex.")
            labels[h], seen[text] = text, h
        for r, row in enumerate(self.rows if labels else ()):
            for c, ch in enumerate(row):
                if ch != " " and (c, r) not in labels and label((c, r)) in seen:
                    self.fail(doc, "labels", "labels", f"{label((c, r))} has no printed label, and {label((c, r))} "
                              f"is the printed label of {label(seen[label((c, r))])}: the map would show it twice.",
                              f"Give {label((c, r))} its printed label too.")
        return labels

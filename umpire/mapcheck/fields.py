"""The fields of a map file: hex labels, edges, mappings, lists and chains of hexes (permitted
routes), each error naming the file, the line and the field."""

from __future__ import annotations

from pathlib import Path

from .. import hexgrid
from ..errors import DataError
from ..hexgrid import Edge, Grid, Hex, label
from ..yamlfile import LineDict, LineList, line_of


class FieldReader:
    """Reads the fields of one map file; raises the first error found."""

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

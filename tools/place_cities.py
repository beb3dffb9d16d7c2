"""Place real cities on a map's hex grid from their latitude and longitude.

    python tools/place_cities.py maps/sources/ireland.yaml

The source file gives the grid (layout, width, height), the geographic bounds the grid
covers, and the cities with lat/lon, stations and home flag. The script prints the
`cities:` list of map format 1, with each city in the hex under its real position, moving
a city to the nearest free hex when two would share one (and saying so on stderr).
"""

from __future__ import annotations

import math
import sys

import yaml

from umpire.hexgrid import Grid, label

SQRT3 = math.sqrt(3)


def hex_centre(grid: Grid, h) -> tuple[float, float]:
    """Centre of a hex in units of the hex size, x to the east, y to the south."""
    q, r = grid.to_axial(h)
    if grid.layout.endswith("-q"):
        return 1.5 * q, SQRT3 * (r + q / 2)
    return SQRT3 * (q + r / 2), 1.5 * r


def project(bounds: dict, grid: Grid, lat: float, lon: float) -> tuple[float, float]:
    """Equirectangular projection of lat/lon onto the box spanned by the grid's hex centres."""
    corners = [hex_centre(grid, (c, r)) for c in (0, 1, grid.width - 1) for r in (0, grid.height - 1)]
    x0, x1 = min(x for x, _ in corners), max(x for x, _ in corners)
    y0, y1 = min(y for _, y in corners), max(y for _, y in corners)
    fx = (lon - bounds["west"]) / (bounds["east"] - bounds["west"])
    fy = (bounds["north"] - lat) / (bounds["north"] - bounds["south"])
    return x0 + fx * (x1 - x0), y0 + fy * (y1 - y0)


def nearest_hex(grid: Grid, x: float, y: float, taken: set):
    candidates = [(c, r) for c in range(grid.width) for r in range(grid.height) if (c, r) not in taken]
    return min(candidates, key=lambda h: (hex_centre(grid, h)[0] - x) ** 2 + (hex_centre(grid, h)[1] - y) ** 2)


def aspect_warning(bounds: dict, grid: Grid) -> str | None:
    mid = math.radians((bounds["north"] + bounds["south"]) / 2)
    geo = (bounds["east"] - bounds["west"]) * math.cos(mid) / (bounds["north"] - bounds["south"])
    xs = [hex_centre(grid, (c, 0))[0] for c in range(grid.width)]
    ys = [hex_centre(grid, (0, r))[1] for r in range(grid.height)]
    box = (max(xs) - min(xs)) / (max(ys) - min(ys))
    if abs(geo / box - 1) > 0.1:
        return f"the bounds are {geo:.2f} wide per unit of height, the grid {box:.2f}: the map is stretched"
    return None


def place(source: dict) -> list[dict]:
    grid = Grid(source["layout"], source["width"], source["height"])
    warning = aspect_warning(source["bounds"], grid)
    if warning:
        print(f"warning: {warning}", file=sys.stderr)
    taken, out = set(), []
    for city in source["cities"]:
        x, y = project(source["bounds"], grid, city["lat"], city["lon"])
        h = nearest_hex(grid, x, y, taken)
        ideal = nearest_hex(grid, x, y, set())
        if h != ideal:
            print(f"moved {city['name']} from {label(ideal)} to {label(h)}", file=sys.stderr)
        taken.add(h)
        entry = {"name": city["name"], "hex": label(h)}
        if city.get("stations"):
            entry["stations"] = city["stations"]
        if city.get("home"):
            entry["home"] = True
        out.append(entry)
    return out


def main(path: str):
    with open(path, encoding="utf-8") as f:
        source = yaml.safe_load(f)
    print("cities:")
    for c in place(source):
        fields = [f"name: {c['name']}", f"hex: {c['hex']}"]
        if "stations" in c:
            fields.append(f"stations: [{', '.join(map(str, c['stations']))}]")
        if c.get("home"):
            fields.append("home: true")
        print("  - {" + ", ".join(fields) + "}")


if __name__ == "__main__":
    main(sys.argv[1])

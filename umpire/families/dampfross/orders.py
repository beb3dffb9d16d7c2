"""Dampfross orders: the text players write, parsed into construction chains and race entries.
The header lines every family shares are described in umpire/kernel/order_header.py.

One order per line; keywords are case-insensitive; `#` starts a comment. In mail, quoted
lines (`>`) and everything after a signature line (`-- `) are ignored. Zine notation is
read as written in postal games: `1a) (Liverpool) - Bolton - Manchester - H8 ;` with towns
by name and only the turning points of straight runs.

Any text whatever is read to an Order: each line it cannot read becomes a LineError quoting
the line (see echo.py) and saying what would work; what cannot be an order at all (too large,
binary, conflicting header lines, mostly unreadable) sets `Order.refusal`. The limits below
are documented in docs/orders.md.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from itertools import pairwise
from typing import NamedTuple

from ...kernel import keywords
from ...kernel.echo import MASK, clip, quote
from ...kernel.language import N_, _
from ...kernel.names import closest, did_you_mean, fold_char, place_key
from ...kernel.order_header import (
    ORDER_READING,
    LineError,
    OrderLineError,
    control_char,
    is_pass,
    keyword_of,
    plain_dashes,
    split_press,
    visible,
)
from . import WORDS
from .gamemap import GameMap
from .hexgrid import Hex, column_letters, label

MAX_ORDER_BYTES = 64 * 1024      # a larger order is refused at once
MAX_LINE_CHARS = 2_000           # a longer line is refused at once
MAX_REFUSED_LINES = 50           # an order with more lines that cannot be read is refused as a whole
MAX_DIGITS = 6                   # of a number in an order: round, transport, amount
MAX_CHAIN_HEXES = 250            # of a chain or race route, its straight runs filled in
KEYWORDS = ("GAME", "COMPANY", "PLAYER", "CODE", "ROUND", "HOME", "BUILD", "RACE", "JUMP", "JOINT", "FERRY",
            "AFTER")
HEADER_RULE = N_("an order has one GAME, one COMPANY, one CODE and at most one ROUND line "
                 "(the same line written twice is fine)")
_AFTER = re.compile(r"([0-9]{1,3})\s+(BUILD|JUMP)\b\s*(.*)$", re.IGNORECASE | re.ASCII)
_ZINE_LABEL = re.compile(r"^\s*[0-9]{1,3}[a-z]?\)\s*", re.IGNORECASE)
_HEX = re.compile(r"[A-Za-z]{1,3}[0-9]{1,3}(?!\w)")
_SEPARATORS = " \t-–—,()"
_WORD = re.compile(r"[^\s\-,\[\]()]+")
_NUMBER = re.compile(rf"[0-9]{{1,{MAX_DIGITS}}}")
_FEE = re.compile(r"^-([0-9]+)\s*([\w.-]{1,40})$")
_BONUS = re.compile(r"^\+([0-9]+)$")
_NAME = re.compile(r"[\w.-]{1,40}")
_NAME_GAP = r"[\s\-–—]+"           # between the words of a place name: `Dun Laoghaire`, `Dun-Laoghaire`
_NEXT_WORD = re.compile(rf"{_NAME_GAP}([^\s\-–—,;\[\]()]+)")


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
    refusal: str | None = None          # why the whole order is refused, whatever its lines say
    passed: int | None = None           # the line of a PASS (reading 2): nothing this round, knowingly

    def lines_read(self) -> int:
        """How many order lines (not the header) were read: HOME, chains, races, JUMP, JOINT,
        FERRY and PASS; a line of several chains counts once."""
        numbers = {c.line for c in self.chains} | {r.line for r in self.races} | {j.line for j in self.jumps} | \
            {j.line for j in self.joints} | {f.line for f in self.ferries}
        return len(numbers) + (self.home is not None) + (self.passed is not None)


# ---------------------------------------------------------------------------
@lru_cache(maxsize=16)
def _names_pattern(place_names: tuple[str, ...]) -> re.Pattern | None:
    """One pattern for every place name of a map, longest first, folded as orders are read, its
    words apart by spaces or hyphens whichever the map writes (made once per map: every order
    read on it uses it)."""
    names = sorted(place_names, key=len, reverse=True)
    pattern = "|".join(
        _NAME_GAP.join(re.escape("".join(fold_char(c) for c in word)) for word in re.split(_NAME_GAP, n.strip()))
        for n in names if n.strip())
    return re.compile(rf"(?:{pattern})(?![\w])") if pattern else None


class PlaceReader:
    """Reads hex labels and town names off a piece of text, for one map."""

    def __init__(self, game_map: GameMap, other_names: bool = False):
        """`other_names`: places read by their English names and transliterations too (reading 3
        on: kernel/keywords.py `other_names`)."""
        self.map = game_map
        names = game_map.place_names()
        others = keywords.other_names(names) if other_names else {}
        self._others = {place_key(other): name for other, name in others.items()}
        self._names = _names_pattern(tuple(names + list(others) + list(game_map.printed_names)))
        self._ferry_steps = {frozenset((f.port, f.landing)) for f in game_map.ferries}

    def place(self, text: str) -> Hex:
        points = self.points(text)
        if len(points) != 1:
            raise OrderLineError(_("{text} is not one place.").format(text=quote(text.strip())))
        return points[0].hex

    def points(self, text: str) -> list[Point]:
        """The written points of a chain, with their bracketed annotations."""
        folded = text.lower() if text.isascii() else "".join(fold_char(c) for c in text)   # ASCII: fold_char is lower
        points: list[Point] = []
        i, named = 0, None              # named: where the town name read last stands, if it was the last point
        while i < len(text):
            ch = text[i]
            if ch in _SEPARATORS or ch.isspace():
                i += 1
                continue
            if ch == "[":
                end = text.find("]", i)
                if end < 0:
                    raise OrderLineError(_("the bracket at {text} is not closed; write e.g. [+6] or [-1 blue].")
                                         .format(text=quote(text[i:i + 12])))
                if not points:
                    raise OrderLineError(_("{text} stands before any hex; write it after the hex it belongs to.")
                                         .format(text=quote(text[i:end + 1])))
                self._annotate(points[-1], text[i + 1:end])
                i, named = end + 1, None
                continue
            if ch == "]":
                raise OrderLineError(_("the bracket at {text} closes nothing; write a note after a hex as e.g. "
                                       "[+6] or [-1 blue].").format(text=quote(text[max(0, i - 11):i + 1])))
            m = self._names.match(folded, i) if self._names else None
            if m:
                name = text[m.start():m.end()]
                h = self.map.hex_named(name) or self.map.hex_named(self._others.get(place_key(name), ""))
                if h is None:
                    raise OrderLineError(_("{name} is read as a town name, but no town of this map has it; write "
                                           "the town's hex label instead.").format(name=quote(name)))
                points.append(Point(h))
                i, named = m.end(), (m.start(), m.end())
                continue
            m = _HEX.match(text, i)
            if m:
                h = self.map.hex_labelled(m.group(0))
                if h is None or not self.map.on_map(h):
                    raise OrderLineError(_("{hex} is off the map; {extent}.").format(hex=m.group(0).upper(),
                                                                                    extent=self.extent()))
                points.append(Point(h))
                i, named = m.end(), None
                continue
            word = _WORD.match(text, i).group(0)
            if word == MASK:
                raise OrderLineError(_("an order code stands here (shown as {mask}); write the code on the CODE "
                                       "line only, and keep it secret.").format(mask=MASK))
            raise self.unknown(text, i, named)
        return points

    def unknown(self, text: str, at: int, named: tuple[int, int] | None = None) -> OrderLineError:
        """The refusal of the word at `at`, which is neither a label nor a town: naming it, with the
        map's closest town names (the word alone, or with the next one or two, as `Dun Laoghiare`,
        or after the town name read just before it, at `named`, as `Frankfurt-Oder`, that town aside)."""
        word = _WORD.match(text, at).group(0)
        names = self.map.place_names()
        spans, end = [(word, names)], at + len(word)
        if named is not None:
            read = place_key(text[named[0]:named[1]])
            spans.append((text[named[0]:end], [n for n in names if place_key(n) != read]))
        for _more in range(2):
            m = _NEXT_WORD.match(text, end)
            if not m:
                break
            end = m.end()
            spans.append((text[at:end], names))
        guesses = [(found[0][0], span, [name for _, name in found])
                   for span, among in spans if (found := closest(span, among))]
        if not guesses:
            return OrderLineError(_("{word} is neither a hex label nor a town on this map; write a hex as column "
                                    "letters and row number ({example}) or a town by its name.").format(
                                        word=quote(word), example=self.example_label()))
        _score, span, names = max(guesses, key=lambda g: g[0])
        return OrderLineError(_("{word} is neither a hex label nor a town on this map; {guess} A hex is written as "
                                "column letters and row number ({example}).").format(
                                    word=quote(span), guess=did_you_mean(names), example=self.example_label()))

    def starts_with_place(self, line: str) -> bool:
        """Whether the line begins with a town name or the label of a hex of the map (a zine chain)."""
        folded = "".join(fold_char(c) for c in line)
        if self._names and self._names.match(folded):
            return True
        m = _HEX.match(line)
        return bool(m) and (h := self.map.hex_labelled(m.group(0))) is not None and self.map.on_map(h)

    def example_label(self) -> str:
        """The label of a hex of this map, for messages: its first city's."""
        cities = self.map.cities
        return self.map.label(cities[0].hex) if cities else "A1"

    @cached_property
    def chain(self) -> str:
        """Three adjacent hexes of this map from its first city (`AE22-AF22-AF23`), for messages."""
        grid = self.map.grid
        path = [self.map.cities[0].hex if self.map.cities else self.map.all_hexes[0]]
        while len(path) < 3:
            step = next((n for n in sorted(grid.neighbours(path[-1])) if self.map.on_map(n) and n not in path), None)
            if step is None:
                break
            path.append(step)
        return "-".join(self.map.label(h) for h in path)

    @property
    def step(self) -> str:
        """Two adjacent hexes of this map, for messages."""
        return "-".join(self.chain.split("-")[:2])

    def example_home(self) -> str:
        """A home terminal of this map, for messages."""
        homes = self.map.home_terminals
        return homes[0].name if homes else self.example_label()

    def extent(self) -> str:
        """The labels a hex of this map may have, for messages."""
        grid = self.map.grid
        return _("the map has columns A to {last} and rows 1 to {rows}").format(last=column_letters(grid.width - 1),
                                                                                 rows=grid.height)

    @staticmethod
    def _annotate(point: Point, inner: str):
        for item in re.split(r"\s*[,;]\s*", inner.strip()):
            if not item:
                continue
            if (m := _BONUS.match(item)) and _amount(m.group(1), inner):
                point.expectations.append(Expectation("bonus", int(m.group(1)), None, clip(f"[{inner}]")))
            elif (m := _FEE.match(item)) and _amount(m.group(1), inner):
                point.expectations.append(Expectation("fee", int(m.group(1)), m.group(2).lower(),
                                                      clip(f"[{inner}]")))
            elif _NAME.fullmatch(item):
                point.owner = item.lower()
            else:
                raise OrderLineError(_("{note} is not understood; write [+6] for an expected bonus, [-1 blue] for "
                                       "an expected fee, or [blue] for whose track a race uses.").format(
                                           note=quote(f'[{inner}]')))

    def expand(self, points: list[Point]) -> tuple[list[Hex], dict[int, Point]]:
        """Fill in straight runs between written points; return the hexes and where each point landed."""
        if not points:
            raise OrderLineError(_("there is no hex in it."))
        hexes = [points[0].hex]
        where = {0: points[0]}
        for prev, point in pairwise(points):
            a, b = prev.hex, point.hex
            if a == b:
                raise OrderLineError(_("{hex} is written twice in a row.").format(hex=self.map.label(a)))
            if frozenset((a, b)) in self._ferry_steps:
                hexes.append(b)                     # a ferry crossing: one step over the water
                where[len(hexes) - 1] = point
                continue
            run = self.map.grid.straight_run(a, b)
            if run is None:
                chain = "-".join(self.map.label(h) for h in self.suggest(a, b))
                raise OrderLineError(_("{a}-{b}: not adjacent, and not on one hex line; a straight run needs both "
                                       "on one hex line, or write {chain}.").format(a=self.map.label(a),
                                                                                    b=self.map.label(b), chain=chain))
            hexes.extend(run[1:])
            where[len(hexes) - 1] = point
            if len(hexes) > MAX_CHAIN_HEXES:
                raise OrderLineError(_("the chain runs to more than {most} hexes, and the umpire reads chains and "
                                       "routes of up to {most}; write a shorter one.").format(most=MAX_CHAIN_HEXES))
        return hexes, where

    def suggest(self, a: Hex, b: Hex) -> list[Hex]:
        """A path of adjacent hexes from a to b, for error messages (each step one hex nearer)."""
        grid = self.map.grid
        path, here = [a], a
        while here != b:
            step = min(grid.neighbours(here), key=lambda n: (grid.distance(n, b), n), default=None)
            if step is None or grid.distance(step, b) >= grid.distance(here, b):
                break
            here = step
            path.append(here)
        return path


def _amount(digits: str, inner: str) -> bool:
    if len(digits) > MAX_DIGITS:
        raise OrderLineError(_("{note}: an amount has at most {digits} digits.").format(note=quote(f'[{inner}]'),
                                                                                          digits=MAX_DIGITS))
    return True


# ---------------------------------------------------------------------------
def _mail_lines(text: str):
    """Numbered lines, without quoted lines (`>`), press (umpire/usecases/press.py) and the signature
    (from `-- ` on)."""
    for number, raw in enumerate(split_press(text)[0].splitlines(), 1):
        if raw.rstrip() == "--" or raw.startswith("-- "):
            return
        if raw.lstrip().startswith(">"):
            continue
        yield number, raw


def parse_order(text: str, game_map: GameMap, reading: int = ORDER_READING) -> Order:
    """Read an order as `reading` reads it (order_header.ORDER_READING); unreadable lines are
    collected in `order.errors`, never raised, and a reason to refuse the order as a whole in
    `order.refusal`. A CODE line is never echoed with its code; codes elsewhere are masked
    before (mask_codes)."""
    with keywords.reading_words(reading, "dampfross"):
        return _parse(text, game_map, reading)


def _parse(text: str, game_map: GameMap, reading: int) -> Order:
    if reading >= 2:
        text = plain_dashes(text)
    order = Order(refusal=_refusal_of_the_whole(text))
    reading_now = _Reading(order, {}, PlaceReader(game_map, reading >= keywords.GERMAN_READING), reading)
    for number, raw in _mail_lines(text[:MAX_ORDER_BYTES]):
        shown = visible(raw)
        keyword, word, rest = keyword_of(shown)
        if not word:
            continue
        if keyword == "CODE":
            shown = f"{word} {MASK}" if rest else word
        order.lines += 1
        if order.refusal and keyword not in _HEADER_KEYWORDS:
            continue                         # refused as a whole: only its header is read, to say whose it is
        try:
            _readable_line(raw, shown)
            _LINE_READERS.get(keyword, _read_unkeyed)(reading_now, _Line(number, shown, keyword, word, rest))
        except OrderLineError as exc:
            _line_not_read(order, number, shown, exc)
    return order


@dataclass
class _Reading:
    """An order being read: what it says so far, its header lines, the map's places, the reading."""

    order: Order
    headers: dict[str, tuple[int, str]]
    reader: PlaceReader
    reading: int


class _Line(NamedTuple):
    """One line of an order: its number, the line as shown, its keyword, first word and the rest."""

    number: int
    shown: str
    keyword: str
    word: str
    rest: str


_HEADER_KEYWORDS = ("GAME", "COMPANY", "PLAYER", "CODE", "ROUND")


def _refusal_of_the_whole(text: str) -> str | None:
    """Why an order is no text to read at all: too large, or binary."""
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > MAX_ORDER_BYTES:
        return _("the order is {size} bytes long, and the umpire reads orders of up to {most} bytes; send the "
                 "orders alone, as plain text.").format(size=f"{size:,}", most=f"{MAX_ORDER_BYTES:,}")
    if "\0" in text:
        return _("the order holds NUL characters, so it is not text (a binary file?); send it as plain text.")
    return None


def _readable_line(raw: str, shown: str):
    """A line too long, or with a control character, is refused before it is read."""
    if len(raw) > MAX_LINE_CHARS:
        raise OrderLineError(_("the line is {size} characters long, and the umpire reads lines of up to {most}; "
                               "split a long chain into several BUILD lines.").format(
                                   size=f"{len(raw):,}", most=f"{MAX_LINE_CHARS:,}"))
    if (ch := control_char(shown)) is not None:
        raise OrderLineError(_("it holds the control character {char}, which no order uses; write orders as "
                               "plain text.").format(char=f"U+{ord(ch):04X}"))


def _line_not_read(order: Order, number: int, shown: str, exc: OrderLineError):
    """A line that cannot be read; past MAX_REFUSED_LINES of them the order is refused as a whole."""
    order.errors.append(LineError(number, clip(shown), str(exc)))
    if len(order.errors) > MAX_REFUSED_LINES and not order.refusal:
        first = order.errors[0]
        order.refusal = _("more than {most} of its lines cannot be read, so it is not taken as an order (the "
                          "first, {first}); send the orders as plain text, one a line.").format(
                              most=MAX_REFUSED_LINES, first=first)


def _read_game(r: _Reading, line: _Line):
    _header(r.order, r.headers, "game", line.number, _one_word(line.rest, "GAME", "GAME ireland-1"))


def _read_company(r: _Reading, line: _Line):
    _header(r.order, r.headers, "company", line.number, _one_word(line.rest, line.keyword, "COMPANY red").lower())


def _read_code(r: _Reading, line: _Line):
    _one_word(line.rest, "CODE", _("CODE tulip-00 (the code the GM sent)"))
    _header(r.order, r.headers, "code", line.number, line.rest)


def _read_round(r: _Reading, line: _Line):
    if not _NUMBER.fullmatch(line.rest):
        raise OrderLineError(_("ROUND takes the round number ({digits} digits at most), e.g. ROUND 3.").format(
            digits=MAX_DIGITS))
    _header(r.order, r.headers, "round", line.number, int(line.rest))


def _read_home(r: _Reading, line: _Line):
    """HOME: one home terminal; a second, different HOME line is refused and the first stands."""
    order = r.order
    if not line.rest:
        raise OrderLineError(_("HOME takes a home terminal, by name or hex, e.g. HOME {home}.").format(
            home=r.reader.example_home()))
    home = r.reader.place(line.rest)
    if order.home is not None and home != order.home:
        raise OrderLineError(_("a second HOME line; the first (line {line}, {hex}) stands: a company chooses one "
                               "home terminal.").format(line=order.home_line, hex=r.reader.map.label(order.home)))
    if order.home is None:
        order.home, order.home_line = home, line.number


def _read_build(r: _Reading, line: _Line):
    _read_chains(line.rest, line.number, line.shown, r.reader, r.order,
                 _("BUILD takes a chain of hexes, e.g. BUILD {chain}.").format(chain=r.reader.chain))


def _read_race_line(r: _Reading, line: _Line):
    r.order.races.append(_read_race(line.rest, line.number, line.shown, r.reader))


def _read_jump(r: _Reading, line: _Line):
    r.order.jumps.append(Jump(line.number, clip(line.shown),
                              _read_line_chain(line.rest, r.reader, "JUMP", f"JUMP {r.reader.chain}")))


def _read_after_line(r: _Reading, line: _Line):
    _read_after(line.rest, line.number, line.shown, r.reader, r.order)


def _read_joint(r: _Reading, line: _Line):
    """JOINT partner chain: a chain built with another company."""
    partner, _space, chain = line.rest.partition(" ")
    if not partner or not chain.strip():
        raise OrderLineError(_("write JOINT partner chain, e.g. JOINT blue {chain}.").format(chain=r.reader.chain))
    example = f"JOINT blue {r.reader.chain}"
    r.order.joints.append(JointChain(line.number, clip(line.shown), _partner(partner, example),
                                     _read_line_chain(chain, r.reader, "JOINT", example)))


def _read_ferry_line(r: _Reading, line: _Line):
    r.order.ferries.append(FerryOrder(line.number, clip(line.shown), _read_ferry(line.rest, r.reader.map)))


def _read_unkeyed(r: _Reading, line: _Line):
    """A line without a keyword: PASS (from reading 2 on), a zine chain, or no order."""
    text = line.shown.split("#", 1)[0].strip()
    if r.reading >= 2 and is_pass(text):
        r.order.passed = r.order.passed or line.number
    elif _ZINE_LABEL.match(text) or text.startswith("(") or r.reader.starts_with_place(text):
        _read_chains(text, line.number, line.shown, r.reader, r.order,
                     _("the chain label stands alone; write the chain after it, e.g. 1a) {step} ;").format(
                         step=r.reader.step))
    else:
        raise OrderLineError(_("{word} is not an order; lines start with GAME, COMPANY, CODE, ROUND, HOME, BUILD, "
                               "RACE, JUMP, JOINT, FERRY or AFTER.").format(word=quote(line.word)))


_LINE_READERS = {      # keyword -> how its line is read into the order
    "GAME": _read_game,
    "COMPANY": _read_company,
    "PLAYER": _read_company,
    "CODE": _read_code,
    "ROUND": _read_round,
    "HOME": _read_home,
    "BUILD": _read_build,
    "RACE": _read_race_line,
    "JUMP": _read_jump,
    "AFTER": _read_after_line,
    "JOINT": _read_joint,
    "FERRY": _read_ferry_line,
}


def _header(order: Order, seen: dict[str, tuple[int, str]], name: str, number: int, value):
    """Set a header value; a different value on a second line refuses the order (HEADER_RULE)."""
    first = seen.get(name)
    if first is None:
        seen[name] = (number, value)
        setattr(order, name, value)
        return
    same = first[1].lower() == value.lower() if isinstance(value, str) else first[1] == value
    if not same and not order.refusal:
        keyword = "COMPANY" if name == "company" else name.upper()
        shown = "" if name == "code" else _(" ({first} and {second})").format(first=quote(str(first[1])),
                                                                               second=quote(str(value)))
        order.refusal = _("it has two different {keyword} lines, lines {first} and {second}{shown}; {rule}. Send it "
                          "again with one.").format(keyword=keyword, first=first[0], second=number, shown=shown,
                                                    rule=_(HEADER_RULE))


def _said(words: str) -> str:
    """A keyword or example line as a refusal writes it, in the reader's language."""
    return keywords.written_line(words, WORDS)


def _one_word(rest: str, keyword: str, example: str) -> str:
    if not rest or len(rest.split()) != 1:
        raise OrderLineError(_("{keyword} takes one word, e.g. {example}.").format(
            keyword=_said(keyword), example=_said(example)))
    return rest


def _partner(word: str, example: str) -> str:
    if not _NAME.fullmatch(word):
        raise OrderLineError(_("{word} is not a company id; write e.g. {example}.").format(
            word=quote(word), example=_said(example)))
    return word.lower()


def _read_chains(text: str, number: int, shown: str, reader: PlaceReader, order: Order, empty: str):
    """One or more chains separated by `;`, each with an optional zine label `1a)`."""
    problems = []
    pieces = [p for p in text.split(";") if p.strip()]
    for piece in pieces:
        body = _ZINE_LABEL.sub("", piece, count=1).strip()
        try:
            if not body:
                raise OrderLineError(_("{label} labels no chain; write the chain after the label, e.g. 1a) {step} ;")
                                     .format(label=quote(piece.strip()), step=reader.step))
            points = reader.points(body)
            hexes, where = reader.expand(points)
            if len(hexes) < 2:
                raise OrderLineError(_("a chain needs at least two hexes: where it starts and where it goes."))
            expectations = {i: p.expectations for i, p in where.items() if p.expectations}
            if any(p.owner for p in where.values()):
                raise OrderLineError(_("[name] picks whose track a race uses; in BUILD write [-1 blue] for an "
                                       "expected fee."))
            order.chains.append(Chain(number, clip(body), hexes, expectations))
        except OrderLineError as exc:
            problems.append(f"{quote(body or piece.strip())}: {exc}" if len(pieces) > 1 else str(exc))
    if not pieces:
        raise OrderLineError(empty)
    if len(problems) > 3:
        problems[3:] = [_("and {n} more chains that cannot be read").format(n=len(problems) - 3)]
    if problems:
        raise OrderLineError("; ".join(problems))


def _read_after(rest: str, number: int, shown: str, reader: PlaceReader, order: Order):
    """`AFTER 7 BUILD chain` or `AFTER 7 JUMP chain`: a build section for one transport."""
    m = _AFTER.match(rest)
    if not m or not m.group(3).strip():
        raise OrderLineError(_("write AFTER n BUILD chain (or AFTER n JUMP chain) for the building after "
                               "transport n, e.g. AFTER 7 BUILD {step}.").format(step=reader.step))
    transport, keyword, body = int(m.group(1)), m.group(2).upper(), m.group(3)
    if keyword == "JUMP":
        order.jumps.append(Jump(number, clip(shown),
                                _read_line_chain(body, reader, "JUMP", f"AFTER 7 JUMP {reader.chain}"), transport))
        return
    first = len(order.chains)
    _read_chains(body, number, shown, reader, order,
                 _("AFTER n BUILD takes a chain of hexes, e.g. AFTER 7 BUILD {step}.").format(step=reader.step))
    for chain in order.chains[first:]:
        chain.after = transport


def _read_line_chain(text: str, reader: PlaceReader, keyword: str, example: str) -> list[Hex]:
    """The one chain of a JUMP or JOINT line, straight runs filled in."""
    if not text.strip():
        raise OrderLineError(_("{keyword} takes a chain of hexes, e.g. {example}.").format(
            keyword=_said(keyword), example=_said(example)))
    points = reader.points(text)
    if any(p.owner or p.expectations for p in points):
        raise OrderLineError(_("{keyword} takes hexes only, e.g. {example}.").format(
            keyword=_said(keyword), example=_said(example)))
    hexes, _where = reader.expand(points)
    if len(hexes) < 2:
        raise OrderLineError(_("a {keyword} chain needs at least two hexes, e.g. {example}.").format(
            keyword=_said(keyword), example=_said(example)))
    return hexes


def _read_ferry(text: str, game_map: GameMap) -> str:
    """The name of the ferry a FERRY line means: by port (name or hex) or as `Port-Landing`."""
    ferries = game_map.ferries
    if not ferries:
        raise OrderLineError(_("this map has no ferries."))
    wanted = _ferry_key(text)
    listed = ", ".join(f.name for f in ferries)
    if not wanted:
        raise OrderLineError(_("FERRY takes a ferry, by its port or as Port-Landing; the ferries are {ferries}.")
                             .format(ferries=listed))
    named = [f for f in ferries if _ferry_key(f.name) == wanted]
    if not named:
        named = [f for f in ferries
                 if _ferry_key(f.port_name) == wanted or _ferry_key(game_map.label(f.port)) == wanted]
    if len(named) == 1:
        return named[0].name
    if named:
        raise OrderLineError(_("{text} has {n} ferries ({ferries}); write the one meant as Port-Landing.").format(
            text=quote(text.strip()), n=len(named), ferries=", ".join(f.name for f in named)))
    raise OrderLineError(_("{text} is not a ferry of this map; the ferries are {ferries}.").format(
        text=quote(text.strip()), ferries=listed))


def _ferry_key(text: str) -> str:
    return re.sub(r"[\s\-–—]+", "-", "".join(fold_char(c) for c in text.strip().lower())).strip("-")


def _read_route(text: str, reader: PlaceReader) -> Route:
    points = reader.points(text)
    hexes, where = reader.expand(points)
    owners = {i: p.owner for i, p in where.items() if p.owner}
    return Route(hexes, owners, [x for p in points for x in p.expectations])


def _read_race(rest: str, number: int, shown: str, reader: PlaceReader) -> RaceEntry:
    words = rest.split(None, 2)
    if len(words) < 2 or not _NUMBER.fullmatch(words[0]):
        raise OrderLineError(_("write RACE n RUN route, RACE n JOIN company route or RACE n PASS (n the "
                               "transport's number, {digits} digits at most).").format(digits=MAX_DIGITS))
    transport, action = int(words[0]), words[1].upper()
    body = words[2] if len(words) > 2 else ""
    entry = RaceEntry(number, clip(shown), transport, action)
    if action == "PASS":
        if body:
            raise OrderLineError(_("RACE n PASS takes nothing after it."))
        return entry
    if action == "JOIN":
        partner, _space, body = body.partition(" ")
        if not partner:
            raise OrderLineError(_("write RACE n JOIN company route, naming the partner company."))
        entry.partner = _partner(partner, f"RACE 3 JOIN blue {reader.step}")
    elif action != "RUN":
        raise OrderLineError(_("{word}: a race entry is RUN, JOIN or PASS.").format(word=quote(words[1])))
    m = re.search(r"\bTO\s+(.+)$", body, re.IGNORECASE)
    if m:
        entry.to = reader.place(m.group(1))
        body = body[:m.start()]
    alternatives = re.split(r"\bELSE\b", body, flags=re.IGNORECASE)
    if not body.strip():
        raise OrderLineError(_("RACE {transport} {action} needs a route from the start to the destination.").format(
            transport=transport, action=action))
    for alt in alternatives:
        if not alt.strip():
            raise OrderLineError(_("ELSE must stand between two routes."))
        route = _read_route(alt, reader)
        if len(route.hexes) < 2:
            raise OrderLineError(_("a route needs at least two hexes."))
        entry.routes.append(route)
    return entry


def format_chain(hexes: list[Hex], game_map: GameMap | None = None) -> str:
    """The hexes as a chain, in the map's printed labels where it has them."""
    return "-".join(game_map.label(h) if game_map else label(h) for h in hexes)

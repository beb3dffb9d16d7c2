"""The body of a Volldampf order (rule reference, section 16): one line an order, read into
plain data. Every line that cannot be read is refused with the line quoted, why, and what
would work; the good lines are kept. Nothing here raises on any input but UmpireError."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property

from ...errors import UmpireError
from ...kernel import keywords
from ...kernel.language import _
from ...kernel.names import fold
from . import WORDS
from .examples import Examples, examples, suggestion
from .state import CUBE_COLOURS

MAX_QUOTE = 120
MAX_LINES = 200
TURN_OF = {"BONDS": "A", "BID": "A", "CHOOSE": "A", "REARRANGE": "A", "BUILD": "B", "DISCARD": "B",
           "MOVE": "C", "SUBSIDY": "C", "SABOTAGE": "C", "EXTRA": "C", "TAKEFROM": "C", "REPLAN": "ABC"}
MERGED_TURN_OF = {k: v.replace("C", "B") if v != "ABC" else "AB" for k, v in TURN_OF.items()}
_ANNOTATION = re.compile(r"\[\s*([+-]?\d{1,4})\s*\]")


@dataclass(frozen=True)
class Build:
    link: str
    favour: str | None = None


@dataclass(frozen=True)
class Discard:
    region: str


@dataclass(frozen=True)
class Move:
    """A cube's route: `start`, then hops (link id or None for 'the link of that pair', location id).
    `best` routes have no hops: the umpire picks the route at resolution."""

    colour: str
    start: str
    hops: tuple[tuple[str | None, str], ...] = ()
    fast: bool = False
    best: str | None = None          # destination-free BEST: the location the cube stands on


@dataclass(frozen=True)
class Decline:
    pass


@dataclass(frozen=True)
class Line:
    """One order line with alternatives, its text, its number and any expected figure."""

    number: int
    text: str
    alternatives: tuple
    expected: int | None = None


@dataclass(frozen=True)
class Sabotage:
    number: int
    text: str
    target: str
    move: int | None = None
    gain: int | None = None


@dataclass(frozen=True)
class Extra:
    number: int
    text: str
    move: int
    places: tuple[tuple[str, str], ...]   # (colour, location id) in the order written


@dataclass(frozen=True)
class Replan:
    number: int
    text: str
    colour: str
    source: str
    target: str
    when: str = "MOVE"      # NOW, BUILD or MOVE
    k: int = 1


@dataclass
class TurnOrders:
    """What one player ordered for one mail turn, as the umpire read it."""

    bonds: int | None = None
    bids: list[int] | None = None
    choose: list[int] | None = None
    rearrange: tuple[tuple[str, ...], ...] | None = None
    replans: list[Replan] = field(default_factory=list)
    builds: list[Line] = field(default_factory=list)
    moves: list[Line] = field(default_factory=list)
    subsidy: Line | None = None
    sabotages: list[Sabotage] = field(default_factory=list)
    extras: list[Extra] = field(default_factory=list)
    takefrom: str | None = None
    read: list[tuple[int, str, str]] = field(default_factory=list)    # (line, keyword, text) of each line read


def turn_of(keyword: str, merged: bool = False) -> str:
    """The turn letters a keyword's line belongs to; with `merge_build_move` turn C's go to turn B."""
    return (MERGED_TURN_OF if merged else TURN_OF)[keyword]


def replan_turn(when: str, merged: bool = False) -> str:
    """The turn letter a REPLAN is played in: NOW in A, BUILD k in B, MOVE k in C (B when merged)."""
    return {"NOW": "A", "BUILD": "B", "MOVE": "B" if merged else "C"}[when]


def line_turn(keyword: str, orders: TurnOrders, number: int, merged: bool = False) -> str:
    """The turn letters of line `number` as read; a REPLAN's follow its NOW, BUILD k or MOVE k."""
    replan = next((r for r in orders.replans if r.number == number), None) if keyword == "REPLAN" else None
    return replan_turn(replan.when, merged) if replan else turn_of(keyword, merged)


def quote(text: str) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= MAX_QUOTE else text[:MAX_QUOTE - 3] + "..."


class _Refused(Exception):
    def __init__(self, why: str, fix: str = ""):
        super().__init__(why)
        self.why, self.fix = why, fix


class BodyReader:
    """Reads body lines against a board, for one player, in one mail turn (`A`, `B` or `C`).

    Without a turn every keyword is read (an order is read before the umpire knows for which
    turn it counts); without players any player id is taken and checked at resolution, and
    `count` (the number of players, if known) says whether BID may repeat with THEN."""

    def __init__(self, board, players: list[str] | None, me: str | None, turn: str = "", open_turn: str = "",
                 merged: bool = False, count: int | None = None):
        self.board, self.players, self.me = board, list(players) if players is not None else None, me
        self.count = len(self.players) if self.players is not None else count     # the number of players
        self.turn, self.open_turn, self.merged = turn[:1], open_turn or turn, merged
        self.regions = {fold(r): r for r in board.regions}

    # -- entry point ----------------------------------------------------------------
    def read(self, lines: list[tuple[int, str]]) -> tuple[TurnOrders, list[UmpireError]]:
        orders, errors = TurnOrders(), []
        for number, raw in lines[:MAX_LINES]:
            text = " ".join(str(raw).split("#", 1)[0].split())
            if not text:
                continue
            try:
                keyword = self._line(orders, number, text)
                orders.read.append((number, keyword, text))
            except _Refused as exc:
                error = UmpireError(_("{text} refused: {why}.").format(text=repr(quote(text)), why=exc.why),
                                    _("line {number}").format(number=number),
                                    keywords.written_line(exc.fix, WORDS) or None)
                error.line = number
                errors.append(error)
        if len(lines) > MAX_LINES:
            errors.append(UmpireError(_("the order has {n} lines; only the first {most} were read.").format(
                n=len(lines), most=MAX_LINES), _("line {number}").format(number=lines[MAX_LINES][0]),
                _("Send a shorter order.")))
        return orders, errors

    def _line(self, orders: TurnOrders, number: int, text: str):
        expected, body = _annotation(text)
        words = body.split()
        if not words:
            raise _Refused(_("the line holds only an expected figure"),
                           _("Write the order before it, e.g. {example}.").format(
                               example=f"MOVE blue {self._ex.move} [+2]"))
        keyword, german = keywords.english_keyword(words[0])
        if german:
            body = f"{keyword} {keywords.english_rest(body.split(None, 1)[1] if len(words) > 1 else '')}".strip()
            words = body.split()
        if keyword not in TURN_OF:
            raise _Refused(_("{word} is not an order").format(word=repr(words[0])), self._orders_of_turn())
        letters = turn_of(keyword, self.merged)
        if self.turn and self.turn not in letters:
            raise _Refused(_("{keyword} belongs to turn {letters} of a round; the open turn is {turn}").format(
                keyword=keyword, letters=letters, turn=self.open_turn),
                _("Send it when turn {letters} is open.").format(letters=letters))
        getattr(self, "_" + keyword.lower())(orders, number, text, body, words[1:], expected)
        return keyword

    def _orders_of_turn(self) -> str:
        """Which orders there are (of the open turn, where it is known), and where the player finds them."""
        keywords = [k for k in TURN_OF if not self.turn or self.turn in turn_of(k, self.merged)]
        listed = dict(turn=self.open_turn, keywords=", ".join(keywords[:-1]), last=keywords[-1])
        if self.turn:
            return _("The orders of turn {turn} are {keywords} and {last}; the order form at the end of your private "
                     "sheet has an example of each that you can send now, and the how-to-order part of your welcome "
                     "mail tells more.").format(**listed)
        return _("The orders are {keywords} and {last}; the order form at the end of your private sheet has an "
                 "example of each that you can send now, and the how-to-order part of your welcome mail tells "
                 "more.").format(**listed)

    # -- turn A ---------------------------------------------------------------------
    def _bonds(self, orders, number, text, body, args, expected):
        if len(args) != 1:
            raise _Refused(_("BONDS takes one number"), _("Write e.g. BONDS 2 (each bond brings 6 marks)."))
        orders.bonds = _number(args[0], "the number of bonds", 0, 99)

    def _bid(self, orders, number, text, body, args, expected):
        example = self._bid_example()
        words = [w for w in args if fold(w) not in ("mark", "marks")]     # BID 6 marks
        if not words:
            raise _Refused(_("BID needs a number"), _("Write e.g. {example}.").format(example=example))
        try:
            bids = [_number(words[0], _("the bid"), 0, 9999)]
            rest = words[1:]
            while rest:
                if len(rest) < 2 or rest[0].upper() != "THEN":
                    raise _Refused(_("after the bid only THEN and another bid may follow") if self.count in (None, 2)
                                   else _("BID takes one number"), "")
                bids.append(_number(rest[1], _("the bid after THEN"), 0, 9999))
                rest = rest[2:]
        except _Refused as exc:
            fix = (_("{fix}, e.g. {example}.").format(fix=exc.fix[:-1], example=example) if exc.fix
                   else _("Write e.g. {example}.").format(example=example))
            raise _Refused(exc.why, fix) from None
        if len(bids) > 1 and self.count is not None and self.count != 2:
            raise _Refused(_("THEN repeats tied sealed bids, which only a 2-player game has; with {n} players the "
                             "umpire plays the open auction up to your one highest bid").format(n=self.count),
                           _("Write one number, e.g. {example}.").format(example=f"BID {max(bids)}"))
        if len(bids) > 10:
            raise _Refused(_("at most 10 repeats"), _("Write e.g. {example}.").format(example=example))
        orders.bids = bids

    def _bid_example(self) -> str:
        """An example BID line for the game's number of players (both kinds when it is not known)."""
        if self.count is None:
            return _("BID 7 (with 2 players also BID 5 THEN 7)")
        return "BID 5 THEN 7" if self.count == 2 else "BID 7"

    def _choose(self, orders, number, text, body, args, expected):
        if not args:
            raise _Refused(_("CHOOSE needs group numbers"), _("Write e.g. CHOOSE 3 1 2, most wanted first."))
        seen = []
        for word in re.split(r"[\s,]+", " ".join(args)):
            if not word:
                continue
            n = _number(word, _("a group number"), 1, 6)
            if n in seen:
                raise _Refused(_("group {n} is listed twice").format(n=n),
                               _("List each group once, most wanted first."))
            seen.append(n)
        orders.choose = seen

    def _rearrange(self, orders, number, text, body, args, expected):
        if not args:
            raise _Refused(_("REARRANGE needs the new groups"), _rearrange_example())
        groups = {}
        for word in args:
            head, colon, cards = word.partition(":")
            if not colon:
                raise _Refused(_("{word} is not a group").format(word=repr(word)),
                               _("Write each group as 1:octagon,triangle,triangle."))
            n = _number(head, _("a group number"), 1, 6)
            if n in groups:
                raise _Refused(_("group {n} is given twice").format(n=n), _("Give each group once."))
            groups[n] = tuple(self._region(c) for c in cards.split(",") if c)
        if sorted(groups) != list(range(1, len(groups) + 1)) or (self.players and len(groups) != len(self.players)):
            raise _Refused(_("every group from 1 on must be given once"), _rearrange_example())
        orders.rearrange = tuple(groups[n] for n in sorted(groups))

    def _replan(self, orders, number, text, body, args, expected):
        words = [w.upper() for w in args]
        if "TO" not in words or len(args) < 4:
            raise _Refused(_("REPLAN names a cube, where it stands and where it goes"),
                           _("Write e.g. {example} (or NOW in turn A, BUILD k in turn B).").format(
                               example=f"REPLAN blue {self._ex.route[0]} TO {self._ex.route[1]} MOVE 1"))
        to = words.index("TO")
        colour = _colour(args[0])
        source = self._location(" ".join(args[1:to]))
        rest = args[to + 1:]
        when, k = {"A": "NOW", "B": "BUILD", "C": "MOVE"}.get(self.turn, "MOVE"), 1
        tail = [w.upper() for w in rest]
        for i, word in enumerate(tail):
            if word in ("NOW", "BUILD", "MOVE"):
                when = word
                k = _number(rest[i + 1], _("the turn number"), 1, 9) if word != "NOW" and i + 1 < len(rest) else 1
                rest = rest[:i]
                break
        if self.turn and replan_turn(when, self.merged) != self.turn:
            raise _Refused(_("REPLAN {when} is played in turn {letter}; the open turn is {turn}").format(
                when=when, letter=replan_turn(when, self.merged), turn=self.open_turn),
                _("Use NOW in turn A, BUILD k in turn B, MOVE k in turn {letter}.").format(
                    letter=replan_turn('MOVE', self.merged)))
        target = self._location(" ".join(rest))
        if self.board.locations[target].colour == "none":
            raise _Refused(_("{location} is a junction and never holds cubes").format(
                location=self.board.locations[target].name),
                _("Move the cube to a blue, violet, red or yellow location."))
        orders.replans.append(Replan(number, text, colour, source, target, when, k))

    # -- turn B ---------------------------------------------------------------------
    def _build(self, orders, number, text, body, args, expected):
        if not args:
            raise _Refused(_("BUILD needs a link"), _("Write e.g. {example}.").format(
                example=f"BUILD {self._ex.link} ELSE {self._ex.other_id}"))
        alternatives = []
        for part in _split_else(args):
            favour = None
            upper = [w.upper() for w in part]
            if "FAVOUR" in upper:
                i = upper.index("FAVOUR")
                if i + 2 != len(part):
                    raise _Refused(_("FAVOUR names one region after the link"), _("Write e.g. {example}.").format(
                        example=f"BUILD {self._ex.link_id} FAVOUR {next(iter(self.board.regions))}"))
                favour, part = self._region(part[i + 1]), part[:i]
            if not part:
                raise _Refused(_("an alternative names no link"), _("Write e.g. {example}.").format(
                    example=f"BUILD {self._ex.link} ELSE {self._ex.other_id}"))
            alternatives.append(Build(self._link(" ".join(part)), favour))
        self._limit(orders.builds, "BUILD and DISCARD")
        orders.builds.append(Line(number, text, tuple(alternatives), expected))

    def _discard(self, orders, number, text, body, args, expected):
        if len(args) != 1:
            raise _Refused(_("DISCARD names one region"), _("Write e.g. {example}.").format(
                example=f"DISCARD {next(iter(self.board.regions))}"))
        self._limit(orders.builds, "BUILD and DISCARD")
        orders.builds.append(Line(number, text, (Discard(self._region(args[0])),), expected))

    # -- turn C ---------------------------------------------------------------------
    def _move(self, orders, number, text, body, args, expected):
        self._limit(orders.moves, "MOVE", 2)
        orders.moves.append(Line(number, text, self._moves(args, allow_decline=True), expected))

    def _subsidy(self, orders, number, text, body, args, expected):
        if orders.subsidy is not None:
            raise _Refused(_("one SUBSIDY line a turn"), _("Give alternatives with ELSE on one line."))
        orders.subsidy = Line(number, text, self._moves(args, allow_decline=False), expected)

    def _moves(self, args, allow_decline):
        if not args:
            raise _Refused(_("a move needs a cube colour and a route"), _("Write e.g. {example}.").format(
                example=f"MOVE blue {self._ex.move} ELSE DECLINE"))
        alternatives = []
        for part in _split_else(args):
            if [w.upper() for w in part] == ["DECLINE"]:
                if not allow_decline:
                    raise _Refused(_("a subsidy move cannot be declined"),
                                   _("Leave out DECLINE; no move is made if none is legal."))
                alternatives.append(Decline())
                continue
            if part and part[0].upper() == "MOVE":
                part = part[1:]
            if len(part) < 2:
                raise _Refused(_("a move needs a cube colour and a route"),
                               _("Write e.g. {example}, or {other}.").format(
                    example=f"MOVE blue {self._ex.move}", other=f"MOVE blue {self._ex.route[0]} BEST"))
            colour = _colour(part[0])
            flags = [w.upper() for w in part[1:]]
            fast = "FAST" in flags
            best = "BEST" in flags
            route = [w for w in part[1:] if w.upper() not in ("FAST", "BEST")]
            if not route:
                raise _Refused(_("the move names no route"), _("Write e.g. {example}.").format(
                    example=f"MOVE blue {self._ex.move}"))
            if best:
                start = self._location(" ".join(route))
                alternatives.append(Move(colour, start, (), fast, best=start))
            else:
                start, hops = self._route(" ".join(route))
                alternatives.append(Move(colour, start, hops, fast))
        return tuple(alternatives)

    def _sabotage(self, orders, number, text, body, args, expected):
        if not args:
            raise _Refused(_("SABOTAGE names the player"), _("Write e.g. {example}.").format(
                example="SABOTAGE red MOVE 2 GAIN 2"))
        target = self._player(args[0])
        move = gain = None
        rest = [w.upper() for w in args[1:]]
        while rest:
            if len(rest) < 2 or rest[0] not in ("MOVE", "GAIN"):
                raise _Refused(_("after the player only MOVE k and GAIN n may follow"),
                               _("Write e.g. {example}.").format(
                    example="SABOTAGE red MOVE 2 GAIN 2"))
            if rest[0] == "MOVE":
                move = _number(rest[1], _("the move"), 1, 3)
            else:
                gain = _number(rest[1], _("the gain"), 0, 99)
            rest = rest[2:]
        if len(orders.sabotages) >= 4:
            raise _Refused(_("at most 4 SABOTAGE lines"), _("There are only two Sabotage cards."))
        orders.sabotages.append(Sabotage(number, text, target, move, gain))

    def _extra(self, orders, number, text, body, args, expected):
        upper = [w.upper() for w in args]
        if len(args) < 3 or upper[0] != "MOVE":
            raise _Refused(_("EXTRA names the move and where each colour goes"), _("Write e.g. {example}.").format(
                example=f"EXTRA MOVE 1 {self._extra_example()}"))
        move = _number(args[1], _("the move"), 1, 2)
        places, seen = [], set()
        for word in re.findall(r"([A-Za-z]+)\s*:\s*([^:]+?)(?=\s+[A-Za-z]+\s*:|$)", " ".join(args[2:])):
            colour = _colour(word[0])
            if colour in seen:
                raise _Refused(_("{colour} is given twice").format(colour=colour), _("Give each colour once."))
            seen.add(colour)
            loc = self._location(word[1])
            if self.board.locations[loc].colour == "none":
                raise _Refused(_("{location} is a junction and never holds cubes").format(
                    location=self.board.locations[loc].name),
                    _("Put the cube on a blue, violet, red or yellow location."))
            places.append((colour, loc))
        if not places:
            raise _Refused(_("EXTRA names no location"), _("Write e.g. {example}.").format(
                example=f"EXTRA MOVE 1 {self._extra_example()}"))
        orders.extras.append(Extra(number, text, move, tuple(places)))

    def _takefrom(self, orders, number, text, body, args, expected):
        if len(args) != 1:
            raise _Refused(_("TAKEFROM names one player"), _("Write e.g. {example}.").format(example="TAKEFROM red"))
        orders.takefrom = self._player(args[0])

    # -- words ----------------------------------------------------------------------
    def _limit(self, lines, what, most=None):
        most = most or 9
        if len(lines) >= most:
            raise _Refused(_("at most {most} {what} lines a turn").format(most=most, what=what),
                           _("Drop a line; alternatives go on one line with ELSE."))

    def _player(self, word):
        if fold(word) == fold(self.me or ""):
            raise _Refused(_("a player cannot name himself here"), _("Name another player."))
        if self.players is None:
            if not re.fullmatch(r"[A-Za-z0-9_-]{1,30}", word):
                raise _Refused(_("{word} is not a player id").format(word=repr(quote(word))),
                               _("Name a player by his id, e.g. {example}.").format(example="SABOTAGE red"))
            return word.lower()
        for p in self.players:
            if fold(p) == fold(word):
                if p == self.me:
                    raise _Refused(_("a player cannot name himself here"), _("Name one of {players}.").format(
                        players=", ".join(x for x in self.players if x != p)))
                return p
        raise _Refused(_("there is no player {word}").format(word=repr(word)),
                       _("The players are {players}.").format(players=", ".join(self.players)))

    def _region(self, word):
        found = self.regions.get(fold(word))
        if found is None and keywords.in_force():          # `Kreis` where German is read
            found = self.regions.get(fold(keywords.named(word, WORDS, "regions") or word))
        if found is None:
            raise _Refused(_("there is no region {word}").format(word=repr(word)),
                           _("The regions are {regions}.").format(regions=", ".join(self.board.regions)))
        return found

    def _location(self, words):
        loc = self.board.location(words.strip()) if words.strip() else None
        if loc is None:
            raise _Refused(_("there is no location {words}").format(words=repr(words)),
                           _sentence(suggestion(self.board, words)) + _(
                               "Name a location by its name or short code, e.g. {examples}.").format(
                               examples=_examples(self.board)))
        return loc.id

    @cached_property
    def _ex(self) -> Examples:
        return examples(self.board)

    def _extra_example(self) -> str:
        return " ".join(f"{colour}:{name}" for colour, name in zip(CUBE_COLOURS, self._ex.route))

    def _link(self, words):
        words = words.strip()
        link = self.board.link(words)
        if link:
            return link.id
        ends = _split_ends(self.board, words)
        if ends is None or len(ends) != 2:
            unknown = _first_unknown(self.board, words)
            why = (_("{word} is neither a location nor a link of this board").format(word=repr(unknown)) if unknown
                   else _("{words} is not a link").format(words=repr(words)))
            raise _Refused(why, _sentence(suggestion(self.board, unknown or "")) +
                           _("Name a link by its id ({id}) or its two ends ({ends}).").format(
                               id=self._ex.link_id, ends=self._ex.link))
        between = self.board.links_between(*ends)
        if not between:
            a, b = (self.board.locations[e].name for e in ends)
            raise _Refused(_("no link joins {a} and {b}").format(a=a, b=b), _("Links at {a}: {links}.").format(
                a=a, links=", ".join(self.board.describe(x) for x in self.board.links_at(ends[0]))))
        if len(between) > 1:
            raise _Refused(_("{n} links join these two locations").format(n=len(between)),
                           _("Name one by its id: {links}.").format(
                               links=", ".join(self.board.describe(x) for x in between)))
        return between[0].id

    def _route(self, words):
        """`Berlin-Stettin-Danzig` or `Berlin-L17-Stettin` or `L3-L4`: start and hops."""
        tokens = _split_tokens(self.board, words)
        if tokens is None:
            self._unreadable_route(words)
        if tokens[0][0] == "link":
            tokens = [("loc", self._link_route_start(tokens, words))] + tokens
        start = tokens[0][1]
        hops = self._hops(start, tokens[1:])
        if not hops:
            raise _Refused(_("a route needs at least one link"), _("Write e.g. {example}.").format(
                example=self._ex.move))
        return start, tuple(hops)

    def _unreadable_route(self, words):
        unknown = _first_unknown(self.board, words)
        why = (_("{word} in the route {words} is neither a location nor a link of this board").format(
            word=repr(unknown), words=repr(words)) if unknown
               else _("{words} is not a route of locations and link ids").format(words=repr(words)))
        raise _Refused(why, _sentence(suggestion(self.board, unknown or "")) +
                       _("Write the route as locations joined by -, e.g. {route} (link ids may stand between, as "
                         "{via}).").format(route="-".join(self._ex.route), via=self._ex.via))

    def _link_route_start(self, tokens, words) -> str:
        """Where a route that begins with a link id starts: the end of it the next token does not touch."""
        first = self.board.links[tokens[0][1]]
        if len(tokens) > 1:
            nxt = tokens[1]
            nxt_ends = {nxt[1]} if nxt[0] == "loc" else set(self.board.links[nxt[1]].ends)
            starts = [e for e in first.ends if first.other(e) in nxt_ends]
        else:
            starts = list(first.ends)
        if len(starts) != 1:
            raise _Refused(_("the route {words} does not say where the cube starts").format(words=repr(words)),
                           _("Begin the route with the location where the cube stands, e.g. {via}.").format(
                               via=self._ex.via))
        return starts[0]

    def _hops(self, current, tokens) -> list:
        """The hops (link id or None, location) from `current` along the tokens after the start."""
        hops, pending = [], None
        for kind, ident in tokens:
            if kind == "link":
                if pending is not None:
                    raise _Refused(_("two link ids in a row must share a location"),
                                   _("Write the location between them."))
                current = self._link_hop(current, ident)
                hops.append((ident, current))       # a link id may be followed by its far end, or stand alone
                pending = ident
                continue
            if pending is not None and ident == current:
                pending = None
                continue
            pending = None
            if not self.board.links_between(current, ident):
                a, b = self.board.locations[current].name, self.board.locations[ident].name
                raise _Refused(_("no link joins {a} and {b}").format(a=a, b=b),
                               _("Links at {a} go to {places}.").format(
                    a=a, places=", ".join(self.board.locations[x.other(current)].name
                                          for x in self.board.links_at(current))))
            hops.append((None, ident))
            current = ident
        return hops

    def _link_hop(self, current, ident) -> str:
        """The far end of link `ident` from `current`."""
        link = self.board.links[ident]
        if current not in link.ends:
            raise _Refused(_("link {ident} does not touch {location}").format(
                ident=ident, location=self.board.locations[current].name),
                _("Links at it: {links}.").format(links=", ".join(x.id for x in self.board.links_at(current))))
        return link.other(current)


def _rearrange_example() -> str:
    return _("Write e.g. {example}.").format(example="REARRANGE 1:octagon,triangle,triangle 2:circle,star,star")


def _split_else(args):
    parts, current = [], []
    for word in args:
        if word.upper() == "ELSE":
            parts.append(current)
            current = []
        else:
            current.append(word)
    parts.append(current)
    if any(not p for p in parts):
        raise _Refused(_("ELSE must stand between two alternatives"), _("Write e.g. {example}.").format(
            example="BUILD L7 ELSE L9"))
    if len(parts) > 8:
        raise _Refused(_("at most 8 alternatives on a line"), _("Drop some alternatives."))
    return parts


def _split_tokens(board, words):
    """Split a route on '-' into locations and links; a name holding '-' is joined back."""
    pieces = [p.strip() for p in words.split("-")]
    if any(not p for p in pieces) or len(pieces) > 20:
        return None
    tokens, i = [], 0
    while i < len(pieces):
        for j in range(len(pieces), i, -1):
            name = "-".join(pieces[i:j])
            loc = board.location(name)
            if loc is not None:
                tokens.append(("loc", loc.id))
                break
            link = board.link(name)
            if link is not None:
                tokens.append(("link", link.id))
                break
        else:
            return None
        i = j
    return tokens


def _first_unknown(board, words) -> str | None:
    """The first part of a route, split on '-', that is neither a location nor a link (the longest
    name holding '-' tried first, as _split_tokens reads); None if the route has an empty part or
    more than 20."""
    pieces = [p.strip() for p in words.split("-")]
    if any(not p for p in pieces) or len(pieces) > 20:
        return None
    i = 0
    while i < len(pieces):
        j = next((j for j in range(len(pieces), i, -1)
                  if board.location("-".join(pieces[i:j])) or board.link("-".join(pieces[i:j]))), None)
        if j is None:
            return pieces[i]
        i = j
    return None


def _sentence(text: str) -> str:
    """`did you mean X?` as the start of a fix: `Did you mean X? `."""
    return text[:1].upper() + text[1:] + " " if text else ""


def _split_ends(board, words):
    tokens = _split_tokens(board, words)
    if tokens is None or any(k != "loc" for k, _ in tokens):
        return None
    return [t for _, t in tokens]


def _annotation(text):
    found = _ANNOTATION.search(text)
    if not found:
        return None, text
    return int(found.group(1)), (text[:found.start()] + " " + text[found.end():]).strip()


def _number(word, what, low, high):
    if not re.fullmatch(r"\d+", word or ""):
        raise _Refused(_("{word} is not a whole number ({what})").format(word=repr(quote(word)), what=what),
                       _("Write {what} as a number from {low} to {high}.").format(what=what, low=low, high=high))
    digits = word.lstrip("0") or "0"
    if len(digits) > len(str(high)) or int(digits) > high:
        raise _Refused(_("{what} {digits} is above the limit of {high}").format(what=what, digits=quote(digits),
                                                                                high=high),
                       _("Write a number from {low} to {high}.").format(low=low, high=high))
    if int(digits) < low:
        raise _Refused(_("{what} {digits} is below {low}").format(what=what, digits=digits, low=low),
                       _("Write a number from {low} to {high}.").format(low=low, high=high))
    return int(digits)


def _colour(word):
    found = fold(word)
    if found not in CUBE_COLOURS and keywords.in_force():
        found = keywords.colour(word) or found
    if found not in CUBE_COLOURS:
        raise _Refused(_("{word} is not a cube colour").format(word=repr(quote(word))),
                       _("Cubes are blue, violet, red or yellow."))
    return found


def _examples(board):
    return ", ".join(loc.name for loc in list(board.locations.values())[:3])

"""The interface a game family implements, and the little the shell needs from its parts.

The shell (game folder, journal, mail, order header and codes, deadlines, seeded randomness,
newsletter files, replay, CLI) is the same for every game; a family brings what differs: its
board, ruleset, state, order body, engine, status, newsletter and confirmation. The shell calls
a family only through the methods below (docs/families.md explains them for a new family).

A family's state is built by folding journal events: `new_state()`, then `state.apply(event)`
for each event in order; `state.copy()` gives an independent copy. Its engine is pure: the
state, the open turn's orders and a random source go in, journal events come out.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from ..errors import UmpireError
from ..kernel import form_marks
from ..kernel.language import _, pgettext
from ..kernel.ledger import BANK
from ..kernel.order_header import ORDER_READING, reading_of, turn_words


class GameState(Protocol):
    """What the shell reads of a family's state."""

    game: str
    phase: str      # "finished" once the game is over; otherwise the family's own phase names
    round: int

    def apply(self, event: dict) -> None: ...

    def copy(self) -> GameState: ...


class Folder(Protocol):
    """What a family reads of a game (the shell's umpire/game.py Game, on its GameFolder)."""

    path: Path
    config: dict           # game.yaml
    options: dict          # the game's options
    secrets: dict          # secrets.yaml
    events: list[dict]     # the journal's events in force
    game_map: object       # the family's board, as its load_board reads it
    rules: object          # the family's ruleset, as its load_rules reads it

    def state(self, copy: bool = True) -> GameState: ...

    def order_text(self, data: bytes) -> str: ...

    def read_bytes(self, relative: str) -> bytes: ...

    def latest_orders(self, round_number: int) -> dict[str, str]: ...

    # handed over by the shell to `newsletter` (umpire/usecases/family_folder.py), so that no family reads
    # the shell's calendar, mail or press itself:
    def deadline_text(self, turn: int | str) -> str | None:
        """The turn's deadline as a newsletter prints it, or None (no deadline)."""

    def grace_end_text(self, turn: int | str) -> str | None:
        """When the grace after the turn's deadline ends, printed as the deadline, or None (no grace)."""

    def press(self, turn: int | str | None, seats: list[str], names: dict[str, str]) -> list[dict]:
        """The press of the resolved `turn` to print: [{by: name or None (grey), text, cut}]."""

    def ordered_late(self, turn: int | str | None) -> list[str]:
        """The companies whose orders for the resolved `turn` came in the grace after its deadline."""


class OrderHeader(Protocol):
    """What the shell reads of a parsed order (umpire/kernel/order_header.py reads these lines)."""

    game: str | None
    company: str | None        # the player or company id (PLAYER is a synonym of COMPANY)
    code: str | None
    round: int | str | None    # the turn the order names (ROUND), as `open_turn` gives it
    errors: list               # the lines that could not be read, each with str() for the player
    # optional: `refusal`, a reason to refuse the whole order (too large, not text, two GAME lines...)


@dataclass
class Issue:
    """One newsletter as a family writes it: the public text and PDF, each player's private part,
    and the map as a picture for the mail."""

    text: str
    pdf: Callable[[], bytes]        # draws the PDF when called, now or in another process: picklable (a partial)
    private: dict[str, str] = field(default_factory=dict)   # player id -> his private sheet (text)
    picture: Callable[[], bytes] | None = None   # draws the map as a PNG (newsletters/NNN-map.png), as `pdf` draws
    private_pdf: dict[str, Callable[[], bytes]] = field(default_factory=dict)  # player id -> draws his private
                                                 # sheet as a PDF (newsletters/NNN-<player>.pdf), as `pdf` draws


@dataclass
class WebKey:
    """A legend of a drawing on the web page, which is also the table of the numbers behind it:
    each entry's sample as drawn (SVG elements in a 32 x 12 box: the same line, dash and label
    as the drawing, so that no entry is told from another by colour alone) and its cells under
    `head` (the first names the entry)."""

    caption: str
    head: list[str]
    rows: list[tuple[str, list]]                 # (the sample's SVG elements, the cells)


@dataclass
class WebMap:
    """The map of a newsletter as SVG for its web page: what never changes (`ground`, a standalone
    SVG shared by every page, or None) and what the game drew over it (`overlay`: SVG elements in
    the same `width` x `height` user units, its text real `<text>`); `label` names it; `focus` is
    the centre of what changed since the last newsletter (user units, y down), or None."""

    width: float
    height: float
    overlay: str
    label: str
    ground: str | None = None
    focus: tuple[float, float] | None = None
    keys: list[WebKey] = field(default_factory=list)     # what the newsletter drew over the map, entry by entry


@dataclass
class WebTable:
    """A table of a newsletter's web page: caption, column heads, rows (numbers right-aligned)."""

    caption: str
    head: list[str]
    rows: list[list]


@dataclass
class WebIssue:
    """A newsletter's parts for its web page (umpire site): the map, the chart (an SVG document)
    and its caption, the accounts as tables, and the headings of the text edition's sections those
    tables replace (the page shows every other section of the text edition as its events), and
    what the page says otherwise where the text edition speaks to the reader of the mail."""

    map: WebMap | None = None
    chart: str | None = None
    chart_label: str = ""                        # what the chart shows, its caption
    chart_key: WebKey | None = None              # the chart's legend: each line as drawn, its latest figure
    chart_table: WebTable | None = None          # the numbers behind the chart: a row per round
    tables: list[WebTable] = field(default_factory=list)
    replaces: tuple[str, ...] = ()
    reworded: tuple[tuple[str, str], ...] = ()   # (the text edition's words, the page's words)


@dataclass(frozen=True)
class GmCommand:
    """A GM command a family adds to the shell: `umpire NAME GAME_DIR --reason TEXT [--yes]` on the
    command line, `- NAME: REASON` under an archive's `gm:`, journaled as `{"type": "command",
    "command": NAME, "reason": TEXT}` and carried out by `Family.command`."""

    name: str                    # the command's name, e.g. end-construction
    help: str                    # its --help: what it does, when it asks first
    example: str                 # one command line: umpire end-construction games/ireland-1 --reason "agreed by all"
    undoable: bool = True        # `umpire rollback` undoes it as it undoes a resolve


class RouteAssistant(ABC):
    """A route assistant a family offers the GM and players (`umpire route`): the fastest race
    route between two places of a game's board with its fees, or the cheapest line to build."""

    @abstractmethod
    def answer(self, folder: Folder, companies: list[str], start: str, goal: str, build: bool) -> list[str]:
        """The lines `umpire route` prints: the route for `companies` (a company, and its partner
        for a joint train; lower case) from `start` to `goal` (a hex or town, as `--from` and `--to`
        give them), or with `build` the cheapest line for the first to build. UmpireError, printed
        as the command's refusal, where a company or place is not in the game or nothing joins them."""


@dataclass(frozen=True)
class TurnLines:
    """What of an order counts for the open turn: the lines read for it (PASS among them), and the
    turns that its other lines read belong to (Volldampf: a BID while turn 3B is open, of 3A)."""

    counted: int
    other_turns: tuple[str, ...] = ()


@dataclass
class Confirmation:
    """The family's part of the reply to an accepted order: the lines as the umpire reads them,
    and a closing note (what is decided only when the turn is resolved)."""

    lines: list[str]
    note: str


class Family(ABC):
    """A game family: one of these per package under umpire/families/."""

    name: str                                    # the ruleset's `family:` value
    recorded: str = "dice"                       # recorded randomness: `--dice FILE` or `--draws FILE`
    zine_turns: bool = False                     # an archive's `turns:` labels its rounds as a zine's build turns
    options: dict[str, tuple[object, str]] = {}  # the family's game options: name -> (default, meaning)
    choices: dict[str, tuple] = {}               # options of those whose value is one of a few words
    checks: dict[str, Callable[[object], str | None]] = {}   # options of those whose value is checked:
                                                 # name -> the problem with a value, or None
    option_shapes: dict[str, type] = {}          # options of those whose value is a list or mapping
    default_board: str | None = None             # the board `umpire new` takes without --map
    board_format: object = None                  # the `format:` value of the family's board files
    title: str = ""                              # the game's name for people (`umpire demo --help`, ...)
    players: tuple[int, int] = (2, 6)            # the fewest and most seats any of its rulesets allows
    demo: str | None = None                      # the bundled demo archive (games/NAME): `umpire demo --game`
    money: str = "units"                         # what the game's money is called
    seat: str = "player"                         # what a seat is called (Dampfross: company)
    defaults: str = "gets the defaults of the turn"   # what a seat that sends no orders ... (reminders)
    turn: str = "round"                          # what a mail turn is called (Volldampf: turn, as 3B)
    gm_commands: tuple[GmCommand, ...] = ()      # the GM commands the family adds (Dampfross: end-construction)
    ruleset_schema: dict = {}                    # the ruleset's values by key (nested), for `umpire options`
    route_assistant: RouteAssistant | None = None   # what `umpire route` asks (Dampfross); None: it refuses
    order_keywords: tuple[str, ...] = ()         # the first words of its order lines, header ones too
    journal_format: int | None = None            # the newest journal format of a family that keeps several
                                                 # (game.yaml `journal_format`; a game without it is 1)

    # -- data ----------------------------------------------------------------------
    @abstractmethod
    def load_board(self, name_or_path: str | Path):
        """The board (map) from a bundled name or a file; DataError naming file, line and field.
        The shell reads its `name` (game.yaml) and passes it back to the family's own methods."""

    def check_board(self, name_or_path: str | Path, rules_name: str | None) -> str:
        """`umpire map check`: load and check a board (against `rules_name`, or the family's own
        ruleset, where a board must match one); one line saying what it holds. DataError if bad."""
        return f"{self.load_board(name_or_path).name}: ok"

    def draw_board(self, name_or_path: str | Path, paper: str) -> tuple[str, bytes]:
        """`umpire map render`: the empty board's title and PDF (pages of `paper`: a4, a3, letter)."""
        raise UmpireError(f"a {self.name} board is not drawn on its own.", fix="Its newsletters show it.")

    def option_path(self, key: str) -> str:
        """The dotted ruleset path a game option sets: its own key, unless the family takes short names."""
        return key

    @abstractmethod
    def load_rules(self, name_or_path: str | Path, overrides: dict):
        """The ruleset, with `overrides` (ruleset values set by game options, by dotted path).
        The shell reads its `name` (game.yaml); the ruleset file may say `family: NAME`."""

    @abstractmethod
    def check_players(self, rules, players: list[dict]) -> None:
        """Refuse (UmpireError) a seat list the ruleset does not allow: too few, too many, bad ids."""

    # -- state and randomness --------------------------------------------------------
    @abstractmethod
    def new_state(self) -> GameState:
        """The empty state the journal's events are folded into."""

    @abstractmethod
    def random(self, seed: str | None, recorded: Path | None, state: GameState):
        """The random source of a resolve: seeded from `seed`, or read from the `recorded` file
        and going on after the outcomes `state` has already used."""

    @abstractmethod
    def check_recorded(self, path: Path) -> None:
        """Refuse (DataError) a recorded dice or draws file that cannot be read, at `umpire new`."""

    def disagreement(self, state: GameState, players: list[str] | None) -> str | None:
        """Where a folded journal contradicts itself or game.yaml's `players` (None: no game.yaml),
        in one sentence; None if nowhere."""
        return None

    # -- turns and orders ------------------------------------------------------------
    @abstractmethod
    def parse_order(self, text: str, board, reading: int = ORDER_READING) -> OrderHeader:
        """Read an order's header and body as `reading` reads it (order_header.ORDER_READING);
        unreadable lines go to `errors`, nothing is raised. From reading 2 a line `PASS` sets
        `passed` (its line number)."""

    def read_order(self, folder: Folder, text: str) -> OrderHeader:
        """`parse_order` for the game in `folder`: on its board, as the game reads orders, and with
        what else of the game (its players) the family reads an order against."""
        return self.parse_order(text, folder.game_map, reading_of(folder.config))

    def turn_lines(self, state: GameState, rules, order: OrderHeader) -> TurnLines:
        """How many lines of the order were read as orders for the open turn (a PASS line counts),
        and the other turns its other lines read belong to. A message with none is no order (from
        reading 2). Default, for a family that cannot tell: every order counts, as one line."""
        return TurnLines(1)

    def open_turn(self, state: GameState) -> int | str:
        """The open mail turn: the folder of its orders (`orders/<turn>/`), the key of its deadline,
        and what a ROUND line must name. Dampfross: the round number; a family whose rounds
        have turns names them, e.g. `3B`."""
        return state.round

    def turn_refusal(self, folder: Folder, order: OrderHeader, turn: int | str) -> str | None:
        """Why an order whose ROUND line names `order.round` cannot count for the open `turn` of
        the game in `folder`; None if it can (no ROUND line, or the open turn named)."""
        if order.round is None or order.round == turn:
            return None
        return _("the order is for {ordered}, and {turn} is open.").format(ordered=turn_words(order.round),
                                                                           turn=turn_words(turn))

    def turn_letters(self, rules) -> str:
        """The letters of a round's mail turns (`ABC`: turns 3A, 3B, 3C), each of which may have its
        own deadline (`--option deadline.B=...`); "" for a family whose round is one mail turn."""
        return ""

    holds_late_orders: bool = True               # False: `late_orders: hold` is refused at `umpire new`

    def next_turn(self, turn: int | str) -> int | str:
        """The turn a late order is held for when the game holds late orders (`late_orders: hold`);
        a family that cannot hold orders over refuses with UmpireError."""
        return turn + 1

    @abstractmethod
    def awaited(self, state: GameState) -> list[str]:
        """Whose orders the open turn waits for, in order."""

    # -- engine ----------------------------------------------------------------------
    @abstractmethod
    def start_game(self, game: str, players: list[dict], rules, random, options: dict, board) -> list[dict]:
        """The events that create the game and open its first turn (players: id and name, in seat order;
        options: the game's options; board: the game's board, for a family whose setup puts things on it).
        A family with a `journal_format` also gets the game's as the keyword `journal_format`."""

    @abstractmethod
    def resolve(self, state: GameState, board, rules, orders: dict, random, options: dict) -> list[dict]:
        """The events of resolving the open turn with the newest order of each player, and opening the next."""

    def command(self, name: str, state: GameState, board, rules, random, options: dict, args: dict) -> list[dict]:
        """The events of a GM command the family adds (journaled as `command` with `args`)."""
        raise UmpireError(f"the command {name!r} is not part of this game.")

    def command_report(self, name: str, args: dict, events: list[dict], after: GameState, planned: bool,
                       written: str = "") -> list[str]:
        """What a GM command did, in a few lines (`after`: the state it leaves). `planned`: it is not
        done yet and would end the game at once, so the shell asks first: say why and who wins.
        `written` (`newsletter 003 written`, with `The seed of its dice is revealed.` before it
        where the game ends) ends the last line."""
        ended = self.outcome(events)
        if planned:
            return [f"{name} now ends the game at once" + (f": {ended[0]}; winners: {', '.join(ended[1])}." if ended
                                                            else ".")]
        return [f"{name}: done; {written}."]

    def correction(self, state: GameState, player: str, amount: int, reason: str) -> list[dict]:
        """`umpire adjust`: the events that move `amount` (negative: from the player) between the bank
        and the player with the GM's reason, after the shell's `adjusted` event; UmpireError if the
        player cannot pay it."""
        have = self.balance(state, player)
        if amount < 0 and have + amount < 0:
            raise UmpireError(f"{player} has {have} {self.money}; a correction cannot take {-amount}.",
                              fix="Nothing was done.")
        payer, payee = (BANK, player) if amount > 0 else (player, BANK)
        return [self.posting(state, payer, payee, abs(amount), reason)]

    def balance(self, state: GameState, player: str) -> int:
        """The player's money now (for `umpire adjust`)."""
        raise UmpireError(f"a GM's correction of money is not part of a {self.name} game.", fix="Nothing was done.")

    def posting(self, state: GameState, payer: str, payee: str, amount: int, reason: str) -> dict:
        """The journal event of one money posting, as the family's state folds it."""
        raise NotImplementedError

    def replay_args(self, event: dict, later: list[dict]) -> dict:
        """The arguments of a journaled family command, for replay (`later`: the events after it)."""
        return {k: v for k, v in event.items() if k not in ("type", "command")}

    # -- reports ---------------------------------------------------------------------
    @abstractmethod
    def status(self, folder: Folder, state: GameState) -> dict:
        """The family's facts for `status --json`: at least phase and round, and the players."""

    @abstractmethod
    def outcome(self, events: list[dict]) -> tuple[str, list[str]] | None:
        """How a game ended, from its journal (or the events of one command): (why it ended, the
        winners); None while it runs."""

    def final_scores(self, events: list[dict]) -> dict[str, int]:
        """Each seat's final score in a finished game, from its journal (what ranks the seats, the
        winners' the highest); {} while it runs."""
        return {}

    def accounts(self, folder: Folder, events: list[dict] | None = None, reveal: bool = False) -> list[dict]:
        """The accounts round by round (`events`: the journal up to some point; None: all of it):
        `[{"round": r, "companies": {seat: {"brought_forward": n, "items": {label: amount},
        "carried_forward": n, ...}}}]`, every posting under a label saying what it was; a seat's
        entry may hold further ledgers of the same shape by name (Volldampf: `income track`), and
        leaves out what the game keeps secret while it runs unless `reveal` (the GM, at the end).
        Default: a game without money, no rows."""
        return []

    def counts(self, events: list[dict]) -> dict[str, dict[int, dict[str, int]]]:
        """What the family counts from the public journal (`events`) beside the accounts, per
        round and seat, for a seat's page: `{label: {round: {seat: n}}}` (Volldampf: `cubes
        delivered`). Default: nothing."""
        return {}

    def public_log(self, folder: Folder, events: list[dict] | None = None, reveal: bool = False) -> list[dict]:
        """The journal as a public log, `[{"event": number from 1, "round", "type", "text"}]`: what
        the newsletters tell, never a hidden draw or a private note unless `reveal` (the GM, after
        the end). Default: every event but the shell's bookkeeping and hidden draws, plainly."""
        events = folder.events if events is None else events
        lines = []
        for number, e in enumerate(events, 1):
            if e.get("type") in ("command", "newsletter", "order_received") or (e.get("hidden") and not reveal):
                continue
            details = ", ".join(f"{k}={v}" for k, v in e.items()
                                if k not in ("type", "round", "email") and not isinstance(v, (dict, list)))
            lines.append({"event": number, "round": e.get("round"), "type": e.get("type"),
                          "text": str(e.get("type")).replace("_", " ") + (f": {details}" if details else "")})
        return lines

    def summary(self, before: GameState, after: GameState, events: list[dict]) -> list[str]:
        """What resolving the turn did, in a few lines for `umpire preview` (state before and after,
        the events)."""
        phase = "the game ends" if after.phase == "finished" else f"{after.phase}, round {after.round} opens"
        return [f"  {len(events)} events; then {phase}."]

    @abstractmethod
    def status_lines(self, info: dict) -> list[str]:
        """`umpire status` as text, from the whole status dict (the shell's facts included)."""

    @abstractmethod
    def newsletter(self, folder: Folder, number: int, state: GameState) -> Issue:
        """Newsletter `number`: what happened since the last one, and what the open turn asks for."""

    def web_issue(self, folder: Folder, number: int, state: GameState) -> WebIssue:
        """Newsletter `number`'s map, chart and tables for its web page (`folder` and `state` as
        they were when it was written); its public parts only. Default: the text edition alone."""
        return WebIssue()

    def web_highlight(self, folder: Folder, state: GameState, seat: str) -> tuple[str, WebKey | None]:
        """The seat's own track (sections) highlighted for his page's map, the newest newsletter's
        (`folder` and `state` as they were when it was written): SVG elements in the map's units
        and their legend. Default: nothing highlighted."""
        return "", None

    def composer(self, folder: Folder, state: GameState) -> dict | None:
        """The order composer's data for the map of the open turn's web page (JSON-ready: the
        costs the family's engine counts, for the page's script to add up), or None: no composer."""
        return None

    @abstractmethod
    def confirmation(self, folder: Folder, state: GameState, player: str, order) -> Confirmation:
        """How the umpire reads an accepted order now, for the reply (nothing is changed)."""

    def order_form(self, folder: Folder, state: GameState, player: str) -> list[str]:
        """The lines the player fills in for the open turn, his code left as `<your order code>`
        (`umpire mail welcome` mails it): by default the order's header."""
        return form_marks.header_lines(state.game, player, self.open_turn(state), self.seat.upper(), self.name)


END = GmCommand(
    "end",
    "End the game by the players' agreement: no round is resolved, the orders in force for the open turn "
    "are dropped, and the final newsletter gives the standings as they are. The command lists those "
    "orders and asks first (or give --yes).",
    'umpire end games/ireland-1 --reason "agreed by all"')
"""The GM command every family may add to end a game by agreement (`Family.gm_commands`)."""


def finished_already(game: str) -> UmpireError:
    """The refusal of `umpire end` for a game that is over."""
    return UmpireError(f"game {game} is over already; there is nothing to end.",
                       fix="Nothing was done. `umpire rollback GAME_DIR` undoes the end of a game.")


def ended_report(reason: str, turn: str, winners: str, dropped: list[str], planned: bool, written: str) -> list[str]:
    """What `umpire end` says it will do (`planned`) or did: the orders of the open `turn` it drops
    (their players' names), the winners (`Winner: NAME (id)`), and the newsletter `written`."""
    orders = (f"the orders in force for {turn} are dropped ({', '.join(dropped)})" if dropped
              else f"no orders are in force for {turn}")
    if planned:
        return [f"Ending the game by agreement ({reason}): {orders}; {winners[:1].lower()}{winners[1:]}."]
    return [f"The game is ended by agreement ({reason}): {orders}.", f"{winners}.{written}"]


def house_rule_line(event: dict) -> str:
    """How a newsletter announces a house rule changed mid-game (`umpire house-rule`)."""
    from ..kernel.options import value_text
    return (f"House rule from round {event['from_round']}: {event['key']} = {value_text(event['value'])} "
            f"({event['reason']})")


def chart_numbers(caption: str, who: str, figure: str, rows: list[tuple[str, list]],
                  points: dict[str, list[tuple[int, int]]]) -> tuple[WebKey, WebTable]:
    """A line chart's legend (`rows`: each line's sample and cells: its owner, his latest figure)
    and the numbers behind it: a row per round, a column per owner by his id, which the legend
    gives with his name (`points`: owner -> (round, figure))."""
    rounds = sorted({r for line in points.values() for r, _ in line})
    figures = {owner: dict(line) for owner, line in points.items()}
    table = WebTable(_("{caption}: the numbers").format(caption=caption), [pgettext("web page", "round"), *points],
                     [[r, *(figures[o].get(r, "") for o in points)] for r in rounds])
    return WebKey(caption, [who, _("{figure}, latest").format(figure=figure)], rows), table

"""Volldampf behind the family interface: board, ruleset, orders, the pure engine, status,
newsletter (text, PDF, a private sheet per player) and the confirmation of an order."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

from ...errors import UmpireError
from ...kernel import keywords, language
from ...kernel.columns import pad
from ...kernel.draws import RecordedDraws, SeededDraws, read_draws_file
from ...kernel.language import N_, _
from ...kernel.options import game_option
from ...kernel.order_header import (
    HEADER_KEYWORDS,
    ORDER_READING,
    LineError,
    OrderLineError,
    clean_lines,
    is_pass,
    plain_dashes,
    read_header,
    reading_of,
    refused_order_lines,
    split_press,
    turn_words,
)
from ...kernel.order_header import (
    TURN_NAME as TURN,
)
from ...kernel.textfill import fill
from ...kernel.words import noun, plural
from ..base import END, Confirmation, Family, Issue, TurnLines, ended_report, finished_already
from . import engine
from .board import CUBE_COLOURS, load_board
from .board import FORMAT as BOARD_FORMAT
from .facts import newsletter_facts, private_facts
from .orderform import order_form
from .orders import TURN_OF, BodyReader, TurnOrders, line_turn
from .preview import preview
from .report import (
    ASKS,
    ASKS_EXTRA,
    Due,
    Writer,
    board_position,
    newsletter_text,
    since_last_issue,
)
from .rules import SCHEMA, load_volldampf_rules, option_key, setup_problems
from .state import JOURNAL_FORMAT, State, turn_name

PAPER_FROM = 2          # the journal format from which the newsletter takes the game's paper (before: A4)

NOTE = N_("The turn is carried out in place order when the umpire resolves it; what depends on the others "
        "(bids, free links, cubes, cash) is decided then and reported in the newsletter and on your private "
        "sheet. A later order for this turn replaces this one as a whole.")




def _template_lines() -> frozenset[str]:
    """The lines of the newsletter's list of the turn's orders, in every language, spaces folded."""
    found = set()
    for lang in language.LANGUAGES:
        with language.speaking(lang):
            found.update(" ".join(_(line).split()) for lines in (*ASKS.values(), ASKS_EXTRA) for line in lines)
    return frozenset(found)


TEMPLATE_LINES = _template_lines()
_KEYWORDS = frozenset(HEADER_KEYWORDS) | frozenset(TURN_OF) | {"PASS"}


def _colon_off(line: str) -> str:
    """The line without a colon after its keyword: `Player: anna`, `BID: 5` (reading 2)."""
    word, colon, rest = line.partition(":")
    if colon and word.strip().upper() in _KEYWORDS and " " not in word.strip():
        return f"{word.strip()} {rest.strip()}"
    return line


@dataclass
class Order:
    """A Volldampf order: the shared header and the body as read."""

    game: str | None = None
    company: str | None = None
    code: str | None = None
    round: int | str | None = None
    round_written: str | None = None        # the ROUND line's word as written (`1 a`), for the note
    body: TurnOrders = field(default_factory=TurnOrders)
    errors: list = field(default_factory=list)
    passed: int | None = None               # the line of a PASS (reading 2): the turn's defaults, knowingly


class Volldampf(Family):
    name = "volldampf"
    order_keywords = HEADER_KEYWORDS + tuple(TURN_OF) + ("PASS", "PRESS")
    recorded = "draws"
    options: dict = {}
    default_board = "volldampf-germany"
    title = "Volldampf"
    players = (2, 6)
    demo = "volldampf-demo"
    journal_format = JOURNAL_FORMAT
    money = "marks"
    seat = "player"
    defaults = "gets the turn's defaults, as the order form on his private sheet says"
    turn = "turn"
    board_format = BOARD_FORMAT
    ruleset_schema = {k: v for k, v in SCHEMA.items() if k != "family"}
    gm_commands = (END,)

    # -- data ----------------------------------------------------------------------
    def load_board(self, name_or_path):
        return load_board(name_or_path)

    def option_path(self, key: str) -> str:
        return option_key(key)

    def check_board(self, name_or_path, rules_name: str | None) -> str:
        board = load_board(name_or_path)
        rules_name = rules_name or "volldampf"
        box = load_volldampf_rules(rules_name).box
        board.check_cards(box.regions, box.cards_per_region)
        colours = ", ".join(f"{len(board.of_colour(c))} {c}" for c in ("blue", "violet", "red", "yellow", "none")
                            if board.of_colour(c))
        return (f"{board.path}: {board.title}: {len(board.locations)} locations ({colours}), "
                f"{len(board.links)} links in {len(board.regions)} regions of {box.cards_per_region} cards "
                f"as ruleset {rules_name} deals, {len(board.goods_cards)} goods cards: ok")

    def draw_board(self, name_or_path, paper: str) -> tuple[str, bytes]:
        from .drawing import board_pdf
        board = load_board(name_or_path)
        return board.title, board_pdf(board)

    def load_rules(self, name_or_path, overrides: dict):
        return load_volldampf_rules(name_or_path, overrides)

    def check_players(self, rules, players: list[dict]) -> None:
        low, high = rules.players.min, rules.players.max
        if not low <= len(players) <= high:
            raise UmpireError(f"Volldampf is for {low} to {high} players, not {len(players)}.",
                              fix="Add or remove --player entries.")
        problems = setup_problems(rules._data, len(players))
        if problems:
            raise UmpireError(f"the ruleset's setup for {len(players)} players does not add up: "
                              + "; ".join(problems) + ".", fix="Make the numbers agree (rule reference, section 2).")
        regions = {"octagon", "triangle", "circle", "square", "diamond", "star"}
        for p in players:
            if p["id"].lower() in CUBE_COLOURS or p["id"].lower() in regions:
                raise UmpireError(f"the player id {p['id']!r} is a cube colour or a region name, and orders "
                                  "would read it as one.", fix="Choose another id, e.g. anna or p1.")

    # -- state and randomness --------------------------------------------------------
    def new_state(self) -> State:
        return State()

    def random(self, seed, recorded: Path | None, state: State):
        if recorded is not None:
            return RecordedDraws(read_draws_file(recorded), state.draws_used, str(recorded))
        return SeededDraws(seed)

    def check_recorded(self, path: Path) -> None:
        read_draws_file(path)

    # -- turns and orders ------------------------------------------------------------
    def read_order(self, folder, text: str) -> Order:
        return self.parse_order(text, folder.game_map, reading_of(folder.config), len(folder.config["companies"]))

    def parse_order(self, text: str, board, reading: int = ORDER_READING, players: int | None = None) -> Order:
        """The order read on `board` as `reading` reads it; with the number of `players`, BID ... THEN
        only where there are 2. From reading 2: a keyword may have a colon after it (`Player: anna`),
        every dash reads as `-`, a line `PASS` orders the turn's defaults, and a line of the
        newsletter's list of the turn's orders, sent back as it stands (`BID n ...`), is passed over."""
        with keywords.reading_words(reading, "volldampf"):
            return self._parse_order(text, board, reading, players)

    def _parse_order(self, text: str, board, reading: int, players: int | None) -> Order:
        order, body = Order(), []
        if reading >= 2:
            text = plain_dashes(text)
        for number, raw, line in clean_lines(split_press(text)[0]):
            if reading >= 2:
                line = _colon_off(line)
                if is_pass(line):
                    order.passed = order.passed or number
                    continue
                if " ".join(line.split()) in TEMPLATE_LINES:
                    continue
            word, _space, rest = line.partition(" ")
            keyword = keywords.english_keyword(word)[0]
            if keyword in HEADER_KEYWORDS:
                try:
                    read_header(keyword, rest.strip(), order, turns=True)
                    if keyword == "ROUND":
                        order.round_written = " ".join(rest.split())
                except OrderLineError as exc:
                    order.errors.append(LineError(number, raw, str(exc)))
            else:
                body.append((number, line))
        order.body, errors = BodyReader(board, None, order.company, count=players).read(body)
        raw_of = dict(body)
        order.errors += [LineError(e.line, raw_of.get(e.line, ""), e.what + (f" {e.fix}" if e.fix else ""))
                         if hasattr(e, "line") else LineError(0, "", str(e)) for e in errors]
        return order

    def turn_lines(self, state: State, rules, order: Order) -> TurnLines:
        """The lines read for the open turn (in an extra turn, BID and CHOOSE only), and the turns of
        the round the others belong to."""
        turn, joined, counted, others = state.turn[:1], merged(rules), 0, set()
        for number, keyword, _text in order.body.read:
            letters = line_turn(keyword, order.body, number, joined)
            if turn in letters and not (_extra(turn_name(state)) and keyword not in EXTRA_TURN):
                counted += 1
            elif turn not in letters:
                others.update(f"{state.round}{x}" for x in letters)
        return TurnLines(counted + (order.passed is not None), tuple(sorted(others)))

    def open_turn(self, state: State) -> str:
        return turn_name(state)

    def turn_refusal(self, folder, order: Order, turn: str) -> str | None:
        """An order for the open turn may name it loosely: `ROUND 3` (the round's number) while
        turn 3A, 3B or 3C is open, unless every line of it belongs to another turn of the round;
        `ROUND 3A` while its extra turn 3A2 is open. The confirmation notes how it was read."""
        named = order.round
        if named is None or named == turn:
            return None
        round_number, letter = int(TURN.match(turn)[1]), TURN.match(turn)[2]
        if named == round_number:
            joined = merged(folder.rules)
            letters = [line_turn(k, order.body, n, joined) for n, k, _text in order.body.read]
            if not letters or any(letter in x for x in letters):
                return None
            return _("the order names round {named} and holds only lines of another turn ({turns}); turn {turn} is "
                     "open. Send the orders of turn {turn} (your order form for it ends your private sheet), with "
                     "ROUND {turn}.").format(named=named, turns=", ".join(sorted({f'{named}{x}' for x in letters})),
                                             turn=turn)
        if named == f"{round_number}A" and _extra(turn):
            return None
        return _("the order is for {named}, and turn {turn} is open. Write ROUND {turn}, or leave the ROUND line "
                 "out.").format(named=turn_words(named), turn=turn)

    holds_late_orders = False

    def turn_letters(self, rules) -> str:
        return "AB" if rules.options.merge_build_move else "ABC"

    def next_turn(self, turn):
        raise UmpireError("a Volldampf game does not hold late orders: an order for one mail turn would "
                          "land in the next.", fix="Set late_orders to refuse.")

    def awaited(self, state: State) -> list[str]:
        return [] if state.turn == "finished" else state.in_place_order()

    # -- engine ----------------------------------------------------------------------
    def start_game(self, game: str, players: list[dict], rules, random, options: dict, board,
                   journal_format: int = JOURNAL_FORMAT) -> list[dict]:
        events, _ = engine.start_game(board, rules, [p["id"] for p in players],
                                      {p["id"]: p["name"] for p in players}, random, journal_format)
        created = {"type": "game_created", "game": game}
        return [{**created, "journal_format": journal_format} if journal_format > 1 else created] + events

    def resolve(self, state: State, board, rules, orders: dict, random, options: dict) -> list[dict]:
        bodies = {p: (orders[p].body if p in orders else None) for p in state.seats}
        events, _ = engine.resolve(state, board, rules, bodies, random)
        return events

    def command(self, name: str, state: State, board, rules, random, options: dict, args: dict) -> list[dict]:
        if name != END.name:
            return super().command(name, state, board, rules, random, options, args)
        if state.turn == "finished":
            raise finished_already(state.game)
        return engine.end_by_agreement(state, board, rules, random, args["reason"])

    def command_report(self, name: str, args: dict, events: list[dict], after: State, planned: bool,
                       written: str = "") -> list[str]:
        end = next(e for e in events if e["type"] == "end")
        label = "Winner" if len(end["winners"]) == 1 else "Winners"
        winners = f"{label}: " + ", ".join(f"{after.names[p]} ({p})" for p in end["winners"])
        scored = (f" (scored as at the end of round {end['scored_after']})" if end["scored_after"]
                  else " (scored as set up: no round was played to its end)")
        return ended_report(args["reason"], f"turn {end['turn']}", winners + scored,
                            [f"{after.names[p]} ({p})" for p in end["dropped"]], planned, written)

    # -- reports ---------------------------------------------------------------------
    def balance(self, state: State, player: str) -> int:
        return state.cash(player)

    def posting(self, state: State, payer: str, payee: str, amount: int, reason: str) -> dict:
        return {"type": "money", "round": state.round, "payer": payer, "payee": payee, "amount": amount,
                "reason": reason}

    def accounts(self, folder, events: list[dict] | None = None, reveal: bool = False) -> list[dict]:
        from .accounts import accounts
        events = folder.events if events is None else events
        shown = reveal or folder.rules.options.money != "hidden" or any(e["type"] == "end" for e in events)
        return accounts(events, [c["id"] for c in folder.config["companies"]], shown)

    def counts(self, events: list[dict]) -> dict[str, dict[int, dict[str, int]]]:
        from .accounts import cubes_delivered
        return {"cubes delivered": cubes_delivered(events)}

    def public_log(self, folder, events: list[dict] | None = None, reveal: bool = False) -> list[dict]:
        from .accounts import public_log
        return public_log(folder.game_map, folder.rules, folder.state(), folder.events if events is None else events,
                          reveal)

    def status(self, folder, state: State) -> dict:
        players = {}
        for p in state.seats:
            players[p] = {"name": state.names[p], "marks": state.cash(p),
                          "income": state.income_of(p), "bonds": state.bonds[p],
                          "place": (state.places or {}).get(p),
                          "sections": sorted((x for x, o in state.sections.items() if o == p), key=_link_key),
                          "cards": len(state.hands[p])}
        ended = self.outcome(folder.events) if state.turn == "finished" else None
        return {"phase": state.phase, "round": state.round, "turn": turn_name(state), "players": players,
                "cubes": {loc: list(c) for loc, c in sorted(state.cubes.items()) if c},
                "bag": {c: state.bag.get(c, 0) for c in CUBE_COLOURS}, **({"winners": ended[1]} if ended else {})}

    def outcome(self, events: list[dict]) -> tuple[str, list[str]] | None:
        end = next((e for e in reversed(events) if e["type"] == "end"), None)
        if end and "agreement" in end:
            return f"ended by agreement: {end['agreement']}", end["winners"]
        return (f"after round {end['round']}, the last; score = income - bonds", end["winners"]) if end else None

    def final_scores(self, events: list[dict]) -> dict[str, int]:
        """Income less bonds at the end (the more marks breaking a tie)."""
        end = next((e for e in reversed(events) if e["type"] == "end"), None)
        return dict(end["scores"]) if end else {}

    def summary(self, before: State, after: State, events: list[dict]) -> list[str]:
        """`umpire preview`: the turn the resolve carries out, its events and draws, the turn it opens."""
        draws = sum(1 for e in events if e.get("type") == "draw")
        then = "the game ends" if after.turn == "finished" else f"turn {turn_name(after)} opens"
        return [f"  turn {turn_name(before)}: {plural(len(events), 'event')}, {plural(draws, 'draw')}; then {then}."]

    def status_lines(self, info: dict) -> list[str]:
        lines = [f"Game {info['game']} (Volldampf): round {info['round']}, turn {info['turn']}"]
        for p, v in info["players"].items():
            sections = len(v["sections"])
            lines.append(f"  {p:<10} {pad(v['name'], 24)} {v['marks']:>4} marks  income {v['income']:>3}"
                         f"  bonds {v['bonds']:>2}  place {v['place'] or '-'}  "
                         f"{sections:>2} {noun(sections, 'section'):<8}"
                         f"  {v['cards']} {noun(v['cards'], 'card')}")
        lines.append("  bag: " + ", ".join(f"{c} {n}" for c, n in info["bag"].items()))
        return lines

    def newsletter(self, folder, number: int, state: State) -> Issue:
        from .pages import newsletter_pdf, private_pdf
        events = since_last_issue(folder.events)
        board, rules = folder.game_map, folder.rules
        dice = folder.config.get("dice", {})
        seed = folder.secrets.get("seed") if state.turn == "finished" else None
        previous = _previous_turn(folder.events)
        press = folder.press(previous, state.seats, state.names)
        due = Due(folder.deadline_text(turn_name(state)), folder.grace_end_text(turn_name(state)),
                  tuple(folder.ordered_late(previous)))
        text = newsletter_text(board, rules, state, events, state.game, number, dice.get("commitment"), seed, press,
                               due)
        writer = Writer(board, rules, state, events)
        read = {}
        if previous:
            for player, file in folder.latest_orders(previous).items():
                order = self.read_order(folder, folder.order_text(folder.read_bytes(file)))
                read[player] = [_("line {number}: {text}").format(number=n, text=t)
                                + _ignored(keyword, line_turn(keyword, order.body, n, merged(rules)), previous)
                                for n, keyword, t in order.body.read]
        private = {p: writer.private(p, read.get(p, [])) for p in state.seats}
        title = f"{state.game} newsletter {number:03d}"
        facts = newsletter_facts(board, rules, state, events, state.game, number, dice.get("commitment"), seed, press,
                                 due)
        paper = game_option(folder.options, "paper") if state.journal_format >= PAPER_FROM else "a4"
        sheets = {p: partial(private_pdf, private_facts(state, p, private[p], state.game, number), paper)
                  for p in state.seats}
        return Issue(text, partial(newsletter_pdf, board, board_position(state), facts, paper), private,
                     picture=partial(newsletter_png, board, state, title), private_pdf=sheets)

    def web_issue(self, folder, number: int, state: State):
        from .web import web_issue
        return web_issue(folder.game_map, folder.rules, state, number, folder.events)

    def web_highlight(self, folder, state: State, seat: str):
        from .web_turn import own_sections
        return own_sections(folder.game_map, state, seat)

    def composer(self, folder, state: State) -> dict | None:
        from .composer import composer_data
        return composer_data(folder.game_map, folder.rules, state)

    def order_form(self, folder, state: State, player: str) -> list[str]:
        """His own form of the private sheet (orderform.py), without its title."""
        return order_form(folder.game_map, folder.rules, state, player)[1:]

    def confirmation(self, folder, state: State, player: str, order: Order) -> Confirmation:
        turn, joined = state.turn[:1], merged(folder.rules)
        out = []
        for number, keyword, text in order.body.read:
            letters = line_turn(keyword, order.body, number, joined)
            if turn not in letters:
                out.append(_("  line {number}: {text}   (a turn {letters} order; the open turn is {turn}: it will be "
                             "ignored)").format(number=number, text=text, letters=letters, turn=turn_name(state)))
            elif _extra(turn_name(state)) and keyword not in EXTRA_TURN:
                out.append(_("  line {number}: {text}   (the extra turn {turn} takes BID and CHOOSE only: it will be "
                             "ignored)").format(number=number, text=text, turn=turn_name(state)))
            else:
                out.append(_("  line {number}: {text}").format(number=number, text=text))
        out += preview(state, folder.game_map, folder.rules, player, order.body)
        if order.body.sabotages:
            for sab in order.body.sabotages:
                if sab.target not in state.seats:
                    out.append(_("  note: line {number}: there is no player {target}; the players are {players}.")
                               .format(number=sab.number, target=repr(sab.target), players=", ".join(state.seats)))
        if order.passed is not None:
            out.append((_("  line {number}: PASS (nothing else is ordered: the defaults of this turn apply)")
                        if not order.body.read else
                        _("  line {number}: PASS (beside the lines above: it changes nothing)")).format(
                number=order.passed))
        if not out:
            refused = refused_order_lines(order.errors, TURN_OF)
            out.append(fill(_("(no order line could be read: {refused}, see below; the defaults of this turn apply "
                              "unless you send new orders)").format(refused=refused), 72, initial_indent="  ",
                            subsequent_indent="   ")
                       if refused else _("  (no order lines: the defaults of this turn apply)"))
        written = order.round_written or str(order.round)
        if order.round is not None and written != turn_name(state):
            out.insert(0, _("  note: ROUND {written} is read as turn {turn}, the open turn.").format(
                written=written, turn=turn_name(state)))
        return Confirmation(out, _(NOTE))


def _link_key(ident: str):
    digits = "".join(ch for ch in ident if ch.isdigit())
    return (ident.rstrip("0123456789"), int(digits) if digits else 0, ident)


def merged(rules) -> bool:
    """Whether the game takes transports with the builds in turn B (option merge_build_move)."""
    return bool(rules.options.merge_build_move)


EXTRA_TURN = ("BID", "CHOOSE")


def _extra(turn: str) -> bool:
    """Whether the turn is an extra turn (`3A2`), which takes BID and CHOOSE only."""
    return re.fullmatch(r"\d+A\d+", turn) is not None


def _ignored(keyword: str, letters: str, turn: str) -> str:
    """The mark of a line the resolve of `turn` did not take (`letters`: the turns the line belongs to)."""
    if turn.rstrip("0123456789")[-1:] not in letters:
        return _("   (a turn {letters} order: ignored in turn {turn})").format(letters=letters, turn=turn)
    if _extra(turn) and keyword not in EXTRA_TURN:
        return _("   (not taken in the extra turn {turn})").format(turn=turn)
    return ""


def _previous_turn(events: list[dict]) -> str | None:
    resolved = [e["round"] for e in events if e.get("type") == "command" and e.get("command") == "resolve"]
    return resolved[-1] if resolved else None


def newsletter_png(board, state: State, title: str) -> bytes:
    """The newsletter's board page as a PNG for the mail (newsletters/NNN-map.png)."""
    from .drawing import board_png
    return board_png(board, board_position(state), title)


FAMILY = Volldampf()

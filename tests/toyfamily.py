"""A third game family as small as the interface allows, to prove the shell needs nothing more.

Coin: every round has two mail turns, A and B; in each every player sends `GUESS heads` or
`GUESS tails`; the umpire draws the coin (seeded or recorded draws) and a right guess scores.
After round 2 the game is finished. Each player's private sheet tells him his guess. The GM may
skip a turn (`umpire skip-turn GAME_DIR --reason TEXT`): no coin is drawn, the next turn opens.

The engine follows the families' idiom (docs/families.md): every event is emitted through an
Emitter, folded into a copy of the state by the function of its name (FOLD), and kept for the
journal; the engine returns (events, state); the ruleset is checked by `ruleset.validate` and read
through attributes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace

import yaml

from umpire.errors import DataError, UmpireError
from umpire.families.base import Confirmation, Family, GmCommand, Issue
from umpire.kernel.checks import choice, text, whole_number
from umpire.kernel.draws import RecordedDraws, SeededDraws, draw_event, read_draws_file
from umpire.kernel.emitter import Emitter
from umpire.kernel.order_header import (
    HEADER_KEYWORDS,
    LineError,
    OrderLineError,
    clean_lines,
    read_header,
)
from umpire.kernel.ruleset import Ruleset, validate
from umpire.resources import find_named

RULES = "family: coin\nname: coin\ntitle: Coin\nrounds: 2\n"
BOARD = "name: coin-table\ntitle: The coin table\n"
SCHEMA = {"family": choice("coin"), "name": text, "title": text, "rounds": whole_number(1)}


class CoinState:
    def __init__(self):
        self.game, self.phase, self.round = "", "A", 0
        self.players: list[str] = []
        self.scores: dict[str, int] = {}
        self.draws = 0

    def apply(self, event: dict):
        """Fold one event: the function of its name in FOLD (other events change nothing)."""
        fold = FOLD.get(event["type"])
        if fold:
            fold(self, event)

    def copy(self) -> CoinState:
        new = CoinState()
        new.__dict__.update(self.__dict__, players=list(self.players), scores=dict(self.scores))
        return new


def _game_created(s: CoinState, e: dict):
    s.game, s.players = e["game"], [p["id"] for p in e["players"]]
    s.scores = {p: 0 for p in s.players}


def _turn_opened(s: CoinState, e: dict):
    s.round, s.phase = e["round"], e["turn"]


def _scored(s: CoinState, e: dict):
    s.scores[e["player"]] += 1


def _draw(s: CoinState, e: dict):
    s.draws += 1


def _finished(s: CoinState, e: dict):
    s.phase = "finished"


FOLD = {"game_created": _game_created, "turn_opened": _turn_opened, "scored": _scored, "draw": _draw,
        "finished": _finished}


# -- the engine: pure, (state, orders, draws) -> (events, new state) -----------------------
def start(game: str, players: list[dict]) -> tuple[list[dict], CoinState]:
    emit = Emitter(CoinState())
    emit({"type": "game_created", "game": game, "players": players})
    emit({"type": "turn_opened", "round": 1, "turn": "A"})
    return emit.events, emit.state


def play_turn(state: CoinState, rules, guesses: dict[str, str | None], draws) -> tuple[list[dict], CoinState]:
    """Draw the coin, score the right guesses, open the next turn."""
    emit = Emitter(state.copy())
    turn = f"{state.round}{state.phase}"
    coin = draws.pick(f"turn {turn} coin", "coin", ["heads", "tails"])
    emit(draw_event(f"turn {turn} coin", "coin", coin))
    for p in emit.state.players:
        if guesses.get(p) == coin:
            emit({"type": "scored", "player": p})
    emit(_next_turn(emit.state, rules))
    return emit.events, emit.state


def skip_turn(state: CoinState, rules) -> tuple[list[dict], CoinState]:
    emit = Emitter(state.copy())
    emit({"type": "skipped", "round": state.round, "turn": state.phase})
    emit(_next_turn(emit.state, rules))
    return emit.events, emit.state


@dataclass
class CoinOrder:
    game: str | None = None
    company: str | None = None
    code: str | None = None
    round: int | str | None = None
    guess: str | None = None
    errors: list[LineError] = field(default_factory=list)


class Coin(Family):
    name = "coin"
    recorded = "draws"
    title = "Coin"
    gm_commands = (GmCommand("skip-turn", "Skip the open turn: no coin is drawn and the next turn opens.",
                             'umpire skip-turn games/c1 --reason "the table was closed"'),)

    def load_board(self, name_or_path):
        return SimpleNamespace(**yaml.safe_load(find_named("maps", str(name_or_path)).read_text()))

    def load_rules(self, name_or_path, overrides: dict):
        path = Path(find_named("rules", str(name_or_path)))
        doc = yaml.safe_load(path.read_text())
        validate(doc, SCHEMA, "", str(path))
        if overrides:
            raise DataError(f"Coin has no ruleset value {next(iter(overrides))!r}.")
        return Ruleset(doc, str(path))

    def check_players(self, rules, players: list[dict]) -> None:
        if len(players) < 2:
            raise UmpireError("Coin is for two players or more.")

    def new_state(self) -> CoinState:
        return CoinState()

    def random(self, seed, recorded, state):
        return RecordedDraws(read_draws_file(recorded), state.draws, str(recorded)) if recorded else SeededDraws(seed)

    def check_recorded(self, path: Path) -> None:
        read_draws_file(path)

    def parse_order(self, text: str, board, reading: int = 2) -> CoinOrder:
        order = CoinOrder()
        for number, raw, line in clean_lines(text):
            keyword, _, rest = line.partition(" ")
            try:
                if keyword.upper() in HEADER_KEYWORDS:
                    read_header(keyword.upper(), rest.strip(), order, turns=True)
                elif keyword.upper() == "GUESS" and rest.strip().lower() in ("heads", "tails"):
                    order.guess = rest.strip().lower()
                else:
                    raise OrderLineError("write GUESS heads or GUESS tails.")
            except OrderLineError as exc:
                order.errors.append(LineError(number, raw, str(exc)))
        return order

    def open_turn(self, state: CoinState) -> str:
        return f"{state.round}{state.phase}"

    def next_turn(self, turn):
        raise UmpireError("a Coin game does not hold late orders.")

    def awaited(self, state: CoinState) -> list[str]:
        return list(state.players) if state.phase != "finished" else []

    def start_game(self, game, players, rules, random, options, board) -> list[dict]:
        return start(game, players)[0]

    def resolve(self, state: CoinState, board, rules, orders, random, options) -> list[dict]:
        return play_turn(state, rules, {p: order.guess for p, order in orders.items()}, random)[0]

    def command(self, name, state, board, rules, random, options, args) -> list[dict]:
        if name != "skip-turn":
            return super().command(name, state, board, rules, random, options, args)
        return skip_turn(state, rules)[0]

    def outcome(self, events: list[dict]):
        if not any(e["type"] == "finished" for e in events):
            return None
        players = next(e["players"] for e in events if e["type"] == "game_created")
        scores = {p["id"]: sum(1 for e in events if e["type"] == "scored" and e["player"] == p["id"]) for p in players}
        return "after the last round", [p for p, n in scores.items() if n == max(scores.values())]

    def status(self, folder, state: CoinState) -> dict:
        return {"phase": state.phase, "round": state.round, "turn": self.open_turn(state),
                "players": {p: {"score": state.scores[p]} for p in state.players}}

    def status_lines(self, info: dict) -> list[str]:
        return [f"Game {info['game']}: turn {info['turn']}"] + [
            f"  {p}: {v['score']}" for p, v in info["players"].items()]

    def newsletter(self, folder, number: int, state: CoinState) -> Issue:
        coins = [e["outcome"] for e in folder.events if e["type"] == "draw"]
        text = f"Coin {state.game}, newsletter {number}: coins {' '.join(coins) or 'none yet'}; " \
               f"turn {self.open_turn(state)}.\n"
        guesses = {}
        for player, file in folder.latest_orders(_previous(folder)).items():
            guesses[player] = self.parse_order((folder.path / file).read_text(), None).guess
        private = {p: f"Your guess was {guesses[p]}.\n" for p in state.players if p in guesses}
        return Issue(text, coin_pdf, private)

    def confirmation(self, folder, state, player, order) -> Confirmation:
        return Confirmation([f"  GUESS {order.guess}"], "The coin is drawn when the turn is resolved.")


def _next_turn(state: CoinState, rules) -> dict:
    if state.phase == "A":
        return {"type": "turn_opened", "round": state.round, "turn": "B"}
    if state.round < rules.rounds:
        return {"type": "turn_opened", "round": state.round + 1, "turn": "A"}
    return {"type": "finished"}


def coin_pdf() -> bytes:
    """The newsletter's PDF (a stand-in): drawn by a module-level function, so a batch can pickle it."""
    return b"%PDF-1.4 coin\n"


def _previous(folder) -> str | None:
    resolved = [e["round"] for e in folder.events if e["type"] == "command" and e["command"] == "resolve"]
    return resolved[-1] if resolved else None


FAMILY = Coin()

"""Dampfross behind the family interface: each method hands over to the family's engine,
map, ruleset and order body beside it. Rendering and previews are imported when first used."""

from __future__ import annotations

from functools import partial
from pathlib import Path

from ...errors import UmpireError
from ...kernel.columns import pad, widest
from ...kernel.dice import RecordedDice, SeededDice, read_dice_file
from ...kernel.echo import quote
from ...kernel.language import N_, _
from ...kernel.ledger import BANK
from ...kernel.order_header import ORDER_READING
from ...kernel.words import plural
from ..base import (
    END,
    Confirmation,
    Family,
    GmCommand,
    Issue,
    TurnLines,
    ended_report,
    finished_already,
)
from .engine import construction, operations
from .engine.agreement import end_by_agreement
from .engine.state import State
from .gamemap import load_map
from .hexgrid import label
from .options import CHECKS, CHOICES, OPTIONS, SHAPES, game_option
from .orders import KEYWORDS, parse_order
from .route_report import ROUTES
from .ruleset import SCHEMA, load_rules

ROUND_NOTE = N_("The round is carried out in its round order when the umpire resolves it; what depends on "
                "the others' building (budget left, balance, fees, who reaches a city first) is decided then "
                "and reported in the newsletter. A later order for this round replaces this one as a whole.")


class Dampfross(Family):
    name = "dampfross"
    order_keywords = KEYWORDS + ("PRESS",)
    recorded = "dice"
    zine_turns = True
    options = OPTIONS
    choices = CHOICES
    checks = CHECKS
    option_shapes = SHAPES
    ruleset_schema = SCHEMA
    route_assistant = ROUTES
    title = "Dampfross (Railway Rivals)"
    players = (2, 6)
    demo = "demo"
    seat = "company"
    defaults = "does nothing this round, and the newsletter notes it"
    gm_commands = (GmCommand(
        "end-construction",
        "End the construction phase by the GM's decision. When the first operating round could not run "
        "a single transport and the game would end at once, the command says so and asks first (or give "
        "--yes).",
        'umpire end-construction games/ireland-1 --reason "agreed by all"'), END)

    # -- data ----------------------------------------------------------------------
    board_format = 1

    def load_board(self, name_or_path):
        return load_map(name_or_path)

    def check_board(self, name_or_path, rules_name: str | None) -> str:
        m = load_map(name_or_path)
        stations = sum(len(c.stations) for c in m.cities)
        return (f"{m.source}: {m.title}: {m.grid.width}x{m.grid.height} {m.grid.layout}, {len(m.cities)} cities, "
                f"{stations} stations, {len(m.rivers)} river edges, {len(m.specials)} special destinations: ok")

    def draw_board(self, name_or_path, paper: str) -> tuple[str, bytes]:
        from .render.pdf import map_pdf
        game_map = load_map(name_or_path)
        return game_map.title, map_pdf(game_map, paper=paper)

    def load_rules(self, name_or_path, overrides: dict):
        return load_rules(name_or_path, overrides)

    def check_players(self, rules, players: list[dict]) -> None:
        if not rules.players.min <= len(players) <= rules.players.max:
            raise UmpireError(f"{rules.title} is for {rules.players.min} to {rules.players.max} companies, "
                              f"not {len(players)}.", fix="Add or remove --company entries.")

    # -- state and randomness --------------------------------------------------------
    def new_state(self) -> State:
        return State()

    def random(self, seed: str | None, recorded: Path | None, state: State):
        if recorded is not None:
            return RecordedDice(read_dice_file(recorded), used=state.rolls, source=str(recorded))
        return SeededDice(seed)

    def check_recorded(self, path: Path) -> None:
        read_dice_file(path)

    def disagreement(self, state: State, players: list[str] | None) -> str | None:
        if not state.game:
            return "the journal does not begin with the game's creation (a game_created event)."
        ids = set(state.companies)
        if players is not None and ids != set(players):
            return (f"the journal's companies ({', '.join(sorted(state.companies)) or 'none'}) are not game.yaml's "
                    f"({', '.join(sorted(players))}).")
        accounts = set(state.round_order) | set(state.homes) | set(state.budgets) | state.ledger.accounts()
        strangers = sorted(str(a) for a in accounts - ids - {BANK})
        if strangers:
            return f"the journal names {quote(', '.join(strangers))}, which is no company of the game."
        return None

    # -- turns and orders ------------------------------------------------------------
    def parse_order(self, text: str, board, reading: int = ORDER_READING):
        return parse_order(text, board, reading)

    def turn_lines(self, state: State, rules, order) -> TurnLines:
        return TurnLines(order.lines_read())

    def awaited(self, state: State) -> list[str]:
        return list(state.round_order) if state.phase != "finished" else []

    # -- engine ----------------------------------------------------------------------
    def start_game(self, game: str, players: list[dict], rules, random, options: dict, board) -> list[dict]:
        by_die = game_option(options, "first_company") == "die"
        order = game_option(options, "building_order")
        ids = sorted(p["id"] for p in players)
        for number, companies in sorted((order or {}).items()):
            if sorted(companies) != ids:
                raise UmpireError(f"the option building_order names {', '.join(companies)} for round {number}, "
                                  f"not each company once ({', '.join(ids)}).",
                                  fix=f"Give every company once for each round, e.g. building_order={{{number}: "
                                      f"[{', '.join(ids)}]}}.")
        return construction.start_game(game, players, rules, random, by_die, order)[0]

    def resolve(self, state: State, board, rules, orders: dict, random, options: dict) -> list[dict]:
        if state.phase == "construction":
            return construction.resolve_construction_round(state, board, rules, orders, random, options)[0]
        return operations.resolve_operations_round(state, board, rules, orders, random, options)[0]

    def command(self, name: str, state: State, board, rules, random, options: dict, args: dict) -> list[dict]:
        if name == END.name:
            if state.phase == "finished":
                raise finished_already(state.game)
            return end_by_agreement(state, args["reason"])
        if name != "end-construction":
            return super().command(name, state, board, rules, random, options, args)
        if state.phase != "construction":
            raise UmpireError(f"game {state.game} is not in its construction phase (it is {state.phase}).",
                              fix="Nothing was done.")
        return construction.end_construction(state, args["reason"], board, rules, random, options)[0]

    def command_report(self, name: str, args: dict, events: list[dict], after: State, planned: bool,
                       written: str = "") -> list[str]:
        ended = self.outcome(events)
        if name == END.name:
            end = events[-1]
            names = [f"{after.companies[c].name} ({c})" for c in end["dropped"]]
            return ended_report(args["reason"], f"round {end['round']}", _winners(after, end["winners"]), names,
                                planned, written)
        announced = [e for e in events if e["type"] == "transport_announced"]
        cancelled = (f"{len(announced)} transports announced, "
                     f"{sum(1 for e in announced if e['cancelled'])} of them cancelled")
        if planned:
            return [f"Ending the construction phase now ends the game at once: {ended[0]} ({cancelled}); "
                    f"{_winners(after, ended[1], capital=False)}."]
        if ended:
            return [f"The construction phase is ended ({args['reason']}).",
                    f"The game is over: {ended[0]} ({cancelled}). {_winners(after, ended[1])}.{written}"]
        called = ", ".join(str(n) for n in after.ops.get("open", [])) or "none"
        return [f"The construction phase is ended ({args['reason']}).",
                f"Operating round {after.round} is open (transports {called}; {cancelled}); {written}"]

    def outcome(self, events: list[dict]) -> tuple[str, list[str]] | None:
        end = next((e for e in reversed(events) if e["type"] == "game_finished"), None)
        return (end["reason"], end["winners"]) if end else None

    def final_scores(self, events: list[dict]) -> dict[str, int]:
        """The balances the game ended with: the highest wins."""
        end = next((e for e in reversed(events) if e["type"] == "game_finished"), None)
        return dict(end["balances"]) if end else {}

    def balance(self, state: State, player: str) -> int:
        return state.balance(player)

    def posting(self, state: State, payer: str, payee: str, amount: int, reason: str) -> dict:
        return {"type": "posting", "round": state.round, "from": payer, "to": payee, "amount": amount, "reason": reason}

    def replay_args(self, event: dict, later: list[dict]) -> dict:
        reason = event.get("reason")
        if reason is None:          # journaled before the command kept its reason
            ended = next(e for e in later if e["type"] == "construction_ended")
            reason = ended["reason"].removeprefix("ended by the GM: ")
        return {"reason": reason}

    # -- reports ---------------------------------------------------------------------
    def summary(self, before: State, after: State, events: list[dict]) -> list[str]:
        """Per company: the balance before and after, the segments built, the lines refused."""
        out = []
        for cid in after.seat_order():
            built = sum(1 for e in events if e["type"] == "segment" and e.get("company") == cid)
            refused = sum(1 for e in events
                          if e["type"] in ("refused", "not_carried_out") and e.get("company") == cid)
            silent = " (no orders)" if any(e["type"] == "no_orders" and e["company"] == cid for e in events) else ""
            out.append(f"  {cid:<10} {before.balance(cid):>5} -> {after.balance(cid):>5} units, "
                       f"{plural(built, 'segment')} built, {plural(refused, 'line')} refused{silent}")
        phase = "the game ends" if after.phase == "finished" else f"{after.phase}, round {after.round} opens"
        out.append(f"  then {phase}.")
        return out

    def accounts(self, folder, events: list[dict] | None = None, reveal: bool = False) -> list[dict]:
        from .accounts import accounts
        return accounts(folder.events if events is None else events, [c["id"] for c in folder.config["companies"]])

    def public_log(self, folder, events: list[dict] | None = None, reveal: bool = False) -> list[dict]:
        from .accounts import log
        return log(folder.events if events is None else events)

    def status(self, folder, state: State) -> dict:
        board = folder.game_map
        companies = {}
        for cid in state.seat_order():
            companies[cid] = {
                "name": state.companies[cid].name,
                "balance": state.balance(cid),
                "segments": state.segments_of(cid),
                "home": label(state.homes[cid]) if cid in state.homes else None,
            }
        return {
            "phase": state.phase,
            "round": state.round,
            "companies": companies,
            "round_order": state.round_order,
            "budgets": state.budgets if state.phase == "construction" else {},
            "unconnected_cities": [board.city_at[h].name for h in construction.unconnected_cities(state, board)],
            **operations.status_facts(state, board, folder.rules),
        }

    def status_lines(self, info: dict) -> list[str]:
        lines = [f"Game {info['game']}: {info['phase']}, round {info['round']}"]
        companies = info["companies"]
        iw = max([2] + [len(cid) for cid in companies])
        nw = widest([c["name"] for c in companies.values()], 7)
        lines.append(f"  {'id':<{iw}}  {'company':<{nw}}  {'balance':>7}  {'segments':>8}  home")
        for cid, c in companies.items():
            lines.append(f"  {cid:<{iw}}  {pad(c['name'], nw)}  {c['balance']:>7}  {len(c['segments']):>8}  "
                         f"{c['home'] or '-'}")
        if info["budgets"]:
            lines.append("  budgets: " + ", ".join(f"{c} {info['budgets'][c]}" for c in info["round_order"]))
        return lines

    def newsletter(self, folder, number: int, state: State) -> Issue:
        from ...kernel.options import game_option
        from .render.edition import map_content, render_text
        from .render.pdf import newsletter_pdf
        from .render.png import map_png
        from .render.report import newsletter_facts
        facts = newsletter_facts(folder, number, state)
        content = map_content(folder, state)
        pdf = partial(newsletter_pdf, facts, folder.game_map, content, paper=game_option(folder.options, "paper"))
        picture = partial(map_png, folder.game_map, content,
                          _("{game}, newsletter {number}: {map}").format(game=facts["game"],
                                                                          number=f"{facts['number']:03d}",
                                                                          map=facts["map"]))
        return Issue(render_text(facts, folder.path), pdf, picture=picture)

    def web_issue(self, folder, number: int, state: State):
        from .render.web import web_issue
        return web_issue(folder, number, state)

    def web_highlight(self, folder, state: State, seat: str):
        from .render.edition import map_content
        from .render.web import company_track
        return company_track(folder.game_map, map_content(folder, state), seat)

    def composer(self, folder, state: State) -> dict:
        from .render.composer import composer_data
        return composer_data(folder.game_map, folder.rules, state)

    def order_form(self, folder, state: State, player: str) -> list[str]:
        from .render.report import newsletter_facts
        return newsletter_facts(folder, folder.newsletter_count(), state)["templates"].get(player) or \
            super().order_form(folder, state, player)

    def confirmation(self, folder, state: State, player: str, order) -> Confirmation:
        from ...kernel.textfill import paragraphs
        from .confirmation import order_lines
        return Confirmation(order_lines(folder, player, order, state), paragraphs(_(ROUND_NOTE)))


def _winners(state: State, ids: list[str], capital: bool = True) -> str:
    """`Winner: NAME (id)`, or `Winners: ...` when they share the win (`capital`: to begin a sentence)."""
    label = "Winner" if len(ids) == 1 else "Winners"
    names = ", ".join(f"{state.companies[c].name if c in state.companies else c} ({c})" for c in ids)
    return f"{label if capital else label.lower()}: {names}"


FAMILY = Dampfross()

"""What `umpire route` prints for a Dampfross game: the fastest race route for a company (and
its partner for a joint train) with its movement points and fees, or the cheapest line to build
(engine/route_assistant.py finds them)."""

from __future__ import annotations

from ...errors import UmpireError
from ..base import Folder, RouteAssistant
from .engine.route_assistant import NoRoute, cheapest_build, fastest_route
from .engine.routes import describe_fees
from .hexgrid import label
from .orders import OrderLineError, PlaceReader


class Routes(RouteAssistant):
    def answer(self, folder: Folder, companies: list[str], start: str, goal: str, build: bool) -> list[str]:
        state, game_map, rules = folder.state(), folder.game_map, folder.rules
        for c in companies:
            if c not in state.companies:
                raise UmpireError(f"there is no company {c!r} in game {folder.config['game']}.",
                                  fix=f"The companies are {', '.join(state.seat_order())}.")
        reader = PlaceReader(game_map)
        a, b = _place(reader, start, "--from"), _place(reader, goal, "--to")
        try:
            if build:
                line = cheapest_build(state, game_map, rules, companies[0], a, b)
                return [f"Cheapest line for {companies[0]} from {game_map.describe(a)} to {game_map.describe(b)}:",
                        "  BUILD " + "-".join(label(h) for h in line.hexes),
                        f"  {line.points} points to build (units in the operating phase); {_fees(line.fees)}"]
            found = fastest_route(state, game_map, rules, companies, a, b)
        except NoRoute as exc:
            raise UmpireError(f"from {game_map.describe(a)} to {game_map.describe(b)}: {exc}",
                              fix="Check the hexes, or use --build to see what line would join them.") from None
        plan = found.plan
        lines = [f"Fastest route for {'+'.join(companies)} from {game_map.describe(a)} to {game_map.describe(b)}:",
                 "  RUN " + "-".join(label(h) for h in plan.hexes),
                 (f"  {plan.steps} steps, {found.points} movement points (about {found.turns:.1f} turns); "
                  f"{_fees(plan.fees)}")]
        cap = rules.operations.fee_cap
        over = [p for p, f in plan.fees.items() if p in state.companies and cap is not None and f > cap]
        if over:
            lines.append(f"  note: more than {cap} units to {', '.join(over)}; allowed only if netted by their "
                         "fees to you.")
        return lines


def _place(reader: PlaceReader, text: str, option: str):
    try:
        return reader.place(text)
    except OrderLineError as exc:
        raise UmpireError(f"{option} {text!r}: {exc}", fix="Give a hex label (K12) or a town name.") from None


def _fees(fees: dict[str, int]) -> str:
    """`fees 2 to blue, 1 to the bank`, or `no fees`."""
    return f"fees {describe_fees(fees)}" if fees else "no fees"


ROUTES = Routes()

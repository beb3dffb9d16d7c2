"""An accepted order as the umpire reads it, line by line: each HOME, BUILD, RACE, JUMP, JOINT and
FERRY line, the costs and fees of building as the map stands, the budget left, and warnings about
what the round's resolution will refuse (a HOME that is not a home terminal, a race that is not
called, a second entry for one race, an optional rule's line in a game that does not play that
rule). The mail confirmation and `umpire submit` print the same lines.

Warnings never stop an order being stored: the resolution decides.
"""

from __future__ import annotations

from ...kernel.keywords import written_line
from ...kernel.language import N_, _, ngettext
from ...kernel.order_header import HEADER_KEYWORDS, refused_order_lines
from ...kernel.textfill import fill
from ..base import Folder
from . import WORDS
from .engine.preview import OrderPreview, preview_order
from .orders import KEYWORDS, Order, format_chain
from .render.journal_words import fee_said

WIDTH = 72
ORDER_KEYWORDS = tuple(k for k in KEYWORDS if k not in HEADER_KEYWORDS)


def order_lines(folder: Folder, company: str, order: Order, state=None) -> list[str]:
    """The order's lines as read, each followed by its figures or warnings (indented text, no final
    newline), against `state` (only read) or else the game's state now."""
    state = state if state is not None else folder.state(copy=False)
    game_map = folder.game_map
    out = []
    if order.home is not None:
        out.append(_line(order.home_line, f"HOME {game_map.describe(order.home)}"))
        out += _warning(_home_problem(state, game_map, company, order))
    out += _optional_rule_lines(folder.rules, order, game_map)
    if order.chains:
        out += _chains(preview_order(state, game_map, folder.rules, company, order))
    seen: dict[int, int] = {}
    for race in order.races:
        routes = " ELSE ".join(format_chain(r.hexes, game_map) for r in race.routes)
        partner = f" {race.partner}" if race.partner else ""
        route_words = f" {routes}" if routes else ""
        out.append(_line(race.line, f"RACE {race.transport} {race.action}{partner}{route_words}"))
        out += _warning(_race_problem(state, race.transport, seen.get(race.transport)))
        seen.setdefault(race.transport, race.line)
    if order.passed is not None:
        out.append(_line(order.passed, _("PASS (nothing else is ordered: this company does nothing this round)")
                         if order.lines_read() == 1 else _("PASS (beside the lines above: it changes nothing)")))
    elif not (order.home or order.chains or order.races or order.jumps or order.joints or order.ferries):
        refused = refused_order_lines(order.errors, ORDER_KEYWORDS)
        if refused:
            out.append(fill(_("(no HOME, BUILD or RACE line could be read: {refused}, see below; this company "
                              "will do nothing this round unless you send new orders)").format(refused=refused),
                            WIDTH, initial_indent="  ", subsequent_indent="   "))
        else:
            out.append("  " + _("(no HOME, BUILD or RACE lines: this company will do nothing this round unless you "
                                "send new orders)"))
    return out


def _optional_rule_lines(rules, order: Order, game_map) -> list[str]:
    """The JUMP, JOINT and FERRY lines as read, each with a warning when its rule is not in play."""
    lines = [(j.line, f"{'AFTER ' + str(j.after) + ' ' if j.after else ''}JUMP {format_chain(j.hexes, game_map)}",
              "jumping") for j in order.jumps]
    lines += [(j.line, f"JOINT {j.partner} {format_chain(j.hexes, game_map)}", "joint_construction")
              for j in order.joints]
    lines += [(f.line, f"FERRY {f.ferry}", "ferries") for f in order.ferries]
    out = []
    for line, text, option in sorted(lines):
        out.append(_line(line, text))
        if not getattr(rules.options, option):
            out += _warning(_("this game does not play the optional rule {rule} (the ruleset's options.{option} is "
                              "off); this line will be refused.").format(rule=_(_RULES[option]), option=option))
    return out


_RULES = {"jumping": N_("jumping"), "joint_construction": N_("joint construction"), "ferries": N_("ferries")}


def _line(number: int, text: str) -> str:
    """An order line as read: `  line 3: BUILD ...` (in German `  Zeile 3: BAU ...`)."""
    return "  " + _("line {number}: {text}").format(number=number, text=written_line(text, WORDS))


def _warning(problem: str | None) -> list[str]:
    if not problem:
        return []
    return [fill(_("warning: {problem}").format(problem=problem), WIDTH, initial_indent="      ",
                 subsequent_indent="        ")]


def _home_problem(state, game_map, company: str, order: Order) -> str | None:
    if state.phase != "construction":
        return _("home terminals are chosen in the construction phase; this line will be refused.")
    current = state.homes.get(company)
    if current is not None:
        if current != order.home:
            return _("the home terminal is chosen once; this company's is {home}.").format(
                home=game_map.describe(current))
        return None
    terminals = game_map.home_terminals
    if order.home not in {c.hex for c in terminals}:
        return _("{place} is not a home terminal; choose one of {terminals}.").format(
            place=game_map.describe(order.home), terminals=", ".join(c.name for c in terminals))
    return None


def _race_problem(state, transport: int, earlier_line: int | None) -> str | None:
    if state.phase != "operations":
        return _("race entries belong to the operating phase; this is a construction round.")
    called = state.ops.get("open", [])
    if transport not in called:
        return _("transport {transport} is not announced in this round; the races of round {round} are "
                 "{races}.").format(transport=transport, round=state.round,
                                    races=", ".join(map(str, called)) or _("none"))
    if earlier_line is not None:
        return _("a second entry for transport {transport}; the entry on line {line} stands.").format(
            transport=transport, line=earlier_line)
    return None


def _chains(preview: OrderPreview) -> list[str]:
    out = []
    for chain in preview.chains:
        out.append(_line(chain.line, f"BUILD {'-'.join(chain.hexes)}"))
        if chain.problem:
            out.append(fill(_("not buildable as it stands: {problem}").format(problem=chain.problem), WIDTH,
                                     initial_indent="      ", subsequent_indent="      "))
            continue
        for seg in chain.segments:
            if seg.problem:
                text = _("{a}-{b}: cannot be built: {problem}").format(a=seg.a, b=seg.b, problem=seg.problem)
            else:
                text = _("{a}-{b}  {cost} pt").format(a=seg.a, b=seg.b, cost=seg.cost) + "".join(
                    _(", fee {fee}").format(fee=fee_said(f.describe())) for f in seg.fees)
            out.append(fill(text, WIDTH, initial_indent="      ", subsequent_indent="        "))
    if preview.budget is not None:
        total = ngettext("Altogether {cost} point of this round's budget of {budget}, and {fees} units in fees "
                         "(balance now {balance}).", "Altogether {cost} points of this round's budget of {budget}, "
                         "and {fees} units in fees (balance now {balance}).", preview.cost)
    else:
        total = ngettext("Altogether {cost} point, and {fees} units in fees (balance now {balance}).",
                         "Altogether {cost} points, and {fees} units in fees (balance now {balance}).", preview.cost)
    total = total.format(cost=preview.cost, budget=preview.budget, fees=preview.fees, balance=preview.balance)
    if preview.budget is not None and preview.cost > preview.budget:
        total += " " + _("The budget does not cover it all: building stops where the points run out.")
    out += ["", fill(total, WIDTH)]
    return out

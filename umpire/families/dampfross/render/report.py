"""The facts of one newsletter, gathered from the journal: the same for the text and the PDF.

The operating phase (transports, races, the station table, additional construction, the end
of the game) is read from its events by render/transports_report.py.
"""

from __future__ import annotations

import re

from ....kernel import form_marks, roll_words
from ....kernel.dice import commitment
from ....kernel.gm_notes import from_the_gm
from ....kernel.keywords import written_line
from ....kernel.language import _
from ....kernel.ledger import BANK
from ....kernel.options import HOUSE_RULE
from ...base import Folder, house_rule_line
from .. import WORDS
from ..engine import construction
from ..engine.state import State
from ..engine.transports import total_transports
from ..hexgrid import parse_label
from . import rules_brief
from .journal_words import said
from .printed import in_printed_labels
from .transports_report import (
    additional_construction,
    describe_transport,
    station_table,
    transport_tally,
    transports_from_events,
    with_keyword,
)

QUIET = ("order_received", "order_refused", "command", "orders_used")


def newsletter_facts(folder: Folder, number: int, state: State | None = None) -> dict:
    """Everything newsletter `number` reports: what happened since the last one, and what comes next."""
    events = folder.events
    issued = [i for i, e in enumerate(events) if e["type"] == "newsletter"]
    since = issued[-1] + 1 if issued else 0
    news = [e for e in events[since:] if e["type"] not in QUIET]
    state = state or folder.state()
    game_map, rules, config = folder.game_map, folder.rules, folder.config
    names = {cid: c.name for cid, c in state.companies.items()}
    names[BANK] = _("the bank")
    resolved = resolved_round(news)
    companies = company_facts(state, game_map, news, names)
    phase = state.phase
    facts = {
        "number": number,
        "game": state.game,
        "map": game_map.title,
        "rules": rules.title,
        "phase": phase,
        "round": state.round,
        "resolved_round": resolved,
        "done": done_words(news, resolved, "archive" in config),
        "zine_errors": zine_errors(config, resolved, names),
        "zine": zine_lines(config, resolved),
        "companies": companies,
        "names": names,
        "postings": postings_said(_of(news, "posting")),
        "rolls": [dict(e, said=said(e["purpose"])) for e in _of(news, "roll") if e["purpose"].startswith("round ")],
        "dice_log": dice_log(events[:since], news),
        "press": folder.press(resolved, state.seat_order(), names),
        **not_carried_out(events, news, state.seat_order()),
        "not_carried_out": [dict(e, reason=said(e["reason"])) for e in _of(news, "not_carried_out")],
        "no_orders": [e["company"] for e in _of(news, "no_orders")],
        "late": folder.ordered_late(resolved),
        "expectations": _of(news, "expectation_differs"),
        "unused": _of(news, "points_unused"),
        "cities": _of(news, "city_connected"),
        "homes": _of(news, "home"),
        "ended": next((dict(e, reason=said(e["reason"])) for e in _of(news, "construction_ended")), None),
        "round_order": state.round_order,
        "budgets": state.budgets if phase == "construction" else {},
        "unconnected": [game_map.city_at[h].name for h in construction.unconnected_cities(state, game_map)],
        "dice": config["dice"],
        "home_terminals": [c.name for c in game_map.home_terminals],
        "awaited": list(state.round_order) if phase != "finished" else [],
        "events": news,
        "deadline": folder.deadline_text(state.round),
        "grace_end": folder.grace_end_text(state.round),
        "balances": balances_by_round(events, state.seat_order()),
        "brief": rules_brief.facts(rules, game_map),
        "house_rules": [house_rule_line(e) for e in _of(news, HOUSE_RULE)],
        "from_the_gm": from_the_gm(news, "company"),
    }
    facts.update(operations_facts(folder, state, events, news, names, phase))
    facts = in_printed_labels(facts, game_map)
    facts["templates"] = order_templates(state, game_map, facts, coded="archive" not in config)
    return facts


def postings_said(postings: list[dict]) -> list[dict]:
    """Postings with their reasons in the language of the newsletter."""
    return [dict(p, reason=said(p["reason"])) for p in postings]


def _of(news: list[dict], kind: str) -> list[dict]:
    """The events of one type, in journal order."""
    return [e for e in news if e["type"] == kind]


def resolved_round(news: list[dict]):
    """The round this issue resolved, if any (a game ended by agreement resolves no round)."""
    closing = ("round_closed", "construction_ended", "game_finished")
    return next((e["round"] for e in reversed(news) if e["type"] in closing and "agreement" not in e), None)


def company_facts(state: State, game_map, news: list[dict], names: dict) -> list[dict]:
    """Each company in seat order: balance and its change, home, network, what it built and paid."""
    built: dict[str, list[dict]] = {}
    for e in _of(news, "segment"):
        if e.get("paid_in") != "units":
            built.setdefault(e["company"], []).append(e)
    postings = _of(news, "posting")
    companies = []
    for cid in state.seat_order():
        mine = [p for p in postings if cid in (p["from"], p["to"])]
        companies.append({
            "id": cid, "name": names[cid], "balance": state.balance(cid),
            "change": sum(p["amount"] if p["to"] == cid else -p["amount"] for p in mine),
            "home": game_map.describe(state.homes[cid]) if cid in state.homes else _("not chosen"),
            "segments": len(state.edges.get(cid, ())),
            "built": built.get(cid, []),
            "points": sum(e["cost"] for e in built.get(cid, [])),
            "reached": [c.name for c in game_map.cities if cid in state.tracks.get(c.hex, ())],
            "postings": mine,
        })
    return companies


def order_templates(state: State, game_map, facts: dict, coded: bool = True) -> dict[str, list[str]]:
    """Each company's order form for the open round (none once the game is finished; without a
    CODE line where not `coded`: a zine's game typed in)."""
    if state.phase == "finished":
        return {}
    return {c["id"]: order_template(state, game_map, c["id"], facts["announced"], facts["builds_next"],
                                    facts["builds_after"], coded=coded)
            for c in facts["companies"]}


def zine_errors(config: dict, resolved, names: dict[str, str]) -> list[str]:
    """The figures of the round resolved that published.yaml marks as the zine's errors (game.yaml
    `archive:`), each with its note, beside the figure the zine printed."""
    return [_("{name} ({company}), {item}: the zine printed {published}; {note}").format(
                name=names.get(e['company'], e['company']), company=e['company'], item=e['item'],
                published=e['published'], note=e['note'])
            for e in (config.get("archive") or {}).get("zine_errors", []) if e["round"] == resolved]


def zine_lines(config: dict, resolved) -> list[str]:
    """A zine's game typed in (game.yaml `archive:`): the zine's issue that printed this round
    (round 0: the opening), its labels of this round and the next (`turns:`), and what the
    archivist assumed, not printed (the whole game's, then this round's), so a replay never passes
    for the original."""
    archive = config.get("archive") or {}
    number = resolved if isinstance(resolved, int) else 0
    issue = (archive.get("issues") or {}).get(number)
    lines = []
    if issue:
        lines.append(_("As printed in the zine's issue {issue} of {date}.").format(**issue) if issue.get("date")
                     else _("As printed in the zine's issue {issue}.").format(**issue))
    turns = archive.get("turns") or {}
    lines += [_("Round {round} is the zine's turn {label}.").format(round=n, label=turns[n])
              for n in (number, number + 1) if n in turns]
    lines += [_("Assumed, not printed: {note}").format(note=a['note']) for a in archive.get("assumed", [])
              if a.get("round") in (None, number)]
    return lines


def done_words(news: list[dict], resolved, transcribed: bool) -> str:
    """The headline's first sentence: the round resolved, or, in a zine's game typed in
    (`transcribed`: game.yaml `archive:`), the round the GM's end of construction ended unplayed
    (its construction dice rolled, no orders carried out). A game the umpire runs keeps the words
    of newsletter layout 6, which its replay compares byte for byte."""
    if resolved is None:
        return ""
    ended = next((e for e in news if e["type"] == "construction_ended" and e["round"] == resolved), None)
    if transcribed and ended and ended["reason"].startswith("ended by the GM"):
        return _("Round {round} was not played: the GM ended the construction phase with it open. ").format(
            round=resolved)
    return _("Round {round} is resolved. ").format(round=resolved)


def not_carried_out(events: list[dict], news: list[dict], seats: list[str]) -> dict:
    """The lines of this issue's orders that were not carried out, in the umpire's words: of the
    lines an order could not read, only how many (`unreadable`, per company in seat order: the lines
    and the reasons went to the company alone, in its confirmation); of the lines read and refused
    by the rules, the line's number, its keyword and the reason (`refused`), never the line as the
    player wrote it."""
    unread = unreadable_lines(events)
    count: dict[str, int] = {}
    refused = []
    for e in news:
        if e["type"] != "refused":
            continue
        if (e["company"], e["round"], e["line"]) in unread:
            count[e["company"]] = count.get(e["company"], 0) + 1
        elif "transport" not in e:
            refused.append(dict(with_keyword(e), reason=said(e["reason"])))
    return {"refused": refused, "unreadable": [{"company": c, "lines": count[c]} for c in seats if c in count]}


def unreadable_lines(events: list[dict]) -> set[tuple[str, object, int]]:
    """(company, round, line) of each line the order in force for a round could not read."""
    latest: dict[tuple[str, object], list[str]] = {}
    for e in events:
        if e["type"] == "order_received":
            latest[(e["company"], e["round"])] = e.get("errors") or []
    found = set()
    for (company, turn), errors in latest.items():
        for error in errors:
            number = _LINE_NUMBER.match(error)
            if number:
                found.add((company, turn, int(number.group(1))))
    return found


_LINE_NUMBER = re.compile(r"line (\d+):")


def dice_log(before: list[dict], news: list[dict]) -> list[dict]:
    """Every roll of this issue, numbered from the game's first, with purpose and value: what
    `umpire verify --newsletters` checks once the seed is revealed."""
    first = sum(1 for e in before if e["type"] == "roll") + 1
    return [{"number": first + i, "purpose": e["purpose"], "shown": roll_words.said(e["purpose"]), "value": e["value"]}
            for i, e in enumerate(e for e in news if e["type"] == "roll")]


def balances_by_round(events: list[dict], companies: list[str]) -> dict[str, list[tuple[int, int]]]:
    """Each company's balance after the postings of each round: [(round, balance), ...]."""
    balance = {c: 0 for c in companies}
    after: dict[int, dict[str, int]] = {}
    for e in events:
        if e["type"] == "posting":
            for cid, sign in ((e["from"], -1), (e["to"], 1)):
                if cid in balance:
                    balance[cid] += sign * e["amount"]
            after[e["round"]] = dict(balance)
    return {c: [(r, after[r][c]) for r in sorted(after)] for c in companies}


def operations_facts(folder: Folder, state: State, events: list[dict], news: list[dict], names: dict,
                     phase: str) -> dict:
    """Transports run or cancelled in this issue, those announced next, the station table, the tally, the end."""
    game_map, rules = folder.game_map, folder.rules
    everything = transports_from_events(events)

    def place(text: str) -> str | None:
        city = game_map.city_at.get(parse_label(text))
        return city.name if city else None

    reported = transports_from_events(news)
    this_issue = [describe_transport(everything[n], names, place) for n in sorted(reported)
                  if reported[n]["made"] or reported[n]["carried"]
                  or (reported[n]["announced"] or {}).get("cancelled")]
    open_now = state.ops.get("open", []) if phase == "operations" else []
    announced = [describe_transport(everything[n], names, place) for n in open_now]
    extra = rules.operations.additional_construction
    finished = next((e for e in events if e["type"] == "game_finished"), None)
    seed = folder.secrets.get("seed") if finished else None
    return {
        "transports": this_issue,
        "announced": announced,
        "builds_next": any(t["number"] % extra.every == 0 for t in announced),
        "builds_after": ([t["number"] for t in announced if t["number"] % extra.every == 0]
                         if extra.builds == "per_transport" else []),
        "additional": additional_construction(news, names),
        "stations": station_table(game_map, events, rules.operations.station_uses),
        "operating": phase == "operations" or any(e["type"] == "transport_announced" for e in events),
        "tally": transport_tally(everything, state.seat_order(), state.ops.get("made", 0),
                                 total_transports(rules, game_map)),
        "finished": finished_facts(finished, state, names) if finished else None,
        "seed": seed,
        "seed_check": seed_check(seed) if seed else None,
    }


def finished_facts(event: dict, state: State, names: dict) -> dict:
    """The end of the game: why, who won, and every company's final balance, richest first."""
    standings = sorted(state.seat_order(), key=lambda c: (-event["balances"][c], state.companies[c].seat))
    return {"reason": said(event["reason"]), "round": event["round"], "winners": event["winners"],
            "winner_names": [names[c] for c in event["winners"]],
            "standings": [{"id": c, "name": names[c], "balance": event["balances"][c],
                           "winner": c in event["winners"]} for c in standings],
            "dropped": [names[c] for c in event.get("dropped", [])]}


def seed_check(seed: str) -> dict:
    """How anyone checks the dice once the seed is out: its commitment, and the rule of every roll."""
    return {"commitment": commitment(seed),
            "rule": _("each die is HMAC-SHA256 with the seed as key and the roll's purpose as message "
                      "(e.g. 'transport 1 start red'): the first byte below 252, modulo 6, plus 1.")}



def order_template(state, game_map, cid: str, announced: list[dict], builds: bool,
                   builds_after: list[int] = (), coded: bool = True) -> list[str]:
    """The lines a company fills in for the open round (its code is never printed); where the
    edition builds after each transport, one build section per transport (`AFTER n BUILD`). A
    zine's game typed in (`coded` false) has no CODE line: its orders are the archive's files."""
    lines = form_marks.header_lines(state.game, cid, state.round)
    if not coded:
        lines.remove(form_marks.code_line())
    if state.phase == "construction":
        if cid not in state.homes:
            lines.append(f"{written_line('HOME', WORDS)} <{_(' or ').join(c.name for c in game_map.home_terminals)}>")
        lines.append(_("BUILD <hex>-<hex>-..."))
        return lines
    for t in announced:
        start = _choice(t["start_hexes"])
        ends = [h for h, _ in t["destinations"]]
        to = _(" TO <hex>") if len(ends) > 1 else ""
        lines.append(written_line(f"RACE {t['number']} RUN ", WORDS) + f"{start}-...-{_choice(ends)}{to}")
    if announced:
        lines.append(_("# or: RACE n JOIN <company> <the same route>, RACE n PASS, ELSE <route>"))
    if builds_after:
        lines += [_("AFTER {n} BUILD <hex>-<hex>-...   # built from transport {n}'s income").format(n=n)
                  for n in builds_after]
    elif builds:
        lines.append(_("BUILD <hex>-<hex>-...   # additional construction after the races"))
    return lines


def _choice(hexes: list[str]) -> str:
    return hexes[0] if len(hexes) == 1 else "<" + "|".join(hexes) + ">"

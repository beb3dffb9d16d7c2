"""A player's absence: `ABSENT FROM 2026-12-01 TO 2026-12-10` in his mail, or `umpire absence`
from the GM; journaled as an `absence` event. The game's `absence` option says what it does:
`nmr` (the round goes on; the player's standing orders or nothing) or `extend` (a deadline that
falls inside an absence moves to the day after it ends, at the same hour; a player's absences
cover at most `absence_max` days a game)."""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import date, datetime, timedelta

from ..errors import UmpireError
from ..game import Game
from ..store.folder import GameFolder
from .spans import parse_date, zone

POLICIES = ("nmr", "extend")
DEFAULT_MAX_DAYS = 14
LONGEST = 366
LINE = re.compile(r"^\s*ABSENT\s+FROM\s+(\S+)\s+TO\s+(\S+)\s*$", re.IGNORECASE)


def policy(folder: GameFolder) -> str:
    return str(Game.of(folder).options.get("absence") or "nmr")


def max_days(folder: GameFolder) -> int:
    return int(Game.of(folder).options.get("absence_max") or DEFAULT_MAX_DAYS)


def check_options(options: dict):
    if options.get("absence", "nmr") not in POLICIES:
        raise UmpireError(f"--option absence={options['absence']} is not a policy.",
                          fix="Write absence=nmr (the round goes on without the absent player) or absence=extend "
                              "(a deadline inside an absence moves to the day after it).")
    value = options.get("absence_max", DEFAULT_MAX_DAYS)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= LONGEST:
        raise UmpireError(f"--option absence_max={value} is not a number of days.",
                          fix=f"Write e.g. absence_max=14 (0 to {LONGEST}).")


def absences(folder: GameFolder) -> dict[str, list[list[str]]]:
    """Each company's absences as `status --json` shows them: {ID: [[FROM, TO], ...]}."""
    found: dict[str, list[list[str]]] = {}
    for e in folder.events:
        if e["type"] == "absence":
            found.setdefault(e["company"], []).append([e["from"], e["to"]])
    return found


def days(span: list[str]) -> int:
    return (date.fromisoformat(span[1]) - date.fromisoformat(span[0])).days + 1


def absence_event(folder: GameFolder, company: str, start: str, end: str, via: str, today: date) -> dict | None:
    """The `absence` event for a company away from `start` to `end` (dates, both days included), or
    None if it is journaled already; refused (UmpireError) where it cannot be."""
    first, last = parse_date(start, "FROM"), parse_date(end, "TO")
    if Game.of(folder).state(copy=False).phase == "finished":
        raise UmpireError(f"game {folder.game_id} is finished; an absence changes nothing.", fix="Nothing was done.")
    if last < first:
        raise UmpireError(f"the absence ends ({last}) before it begins ({first}).", fix="Write FROM the first day "
                          "away TO the last, e.g. ABSENT FROM 2026-12-01 TO 2026-12-10.")
    if last < today:
        raise UmpireError(f"the absence ended on {last}, before today ({today}).", fix="Announce an absence before "
                          "it ends.")
    span = [first.isoformat(), last.isoformat()]
    if days(span) > LONGEST:
        raise UmpireError(f"an absence of {days(span)} days is longer than a year.", fix="Ask the GM for a stand-by "
                          "player (umpire replace).")
    taken = absences(folder).get(company, [])
    if span in taken:
        return None
    if policy(folder) == "extend":
        used = sum(days(s) for s in taken)
        if used + days(span) > max_days(folder):
            raise UmpireError(f"the absence of {days(span)} days would make {company}'s absences {used + days(span)} "
                              f"days; this game moves its deadlines for at most {max_days(folder)} days of absence "
                              f"a player ({used} taken).",
                              fix="Announce a shorter absence, or ask the GM to extend the deadline "
                                  "(umpire deadline --extend).")
    return {"type": "absence", "company": company, "from": span[0], "to": span[1], "via": via}


def moved_past_absences(folder: GameFolder, round_number, info):
    """`info` (deadlines.Deadline) moved past every absence of the round's companies it falls in,
    where the game's policy is `extend` (a deadline at 18:00 inside an absence ending on the 10th
    moves to 18:00 on the 11th)."""
    game = Game.of(folder)
    if info.at is None or policy(folder) != "extend":
        return info
    away = absences(folder)
    if not away:
        return info
    state = game.state(copy=False)
    if str(game.family.open_turn(state)) != str(round_number):
        return info
    companies = [c for c in game.family.awaited(state) if c in away]
    tz, at, movers = zone(game.options.get("deadline_zone")), info.at, []
    for _ in range(64):
        local = at.astimezone(tz)
        hit = next(((c, s) for c in companies for s in away[c]
                    if s[0] <= local.date().isoformat() <= s[1]), None)
        if hit is None:
            break
        after = date.fromisoformat(hit[1][1]) + timedelta(days=1)
        at = datetime.combine(after, local.time().replace(tzinfo=None)).replace(tzinfo=tz).astimezone(info.at.tzinfo)
        movers.append(hit[0])
    return replace(info, at=at, moved_by=tuple(dict.fromkeys(movers))) if movers else info

"""Where a game stands, as the top of each of its pages says it: while it runs, the open turn,
its deadline, who has ordered and who is awaited (names only, never what they ordered); when it
has ended, the winners and the final standings ordered by result. Made from `status --json`."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime

from ..kernel.language import ENGLISH, N_, _, current, long_moment, pgettext
from ..kernel.order_header import turn_words


@dataclass
class Standing:
    turn: str                                     # "construction, round 5", "turn 2B", "finished"
    deadline: str                                 # "2026-03-12 18:00 UTC", "none", "paused"
    over: bool = False
    deadline_iso: str | None = None               # for the reader's own zone and the countdown
    ordered: list[tuple[str, str]] = field(default_factory=list)        # (id, name), seat order
    awaited: list[tuple[str, str]] = field(default_factory=list)
    winners: list[tuple[str, str]] = field(default_factory=list)
    standings: list[tuple[int, str, str, int]] = field(default_factory=list)   # (place, id, name, score)

    @property
    def finished(self) -> bool:
        return bool(self.standings) or self.over


PHASE_ROUND = {"construction": N_("construction, round {round}"), "operations": N_("operations, round {round}")}
SOME_PHASE_ROUND = N_("{phase}, round {round}")         # a phase a family names otherwise


def standing(status: dict, names: dict[str, str]) -> Standing:
    finished = status.get("phase") == "finished" or status.get("turn") == "finished"
    turn = status.get("turn") if isinstance(status.get("turn"), str) else None
    if finished:
        turn = _("finished")
    elif turn is None:
        turn = _(PHASE_ROUND.get(status.get("phase"), SOME_PHASE_ROUND)).format(
            phase=status.get("phase"), round=status.get("round"))
    else:
        turn = turn_words(turn)
    out = Standing(turn, _deadline(status), over=finished)
    if finished:
        out.winners = [(p, names.get(p, p)) for p in status.get("winners", [])]
        out.standings = _ranked(status.get("scores", {}), status.get("winners", []), list(names), names)
        return out
    if status.get("deadline") and not status.get("paused"):
        out.deadline_iso = _utc(status["deadline"]).strftime("%Y-%m-%dT%H:%MZ")
    ordered = set(status.get("orders_in", []))
    out.ordered = [(p, names.get(p, p)) for p in names if p in ordered]
    out.awaited = [(p, names.get(p, p)) for p in status.get("awaited", [])]
    return out


def _ranked(scores: dict[str, int], winners: list[str], seats: list[str], names: dict) -> list[tuple]:
    """Winners first, then by score, highest first; equal scores share a place."""
    order = sorted(scores, key=lambda p: (p not in winners, -scores[p], seats.index(p) if p in seats else len(seats)))
    out, place = [], 0
    for k, p in enumerate(order):
        if not k or (p in winners) != (order[k - 1] in winners) or scores[p] != scores[order[k - 1]]:
            place = k + 1
        out.append((place, p, names.get(p, p), scores[p]))
    return out


def _utc(text: str) -> datetime:
    return datetime.fromisoformat(text).astimezone(UTC)


def _deadline(status: dict) -> str:
    if status.get("paused"):
        return _("paused")
    if not status.get("deadline"):
        return pgettext("deadline", "none")
    at = _utc(status["deadline"])
    return at.strftime("%Y-%m-%d %H:%M UTC") if current() == ENGLISH else _("{moment} (UTC)").format(
        moment=long_moment(at, UTC))

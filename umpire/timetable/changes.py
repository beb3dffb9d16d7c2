"""`umpire deadline`: the GM moves, pauses or resumes the open round's deadline. Each change is a
`deadline_changed` event in the journal holding the deadline it leaves (and, paused, the time that
was left), with the GM's reason; a mistaken change is mended by another. The players hear of it
by the next `umpire mail send` (see notices.py)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from ..errors import UmpireError
from ..game import Game
from ..kernel import ids
from ..kernel.language import ENGLISH, _, current
from ..kernel.order_header import turn_start, turn_words
from ..store.folder import GameFolder
from .deadlines import CHANGED, changes, describe, game_zone, set_at
from .spans import parse_duration, parse_moment, words

ACTIONS = ("extend", "set", "pause", "resume")


def change(folder: GameFolder, action: str, value: str | None, reason: str | None, now: datetime,
           held: str | None = None) -> dict | None:
    """Journal the change; returns its event, or None when it changes nothing (run twice, paused twice).
    `held`: the pause holds the turn for the GM after his correction (see `hold`)."""
    game = Game.of(folder)
    folder.require()
    state = game.state()
    if state.phase == "finished":
        raise UmpireError(f"game {folder.game_id} is finished; it has no deadline.", fix="Nothing was done.")
    if reason is not None:
        reason = ids.check_reason(reason, "--reason")
    turn = game.family.open_turn(state)
    current = set_at(folder, turn)
    event = {"type": CHANGED, "round": turn, "action": action}
    if action == "extend":
        event.update(_extended(folder, turn, current, value))
    elif action == "set":
        event.update(_set(folder, value, now))
    elif action == "pause":
        if current.paused:
            return None
        left = (current.at - now) if current.at else None
        event.update(deadline=None, paused=True, left=max(0, int(left.total_seconds())) if left is not None else None)
    elif action == "resume":
        if not current.paused:
            return None
        at = _to_the_minute(now + current.left) if current.left is not None else None
        event.update(deadline=at.astimezone(UTC).isoformat() if at else None, paused=False)
    else:
        raise ValueError(action)
    if reason:
        event["reason"] = reason
    if held:
        event["held"] = held
    if _repeated(event, (changes(folder, turn) or [None])[-1], current):
        return None
    folder.append([event])
    return event


def _extended(folder: GameFolder, turn, current, value: str | None) -> dict:
    """The deadline --extend leaves: later by the span, or with that much more time left when paused."""
    span = parse_duration(value, "--extend")
    if current.paused:
        left = (current.left or timedelta(0)) + span
        return {"deadline": None, "paused": True, "left": int(left.total_seconds()), "by": words(span)}
    if current.at is None:
        raise UmpireError(f"round {turn} has no deadline to extend.",
                          fix=f"Set one: umpire deadline {folder.path} --set '2026-12-05 18:00'.")
    return {"deadline": (current.at + span).isoformat(), "paused": False, "by": words(span)}


def _set(folder: GameFolder, value: str | None, now: datetime) -> dict:
    """The deadline --set gives (to the minute, in the game's zone): one still to come."""
    at = parse_moment(value, game_zone(folder)).replace(second=0, microsecond=0)
    if at <= now:
        raise UmpireError(f"--set {describe(at)} has passed already (it is {describe(now)}).",
                          fix="Give a time to come; to resolve the round now, run umpire resolve --force.")
    return {"deadline": at.isoformat(), "paused": False}


def _to_the_minute(moment: datetime) -> datetime:
    """A deadline to the minute, rounded up: a resume never takes a second from the time left."""
    whole = moment.replace(second=0, microsecond=0)
    return whole if whole == moment else whole + timedelta(minutes=1)


def _repeated(event: dict, last: dict | None, current) -> bool:
    """The same --set again, or the same --extend with the same reason right after it: done already."""
    if event["action"] == "set":
        return current.at is not None and current.at.isoformat() == event["deadline"]
    same = ("action", "paused", "by", "reason")
    return event["action"] == "extend" and last is not None and all(last.get(k) == event.get(k) for k in same)


def said(event: dict) -> str:
    """The change in one sentence for the GM, a notice and the journal's readers."""
    turn = event["round"]
    if event["paused"]:
        text = _("The deadline of {turn} is paused: the clock stands still until the GM resumes it.")
        if event["action"] == "extend":
            text = _("The paused deadline of {turn} is extended: {left} will be left when the clock runs again.")
    elif event["deadline"] is None:
        text = _("{Turn} runs again, without a deadline.")
    elif event["action"] == "extend" and event.get("by"):
        text = _("The deadline of {turn} is extended by {by}: orders are due by {deadline}.")
    else:
        text = {"extend": _("The deadline of {turn} is extended: orders are due by {deadline}."),
                "set": _("The deadline of {turn} is set: orders are due by {deadline}."),
                "resume": _("The deadline of {turn} runs again: orders are due by {deadline}.")}[event["action"]]
    text = text.format(turn=turn_words(turn), Turn=turn_start(turn), by=_span(event.get("by", "")),
                       left=words(timedelta(seconds=event.get("left") or 0)),
                       deadline=describe(event["deadline"]) if event["deadline"] else "")
    return text + (" " + _("The GM's reason: {reason}").format(reason=event["reason"])
                   + ("" if event["reason"].endswith(".") else ".") if event.get("reason") else "")


def _span(by: str) -> str:
    """The GM's span as journaled (`2 days`); in another language, in its words (`2 Tage`)."""
    if current() == ENGLISH or not by:
        return by
    try:
        return words(parse_duration(by, "by"))
    except UmpireError:
        return by


def hold(folder: GameFolder, by: str, now: datetime) -> dict | None:
    """Hold the open turn for the GM after a correction (`by`: `rollback` or `replace`): its deadline
    paused, the time left kept, so that no resolve of the cron (tick, resolve --due, resolve_early)
    takes it before the GM has set it right and releases it with `umpire deadline --resume`. A
    turn paused already stays as it is; a finished game has nothing to hold."""
    if Game.of(folder).state(copy=False).phase == "finished":
        return None
    return change(folder, "pause", None, f"held for the GM after umpire {by}", now, held=by)

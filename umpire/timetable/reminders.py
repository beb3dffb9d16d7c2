"""When reminders fall due: `remind: [2 days, 12 hours]` before the deadline (each once a round to
each player who has not ordered), and once a day in the grace after it. A host whose clock ran
past several steps at once sends only the latest of them."""

from __future__ import annotations

from datetime import datetime, timedelta

from ..errors import UmpireError
from .spans import parse_duration, words

DEFAULT = ("1 day",)


def spans(options: dict) -> list[timedelta]:
    """The game's reminder spans, longest first (`remind`: a list or 'SPAN, SPAN'; [] for none)."""
    value = options.get("remind", list(DEFAULT))
    if value in (None, "", "none", False):
        return []
    items = value if isinstance(value, list) else str(value).strip("[]").split(",")
    return sorted((parse_duration(str(v).strip(), "remind") for v in items if str(v).strip()), reverse=True)


def check_options(options: dict):
    spans(options)
    late = options.get("remind_late_to_all", False)
    if not isinstance(late, bool):
        raise UmpireError(f"--option remind_late_to_all={late} must be true or false.",
                          fix="Write remind_late_to_all=true to tell every player who is late.")


def step_due(at: datetime | None, grace_end: datetime | None, now: datetime, reminder_spans) -> str | None:
    """The reminder step due at `now` ('2 days before', 'grace day 1'), or None; the latest that has come."""
    if at is None or grace_end is None or now >= grace_end:
        return None
    if now >= at:
        return f"grace day {(now - at) // timedelta(days=1) + 1}"
    come = [s for s in reminder_spans if now >= at - s]
    if not come:
        return None
    return f"{words(min(come))} before"

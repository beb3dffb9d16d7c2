"""The umpire's clock: the time now, in UTC, read in the shell only.

`UMPIRE_NOW` (an ISO 8601 time, e.g. 2026-12-01T18:00:00+00:00) sets it: a host rehearses a week of
deadlines and reminders in a copy of his games, and the tests walk a game through its calendar.
"""

from __future__ import annotations

import os
from datetime import UTC, datetime

from ..errors import UmpireError

CLOCK_VARIABLE = "UMPIRE_NOW"


def now() -> datetime:
    """The time now (UTC, aware): UMPIRE_NOW if set, else the system's clock."""
    text = os.environ.get(CLOCK_VARIABLE, "").strip()
    if not text:
        return datetime.now(UTC)
    try:
        moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        raise UmpireError(f"{CLOCK_VARIABLE}={text[:40]!r} is not a time.",
                          fix=f"Write e.g. {CLOCK_VARIABLE}=2026-12-01T18:00:00+00:00, or unset it for the system's "
                              "clock.") from None
    return (moment if moment.tzinfo else moment.replace(tzinfo=UTC)).astimezone(UTC)


def stamp(moment: datetime) -> str:
    """A time as the journal keeps it: UTC to the second, `2026-03-12T18:00:05Z`."""
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")

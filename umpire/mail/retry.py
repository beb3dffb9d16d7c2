"""When a message the SMTP server put off is tried again, and when the umpire gives it up.

A 4xx reply (at the greeting or HELO, MAIL FROM, RCPT TO or DATA) is temporary: greylisting
servers give one to every first attempt. The message is tried again after a pause that grows
with each failed try (5 minutes, 15 minutes, 1 hour, then every 4 hours), the last time 3 days
after its first try; a try that fails then gives it up. Only a 5xx reply refuses for good.
"""

from __future__ import annotations

from datetime import datetime, timedelta

PAUSES = (timedelta(minutes=5), timedelta(minutes=15), timedelta(hours=1), timedelta(hours=4))
GIVE_UP_AFTER = timedelta(days=3)


def final(code: int) -> bool:
    """Whether an SMTP reply code refuses for good (5xx); any other refusal is temporary."""
    return 500 <= code <= 599


def next_try(first: datetime, tries: int, now: datetime) -> datetime | None:
    """After `tries` failed tries (the first at `first`, the last `now`): when to try again, or
    None when the message is given up."""
    end = first + GIVE_UP_AFTER
    if now >= end:
        return None
    return min(now + PAUSES[min(tries, len(PAUSES)) - 1], end)

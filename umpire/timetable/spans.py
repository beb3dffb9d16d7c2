"""Times as a GM or a player writes them: spans ('7 days'), a time of day ('18:00'), a zone
('Europe/Berlin', by the standard library's zoneinfo), a date (2026-12-01) and a moment."""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, time, timedelta, tzinfo
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from ..errors import UmpireError
from ..kernel.echo import quote
from ..kernel.language import ngettext

_UNITS = {"minute": 60, "hour": 3600, "day": 86400, "week": 7 * 86400}
_PART = re.compile(r"([0-9]{1,6})\s*(minute|hour|day|week)s?", re.IGNORECASE)
_LONGEST = timedelta(days=3650)
_CLOCK = re.compile(r"^([01]?[0-9]|2[0-3]):([0-5][0-9])$")


def parse_duration(text: str, what: str = "deadline") -> timedelta:
    """'7 days', '48 hours', '1 week 2 days' -> a timedelta."""
    text = str(text).strip()
    parts = _PART.findall(text)
    if not parts or _PART.sub("", text).strip(" ,and") != "":
        raise UmpireError(f"the {what} {quote(text)} is not a time span.",
                          fix=f"Write e.g. --option {what}='7 days' or --option {what}='48 hours'.")
    span = timedelta(seconds=sum(int(n) * _UNITS[unit.lower()] for n, unit in parts))
    if span > _LONGEST:
        raise UmpireError(f"the {what} {quote(text)} is longer than ten years.",
                          fix=f"Write e.g. --option {what}='7 days' or --option {what}='48 hours'.")
    return span


def words(span: timedelta) -> str:
    """A span in words: '2 days', '1 day 6 hours', '90 minutes' -> '1 hour 30 minutes'."""
    seconds, parts = int(span.total_seconds()), []
    days, seconds = divmod(seconds, 86400)
    hours, seconds = divmod(seconds, 3600)
    minutes = seconds // 60
    if days:
        parts.append(ngettext("{n} day", "{n} days", days).format(n=days))
    if hours:
        parts.append(ngettext("{n} hour", "{n} hours", hours).format(n=hours))
    if minutes or not parts:
        parts.append(ngettext("{n} minute", "{n} minutes", minutes).format(n=minutes))
    return " ".join(parts)


def time_of_day(text, what: str = "deadline_at") -> time:
    """'18:00' -> 18:00 (a YAML reader may have read 18:00 as the number of minutes 1080)."""
    if isinstance(text, int) and not isinstance(text, bool) and 0 <= text < 24 * 60:
        return time(text // 60, text % 60)
    found = _CLOCK.match(str(text).strip())
    if not found:
        raise UmpireError(f"{what} {quote(str(text))} is not a time of day.",
                          fix=f"Write e.g. --option {what}=18:00 (24-hour clock).")
    return time(int(found.group(1)), int(found.group(2)))


def zone(name, what: str = "deadline_zone") -> tzinfo:
    """A time zone by its name in the zone database ('Europe/Berlin'; 'UTC')."""
    text = str(name or "UTC").strip()
    if text.upper() in ("UTC", "Z", "GMT"):
        return UTC
    try:
        if not re.fullmatch(r"[A-Za-z0-9_+\-/]{1,60}", text) or text.startswith("/") or ".." in text:
            raise ValueError(text)
        return ZoneInfo(text)
    except (ZoneInfoNotFoundError, ValueError):
        raise UmpireError(f"{what} {quote(text)} is not a time zone.",
                          fix="Write a zone by its name, e.g. Europe/Berlin, America/New_York or UTC.") from None


def zone_name(tz: tzinfo) -> str:
    return "UTC" if tz is UTC else str(tz)


def parse_date(text: str, what: str) -> date:
    try:
        return date.fromisoformat(str(text).strip())
    except ValueError:
        raise UmpireError(f"{what} {quote(str(text))} is not a date.", fix="Write it as YEAR-MONTH-DAY, e.g. "
                          "2026-12-01.") from None


def parse_moment(text: str, tz: tzinfo, what: str = "--set") -> datetime:
    """'2026-12-05 18:00' (in the zone `tz`) or with its own offset ('2026-12-05T17:00Z') -> UTC."""
    raw = str(text).strip()
    try:
        moment = datetime.fromisoformat(raw.replace("Z", "+00:00").replace("z", "+00:00"))
    except ValueError:
        raise UmpireError(f"{what} {quote(raw)} is not a time.",
                          fix=f"Write e.g. {what} '2026-12-05 18:00' (in the game's deadline_zone) or "
                              f"{what} 2026-12-05T17:00Z.") from None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=tz)
    return moment.astimezone(UTC)

"""A game's Atom feed (an entry per newsletter) and its open deadline as iCalendar. An entry's
time is the one the journal gives its newsletter (or, in a zine's game typed in, the date of the
zine's issue, game.yaml `archive: issues:`); 1970-01-01 where the journal kept none: the same
game gives the same bytes."""

from __future__ import annotations

from datetime import UTC, datetime
from html import escape

from ..kernel.language import ENGLISH, _, current

EPOCH = "1970-01-01T00:00:00Z"


def atom_feed(game: str, intros: dict[int, str], dates: dict[int, str] | None = None) -> str:
    """`dates`: newsletter number -> the time the journal gives it (2026-03-12T18:00:05Z), or the
    date of the zine's issue that printed it (2026-03-12)."""
    dates = dates or {}
    when = {n: (dates[n] if "T" in dates[n] else f"{dates[n]}T00:00:00Z") if n in dates else EPOCH for n in intros}
    title = _("{game}: newsletter {number}")
    entries = "".join(
        f"<entry><title>{escape(title.format(game=game, number=f'{n:03d}'))}</title>"
        f"<id>urn:umpire:{escape(game)}:{n:03d}</id>"
        f"<updated>{when[n]}</updated><link rel=\"alternate\" type=\"text/html\" href=\"{n:03d}.html\"/>"
        f"<summary>{escape(intro)}</summary></entry>\n" for n, intro in sorted(intros.items(), reverse=True))
    lang = "" if current() == ENGLISH else f' xml:lang="{current()}"'
    feed, author = _("{game}: newsletters").format(game=game), _("the umpire")
    return (f'<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom"{lang}>\n'
            f"<title>{escape(feed)}</title><id>urn:umpire:{escape(game)}</id>"
            f"<updated>{max(when.values(), default=EPOCH)}</updated>"
            f"<author><name>{escape(author)}</name></author>"
            '<link rel="alternate" type="text/html" href="index.html"/>'
            '<link rel="self" type="application/atom+xml" href="feed.atom"/>\n'
            f"{entries}</feed>\n")


def _ics_time(iso: str) -> str:
    return datetime.fromisoformat(iso).astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")


def _escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,").replace("\n", "\\n")


def deadline_calendar(game: str, deadline: str | None, turn: str) -> str:
    """The open turn's deadline as one event (none without a deadline), lines ended by CRLF: a
    moment, so no DTEND; DTSTAMP the deadline too (no clock: the same game gives the same bytes)."""
    name = _("{game}: deadlines").format(game=game)
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//umpire//game deadlines//EN", "CALSCALE:GREGORIAN",
             f"X-WR-CALNAME:{_escape(name)}"]
    if deadline:
        at = _ics_time(deadline)
        summary = _("{game}: orders due ({turn})").format(game=game, turn=turn)
        lines += ["BEGIN:VEVENT", f"UID:{_escape(game)}-{at}@umpire", f"DTSTAMP:{at}", f"DTSTART:{at}",
                  f"SUMMARY:{_escape(summary)}", "END:VEVENT"]
    lines.append("END:VCALENDAR")
    return "".join(_folded(line) for line in lines)


def _folded(line: str) -> str:
    """A content line folded at 73 characters (RFC 5545: continuation lines begin with a space)."""
    parts = [line[:73]] + [" " + line[k:k + 72] for k in range(73, len(line), 72)]
    return "\r\n".join(parts) + "\r\n"

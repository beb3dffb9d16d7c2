"""What the GM tells the players in the next newsletter, under "From the GM": his notes (`umpire
note`, or `--note` on a GM command: a `gm_note` event journaled right after the command's own)
and who took over a company or seat since the last newsletter (`company_replaced`). Pure: from
the events of the issue; a newsletter with none of them prints nothing of it."""

from __future__ import annotations

from ..errors import UmpireError
from .ids import shown

NOTE_LIMIT = 600
NOTE_RULE = f"one line of printable characters, 1 to {NOTE_LIMIT} of them"
HEADING = "From the GM"


def check_note(value: str, where: str = "--note") -> str:
    """The GM's note, stripped; refused (UmpireError) if empty, too long or not one printable line."""
    text = value.strip()
    if not text or len(text) > NOTE_LIMIT or any(not c.isprintable() for c in text):
        raise UmpireError(f"{where} {shown(value)} is not a note: {NOTE_RULE}.", fix="Nothing was done.")
    return text


def note_event(text: str, turn: int | str, after: str | None, at: str) -> dict:
    """The journal's `gm_note`: the note, the turn open when it was given, the command it goes with
    (None: `umpire note` alone) and when (ISO time)."""
    return {"type": "gm_note", "round": turn, "text": text, **({"after": after} if after else {}), "at": at}


def from_the_gm(news: list[dict], seat: str) -> list[str]:
    """The paragraphs under "From the GM" for an issue whose events are `news`: who took over
    (`seat`: the family's word, company or player), then the notes, in the order given."""
    took = [_took_over(e, seat) for e in news if e.get("type") == "company_replaced"]
    return took + [e["text"] for e in news if e.get("type") == "gm_note"]


def _took_over(e: dict, seat: str) -> str:
    company, before = e["company"], (e.get("before") or {}).get("name") or e["company"]
    if e.get("name") and seat == "player":
        return f"{e['name']} took over {company} from {before}."
    now = f"; it is now called {e['name']}" if e.get("name") and e["name"] != before else ""
    return f"A new player took over {before} ({company}){now}."

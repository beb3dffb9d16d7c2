"""The GM's own changes to a game, read from its journal (`umpire log GAME_DIR --gm`): his
adjustments and their undoing, replacements, deadline changes and holds, the absences he entered,
rollbacks, notes, house rules, and the GM commands of the game's family (end-construction, and any other
command the GM gives besides new and resolve), each with its turn, its time where the journal
has one and its reason. A change a later rollback undid is marked so; nothing is left out."""

from __future__ import annotations

from ..kernel.order_header import turn_words
from ..store.folder import in_force
from ..timetable.changes import said

PLAYERS = ("new", "resolve")          # commands that are not the GM's changes


def gm_changes(journal: list[dict]) -> list[dict]:
    """Each change of the GM in journal order: {"event": position, "round", "type", "at", "text"}."""
    kept, out, turn = set(in_force(journal)), [], None
    for i, e in enumerate(journal):
        turn = e.get("round", turn) if e["type"] in ("round_opened", "command") else turn
        text = _text(e)
        if text is None:
            continue
        if i not in kept:
            text += " (undone by a later rollback)"
        out.append({"event": i + 1, "round": e.get("round", turn), "type": e["type"], "at": e.get("at"),
                    "text": text})
    return out


def _text(e: dict) -> str | None:
    kind, reason = e["type"], e.get("reason")
    why = f": {reason}" if reason else ""
    if kind == "adjusted":
        return f"adjust {e['company']} {e['units']:+d}{why}"
    if kind == "adjust_undone":
        return f"adjust --undo: {e['company']} {e['units']:+d} (undoes the adjustment at line {e['undoes'] + 1}{why})"
    if kind == "company_replaced":
        before = e.get("before") or {}
        renamed = f", now named {e['name']}" if e.get("name") else ""
        return f"replace {e['company']}: {before.get('email') or 'no address'} -> {e['email']}{renamed}"
    if kind == "deadline_changed":
        held = f"hold after {e['held']}: " if e.get("held") else ""
        return f"deadline --{e['action']}: {held}{said(e)}"
    if kind == "absence" and e.get("via") == "gm":
        return f"absence {e['company']} from {e['from']} to {e['to']}"
    if kind == "rollback":
        first, last = e["undoes"][0] + 1, e["undoes"][1] + 1
        return f"rollback to {turn_words(e['to_round'])} (undoes journal lines {first}-{last})"
    if kind == "gm_note":
        return "note" + (f" (with {e['after']})" if e.get("after") else "") + f": {e['text']}"
    if kind == "house_rule":
        return f"house-rule {e.get('key')}={e.get('value')}{why}"
    if kind == "command" and e["command"] not in PLAYERS:
        return f"{e['command']}{why}"
    return None

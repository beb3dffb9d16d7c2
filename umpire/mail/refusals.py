"""The messages of the open turn that came to nothing, for `umpire status`: orders refused, mail
not accepted as orders (an unregistered sender, a wrong code), messages too large or unreadable.

They are read from the mail log of the game's folder, and of the folder of games above it (where
`mail fetch --all` keeps its log), each message once. A message counts for the turn the fetch
recorded with it (`turn`); one logged before fetches recorded it counts when the game's journal
has its refusal in the open turn."""

from __future__ import annotations

from ..game import Game
from ..store.folder import GameFolder
from ..store.mailroom import LOG_FILE, Mailroom

REFUSED = ("refused", "no order", "not accepted", "unreadable", "too large")     # the statuses of a fetch listed here


def refused_mail(folder: GameFolder) -> list[dict]:
    """Per sender, in the order of their first message: how many of his messages came to nothing
    in the open turn, and what became of the first (its status and reason)."""
    turn = str(Game.of(folder).family.open_turn(Game.of(folder).state(copy=False)))
    since = max((i for i, e in enumerate(folder.events) if e["type"] == "newsletter"), default=-1)
    journaled = {str(e.get("via", ""))[5:] for e in folder.events[since + 1:]
                 if e["type"] == "order_refused" and str(e.get("via", "")).startswith("mail ")}
    rooms = [(folder.path, None)]
    if (folder.path.parent / LOG_FILE).is_file():
        rooms.append((folder.path.parent, folder.game_id))
    by_sender: dict[str | None, dict] = {}
    seen = set()
    for path, game in rooms:
        for record in Mailroom(path).records:
            if record.get("type") != "processed" or record.get("status") not in REFUSED or record["key"] in seen:
                continue
            if game is not None and record.get("game") != game:
                continue
            recorded = record.get("turn")
            if (recorded != turn) if recorded is not None else (record["key"] not in journaled):
                continue
            seen.add(record["key"])
            sender = record.get("sender")
            entry = by_sender.setdefault(sender, {"sender": sender, "count": 0, "status": record["status"],
                                                  "reason": record.get("reason") or _journaled_reason(folder, record)})
            entry["count"] += 1
    return list(by_sender.values())


def _journaled_reason(folder: GameFolder, record: dict) -> str:
    via = f"mail {record['key']}"
    return next((e["reason"] for e in reversed(folder.events) if e.get("via") == via and "reason" in e), "")

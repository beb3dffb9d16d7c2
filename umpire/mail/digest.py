"""`umpire mail digest GAMES_DIR --to GM`: one mail a day for a host, across his games: the
deadlines due soon and who is awaited, the mail refused since the last digest (the players' to the
umpire, and the umpire's that the SMTP server would not take), and what failed."""

from __future__ import annotations

from datetime import datetime, timedelta
from email import policy
from pathlib import Path

from .. import actions
from ..store.folder import GameFolder
from ..sweep import game_folders
from ..timetable.deadlines import deadline, describe
from .config import MailConfig
from .mailroom import Mailroom
from .send import outgoing

SOON = timedelta(days=2)
REFUSED = ("refused", "not accepted", "unreadable", "too large")


def _since(room: Mailroom) -> str:
    """When the last digest was made (ISO), or '' for never."""
    return max((r.get("at", "") for r in room.records if r["type"] == "queued" and r.get("kind") == "digest"),
               default="")


def digest_text(games_dir: Path, now: datetime, since: str) -> str:
    soon, waiting, refused, bounced, failed = [], [], [], [], []
    rooms = [Mailroom(games_dir)]
    for path in game_folders(games_dir):
        rooms.append(Mailroom(path))
        try:
            folder = GameFolder(path).require()
            info = actions.status(folder)
            if info["phase"] == "finished":
                continue
            at = deadline(folder, info.get("turn", info["round"]))
            turn = info.get("turn", info["round"])
            line = (f"{path.name}, round {turn}: " + ("paused" if at.paused else f"due {describe(at.at)}" if at.at
                                                      else "no deadline")
                    + (f"; awaited: {', '.join(info['awaited'])}" if info["awaited"] else "; every order is in"))
            (soon if at.at is not None and at.at - now <= SOON else waiting).append(line)
        except Exception as exc:                     # a game that cannot be read is what the GM must hear of
            failed.append(f"{path.name}: {getattr(exc, 'message', None) or f'{type(exc).__name__}: {exc}'}")
        reports = path / "crash-reports"
        if reports.is_dir():
            for report in sorted(reports.iterdir()):
                stamp = datetime.fromtimestamp(report.stat().st_mtime, now.tzinfo).isoformat()
                if stamp > since:
                    failed.append(f"{path.name}: a defect of the umpire, its report in {report}")
    for room in rooms:
        for r in room.records:
            if r["type"] == "processed" and r.get("status") in REFUSED and (r.get("received") or "") > since:
                refused.append(f"{r.get('game') or room.path.name}: {r.get('sender') or 'an unknown sender'}, "
                               f"{r['status']}" + (f": {r['reason']}" if r.get("reason") else ""))
            if r["type"] == "sent" and r.get("recipients") and r.get("at", "") > since:
                bounced += [f"{room.path.name}: {r['file']} to {to}: {reply}" for to, reply in r["recipients"].items()]
    out = [f"The umpire's digest of {games_dir}, {describe(now)}."]
    for head, lines in (("Due within two days", soon), ("Waiting", waiting),
                        ("Mail refused since the last digest", refused),
                        ("Recipients the SMTP server refused since the last digest", bounced), ("Failures", failed)):
        out += ["", f"{head}:"] + ([f"  {line}" for line in lines] or ["  none"])
    return "\n".join(out) + "\n"


def queue_digest(games_dir: Path, config: MailConfig, to: str, now: datetime, again: bool = False) -> bool:
    """Queue today's digest for `to` in the games folder's outbox; False if it was queued today already."""
    room = Mailroom(games_dir)
    day = now.date().isoformat()
    if not again and any(r["type"] == "queued" and r.get("kind") == "digest" and r.get("day") == day
                         and r.get("to") == to for r in room.records):
        return False
    msg = outgoing("digest", config.sender(), to, f"umpire digest {day}", now, f"{day}.{now.strftime('%H%M%S')}")
    msg["Auto-Submitted"] = "auto-generated"
    msg.set_content(digest_text(games_dir, now, _since(room)))
    name = room.queue(f"digest-{day}-{now.strftime('%H%M%S')}.eml", msg.as_bytes(policy=policy.SMTP))
    room.log([{"type": "queued", "file": name, "kind": "digest", "day": day, "to": to, "at": now.isoformat()}])
    return True

"""`umpire mail digest GAMES_DIR --to GM`: one mail a day for a host, across his games: the
deadlines due soon and who is awaited, the mail refused since the last digest (the players' to the
umpire, and the umpire's that the SMTP server would not take), the umpire's mail the SMTP server
put off (waiting for another try) and the mail given up since the last digest, the players' notes to
the GM that no digest listed yet (forwarded or not), and what failed."""

from __future__ import annotations

from contextlib import suppress
from datetime import datetime, timedelta
from email import policy
from pathlib import Path

from ..kernel.order_header import turn_words
from ..store.folder import GameFolder
from ..store.mailroom import Mailroom
from ..timetable.deadlines import deadline, describe
from ..usecases import actions
from ..usecases.sweep import game_folders
from .config import MailConfig
from .refusals import REFUSED
from .retry import GIVE_UP_AFTER
from .send import outgoing

SOON = timedelta(days=2)
TRIES = ("sent", "deferred", "given_up")                 # the mail log's records of a try to send
GIVE_UP_DAYS = GIVE_UP_AFTER.days


def _since(room: Mailroom) -> str:
    """When the last digest was made (ISO), or '' for never."""
    return max((r.get("at", "") for r in room.records if r["type"] == "queued" and r.get("kind") == "digest"),
               default="")


def unlisted_notes(games_dir: Path) -> list[tuple[str, dict]]:
    """The messages with a note to the GM that no digest has listed yet (each digest's record keeps
    the keys it listed, so a note fetched after a digest was made, whenever it was received, is in
    the next one): (game, its processed record), by game, in the order received."""
    room = Mailroom(games_dir)
    listed = {k for r in room.records if r["type"] == "queued" and r.get("kind") == "digest"
              for k in r.get("noted", ())}
    found = [(r["game"], r) for each in [room] + [Mailroom(p) for p in game_folders(games_dir)] for r in each.records
             if r["type"] == "processed" and r.get("notes") and r.get("game") and r["key"] not in listed]
    return sorted({r["key"]: (game, r) for game, r in found}.values(), key=lambda n: (n[0], n[1].get("received", "")))


def note_lines(games_dir: Path, found: list[tuple[str, dict]]) -> list[str]:
    """Each note: its game, player, turn, when it was received and whether it was forwarded; then its words."""
    names: dict[str, dict] = {}
    for path in game_folders(games_dir) if found else ():
        with suppress(Exception):        # a game that cannot be read is under "Failures"; its ids are shown
            folder = GameFolder(path)
            names[folder.game_id] = {c: (folder.company(c) or {}).get("name", c) for c in folder.company_ids()}
    lines = []
    for game, r in found:
        turn = str(r.get("turn") or "")
        player = f"{r['company']} ({names.get(game, {}).get(r['company'], r['company'])})" if r.get("company") \
            else r.get("sender") or "an unknown sender"
        fate = f"forwarded to {r['forwarded']}" if r.get("forwarded") else \
            "not forwarded" + (f" ({r['not_forwarded']})" if r.get("not_forwarded") else "")
        lines.append(f"{game}: {player}, " + (f"{turn_words(int(turn) if turn.isdigit() else turn)}, " if turn else "")
                     + (f"received {describe(r['received'])}, " if r.get("received") else "") + f"{fate}:")
        lines += [f"    {words}" for words in r.get("words") or r["notes"]]
    return lines


def digest_text(games_dir: Path, now: datetime, since: str, notes: list[tuple[str, dict]] | None = None) -> str:
    """The digest; `notes`: the notes to the GM it lists (by default those no digest listed yet)."""
    soon, waiting, failed = [], [], []
    rooms = [Mailroom(games_dir)]
    for path in game_folders(games_dir):
        rooms.append(Mailroom(path))
        try:
            line, at = _game_line(path)
            if line is None:                    # a finished game
                continue
            (soon if at is not None and at - now <= SOON else waiting).append(line)
        except Exception as exc:
            failed.append(f"{path.name}: {getattr(exc, 'message', None) or f'{type(exc).__name__}: {exc}'}")
        failed += _crash_reports(path, now, since)
    refused, bounced, given_up, put_off = [], [], [], []
    for room in rooms:
        refused += _refused(room, since)
        bounced += _bounced(room, since)
        given_up += _given_up(room, since)
        put_off += _put_off(room)
    out = [f"The umpire's digest of {games_dir}, {describe(now)}."]
    for head, lines in (("Due within two days", soon), ("Waiting", waiting),
                        ("Mail refused since the last digest", refused),
                        ("Recipients the SMTP server refused since the last digest", bounced),
                        ("Mail the SMTP server put off, waiting for another try", put_off),
                        (f"Mail given up since the last digest (put off for {GIVE_UP_DAYS} days)", given_up),
                        ("Notes to the GM since the last digest",
                         note_lines(games_dir, unlisted_notes(games_dir) if notes is None else notes)),
                        ("Failures", failed)):
        out += ["", f"{head}:"] + ([f"  {line}" for line in lines] or ["  none"])
    return "\n".join(out) + "\n"


def _game_line(path: Path) -> tuple[str | None, datetime | None]:
    """The game's line (None for a finished game) and its deadline (None without one)."""
    folder = GameFolder(path).require()
    info = actions.status(folder)
    if info["phase"] == "finished":
        return None, None
    at = deadline(folder, info.get("turn", info["round"]))
    turn = info.get("turn", info["round"])
    line = (f"{path.name}, round {turn}: " + ("paused" if at.paused else f"due {describe(at.at)}" if at.at
                                              else "no deadline")
            + (f"; awaited: {', '.join(info['awaited'])}" if info["awaited"] else "; every order is in"))
    return line, at.at


def _crash_reports(path: Path, now: datetime, since: str) -> list[str]:
    """The game's crash reports written since the last digest."""
    reports = path / "crash-reports"
    if not reports.is_dir():
        return []
    found = []
    for report in sorted(reports.iterdir()):
        stamp = datetime.fromtimestamp(report.stat().st_mtime, now.tzinfo).isoformat()
        if stamp > since:
            found.append(f"{path.name}: a defect of the umpire, its report in {report}")
    return found


def _refused(room: Mailroom, since: str) -> list[str]:
    return [f"{r.get('game') or room.path.name}: {r.get('sender') or 'an unknown sender'}, "
            f"{r['status']}" + (f": {r['reason']}" if r.get("reason") else "")
            for r in room.records
            if r["type"] == "processed" and r.get("status") in REFUSED and (r.get("received") or "") > since]


def _bounced(room: Mailroom, since: str) -> list[str]:
    return [f"{room.path.name}: {r['file']} to {to}: {reply}" for r in room.records
            if r["type"] in TRIES and r.get("recipients") and r.get("at", "") > since
            for to, reply in r["recipients"].items()]


def _given_up(room: Mailroom, since: str) -> list[str]:
    return [f"{room.path.name}: {r['file']} to {to}: {reply}; {r['tries']} tries from "
            f"{describe(r['first'])} to {describe(r['at'])}" for r in room.records
            if r["type"] == "given_up" and r["at"] > since for to, reply in r["put_off"].items()]


def _put_off(room: Mailroom) -> list[str]:
    return [f"{room.path.name}: {r['file']} to {to}: {reply}; {r['tries']} "
            f"{'try' if r['tries'] == 1 else 'tries'} since {describe(r['first'])}, the next from "
            f"{describe(r['next'])}" for r in room.put_off().values() for to, reply in r["put_off"].items()]


def queue_digest(games_dir: Path, config: MailConfig, to: str, now: datetime, again: bool = False) -> bool:
    """Queue today's digest for `to` in the games folder's outbox; False if it was queued today already."""
    room = Mailroom(games_dir)
    day = now.date().isoformat()
    if not again and any(r["type"] == "queued" and r.get("kind") == "digest" and r.get("day") == day
                         and r.get("to") == to for r in room.records):
        return False
    msg = outgoing("digest", config.sender(), to, f"umpire digest {day}", now, f"{day}.{now.strftime('%H%M%S')}")
    msg["Auto-Submitted"] = "auto-generated"
    notes = unlisted_notes(games_dir)
    msg.set_content(digest_text(games_dir, now, _since(room), notes))
    name = room.queue(f"digest-{day}-{now.strftime('%H%M%S')}.eml", msg.as_bytes(policy=policy.SMTP))
    room.log([{"type": "queued", "file": name, "kind": "digest", "day": day, "to": to, "at": now.isoformat(),
               "noted": [r["key"] for _, r in notes]}])
    return True

"""Round deadlines: set from the game's `deadline` option when a round opens, kept in game.yaml
under `deadlines:` (round -> UTC time), and checked against the time an order was received.

A family whose rounds have mail turns (Volldampf: 3A, 3B, 3C) keys them by turn, and a turn may
have its own time span: `deadline.B` for every B turn, else `deadline`.

The clock is read only here, in the shell, and only when the game has a deadline option.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone

from ..echo import quote
from ..errors import UmpireError
from ..options import TURN_DEADLINE, game_option
from ..order_header import TURN_NAME
from ..store import atomic
from ..store.folder import GAME_FILE, GameFolder, dump_yaml

_UNITS = {"minute": 60, "hour": 3600, "day": 86400, "week": 7 * 86400}
_PART = re.compile(r"([0-9]{1,6})\s*(minute|hour|day|week)s?", re.IGNORECASE)
_LONGEST = timedelta(days=3650)
LATE_POLICIES = ("refuse", "hold")


def parse_duration(text: str) -> timedelta:
    """'7 days', '48 hours', '1 week 2 days' -> a timedelta."""
    text = str(text).strip()
    parts = _PART.findall(text)
    if not parts or _PART.sub("", text).strip(" ,and") != "":
        raise UmpireError(f"the deadline {quote(text)} is not a time span.",
                          fix="Write e.g. --option deadline='7 days' or --option deadline='48 hours'.")
    span = timedelta(seconds=sum(int(n) * _UNITS[unit.lower()] for n, unit in parts))
    if span > _LONGEST:
        raise UmpireError(f"the deadline {quote(text)} is longer than ten years.",
                          fix="Write e.g. --option deadline='7 days' or --option deadline='48 hours'.")
    return span


def check_options(options: dict):
    """Refuse a bad deadline or late-order option before the game is created."""
    if options.get("deadline"):
        parse_duration(options["deadline"])
    for key, value in options.items():
        if TURN_DEADLINE.match(key) and value:
            try:
                parse_duration(value)
            except UmpireError as exc:
                raise UmpireError(f"--option {key}: {exc.what}", fix=exc.fix.replace("deadline=", f"{key}=")) from None
    policy = options.get("late_orders", "refuse")
    if policy not in LATE_POLICIES:
        raise UmpireError(f"--option late_orders={policy} is not a policy.",
                          fix="Write late_orders=refuse (late orders are refused) or late_orders=hold "
                              "(they count for the next round).")


def check_turn_options(options: dict, letters: str, holds_late: bool):
    """Refuse a turn's deadline (`deadline.B`) the game has no such turn for, and late orders held
    over where the game cannot hold them (`letters`: its turns, e.g. `ABC`; "" if a round is one turn)."""
    for key in options:
        found = TURN_DEADLINE.match(key)
        if found and found.group(1).upper() not in letters:
            raise UmpireError(f"--option {key}: this game has no turn {found.group(1).upper()} "
                              + (f"(a round's mail turns are {', '.join(letters)})." if letters
                                 else "(a round is one mail turn)."),
                              fix="Write " + (f"e.g. --option deadline.{letters[-1]}='2 days', or " if letters else "")
                                  + "--option deadline='7 days' for every turn.")
    if not holds_late and options.get("late_orders", "refuse") == "hold":
        raise UmpireError("--option late_orders=hold: this game refuses late orders; held over, an order "
                          "for one mail turn would land in the next.", fix="Leave late_orders out (refuse).")


def turn_span(options: dict, turn: int | str) -> str:
    """The time span of the turn's deadline: its letter's own (`deadline.B` for 3B) or `deadline`."""
    found = TURN_NAME.match(str(turn))
    if found:
        for key in (f"deadline.{found.group(2).upper()}", f"deadline.{found.group(2).lower()}"):
            if options.get(key):
                return str(options[key])
    return game_option(options, "deadline")


def late_policy(folder: GameFolder) -> str:
    return game_option(folder.options, "late_orders")


def set_deadline(folder: GameFolder, round_number: int, now: datetime | None):
    """Write the deadline of a newly opened round into game.yaml, if the game has deadlines.

    A deadline once written is kept (replay rebuilds a game with the deadlines it had)."""
    span = turn_span(folder.options, round_number)
    if not span or folder.state().phase == "finished" or round_number in (folder.config.get("deadlines") or {}):
        return
    now = now or datetime.now(timezone.utc)
    due = (now + parse_duration(span)).astimezone(timezone.utc).replace(second=0, microsecond=0)
    config = dict(folder.config)
    config["deadlines"] = {**(config.get("deadlines") or {}), round_number: due.isoformat()}
    atomic.write_text(folder.path / GAME_FILE, dump_yaml(config))
    folder._config = None


def deadline_of(folder: GameFolder, round_number: int) -> str | None:
    """The round's deadline as written in game.yaml (ISO 8601, UTC), or None."""
    value = (folder.config.get("deadlines") or {}).get(round_number)
    return str(value) if value else None


def describe(iso: str) -> str:
    return datetime.fromisoformat(iso).astimezone(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")


def lateness(folder: GameFolder, round_number: int, received_at: datetime | None) -> str | None:
    """Why an order received at `received_at` is late for the round, or None if it is in time."""
    due = deadline_of(folder, round_number)
    if received_at is None or due is None:
        return None
    if received_at.tzinfo is None:
        received_at = received_at.replace(tzinfo=timezone.utc)
    if received_at <= datetime.fromisoformat(due):
        return None
    return (f"it arrived at {received_at.astimezone(timezone.utc).strftime('%Y-%m-%d %H:%M UTC')}, "
            f"after the deadline of round {round_number} ({describe(due)}).")


def deadline_text(folder: GameFolder, round_number: int) -> str | None:
    """The round's deadline for a newsletter, e.g. '2025-03-07 18:00 UTC'."""
    due = deadline_of(folder, round_number)
    return describe(due) if due else None

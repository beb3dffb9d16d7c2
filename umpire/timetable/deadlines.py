"""Round deadlines: set from the game's `deadline` option when a round opens, kept in game.yaml
under `deadlines:` (round -> UTC time); moved or paused by the GM (`deadline_changed` events in the
journal, see changes.py), pushed past a player's absence (absences.py), with a `grace` after them.

A family whose rounds have mail turns (Volldampf: 3A, 3B, 3C) keys them by turn, and a turn may
have its own time span: `deadline.B` for every B turn, else `deadline`. With `deadline_at: "18:00"`
and `deadline_zone: Europe/Berlin` a deadline falls at that hour: the first 18:00 in Berlin once
the span has run.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta, tzinfo

from ..errors import UmpireError
from ..game import Game
from ..kernel import language
from ..kernel.language import _
from ..kernel.options import TURN_DEADLINE, game_option
from ..kernel.order_header import TURN_NAME, turn_words
from ..store.folder import GameFolder
from . import clock
from .absences import moved_past_absences
from .spans import parse_duration, time_of_day, zone, zone_name

LATE_POLICIES = ("refuse", "hold")
CHANGED = "deadline_changed"


def check_options(options: dict):
    """Refuse a bad deadline, grace, hour, zone or late-order option before the game is created."""
    if options.get("deadline"):
        parse_duration(options["deadline"])
    if options.get("grace"):
        parse_duration(options["grace"], "grace")
    if options.get("deadline_at") not in (None, ""):
        time_of_day(options["deadline_at"])
    if options.get("deadline_zone"):
        zone(options["deadline_zone"])
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
    return game_option(Game.of(folder).options, "late_orders")


def game_zone(folder: GameFolder) -> tzinfo:
    """The zone the game's deadlines are set in (`deadline_zone`, UTC by default)."""
    return zone(Game.of(folder).options.get("deadline_zone"))


def player_zone(folder: GameFolder, company: str) -> tzinfo | None:
    """The player's own zone (`zone:` of his company in game.yaml), or None. Written to in another
    language than English, a player without one reads his times in the game's (`deadline_zone`)."""
    name = (folder.company(company) or {}).get("zone")
    if name:
        return zone(name, "zone")
    if language.current() == language.ENGLISH:
        return None
    found = game_zone(folder)
    return None if found is UTC else found


def grace(folder: GameFolder) -> timedelta:
    value = Game.of(folder).options.get("grace")
    return parse_duration(value, "grace") if value else timedelta(0)


def due_after(options: dict, span: str, opened: datetime) -> datetime:
    """The deadline of a round opened at `opened` (UTC, to the minute): the span later, then on to
    the first `deadline_at` hour in `deadline_zone` if the game names one."""
    due = (opened + parse_duration(span)).astimezone(UTC).replace(second=0, microsecond=0)
    if options.get("deadline_at") in (None, ""):
        return due
    tz, hour = zone(options.get("deadline_zone")), time_of_day(options["deadline_at"])
    local = due.astimezone(tz)
    fixed = local.replace(hour=hour.hour, minute=hour.minute, tzinfo=None)
    if fixed < local.replace(tzinfo=None):
        fixed += timedelta(days=1)
    return fixed.replace(tzinfo=tz).astimezone(UTC)


def set_deadline(folder: GameFolder, round_number: int, now: datetime | None):
    """Write the deadline of a newly opened round into game.yaml, if the game has deadlines.

    A deadline once written is kept (replay rebuilds a game with the deadlines it had)."""
    game = Game.of(folder)
    span = turn_span(game.options, round_number)
    if not span or game.state().phase == "finished" or round_number in (folder.config.get("deadlines") or {}):
        return
    due = due_after(game.options, span, now or clock.now())
    config = dict(folder.config)
    config["deadlines"] = {**(config.get("deadlines") or {}), round_number: due.isoformat()}
    folder.write_config(config)


# -- the deadline in force ------------------------------------------------------------------------
@dataclass(frozen=True)
class Deadline:
    """The open round's deadline as the GM's calendar has it now."""
    at: datetime | None                 # None: no deadline (none set, or paused)
    paused: bool = False
    left: timedelta | None = None       # paused: the time that was left when the clock stopped
    moved_by: tuple[str, ...] = ()      # the companies whose absence moved it

    @property
    def iso(self) -> str | None:
        return self.at.isoformat() if self.at else None


def changes(folder: GameFolder, round_number) -> list[dict]:
    """The GM's changes of the round's deadline, in force (a rollback's undone ones left out)."""
    return [e for e in folder.events if e["type"] == CHANGED and e["round"] == round_number]


def set_at(folder: GameFolder, round_number) -> Deadline:
    """The round's deadline as its opening set it and the GM changed it, before absences."""
    last = (changes(folder, round_number) or [None])[-1]
    if last is not None:
        left = timedelta(seconds=last["left"]) if last.get("left") is not None else None
        return Deadline(_time(last.get("deadline")), bool(last.get("paused")), left)
    return Deadline(_time((folder.config.get("deadlines") or {}).get(round_number)))


def deadline(folder: GameFolder, round_number) -> Deadline:
    """The round's deadline in force: as set, then moved past the absences the game's policy
    waits for (see absences.py)."""
    return moved_past_absences(folder, round_number, set_at(folder, round_number))


def _time(value) -> datetime | None:
    return datetime.fromisoformat(str(value)) if value else None


def waiting(folder: GameFolder, round_number) -> list[str]:
    """The companies whose WAIT asks the round to wait for its deadline, even with every order in."""
    return [e["company"] for e in folder.events if e["type"] == "wait" and e["round"] == round_number]


def ordered_late(folder: GameFolder, round_number) -> list[str]:
    """The companies whose orders in force for the round came in the grace after its deadline."""
    latest = set(folder.latest_orders(round_number).values())
    return [e["company"] for e in folder.events if e["type"] == "order_received" and e.get("after_deadline")
            and e["round"] == round_number and e["file"] in latest]


def moved_since_opened(folder: GameFolder, round_number) -> Deadline | None:
    """The round's deadline in force where an absence announced since the round opened moved it
    (so no newsletter has printed it; the players are to be told), else None."""
    info = deadline(folder, round_number)
    if not info.moved_by:
        return None
    events = folder.events
    opened = max((n for n, e in enumerate(events) if e["type"] == "command" and e.get("command") in ("new", "resolve")),
                 default=-1)
    return info if any(e["type"] == "absence" and e["company"] in info.moved_by for e in events[opened + 1:]) else None


def deadline_of(folder: GameFolder, round_number) -> str | None:
    """The round's deadline in force (ISO 8601, UTC), or None (no deadline, or paused)."""
    return deadline(folder, round_number).iso


def paused(folder: GameFolder, round_number) -> bool:
    return deadline(folder, round_number).paused


def held(folder: GameFolder, round_number) -> str | None:
    """What holds the round for the GM (`rollback`, `replace`: his correction paused its deadline
    until he resumes it), or None."""
    last = (changes(folder, round_number) or [None])[-1]
    return last.get("held") if last is not None and last.get("paused") else None


def grace_end(folder: GameFolder, round_number) -> datetime | None:
    """When the round's grace ends (its deadline if the game gives none), or None without a deadline."""
    at = deadline(folder, round_number).at
    return at + grace(folder) if at else None


def describe(iso: str | datetime, tz: tzinfo | None = None) -> str:
    """'2025-03-07 18:00 UTC', and with a zone of its own '... (19:00 in Europe/Berlin)'. In German
    the day is written out in the zone, the UTC time beside it: 'Freitag, 7. März 2025, 19:00 Uhr
    (Europe/Berlin; 2025-03-07 18:00 UTC)', 'Freitag, 7. März 2025, 18:00 Uhr (UTC)'."""
    moment = datetime.fromisoformat(iso) if isinstance(iso, str) else iso
    text = moment.astimezone(UTC).strftime("%Y-%m-%d %H:%M UTC")
    if language.current() != language.ENGLISH:
        if tz is None or tz is UTC:
            return f"{language.long_moment(moment, UTC)} (UTC)"
        return f"{language.long_moment(moment, tz)} ({zone_name(tz)}; {text})"
    if tz is None or tz is UTC:
        return text
    local = moment.astimezone(tz)
    day = "" if local.date() == moment.astimezone(UTC).date() else local.strftime("%Y-%m-%d ")
    return f"{text} ({day}{local.strftime('%H:%M')} in {zone_name(tz)})"


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def lateness(folder: GameFolder, round_number: int, received_at: datetime | None) -> str | None:
    """Why an order received at `received_at` is late for the round, or None if it is in time
    (an order in the grace after the deadline is in time: see in_grace)."""
    info = deadline(folder, round_number)
    if received_at is None or info.at is None:
        return None
    received_at = _aware(received_at)
    end = info.at + grace(folder)
    if received_at <= end:
        return None
    minute = received_at.astimezone(UTC).replace(second=0, microsecond=0)
    shown = "%Y-%m-%d %H:%M:%S UTC" if minute == end.astimezone(UTC).replace(second=0, microsecond=0) \
        else "%Y-%m-%d %H:%M UTC"                 # arrival and deadline in one minute: to the second

    def stamp(moment: datetime) -> str:
        return moment.astimezone(UTC).strftime(shown)
    if end != info.at:
        return _("it arrived at {arrived}, after the deadline of {turn} ({deadline}) and its grace ({end}).").format(
            arrived=stamp(received_at), turn=turn_words(round_number), deadline=stamp(info.at), end=stamp(end))
    return _("it arrived at {arrived}, after the deadline of {turn} ({deadline}).").format(
        arrived=stamp(received_at), turn=turn_words(round_number), deadline=stamp(info.at))


def in_grace(folder: GameFolder, round_number, received_at: datetime | None) -> bool:
    """Whether an order received at `received_at` came after the deadline, in its grace."""
    info = deadline(folder, round_number)
    if received_at is None or info.at is None:
        return False
    received_at = _aware(received_at)
    return info.at < received_at <= info.at + grace(folder)


def deadline_text(folder: GameFolder, round_number: int) -> str | None:
    """The round's deadline for a newsletter, e.g. '2025-03-07 18:00 UTC', and in the players' own
    zones where game.yaml gives them: '2025-03-07 18:00 UTC (13:00 in America/New_York)'."""
    due = deadline(folder, round_number).at
    return _in_players_zones(folder, due) if due is not None else None


def grace_end_text(folder: GameFolder, round_number) -> str | None:
    """When the grace after the round's deadline ends, as deadline_text writes it, or None (no
    deadline, or the game gives no grace)."""
    due = deadline(folder, round_number).at
    return _in_players_zones(folder, due + grace(folder)) if due is not None and grace(folder) else None


def _in_players_zones(folder: GameFolder, moment: datetime) -> str:
    zones = sorted({z for z in (player_zone(folder, c) for c in folder.company_ids()) if z and z is not UTC},
                   key=zone_name)
    if not zones:
        return describe(moment)
    own = [describe(moment, z).split(" (", 1)[1].rstrip(")") for z in zones]
    return f"{describe(moment)} ({', '.join(own)})"

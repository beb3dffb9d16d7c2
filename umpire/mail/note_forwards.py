"""A player's note to the GM in a fetched message: its words kept with the message's record and
forwarded to the GM (forward.py), queued with the replies."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime

from ..game import Game
from ..store.folder import GameFolder
from ..store.mailroom import Mailroom
from . import forward
from .config import MailConfig
from .decode import Mail
from .outcome import Outcome, environment, where
from .registered_senders import RegisteredSenders


def note_to_gm(folder: GameFolder, mail: Mail, outcome: Outcome, record: dict, config: MailConfig,
               senders: RegisteredSenders, now: datetime) -> tuple[str, bytes, dict] | None:
    """The forward to queue (its name, bytes, and `queued` record, to be logged before the message's
    own: a message recorded as processed never loses its forward, and a rerun rebuilds the same
    file); None when there is none, `record` saying why."""
    try:
        turn = outcome.round
        if turn is None:
            turn = Game.of(folder).family.open_turn(Game.of(folder).state(copy=False))
        made = forward.forward(
            folder, config, mail, outcome.notes, status=outcome.status, turn=turn,
            companies=[outcome.company] if outcome.company else senders.own_companies(folder, mail.sender),
            received=record["received"], registered=bool(mail.sender) and senders.registered(mail.sender, folder),
            told=str(replace(outcome, notes=[])).removeprefix(f"{mail.sender}: "), now=now)
    except Exception as exc:
        if environment(exc):
            raise
        record["not_forwarded"] = f"the umpire failed on it ({where(exc)})"
        outcome.also(f"its note to the GM could not be forwarded ({where(exc)}); `umpire status` lists it")
        return None
    record["words"] = made.words
    if made.data is None:
        record["not_forwarded"] = made.why_not
        return None
    record["forwarded"] = made.to
    return made.name, made.data, {"type": "queued", "file": Mailroom.outbox_name(made.name), "kind": forward.KIND,
                                  "key": mail.key, "game": folder.game_id, "to": made.to}

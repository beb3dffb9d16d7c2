"""`umpire preview`: what resolving the open round would do now, worked out on a scratch copy of
the game. Nothing is written to the game: no journal line, no newsletter, and no die is used up
(seeded dice depend only on each roll's purpose; recorded dice are read from the position the
game's journal gives, which the preview does not move), so the real resolve rolls the same.
The copy is thrown away, so its writes are not made durable; the newsletter's PDF is drawn only
when it is asked for, and the map picture for the mail never.
"""

from __future__ import annotations

import shutil
import tempfile
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from ..errors import UmpireError
from ..game import Game
from ..store import atomic
from ..store.folder import (
    GAME_FILE,
    JOURNAL_FILE,
    MAP_FILE,
    RECORDED_FILES,
    RULES_FILE,
    SECRETS_FILE,
    GameFolder,
)
from . import actions

COPIED = (GAME_FILE, MAP_FILE, RULES_FILE, SECRETS_FILE, *RECORDED_FILES.values(), JOURNAL_FILE)


@dataclass
class Preview:
    turn: int | str              # the round (or mail turn) the preview resolves
    report: list[str]            # one line per company: balance, track built, lines refused
    text: str                    # the newsletter's text edition
    pdf: bytes | None            # the newsletter's PDF, when it was asked for
    events: list[dict]           # what the resolve would journal (its rolls among them)


def preview(folder: GameFolder, now: datetime | None = None, pdf: bool = False) -> Preview:
    """Resolve the open round on a copy of the game and return what it would report (with the
    newsletter's PDF when `pdf`)."""
    from .pdf_batch import PdfBatch
    game = Game.of(folder)
    folder.require()
    state = game.state()
    if state.phase == "finished":
        raise UmpireError(f"game {folder.game_id} is finished; there is no round to preview.")
    with tempfile.TemporaryDirectory(prefix="umpire-preview-") as tmp, atomic.scratch(), PdfBatch(draw=pdf):
        copy = GameFolder(Path(tmp) / "game")
        copy.path.mkdir()
        for name in COPIED:
            if (folder.path / name).exists():
                shutil.copyfile(folder.path / name, copy.path / name)
        for sub in ("inbox", "newsletters"):
            (copy.path / sub).mkdir()
        for file in folder.latest_orders(game.family.open_turn(state)).values():
            (copy.path / file).parent.mkdir(parents=True, exist_ok=True)
            (copy.path / file).write_bytes(folder.read_bytes(file))
        before = Game.of(copy).state()
        try:
            events = actions.resolve(copy, now)
        except UmpireError as exc:            # said of the game's own files, not of the scratch copy's
            raise exc.renamed(str(copy.path), str(folder.path)) from None
        after = Game.of(copy).state()
        number = copy.newsletter_count()
        text = (copy.path / f"newsletters/{number:03d}.txt").read_text(encoding="utf-8")
        drawn = (copy.path / f"newsletters/{number:03d}.pdf").read_bytes() if pdf else None
    return Preview(game.family.open_turn(state), game.family.summary(before, after, events), text, drawn, events)

"""Publishing a newsletter: the files of each issue written into the game folder, as the game's
family makes them (the text, the PDF, each player's private part, the map picture for the mail)."""

from __future__ import annotations

from ..game import Game
from ..kernel import language
from ..kernel.language import InLanguage, speaking
from ..store import atomic
from ..store.folder import GameFolder, picture_name
from .family_folder import handed
from .pdf_batch import write_pdf

PRIVATE_PDFS = 5          # the newsletter layout from which the private PDFs are journaled with the newsletter


def write_newsletter(folder: GameFolder, number: int) -> list[str]:
    """Write newsletters/NNN.txt and NNN.pdf (the PDF through the PdfBatch open, if one is),
    NNN-<player>.txt for each player's private part (and NNN-<player>.pdf where the family draws
    it), and NNN-map.png where the family draws one, as the game's family makes them; returns the
    journaled files, relative to the game folder. A game begun under a layout before PRIVATE_PDFS
    gets the private PDFs too, but its journal does not list them (it stays as it was written)."""
    with speaking(language.of_game(folder.config)):
        return _write(folder, number)


def _write(folder: GameFolder, number: int) -> list[str]:
    game = Game.of(folder)
    issue = game.family.newsletter(handed(game), number, game.state())
    text_name, pdf_name = f"newsletters/{number:03d}.txt", f"newsletters/{number:03d}.pdf"
    atomic.write_text(folder.path / text_name, issue.text)
    files = [text_name, pdf_name]
    for player, text in sorted(issue.private.items()):
        files.append(private_name(number, player))
        atomic.write_text(folder.path / files[-1], text)
    picture = (folder.path / picture_name(number), InLanguage(issue.picture)) if issue.picture is not None else None
    write_pdf(folder.path / pdf_name, InLanguage(issue.pdf), picture)
    for player, draw in sorted(issue.private_pdf.items()):
        name = private_name(number, player, "pdf")
        write_pdf(folder.path / name, InLanguage(draw))
        if int(folder.config.get("newsletter_layout", 1)) >= PRIVATE_PDFS:
            files.append(name)
    return files


def private_name(number: int, player: str, kind: str = "txt") -> str:
    """The file of a player's private part of newsletter `number` (`kind`: txt, or pdf where the family draws it)."""
    return f"newsletters/{number:03d}-{player}.{kind}"

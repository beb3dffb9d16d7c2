"""Writing newsletters: the files of each issue (the family makes their content), and the
template environment for the text editions (jinja2 templates in newsletters/)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import jinja2

from ..kernel import form_marks
from ..kernel.columns import display_width, pad, widest
from ..usecases.family_folder import handed
from ..resources import data_dir
from ..store import atomic
from ..store.folder import GameFolder, picture_name
from ..kernel.words import noun, plural
from . import template_cache
from .pdf_batch import write_pdf

PRIVATE_PDFS = 5          # the newsletter layout from which the private PDFs are journaled with the newsletter


@lru_cache(maxsize=8)
def environment(own: str | None = None) -> jinja2.Environment:
    """The template environment, made once (for each folder `own`): templates are compiled on
    first use and kept, in this process and (as bytecode) in the user's cache folder for the next
    ones. `own`: a game's own templates (render/own_templates.py), found before the bundled ones
    of the same name, and compiled anew in each process."""
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(([own] if own else []) + [str(data_dir("newsletters"))]),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters["extract"] = lambda key, mapping: mapping[key]
    env.filters["plural"] = plural
    env.filters["noun"] = noun
    env.filters["width"] = display_width
    env.filters["pad"] = pad
    env.filters["widest"] = widest
    env.globals["forms_title"] = form_marks.title
    env.bytecode_cache = template_cache.for_environment(env, uncached=Path(own) if own else None)
    return env


def write_newsletter(folder: GameFolder, number: int) -> list[str]:
    """Write newsletters/NNN.txt and NNN.pdf (the PDF through the PdfBatch open, if one is),
    NNN-<player>.txt for each player's private part (and NNN-<player>.pdf where the family draws
    it), and NNN-map.png where the family draws one, as the game's family makes them; returns the
    journaled files, relative to the game folder. A game begun under a layout before PRIVATE_PDFS
    gets the private PDFs too, but its journal does not list them (it stays as it was written)."""
    issue = folder.family.newsletter(handed(folder), number, folder.state())
    text_name, pdf_name = f"newsletters/{number:03d}.txt", f"newsletters/{number:03d}.pdf"
    atomic.write_text(folder.path / text_name, issue.text)
    files = [text_name, pdf_name]
    for player, text in sorted(issue.private.items()):
        files.append(private_name(number, player))
        atomic.write_text(folder.path / files[-1], text)
    picture = (folder.path / picture_name(number), issue.picture) if issue.picture is not None else None
    write_pdf(folder.path / pdf_name, issue.pdf, picture)
    for player, draw in sorted(issue.private_pdf.items()):
        name = private_name(number, player, "pdf")
        write_pdf(folder.path / name, draw)
        if int(folder.config.get("newsletter_layout", 1)) >= PRIVATE_PDFS:
            files.append(name)
    return files


def private_name(number: int, player: str, kind: str = "txt") -> str:
    """The file of a player's private part of newsletter `number` (`kind`: txt, or pdf where the family draws it)."""
    return f"newsletters/{number:03d}-{player}.{kind}"

"""Paper: the page sizes a newsletter may take (the game's `paper` option), in points."""

from __future__ import annotations

from reportlab.lib.pagesizes import A3, A4, LETTER

from ..errors import UmpireError

MM = 72 / 25.4
PAPERS = {"a4": A4, "a3": A3, "letter": LETTER}
DEFAULT_PAPER = "a4"


def paper_size(name: str | None) -> tuple[float, float]:
    """The page size (points, portrait) of a paper name: a4, a3 or letter."""
    key = (name or DEFAULT_PAPER).strip().lower()
    if key not in PAPERS:
        raise UmpireError(f"--option paper={name} is not a paper size.",
                          fix="Write paper=a4 (the default), paper=a3 or paper=letter.")
    return PAPERS[key]

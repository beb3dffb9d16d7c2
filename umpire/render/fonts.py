"""The newsletter's fonts: DejaVu TrueType faces shipped in render/fonts/ (Latin, Greek, Cyrillic and
more), registered with reportlab on first use and embedded (subset) in every PDF.

A character none of them can draw is replaced by `?` in the PDF (never an empty box);
`undrawable` names such characters so that `umpire new` can warn about them.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

SANS, BOLD, MONO = "DejaVuSans", "DejaVuSans-Bold", "DejaVuSansMono"
COND, COND_BOLD = "DejaVuSansCondensed", "DejaVuSansCondensed-Bold"
FACES = (SANS, BOLD, MONO, COND, COND_BOLD)
FONT_DIR = Path(__file__).parent / "fonts"


@lru_cache(maxsize=1)
def register() -> frozenset[int]:
    """Register every face (once); returns the code points all of them can draw."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    covered = None
    for face in FACES:
        font = TTFont(face, str(FONT_DIR / f"{face}.ttf"))
        pdfmetrics.registerFont(font)
        chars = set(font.face.charWidths)
        covered = chars if covered is None else covered & chars
    return frozenset(covered)


@lru_cache(maxsize=1)
def _drawable_characters() -> frozenset[str]:
    return frozenset(map(chr, register())) | {"\n", "\t"}


def undrawable(text: str) -> str:
    """The characters of `text` the newsletter's fonts cannot draw, each once, in order."""
    drawable_characters = _drawable_characters()
    if drawable_characters.issuperset(text):
        return ""
    return "".join(dict.fromkeys(ch for ch in text if ch not in drawable_characters))


def drawable(value):
    """`value` (a string, or lists and dicts of them) with every character the fonts lack as `?`."""
    if isinstance(value, str):
        missing = undrawable(value)
        return value.translate({ord(ch): "?" for ch in missing}) if missing else value
    if isinstance(value, dict):
        return {drawable(k): drawable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(drawable(v) for v in value)
    return value


def font_warnings(names: list[str]) -> list[str]:
    """A warning for each name the newsletter cannot print as written."""
    out = []
    for name in names:
        missing = undrawable(name)
        if missing:
            out.append(f"the newsletter's font cannot draw {missing!r} in {name!r}; the PDF prints "
                       f"{drawable(name)!r} (the text edition keeps the name as written).")
    return out

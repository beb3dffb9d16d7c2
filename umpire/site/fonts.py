"""The newsletter's DejaVu faces for the web page: WOFF2 files cut down to the characters of Latin,
Greek and Cyrillic text (tools/web_fonts.py makes them; umpire/render/fonts/web/), named as
reportlab names the faces, so that the map's and the chart's SVG text asks for them as the PDF does."""

from __future__ import annotations

from ..render.fonts import BOLD, COND, COND_BOLD, FONT_DIR, MONO, SANS

FACES = (SANS, BOLD, COND, COND_BOLD, MONO)
VERSION = 2               # raised when the files change: they get a new name, and no cache keeps the old


def font_file(face: str) -> str:
    """The face's file in the site, relative to its top folder."""
    return f"fonts/{face}-{VERSION}.woff2"


def web_font(face: str) -> bytes:
    return (FONT_DIR / "web" / f"{face}.woff2").read_bytes()


def font_faces() -> str:
    """The @font-face rules of the faces, for the site's stylesheet at its top folder."""
    return "".join(f'@font-face{{font-family:"{face}";src:url("{font_file(face)}") format("woff2");'
                   f"font-display:swap}}\n" for face in FACES)

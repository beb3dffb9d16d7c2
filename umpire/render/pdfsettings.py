"""How the umpire writes its PDFs, set once per process before the first is drawn: page streams
stored as binary Flate (no ASCII85 text wrapping, a quarter smaller and not encoded twice), Flate
at a fast level (drawing a map page's 300 KB of operators is compressed several times faster, for
a file a few per cent larger), chart attributes not checked as they are set (reportlab's switch for
speed; the chart is the same), and the newsletter's fonts registered."""

from __future__ import annotations

import zlib
from functools import lru_cache

from .fonts import SANS, register

LEVEL = 1            # zlib's fastest level; 6, zlib's default, takes about 4x as long on a map page


class _Flate:
    """Reportlab's Flate filter at `LEVEL`."""
    pdfname = "FlateDecode"

    def encode(self, text):
        return zlib.compress(text.encode("utf8") if isinstance(text, str) else text, LEVEL)

    def decode(self, encoded):
        return zlib.decompress(encoded)


@lru_cache(maxsize=1)
def prepare() -> None:
    """Set reportlab up for the umpire's PDFs (once per process)."""
    from reportlab import rl_config
    from reportlab.pdfbase import pdfdoc

    rl_config.useA85 = 0
    rl_config.shapeChecking = 0          # the chart's attributes are not checked as they are set: faster
    pdfdoc.PDFZCompress = _Flate()
    register()


# every PDF's canvas: invariant bytes (no date or random id), compressed pages, the newsletter's font
CANVAS = {"invariant": 1, "pageCompression": 1, "initialFontName": SANS}
MADE_BY = "umpire"     # the PDFs' author and creator


def new_canvas(buffer, pagesize, title: str):
    """A canvas for one of the umpire's PDFs, with its title."""
    from reportlab.pdfgen.canvas import Canvas

    prepare()
    c = Canvas(buffer, pagesize=pagesize, **CANVAS)
    c.setTitle(title)
    c.setAuthor(MADE_BY)
    c.setCreator(MADE_BY)
    return c

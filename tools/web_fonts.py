"""Cut the newsletter's DejaVu faces down for the web page: WOFF2 files of the characters of Latin,
Greek and Cyrillic text, written to umpire/render/fonts/web/ (shipped, so `umpire site` needs no
font tools). Run again after a face or KEPT changes, and raise umpire/site/fonts.py's VERSION.

    pip install -e '.[tools]' && python3 tools/web_fonts.py      # fonttools and brotli
"""

from __future__ import annotations

import io
import logging
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont

FONTS = Path(__file__).resolve().parent.parent / "umpire" / "render" / "fonts"
FACES = ("DejaVuSans", "DejaVuSans-Bold", "DejaVuSansCondensed", "DejaVuSansCondensed-Bold", "DejaVuSansMono")
KEPT = [*range(0x20, 0x7F), *range(0xA0, 0x250), *range(0x370, 0x460), *range(0x2010, 0x2050), 0x20AC,
        *range(0x2190, 0x2200), 0x2212, *range(0x25A0, 0x2600)]


def web_font(face: str) -> bytes:
    """The face cut down to KEPT, as WOFF2 (brotli: a quarter smaller than WOFF); the same bytes every time."""
    font = TTFont(str(FONTS / f"{face}.ttf"), recalcTimestamp=False)
    options = subset.Options()
    options.name_IDs = ["*"]
    options.notdef_outline = True
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=KEPT)
    subsetter.subset(font)
    font.flavor = "woff2"
    out = io.BytesIO()
    font.save(out, reorderTables=True)
    return out.getvalue()


def main():
    logging.getLogger("fontTools").setLevel(logging.ERROR)
    (FONTS / "web").mkdir(exist_ok=True)
    for face in FACES:
        data = web_font(face)
        (FONTS / "web" / f"{face}.woff2").write_bytes(data)
        print(f"{face}.woff2: {len(data):,} bytes")


if __name__ == "__main__":
    main()

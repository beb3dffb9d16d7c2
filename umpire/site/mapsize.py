"""How wide a map is drawn on the page so that it opens readable on a phone: its smallest text
(hex labels, link ids) at least 7 CSS px, its names (the smallest bold text with letters: city
names) at least 9 CSS px. The page shows it that wide, or wider where there is room, in a box
that pans by touch."""

from __future__ import annotations

import math
import re

SMALLEST_PX = 7.0
NAMES_PX = 9.0
_TEXT = re.compile(r'<text\b[^>]*?font-family="([^"]*)"[^>]*?font-size="([0-9.]+)"[^>]*>(.*?)</text>', re.S)
_TAG = re.compile(r"<[^>]*>")


def readable_width(width: float, overlay: str) -> int:
    """The map's width in CSS px at which its text reads on a phone (its own width where it has no text)."""
    sizes, names = [], []
    for family, size, body in _TEXT.findall(overlay):
        text = _TAG.sub(" ", body)               # a text's strings, bare or each in its <tspan>
        if text.strip():
            sizes.append(float(size))
            if "Bold" in family and any(ch.isalpha() for ch in text):
                names.append(float(size))
    scale = max(1.0, SMALLEST_PX / min(sizes, default=SMALLEST_PX), NAMES_PX / min(names, default=NAMES_PX))
    return math.ceil(width * scale)

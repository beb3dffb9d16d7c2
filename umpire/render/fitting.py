"""Type that fits: the size at which a text fits a width, shared by every family's drawings."""

from __future__ import annotations

import math

from reportlab.pdfbase.pdfmetrics import stringWidth


def fitted(text: str, font: str, size: float, width: float, smallest: float = 0.0) -> float:
    """The type size at which `text` fits `width`: `size`, or smaller (to a tenth of a point, rounded
    down so that it fits; not below `smallest`)."""
    w = stringWidth(text, font, size)
    return size if w <= width else max(smallest, math.floor(size * width / w * 10) / 10)

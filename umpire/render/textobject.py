"""The text object the picture and SVG canvases hand out: strings at their origins, each in the
font set before it (the part of reportlab's text objects the maps use)."""

from __future__ import annotations


class TextObject:
    def __init__(self):
        self.strings: list[tuple[tuple[str, float], float, float, str]] = []
        self._font, self._origin = None, (0.0, 0.0)

    def setFont(self, name: str, size: float):
        self._font = (name, size)

    def setTextOrigin(self, x: float, y: float):
        self._origin = (x, y)

    def _textOut(self, text: str):
        """A string at the origin (the name of reportlab's text objects' that leaves the cursor be)."""
        self.strings.append((self._font, *self._origin, text))

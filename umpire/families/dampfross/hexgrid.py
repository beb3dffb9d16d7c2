"""The hex grid: offset layouts, labels, neighbours, distance and straight runs.

A hex is a tuple ``(col, row)`` of 0-based offset coordinates: column A is 0 and
row 1 is 0. Layouts follow the Red Blob Games guide (odd-q, even-q, odd-r, even-r).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

Hex = tuple[int, int]
Edge = tuple[Hex, Hex]

LAYOUTS = ("odd-q", "even-q", "odd-r", "even-r")
_AXIAL_DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
_LABEL = re.compile(r"([A-Za-z]{1,3})([0-9]{1,3})")   # ASCII only: `AD٢١` is no label


@lru_cache(maxsize=1024)
def column_letters(col: int) -> str:
    """0 -> A, 25 -> Z, 26 -> AA (bijective base 26). A map has few columns: each is kept."""
    letters = ""
    col += 1
    while col:
        col, rest = divmod(col - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def column_index(letters: str) -> int:
    col = 0
    for ch in letters.upper():
        col = col * 26 + (ord(ch) - ord("A") + 1)
    return col - 1


def label(h: Hex) -> str:
    return f"{column_letters(h[0])}{h[1] + 1}"


@lru_cache(maxsize=4096)
def parse_label(text: str) -> Hex | None:
    """`K12` -> (10, 11); None when the text is not shaped like a label (1-3 letters, then a row
    number of 1-3 digits from 1). Labels recur: kept."""
    m = _LABEL.fullmatch(text.strip())
    if not m or int(m.group(2)) < 1:
        return None
    return (column_index(m.group(1)), int(m.group(2)) - 1)


def edge(a: Hex, b: Hex) -> Edge:
    """The edge between two adjacent hexes, the same whichever way round."""
    return (a, b) if a <= b else (b, a)


@dataclass(frozen=True)
class Grid:
    layout: str
    width: int
    height: int

    def __post_init__(self):
        if self.layout not in LAYOUTS:
            raise ValueError(f"unknown layout {self.layout!r}")

    # -- coordinates -------------------------------------------------------
    def to_axial(self, h: Hex) -> tuple[int, int]:
        col, row = h
        if self.layout == "odd-q":
            return col, row - (col - (col & 1)) // 2
        if self.layout == "even-q":
            return col, row - (col + (col & 1)) // 2
        if self.layout == "odd-r":
            return col - (row - (row & 1)) // 2, row
        return col - (row + (row & 1)) // 2, row

    def from_axial(self, q: int, r: int) -> Hex:
        if self.layout == "odd-q":
            return q, r + (q - (q & 1)) // 2
        if self.layout == "even-q":
            return q, r + (q + (q & 1)) // 2
        if self.layout == "odd-r":
            return q + (r - (r & 1)) // 2, r
        return q + (r + (r & 1)) // 2, r

    def contains(self, h: Hex) -> bool:
        return 0 <= h[0] < self.width and 0 <= h[1] < self.height

    # -- relations ---------------------------------------------------------
    def neighbours(self, h: Hex) -> list[Hex]:
        q, r = self.to_axial(h)
        out = []
        for dq, dr in _AXIAL_DIRECTIONS:
            n = self.from_axial(q + dq, r + dr)
            if self.contains(n):
                out.append(n)
        return out

    def adjacent(self, a: Hex, b: Hex) -> bool:
        return self.distance(a, b) == 1

    def distance(self, a: Hex, b: Hex) -> int:
        aq, ar = self.to_axial(a)
        bq, br = self.to_axial(b)
        dq, dr = aq - bq, ar - br
        return max(abs(dq), abs(dr), abs(dq + dr))

    def straight_run(self, a: Hex, b: Hex) -> list[Hex] | None:
        """Every hex from a to b along one hex line, both included; None if not on one line."""
        aq, ar = self.to_axial(a)
        bq, br = self.to_axial(b)
        dq, dr = bq - aq, br - ar
        if not (dq == 0 or dr == 0 or dq + dr == 0):
            return None
        n = max(abs(dq), abs(dr), abs(dq + dr))
        if n == 0:
            return [a]
        sq, sr = dq // n, dr // n
        return [self.from_axial(aq + sq * i, ar + sr * i) for i in range(n + 1)]

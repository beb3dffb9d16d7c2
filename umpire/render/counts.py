"""A number with its noun in the language in force: `3 units`, `3 Einheiten`. English is
kernel/words.py's, byte for byte; another language has the nouns its catalogs give."""

from __future__ import annotations

from ..kernel import language
from ..kernel.language import ngettext
from ..kernel.words import noun as english_noun

_NOUNS = {       # the English singular -> the noun after n in the language in force
    "unit": lambda n: ngettext("unit", "units", n),
    "point": lambda n: ngettext("point", "points", n),
    "segment": lambda n: ngettext("segment", "segments", n),
    "hex": lambda n: ngettext("hex", "hexes", n),
    "time": lambda n: ngettext("time", "times", n),
    "step": lambda n: ngettext("step", "steps", n),
}


def noun(n: int, word: str) -> str:
    """The word as it goes after the number n (`unit` after 1 and -1, `units` otherwise)."""
    if language.current() == language.ENGLISH or word not in _NOUNS:
        return english_noun(n, word)
    return _NOUNS[word](1 if abs(n) == 1 else 2)


def counted(n: int, word: str) -> str:
    """`1 point`, `3 points`; German `1 Punkt`, `3 Punkte`."""
    return f"{n} {noun(n, word)}"

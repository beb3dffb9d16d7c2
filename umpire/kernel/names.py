"""Folding of place and company names so `munchen`, `München` and `MÜNCHEN` match, and the
closest names to one written wrong, for a "did you mean"."""

import difflib
import re
import unicodedata
from collections.abc import Iterable
from functools import lru_cache

from .language import _

_SEPARATORS = re.compile(r"[\s\-–—]+")
MAX_SUGGESTED = 3
_LONGEST_GUESS = 60        # a longer text is no misspelt name: nothing is suggested for it


@lru_cache(maxsize=1024)
def fold_char(ch: str) -> str:
    """One character in, one character out: accents dropped, case folded."""
    base = unicodedata.normalize("NFKD", ch)[0]
    return base.casefold()[0]


def fold(text: str) -> str:
    return "".join(fold_char(c) for c in " ".join(text.split()))


def place_key(text: str) -> str:
    """A place name folded, its words joined by one space whatever separates them: `Dun-Laoghaire`,
    `dun  laoghaire` and `Dún Laoghaire` have one key."""
    return _SEPARATORS.sub(" ", fold(text)).strip()


def closest(written: str, names: Iterable[str]) -> list[tuple[float, str]]:
    """The names most like `written`, folded as orders fold them (difflib), best first, each with
    its likeness (0 to 1)."""
    key = place_key(written)
    if not key or len(key) > _LONGEST_GUESS:
        return []
    keyed: dict[str, str] = {}
    for name in names:
        keyed.setdefault(place_key(name), name)
    found = difflib.get_close_matches(key, keyed, n=MAX_SUGGESTED)
    return [(difflib.SequenceMatcher(None, key, k).ratio(), keyed[k]) for k in found]


def did_you_mean(names: list[str]) -> str:
    """`did you mean Dun Laoghaire?`, `did you mean Hannover, Hanau or Hamm?`; empty for no names.
    In the language in force: the reader's, as the refusal it ends."""
    if not names:
        return ""
    if len(names) == 1:
        return _("did you mean {name}?").format(name=names[0])
    return _("did you mean {names} or {last}?").format(names=", ".join(names[:-1]), last=names[-1])

"""Folding of place and company names so `munchen`, `München` and `MÜNCHEN` match."""

import unicodedata
from functools import lru_cache


@lru_cache(maxsize=1024)
def fold_char(ch: str) -> str:
    """One character in, one character out: accents dropped, case folded."""
    base = unicodedata.normalize("NFKD", ch)[0]
    return base.casefold()[0]


def fold(text: str) -> str:
    return "".join(fold_char(c) for c in " ".join(text.split()))

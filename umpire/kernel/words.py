"""Small helpers for the umpire's sentences."""

from .language import _


def plural(n: int, word: str) -> str:
    """`1 point`, `3 points`, `0 points`; `1 hex`, `2 hexes`."""
    return f"{n} {noun(n, word)}"


def noun(n: int, word: str) -> str:
    """The word as it goes after the number n: `unit` after 1 and -1, `units` otherwise."""
    if abs(n) == 1:
        return word
    return f"{word}es" if word.endswith(("s", "x", "ch", "sh")) else f"{word}s"


def listed(items: list[str]) -> str:
    """`1`, `1 and 9`, `1, 5 and 9`: in the language in force (`1, 5 und 9`)."""
    if len(items) < 2:
        return "".join(items)
    return _("{first} and {last}").format(first=", ".join(items[:-1]), last=items[-1])

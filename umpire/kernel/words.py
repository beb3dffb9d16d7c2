"""Small helpers for the umpire's sentences."""


def plural(n: int, word: str) -> str:
    """`1 point`, `3 points`, `0 points`; `1 hex`, `2 hexes`."""
    return f"{n} {noun(n, word)}"


def noun(n: int, word: str) -> str:
    """The word as it goes after the number n: `unit` after 1 and -1, `units` otherwise."""
    if abs(n) == 1:
        return word
    return f"{word}es" if word.endswith(("s", "x", "ch", "sh")) else f"{word}s"

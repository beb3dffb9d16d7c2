"""Small helpers for the umpire's sentences."""


def plural(n: int, word: str) -> str:
    """`1 point`, `3 points`."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"

"""Reading a German game's output for English left behind (docs/languages.md): every test that
renders a part of the umpire in German asks `english_left(text)` and expects nothing."""

from __future__ import annotations

import re
from functools import cache

from babel.messages.pofile import read_po

from umpire.kernel.language import CATALOGS

# English words a German sentence never holds (whole words, any case); names of places, companies
# and order keywords a test writes are not among them
ENGLISH_WORDS = ("the", "and", "your", "you", "orders", "order", "round", "rounds", "is", "are", "was", "were",
                 "of", "with", "which", "has", "have", "will", "not", "from", "to", "been", "this", "that")
_PLACEHOLDER = re.compile(r"%\([a-z_0-9]+\)[sd]|%[sd]|\{[a-z_0-9]*\}")


@cache
def _english_parts() -> tuple[str, ...]:
    """The fixed parts of every English message of the catalogs that are long enough to be telling."""
    parts = set()
    for po in CATALOGS.glob("*/LC_MESSAGES/*.po"):
        with po.open("rb") as f:
            for message in read_po(f):
                ids = message.id if isinstance(message.id, (list, tuple)) else [message.id]
                for english in ids:
                    for part in _PLACEHOLDER.split(english or ""):
                        part = part.strip(" .,:;()")
                        if len(part) >= 12 and " " in part:
                            parts.add(part)
    return tuple(sorted(parts))


def english_left(text: str, allowed: tuple[str, ...] = ()) -> list[str]:
    """The English in a German text: fixed parts of the umpire's English messages, and English
    words (ENGLISH_WORDS) as whole words; `allowed` words or phrases are not counted (a company's
    English name, a place)."""
    for phrase in allowed:
        text = text.replace(phrase, " ")
    found = [part for part in _english_parts() if part in text]
    words = re.findall(r"[A-Za-z]+", text)
    found += sorted({w for w in words if w.lower() in ENGLISH_WORDS and not w.isupper()})
    return found


@cache
def _german_parts() -> tuple[str, ...]:
    """The fixed parts of every German translation that are long enough to be telling."""
    parts = set()
    for po in CATALOGS.glob("de/LC_MESSAGES/*.po"):
        with po.open("rb") as f:
            for message in read_po(f):
                for german in message.string if isinstance(message.string, (list, tuple)) else [message.string]:
                    for part in _PLACEHOLDER.split(german or ""):
                        part = part.strip(" .,:;()")
                        if len(part) >= 12 and " " in part and part not in _english_parts():
                            parts.add(part)
    return tuple(sorted(parts))


def german_left(text: str) -> list[str]:
    """The German in an English text: fixed parts of the umpire's German translations."""
    return [part for part in _german_parts() if part in text]


def english_order_words(text: str) -> list[str]:
    """The English order words in a German text (`BUILD`, `RACE`: capitals, as the umpire writes
    them) that have a German word of their own."""
    from umpire.kernel.keywords import written
    own = {english for english, german in written(None).items() if english != german and " " not in english}
    return sorted({w for w in re.findall(r"\b[A-Z]{2,}\b", text) if w in own})

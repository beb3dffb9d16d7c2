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


def _listed(value) -> list[str]:
    return list(value) if isinstance(value, (list, tuple)) else [value or ""]


@cache
def _parts(side: str) -> tuple[str, ...]:
    """The fixed parts, long enough to be telling, of every message of the German catalogs:
    `id` their English, `string` their German (less what is English too: names, order words)."""
    parts = set()
    for po in CATALOGS.glob("de/LC_MESSAGES/*.po"):
        with po.open("rb") as f:
            for message in read_po(f):
                for text in _listed(getattr(message, side)):
                    parts.update(part.strip(" .,:;()") for part in _PLACEHOLDER.split(text))
    telling = {part for part in parts if len(part) >= 12 and " " in part}
    return tuple(sorted(telling - set(_parts("id")) if side == "string" else telling))


def english_left(text: str, allowed: tuple[str, ...] = ()) -> list[str]:
    """The English in a German text: fixed parts of the umpire's English messages, and English
    words (ENGLISH_WORDS) as whole words; `allowed` words or phrases are not counted (a company's
    English name, a place)."""
    for phrase in allowed:
        text = text.replace(phrase, " ")
    found = [part for part in _parts("id") if part in text]
    words = re.findall(r"[A-Za-z]+", text)
    found += sorted({w for w in words if w.lower() in ENGLISH_WORDS and not w.isupper()})
    return found


def german_left(text: str) -> list[str]:
    """The German in an English text: fixed parts of the umpire's German translations."""
    return [part for part in _parts("string") if part in text]


def english_order_words(text: str) -> list[str]:
    """The English order words in a German text (`BUILD`, `RACE`: capitals, as the umpire writes
    them) that have a German word of their own."""
    from umpire.kernel.keywords import written
    own = {english for english, german in written(None).items() if english != german and " " not in english}
    return sorted({w for w in re.findall(r"\b[A-Z]{2,}\b", text) if w in own})

"""Order keywords in German, read as their English twins in every game made from order reading 3
on, whatever the game's language (the table: umpire/locale/keywords.yaml; docs/languages.md).

A German first word of a line reads as its English keyword (`BAUE` as `BUILD`), and on such a
line the little words of the family's order syntax (`DANN`, `SONST`, `NACH`) read as theirs; the
line as the player wrote it is what a refusal quotes. The words in force are set by whoever reads
an order, for its game's reading and family (`with reading_words(reading, "dampfross"):`); outside
that, and for games of an older reading, only English is read.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import yaml

from .language import current

GERMAN_READING = 3                 # the order reading from which German words are read
TABLE = Path(__file__).resolve().parent.parent / "locale" / "keywords.yaml"
PLACES = TABLE.with_name("places.yaml")
_FOLD = str.maketrans({"Ä": "AE", "Ö": "OE", "Ü": "UE", "ß": "SS", "ẞ": "SS"})
_WORD = re.compile(r"[^\W\d_]+")


def fold(word: str) -> str:
    """A word as it is looked up: upper case, umlauts and ß transliterated (`Wähle`: `WAEHLE`)."""
    return word.upper().translate(_FOLD)


@cache
def table() -> dict:
    """The keyword table as written: section -> English keyword -> German words."""
    with TABLE.open(encoding="utf-8") as f:
        return yaml.load(f, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))


def german(family: str | None = None) -> dict[str, list[str]]:
    """Every English keyword (of `family`, or of every family) with its German words: the header's,
    a player's lines to the umpire, the families' keywords and little words."""
    t = table()
    out: dict[str, list[str]] = {}
    for section in ("header", "player"):
        out.update({k: list(v) for k, v in t[section].items()})
    for name in ([family] if family in t else []) if family else [k for k in t if k not in ("header", "player")]:
        for part in ("keywords", "words", "colours", "regions"):
            for english, words in t[name].get(part, {}).items():
                known = out.setdefault(english, [])
                known += [w for w in words if w not in known]
    return out


@dataclass(frozen=True)
class Words:
    """What reads as what on an order's lines: German first words and the little words after one."""

    first: dict[str, str]          # folded German word -> English keyword
    inner: dict[str, str]          # folded German little word -> English word


ANY_FAMILY = "*"                   # the first words of every family: a mail read before its game is known


@cache
def words_of(family: str | None) -> Words:
    t = table()
    first = {fold(g): e for section in ("header", "player") for e, gs in t[section].items()
             if " " not in e for g in gs if " " not in g}
    inner: dict[str, str] = {}
    for name in [k for k in t if k not in ("header", "player")] if family == ANY_FAMILY else [family]:
        if name in t:
            first.update({fold(g): e for e, gs in t[name]["keywords"].items() for g in gs})
            if family != ANY_FAMILY:
                inner = {fold(g): e for part in ("keywords", "words") for e, gs in t[name][part].items() for g in gs}
    return Words(first, inner)


_IN_FORCE: ContextVar[Words | None] = ContextVar("order_words", default=None)


@contextmanager
def reading_words(reading: int, family: str | None = None) -> Iterator[None]:
    """German words read inside the block where the game's `reading` reads them (3 on)."""
    token = _IN_FORCE.set(words_of(family) if reading >= GERMAN_READING else None)
    try:
        yield
    finally:
        _IN_FORCE.reset(token)


def in_force() -> bool:
    return _IN_FORCE.get() is not None


def english_keyword(word: str) -> tuple[str, bool]:
    """A line's first word as its keyword (upper case): a German one as its English twin, where
    German is read; and whether it was German."""
    keyword = word.upper()
    words = _IN_FORCE.get()
    if words is None or keyword.isascii() and keyword in _ENGLISH_FIRST:
        return keyword, False
    english = words.first.get(fold(word))
    return (english, True) if english else (keyword, False)


_ENGLISH_FIRST = frozenset(("GAME", "COMPANY", "PLAYER", "CODE", "ROUND"))


def english_rest(rest: str) -> str:
    """The rest of a line whose keyword was German, its little words as their English twins."""
    words = _IN_FORCE.get()
    if words is None or not words.inner:
        return rest
    return _WORD.sub(lambda m: words.inner.get(fold(m.group()), m.group()), rest)


def colour(word: str) -> str | None:
    """A cube's colour named in German (`blau`): its English name, or None."""
    return named(word, "volldampf", "colours")


def named(word: str, family: str, part: str) -> str | None:
    """A name of `family`'s `part` of the table (`colours`, `regions`) said in German (`Kreis`):
    its English name, or None."""
    return next((e for e, gs in table().get(family, {}).get(part, {}).items() if fold(word) in map(fold, gs)), None)


def written_name(name: str, family: str, part: str) -> str:
    """A name of `family`'s `part` of the table (`regions`: `circle`) as the umpire writes it in the
    language in force (`Kreis`), or as it is where the table has none."""
    words = table().get(family, {}).get(part, {}).get(name) if current() == GERMAN else None
    return words[0] if words else name


def english_line(line: str) -> str:
    """A whole line read as English: its German keyword and, after it, its little words."""
    head, sep, rest = line.strip().partition(" ")
    keyword, was_german = english_keyword(head.rstrip(":"))
    if not was_german:
        return line
    return f"{keyword}{sep}{english_rest(rest)}"


GERMAN = "de"                      # the language of the table
_CAPITALS = re.compile(r"(?<![{\w])(?<!%\()[A-Z]{2,}(?![\w}])")     # an order word as the umpire writes it
_NAMES_A_CUBE = ("MOVE", "SUBSIDY", "REPLAN")    # a cube's colour follows these keywords, or stands before `:`


@cache
def written(family: str | None) -> dict[str, str]:
    """English order word -> the German word the umpire writes for it (the table's first, or the
    family's `written:`): of the header, a player's lines and `family` (None: every family)."""
    t = table()
    out = {english: words[0] for english, words in german(family).items() if english.isupper()}
    out.update(t.get(family, {}).get("written", {}))
    return out


def written_line(line: str, family: str | None = None) -> str:
    """An order line, keyword or example as the umpire writes it in the language in force: in
    German its words in capitals as the German ones (`RACE 3 RUN A-B TO C`: `RENNEN 3 FAHRE A-B NACH
    C`) and, of `family`'s lines, a cube's colour (`MOVE blue`: `FAHRE blau`); else as given. Read
    back, it reads as the English line in every game that reads German (order reading 3 on)."""
    if current() != GERMAN:
        return line
    colours = table().get(family, {}).get("colours") if family else None
    if colours:
        line = _cube(family).sub(lambda m: colours[m.group()][0].lower(), line)
    regions = table().get(family, {}).get("regions") if family else None
    if regions:
        line = _region(family).sub(lambda m: regions[m.group()][0], line)
    words = written(family)
    for pattern, german_words in _phrases(family):
        line = pattern.sub(german_words, line)
    return _CAPITALS.sub(lambda m: words.get(m.group(), m.group()), line)


def written_names() -> dict[str, str]:
    """A cube's colours and a region's symbols as the umpire writes them in the language in force
    (`blue`: `blau`, `circle`: `Kreis`)."""
    return {english: (words[0].lower() if part == "colours" else words[0]) if current() == GERMAN else english
            for section in table().values() if isinstance(section, dict)
            for part in ("colours", "regions") for english, words in section.get(part, {}).items()}


@cache
def _cube(family: str) -> re.Pattern:
    names = "|".join(table()[family]["colours"])
    after = "|".join(f"(?<={keyword} )" for keyword in _NAMES_A_CUBE)
    return re.compile(rf"\b(?:{after})(?:{names})\b|\b(?:{names})(?=:)")


@cache
def _region(family: str) -> re.Pattern:
    names = "|".join(table()[family]["regions"])
    return re.compile(rf"\b(?:(?<=DISCARD )|(?<=FAVOUR ))(?:{names})\b")


@cache
def _phrases(family: str | None) -> list[tuple[re.Pattern, str]]:
    """The order words of more than one word (`PRESS GREY`, `ABSENT FROM .. TO ..`) as patterns and
    their German replacements, `..` standing for what the player fills in."""
    out = []
    for english, german_words in written(family).items():
        if " " in english:
            parts, fills = english.split(" .. "), german_words.split(" .. ")
            pattern = r"(.*?)".join(r"\b" + re.escape(part.removesuffix(" ..")) + r"\b" for part in parts)
            replacement = "".join(f"{fill.removesuffix(' ..')}" + (f"\\{i + 1}" if i < len(fills) - 1 else "")
                                  for i, fill in enumerate(fills))
            out.append((re.compile(pattern), replacement))
    return out


@cache
def _places() -> dict[str, list[str]]:
    with PLACES.open(encoding="utf-8") as f:
        return yaml.load(f, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))


def transliterated(name: str) -> str:
    """A name with its umlauts and ß written as a keyboard without them writes them (`Nuernberg`)."""
    return name.translate(_TRANSLITERATE)


_TRANSLITERATE = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue"})


def other_names(names: list[str]) -> dict[str, str]:
    """The other names read for a map's place names (reading 3 on): each English name the table
    gives (`Cologne`) and each transliteration (`Koeln`), to the map's name; none that is a name of
    the map itself."""
    known = set(names)
    out: dict[str, str] = {}
    for name in names:
        for other in [*_places().get(name, ()), transliterated(name)]:
            if other != name and other not in known:
                out.setdefault(other, name)
    return out

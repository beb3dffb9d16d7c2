"""A newsletter's text edition read as the web page shows it: its title, the opening lines, and
its sections (a heading is a line underlined by dashes), each a list of lines."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..kernel.language import current

_RULE = re.compile(r"^\s*(-{3,}|={3,})\s*$")
_SHOUTED = re.compile(r"\b[^\W\d_]{2,}\b")
# the words a German heading writes small (all else, nouns above all, begins with a capital)
GERMAN_SMALL = frozenset("""der die das den dem des ein eine einer eines einem einen und oder von vom zu zur zum für
mit nach in im an am auf aus bei bis über unter ohne gegen dieser diese dieses diesem jeder jede jedes je pro
gefahren gebaut abgelehnt ausgewertet""".split())


@dataclass
class Edition:
    title: str
    intro: list[str]
    sections: list[tuple[str, list[str]]] = field(default_factory=list)


def read_edition(text: str) -> Edition:
    lines = text.splitlines()
    heads = [i for i in range(1, len(lines)) if _RULE.match(lines[i]) and lines[i].lstrip().startswith("-")
             and lines[i - 1].strip()]
    first = heads[0] - 1 if heads else len(lines)
    top = [line for line in lines[:first] if not _RULE.match(line)]
    title = top[0].strip() if top else ""
    edition = Edition(title, _trimmed(top[1:]))
    for k, i in enumerate(heads):
        end = heads[k + 1] - 1 if k + 1 < len(heads) else len(lines)
        edition.sections.append((lines[i - 1].strip(), _trimmed(lines[i + 1:end])))
    return edition


def _trimmed(lines: list[str]) -> list[str]:
    while lines and not lines[0].strip():
        lines = lines[1:]
    while lines and not lines[-1].strip():
        lines = lines[:-1]
    return [line.rstrip() for line in lines]


def sentence_case(heading: str, proper: tuple[str, ...] = ()) -> str:
    """A heading as the page writes every heading: the text edition's capitals ("ROUND 3 REPORT",
    "TRANSPORTS: 5 MADE OF 6 (1 cancelled)") in sentence case ("Round 3 report"); words with digits
    (hex ids, turns: AE22, 4C) are kept, and so is a heading whose first word is not in capitals."""
    words = _SHOUTED.findall(heading)
    if not words or not words[0].isupper():
        return heading
    if current() == "de":
        return _german_case(heading)
    low = _SHOUTED.sub(lambda found: found.group().lower() if found.group().isupper() else found.group(), heading)
    for name in proper:                        # a town or company named in it keeps its own spelling
        low = re.sub(rf"(?<!\w){re.escape(name.lower())}(?!\w)", lambda _, n=name: n, low)
    return low[:1].upper() + low[1:]


def _german_case(heading: str) -> str:
    """A German heading in capitals ("BERICHT ZUR RUNDE 7") as German writes it ("Bericht zur
    Runde 7"): each word in capitals begins with a capital, but for the small words of GERMAN_SMALL."""
    def word(found: re.Match) -> str:
        w = found.group()
        if not w.isupper():
            return w
        low = w.lower()
        return low if low in GERMAN_SMALL and found.start() else low[:1].upper() + low[1:]
    return _SHOUTED.sub(word, heading)

"""Hypothesis strategies for hostile order texts: generated lines and mutations of real orders.

Profiles (selected by UMPIRE_FUZZ, default `fast`):
  fast  40 cases per property (a few seconds), part of the default run
  long  25,000 cases per property (over 100,000 in all):
        UMPIRE_FUZZ=long .venv/bin/python -m pytest tests/test_orders_fuzz.py -q
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from umpire.families.dampfross.gamemap import load_map
from umpire.families.dampfross.orders import KEYWORDS, MAX_LINE_CHARS, MAX_ORDER_BYTES
from umpire.kernel.names import fold

ROOT = Path(__file__).resolve().parent.parent
CODES = ("otter-57", "tulip-42", "cedar-13")

settings.register_profile("fast", max_examples=40, deadline=None, database=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
settings.register_profile("long", max_examples=25_000, deadline=None, database=None,
                          suppress_health_check=list(HealthCheck))
PROFILE = settings.get_profile(os.environ.get("UMPIRE_FUZZ", "fast"))
SECONDS = 3.0          # processor time for one order, whatever it holds (the largest take under 1 s)


def real_orders() -> list[str]:
    """Every order of the bundled demo game and of the test games."""
    files = sorted((ROOT / "games" / "demo" / "orders").rglob("*.txt")) + \
        sorted((ROOT / "tests" / "games").rglob("orders/**/*.txt"))
    return [f.read_text(encoding="utf-8") for f in files]


REAL = real_orders()

SPACES = [" ", "\t", "\u00a0", "\u2003", "\u3000", "\u2028", "\u2029", "\x0b", "\x0c", "\x85", "\x1c", "\x1f"]
INVISIBLE = ["\u200b", "\ufeff", "\u202e", "\u00ad", "\u200d"]
CONTROL = ["\x00", "\x01", "\x07", "\x08", "\x1b", "\x7f", "\x9b", "\r", "\n", "\r\n"]
DIGITS = ["²", "٢١", "１２", "⑫", "Ⅻ", "𝟙𝟚", "0", "00", "9" * 60, "9" * 5000, "-1", "+6"]
PUNCT = list("-–—,;()[]{}<>#:>+*/\\\"'`|=_.!?&%$@~^") + ["1a)", "12b)", "-- ", "--", "> ", "ELSE", "TO"]
LABELS = ["C3", "D3", "E4", "K8", "A1", "A0", "Z99", "AAA999", "AAAA1", "ZZZ1", "a1", "AD21", "M9", "P1", "K0",
          "AD٢١", "K１２", "Ｋ12", "C3]", "[C3", "C3[", "]C3"]


def bundled_maps() -> list[str]:
    """The names of the Dampfross maps bundled in maps/ (a Volldampf board is no hex map)."""
    return sorted(p.stem for p in (ROOT / "maps").glob("*.yaml")
                  if re.search(r"^format: 1\s*$", p.read_text(encoding="utf-8"), re.MULTILINE))


def bundled_place_names() -> list[str]:
    """Every place name of every bundled map, compound names (`Dun Laoghaire`, `Saint-Étienne`,
    `Frankfurt (Oder)`) also written with the other separator, in capitals and without accents."""
    names = set()
    for name in bundled_maps():
        for place in load_map(name).place_names():
            names |= {place, place.replace(" ", "-"), place.replace("-", " "), place.upper(), fold(place)}
    return sorted(names)


MAPS = bundled_maps()
TOWNS = ["Alpha", "Beta", "Gamma", "Delta", "älpha", "ALPHA", "Dublin", "Dun Laoghaire", "Atlantis", "Alpha-Beta",
         "Dun-Laoghaire", "Dublin-Dun-Laoghaire", "Dun-Laoghaire-Dun-Laoghaire", "Dún  Laoghaire", "Dun- Laoghaire",
         *bundled_place_names()]
NOTES = ["[+6]", "[-1 blue]", "[blue]", "[-3 blue, +20]", "[", "]", "[]", "[+" + "9" * 60 + "]",
         "[-" + "9" * 5000 + " blue]", "[[+6]]", "[+6", "-1 blue]", "[" + "x" * 300 + "]", "[;]", "[,]"]
WORDS = list(KEYWORDS) + [k.lower() for k in KEYWORDS] + ["RUN", "JOIN", "PASS", "run", "BUILD:", "GAME:", "COED",
                                                           "red", "blue", "green", "g1", "demo", *CODES]

token = st.one_of(
    st.sampled_from(WORDS), st.sampled_from(LABELS), st.sampled_from(TOWNS), st.sampled_from(NOTES),
    st.sampled_from(DIGITS), st.sampled_from(PUNCT), st.sampled_from(SPACES), st.sampled_from(INVISIBLE),
    st.sampled_from(CONTROL), st.text(max_size=8), st.integers(0, 10 ** 70).map(str),
)


@st.composite
def line(draw) -> str:
    """One order line: mostly keyword-led, sometimes a run of anything."""
    parts = draw(st.lists(token, max_size=14))
    glue = draw(st.sampled_from(["", " ", "-", " - ", ",", ";", "\u2003"]))
    head = draw(st.sampled_from(["", *KEYWORDS, "1a) ", "(", "RACE 1 RUN ", "RACE 2 JOIN blue ", "HOME "]))
    return head + glue.join(parts)


@st.composite
def huge(draw) -> str:
    """A line or an order near and over the limits: one token repeated."""
    unit = draw(st.sampled_from(["C3-D3-", "A", "9", "[", "]", "\x00", "x\n", "\u2003", "Alpha ", "BUILD C3-D3\n",
                                 "1a) ;", "#", "-", "(", "RACE 1 RUN C3-D3 ELSE "]))
    size = draw(st.sampled_from([MAX_LINE_CHARS - 10, MAX_LINE_CHARS + 1, MAX_ORDER_BYTES // 2,
                                 MAX_ORDER_BYTES - 100, MAX_ORDER_BYTES + 1, 300_000]))
    head = draw(st.sampled_from(["", "BUILD ", "RACE 1 RUN ", "GAME g1\nCOMPANY red\nBUILD "]))
    return head + unit * (size // len(unit) + 1)


@st.composite
def mutated(draw) -> str:
    """A real order with a few edits: tokens put in, spans cut, lines doubled or swapped."""
    text = draw(st.sampled_from(REAL))
    for _ in range(draw(st.integers(1, 6))):
        if not text:
            text = draw(line())
        at = draw(st.integers(0, len(text)))
        kind = draw(st.sampled_from(["insert", "cut", "double", "swap", "replace"]))
        if kind == "insert":
            text = text[:at] + draw(token) + text[at:]
        elif kind == "cut":
            text = text[:at] + text[at + draw(st.integers(1, 12)):]
        elif kind == "replace" and at < len(text):
            text = text[:at] + draw(st.sampled_from(SPACES + CONTROL + INVISIBLE + PUNCT + DIGITS)) + text[at + 1:]
        else:
            lines = text.splitlines()
            i, j = draw(st.integers(0, len(lines) - 1)), draw(st.integers(0, len(lines) - 1))
            if kind == "double":
                lines.insert(i, lines[j])
            else:
                lines[i], lines[j] = lines[j], lines[i]
            text = "\n".join(lines)
    return text


header = st.sampled_from(["", "GAME g1\nCOMPANY red\n", "GAME g1\nCOMPANY red\nROUND 1\n",
                          "GAME g1\nCOMPANY red\nCODE otter-57\n", "GAME g1\nGAME g2\nCOMPANY red\n",
                          "GAME g1\nCOMPANY red\nPLAYER blue\n", "GAME g1\nCOMPANY red\nROUND 1\nROUND 2\n"])

order_text = st.one_of(
    st.builds(lambda h, ls: h + "\n".join(ls), header, st.lists(line(), max_size=12)),
    mutated(),
    st.text(max_size=400),
    st.binary(max_size=400).map(lambda b: b.decode("latin-1")),
    huge(),
)

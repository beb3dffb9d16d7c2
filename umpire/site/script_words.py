"""The words site.js writes into a page (the countdown, the order composer's notes), for a page in
another language than English: the page carries them as JSON (#site-words, English -> translated),
and the script writes its English where a page has none. `{name}`: filled in by the script. The
order words it writes (`BUILD`, `MOVE blue`) are the reader's too (kernel/keywords.py)."""

from __future__ import annotations

import json

from markupsafe import Markup

from ..kernel import keywords
from ..kernel.language import N_, _

WORDS = (
    N_("({time} in your zone)"),
    N_("the deadline has passed"),
    N_("{d} d {h} h {m} min left"),
    N_("{h} h {m} min left"),
    N_("not read: the umpire stops this chain at its first refusal"),
    N_("Nothing of it is counted."),
    N_("cannot be built: {problem}"),
    N_("{n} pt"),
    N_("Orders for {game}"),
    N_("{a} is not next to {b}: the chain goes from hex to neighbouring hex; tap a neighbour of {b}."),
    N_("The lines are copied: add your CODE line."),
    N_("none"),
    N_("cubes: {cubes}"),
    N_("section of {player}"),
    N_("marks"),
    N_("income for you"),
    N_("not built: {problem}"),
    N_("not legal: {problem}"),
    N_("{n} marks"),
    N_("income {gains}"),
    N_("(FAST: a Schnelle Lok in your hand, not checked here)"),
    N_("Tap a link's track space (its symbol with the cost) to build on it."),
    N_("The round has {n} build turns: one BUILD line each."),
    N_("Tap first the location where the cube stands."),
    N_("The round has {n} move turns: one MOVE line each."),
    N_("Link {link} does not touch {place}: tap a link at {place}."),
    N_("No link joins {a} and {b}: tap a location one link away."),
    N_("A move has at most {n} links."),
    N_("Tap the location of the next cube."),
    N_("<your id>"),
)
ORDER_WORDS = ("BUILD", "MOVE", "FAST")     # the order words the composer writes (and the names of cubes, regions)


def script_words() -> Markup:
    """The script's words in the language in force, as the JSON of a <script> block."""
    words = {english: _(english) for english in WORDS}
    words.update({english: keywords.written_line(english) for english in ORDER_WORDS})
    words.update(keywords.written_names())
    return Markup(json.dumps(words, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/"))

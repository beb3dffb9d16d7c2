"""The journal's own words in the language of the newsletter: the colours of cubes and players,
the reasons the engine gives for a discard or a card drawn, the labels of goods cards, and the
warnings and results on a player's private sheet.

The journal keeps them in English as the engine wrote them (an old game replays to the same
bytes); a German newsletter says them in German where it knows the sentence, and as written where
it does not (a GM's own words)."""

from __future__ import annotations

import re

from ...kernel.language import ENGLISH, N_, _, current, ngettext, pgettext

_CUBES = {"blue": N_("blue cube"), "violet": N_("violet cube"), "red": N_("red cube"), "yellow": N_("yellow cube")}


def colour(name: str) -> str:
    """A cube's, a location's or a player's colour as a word of the language in force."""
    words = {"blue": pgettext("colour", "blue"), "violet": pgettext("colour", "violet"),
             "red": pgettext("colour", "red"), "yellow": pgettext("colour", "yellow"),
             "black": pgettext("colour", "black"), "white": pgettext("colour", "white"),
             "teal": pgettext("colour", "teal"), "none": pgettext("colour", "none")}
    return words.get(name, name)


def cube(name: str) -> str:
    """`blue cube` (German `blauer Würfel`)."""
    return _(_CUBES[name]) if name in _CUBES else f"{name} cube"


_SENTENCES = [                  # (the engine's English, its German from the catalog, by name)
    (r"setup", lambda m: _("setup")),
    (r"round (?P<n>\d+)", lambda m: _("round {n}").format(**m)),
    (r"left at the end of the building phase", lambda m: _("left at the end of the building phase")),
    (r"no order for build turn (?P<k>\d+)", lambda m: _("no order for build turn {k}").format(**m)),
    (r"nothing legal in build turn (?P<k>\d+)", lambda m: _("nothing legal in build turn {k}").format(**m)),
    (r"forgone move (?P<k>\d+)", lambda m: _("forgone move {k}").format(**m)),
    (r"lowest income at the end of the round", lambda m: _("lowest income at the end of the round")),
    # the warnings and results of a player's private sheet (engine.py's notes)
    (r"You draw (?P<card>.+) \((?P<why>.+)\)\.", lambda m: _("You draw {card} ({why}).").format(
        card=m["card"], why=said(m["why"]))),
    (r"You take (?P<card>.+) from (?P<victim>\S+) \((?P<why>.+)\)\.",
     lambda m: _("You take {card} from {victim} ({why}).").format(**{**m, "why": said(m["why"])})),
    (r"(?P<player>\S+) takes your (?P<card>.+)\.", lambda m: _("{player} takes your {card}.").format(**m)),
    (r"(?P<line>.+): you hold no (?P<region>\S+) card \(you hold: (?P<held>.*)\)\.",
     lambda m: _("{line}: you hold no {region} card (you hold: {held}).").format(**m)),
    (r"(?P<line>.+): (?P<link>L\w+ .+) not built: (?P<problem>.+)",
     lambda m: _("{line}: {link} not built: {problem}").format(**m)),
    (r"(?P<line>.+): not legal: (?P<problem>.+)\.", lambda m: _("{line}: not legal: {problem}.").format(**m)),
    (r"BID (?P<bids>[\d THEN]+): more than your (?P<n>\d+) marks?; cut to (?P<cash>\d+)\.",
     lambda m: ngettext("BID {bids}: more than your {n} mark; cut to {cash}.",
                        "BID {bids}: more than your {n} marks; cut to {cash}.", int(m["n"])).format(**m)),
    (r"(?P<line>.+): you expected \[(?P<expected>[^\]]+)\]; the section cost (?P<cost>\d+)\.",
     lambda m: _("{line}: you expected [{expected}]; the section cost {cost}.").format(**m)),
    (r"(?P<line>.+): you expected \[(?P<expected>[^\]]+)\]; the move gave you (?P<gain>-?\d+)\.",
     lambda m: _("{line}: you expected [{expected}]; the move gave you {gain}.").format(**m)),
    (r"(?P<line>.+): you hold no Sabotage card; the line never fires\.",
     lambda m: _("{line}: you hold no Sabotage card; the line never fires.").format(**m)),
    (r"(?P<line>.+): you hold no (?P<card>Sabotage|Zusatzfracht|Neue Planung) card\.",
     lambda m: _("{line}: you hold no {card} card.").format(**m)),
    (r"SUBSIDY: you are not in last place on the income track; no third move\.",
     lambda m: _("SUBSIDY: you are not in last place on the income track; no third move.")),
    (r"SUBSIDY: you hold no Subvention card\.", lambda m: _("SUBSIDY: you hold no Subvention card.")),
    (r"(?P<line>.+): skipped, the sabotaged cube", lambda m: _("{line}: skipped, the sabotaged cube").format(**m)),
    (r"(?P<line>.+): FAST, but you hold no Schnelle Lok; alternative skipped\.",
     lambda m: _("{line}: FAST, but you hold no Schnelle Lok; alternative skipped.").format(**m)),
    (r"(?P<line>.+): the bag is empty; you keep your Zusatzfracht\.",
     lambda m: _("{line}: the bag is empty; you keep your Zusatzfracht.").format(**m)),
    (r"REARRANGE: you hold no Alles neu card; the groups stay as dealt\.",
     lambda m: _("REARRANGE: you hold no Alles neu card; the groups stay as dealt.")),
]
_COMPILED = [(re.compile(pattern), german) for pattern, german in _SENTENCES]


def said(text: str) -> str:
    """The engine's English words `text` in the language in force, as written where no sentence fits."""
    if current() == ENGLISH:
        return text
    for pattern, german in _COMPILED:
        found = pattern.fullmatch(text)
        if found:
            return german(found.groupdict())
    return text

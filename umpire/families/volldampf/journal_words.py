"""The journal's own words in the language of the newsletter: the colours of cubes and players,
the reasons the engine gives for a discard or a card drawn, the labels of goods cards, and the
warnings and results on a player's private sheet.

The journal keeps them in English as the engine wrote them (an old game replays to the same
bytes); a German newsletter says them in German where it knows the sentence, and as written where
it does not (a GM's own words)."""

from __future__ import annotations

import re

from ...kernel.keywords import written_line, written_name
from ...kernel.language import N_, _, ngettext, pgettext
from ...render.rewording import Sentences
from . import WORDS

_CUBES = {"blue": N_("blue cube"), "violet": N_("violet cube"), "red": N_("red cube"), "yellow": N_("yellow cube")}


def colour(name: str) -> str:
    """A cube's, a location's or a player's colour as a word of the language in force."""
    words = {"blue": pgettext("colour", "blue"), "violet": pgettext("colour", "violet"),
             "red": pgettext("colour", "red"), "yellow": pgettext("colour", "yellow"),
             "black": pgettext("colour", "black"), "white": pgettext("colour", "white"),
             "teal": pgettext("colour", "teal"), "none": pgettext("colour", "none")}
    return words.get(name, name)


def card(name: str) -> str:
    """A card's name (a track card's is its region's symbol) in the language in force: `Kreis`."""
    return written_name(name, WORDS, "regions")


def card_words(name: str) -> dict[str, str]:
    """A card's name as a sentence puts it: `card` in the language in force, `a_card` with its English
    article (`an octagon`: a translation says its own)."""
    return {"a_card": ("an " if name[:1].lower() in "aeiou" else "a ") + name, "card": card(name)}


def link(text: str) -> str:
    """A link as the board describes it, its region in the language in force:
    `L7 Hamburg-Hannover (Kreis, 5)`."""
    return _DESCRIBED.sub(lambda m: f"({card(m.group(1))}, {m.group(2)})", text)


_DESCRIBED = re.compile(r"\((\w+), (\d+)\)$")


def turn(name: str) -> str:
    """A turn's name (`3B`), or `finished` in the language in force once the game is over."""
    return pgettext("turn", "finished") if name == "finished" else name


def cube(name: str) -> str:
    """`blue cube` (German `blauer Würfel`)."""
    return _(_CUBES[name]) if name in _CUBES else f"{name} cube"


_GROUPS = {                     # the words a name stands for where they are not any words
    **dict.fromkeys(("n", "k", "cost", "most"), r"\d+"),
    **dict.fromkeys(("player", "region", "link"), r"\S+"),
    "held": r".*", "expected": r"[^\]]+", "gain": r"-?\d+",
}
_SENTENCES = Sentences([        # the engine's English as its message of the catalog, or (its pattern, how it is said)
    N_("setup"),
    N_("round {n}"),
    N_("left at the end of the building phase"),
    N_("no order for build turn {k}"),
    N_("nothing legal in build turn {k}"),
    N_("forgone move {k}"),
    N_("lowest income at the end of the round"),
    (r"DISCARD", lambda m: written_line("DISCARD", WORDS)),        # the player's own order
    # the warnings and results of a player's private sheet (engine.py's notes)
    (r"You draw (?P<card>.+) \((?P<why>.+)\)\.", lambda m: _("You draw {card} ({why}).").format(
        card=m["card"], why=said(m["why"]))),
    (r"You take (?P<card>.+) from (?P<victim>\S+) \((?P<why>.+)\)\.",
     lambda m: _("You take {card} from {victim} ({why}).").format(**{**m, "why": said(m["why"])})),
    N_("{player} takes your {card}."),
    N_("{line}: you hold no {region} card (you hold: {held})."),
    (r"(?P<line>.+): (?P<link>L\w+ .+) not built: (?P<problem>.+)",
     lambda m: _("{line}: {link} not built: {problem}").format(**{**m, "problem": said(m["problem"])})),
    (r"(?P<line>.+): not legal: (?P<problem>.+)\.",
     lambda m: _("{line}: not legal: {problem}.").format(**{**m, "problem": said(m["problem"])})),
    (r"BID (?P<bids>[\d THEN]+): more than your (?P<n>\d+) marks?; cut to (?P<cash>\d+)\.",
     lambda m: ngettext("BID {bids}: more than your {n} mark; cut to {cash}.",
                        "BID {bids}: more than your {n} marks; cut to {cash}.", int(m["n"])).format(
                  **{**m, "bids": written_line(m["bids"], WORDS)})),
    N_("{line}: you expected [{expected}]; the section cost {cost}."),
    N_("{line}: you expected [{expected}]; the move gave you {gain}."),
    N_("{line}: you hold no Sabotage card; the line never fires."),
    (r"(?P<line>.+): you hold no (?P<card>Sabotage|Zusatzfracht|Neue Planung) card\.",
     lambda m: _("{line}: you hold no {card} card.").format(**m)),
    N_("SUBSIDY: you are not in last place on the income track; no third move."),
    N_("SUBSIDY: you hold no Subvention card."),
    N_("{line}: skipped, the sabotaged cube"),
    N_("{line}: FAST, but you hold no Schnelle Lok; alternative skipped."),
    N_("{line}: the bag is empty; you keep your Zusatzfracht."),
    N_("REARRANGE: you hold no Alles neu card; the groups stay as dealt."),
    # why a build or a move was not carried out (engine.py, transport.py)
    (r"it already has (?P<owner>\S+)'s section; free links you hold a card for and can pay: (?P<free>.*)",
     lambda m: _("it already has {owner}'s section; free links you hold a card for and can pay: {free}").format(
         **{**m, "free": _none(m["free"])})),
    N_("you have no sections left"),
    N_("you hold no Günstige Gelegenheit card for FAVOUR"),
    N_("FAVOUR {region}: you hold no {region} card"),
    (r"it is a (?P<region>\S+) link and you hold no (?P=region) card; free links you hold a card for and can pay: "
     r"(?P<free>.*)",
     lambda m: _("it is a {region} link and you hold no {region} card; free links you hold a card for and can pay: "
                 "{free}").format(**{**m, "free": _none(m["free"])})),
    (r"it costs (?P<cost>\d+) and you have (?P<n>-?\d+) marks?",
     lambda m: ngettext("it costs {cost} and you have {n} mark", "it costs {cost} and you have {n} marks",
                        int(m["n"])).format(**m)),
    (r"no legal route for a (?P<colour>\w+) cube from (?P<place>.+)",
     lambda m: _("no legal route for a {colour} cube from {place}").format(**m, cube=cube(m["colour"]))),
    (r"it ends at (?P<end>.+), which is (?P<its>\w+), not (?P<colour>\w+)",
     lambda m: _("it ends at {end}, which is {its}, not {colour}").format(
         end=m["end"], its=colour(m["its"]), colour=colour(m["colour"]))),
    N_("a red cube travels through red locations only (option red_cubes_red_only), not {place}"),
    (r"a (?P<colour>\w+) cube stops at the first (?P=colour) location it reaches \((?P<place>.+)\), so it cannot go on",
     lambda m: _("a {colour} cube stops at the first {colour} location it reaches ({place}), so it cannot go "
                 "on").format(**m, cube=cube(m["colour"]))),
    (r"no (?P<colour>\w+) cube stands at (?P<place>.+) \(there: (?P<there>.*)\)",
     lambda m: _("no {colour} cube stands at {place} (there: {there})").format(
         place=m["place"], colour=m["colour"], cube=cube(m["colour"]),
         there=", ".join(colour(c) for c in m["there"].split(", ")) if m["there"] != "none" else _none("none"))),
    N_("no section is built between {a} and {b}"),
    N_("link {link} has no section"),
    N_("it uses a location or a link twice"),
    N_("it has {n} links; a move has 1 to {most}"),
], _GROUPS, {"region": card, "card": card, "held": lambda held: ", ".join(map(card, held.split(", "))),
               "link": link})


def _none(listed: str) -> str:
    return pgettext("links", "none") if listed == "none" else listed


def said(text: str) -> str:
    """The engine's English words `text` in the language in force, as written where no sentence fits."""
    return _SENTENCES.said(text)

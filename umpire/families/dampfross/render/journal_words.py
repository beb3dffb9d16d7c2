"""The journal's own words in the language of the newsletter: the reasons of postings, the ends of
phases and of the game, cancelled transports, allowances and the purposes of construction dice.

The journal keeps them in English as the engine wrote them (an old game replays to the same
bytes); a German newsletter says them in German where it knows the sentence, and as written where
it does not (a refusal's reason, a GM's own words)."""

from __future__ import annotations

import re

from ....kernel import language
from ....kernel.language import N_, _, ngettext
from ....render.rewording import Sentences

_GROUPS = {                     # the words a name stands for where they are not any words
    **dict.fromkeys(("n", "more", "left", "amount", "back", "transport", "line", "net", "cap", "i", "total"), r"\d+"),
    **dict.fromkeys(("stretch", "payer", "payee"), r"\S+"),
    **dict.fromkeys(("hex", "a", "b"), r"\w+"),
    "balance": r"-?\d+",
}
_PLACE = r"(?P<place>\d+)(?:st|nd|rd|th) place"
_SENTENCES = Sentences([        # the English sentence as its message of the catalog, or (its pattern, how it is said)
    N_("starting balance"),
    N_("bonus for connecting {city}"),
    N_("share of the bonus for connecting {city} (joint line)"),
    N_("building {stretch}"),
    N_("buying the ferry {ferry}"),
    (r"(?P<kind>connection|parallel|city connection|special) fee in (?P<hex>\w+)(?P<joint> \(joint line\))?",
     lambda m: _fee(m["kind"]).format(**m) + (_(" (joint line)") if m["joint"] else "")),
    N_("fees for transport {n}"),
    N_("fees for transport {n}, {amount} less {back} the other way"),
    (rf"bonus for {_PLACE} in transport (?P<n>\d+)",
     lambda m: _("bonus for place {place} in transport {n}").format(**m)),
    (rf"bonus for {_PLACE} \(tied with (?P<more>\d+) more\) in transport (?P<n>\d+)",
     lambda m: _("bonus for place {place} (tied with {more} more) in transport {n}").format(**m)),
    N_("correction by the GM: {why}"),
    N_("round {n} construction"),
    (r"round (?P<n>\d+) construction (?P<who>\S+)", lambda m: _("round {n} construction, {who}").format(**m)),
    N_("all {n} transports have been made"),
    N_("at most {n} cities were left unconnected"),
    N_("{n} rounds passed with only {left} city left"),
    N_("ended by the GM: {why}"),
    N_("ended by agreement: {why}"),
    N_("{place} is not on any network"),
    N_("no free destination is at least {n} hexes from {place}"),
    N_("every station number has been used"),
    N_("no company entered it; it is announced again next round"),
    N_("no route of the order can run"),
    N_("the construction phase ended before this company's turn"),
    N_("the game ended before the additional construction"),
    N_("up to {n} units"),
    N_("this transport's income of {n} units"),
    N_("no fees"),
    # the refusals of the round's resolution (engine/turn.py, operations.py, routes.py, races.py, building.py)
    (r"(?P<a>\w+)-(?P<b>\w+): (?P<problem>.+?) Not built: (?P<rest>[\w-]+)\.",
     lambda m: _("{a}-{b}: {problem} Not built: {rest}.").format(**{**m, "problem": said(m["problem"])})),
    (r"(?P<a>[A-Z]+\d+)-(?P<b>[A-Z]+\d+): (?P<problem>.+)",
     lambda m: "{a}-{b}: {problem}".format(**{**m, "problem": said(m["problem"])})),
    (r"route (?P<n>\d+): (?P<problem>.+)",
     lambda m: _("route {n}: {problem}").format(**{**m, "problem": said(m["problem"])})),
    (r"costs (?P<n>\d+) points? and only (?P<left>\d+) of this round's (?P<budget>\d+) are left\.",
     lambda m: ngettext("costs {n} point and only {left} of this round's {budget} are left.",
                        "costs {n} points and only {left} of this round's {budget} are left.",
                        int(m["n"])).format(**m)),
    (r"the fees \((?P<fees>.+)\) come to (?P<total>\d+) units and the balance is (?P<balance>-?\d+)\.",
     lambda m: _("the fees ({fees}) come to {total} units and the balance is {balance}.").format(
         **{**m, "fees": ", ".join(fee_said(f) for f in m["fees"].split(", "))})),
    N_("this company already owns that segment; a company builds each segment once."),
    N_("{place} is not on this company's network; a chain starts at a hex the company's track already "
       "reaches (or its home terminal)."),
    N_("no home terminal has been chosen; write HOME and a home terminal ({towns})."),
    N_("the home terminal is chosen once; this company's is {home}."),
    N_("{place} is not a home terminal; choose one of {terminals}."),
    N_("home terminals are chosen in the construction phase."),
    (r"transport (?P<transport>\d+) is not announced in this round; the races of round (?P<round>\d+) are "
     r"(?P<races>.+)\.", lambda m: _("transport {transport} is not announced in this round; the races of round "
                                     "{round} are {races}.").format(**{**m, "races": said(m["races"])})),
    N_("none"),
    N_("a second entry for transport {transport}; the entry on line {line} stands."),
    N_("a company enters at most {n} races in one round."),
    N_("{payer} would pay {net} units to {payee}, more than the cap of {cap} per company and transport"),
    N_("{payer} would pay {net} units to {payee} ({amount} less {back} the other way), more than the cap of "
       "{cap} per company and transport"),
    N_("the route uses none of its own segments; a train runs at least partly on its own line."),
    N_("the route uses none of either partner's segments; a train runs at least partly on its own line."),
    N_("the route passes {hex} twice; a train does not run back over its own path."),
    (r"the route starts at (?P<hex>\w+); this transport starts at (?P<starts>.+)\.",
     lambda m: _("the route starts at {hex}; this transport starts at {starts}.").format(
         **{**m, "starts": m["starts"].replace(" or ", " " + _("or") + " ")})),
    (r"the route ends at (?P<hex>\w+), which is not a destination of this transport \((?P<ends>.+)\)\.",
     lambda m: _("the route ends at {hex}, which is not a destination of this transport ({ends}).").format(
         **{**m, "ends": m["ends"].replace(" or ", " " + _("or") + " ")})),
    N_("step {a}-{b} (step {i}) has no track; every step runs along an existing segment, a permitted "
       "route or a bought ferry."),
    N_("{hex} is water; no line can be built there."),
    N_("the edge {a}/{b} cannot be crossed (the map marks it impassable); go round it."),
], _GROUPS)


def _fee(kind: str) -> str:
    return {"connection": _("connection fee in {hex}"), "parallel": _("parallel building fee in {hex}"),
            "city connection": _("city connection fee in {hex}")}.get(kind) or _("special fee in {hex}")


_FEE = re.compile(r"(?P<amount>\d+) to (?P<rival>\S+) \((?P<kind>.+) in (?P<hex>\w+)\)")
_FEE_KINDS = {"connection": N_("connection"), "parallel": N_("parallel"), "city connection": N_("city connection"),
              "special": N_("special")}


def fee_said(text: str) -> str:
    """`1 to blue (connection in K12)`, a fee of building, said."""
    found = _FEE.fullmatch(text)
    if not found:
        return text
    kind = _(_FEE_KINDS[found["kind"]]) if found["kind"] in _FEE_KINDS else found["kind"]
    return _("{amount} to {rival} ({kind} in {hex})").format(**{**found.groupdict(), "kind": kind})


_FEES = re.compile(r"(\d+) to (the bank|\S+)")


def said(text):
    """`text` (a sentence of the journal) in the language in force, or as written."""
    return _SENTENCES.said(text)


def fees_said(text):
    """A route's fees as the journal wrote them (`9 to orange, 1 to the bank`, `no fees`), said."""
    if language.current() == language.ENGLISH or not isinstance(text, str) or not _FEES.match(text):
        return said(text)
    return ", ".join(_("{amount} to {payee}").format(amount=a, payee=_("the bank") if p == "the bank" else p)
                     for a, p in _FEES.findall(text))

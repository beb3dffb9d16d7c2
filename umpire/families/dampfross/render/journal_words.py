"""The journal's own words in the language of the newsletter: the reasons of postings, the ends of
phases and of the game, cancelled transports, allowances and the purposes of construction dice.

The journal keeps them in English as the engine wrote them (an old game replays to the same
bytes); a German newsletter says them in German where it knows the sentence, and as written where
it does not (a refusal's reason, a GM's own words)."""

from __future__ import annotations

import re

from ....kernel import language
from ....kernel.language import N_, _, ngettext

_PLACE = r"(?P<place>\d+)(?:st|nd|rd|th) place"
_SENTENCES = [                  # (the English sentence, its German from the catalog, by name)
    (r"starting balance", lambda m: _("starting balance")),
    (r"bonus for connecting (?P<city>.+)", lambda m: _("bonus for connecting {city}").format(**m)),
    (r"share of the bonus for connecting (?P<city>.+) \(joint line\)",
     lambda m: _("share of the bonus for connecting {city} (joint line)").format(**m)),
    (r"building (?P<stretch>\S+)", lambda m: _("building {stretch}").format(**m)),
    (r"buying the ferry (?P<ferry>.+)", lambda m: _("buying the ferry {ferry}").format(**m)),
    (r"(?P<kind>connection|parallel|city connection|special) fee in (?P<hex>\w+)(?P<joint> \(joint line\))?",
     lambda m: _fee(m["kind"]).format(**m) + (_(" (joint line)") if m["joint"] else "")),
    (r"fees for transport (?P<n>\d+)", lambda m: _("fees for transport {n}").format(**m)),
    (r"fees for transport (?P<n>\d+), (?P<amount>\d+) less (?P<back>\d+) the other way",
     lambda m: _("fees for transport {n}, {amount} less {back} the other way").format(**m)),
    (rf"bonus for {_PLACE} in transport (?P<n>\d+)",
     lambda m: _("bonus for place {place} in transport {n}").format(**m)),
    (rf"bonus for {_PLACE} \(tied with (?P<more>\d+) more\) in transport (?P<n>\d+)",
     lambda m: _("bonus for place {place} (tied with {more} more) in transport {n}").format(**m)),
    (r"correction by the GM: (?P<why>.+)", lambda m: _("correction by the GM: {why}").format(**m)),
    (r"round (?P<n>\d+) construction", lambda m: _("round {n} construction").format(**m)),
    (r"round (?P<n>\d+) construction (?P<who>\S+)", lambda m: _("round {n} construction, {who}").format(**m)),
    (r"all (?P<n>\d+) transports have been made", lambda m: _("all {n} transports have been made").format(**m)),
    (r"at most (?P<n>\d+) cities were left unconnected",
     lambda m: _("at most {n} cities were left unconnected").format(**m)),
    (r"(?P<n>\d+) rounds passed with only (?P<left>\d+) city left",
     lambda m: _("{n} rounds passed with only {left} city left").format(**m)),
    (r"ended by the GM: (?P<why>.+)", lambda m: _("ended by the GM: {why}").format(**m)),
    (r"ended by agreement: (?P<why>.+)", lambda m: _("ended by agreement: {why}").format(**m)),
    (r"(?P<place>.+) is not on any network", lambda m: _("{place} is not on any network").format(**m)),
    (r"no free destination is at least (?P<n>\d+) hexes from (?P<place>.+)",
     lambda m: _("no free destination is at least {n} hexes from {place}").format(**m)),
    (r"every station number has been used", lambda m: _("every station number has been used")),
    (r"no company entered it; it is announced again next round",
     lambda m: _("no company entered it; it is announced again next round")),
    (r"no route of the order can run", lambda m: _("no route of the order can run")),
    (r"the construction phase ended before this company's turn",
     lambda m: _("the construction phase ended before this company's turn")),
    (r"the game ended before the additional construction",
     lambda m: _("the game ended before the additional construction")),
    (r"up to (?P<n>\d+) units", lambda m: _("up to {n} units").format(**m)),
    (r"this transport's income of (?P<n>\d+) units", lambda m: _("this transport's income of {n} units").format(**m)),
    (r"no fees", lambda m: _("no fees")),
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
    (r"this company already owns that segment; a company builds each segment once\.",
     lambda m: _("this company already owns that segment; a company builds each segment once.")),
    (r"(?P<place>.+) is not on this company's network; a chain starts at a hex the company's track already "
     r"reaches \(or its home terminal\)\.",
     lambda m: _("{place} is not on this company's network; a chain starts at a hex the company's track already "
                 "reaches (or its home terminal).").format(**m)),
    (r"no home terminal has been chosen; write HOME and a home terminal \((?P<towns>.+)\)\.",
     lambda m: _("no home terminal has been chosen; write HOME and a home terminal ({towns}).").format(**m)),
    (r"the home terminal is chosen once; this company's is (?P<home>.+)\.",
     lambda m: _("the home terminal is chosen once; this company's is {home}.").format(**m)),
    (r"(?P<place>.+) is not a home terminal; choose one of (?P<terminals>.+)\.",
     lambda m: _("{place} is not a home terminal; choose one of {terminals}.").format(**m)),
    (r"home terminals are chosen in the construction phase\.",
     lambda m: _("home terminals are chosen in the construction phase.")),
    (r"transport (?P<transport>\d+) is not announced in this round; the races of round (?P<round>\d+) are "
     r"(?P<races>.+)\.", lambda m: _("transport {transport} is not announced in this round; the races of round "
                                     "{round} are {races}.").format(**{**m, "races": said(m["races"])})),
    (r"none", lambda m: _("none")),
    (r"a second entry for transport (?P<transport>\d+); the entry on line (?P<line>\d+) stands\.",
     lambda m: _("a second entry for transport {transport}; the entry on line {line} stands.").format(**m)),
    (r"a company enters at most (?P<n>\d+) races in one round\.",
     lambda m: _("a company enters at most {n} races in one round.").format(**m)),
    (r"(?P<payer>\S+) would pay (?P<net>\d+) units to (?P<payee>\S+), more than the cap of (?P<cap>\d+) per "
     r"company and transport", lambda m: _("{payer} would pay {net} units to {payee}, more than the cap of {cap} "
                                          "per company and transport").format(**m)),
    (r"(?P<payer>\S+) would pay (?P<net>\d+) units to (?P<payee>\S+) \((?P<amount>\d+) less (?P<back>\d+) the "
     r"other way\), more than the cap of (?P<cap>\d+) per company and transport",
     lambda m: _("{payer} would pay {net} units to {payee} ({amount} less {back} the other way), more than the "
                 "cap of {cap} per company and transport").format(**m)),
    (r"the route uses none of its own segments; a train runs at least partly on its own line\.",
     lambda m: _("the route uses none of its own segments; a train runs at least partly on its own line.")),
    (r"the route uses none of either partner's segments; a train runs at least partly on its own line\.",
     lambda m: _("the route uses none of either partner's segments; a train runs at least partly on its own "
                 "line.")),
    (r"the route passes (?P<hex>\w+) twice; a train does not run back over its own path\.",
     lambda m: _("the route passes {hex} twice; a train does not run back over its own path.").format(**m)),
    (r"the route starts at (?P<hex>\w+); this transport starts at (?P<starts>.+)\.",
     lambda m: _("the route starts at {hex}; this transport starts at {starts}.").format(
         **{**m, "starts": m["starts"].replace(" or ", " " + _("or") + " ")})),
    (r"the route ends at (?P<hex>\w+), which is not a destination of this transport \((?P<ends>.+)\)\.",
     lambda m: _("the route ends at {hex}, which is not a destination of this transport ({ends}).").format(
         **{**m, "ends": m["ends"].replace(" or ", " " + _("or") + " ")})),
    (r"step (?P<a>\w+)-(?P<b>\w+) \(step (?P<i>\d+)\) has no track; every step runs along an existing segment, "
     r"a permitted route or a bought ferry\.",
     lambda m: _("step {a}-{b} (step {i}) has no track; every step runs along an existing segment, a permitted "
                 "route or a bought ferry.").format(**m)),
    (r"(?P<hex>\w+) is water; no line can be built there\.",
     lambda m: _("{hex} is water; no line can be built there.").format(**m)),
    (r"the edge (?P<a>\w+)/(?P<b>\w+) cannot be crossed \(the map marks it impassable\); go round it\.",
     lambda m: _("the edge {a}/{b} cannot be crossed (the map marks it impassable); go round it.").format(**m)),
]


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


_KNOWN = [(re.compile(pattern + r"\Z"), say) for pattern, say in _SENTENCES]
_FEES = re.compile(r"(\d+) to (the bank|\S+)")


def said(text):
    """`text` (a sentence of the journal) in the language in force, or as written."""
    if language.current() == language.ENGLISH or not isinstance(text, str):
        return text
    for pattern, say in _KNOWN:
        found = pattern.match(text)
        if found:
            return say(found.groupdict())
    return text


def fees_said(text):
    """A route's fees as the journal wrote them (`9 to orange, 1 to the bank`, `no fees`), said."""
    if language.current() == language.ENGLISH or not isinstance(text, str) or not _FEES.match(text):
        return said(text)
    return ", ".join(_("{amount} to {payee}").format(amount=a, payee=_("the bank") if p == "the bank" else p)
                     for a, p in _FEES.findall(text))

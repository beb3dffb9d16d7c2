"""The journal's own words in the language of the newsletter: the reasons of postings, the ends of
phases and of the game, cancelled transports, allowances and the purposes of construction dice.

The journal keeps them in English as the engine wrote them (an old game replays to the same
bytes); a German newsletter says them in German where it knows the sentence, and as written where
it does not (a refusal's reason, a GM's own words)."""

from __future__ import annotations

import re

from ....kernel import language
from ....kernel.language import _

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
]


def _fee(kind: str) -> str:
    return {"connection": _("connection fee in {hex}"), "parallel": _("parallel building fee in {hex}"),
            "city connection": _("city connection fee in {hex}")}.get(kind) or _("special fee in {hex}")


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

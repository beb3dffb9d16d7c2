"""Properties of the split of a mail into the order and the player's note to the GM (notes.py):
chatter before the header and after the last order line is a note; no order line, and nothing
between the header and the last order line, ever is; a note line is left out of the order, the
others keep their numbers."""

from __future__ import annotations

from conftest import TEST_MAP
from hypothesis import given, settings
from hypothesis import strategies as st

from umpire.families.dampfross.family import FAMILY
from umpire.families.dampfross.gamemap import load_map
from umpire.families.dampfross.orders import parse_order
from umpire.mail import notes

BOARD = load_map(TEST_MAP)
KEYWORDS = FAMILY.order_keywords
HEADER = ["GAME g1", "COMPANY red", "CODE tulip-42"]
ORDER_LINES = st.sampled_from(["HOME Alpha", "BUILD C3-D3", "BUILD C3 - C4 - C5", "ROUND 1", "# a comment", ""])
CHATTER = st.one_of(
    st.sampled_from(["Hi umpire,", "Cheers, Alice", "Carol C.", "Sorry I'm late, was travelling!", "Thanks!",
                     "Oops, typo. Corrected:", "Best regards", "Alice", "See you next round :-)", "Grüße, Jürgen"]),
    st.lists(st.sampled_from(["the", "weather", "is", "lovely", "today", "Bob", "sent", "ok", "!", "?", "so"]),
             min_size=1, max_size=6).map(" ".join))


def split(text: str):
    found = notes.find(text, parse_order(text, BOARD), KEYWORDS)
    return found, parse_order(notes.without(text, found), BOARD)


@settings(max_examples=150, deadline=None)
@given(before=st.lists(CHATTER, max_size=4), body=st.lists(ORDER_LINES, max_size=5),
       after=st.lists(CHATTER, max_size=4))
def test_chatter_around_an_order_is_a_note_and_the_order_reads_clean(before, body, after):
    lines = before + HEADER + body + ["BUILD D3-E3"] + after
    found, order = split("\n".join(lines) + "\n")
    assert order.errors == [] and order.refusal is None
    chatter = [i + 1 for i, line in enumerate(lines) if line in before[:len(before)] and i < len(before)] + \
        [len(before) + len(HEADER) + len(body) + 2 + i for i in range(len(after))]
    assert sorted(n.line for n in found) == [n for n in chatter if lines[n - 1].strip()]
    assert (order.company, order.code) == ("red", "tulip-42")


@settings(max_examples=150, deadline=None)
@given(before=st.lists(CHATTER, max_size=3), inside=CHATTER.filter(lambda line: not notes.SIGN_OFF.match(line)),
       after=st.lists(CHATTER, max_size=3))
def test_chatter_inside_the_order_is_refused_never_a_note(before, inside, after):
    """(A sign-off inside the order, and what follows it, is a note: the player signed off.)"""
    lines = before + HEADER + ["HOME Alpha", inside, "BUILD C3-D3"] + after
    found, order = split("\n".join(lines) + "\n")
    inside_at = len(before) + len(HEADER) + 2
    assert inside_at not in {n.line for n in found}
    assert [e.line for e in order.errors] == [inside_at]


@settings(max_examples=300, deadline=None)
@given(lines=st.lists(st.one_of(ORDER_LINES, CHATTER, st.text(max_size=40),
                                st.sampled_from(["BUIDL C3-D3", "Build C3-Q99", "RACE", "GAME g1", "K12-K13",
                                                 "Buidl Alpha-Beta", "bulid alpha - beta"])),
                      max_size=12))
def test_no_line_that_looks_like_an_order_is_ever_a_note_and_numbers_stay(lines):
    text = "\n".join(lines) + "\n"
    found, order = split(text)
    for note in found:
        assert not notes.looks_like_order(text.splitlines()[note.line - 1], KEYWORDS)
    kept = notes.without(text, found)
    assert len(kept.splitlines()) == len(text.splitlines())
    read = {e.line for e in order.errors}
    assert not read & {n.line for n in found}


def test_a_misspelt_keyword_before_a_chain_of_places_after_the_order_is_refused_not_a_note():
    for typo in ("Buidl Alpha-Beta", "bulid Alpha - Beta", "Biuld Kiel–Hamburg"):
        text = "\n".join(HEADER + ["HOME Alpha", typo, "Cheers, Alice"]) + "\n"
        found, order = split(text)
        assert [n.line for n in found] == [6], typo                  # the sign-off only
        assert [e.line for e in order.errors] == [5], typo           # the player is told his line was refused
    # a hyphenated word that does not follow a misspelt keyword stays a note
    for chatter in ("See you in Baden-Baden!", "Hope to see you in Baden-Baden"):
        text = "\n".join(HEADER + ["HOME Alpha", chatter, "Best, Alice"]) + "\n"
        assert [n.line for n in split(text)[0]] == [5, 6], chatter

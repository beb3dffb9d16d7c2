"""A journal's sentence read back by its message of the catalog: `{name}` a named group, the rest
literal, the whole sentence or nothing (umpire/render/rewording.py)."""

from __future__ import annotations

from umpire.kernel.language import speaking
from umpire.render.rewording import Sentences

EDGE = "the edge {a}/{b} cannot be crossed (the map marks it impassable); go round it."
KNOWN = Sentences([EDGE, "no free destination is at least {n} hexes from {place}"], {"a": r"\w+", "b": r"\w+"})


def test_a_message_with_two_names_says_the_sentence_with_both():
    with speaking("de"):
        assert KNOWN.said("the edge K12/L12 cannot be crossed (the map marks it impassable); go round it.") == \
            "die Kante K12/L12 ist nicht passierbar (die Karte markiert sie so); bauen Sie außen herum."


def test_the_dot_and_the_parentheses_of_a_message_are_literal():
    for text in ("the edge K12/L12 cannot be crossed (the map marks it impassable); go round it!",
                 "the edge K12/L12 cannot be crossed the map marks it impassable; go round it.",
                 "the edge K12/L 12 cannot be crossed (the map marks it impassable); go round it."):  # `\w+` only
        with speaking("de"):
            assert KNOWN.said(text) == text


def test_a_sentence_no_message_fits_whole_stays_as_written():
    with speaking("de"):
        assert KNOWN.said("no free destination is at least 3 hexes from Ulm") == \
            "kein freies Ziel liegt mindestens 3 Felder von Ulm entfernt"
        for text in ("it rained", "so no free destination is at least 3 hexes from Ulm", 7, None):
            assert KNOWN.said(text) == text


def test_a_name_written_twice_is_the_same_words_twice_and_english_is_left_alone():
    twice = Sentences(["FAVOUR {region}: you hold no {region} card"], {})
    with speaking("de"):
        assert twice.said("FAVOUR Nord: you hold no Nord card") == "ZUGUNSTEN Nord: Sie haben keine Nord-Karte"
        assert twice.said("FAVOUR Nord: you hold no Süd card") == "FAVOUR Nord: you hold no Süd card"
    assert KNOWN.said("no free destination is at least 3 hexes from Ulm") == \
        "no free destination is at least 3 hexes from Ulm"

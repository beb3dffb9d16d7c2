"""Draws: seeded picks and deals from HMAC-SHA256 of seed and purpose, recorded draws checked line by line."""

import hashlib
import hmac

import pytest
from hypothesis import given
from hypothesis import strategies as st

from umpire.errors import DataError, DrawsExhausted, UmpireError
from umpire.kernel.draws import (
    RecordedDraws,
    SeededDraws,
    card_name,
    draw_event,
    draws_made,
    index,
    read_draws_file,
    shuffle,
)

BAG = ["blue"] * 3 + ["violet"] * 2 + ["red"] + ["yellow"] * 4
DECK = [f"{region}-{i}" for region in ("octagon", "triangle", "circle") for i in range(1, 9)]


def hmac_bytes(seed: str, message: str) -> bytes:
    return hmac.new(seed.encode(), message.encode(), hashlib.sha256).digest()


# -- seeded ----------------------------------------------------------------------
def test_a_seeded_pick_is_the_hmac_of_seed_and_purpose_modulo_the_candidates():
    purpose = "round 3 goods card 2 Leipzig"
    expected = int.from_bytes(hmac_bytes("s3cret", purpose)[:4], "big") % len(BAG)
    assert SeededDraws("s3cret").pick(purpose, "cube", BAG) == BAG[expected]


def test_a_seeded_pick_depends_only_on_seed_and_purpose():
    a, b = SeededDraws("s3cret"), SeededDraws("s3cret")
    b.pick("something drawn before", "cube", BAG)
    assert a.pick("round 1 goods card 1 Berlin", "cube", BAG) == b.pick("round 1 goods card 1 Berlin", "cube", BAG)


def test_a_rejected_number_is_drawn_again_with_a_counter_appended():
    n = 2 ** 31 + 1                     # almost half of all four-byte numbers are rejected
    limit = 2 ** 32 - 2 ** 32 % n
    rejected = next(p for p in (f"draw {i}" for i in range(200))
                    if int.from_bytes(hmac_bytes("x", p)[:4], "big") >= limit)
    message, counter = rejected, 0
    while int.from_bytes(hmac_bytes("x", message)[:4], "big") >= limit:
        counter += 1
        message = f"{rejected} {counter}"
    assert index("x", rejected, n) == int.from_bytes(hmac_bytes("x", message)[:4], "big") % n


def test_seeded_picks_are_fair():
    counts = [index("seed", f"pick {i}", 4) for i in range(2000)]
    assert all(400 <= counts.count(v) <= 600 for v in range(4))


def test_a_seeded_deal_gives_the_card_with_the_lowest_hmac():
    purpose = "setup track deck"
    lowest = min(DECK, key=lambda card: hmac_bytes("s", f"{purpose} {card}"))
    assert SeededDraws("s").deal(purpose, "track", DECK) == lowest


def test_dealing_card_by_card_is_one_shuffle():
    draws, left, dealt = SeededDraws("s"), list(DECK), []
    while left:
        dealt.append(draws.deal("round 2 action reshuffle 1", "track", left))
        left.remove(dealt[-1])
    assert dealt == shuffle("s", "round 2 action reshuffle 1", DECK)


def test_a_deal_does_not_depend_on_the_order_the_cards_are_listed():
    assert SeededDraws("s").deal("p", "track", DECK) == SeededDraws("s").deal("p", "track", DECK[::-1])


def test_different_seeds_shuffle_differently():
    assert shuffle("a", "setup track deck", DECK) != shuffle("b", "setup track deck", DECK)


@given(st.text(min_size=1, max_size=30), st.integers(min_value=1, max_value=10 ** 6))
def test_an_index_is_always_in_range(purpose, n):
    assert 0 <= index("seed", purpose, n) < n


def test_nothing_to_draw_from_is_a_clear_error():
    with pytest.raises(UmpireError, match="'round 1 cube' has nothing to draw from"):
        SeededDraws("s").pick("round 1 cube", "cube", [])


# -- recorded --------------------------------------------------------------------
def recorded(tmp_path, text: str, used: int = 0) -> RecordedDraws:
    path = tmp_path / "draws.txt"
    path.write_text(text, encoding="utf-8")
    return RecordedDraws(read_draws_file(path), used=used, source=str(path))


def test_recorded_draws_are_taken_in_order(tmp_path):
    draws = recorded(tmp_path, "# setup\ncube blue\ntrack Octagon\n\naction Sabotage  # hidden\n")
    assert draws.pick("round 1 goods card 1 Berlin", "cube", BAG) == "blue"
    assert draws.deal("setup track deck", "track", DECK) == "octagon-1"
    assert draws.deal("setup action deck", "action", ["subsidy-1", "sabotage-1", "sabotage-2"]) == "sabotage-1"


def test_recorded_draws_start_after_those_already_made(tmp_path):
    assert recorded(tmp_path, "cube blue\ncube red\n", used=1).pick("p", "cube", BAG) == "red"


def test_a_goods_card_is_named_by_its_three_locations(tmp_path):
    cards = ["Berlin/Paris/Hamburg", "Leipzig/Dresden/Prague"]
    draws = recorded(tmp_path, "goods leipzig / Dresden/Prague\n")
    assert draws.deal("setup goods deck", "goods", cards) == "Leipzig/Dresden/Prague"


def test_a_cube_not_in_the_bag_stops_the_umpire_naming_the_draw_and_line(tmp_path):
    draws = recorded(tmp_path, "# round 1\ncube red\n")
    with pytest.raises(UmpireError, match=r"draws.txt, line 2: 'cube red' cannot be the draw "
                                          r"'round 1 goods card 1 Berlin'.*blue, violet"):
        draws.pick("round 1 goods card 1 Berlin", "cube", ["blue", "blue", "violet"])


def test_a_card_no_longer_in_the_deck_stops_the_umpire(tmp_path):
    draws = recorded(tmp_path, "track star\n")
    with pytest.raises(UmpireError, match=r"line 1: 'track star' cannot be the draw 'setup track deck': "
                                          r"no such card is left \(left: octagon, triangle, circle\)"):
        draws.deal("setup track deck", "track", DECK)


def test_a_draw_of_the_wrong_kind_stops_the_umpire(tmp_path):
    draws = recorded(tmp_path, "track octagon\n")
    with pytest.raises(UmpireError, match=r"records a track draw, and the rules make a cube draw here"):
        draws.pick("round 1 goods card 1 Berlin", "cube", BAG)


def test_running_out_names_the_draw_needed(tmp_path):
    draws = recorded(tmp_path, "cube blue\n")
    draws.pick("a", "cube", BAG)
    with pytest.raises(DrawsExhausted, match=r"draw 2 \(round 1 goods card 2 Kiel, a cube draw\) is needed.*holds 1"):
        draws.pick("round 1 goods card 2 Kiel", "cube", BAG)


def test_a_refused_draw_is_not_used_up(tmp_path):
    draws = recorded(tmp_path, "cube red\n")
    with pytest.raises(UmpireError):
        draws.pick("p", "cube", ["blue"])
    assert draws.pick("p", "cube", ["red"]) == "red"


def test_a_line_that_is_not_a_draw_is_refused_with_its_line(tmp_path):
    path = tmp_path / "draws.txt"
    path.write_text("cube blue\nblue\n")
    with pytest.raises(DataError, match=r"line 2: 'blue' is not a draw"):
        read_draws_file(path)


@given(st.text(max_size=200))
def test_any_draws_file_is_read_or_refused_clearly(text):
    import tempfile
    from pathlib import Path
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "draws.txt"
        path.write_text(text, encoding="utf-8")
        try:
            read_draws_file(path)
        except DataError as exc:
            assert "draws.txt" in exc.message


def test_a_card_name_is_its_id_without_the_copy_number():
    assert card_name("octagon-3") == "octagon"
    assert card_name("Baden-Baden") == "Baden-Baden"


def test_every_draw_is_journaled_with_purpose_and_outcome():
    events = [draw_event("setup track deck", "track", "octagon-3", hidden=True), {"type": "roll"},
              draw_event("round 1 goods card 1 Berlin", "cube", "blue")]
    assert events[0] == {"type": "draw", "purpose": "setup track deck", "kind": "track", "outcome": "octagon-3",
                         "hidden": True}
    assert "hidden" not in events[2]
    assert draws_made(events) == 2


def test_a_draw_of_the_wrong_kind_is_named_with_its_article(tmp_path):
    draws = recorded(tmp_path, "goods Berlin/Kiel/Hamburg\n")
    with pytest.raises(UmpireError, match=r"records a goods draw, and the rules make an action draw here"):
        draws.deal("setup action deck", "action", ["Sabotage-1"])


def test_a_draws_file_that_is_not_utf8_is_refused_with_its_line(tmp_path):
    path = tmp_path / "draws.txt"
    path.write_bytes(b"cube blue\ncube gr\xfcn\n")
    with pytest.raises(DataError, match=r"draws.txt, line 2: the draws file is not UTF-8 text .* Save it as UTF-8"):
        read_draws_file(path)

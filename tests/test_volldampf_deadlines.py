"""Deadlines of a Volldampf game (rule reference, section 16): `deadline` applies to every mail
turn, `deadline.B` and `deadline.C` give turns B and C their own; a late order is refused, never
held; when a deadline passes the turn is due and the defaults of section 16 stand in for the
missing orders."""

from __future__ import annotations

import subprocess
from datetime import timedelta

import pytest
from click.testing import CliRunner
from mailhelpers import NOW
from volldampf_helpers import TINY

from umpire.cli import main
from umpire.errors import UmpireError
from umpire.game import Game
from umpire.usecases import actions
from umpire.usecases.due import due
from umpire.usecases.replay import replay

PLAYERS = ["ann:Ann:ann@example.org", "bob:Bob:bob@example.org", "cy:Cy:cy@example.org"]
TURN_DEADLINES = ("deadline=7 days", "deadline.B=2 days", "deadline.C=1 day")


def new_game(tmp_path, options=TURN_DEADLINES, name="v1"):
    return actions.create_game(tmp_path / name, str(TINY), "volldampf", PLAYERS, seed="deadlines",
                               option_specs=tuple(options), now=NOW)


def order(player, *lines):
    return "\n".join(["GAME v1", f"PLAYER {player}", *lines]).encode() + b"\n"


def test_section_16_turns_b_and_c_have_their_own_deadlines_and_a_the_games(tmp_path):
    folder, _ = new_game(tmp_path)
    assert actions.status(folder)["deadline"] == "2025-03-08T12:00:00+00:00"           # 1A: 7 days
    actions.resolve(folder, now=NOW + timedelta(days=7))
    assert actions.status(folder)["turn"] == "1B"
    assert actions.status(folder)["deadline"] == "2025-03-10T12:00:00+00:00"           # 1B: 2 days
    actions.resolve(folder, now=NOW + timedelta(days=9))
    assert actions.status(folder)["deadline"] == "2025-03-11T12:00:00+00:00"           # 1C: 1 day
    actions.resolve(folder, now=NOW + timedelta(days=10))
    assert actions.status(folder)["turn"] == "2A"
    assert actions.status(folder)["deadline"] == "2025-03-18T12:00:00+00:00"           # 2A: 7 days again
    assert set(folder.config["deadlines"]) == {"1A", "1B", "1C", "2A"}
    due = {n: (folder.path / "newsletters" / f"{n:03d}.txt").read_text(encoding="utf-8").split("\nNext\n")[1]
           .splitlines()[1] for n in (1, 2, 3)}
    assert due == {1: "Orders for turn 1A are due by 2025-03-08 12:00 UTC; a later order is refused.",
                   2: "Orders for turn 1B are due by 2025-03-10 12:00 UTC; a later order is refused.",
                   3: "Orders for turn 1C are due by 2025-03-11 12:00 UTC; a later order is refused."}
    assert replay(folder.path).differences == []


def test_section_16_a_turn_deadline_alone_leaves_the_other_turns_without_one(tmp_path):
    folder, _ = new_game(tmp_path, options=("deadline.C=36 hours",))
    assert actions.status(folder)["deadline"] is None
    actions.resolve(folder, now=NOW)
    actions.resolve(folder, now=NOW)
    assert actions.status(folder)["deadline"] == "2025-03-03T00:00:00+00:00"


def test_section_16_a_late_order_is_refused_and_names_the_turn(tmp_path):
    folder, _ = new_game(tmp_path)
    actions.resolve(folder, now=NOW)                                                    # 1B due NOW + 2 days
    in_time = actions.submit(folder, order("ann", "DISCARD octagon"), received_at=NOW + timedelta(days=2))
    assert in_time.accepted and in_time.round == "1B"
    late = actions.submit(folder, order("bob", "DISCARD octagon"), received_at=NOW + timedelta(days=2, minutes=1))
    assert not late.accepted and not late.held
    assert "after the deadline of turn 1B (2025-03-03 12:00 UTC)" in late.reason
    assert actions.status(folder)["orders_in"] == ["ann"]
    assert any(e["type"] == "order_refused" and e["company"] == "bob" for e in folder.events)


def test_section_16_late_orders_are_never_held_over(tmp_path):
    with pytest.raises(UmpireError, match="late_orders=hold"):
        new_game(tmp_path, options=("deadline=7 days", "late_orders=hold"))
    assert not (tmp_path / "v1").exists()


def test_section_16_a_turn_is_due_when_its_deadline_passes_and_the_defaults_stand_in(tmp_path):
    folder, _ = new_game(tmp_path)
    actions.resolve(folder, now=NOW)                                                    # to 1B
    waiting = due(folder, NOW + timedelta(days=1))
    assert not waiting.due and "until the deadline, 2025-03-03 12:00 UTC" in waiting.reason
    passed = due(folder, NOW + timedelta(days=2, minutes=1))
    assert passed.due and "deadline of turn 1B" in passed.reason and passed.awaited == ["ann", "bob", "cy"]
    cards = {p: len(Game.of(folder).state().won[p]) for p in ("ann", "bob", "cy")}
    events = actions.resolve(folder, now=NOW + timedelta(days=2, minutes=1))
    # turn B without orders: every card discarded, nothing built (section 16)
    assert not any(e["type"] == "build" for e in events)
    discards = [e for e in events if e["type"] == "discard"]
    assert {p: sum(1 for e in discards if e["player"] == p) for p in cards} == cards
    assert all(e["why"].startswith("no order for build turn") for e in discards)
    events = actions.resolve(folder, now=NOW + timedelta(days=5))                       # 1C, nobody ordered
    # turn C without orders: both moves forgone; no action card (round 1, and no orders sent)
    assert sorted((e["player"], e["move"]) for e in events if e["type"] == "forgone") == [
        (p, k) for p in ("ann", "bob", "cy") for k in (1, 2)]
    assert not any(e["type"] == "move" for e in events)


def test_section_11_a_player_who_misses_a_deadline_earns_no_card_for_his_forgone_moves(tmp_path):
    folder, _ = new_game(tmp_path)
    while actions.status(folder)["turn"] != "2C":
        actions.resolve(folder, now=NOW)
    assert actions.submit(folder, order("ann", "MOVE DECLINE", "MOVE DECLINE"), received_at=NOW).accepted
    events = actions.resolve(folder, now=NOW + timedelta(days=30))
    drawn = [e["player"] for e in events if e["type"] == "card" and e["why"].startswith("forgone")]
    assert drawn == ["ann", "ann"]


@pytest.mark.parametrize("option, words", [
    ("deadline.D=2 days", "no turn D"),
    ("deadline.B=soon", "deadline.B: the deadline 'soon' is not a time span"),
])
def test_section_16_a_turn_deadline_must_name_a_turn_and_a_time_span(tmp_path, option, words):
    with pytest.raises(UmpireError, match=words):
        new_game(tmp_path, options=(option,))


def test_a_dampfross_game_has_no_turn_deadlines(tmp_path):
    from conftest import TEST_MAP
    with pytest.raises(UmpireError, match="a round is one mail turn"):
        actions.create_game(tmp_path / "g", str(TEST_MAP), "laurin", ["red:Red:red@example.org",
                                                                       "blue:Blue:blue@example.org"],
                            option_specs=("deadline.B=2 days",))


def test_umpire_options_lists_the_turn_deadlines_of_volldampf():
    result = CliRunner().invoke(main, ["options", "--rules", "volldampf"])
    assert result.exit_code == 0, result.output
    assert "deadline.B" in result.output and "deadline.C" in result.output


def test_section_16_an_extra_turn_takes_the_deadline_of_turn_a(tmp_path):
    """Two players who send nothing tie at 0 in the sealed bids: the extra turn 1A2 (section 9) opens
    with turn A's own deadline."""
    folder, _ = actions.create_game(tmp_path / "v1", str(TINY), "volldampf", PLAYERS[:2], seed="tie",
                                    option_specs=("deadline=7 days", "deadline.A=3 days"), now=NOW)
    assert actions.status(folder)["deadline"] == "2025-03-04T12:00:00+00:00"
    actions.resolve(folder, now=NOW + timedelta(days=3, minutes=1))
    assert actions.status(folder)["turn"] == "1A2"
    assert actions.status(folder)["deadline"] == "2025-03-07T12:01:00+00:00"
    in_time = actions.submit(folder, order("ann", "BID 2"), received_at=NOW + timedelta(days=6))
    assert in_time.accepted and in_time.round == "1A2"
    late = actions.submit(folder, order("bob", "BID 1"), received_at=NOW + timedelta(days=6, minutes=2))
    assert not late.accepted and "deadline of turn 1A2" in late.reason


def test_an_order_in_the_grace_is_taken_and_the_newsletter_names_it_and_the_grace(tmp_path):
    folder, _ = new_game(tmp_path, options=("deadline=7 days", "grace=1 day"))
    actions.resolve(folder, now=NOW)                                                    # 1B, due NOW + 7 days
    in_grace = actions.submit(folder, order("bob", "DISCARD octagon"), received_at=NOW + timedelta(days=7, hours=5))
    assert in_grace.accepted and in_grace.round == "1B"
    actions.resolve(folder, now=NOW + timedelta(days=8, minutes=1))
    text = (folder.path / "newsletters" / "003.txt").read_text(encoding="utf-8")
    flat = " ".join(text.split())
    assert "Ordered after the deadline, in the grace: Bob (bob)." in flat
    assert ("Orders for turn 1C are due by 2025-03-16 12:01 UTC; an order in the grace until 2025-03-17 12:01 UTC "
            "is still taken, and named as late; a later order is refused.") in flat
    assert max(len(line) for line in text.splitlines() if "grace" in line) <= 78
    pdf = subprocess.run(["pdftotext", str(folder.path / "newsletters" / "003.pdf"), "-"], capture_output=True,
                         check=True, text=True).stdout
    flat = " ".join(pdf.split())
    assert "Ordered after the deadline, in the grace: Bob (bob)." in flat and "until 2025-03-17 12:01 UTC" in flat
    assert replay(folder.path).differences == []


def test_an_order_after_the_grace_is_refused_naming_both(tmp_path):
    folder, _ = new_game(tmp_path, options=("deadline=7 days", "grace=1 day"))
    after = actions.submit(folder, order("cy", "BID 1"), received_at=NOW + timedelta(days=8, minutes=1))
    assert not after.accepted
    assert after.reason == ("it arrived at 2025-03-09 12:01 UTC, after the deadline of turn 1A (2025-03-08 12:00 UTC) "
                            "and its grace (2025-03-09 12:00 UTC).")


def test_without_a_grace_a_later_order_is_refused_as_before(tmp_path):
    folder, _ = new_game(tmp_path, options=("deadline=7 days",))
    text = (folder.path / "newsletters" / "001.txt").read_text(encoding="utf-8")
    assert "Orders for turn 1A are due by 2025-03-08 12:00 UTC; a later order is refused.\n" in text
    assert "grace" not in text


def test_wait_by_mail_holds_a_resolve_early_turn_until_its_deadline(tmp_path):
    from mailhelpers import UMPIRE, email

    from umpire.mail.config import MailConfig
    from umpire.mail.fetch import Fetcher
    folder, codes = new_game(tmp_path, options=("deadline=7 days", "resolve_early=true"))
    fetcher = Fetcher(folder.path, MailConfig(from_addr=UMPIRE), now=NOW)
    for uid, player in enumerate(("ann", "bob", "cy"), 1):
        lines = [f"CODE {codes[player]}", "BID 1"] + (["WAIT"] if player == "bob" else [])
        fetcher.take(email(order(player, *lines).decode(), sender=f"{player}@example.org", msgid=f"<{uid}@x>"),
                     uid, uid, NOW)
    fetcher.resolve_early()
    assert actions.status(folder)["turn"] == "1A" and actions.status(folder)["orders_in"] == ["ann", "bob", "cy"]
    assert [e["company"] for e in folder.events if e["type"] == "wait"] == ["bob"]

"""What a Volldampf player is told back: his ROUND line read as the open turn where it names it
loosely, and every reply, refusal and reminder in the game's own words (player, turn, marks),
pointing to what the player has (his order form, the players' page), never to a section number
of a rule reference he never got."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from volldampf_helpers import TINY

from umpire.game import Game
from umpire.mail import remind, replies
from umpire.store.folder import GameFolder
from umpire.usecases import actions

PLAYERS = ["ann", "bob", "cy"]
DAMPFROSS_WORDS = re.compile(r"\b(company|companies|round|rounds|units?)\b|section \d", re.IGNORECASE)


@pytest.fixture(scope="module")
def game(tmp_path_factory):
    folder, codes = actions.create_game(tmp_path_factory.mktemp("vr") / "vr", str(TINY), "volldampf",
                                        [f"{p}:{p.title()}:{p}@example.org" for p in PLAYERS], seed="replies")
    return folder, codes


def order(codes, *lines, player="ann", round_line="ROUND 1A"):
    head = ["GAME vr", f"PLAYER {player}", f"CODE {codes[player]}"] + ([round_line] if round_line else [])
    return ("\n".join(head + list(lines)) + "\n").encode()


def words_of(text: str) -> list[str]:
    """The Dampfross words and section citations in a text, without its quoted order lines (the
    header keyword ROUND is the same in both games)."""
    found = DAMPFROSS_WORDS.finditer("\n".join(x for x in text.splitlines() if not x.startswith("  line ")))
    return [m.group() for m in found if m.group() != m.group().upper()]


def flat(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("written", ["ROUND 1", "ROUND 1a", "ROUND 1 A", "round 1 a", "ROUND 1A"])
def test_a_loose_round_line_for_the_open_turn_is_read_as_turn_1a(game, written):
    folder, codes = game
    result = actions.submit(folder, order(codes, "BID 2", round_line=written), via="mail test", require_code=True)
    assert result.accepted and result.round == "1A", result.reason
    reply = replies.accepted(folder, result)
    assert "turn 1A were received" in reply
    word = written.split(" ", 1)[1]
    if word != "1A":
        assert f"note: ROUND {word} is read as turn 1A, the open turn." in reply
    else:
        assert "is read as" not in reply
    assert not words_of(reply), reply


def test_another_round_or_turn_is_refused_naming_the_open_turn(game):
    folder, codes = game
    for written, named in (("ROUND 2", "round 2"), ("ROUND 1B", "turn 1B"), ("ROUND 2A", "turn 2A")):
        result = actions.submit(folder, order(codes, "BID 2", round_line=written), via="mail test",
                                require_code=True)
        assert not result.accepted
        assert result.reason == (f"the order is for {named}, and turn 1A is open. Write ROUND 1A, or leave the "
                                 "ROUND line out.")
        assert not words_of(replies.refused(result).replace(named, "")), result.reason


def test_a_bare_round_number_in_turn_b_is_refused_when_every_line_is_of_another_turn(tmp_path):
    folder, codes = actions.create_game(tmp_path / "vr", str(TINY), "volldampf",
                                        [f"{p}:{p.title()}:{p}@example.org" for p in PLAYERS], seed="replies")
    for p in PLAYERS:
        assert actions.submit(folder, order(codes, "BID 1", player=p), via="submit").accepted
    actions.resolve(GameFolder(folder.path))
    live = GameFolder(folder.path)
    late_a = actions.submit(live, order(codes, "BID 5", "CHOOSE 2", round_line="ROUND 1"), via="mail test",
                            require_code=True)
    assert not late_a.accepted
    assert late_a.reason.startswith("the order names round 1 and holds only lines of another turn (1A); "
                                    "turn 1B is open.")
    card = Game.of(live).state().won["ann"][0].rsplit("-", 1)[0]
    builds = actions.submit(live, order(codes, f"DISCARD {card}", round_line="ROUND 1"), via="mail test",
                            require_code=True)
    assert builds.accepted and builds.round == "1B"
    assert "note: ROUND 1 is read as turn 1B, the open turn." in replies.accepted(live, builds)


def test_the_confirmation_says_player_and_turn_and_never_company_round_or_units(game):
    folder, codes = game
    result = actions.submit(folder, order(codes, "BONDS 1", "BID 3 THEN 5", "BID 40", "CHOOSE 2 1", "FLY away"),
                            via="mail test", require_code=True)
    assert result.accepted
    reply = replies.accepted(folder, result)
    assert flat(reply).startswith("Your orders for game vr, player ann (Ann), turn 1A were received and stored.")
    assert "only a 2-player game has; with 3 players" in reply
    assert "order form at the end of your private sheet" in flat(reply)
    assert "the how-to-order part of your welcome mail" in flat(reply)
    assert not words_of(reply), words_of(reply)
    again = replies.accepted(folder, actions.submit(folder, order(codes, "BID 4"), via="mail test",
                                                    require_code=True))
    assert "They replace your earlier orders for turn 1A as a whole." in flat(again)
    assert not words_of(again)


@pytest.mark.parametrize("lines, wanted", [
    (["GAME vr", "CODE x"], "the order has no PLAYER line; write PLAYER and your player id (e.g. PLAYER ann)."),
    (["GAME vr", "PLAYER zed"], "there is no player 'zed' in game vr; the players are ann, bob, cy."),
    (["GAME vr", "PLAYER ann", "CODE wrong"], "the CODE line is missing or does not match this player's order code."),
])
def test_header_refusals_speak_of_players(game, lines, wanted):
    folder, _ = game
    result = actions.submit(folder, ("\n".join(lines) + "\n").encode(), via="mail test", require_code=True)
    assert not result.accepted and result.reason == wanted
    assert not words_of(replies.refused(result))


def test_the_reminder_names_the_turn_and_the_player_and_his_form(game):
    folder, _ = game
    info = actions.status(folder)
    text = remind.reminder_text(folder, info, "bob")
    assert flat(text).startswith("Game vr, turn 1A: no orders from Bob (bob) have arrived yet.")
    assert "A player that sends none gets the turn's defaults" in flat(text)
    assert "\n  PLAYER bob\n" in text and "\n  ROUND 1A\n" in text
    assert not words_of(text), text


def test_a_late_refusal_speaks_of_the_next_turn(game):
    folder, _ = game
    result = actions.SubmitResult(False, "x", "ann", "1A", reason="it arrived late.")
    text = replies.refused(result, late=True)
    assert "for the next turn once its newsletter is out" in flat(text) and not words_of(text)


def test_the_players_page_the_errors_point_to_exists():
    from pathlib import Path
    page = Path(__file__).parent.parent / "docs" / "volldampf-orders.md"
    text = page.read_text(encoding="utf-8")
    for keyword in ("BONDS", "BID", "CHOOSE", "REARRANGE", "REPLAN", "BUILD", "DISCARD", "MOVE", "SUBSIDY",
                    "SABOTAGE", "EXTRA", "TAKEFROM", "ORDER FORM FOR TURN"):
        assert keyword in text
    assert not re.search(r"section \d", text)


def test_the_scheduled_reminder_and_the_late_notice_name_the_mail_turn(tmp_path):
    from email import message_from_bytes, policy

    from umpire.mail import notices
    from umpire.mail.config import load_config
    from umpire.store.mailroom import Mailroom

    opened = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)
    folder, _ = actions.create_game(tmp_path / "vr", str(TINY), "volldampf",
                                    [f"{p}:{p.title()}:{p}@example.org" for p in PLAYERS], seed="replies",
                                    option_specs=("deadline=2 days", "remind=1 day", "remind_late_to_all=true"),
                                    now=opened)
    config = load_config(tmp_path, None, {"from": "umpire@example.org"})
    assert notices.queue_scheduled_reminders(folder, config, opened + timedelta(days=1, hours=1)) == PLAYERS
    assert notices.queue_late_notice(folder, config, opened + timedelta(days=2, hours=1)) == PLAYERS
    room = Mailroom(folder.path)
    texts = {}
    for record in room.records:
        if record["type"] == "queued":
            msg = message_from_bytes((room.path / record["file"]).read_bytes(), policy=policy.default)
            texts.setdefault(record["kind"], []).append((msg["Subject"], msg.get_content().replace("\r\n", "\n")))
    subject, body = texts["reminder"][0]
    assert subject == "vr: orders for turn 1A missing"
    assert flat(body).startswith("Game vr, turn 1A: no orders from Ann (ann) have arrived yet. The deadline is ")
    assert "\n  PLAYER ann\n" in body and "\n  ROUND 1A\n" in body
    subject, body = texts["late"][0]
    assert subject == "vr: turn 1A waits for ann, bob, cy"
    assert flat(body).startswith("The deadline of turn 1A (") and flat(body).endswith("The turn is resolved "
                                                                                      "without them.")
    assert not [w for kind in texts.values() for s, b in kind for w in words_of(s + "\n" + b)]


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=12))
def test_any_round_line_is_read_or_refused(text):
    from umpire.kernel.order_header import OrderLineError, read_round
    try:
        value = read_round(text.strip(), turns=True)
    except OrderLineError as exc:
        assert "ROUND 3B" in str(exc)
        return
    assert isinstance(value, int) or (value == value.upper() and " " not in value)

"""`umpire replace` in a Volldampf game (rule reference, section 16): the GM hands a seat to a
stand-by player with a new code. The old code stops working, the new one works, the private
sheet goes to the new address only, and the game replays byte for byte."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from mailhelpers import email
from test_volldampf_mail import fetch_args, newsletter_bodies, send_args
from volldampf_helpers import TINY

from umpire.cli import main
from umpire.game import Game
from umpire.store.folder import GameFolder
from umpire.usecases import actions
from umpire.usecases.replay import replay

PLAYERS = ["ann:Ann:ann@example.org", "bob:Bob:bob@example.org", "cy:Cy:cy@example.org"]


def ok(*args):
    result = CliRunner().invoke(main, [str(a) for a in args])
    assert result.exit_code == 0, result.output
    return result.output


def order(player, code, *lines):
    return "\n".join(["GAME vr", f"PLAYER {player}", f"CODE {code}", "ROUND 1A", *lines]) + "\n"


def test_section_16_replace_gives_the_seat_a_new_name_and_the_missed_turns_start_again(tmp_path):
    folder, codes = actions.create_game(tmp_path / "vr", str(TINY), "volldampf", PLAYERS, seed="replace")
    for _ in range(3):
        actions.resolve(folder)
    assert Game.of(folder).state().missed["bob"] == 3
    out = ok("replace", folder.path, "bob", "--email", "standby@example.org", "--name", "Berta Stand")
    new = out.split("bob: ")[1].split()[0]
    folder = GameFolder(folder.path)
    assert new != codes["bob"] and Game.of(folder).state().names["bob"] == "Berta Stand"
    assert Game.of(folder).state().missed["bob"] == 0
    assert actions.status(folder)["players"]["bob"]["name"] == "Berta Stand"
    actions.resolve(folder)
    text = (folder.path / "newsletters" / "005.txt").read_text(encoding="utf-8")
    assert "Berta Stand (bob)" in text and "Bob (bob)" not in text
    assert "Ann (ann) has sent nothing for 4 mail turns" in text and "(bob) has sent nothing" not in text
    assert replay(folder.path).differences == []


@pytest.mark.mail
def test_section_16_a_stand_by_player_takes_the_seat_by_mail(tmp_path, dovecot, mailbox, smtp):
    folder, codes = actions.create_game(tmp_path / "vr", str(TINY), "volldampf", PLAYERS, seed="replace",
                                        option_specs=("resolve_early=true",))
    out = ok("replace", folder.path, "bob", "--email", "standby@example.org", "--name", "Berta Stand")
    new = out.split("bob: ")[1].split()[0]
    ok("deadline", folder.path, "--resume")           # the GM releases the turn his replace held
    mails = [email(order("ann", codes["ann"], "BID 2"), sender="ann@example.org", msgid="<a@example.org>"),
             email(order("cy", codes["cy"], "BID 1"), sender="cy@example.org", msgid="<c@example.org>"),
             email(order("bob", codes["bob"], "BID 9"), sender="standby@example.org", msgid="<b1@example.org>"),
             email(order("bob", new, "BID 3"), sender="standby@example.org", msgid="<b2@example.org>")]
    dovecot.deliver(mailbox, mails)
    result = CliRunner().invoke(main, fetch_args(folder.path, dovecot, mailbox, smtp))
    assert result.exit_code == 0, result.output
    folder = GameFolder(folder.path)
    refused = [e for e in folder.events if e["type"] == "order_refused"]
    assert len(refused) == 1 and "CODE" in refused[0]["reason"]
    assert Game.of(folder).state().turn == "B"
    assert Game.of(folder).state().places["bob"] == 1        # BID 3 counted, not BID 9
    ok(*send_args(folder.path, smtp))
    bodies = newsletter_bodies(smtp, 2)
    assert set(bodies) == {"ann@example.org", "standby@example.org", "cy@example.org"}
    assert "==== For Berta Stand (bob) only ====" in bodies["standby@example.org"]
    assert "Private sheet for Berta Stand (bob), turn 1B" in bodies["standby@example.org"]
    assert "line 5: BID 3" in bodies["standby@example.org"]
    assert all("(bob) only" not in bodies[a] for a in ("ann@example.org", "cy@example.org"))
    assert not any(b"bob@example.org" in m.split(b"\r\n\r\n", 1)[0] for m in smtp.messages if b"newsletter" in m)
    assert replay(folder.path).differences == []


@pytest.mark.mail
def test_a_player_with_two_addresses_gets_his_private_sheet_at_each(tmp_path, smtp):
    players = [PLAYERS[0], "bob:Bob:home@example.org,work@example.org", PLAYERS[2]]
    folder, _ = actions.create_game(tmp_path / "vr", str(TINY), "volldampf", players, seed="replace")
    ok(*send_args(folder.path, smtp))
    bodies = newsletter_bodies(smtp, 1)
    for address in ("home@example.org", "work@example.org"):
        assert "Private sheet for Bob (bob), turn 1A" in bodies[address]

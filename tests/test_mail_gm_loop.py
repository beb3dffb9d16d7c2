"""The GM's side of the mail loop against a real Dovecot and aiosmtpd: a late order's refusal
(arrival and deadline to the second in one minute, the GM's address for a plea) and the GM
taking the saved message with `umpire submit`; `umpire status` listing the mail of the open round
that came to nothing; `mail fetch` saying in words what became of each message; confirmations
naming the order lines they refused."""

from __future__ import annotations

import json
from datetime import timedelta
from email import message_from_bytes, policy

import pytest
import yaml
from click.testing import CliRunner
from mailhelpers import NOW, UMPIRE, deliver_at, email, make_game, order_text
from mailservers import PASSWORD_ENV

from umpire.cli import main
from umpire.store.folder import GameFolder
from umpire.usecases import actions

pytestmark = pytest.mark.mail
DEADLINE = NOW + timedelta(days=1)          # make_game's round 1 with deadline=1 day: 2025-03-02 12:00 UTC


def fetch_args(path, dovecot, user, smtp, *extra):
    return ["mail", "fetch", *extra, str(path), "--imap-host", "127.0.0.1", "--imap-port", str(dovecot.port),
            "--imap-user", user, "--imap-password-env", PASSWORD_ENV, "--imap-tls", "none", "--from", UMPIRE,
            "--smtp-host", "127.0.0.1", "--smtp-port", str(smtp.port), "--smtp-tls", "none"]


def reply_text(raw: bytes) -> str:
    msg = message_from_bytes(raw, policy=policy.default)
    return " ".join(msg.get_body(("plain",)).get_content().split())


def fetch(path, dovecot, user, smtp, *extra):
    result = CliRunner().invoke(main, fetch_args(path, dovecot, user, smtp, *extra))
    assert result.exit_code == 0, result.output
    return result


def status_json(path) -> dict:
    result = CliRunner().invoke(main, ["status", str(path), "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


@pytest.fixture
def game(tmp_path):
    folder, codes = make_game(tmp_path / "g1", options=["deadline=1 day"])
    config = yaml.safe_load((folder.path / "game.yaml").read_text())
    config["mail"] = {"gm": ["gm@example.org"]}
    (folder.path / "game.yaml").write_text(yaml.safe_dump(config))
    return GameFolder(folder.path), codes


# -- a late order ---------------------------------------------------------------------------------
def test_a_late_order_in_the_deadlines_minute_shows_both_to_the_second_and_the_gms_address(game, dovecot, mailbox,
                                                                                            smtp):
    folder, codes = game
    deliver_at(dovecot, mailbox, email(order_text("g1", "red", codes["red"], "HOME Alpha")),
               DEADLINE + timedelta(seconds=30))
    fetch(folder.path, dovecot, mailbox, smtp)
    text = reply_text(smtp.messages[0])
    assert "it arrived at 2025-03-02 12:00:30 UTC, after the deadline of round 1 (2025-03-02 12:00:00 UTC)." in text
    assert "write to the GM at gm@example.org, who may still take these orders" in text
    assert "send your orders for the next round once its newsletter is out" in text


def test_a_late_order_in_another_minute_is_shown_to_the_minute(game, dovecot, mailbox, smtp):
    folder, codes = game
    deliver_at(dovecot, mailbox, email(order_text("g1", "red", codes["red"], "HOME Alpha")),
               DEADLINE + timedelta(minutes=5, seconds=30))
    fetch(folder.path, dovecot, mailbox, smtp)
    assert "it arrived at 2025-03-02 12:05 UTC, after the deadline of round 1 (2025-03-02 12:00 UTC)." in \
        reply_text(smtp.messages[0])


def test_a_game_without_a_gm_address_still_says_to_write_to_the_gm(tmp_path, dovecot, mailbox, smtp):
    folder, codes = make_game(tmp_path / "g1", options=["deadline=1 day"])
    deliver_at(dovecot, mailbox, email(order_text("g1", "red", codes["red"], "HOME Alpha")),
               DEADLINE + timedelta(hours=1))
    fetch(folder.path, dovecot, mailbox, smtp)
    assert "write to the GM, or send your orders for the next round" in reply_text(smtp.messages[0])


def test_the_gm_submits_the_saved_late_message_and_it_counts(game, dovecot, mailbox, smtp):
    folder, codes = game
    body = "\n".join(["Dear GM, my train was late; please take these.", "",
                      order_text("g1", "red", codes["red"], "HOME Alpha", "BUILD C3-D3").rstrip("\n"),
                      "", "Thanks,", "Red", "", "> GAME g1", "> an old order quoted", "-- ",
                      "Red, on the train"]) + "\n"
    deliver_at(dovecot, mailbox, email(body, msgid="<late@example.org>"), DEADLINE + timedelta(hours=2))
    fetch(folder.path, dovecot, mailbox, smtp)
    (saved,) = (folder.path / "inbox").glob("*.eml")
    result = CliRunner().invoke(main, ["submit", str(folder.path), str(saved)])
    assert result.exit_code == 0, result.output
    assert "accepted for red, round 1" in result.output and "HOME" in result.output
    assert "  note to the GM, line 1: Dear GM, my train was late; please take these." in result.output
    assert "  note to the GM, line 9: Thanks," in result.output and "refused" not in result.output
    (stored,) = GameFolder(folder.path).latest_orders(1).values()
    assert "Dear GM" not in (folder.path / stored).read_text() and "HOME Alpha" in (folder.path / stored).read_text()


def test_the_gm_submits_the_mails_text_with_its_notes_and_it_counts(game, tmp_path):
    folder, codes = game
    path = tmp_path / "red.txt"
    path.write_text("Hi GM,\n\n" + order_text("g1", "red", codes["red"], "HOME Alpha") + "\nCheers, Red\n")
    result = CliRunner().invoke(main, ["submit", str(folder.path), str(path)])
    assert result.exit_code == 0, result.output
    assert "  note to the GM, line 1: Hi GM," in result.output and "line 8: Cheers, Red" in result.output


def test_a_saved_message_without_the_eml_name_is_read_as_mail_too(game, tmp_path):
    folder, codes = game
    path = tmp_path / "red-late.txt"
    path.write_bytes(email(order_text("g1", "red", codes["red"], "HOME Alpha") + "-- \nRed\n"))
    result = CliRunner().invoke(main, ["submit", str(folder.path), str(path)])
    assert result.exit_code == 0, result.output
    stored = (folder.path / "orders" / "1" / "0001-red.txt").read_text()
    assert "HOME Alpha" in stored and "From:" not in stored


def test_an_order_beginning_with_game_colon_is_not_taken_for_a_message(game, tmp_path):
    folder, _ = game
    path = tmp_path / "red.txt"
    path.write_text("GAME: g1\nCOMPANY: red\n\nHOME Alpha\n")
    result = CliRunner().invoke(main, ["submit", str(folder.path), str(path)])
    assert result.exit_code == 0, result.output
    assert (folder.path / "orders" / "1" / "0001-red.txt").read_text() == path.read_text()


# -- status: the mail that came to nothing --------------------------------------------------------
def test_status_lists_the_refused_and_unattributed_mail_of_the_open_round(game, dovecot, mailbox, smtp):
    folder, codes = game
    late = DEADLINE + timedelta(hours=1)
    deliver_at(dovecot, mailbox, email(order_text("g1", "red", codes["red"], "HOME Alpha"), msgid="<r1@x>"), late)
    deliver_at(dovecot, mailbox, email(order_text("g1", "red", codes["red"], "HOME Beta"), msgid="<r2@x>"), late)
    deliver_at(dovecot, mailbox, email(order_text("g1", "blue", "wrong-10", "HOME Beta"), sender="blue@example.org",
                                       msgid="<b1@x>"), NOW)
    deliver_at(dovecot, mailbox, email("hello", sender="stranger@example.net", msgid="<s1@x>"), NOW)
    fetch(folder.path, dovecot, mailbox, smtp)
    refused = status_json(folder.path)["mail"]["refused"]
    by = {r["sender"]: r for r in refused}
    assert set(by) == {"red@example.org", "blue@example.org", "stranger@example.net"}
    assert by["red@example.org"]["count"] == 2 and by["red@example.org"]["status"] == "refused"
    assert by["red@example.org"]["reason"].startswith("it arrived at 2025-03-02 13:00 UTC, after the deadline")
    assert by["blue@example.org"]["status"] == "not accepted" and "code" in by["blue@example.org"]["reason"]
    assert by["stranger@example.net"]["count"] == 1
    text = CliRunner().invoke(main, ["status", str(folder.path)]).output
    assert "  mail refused or not accepted in round 1: 4 messages" in text
    assert "    red@example.org (2): refused: it arrived at 2025-03-02 13:00 UTC" in text
    assert all(code not in text for code in codes.values())


def test_the_list_starts_again_with_each_round(game, dovecot, mailbox, smtp):
    folder, codes = game
    deliver_at(dovecot, mailbox, email(order_text("g1", "blue", "wrong-10", "HOME Beta"), sender="blue@example.org",
                                       msgid="<b1@x>"), NOW)
    fetch(folder.path, dovecot, mailbox, smtp)
    assert len(status_json(folder.path)["mail"]["refused"]) == 1
    actions.resolve(GameFolder(folder.path), NOW + timedelta(days=2))
    info = status_json(folder.path)
    assert info["round"] == 2 and info["mail"] == {"refused": []}
    assert "mail refused" not in CliRunner().invoke(main, ["status", str(folder.path)]).output


def test_status_lists_what_fetch_all_refused_for_the_game(tmp_path, dovecot, mailbox, smtp):
    one, codes = make_game(tmp_path / "games" / "one")
    make_game(tmp_path / "games" / "two")
    dovecot.deliver(mailbox, [email(order_text("one", "red", "wrong-10", "HOME Alpha"), msgid="<o1@x>"),
                              email(order_text("two", "red", "wrong-10", "HOME Alpha"), msgid="<t1@x>"),
                              email(order_text("nowhere", "red", "x-10"), msgid="<n1@x>")])
    fetch(tmp_path / "games", dovecot, mailbox, smtp, "--all")
    (entry,) = status_json(one.path)["mail"]["refused"]
    assert entry["sender"] == "red@example.org" and entry["count"] == 1 and entry["status"] == "not accepted"


# -- mail fetch in words ---------------------------------------------------------------------------
def test_fetch_says_in_words_what_became_of_each_message(game, dovecot, mailbox, smtp):
    folder, codes = game
    deliver_at(dovecot, mailbox, email(order_text("g1", "red", codes["red"], "HOME Alpha"), msgid="<w1@x>"), NOW)
    one = fetch(folder.path, dovecot, mailbox, smtp).output.splitlines()
    assert one[0].startswith("red@example.org: accepted: the orders of red for round 1 of g1, stored as "
                             "orders/1/0001-red.txt (message ")
    assert one[1:] == ["1 message handled.", "1 message sent."]
    for raw in (email(order_text("g1", "blue", "wrong-10"), sender="blue@example.org", msgid="<w2@x>"),
                email("hello", sender="stranger@example.net", msgid="<w3@x>")):
        deliver_at(dovecot, mailbox, raw, NOW)
    two = fetch(folder.path, dovecot, mailbox, smtp).output.splitlines()
    assert two[0].startswith("blue@example.org: not accepted as orders for g1: ")
    assert two[1].startswith("stranger@example.net: not accepted as orders for g1: ")
    assert two[2:] == ["2 messages handled.", "2 messages sent."]


# -- confirmations ----------------------------------------------------------------------------------
def refused_and_empty(folder, codes, dovecot, mailbox, smtp):
    """Red's order whose one line is refused and blue's with a comment only, fetched: their replies."""
    for raw in (email(order_text("g1", "red", codes["red"], "BUILD C3-ZZ99"), msgid="<c1@x>"),
                email(order_text("g1", "blue", codes["blue"], "# nothing this round"), sender="blue@example.org",
                      msgid="<c2@x>")):
        deliver_at(dovecot, mailbox, raw, NOW)
    fetch(folder.path, dovecot, mailbox, smtp)
    return [reply_text(m) for m in smtp.messages]


def test_a_message_whose_every_line_is_refused_is_no_order_and_its_reply_names_the_line(game, dovecot, mailbox,
                                                                                      smtp):
    folder, codes = game
    red, blue = refused_and_empty(folder, codes, dovecot, mailbox, smtp)
    assert "Nothing in your message for game g1 was taken as your order for round 1." in red
    assert "line 4: 'BUILD C3-ZZ99'" in red and "YOUR ORDER FORM FOR ROUND 1" in red
    assert "Nothing in your message for game g1 was taken as your order for round 1." in blue
    assert status_json(folder.path)["orders_in"] == []


def test_in_a_game_made_before_a_confirmation_names_the_build_line_it_refused(game, dovecot, mailbox, smtp):
    """(Order reading 1, as such a game keeps it: an order with nothing read counts.)"""
    folder, codes = game
    config = yaml.safe_load((folder.path / "game.yaml").read_text())
    del config["order_reading"]
    (folder.path / "game.yaml").write_text(yaml.safe_dump(config))
    red, blue = refused_and_empty(folder, codes, dovecot, mailbox, smtp)
    assert "(no HOME, BUILD or RACE line could be read: line 4 (BUILD) is refused, see below; this company will " \
           "do nothing this round unless you send new orders)" in red
    assert "line 4: 'BUILD C3-ZZ99'" in red
    assert "(no HOME, BUILD or RACE lines: this company will do nothing this round" in blue


def test_a_volldampf_order_whose_lines_are_all_refused_is_no_order_and_says_why(tmp_path):
    folder, _ = actions.create_game(tmp_path / "vd", None, "volldampf",
                                    ["anna:Anna:anna@example.org", "bernd:Bernd:bernd@example.org"], seed="s")
    order = tmp_path / "anna.txt"
    order.write_text("GAME vd\nPLAYER anna\nBONDS many\nBID x\n")
    output = " ".join(CliRunner().invoke(main, ["submit", str(folder.path), str(order)]).output.split())
    assert "refused: nothing in it was read as an order for turn 1A (refused line 3: 'BONDS many'" in output
    assert "and 1 more). To send nothing knowingly, write one line PASS." in output
    passed = tmp_path / "bernd.txt"
    passed.write_text("GAME vd\nPLAYER bernd\nPASS\n")
    assert "line 3: PASS (nothing else is ordered: the defaults of this turn apply)" in CliRunner().invoke(
        main, ["submit", str(folder.path), str(passed)]).output


def test_an_unreadable_zine_line_after_the_order_is_refused_not_taken_for_a_note(game, tmp_path):
    folder, codes = game
    path = tmp_path / "red.txt"
    path.write_text(order_text("g1", "red", codes["red"], "HOME Alpha", "1a) Nowhere - ;"))
    result = CliRunner().invoke(main, ["submit", str(folder.path), str(path)])
    assert result.exit_code == 1 and "refused line 5: '1a) Nowhere - ;'" in result.output
    assert "note to the GM" not in result.output

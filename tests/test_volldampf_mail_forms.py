"""A Volldampf player answers the newsletter mail the umpire sent him with his own order form
filled in: the real mail fetch (Dovecot, aiosmtpd) takes it as his order and confirms it in the
game's words."""

from __future__ import annotations

import re
from email import message_from_bytes, policy

import pytest
from click.testing import CliRunner
from mailhelpers import email
from test_volldampf_mail import fetch_args, newsletter_bodies, send_args
from test_volldampf_orderform import examples
from test_volldampf_replies import words_of
from volldampf_helpers import TINY

from umpire.cli import main
from umpire.game import Game
from umpire.kernel import form_marks
from umpire.store.folder import GameFolder
from umpire.usecases import actions

pytestmark = pytest.mark.mail
PLAYERS = ["ann", "bob", "cy"]


def own_form(mail_body: str) -> list[str]:
    """The player's form as the mail shows it: from its title to the end of the mail."""
    lines = mail_body.splitlines()
    start = next(i for i, line in enumerate(lines) if form_marks.turn_of_title(line))
    return lines[start:]


def confirmations(smtp) -> list[str]:
    out = []
    for raw in smtp.messages:
        msg = message_from_bytes(raw, policy=policy.default)
        if msg["In-Reply-To"]:
            out.append(msg.get_body(("plain",)).get_content().replace("\r\n", "\n"))
    return out


def test_the_player_s_own_form_filled_in_above_the_quoted_newsletter_is_his_order(tmp_path, dovecot, mailbox,
                                                                                     smtp):
    folder, codes = actions.create_game(tmp_path / "vm", str(TINY), "volldampf",
                                        [f"{p}:{p.title()}:{p}@example.org" for p in PLAYERS], seed="reply")
    runner = CliRunner()
    result = runner.invoke(main, send_args(folder.path, smtp))
    assert result.exit_code == 0, result.output
    mail = newsletter_bodies(smtp, 1)["ann@example.org"]
    form = own_form(mail)
    assert form[:5] == ["ORDER FORM FOR TURN 1A", "GAME vm", "PLAYER ann", "CODE <your order code>", "ROUND 1A"]
    filled = [line.replace(form_marks.code_line(), f"CODE {codes['ann']}") for line in examples(form)]
    sent = {line.split("#")[0].strip() for line in filled if re.match(r"(BONDS|BID|CHOOSE) ", line)}
    assert sent == {"BONDS 1", "BID 3", "CHOOSE 3 2 1"}
    reply = "\n".join(filled + ["-- ", "Ann", "", "On 26 Nov 2026, umpire@example.org wrote:"]
                      + ["> " + line if line else ">" for line in mail.splitlines()]) + "\n"
    dovecot.deliver(mailbox, [email(reply, sender="ann@example.org", subject="Re: vm: newsletter 001",
                                    msgid="<reply-1@example.org>")])
    result = runner.invoke(main, fetch_args(folder.path, dovecot, mailbox, smtp))
    assert result.exit_code == 0, result.output
    live = GameFolder(folder.path)
    stored = live.latest_orders("1A")
    assert set(stored) == {"ann"}
    order = Game.of(live).read_order(live.read_bytes(stored["ann"]))
    assert not order.errors, [str(e) for e in order.errors]
    assert (order.body.bonds, order.body.bids, order.body.choose) == (1, [3], [3, 2, 1])
    [confirmation] = confirmations(smtp)
    flat = " ".join(confirmation.split())
    assert flat.startswith("Your orders for game vm, player ann (Ann), turn 1A were received and stored.")
    assert "line 7: BONDS 1" in confirmation and "Lines that could not be read" not in confirmation
    assert not words_of(confirmation), confirmation


def test_the_player_s_own_form_filled_in_within_the_quoted_newsletter_is_his_order(tmp_path, dovecot, mailbox,
                                                                                    smtp):
    """The player answers inline: he fills in his code and takes out the # before the lines he wants
    in the quoted form, and writes nothing of his own."""
    folder, codes = actions.create_game(tmp_path / "vm", str(TINY), "volldampf",
                                        [f"{p}:{p.title()}:{p}@example.org" for p in PLAYERS], seed="inline")
    runner = CliRunner()
    assert runner.invoke(main, send_args(folder.path, smtp)).exit_code == 0
    mail = newsletter_bodies(smtp, 1)["bob@example.org"]
    lines = mail.splitlines()
    start = next(i for i, line in enumerate(lines) if form_marks.turn_of_title(line))
    edited = lines[:start] + [line.replace(form_marks.code_line(), f"CODE {codes['bob']}")
                              for line in examples(lines[start:])]
    reply = "\n".join(["On 26 Nov 2026, umpire@example.org wrote:"]
                      + ["> " + line if line else ">" for line in edited]) + "\n"
    dovecot.deliver(mailbox, [email(reply, sender="bob@example.org", subject="Re: vm: newsletter 001",
                                    msgid="<reply-2@example.org>")])
    result = runner.invoke(main, fetch_args(folder.path, dovecot, mailbox, smtp))
    assert result.exit_code == 0, result.output
    live = GameFolder(folder.path)
    order = Game.of(live).read_order(live.read_bytes(live.latest_orders("1A")["bob"]))
    assert not order.errors, [str(e) for e in order.errors]
    assert (order.body.bonds, order.body.bids, order.body.choose) == (1, [3], [3, 2, 1])
    [confirmation] = confirmations(smtp)
    assert "player bob (Bob), turn 1A were received" in " ".join(confirmation.split())
    assert "Lines that could not be read" not in confirmation and not words_of(confirmation)

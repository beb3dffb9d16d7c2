"""A stand-in (`umpire replace`) is told what he needs by `umpire tick`, through the real Dovecot
and SMTP sink: a welcome of his own with his code, the newest newsletter (not 001) and his
private sheet, once; the newsletters after it come to him as to every player, and the next one
says who took over."""

from __future__ import annotations

from datetime import UTC, datetime
from email import message_from_bytes, policy

import pytest
from test_hosting_week import at, gm, hosted, mails, tick
from volldampf_helpers import TINY

from umpire.usecases import actions

pytestmark = pytest.mark.mail

OPENED = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)
PLAYERS = ["ann:Ann:ann@example.org", "bob:Bob:bob@example.org", "cy:Cy:cy@example.org"]


@pytest.fixture
def host(tmp_path, dovecot, mailbox, smtp):
    games = tmp_path / "games"
    games.mkdir()
    folder, codes = actions.create_game(games / "v1", str(TINY), "volldampf", PLAYERS, seed="stand-in", now=OPENED,
                                        option_specs=("deadline=3 days",))
    return hosted(games, folder, codes, dovecot, mailbox, smtp)


def test_tick_welcomes_a_stand_in_with_his_code_the_newest_newsletter_and_his_sheet(host, smtp):
    games, folder, _codes = host
    tick(games, at(1, 13))                                             # the first players' welcomes
    gm("resolve", folder.path, "--force", now=at(1, 14))
    tick(games, at(1, 15))                                             # newsletter 002 to all three
    out = gm("replace", folder.path, "bob", "--email", "berta@example.org", "--name", "Berta Stand", now=at(1, 16))
    code = out.split("bob: ")[1].split()[0]
    start = len(smtp.messages)
    tick(games, at(1, 17))
    tick(games, at(1, 18))                                             # once
    sent = mails(smtp, start)
    assert not [m for m in sent if "newsletter 002" in m[1] and "welcome" not in m[1]]   # not again apart
    ((to, subject, body),) = [m for m in sent if "welcome" in m[1]]
    assert (to, subject) == ("berta@example.org", "v1: welcome, Berta Stand: your order code and newsletter 002")
    flat = " ".join(body.split())
    assert f"Your order code is {code}." in flat and "You take over bob from its player before you" in flat
    assert "Newsletter 002 follows; its PDF is attached." in flat
    assert (folder.path / "newsletters" / "002.txt").read_text() in body.replace("\r\n", "\n")
    assert (folder.path / "newsletters" / "002-bob.txt").read_text().strip() in body.replace("\r\n", "\n")
    msg = next(m for m in (message_from_bytes(raw, policy=policy.default) for raw in smtp.messages[start:])
               if "welcome" in m["Subject"])
    assert [a.get_filename() for a in msg.iter_attachments()] == ["v1-002.pdf", "v1-002-map.png", "v1-002-bob.pdf"]
    # the next newsletter says who took over, and comes to the stand-in as to everyone
    gm("deadline", folder.path, "--resume", now=at(1, 19))
    gm("resolve", folder.path, "--force", now=at(1, 19))
    assert "From the GM\n-----------\nBerta Stand took over bob from Bob.\n" in \
        (folder.path / "newsletters" / "003.txt").read_text()
    start = len(smtp.messages)
    tick(games, at(1, 20))
    assert sorted((to, subject) for to, subject, _ in mails(smtp, start)) == [
        (a, "v1: newsletter 003") for a in ("ann@example.org", "berta@example.org", "cy@example.org")]

"""Replay reproduces what the mail service refused at the door: a spoof refused as not
authenticated, an order refused or held as late, are replayed from the journal's record, not
decided again (replay sees neither the sender nor the time the server received a message)."""

from __future__ import annotations

from datetime import timedelta

from mailhelpers import NOW, UMPIRE, email, make_game, order_text

from umpire.mail.config import MailConfig
from umpire.mail.fetch import Fetcher
from umpire.store.folder import GameFolder
from umpire.usecases import actions
from umpire.usecases.replay import replay


def take(folder, raws, received=NOW):
    fetcher = Fetcher(folder.path, MailConfig(from_addr=UMPIRE), now=received)
    for uid, raw in enumerate(raws, 1):
        fetcher.take(raw, 1, uid, received)
    fetcher.room.log(fetcher.pending)
    return fetcher.outcomes


def test_a_game_with_a_refused_spoof_replays_clean(tmp_path):
    folder, codes = make_game(tmp_path / "g1")
    outcomes = take(folder, [
        email(order_text("g1", "red", codes["red"], "HOME Alpha", "BUILD C3-D3"), sender="evil@evil.example",
              msgid="<s1@evil.example>"),
        email(order_text("g1", "red", codes["red"], "HOME Alpha"), sender="red@example.org <evil@evil.example>",
              msgid="<s2@evil.example>"),
        email(order_text("g1", "blue", codes["blue"], "HOME Beta"), sender="blue@example.org", msgid="<b1@x.org>")])
    assert [o.status for o in outcomes] == ["not accepted", "not accepted", "accepted"]
    actions.resolve(GameFolder(folder.path), NOW)
    result = replay(folder.path)
    assert result.differences == [] and result.orders == 3


def test_orders_refused_or_held_as_late_replay_clean(tmp_path):
    late = NOW + timedelta(days=8)
    refusing, codes = make_game(tmp_path / "refusing", options=["deadline=7 days"])
    outcomes = take(refusing, [email(order_text("refusing", "red", codes["red"], "HOME Alpha"))], received=late)
    assert [o.status for o in outcomes] == ["refused"]
    holding, codes = make_game(tmp_path / "holding", options=["deadline=7 days", "late_orders=hold"])
    outcomes = take(holding, [email(order_text("holding", "red", codes["red"], "HOME Alpha"))], received=late)
    assert [o.status for o in outcomes] == ["held"]
    for folder in (refusing, holding):
        actions.resolve(GameFolder(folder.path), NOW)
        assert replay(folder.path).differences == []

"""Every newsletter a player has not had is mailed to him, oldest first, by `umpire mail send` and
by `umpire tick` (DESIGN: nothing lost): after several `resolve --force` in a row, each newsletter
with its private sheets; a stand-in from the newsletter current when he took over; an observer
from the first he was given; `--only-newest` sends the newest alone, as before."""

from __future__ import annotations

from email import message_from_bytes, policy

import pytest
import yaml
from click.testing import CliRunner
from mailhelpers import make_game
from test_mail_send import smtp_args
from volldampf_helpers import TINY

from umpire.cli import main
from umpire.store.folder import GameFolder
from umpire.usecases import actions

pytestmark = pytest.mark.mail


def subjects(smtp, start=0):
    out = []
    for raw in smtp.messages[start:]:
        msg = message_from_bytes(raw, policy=policy.default)
        out.append((msg["To"], msg["Subject"]))
    return out


def send(folder, smtp, *extra):
    result = CliRunner().invoke(main, smtp_args("send", folder.path, smtp, *extra))
    assert result.exit_code == 0, result.output
    return result.output


def forced(folder, times):
    for _ in range(times):
        actions.resolve(GameFolder(folder.path))


def test_newsletters_resolved_one_after_another_all_go_out_oldest_first(tmp_path, smtp):
    folder, _ = make_game(tmp_path / "g1")
    send(folder, smtp)                                    # 001 to both
    forced(folder, 3)                                     # 002, 003, 004: none mailed yet
    start = len(smtp.messages)
    said = send(folder, smtp)
    assert [line for line in said.splitlines() if line.startswith("Newsletter")] == [
        f"Newsletter {n:03d}: queued for red@example.org, blue@example.org." for n in (2, 3, 4)]
    got = subjects(smtp, start)
    assert [s for to, s in got if to == "red@example.org"] == [f"g1: newsletter {n:03d}" for n in (2, 3, 4)]
    assert "Every recipient has had every newsletter (the newest is 004)." in send(folder, smtp)


def test_only_newest_sends_the_newest_alone(tmp_path, smtp):
    folder, _ = make_game(tmp_path / "g1")
    send(folder, smtp)
    forced(folder, 2)
    start = len(smtp.messages)
    send(folder, smtp, "--only-newest")
    assert {s for _, s in subjects(smtp, start)} == {"g1: newsletter 003"}


def test_a_stand_in_is_owed_from_the_newsletter_current_when_he_took_over(tmp_path, smtp):
    folder, _ = make_game(tmp_path / "g1")
    send(folder, smtp)
    forced(folder, 1)                                     # 002
    CliRunner().invoke(main, ["replace", str(folder.path), "red", "--email", "standby@example.org"])
    forced(folder, 1)                                     # 003
    start = len(smtp.messages)
    send(folder, smtp)
    got = subjects(smtp, start)
    assert [s for to, s in got if to == "standby@example.org"] == ["g1: newsletter 002", "g1: newsletter 003"]
    assert [s for to, s in got if to == "blue@example.org"] == ["g1: newsletter 002", "g1: newsletter 003"]


def test_a_volldampf_players_private_sheet_of_each_owed_turn_reaches_him(tmp_path, smtp):
    folder, _ = actions.create_game(tmp_path / "vd", str(TINY), "volldampf",
                                    ["ann:Ann:ann@example.org", "bob:Bob:bob@example.org"], seed="owed")
    config = yaml.safe_load((folder.path / "game.yaml").read_text())
    config["mail"] = {"observers": ["watcher@example.org"]}
    (folder.path / "game.yaml").write_text(yaml.safe_dump(config))
    send(folder, smtp)
    forced(folder, 2)
    start = len(smtp.messages)
    send(folder, smtp)
    for raw in smtp.messages[start:]:
        msg = message_from_bytes(raw, policy=policy.default)
        number = msg["Subject"].rsplit(" ", 1)[-1]
        names = [a.get_filename() for a in msg.iter_attachments()]
        if msg["To"] == "ann@example.org":
            assert f"vd-{number}-ann.pdf" in names and f"vd-{number}-bob.pdf" not in names
        if msg["To"] == "watcher@example.org":
            assert not any(n.endswith(("-ann.pdf", "-bob.pdf")) for n in names)
    assert sorted(s for to, s in subjects(smtp, start) if to == "watcher@example.org") == [
        "vd: newsletter 002", "vd: newsletter 003"]

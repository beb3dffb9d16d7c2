"""`umpire mail all`: the GM's mail to every player (and with --observers, the observers), one
message per address, from the umpire with the GM's address as Reply-To, queued and sent as every
other mail through the real SMTP sink; the same subject and text run twice go out once."""

from __future__ import annotations

import json
from email import message_from_bytes, policy

import pytest
import yaml
from click.testing import CliRunner
from mailhelpers import UMPIRE, make_game

from umpire.cli import main

pytestmark = pytest.mark.mail

GM = "gm@example.org"


@pytest.fixture
def game(tmp_path, smtp):
    games = tmp_path / "games"
    games.mkdir()
    folder, _ = make_game(games / "g1")
    (games / "umpire.yaml").write_text(yaml.safe_dump({"mail": {
        "from": UMPIRE, "gm": [GM], "observers": ["watcher@example.org"],
        "smtp": {"host": "127.0.0.1", "port": smtp.port, "tls": "none"}}}))
    text = tmp_path / "break.txt"
    text.write_text("Dear all,\n\nno deadline runs from 24 to 26 December.\n\nThe GM\n")
    return folder, text


def umpire(*args, code=0):
    result = CliRunner().invoke(main, [str(a) for a in args])
    assert result.exit_code == code, result.output
    return result.output


def received(smtp, start=0):
    return [message_from_bytes(raw, policy=policy.default) for raw in smtp.messages[start:]]


def test_every_player_gets_the_gms_mail_once_with_the_gm_to_reply_to(game, smtp):
    folder, text = game
    out = umpire("mail", "all", folder.path, "--subject", "Christmas break", "--file", text)
    assert "Queued for red@example.org, blue@example.org." in out
    msgs = received(smtp)
    assert sorted(m["To"] for m in msgs) == ["blue@example.org", "red@example.org"]     # one each, no observer
    for m in msgs:
        assert (m["From"], m["Reply-To"], m["Subject"]) == (UMPIRE, GM, "g1: Christmas break")
        assert m.get_body(("plain",)).get_content().replace("\r\n", "\n") == text.read_text()
    out = umpire("mail", "all", folder.path, "--subject", "Christmas break", "--file", text)
    assert "Given before (not again): red@example.org, blue@example.org." in out and len(smtp.messages) == 2
    # with --observers: the observer gets it, the players not again
    umpire("mail", "all", folder.path, "--subject", "Christmas break", "--file", text, "--observers")
    assert [m["To"] for m in received(smtp, 2)] == ["watcher@example.org"]
    log = [json.loads(line) for line in (folder.path / "mail.jsonl").read_text().splitlines()]
    assert [r["to"] for r in log if r.get("kind") == "gm_mail"] == [
        "red@example.org", "blue@example.org", "watcher@example.org"]
    # another text is another mail
    text.write_text("Dear all,\n\nthe break is over.\n")
    umpire("mail", "all", folder.path, "--subject", "Christmas break", "--file", text)
    assert len(smtp.messages) == 5


def test_a_mail_all_without_a_gm_address_or_with_a_bad_subject_or_file_is_refused(game, smtp, tmp_path):
    folder, text = game
    assert "is not a subject" in umpire("mail", "all", folder.path, "--subject", "two\nlines", "--file", text, code=1)
    empty = tmp_path / "empty.txt"
    empty.write_text("\n\n")
    assert "is empty" in umpire("mail", "all", folder.path, "--subject", "x", "--file", empty, code=1)
    binary = tmp_path / "b.bin"
    binary.write_bytes(b"\xff\xfe\x00")
    assert "is not UTF-8 text" in umpire("mail", "all", folder.path, "--subject", "x", "--file", binary, code=1)
    settings = folder.path.parent / "umpire.yaml"
    mail = yaml.safe_load(settings.read_text())
    del mail["mail"]["gm"]
    settings.write_text(yaml.safe_dump(mail))
    assert "name no GM address" in umpire("mail", "all", folder.path, "--subject", "x", "--file", text, code=1)
    assert smtp.messages == [] and not (folder.path / "outbox").exists()

"""`umpire mail welcome` against a real aiosmtpd: each player, once, gets his order code, how to
order in his game, his order form and newsletter 001 (its PDF attached); `--again` sends one
again; a stand-in gets his own; the codes stay out of everything but each player's own mail."""

from __future__ import annotations

import json
import os
import shlex
import stat
from email import message_from_bytes, policy

import pytest
import yaml
from click.testing import CliRunner
from mailhelpers import UMPIRE, make_game

from umpire.cli import main
from umpire.store.folder import GameFolder
from umpire.usecases import actions, corrections

pytestmark = pytest.mark.mail


def smtp_args(command, game_dir, smtp, *extra):
    return ["mail", command, str(game_dir), "--smtp-host", "127.0.0.1", "--smtp-port", str(smtp.port),
            "--smtp-tls", "none", "--from", UMPIRE, *extra]


def welcome(game_dir, smtp, *extra):
    result = CliRunner().invoke(main, smtp_args("welcome", game_dir, smtp, *extra))
    return result


def parsed(raw: bytes):
    return message_from_bytes(raw, policy=policy.default)


def body(msg) -> str:
    return msg.get_body(("plain",)).get_content().replace("\r\n", "\n")


@pytest.fixture
def game(tmp_path):
    folder, codes = make_game(tmp_path / "g1")
    config = yaml.safe_load((folder.path / "game.yaml").read_text())
    config["mail"] = {"observers": ["watcher@example.org"], "gm": ["gm@example.org"]}
    (folder.path / "game.yaml").write_text(yaml.safe_dump(config))
    return folder, codes


def test_each_player_gets_his_code_the_page_his_form_and_newsletter_001_once(game, smtp):
    folder, codes = game
    result = welcome(folder.path, smtp)
    assert result.exit_code == 0, result.output
    assert "Welcomes queued for: red, blue." in result.stdout and "2 messages sent." in result.stdout
    assert sorted(to for _, to in smtp.envelopes) == [["blue@example.org"], ["red@example.org"]]
    newsletter = (folder.path / "newsletters" / "001.txt").read_text()
    for raw in smtp.messages:
        msg = parsed(raw)
        company = "red" if msg["To"] == "red@example.org" else "blue"
        other = "blue" if company == "red" else "red"
        text = body(msg)
        assert msg["Subject"].startswith("g1: welcome, ")
        assert f"Your order code is {codes[company]}." in text and codes[other] not in raw.decode()
        assert "HOW TO ORDER IN GAME g1: Dampfross (Laurin 1993)" in text
        assert "BUILD <hex>-<hex>-..." in text and "units" in text
        form = text.split("YOUR ORDER FORM FOR ROUND 1\n")[1].split("\n\n")[0].splitlines()[1:]
        assert form == ["  GAME g1", f"  COMPANY {company}", f"  CODE {codes[company]}", "  ROUND 1",
                        "  HOME <Alpha or Beta>", "  BUILD <hex>-<hex>-..."]
        assert text.endswith(newsletter)
        pdf, picture = msg.iter_attachments()
        assert pdf.get_filename() == "g1-001.pdf"
        assert pdf.get_content() == (folder.path / "newsletters" / "001.pdf").read_bytes()
        assert picture.get_content_disposition() == "inline"


def test_a_second_run_sends_nothing_and_mail_send_gives_001_only_to_the_others(game, smtp):
    folder, _ = game
    welcome(folder.path, smtp)
    again = welcome(folder.path, smtp)
    assert again.exit_code == 0 and "Welcomes queued for: nobody new." in again.stdout
    assert len(smtp.messages) == 2
    send = CliRunner().invoke(main, smtp_args("send", folder.path, smtp))
    assert "Newsletter 001: queued for watcher@example.org." in send.output
    assert len(smtp.messages) == 3


def test_again_sends_one_players_welcome_once_more(game, smtp):
    folder, codes = game
    welcome(folder.path, smtp)
    result = welcome(folder.path, smtp, "--again", "red")
    assert result.exit_code == 0 and "Welcomes queued for: red." in result.stdout
    assert len(smtp.messages) == 3 and smtp.envelopes[-1][1] == ["red@example.org"]
    assert f"Your order code is {codes['red']}." in body(parsed(smtp.messages[-1]))
    ids = [parsed(m)["Message-ID"] for m in smtp.messages]
    assert len(set(ids)) == 3
    assert welcome(folder.path, smtp).stdout.startswith("Welcomes queued for: nobody new.")


def test_again_before_the_first_welcome_sends_that_one_only(game, smtp):
    folder, _ = game
    assert "Welcomes queued for: blue." in welcome(folder.path, smtp, "--again", "blue").stdout
    assert "Welcomes queued for: red." in welcome(folder.path, smtp).stdout
    assert len(smtp.messages) == 2


def test_again_for_no_such_company_is_refused_naming_the_companies(game, smtp):
    folder, _ = game
    result = welcome(folder.path, smtp, "--again", "purple")
    assert result.exit_code == 1 and "no company 'purple'" in result.output and "red, blue" in result.output
    assert smtp.messages == []


def test_a_welcome_waiting_in_the_outbox_is_not_queued_twice(game, smtp):
    folder, _ = game
    smtp.stop()                                             # the server is down: nothing is sent
    failed = welcome(folder.path, smtp, "--again", "red")
    assert failed.exit_code == 1
    assert "nothing was sent, and what was due stays in the outbox" in failed.output
    repeated = welcome(folder.path, smtp, "--again", "red")
    assert "Welcomes queued for: nobody new." in repeated.stdout
    assert len(list((folder.path / "outbox").glob("welcome-red-*"))) == 1


def test_a_stand_in_gets_his_own_welcome_with_the_new_code(game, smtp):
    folder, codes = game
    welcome(folder.path, smtp)
    new = corrections.replace(GameFolder(folder.path), "red", "standby@example.org")
    result = welcome(folder.path, smtp)
    assert "Welcomes queued for: red." in result.stdout
    msg = parsed(smtp.messages[-1])
    assert msg["To"] == "standby@example.org"
    assert f"Your order code is {new}." in body(msg) and codes["red"] not in smtp.messages[-1].decode()


def test_the_code_stays_out_of_the_mail_log_and_the_outbox_copy_is_the_owners_only(game, smtp):
    folder, codes = game
    welcome(folder.path, smtp)
    log = (folder.path / "mail.jsonl").read_text()
    assert all(code not in log for code in codes.values())
    records = [json.loads(line) for line in log.splitlines()]
    assert [r["company"] for r in records if r.get("kind") == "welcome"] == ["red", "blue"]
    for path in (folder.path / "outbox").glob("welcome-*.eml"):
        assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_a_company_without_an_address_is_named_with_what_would_work(tmp_path, smtp):
    folder, _ = actions.create_game(tmp_path / "g2", str(__import__("conftest").TEST_MAP), "laurin",
                                    ["red:Red Lines:red@example.org", "blue:Blue Star"], seed="s")
    result = welcome(folder.path, smtp)
    assert result.exit_code == 0 and "Welcomes queued for: red." in result.stdout
    assert "No address for blue: give one with `umpire replace" in result.stderr


def test_a_volldampf_player_gets_the_volldampf_page_and_a_player_form(tmp_path, smtp):
    folder, codes = actions.create_game(tmp_path / "vd", None, "volldampf",
                                        ["anna:Anna:anna@example.org", "bernd:Bernd:bernd@example.org",
                                         "clara:Clara:clara@example.org"], seed="s")
    assert welcome(folder.path, smtp).exit_code == 0
    text = body(next(parsed(m) for m in smtp.messages if parsed(m)["To"] == "anna@example.org"))
    assert "HOW TO ORDER IN GAME vd: Volldampf" in text and "marks" in text and "turn A   BONDS n" in text
    assert "YOUR ORDER FORM FOR TURN 1A" in text
    assert f"  PLAYER anna\n  CODE {codes['anna']}\n  ROUND 1A" in text
    assert (folder.path / "newsletters" / "001-anna.txt").read_text() in text
    assert "Private sheet for Bernd" not in text
    anna = next(parsed(m) for m in smtp.messages if parsed(m)["To"] == "anna@example.org")
    assert [a.get_filename() for a in anna.iter_attachments()] == ["vd-001.pdf", "vd-001-map.png", "vd-001-anna.pdf"]
    assert next(a for a in anna.iter_attachments() if a.get_filename() == "vd-001-anna.pdf").get_content() == \
        (folder.path / "newsletters" / "001-anna.pdf").read_bytes()


def test_the_help_examples_run_as_written(tmp_path, smtp, monkeypatch):
    games = tmp_path / "games"
    make_game(games / "ireland-1")
    (games / "umpire.yaml").write_text(yaml.safe_dump({"mail": {
        "from": UMPIRE, "smtp": {"host": "127.0.0.1", "port": smtp.port, "tls": "none"}}}))
    monkeypatch.chdir(tmp_path)
    help_text = CliRunner().invoke(main, ["mail", "welcome", "--help"]).output
    block = help_text.split("Examples:")[1].split("Options:")[0]
    examples = [line.strip() for line in block.splitlines() if line.strip()]
    assert examples == ["umpire mail welcome games/ireland-1", "umpire mail welcome games/ireland-1 --again red"]
    for example in examples:
        result = CliRunner().invoke(main, shlex.split(example)[1:])
        assert result.exit_code == 0, result.output
    assert len(smtp.messages) == 3
    assert os.path.isdir(games / "ireland-1" / "outbox")


@pytest.mark.parametrize("policy, words", [("refuse", "a later order is refused (write to the GM at gm@example.org"),
                                           ("hold", "a later order counts for the next round (write to the GM")])
def test_the_welcome_gives_the_deadline_and_what_becomes_of_a_later_order(tmp_path, smtp, policy, words):
    folder, _ = make_game(tmp_path / "g1", options=["deadline=1 day", f"late_orders={policy}"])
    config = yaml.safe_load((folder.path / "game.yaml").read_text())
    config["mail"] = {"gm": ["gm@example.org"]}
    (folder.path / "game.yaml").write_text(yaml.safe_dump(config))
    welcome(folder.path, smtp)
    text = " ".join(body(parsed(smtp.messages[0])).split())
    assert "Orders for round 1 are due by 2025-03-02 12:00 UTC; " + words in text


def test_the_welcome_gives_the_grace_and_the_deadline_in_the_players_own_zone(tmp_path, smtp):
    folder, _ = make_game(tmp_path / "g1", options=["deadline=1 day", "grace=12 hours"])
    config = yaml.safe_load((folder.path / "game.yaml").read_text())
    config["companies"][0]["zone"] = "America/New_York"
    (folder.path / "game.yaml").write_text(yaml.safe_dump(config))
    welcome(folder.path, smtp)
    texts = {parsed(m)["To"]: " ".join(body(parsed(m)).split()) for m in smtp.messages}
    assert ("Orders for round 1 are due by 2025-03-02 12:00 UTC (07:00 in America/New_York); an order in the grace "
            "until 2025-03-03 00:00 UTC (2025-03-02 19:00 in America/New_York) is still taken; a later order is "
            "refused.") in texts["red@example.org"]
    assert ("Orders for round 1 are due by 2025-03-02 12:00 UTC; an order in the grace until 2025-03-03 00:00 UTC "
            "is still taken; a later order is refused.") in texts["blue@example.org"]

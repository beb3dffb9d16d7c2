"""A full disk during `umpire tick`, `umpire resolve --due` and `umpire mail fetch` is said in words:
which disk, how much is free on it, whether the game changed, and what to do; never a bare
`OSError: [Errno 28]`, and nothing half written. The disk is made full by making the umpire's
writes (umpire/store/atomic.py) fail with ENOSPC."""

from __future__ import annotations

import errno
import os
import re
import shutil
from datetime import timedelta

import pytest
import yaml
from click.testing import CliRunner
from mailhelpers import NOW, UMPIRE, email, make_game, order_text
from mailservers import PASSWORD, PASSWORD_ENV, free_port

from umpire.cli import main, run
from umpire.store import atomic
from umpire.store.folder import GameFolder
from umpire.usecases import actions

DUE = NOW + timedelta(days=3)


def full_disk(monkeypatch, after: int = 0):
    """Every write of the umpire after the first `after` finds the disk full."""
    real, count = atomic._write_all, [0]

    def write(fd, data):
        count[0] += 1
        if count[0] > after:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real(fd, data)
    monkeypatch.setattr(atomic, "_write_all", write)


def files(folder) -> dict[str, bytes]:
    """Every file of a folder by its path inside it, with its bytes (the lock file aside)."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and p.name != ".lock"}


def umpire(*args, now=DUE, **env):
    return CliRunner().invoke(main, [str(a) for a in args], env={"UMPIRE_NOW": now.isoformat(), **env})


def said(output: str) -> str:
    """The output on one line, with the free bytes (whatever this machine has) as N."""
    return re.sub(r"full: [\d,]+ bytes free", "full: N bytes free", " ".join(output.split()))


@pytest.fixture(scope="module")
def template(tmp_path_factory):
    games = tmp_path_factory.mktemp("template") / "games"
    make_game(games / "g1", options=["deadline=2 days"])
    return games


@pytest.fixture
def games(tmp_path, template):
    """A folder of games holding one game, due at DUE (a fresh copy of the template)."""
    return shutil.copytree(template, tmp_path / "games")


def test_tick_says_the_disk_is_full_and_that_the_game_was_not_changed(games, monkeypatch):
    before = files(games)
    full_disk(monkeypatch)
    result = umpire("tick", games)
    assert result.exit_code == 1
    assert said(result.output) == (
        f"umpire: g1: FAILED: the disk holding {games} is full: N bytes free; nothing of game g1 was changed. "
        f"Free space there and run the command again.")
    assert "Errno" not in result.output and "OSError" not in result.output
    assert files(games) == before
    monkeypatch.undo()
    assert umpire("tick", games).exit_code == 0
    assert actions.status(GameFolder(games / "g1"))["round"] == 2


def test_a_disk_full_halfway_through_a_resolve_says_so_and_the_next_tick_finishes_it(games, monkeypatch):
    full_disk(monkeypatch, after=1)                        # the journal takes the round; its newsletter finds no room
    result = umpire("tick", games)
    assert result.exit_code == 1 and "Errno" not in result.output
    assert "game g1 is as its last whole write left it (nothing is half written, and the next run goes on from " \
           "there)." in said(result.output)
    assert not [p for p in (games / "g1").rglob(".*") if p.name != ".lock"]          # no temporary file left
    monkeypatch.undo()
    assert umpire("tick", games).exit_code == 0
    folder = GameFolder(games / "g1")
    assert actions.status(folder)["round"] == 2 and folder.newsletter_count() == 2


def test_tick_says_the_disk_is_full_when_the_mail_finds_no_room(games, monkeypatch):
    (games / "umpire.yaml").write_text(yaml.safe_dump({"mail": {
        "from": UMPIRE, "smtp": {"host": "127.0.0.1", "port": free_port(), "tls": "none"}}}))
    before = files(games)
    full_disk(monkeypatch)
    result = umpire("tick", games, now=NOW + timedelta(hours=1))         # not due: only the welcomes to write
    assert result.exit_code == 1
    assert said(result.output) == (
        f"umpire: g1: FAILED: the disk holding {games} is full: N bytes free; nothing of game g1 was changed. "
        f"Free space there and run `umpire tick {games}` again.")
    assert files(games) == before


def test_resolve_due_says_the_disk_is_full(games, monkeypatch):
    before = files(games)
    full_disk(monkeypatch)
    result = umpire("resolve", "--due", games)
    assert result.exit_code == 1 and "Errno" not in result.output
    assert f"g1: failed: the disk holding {games} is full: N bytes free; nothing of game g1 was changed. Free " \
           "space there and run the command again." in said(result.output)
    assert files(games) == before


@pytest.mark.mail
def test_mail_fetch_says_the_disk_is_full_and_leaves_the_message_on_the_server(tmp_path, dovecot, mailbox,
                                                                                monkeypatch):
    folder, codes = make_game(tmp_path / "g1")
    dovecot.deliver(mailbox, [email(order_text("g1", "red", codes["red"], "HOME Alpha"))])
    args = ["mail", "fetch", folder.path, "--imap-host", "127.0.0.1", "--imap-port", dovecot.port, "--imap-user",
            mailbox, "--imap-password-env", PASSWORD_ENV, "--imap-tls", "none", "--from", UMPIRE]
    before = files(folder.path)
    full_disk(monkeypatch)
    result = umpire(*args, now=NOW, **{PASSWORD_ENV: PASSWORD})
    assert result.exit_code == 1 and "Errno" not in result.output
    assert said(result.output) == (
        f"umpire: the disk holding {folder.path} is full: N bytes free; nothing of the last batch was flagged, so "
        "nothing is lost. Free space there and run the fetch again.")
    assert files(folder.path) == before and not any(b"\\Seen" in flags for flags in dovecot.flags(mailbox))
    monkeypatch.undo()
    assert "accepted" in umpire(*args, now=NOW, **{PASSWORD_ENV: PASSWORD}).output


def test_any_command_says_a_full_disk_in_words(tmp_path, monkeypatch, capsys):
    folder, _ = make_game(tmp_path / "g1")
    order = tmp_path / "red.txt"
    order.write_text("GAME g1\nCOMPANY red\nHOME Alpha\n")
    full_disk(monkeypatch)
    with pytest.raises(SystemExit) as stop:
        run(["submit", str(folder.path), str(order)])
    assert stop.value.code == 1
    text = said(capsys.readouterr().err)
    assert text.startswith(f"umpire: the disk holding {folder.path}") and "is full: N bytes free; every write is " \
        "whole, so what the command did before is kept and nothing is half written. Free space there and run the " \
        "command again." in text

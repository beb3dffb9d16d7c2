"""A fetch killed at each durable step of a batch counts every message once when it is run again.

The steps of a batch: raw copies; stored orders, then their journal lines; replies; the mail
log; the flags. The killed run gets three messages (two orders and a refused one); a rerun must
journal each once, reply to each once, and flag all. A kill in the middle of the journal append
leaves a torn final line, which the rerun cuts off."""

from __future__ import annotations

import subprocess
import sys

import pytest
from click.testing import CliRunner
from mailhelpers import email, make_game, order_text
from test_mail_fetch import fetch_args

from umpire.cli import main
from umpire.store.folder import GameFolder

pytestmark = pytest.mark.mail

CRASH = """
import importlib, os, signal, sys
owner = importlib.import_module({module!r})
for part in {path!r}[:-1]:
    owner = getattr(owner, part)
original = getattr(owner, {path!r}[-1])
calls = []
def crash(*args, **kwargs):
    calls.append(args)
    if {when}:
        {before}
        os.kill(os.getpid(), signal.SIGKILL)
    return original(*args, **kwargs)
setattr(owner, {path!r}[-1], crash)
from umpire.cli import main
sys.argv = ["umpire"] + {args!r}
main()
"""

TORN = """with open(args[0], "ab") as f:
            f.write(args[1][:len(args[1]) // 2]); f.flush(); os.fsync(f.fileno())"""

STEPS = {
    "orders in place, not journaled": ("umpire.store.atomic", ["_append"], "args[0].name == 'journal.jsonl'", "pass"),
    "journal append torn": ("umpire.store.atomic", ["_append"], "args[0].name == 'journal.jsonl'", TORN),
    "journaled, no replies yet": ("umpire.store.mailroom", ["Mailroom", "queue"], "True", "pass"),
    "replies written, not logged": ("umpire.store.mailroom", ["Mailroom", "log"], "True", "pass"),
}


def where_it_stopped(path) -> tuple[int, int, bool, int, bool]:
    """Stored order files, journaled orders, a torn journal tail, replies in the outbox, a mail log."""
    journal = (path / "journal.jsonl").read_bytes()
    orders = [e for e in GameFolder(path).events if e["type"] in ("order_received", "order_refused")]
    return (len([p for p in (path / "orders" / "1").iterdir() if p.suffix == ".txt"]), len(orders),
            not journal.endswith(b"\n"), len(list((path / "outbox").glob("*.eml"))), (path / "mail.jsonl").exists())


STOPPED = {
    "orders in place, not journaled": (3, 0, False, 0, False),
    "journal append torn": (3, 1, True, 0, False),              # its first line whole, the second torn
    "journaled, no replies yet": (3, 3, False, 0, False),
    "replies written, not logged": (3, 3, False, 3, False),
}


@pytest.mark.parametrize("step", STEPS)
def test_fetch_killed_at_a_step_counts_each_message_once(tmp_path, dovecot, mailbox, smtp, step):
    folder, codes = make_game(tmp_path / "g1")
    dovecot.deliver(mailbox, [
        email(order_text("g1", "red", codes["red"], "HOME Alpha", "BUILD C3-D3"), msgid="<k1@example.org>"),
        email(order_text("g1", "blue", codes["blue"], "HOME Beta"), sender="blue@example.org", msgid="<k2@x.org>"),
        email(order_text("g1", "blue", codes["blue"], "ROUND 7"), sender="blue@example.org", msgid="<k3@x.org>"),
    ])
    args = fetch_args(folder.path, dovecot, mailbox, smtp)
    module, path, when, before = STEPS[step]
    script = CRASH.format(module=module, path=path, when=when, before=before, args=args)
    killed = subprocess.run([sys.executable, "-c", script], capture_output=True, timeout=60)
    assert killed.returncode == -9, killed.stderr.decode()
    assert len(list((folder.path / "inbox").glob("*.eml"))) == 3, "the raw copies are stored first"
    assert dovecot.flags(mailbox) == [(), (), ()], "nothing flagged before the crash"
    assert smtp.messages == []
    assert where_it_stopped(folder.path) == STOPPED[step]

    rerun = CliRunner().invoke(main, args)
    assert rerun.exit_code == 0, rerun.output
    events = GameFolder(folder.path).events                         # every line whole and valid
    orders = [e for e in events if e["type"] in ("order_received", "order_refused")]
    assert sorted((e["type"], e.get("company")) for e in orders) == \
        [("order_received", "blue"), ("order_received", "red"), ("order_refused", "blue")]
    assert all((folder.path / e["file"]).is_file() for e in orders)
    assert (folder.path / "journal.jsonl").read_bytes().endswith(b"\n")
    assert dovecot.flags(mailbox) == [(b"\\Seen",)] * 3
    assert len(smtp.messages) == 3
    assert CliRunner().invoke(main, args).output.startswith("0 messages handled")


@pytest.mark.parametrize("step", ["orders in place, not journaled", "replies written, not logged"])
def test_a_fetch_of_a_group_committed_batch_killed_at_a_step_counts_each_message_once(tmp_path, dovecot, mailbox,
                                                                                    smtp, step):
    """Ten messages: each step's files are made durable together (syncfs), not file by file."""
    folder, codes = make_game(tmp_path / "g1")
    dovecot.deliver(mailbox, [email(order_text("g1", "red", codes["red"], f"BUILD C3-D3 # {n}"),
                                    msgid=f"<g{n}@example.org>") for n in range(10)])
    args = fetch_args(folder.path, dovecot, mailbox, smtp)
    module, path, when, before = STEPS[step]
    killed = subprocess.run([sys.executable, "-c", CRASH.format(module=module, path=path, when=when, before=before,
                                                                 args=args)], capture_output=True, timeout=60)
    assert killed.returncode == -9, killed.stderr.decode()
    assert len(list((folder.path / "inbox").glob("*.eml"))) == 10 and smtp.messages == []
    rerun = CliRunner().invoke(main, args)
    assert rerun.exit_code == 0, rerun.output
    orders = [e for e in GameFolder(folder.path).events if e["type"] == "order_received"]
    assert len(orders) == 10 and len({e["via"] for e in orders}) == 10
    assert len(smtp.messages) == 10 and dovecot.flags(mailbox) == [(b"\\Seen",)] * 10

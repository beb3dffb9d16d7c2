"""The worst messages found against `umpire mail fetch`, through the real Dovecot: time and peak
memory of the whole fetch process. Run:
`CI=true pytest tests/benchmarks/test_bench_mail_bounds.py -s`.

Goals: each fetch at most 10 s and 300 MB peak (resident set of the process). Found before the
bounds: the 586 KB mail with 30,000 encoded words in its Subject took 26 s and 8.9 GB; the mail
with a 50 MB header, refused as too large, still peaked at 634 MB.

Also: 2,000 mails with `Reply-To: victim@...` make no mail to the victim."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from email import message_from_bytes
from pathlib import Path

import pytest
from mailhelpers import NOW, UMPIRE, email, make_game, order_text
from mailservers import PASSWORD, PASSWORD_ENV, start_dovecot, stop_dovecot

from umpire.mail.config import MailConfig
from umpire.mail.fetch import Fetcher, Received

SECONDS, MEGABYTES = 10.0, 300


@pytest.fixture(scope="module")
def server():
    dovecot = start_dovecot()
    yield dovecot
    stop_dovecot(dovecot)


def encoded_subject(codes) -> bytes:
    subject = " ".join(f"=?utf-8?q?w{n}?=" for n in range(30000))
    return (f"From: red@example.org\r\nTo: {UMPIRE}\r\nMessage-ID: <words@example.org>\r\nSubject: {subject}\r\n\r\n"
            + order_text("g1", "red", codes["red"], "HOME Alpha")).encode()


def huge_header(codes) -> bytes:
    pad = "".join(f"X-Pad-{n}: {'a' * 90}\r\n" for n in range(500_000))              # 50 MB of fields
    return (f"From: red@example.org\r\nTo: {UMPIRE}\r\nMessage-ID: <huge@example.org>\r\nSubject: orders\r\n{pad}\r\n"
            + order_text("g1", "red", codes["red"], "HOME Alpha")).encode()


# VmHWM, the peak of this process's own memory since it started (ru_maxrss would count the
# memory of the test process it was forked from).
PEAK = ("import atexit, re, sys\n"
        "hwm = lambda: re.search(r'VmHWM:\\s+(\\d+)', open('/proc/self/status').read()).group(1)\n"
        "atexit.register(lambda: sys.stderr.write(f'\\nPEAK {hwm()}\\n'))\n"
        "from umpire.cli import main\n"
        "main(prog_name='umpire')\n")


def run_measured(args: list[str], env: dict | None = None) -> tuple[float, float, subprocess.CompletedProcess]:
    """Run the umpire with `args` in its own process: its wall time (s) and peak resident set (MB)."""
    start = time.perf_counter()
    result = subprocess.run([sys.executable, "-c", PEAK] + args, env=env, capture_output=True, timeout=300)
    seconds = time.perf_counter() - start
    peak = int(result.stderr.decode().rsplit("PEAK ", 1)[1].split()[0]) / 1024
    return seconds, peak, result


def many_parts(codes) -> bytes:
    """The costliest shape inside the bounds: just under 1,000 parts, each with encoded names."""
    parts = "".join(f"--B\r\nContent-Type: text/plain; name==?utf-8?q?n{n}?=\r\nContent-Disposition: attachment; "
                    f"filename=\"=?utf-8?q?f{n}?=.dat\"\r\n\r\n{'x' * 800}\r\n" for n in range(495))
    order = order_text("g1", "red", codes["red"], "HOME Alpha")
    return (f"From: red@example.org\r\nTo: {UMPIRE}\r\nMessage-ID: <parts@example.org>\r\nSubject: orders\r\n"
            f"Content-Type: multipart/mixed; boundary=B\r\n\r\n--B\r\nContent-Type: text/plain\r\n\r\n{order}\r\n"
            f"{parts}--B--\r\n").encode()


CASES = {"30,000 encoded words in Subject": encoded_subject, "50 MB header": huge_header,
         "495 parts with encoded names, inside the bounds": many_parts}


def fetch_process(game_dir: Path, port: int, user: str) -> tuple[float, float, subprocess.CompletedProcess]:
    args = ["mail", "fetch", str(game_dir), "--imap-host", "127.0.0.1", "--imap-port", str(port), "--imap-user", user,
            "--imap-password-env", PASSWORD_ENV, "--imap-tls", "none", "--from", UMPIRE]
    return run_measured(args, {**os.environ, PASSWORD_ENV: PASSWORD})


@pytest.mark.parametrize("case", CASES)
def test_worst_messages_are_fetched_in_bounded_time_and_memory(server, tmp_path, case):
    work = Path(tempfile.mkdtemp(prefix="umpire-bounds-"))
    try:
        folder, codes = make_game(work / "g1")
        raw = CASES[case](codes)
        user = server.new_user()
        server.deliver(user, [raw])
        seconds, peak, result = fetch_process(folder.path, server.port, user)
        assert result.returncode == 0, result.stderr.decode()
        print(f"\n{case} ({len(raw) / 1e6:.2f} MB): fetch {seconds:.2f} s, peak {peak:.0f} MB "
              f"(goal <= {SECONDS:.0f} s, <= {MEGABYTES} MB); {result.stdout.decode().strip().splitlines()[0]}")
        assert seconds <= SECONDS and peak <= MEGABYTES
    finally:
        shutil.rmtree(work, ignore_errors=True)


def test_the_umpire_alone_for_comparison():
    seconds, peak, _ = run_measured(["--version"])
    print(f"\nbaseline: `umpire --version` {seconds:.2f} s, peak {peak:.0f} MB")


def test_2000_mails_with_a_reply_to_the_victim_make_no_mail_to_the_victim(tmp_path):
    folder, codes = make_game(tmp_path / "g1")
    fetcher = Fetcher(folder.path, MailConfig(from_addr=UMPIRE), now=NOW)
    raws = [email(order_text("g1", "red", "guess-1"), sender="attacker@evil.example",
                  Reply_To="victim@third.example", msgid=f"<flood{n}@evil.example>") for n in range(2000)]
    start = time.perf_counter()
    fetcher.take_all([Received(raw, 1, uid, NOW) for uid, raw in enumerate(raws, 1)])
    fetcher.room.log(fetcher.pending)
    replies = [message_from_bytes(p.read_bytes())["To"] for p in (folder.path / "outbox").glob("*.eml")]
    print(f"\n2,000 reflected mails: {time.perf_counter() - start:.1f} s, replies {replies}")
    assert replies == ["attacker@evil.example"]

"""Fetch, store and parse 1,000 order emails from Dovecot, against a bare imapclient fetch of the
same messages in the same run. Run: `pytest tests/benchmarks/test_bench_mail.py --benchmark-only -s`.

The same run also times the durable files alone: the three files a fetch keeps per message (raw
copy, stored order, reply) with a journal line and a log line each, written in batches as the
fetch writes them, without reading any message. That is the floor for a fetch that keeps every
message durably on disk, and it depends on the disk (and where on it the work folder lies: see
docs/performance.md, "Mail fetch"). It is timed twice: with the group commit the fetch uses (one
syncfs per step of a batch) and with an fsync per file and folder. Each round times the bare
fetch and both floors just before the fetch (interleaved); the medians, the ratio against the bare
fetch, the floor's ratio and what the fetch costs above the floor are printed."""

from __future__ import annotations

import shutil
import statistics
import tempfile
import time
from pathlib import Path

import pytest
import yaml
from mailhelpers import NOW, config_for, email, make_game, order_text
from mailservers import PASSWORD, PASSWORD_ENV, start_dovecot, stop_dovecot

from umpire.mail import mailpolicy
from umpire.mail.fetch import BATCH, Fetcher
from umpire.store import atomic

MESSAGES = 1000
ROUNDS = 5
CODES = {"red": "tulip-42", "blue": "amber-17"}


@pytest.fixture(scope="module")
def filled(monkeypatch_module):
    server = start_dovecot()
    user = server.new_user()
    monkeypatch_module.setenv(PASSWORD_ENV, PASSWORD)
    raws = []
    for n in range(MESSAGES):
        company, sender, home = (("red", "red@example.org", "Alpha") if n % 2 == 0
                                 else ("blue", "blue@example.org", "Beta"))
        body = order_text("bench", company, CODES[company], "ROUND 1", f"HOME {home}",
                          "BUILD C3-D3-E3" if company == "red" else "BUILD K8-J8", "BUILD E3-F2 # and on")
        raws.append(email(body, sender=sender, msgid=f"<order-{n}@example.org>"))
    client = server.client(user)
    for raw in raws:
        client.append("INBOX", raw)
    client.logout()
    yield server, user
    stop_dovecot(server)


@pytest.fixture(scope="module")
def monkeypatch_module():
    with pytest.MonkeyPatch.context() as mp:
        yield mp


def unseen_all(server, user):
    client = server.client(user)
    client.select_folder("INBOX")
    client.remove_flags(client.search(["ALL"]), [b"\\Seen"], silent=True)
    client.logout()


def _all_bodies(server, user) -> dict:
    client = server.client(user)
    client.select_folder("INBOX", readonly=True)
    bodies = client.fetch(client.search(["ALL"]), ["BODY.PEEK[]"])
    client.logout()
    return bodies


def bare_fetch(server, user) -> int:
    return len(_all_bodies(server, user))


def durable_files(folder: Path, raws: list[bytes]):
    """The writes of a fetch without the fetch: per message a raw copy, a stored order and a reply."""
    for start in range(0, len(raws), BATCH):
        numbered = list(enumerate(raws[start:start + BATCH], start))
        with atomic.Batch() as batch:
            for n, raw in numbered:
                batch.write_new(folder / "inbox" / f"{n}.eml", raw)
        with atomic.Batch() as batch:
            for n, raw in numbered:
                batch.write_new(folder / "orders" / "1" / f"{n:04d}.txt", raw)
                batch.append_lines(folder / "journal.jsonl", [{"type": "order_received", "n": n}])
        with atomic.Batch() as batch:
            for n, raw in numbered:
                batch.write_bytes(folder / "outbox" / f"{n}.eml", raw)
        atomic.append_lines(folder / "mail.jsonl", [{"type": "processed", "n": n} for n, _ in numbered],
                            separable=True)


def test_fetch_store_parse_1000_orders(benchmark, filled):
    server, user = filled
    work = Path(tempfile.mkdtemp(prefix="umpire-bench-"))
    raws = [m[b"BODY[]"] for _, m in sorted(_all_bodies(server, user).items())]
    games, bare, files, one_by_one = [], [], [], []

    def setup():
        n = len(games)
        start = time.perf_counter()
        assert bare_fetch(server, user) == MESSAGES
        bare.append(time.perf_counter() - start)
        start = time.perf_counter()
        durable_files(work / f"files{n}", raws)
        files.append(time.perf_counter() - start)
        group, atomic.GROUP = atomic.GROUP, 10 ** 9
        try:
            start = time.perf_counter()
            durable_files(work / f"single{n}", raws)
            one_by_one.append(time.perf_counter() - start)
        finally:
            atomic.GROUP = group
        unseen_all(server, user)
        folder, _ = make_game(work / f"bench{n}" / "bench")
        secrets = yaml.safe_load((folder.path / "secrets.yaml").read_text())
        (folder.path / "secrets.yaml").write_text(yaml.safe_dump({**secrets, "codes": CODES}))
        games.append(folder)
        mailpolicy.forget()                     # each round reads the messages as a new process would
        return (Fetcher(folder.path, config_for(folder.path, server, user), now=NOW),), {}

    def run(fetcher):
        outcomes = fetcher.run()
        assert len(outcomes) == MESSAGES and {o.status for o in outcomes} == {"accepted"}

    benchmark.pedantic(run, setup=setup, rounds=ROUNDS, iterations=1)
    umpire_median = benchmark.stats.stats.median
    bare_median = statistics.median(bare)
    files_median = statistics.median(files)
    single_median = statistics.median(one_by_one)
    benchmark.extra_info.update(bare_median_s=bare_median, umpire_median_s=umpire_median,
                                ratio=umpire_median / bare_median, durable_files_median_s=files_median,
                                floor_ratio=files_median / bare_median,
                                above_floor_ratio=(umpire_median - files_median) / bare_median,
                                durable_files_fsync_each_median_s=single_median)
    print(f"\n{MESSAGES} order emails: umpire fetch+store+parse median {umpire_median:.3f} s, "
          f"bare imapclient fetch median {bare_median:.3f} s, ratio {umpire_median / bare_median:.1f}x; "
          f"the durable files alone (3 per message, nothing read) median {files_median:.3f} s with group commit "
          f"(syncfs), ratio {files_median / bare_median:.1f}x (the floor; the fetch above it: "
          f"{(umpire_median - files_median) / bare_median:.1f}x), {single_median:.3f} s with an fsync per file "
          f"and folder")
    shutil.rmtree(work, ignore_errors=True)

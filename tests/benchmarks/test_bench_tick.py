"""`umpire tick` over a folder of games sharing one mailbox on the real Dovecot and SMTP sink:
GAMES games (1,000 by default; TICK_GAMES sets it), a tenth of them due once the mail is in,
one order mail per game waiting in the mailbox, every game's players welcomed before. Timed:
the tick that fetches every mail, resolves the due games and mails their newsletters; then a
second tick with nothing to do. The baseline, measured in the same run: a tick over a folder of
one game with nothing to do (median of 5).
Run: `TICK_GAMES=100 pytest tests/benchmarks/test_bench_tick.py --benchmark-only -s`."""

from __future__ import annotations

import os
import statistics
import time

import pytest
import yaml
from conftest import TEST_MAP
from mailhelpers import UMPIRE, email, order_text
from mailservers import PASSWORD, PASSWORD_ENV

from umpire.forked import available_cpus
from umpire.store.mailroom import Mailroom
from umpire.usecases import actions

GAMES = int(os.environ.get("TICK_GAMES", "1000"))
DUE_EVERY = 10
COMPANIES = ["red:Red Lines:red@example.org", "blue:Blue Star:blue@example.org", "green:Green Valley:green@example.org"]
LINES = {"red": "HOME Alpha", "blue": "HOME Beta", "green": "HOME Alpha"}

pytestmark = pytest.mark.mail


def welcomed(folder):
    """The game's players as welcomed before the measured ticks: the mail log's records of their
    welcomes, sent (the mails themselves, each with newsletter 001's PDF, are left out)."""
    records = []
    for company in folder.company_ids():
        name = f"welcome-{company}-0.eml"
        records += [{"type": "queued", "file": name, "kind": "welcome", "company": company, "tenure": 0,
                     "to": folder.company(company)["email"], "issue": 1}, {"type": "sent", "file": name}]
    Mailroom(folder.path).log(records)


def test_tick_over_many_games(benchmark, tmp_path, dovecot, mailbox, smtp, monkeypatch):
    from baseline import umpire
    monkeypatch.setenv(PASSWORD_ENV, PASSWORD)
    games = tmp_path / "games"
    games.mkdir()
    (games / "umpire.yaml").write_text(yaml.safe_dump({"mail": {
        "from": UMPIRE, "imap": {"host": "127.0.0.1", "port": dovecot.port, "user": mailbox, "tls": "none",
                                 "password_env": PASSWORD_ENV},
        "smtp": {"host": "127.0.0.1", "port": smtp.port, "tls": "none"}}}))
    made = time.perf_counter()
    mails = []
    for n in range(GAMES):
        name = f"g{n:04d}"
        folder, codes = actions.create_game(games / name, str(TEST_MAP), "laurin", COMPANIES, seed=name,
                                            option_specs=("deadline=7 days",))
        welcomed(folder)
        due = n % DUE_EVERY == 0
        for company in (("red", "blue") if due else ("red",)):
            actions.submit(folder, order_text(name, company, codes[company], LINES[company]).encode())
        last = "green" if due else "blue"
        mails.append(email(order_text(name, last, codes[last], LINES[last]), sender=f"{last}@example.org",
                           msgid=f"<{name}@example.org>"))
    dovecot.deliver(mailbox, mails)
    made = time.perf_counter() - made
    lone = tmp_path / "lone"                         # the baseline: a tick over one game with nothing to do
    lone.mkdir()
    actions.create_game(lone / "g", str(TEST_MAP), "laurin", COMPANIES, seed="lone")
    base = []
    for _ in range(5):
        start = time.perf_counter()
        umpire("tick", str(lone))()
        base.append(time.perf_counter() - start)
    base = statistics.median(base)
    start = time.perf_counter()
    umpire("tick", str(games))()
    first = time.perf_counter() - start
    start = time.perf_counter()
    umpire("tick", str(games))()
    second = time.perf_counter() - start
    due = GAMES // DUE_EVERY
    assert sum((games / f"g{n:04d}" / "newsletters" / "002.txt").exists() for n in range(GAMES)) == due
    assert len(smtp.messages) == GAMES + 3 * due            # a confirmation per mail, newsletter 002 to 3 players
    benchmark.pedantic(lambda: None, rounds=1, iterations=1)
    benchmark.extra_info.update(games=GAMES, first_tick_s=round(first, 2), idle_tick_s=round(second, 2),
                                baseline_s=round(base, 3), cpus=available_cpus())
    print(f"\ntick over {GAMES} games ({due} due, {GAMES} mails), {available_cpus()} CPUs: {first:.1f} s "
          f"({first / base:.0f} x the baseline); the next tick with nothing to do {second:.1f} s "
          f"({second / base:.1f} x); the baseline, a quiet tick over one game, median of 5: {base:.2f} s "
          f"(making the games took {made:.0f} s)")

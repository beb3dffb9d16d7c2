"""`umpire tick` over a folder of GAMES quiet games (1,000 by default; TICK_GAMES sets it), each a
week from its deadline, its players welcomed, the host's SMTP server in umpire.yaml: once without
stamps (the tick looks at every game, and stamps it), then stamped (it passes every game over;
usecases/quiet.py). The baseline, measured in the same run before each stamped tick: a Python
process reading every game's game.yaml once. Goal: the stamped tick over 1,000 games <= 0.5 s.
Run: `pytest tests/benchmarks/test_bench_quiet_tick.py --benchmark-only -s`."""

from __future__ import annotations

import os
import re
import shutil
import sys
import time

import pytest
import yaml
from baseline import against, command, umpire
from conftest import TEST_MAP
from mailhelpers import UMPIRE

from umpire.forked import available_cpus
from umpire.store.mailroom import Mailroom
from umpire.usecases import actions
from umpire.usecases.quiet import STAMPS

GAMES = int(os.environ.get("TICK_GAMES", "1000"))
COMPANIES = ["red:Red Lines:red@example.org", "blue:Blue Star:blue@example.org", "green:Green Valley:green@example.org"]
READ_ALL = ("import os, sys\nfor e in os.scandir(sys.argv[1]):\n"
            "    if e.is_dir() and os.path.isfile(e.path + '/game.yaml'):\n"
            "        open(e.path + '/game.yaml', 'rb').read()\n")

pytestmark = pytest.mark.mail


def games_folder(root, smtp):
    """GAMES copies of one game, each with its own id, welcomed, beside the host's umpire.yaml."""
    games = root / "games"
    folder, _ = actions.create_game(games / "g0000", str(TEST_MAP), "laurin", COMPANIES, seed="quiet",
                                    option_specs=("deadline=7 days",))
    Mailroom(folder.path).log([r for c in folder.company_ids() for r in (
        {"type": "queued", "file": f"welcome-{c}-0.eml", "kind": "welcome", "company": c, "tenure": 0,
         "to": folder.company(c)["email"], "issue": 1}, {"type": "sent", "file": f"welcome-{c}-0.eml"})])
    for n in range(1, GAMES):
        name = f"g{n:04d}"
        shutil.copytree(folder.path, games / name)
        config = games / name / "game.yaml"
        config.write_text(re.sub(r"(?m)^game: .*$", f"game: {name}", config.read_text()))
    (games / "umpire.yaml").write_text(yaml.safe_dump({"mail": {
        "from": UMPIRE, "smtp": {"host": "127.0.0.1", "port": smtp.port, "tls": "none"}}}))
    return games


def test_quiet_tick_over_many_games(benchmark, tmp_path, smtp):
    games = games_folder(tmp_path, smtp)
    time.sleep(2.5)                                # every file settled (usecases/quiet.py, SETTLE)
    start = time.perf_counter()
    umpire("tick", str(games))()
    looked = time.perf_counter() - start
    assert len(os.listdir(games / STAMPS)) == GAMES and not smtp.messages
    ratio = against(benchmark, umpire("tick", str(games)), command(sys.executable, "-c", READ_ALL, str(games)),
                    rounds=7, what=f"quiet tick over {GAMES} games, stamped, against reading every game.yaml")
    stamped = benchmark.stats.stats.median
    empty = tmp_path / "empty"
    empty.mkdir()
    start = time.perf_counter()
    umpire("tick", str(empty))()
    nothing = time.perf_counter() - start
    benchmark.extra_info.update(games=GAMES, looked_at_every_game_s=round(looked, 2), stamped_s=round(stamped, 3),
                                empty_folder_s=round(nothing, 3), cpus=available_cpus())
    print(f"\nquiet tick over {GAMES} games, {available_cpus()} CPUs: looking at every game {looked:.2f} s; "
          f"stamped {stamped:.2f} s ({ratio:.1f} x reading every game.yaml); a tick over an empty folder "
          f"{nothing:.2f} s")

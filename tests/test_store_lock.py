"""The game's lock: one command at a time changes a game, and the next one to take the lock
removes the hidden temporary files a killed write left behind."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from mailhelpers import make_game

from umpire.cli import main
from umpire.errors import UmpireError
from umpire.store import atomic
from umpire.store.lock import game_lock, remove_stale_temporaries

LEFT = [".journal.jsonl.k2x9_0ab", "inbox/.0f3a.eml.abcdefgh", "orders/1/.0001-red.txt.zz12_3yq",
        "newsletters/.001.pdf.q1w2e3r4", "outbox/.r.eml.00000000"]
KEPT = [".keep", "inbox/.notes", "orders/1/.0001-red.txt.TOOLONG12"]


def test_temporary_files_left_by_a_kill_are_removed_by_the_next_command_that_takes_the_lock(tmp_path):
    folder, _ = make_game(tmp_path / "g1")
    for name in LEFT + KEPT:
        (folder.path / name).parent.mkdir(parents=True, exist_ok=True)
        (folder.path / name).write_bytes(b"half written")
    order = tmp_path / "red.txt"
    order.write_text("GAME g1\nCOMPANY red\nHOME Alpha\n")
    result = CliRunner().invoke(main, ["submit", str(folder.path), str(order)])
    assert result.exit_code == 0, result.output
    assert [n for n in LEFT if (folder.path / n).exists()] == []
    assert all((folder.path / n).exists() for n in KEPT), "only the traces of atomic writes are removed"


def test_a_command_waits_for_the_lock_and_then_says_who_holds_it(tmp_path):
    folder, _ = make_game(tmp_path / "g1")
    with game_lock(folder.path):
        with pytest.raises(UmpireError, match="another umpire command"):
            with game_lock(folder.path, wait=0.2):
                pass
    with game_lock(folder.path, wait=0.2):
        pass


def test_a_temporary_file_is_named_after_its_target_and_one_left_behind_never_blocks_a_write(tmp_path):
    target = tmp_path / "inbox" / "k.eml"
    target.parent.mkdir()
    stale = target.parent / f".k.eml.{atomic._TOKEN}"           # what a killed write of this process left
    stale.write_bytes(b"half")
    atomic.write_bytes(target, b"whole")
    with atomic.Batch() as batch:
        batch.write_bytes(tmp_path / "inbox" / "j.eml", b"one")
        batch.write_bytes(tmp_path / "inbox" / "j.eml", b"two")             # the same target again
    assert target.read_bytes() == b"whole" and (tmp_path / "inbox" / "j.eml").read_bytes() == b"two"
    assert remove_stale_temporaries(tmp_path) == [stale], "the lock's clean-up knows the name"
    assert sorted(p.name for p in target.parent.iterdir()) == ["j.eml", "k.eml"]

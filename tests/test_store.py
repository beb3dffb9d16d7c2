"""Storage: atomic writes, the append-only journal, orders kept verbatim."""

import json

import pytest

from umpire.game import Game
from umpire.store import atomic
from umpire.store.folder import GameFolder


def test_atomic_write_leaves_no_temporary_files(tmp_path):
    atomic.write_text(tmp_path / "a" / "f.txt", "one")
    atomic.write_text(tmp_path / "a" / "f.txt", "two")
    assert [p.name for p in (tmp_path / "a").iterdir()] == ["f.txt"]
    assert (tmp_path / "a" / "f.txt").read_text() == "two"


def test_a_failed_write_keeps_the_old_file(tmp_path, monkeypatch):
    target = tmp_path / "f.txt"
    atomic.write_text(target, "old")

    def broken_fsync(fd):
        raise OSError("disk full")
    monkeypatch.setattr(atomic.os, "fsync", broken_fsync)
    with pytest.raises(OSError):
        atomic.write_text(target, "new")
    assert target.read_text() == "old" and [p.name for p in tmp_path.iterdir()] == ["f.txt"]


def test_write_new_never_overwrites(tmp_path):
    assert atomic.write_new(tmp_path / "x", b"first")
    assert not atomic.write_new(tmp_path / "x", b"second")
    assert (tmp_path / "x").read_bytes() == b"first"


def test_journal_appends_keep_every_earlier_byte(tmp_path):
    path = tmp_path / "journal.jsonl"
    atomic.append_lines(path, [{"type": "a", "n": 1}])
    before = path.read_bytes()
    atomic.append_lines(path, [{"type": "b"}, {"type": "c"}])
    after = path.read_bytes()
    assert after.startswith(before)
    assert [json.loads(line)["type"] for line in after.decode().splitlines()] == ["a", "b", "c"]


def test_orders_are_stored_verbatim_under_new_names(tmp_path):
    folder = GameFolder(tmp_path)
    raw = "GAME g\r\nCOMPANY red\r\nBUILD C3-D3  # ünïcode\r\n".encode()
    first = folder.store_raw(1, "red", raw)
    second = folder.store_raw(1, "red", b"again")
    assert str(first) == "orders/1/0001-red.txt" and str(second) == "orders/1/0002-red.txt"
    assert (tmp_path / first).read_bytes() == raw


def test_a_corrupt_journal_line_is_reported_with_its_line(tmp_path):
    (tmp_path / "journal.jsonl").write_text('{"type": "a"}\nnot json\n')
    from umpire.errors import DataError
    with pytest.raises(DataError, match=r"journal.jsonl, line 2"):
        _ = GameFolder(tmp_path).events


# -- append-only files: appended in place, a torn tail cut off ------------------
def test_a_single_record_is_appended_in_place(tmp_path):
    path = tmp_path / "journal.jsonl"
    atomic.append_lines(path, [{"type": "a"}])
    inode = path.stat().st_ino
    atomic.append_lines(path, [{"type": "b"}])
    assert path.stat().st_ino == inode, "appended to the same file, not a rewritten copy"
    assert path.read_text() == '{"type": "a"}\n{"type": "b"}\n'


def test_several_records_land_all_or_none(tmp_path, monkeypatch):
    path = tmp_path / "journal.jsonl"
    atomic.append_lines(path, [{"type": "a"}])
    monkeypatch.setattr(atomic.os, "fsync", lambda fd: (_ for _ in ()).throw(OSError("disk full")))
    with pytest.raises(OSError):
        atomic.append_lines(path, [{"type": "b"}, {"type": "c"}])
    assert path.read_text() == '{"type": "a"}\n' and [p.name for p in tmp_path.iterdir()] == ["journal.jsonl"]


def test_separable_records_are_appended_in_one_write(tmp_path):
    path = tmp_path / "mail.jsonl"
    atomic.append_lines(path, [{"n": 1}])
    inode = path.stat().st_ino
    atomic.append_lines(path, [{"n": 2}, {"n": 3}], separable=True)
    assert path.stat().st_ino == inode and path.read_text() == '{"n": 1}\n{"n": 2}\n{"n": 3}\n'


def test_a_torn_final_line_is_cut_off_before_the_next_append(tmp_path):
    path = tmp_path / "journal.jsonl"
    path.write_bytes(b'{"type": "a"}\n{"type": "b", "ro')          # a crash in the middle of an append
    atomic.append_lines(path, [{"type": "c"}])
    assert path.read_text() == '{"type": "a"}\n{"type": "c"}\n'


def test_a_torn_line_alone_is_cut_off(tmp_path):
    path = tmp_path / "journal.jsonl"
    path.write_bytes(b'{"type": "a"' + b"x" * 10000)                   # longer than one read back
    atomic.append_lines(path, [{"type": "b"}])
    assert path.read_text() == '{"type": "b"}\n'


def test_a_torn_final_line_is_no_event(tmp_path):
    (tmp_path / "journal.jsonl").write_bytes(b'{"type": "a"}\n{"type": "b"}')
    folder = GameFolder(tmp_path)
    assert folder.events == [{"type": "a"}]
    folder.append([{"type": "c"}])
    assert [e["type"] for e in folder.events] == ["a", "c"]


def test_the_journal_is_read_on_from_where_the_last_read_stopped(tmp_path):
    path = tmp_path / "journal.jsonl"
    path.write_bytes(b'{"type": "a"}\n{"type": "b"')
    folder = GameFolder(tmp_path)
    assert len(folder.events) == 1
    with open(path, "ab") as f:                                        # another writer finishes its line
        f.write(b', "n": 2}\n')
    assert folder.journal() == [{"type": "a"}, {"type": "b", "n": 2}]


# -- batches: many files made durable together --------------------------------------
def test_a_batch_shows_nothing_until_it_ends(tmp_path):
    with atomic.Batch() as batch:
        batch.write_bytes(tmp_path / "a" / "x.txt", b"x")
        batch.write_bytes(tmp_path / "b" / "y.txt", b"y")
        assert not (tmp_path / "a" / "x.txt").exists() and not (tmp_path / "b" / "y.txt").exists()
    assert (tmp_path / "a" / "x.txt").read_bytes() == b"x" and (tmp_path / "b" / "y.txt").read_bytes() == b"y"
    assert sorted(p.name for p in tmp_path.rglob("*") if p.is_file()) == ["x.txt", "y.txt"]


def test_a_failed_batch_writes_nothing(tmp_path):
    (tmp_path / "old.txt").write_bytes(b"old")
    with pytest.raises(RuntimeError):
        with atomic.Batch() as batch:
            batch.write_bytes(tmp_path / "old.txt", b"new")
            batch.write_bytes(tmp_path / "new.txt", b"new")
            batch.append_lines(tmp_path / "log.jsonl", [{"n": 1}])
            raise RuntimeError("stop")
    assert [p.name for p in tmp_path.iterdir()] == ["old.txt"] and (tmp_path / "old.txt").read_bytes() == b"old"


def test_a_batch_whose_fsync_fails_writes_nothing(tmp_path, monkeypatch):
    monkeypatch.setattr(atomic.os, "fsync", lambda fd: (_ for _ in ()).throw(OSError("disk full")))
    with pytest.raises(OSError):
        with atomic.Batch() as batch:
            batch.write_bytes(tmp_path / "a.txt", b"a")
            batch.append_lines(tmp_path / "log.jsonl", [{"n": 1}])
    assert list(tmp_path.iterdir()) == []


def test_a_batch_appends_its_lines_after_its_files_are_in_place(tmp_path, monkeypatch):
    seen = []
    real_append = atomic._append
    monkeypatch.setattr(atomic, "_append", lambda path, data: (seen.append((tmp_path / "a.txt").exists()),
                                                               real_append(path, data)))
    with atomic.Batch() as batch:
        batch.append_lines(tmp_path / "log.jsonl", [{"n": 1}])
        batch.write_bytes(tmp_path / "a.txt", b"a")
        batch.append_lines(tmp_path / "log.jsonl", [{"n": 2}])
    assert seen == [True]
    assert (tmp_path / "log.jsonl").read_text() == '{"n": 1}\n{"n": 2}\n'


def test_a_batch_fsyncs_each_file_and_each_folder_once(tmp_path, monkeypatch):
    synced = []
    real_fsync = atomic.os.fsync
    monkeypatch.setattr(atomic.os, "fsync", lambda fd: (synced.append(fd), real_fsync(fd)))
    with atomic.Batch() as batch:
        for n in range(5):
            batch.write_bytes(tmp_path / "a" / f"{n}.txt", b"x")
    assert len(synced) == 5 + 1


def test_a_large_batch_is_made_durable_by_one_syncfs_before_and_one_after_its_renames(tmp_path, monkeypatch):
    names = [tmp_path / "a" / f"{n}.txt" for n in range(atomic.GROUP)] + [tmp_path / "b" / "x.txt"]
    seen, synced = [], []
    monkeypatch.setattr(atomic, "_SYNCFS", lambda fd: seen.append(sum(p.exists() for p in names)) or 0)
    real_fsync = atomic.os.fsync
    monkeypatch.setattr(atomic.os, "fsync", lambda fd: (synced.append(fd), real_fsync(fd)))
    with atomic.Batch() as batch:
        for path in names:
            batch.write_bytes(path, b"x")
    assert seen == [0, len(names)], "one flush before any rename, one after all of them (one file system)"
    assert synced == [], "no fsync file by file"


def test_a_large_batch_whose_syncfs_fails_writes_nothing(tmp_path, monkeypatch):
    monkeypatch.setattr(atomic, "_SYNCFS", lambda fd: -1)
    with pytest.raises(OSError, match="syncfs"):
        with atomic.Batch() as batch:
            for n in range(atomic.GROUP):
                batch.write_bytes(tmp_path / f"{n}.txt", b"x")
    assert list(tmp_path.iterdir()) == []


def test_a_large_batch_without_syncfs_fsyncs_file_by_file(tmp_path, monkeypatch):
    monkeypatch.setattr(atomic, "_SYNCFS", None)
    synced = []
    real_fsync = atomic.os.fsync
    monkeypatch.setattr(atomic.os, "fsync", lambda fd: (synced.append(fd), real_fsync(fd)))
    with atomic.Batch() as batch:
        for n in range(atomic.GROUP):
            batch.write_bytes(tmp_path / f"{n}.txt", b"x")
    assert len(synced) == atomic.GROUP + 1


def test_write_new_in_a_batch_refuses_a_name_already_taken_in_it(tmp_path):
    with atomic.Batch() as batch:
        assert batch.write_new(tmp_path / "x", b"first")
        assert not batch.write_new(tmp_path / "x", b"second")
    assert (tmp_path / "x").read_bytes() == b"first"


def test_a_batch_tells_when_it_ended_and_whether_it_was_written(tmp_path):
    ended = []
    with atomic.Batch() as batch:
        batch.after(ended.append)
    with pytest.raises(RuntimeError):
        with atomic.Batch() as batch:
            batch.after(ended.append)
            raise RuntimeError("stop")
    assert ended == [True, False]


# -- the game folder over batches -----------------------------------------------------
def test_orders_stored_in_a_batch_are_numbered_on_and_journaled_after_it(tmp_path):
    folder = GameFolder(tmp_path)
    folder.store_raw(1, "red", b"one")
    with atomic.Batch() as batch:
        second = folder.store_raw(1, "blue", b"two", batch)
        folder.append([{"type": "order_received", "round": 1, "company": "blue", "file": str(second)}], batch)
        third = folder.store_raw(1, "red", b"three", batch)
        folder.append([{"type": "order_received", "round": 1, "company": "red", "file": str(third)}], batch)
        assert folder.latest_orders(1) == {"blue": str(second), "red": str(third)}, "seen before it is written"
        assert not (tmp_path / "journal.jsonl").exists()
    assert [str(second), str(third)] == ["orders/1/0002-blue.txt", "orders/1/0003-red.txt"]
    assert [e["file"] for e in GameFolder(tmp_path).events] == [str(second), str(third)]


def test_a_stored_order_never_takes_a_name_written_meanwhile(tmp_path):
    folder = GameFolder(tmp_path)
    folder.store_raw(1, "red", b"one")
    (tmp_path / "orders" / "1" / "0002-blue.txt").write_bytes(b"by another hand")
    assert str(folder.store_raw(1, "red", b"three")) == "orders/1/0003-red.txt"
    assert (tmp_path / "orders" / "1" / "0002-blue.txt").read_bytes() == b"by another hand"


def test_events_of_a_failed_batch_are_forgotten(tmp_path):
    folder = GameFolder(tmp_path)
    folder.append([{"type": "a"}])
    with pytest.raises(RuntimeError):
        with atomic.Batch() as batch:
            folder.append([{"type": "b"}], batch)
            assert [e["type"] for e in folder.events] == ["a", "b"]
            raise RuntimeError("stop")
    assert [e["type"] for e in folder.events] == ["a"]
    assert GameFolder(tmp_path).events == [{"type": "a"}]


def test_a_batch_journals_events_one_by_one(tmp_path):
    with atomic.Batch() as batch:
        with pytest.raises(ValueError):
            GameFolder(tmp_path).append([{"type": "a"}, {"type": "b"}], batch)


def test_the_state_is_folded_on_and_equals_a_full_fold(tmp_path):
    from umpire.families.dampfross.engine.state import fold
    events = [{"type": "game_created", "game": "g", "companies": [{"id": "red", "name": "Red"}]},
              {"type": "round_opened", "round": 1, "phase": "construction", "order": ["red"], "budgets": {"red": 20}}]
    folder = GameFolder(tmp_path)
    game = Game.of(folder)
    folder.append(events[:1])
    first = game.state()
    first.round = 99                                                   # a caller's copy is its own
    folder.append(events[1:])
    for got, want in ((game.state(), fold(events)), (Game.open(tmp_path).state(), fold(events))):
        assert (got.game, got.round, got.budgets, list(got.companies)) == (want.game, want.round, want.budgets, ["red"])


APPENDER = """
import sys
from umpire.store import atomic
path, who = sys.argv[1], sys.argv[2]
for n in range(60):
    if n % 10 == 9:
        atomic.append_lines(path, [{"who": who, "n": n, "part": p} for p in range(3)])
    else:
        atomic.append_lines(path, [{"who": who, "n": n, "pad": "x" * 9000}])
"""


def test_appenders_in_two_processes_take_turns(tmp_path):
    import subprocess
    import sys
    path = tmp_path / "journal.jsonl"
    writers = [subprocess.Popen([sys.executable, "-c", APPENDER, str(path), who]) for who in ("a", "b")]
    assert [w.wait(timeout=120) for w in writers] == [0, 0]
    records = [json.loads(line) for line in path.read_text().splitlines()]
    for who in ("a", "b"):
        mine = [(r["n"], r.get("part")) for r in records if r["who"] == who]
        assert mine == [(n, p) for n in range(60) for p in ((0, 1, 2) if n % 10 == 9 else (None,))]
    groups = [i for i, r in enumerate(records) if r.get("part") == 0]
    assert all(records[i + 1].get("part") == 1 and records[i + 2].get("part") == 2 for i in groups)


def test_a_deferred_folder_is_written_without_an_fsync_and_made_durable_by_one_flush_at_its_end(tmp_path, monkeypatch):
    names = [tmp_path / "game" / f"{n}.txt" for n in range(20)]
    seen, synced = [], []
    monkeypatch.setattr(atomic, "_SYNCFS", lambda fd: seen.append(sum(p.exists() for p in names)) or 0)
    monkeypatch.setattr(atomic.os, "fsync", lambda fd: synced.append(fd))
    with atomic.deferred(tmp_path / "game"):
        for path in names:
            atomic.write_bytes(path, b"x")
        atomic.append_lines(tmp_path / "game" / "journal.jsonl", [{"n": 1}])
    assert synced == [] and seen == [len(names)], "no fsync while writing; one flush when every file is in place"
    assert (tmp_path / "game" / "journal.jsonl").read_text() == '{"n": 1}\n'


def test_a_deferred_folder_is_flushed_even_when_the_writing_fails(tmp_path, monkeypatch):
    seen = []
    monkeypatch.setattr(atomic, "_SYNCFS", lambda fd: seen.append(fd) or 0)
    with pytest.raises(RuntimeError):
        with atomic.deferred(tmp_path / "not-yet"):
            atomic.write_bytes(tmp_path / "a.txt", b"x")
            raise RuntimeError("a round that does not fit")
    assert len(seen) == 1 and (tmp_path / "a.txt").read_bytes() == b"x"

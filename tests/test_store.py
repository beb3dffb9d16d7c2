"""Storage: atomic writes, the append-only journal, orders kept verbatim."""

import json

import pytest

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
    raw = "GAME g\r\nCOMPANY red\r\nBUILD C3-D3  # ünïcode\r\n".encode("utf-8")
    first = folder.store_raw(1, "red", raw)
    second = folder.store_raw(1, "red", b"again")
    assert str(first) == "orders/1/0001-red.txt" and str(second) == "orders/1/0002-red.txt"
    assert (tmp_path / first).read_bytes() == raw


def test_a_corrupt_journal_line_is_reported_with_its_line(tmp_path):
    (tmp_path / "journal.jsonl").write_text('{"type": "a"}\nnot json\n')
    from umpire.errors import DataError
    with pytest.raises(DataError, match=r"journal.jsonl, line 2"):
        GameFolder(tmp_path).events

"""Outside a batch, a newsletter's map picture is drawn by a forked process while this one draws the
PDF (usecases/pdf_batch.py): the same files, the picture's failure reaches the command, and no fork
where one would not be safe or would gain nothing."""

from __future__ import annotations

import os
import threading

import pytest

from umpire.usecases import pdf_batch
from umpire.usecases.pdf_batch import PdfBatch, side_by_side, write_pdf


def _pid() -> bytes:
    return str(os.getpid()).encode()


def _fails() -> bytes:
    raise ValueError("no picture")


@pytest.fixture
def may_fork(monkeypatch):
    monkeypatch.setattr(pdf_batch, "side_by_side", lambda: True)


def test_the_picture_is_drawn_by_another_process_and_both_files_are_written(may_fork, tmp_path):
    write_pdf(tmp_path / "a.pdf", _pid, (tmp_path / "a.png", _pid))
    assert (tmp_path / "a.pdf").read_bytes() == _pid()
    assert int((tmp_path / "a.png").read_bytes()) != os.getpid()


def test_where_it_may_not_fork_the_picture_is_drawn_here(monkeypatch, tmp_path):
    monkeypatch.setattr(pdf_batch, "side_by_side", lambda: False)
    write_pdf(tmp_path / "a.pdf", _pid, (tmp_path / "a.png", _pid))
    assert (tmp_path / "a.png").read_bytes() == _pid()


def test_a_picture_that_fails_to_draw_fails_the_command(may_fork, tmp_path):
    with pytest.raises(ValueError, match="no picture"):
        write_pdf(tmp_path / "a.pdf", _pid, (tmp_path / "a.png", _fails))
    assert not (tmp_path / "a.png").exists()


def test_in_a_batch_the_picture_is_not_drawn(may_fork, tmp_path):
    with PdfBatch():
        write_pdf(tmp_path / "a.pdf", _pid, (tmp_path / "a.png", _fails))
    assert (tmp_path / "a.pdf").exists() and not (tmp_path / "a.png").exists()


def test_no_fork_with_one_cpu_beside_a_thread_or_in_a_worker(monkeypatch):
    monkeypatch.setattr(pdf_batch, "available_cpus", lambda: 2)
    monkeypatch.setattr(threading, "active_count", lambda: 1)
    assert side_by_side()
    monkeypatch.setattr(threading, "active_count", lambda: 2)
    assert not side_by_side()
    monkeypatch.setattr(threading, "active_count", lambda: 1)
    monkeypatch.setattr(pdf_batch, "available_cpus", lambda: 1)
    assert not side_by_side()
    monkeypatch.setattr(pdf_batch, "available_cpus", lambda: 2)
    monkeypatch.setattr(pdf_batch.multiprocessing, "parent_process", lambda: object())
    assert not side_by_side()

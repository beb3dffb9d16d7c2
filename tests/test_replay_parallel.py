"""Newsletter PDFs drawn by worker processes are the same bytes as drawn in place; `replay --quick`
checks the journal and the text editions without drawing PDFs; progress bars only on a terminal."""

from __future__ import annotations

import gc
import os

import pytest
from click.testing import CliRunner

from umpire.cli import main, progress
from umpire.store import atomic
from umpire.usecases import demo, pdf_batch
from umpire.usecases.pdf_batch import PdfBatch, worker_count
from umpire.usecases.replay import replay


@pytest.fixture(scope="module")
def played(demo_played):
    return demo_played


def test_pdfs_drawn_by_workers_are_the_bytes_drawn_in_place(played, tmp_path):
    with PdfBatch(workers=2):
        parallel = demo.play(tmp_path / "parallel")
    names = sorted(p.name for p in (played.path / "newsletters").glob("*.pdf"))
    assert len(names) == 10
    for name in names:
        assert (parallel.path / "newsletters" / name).read_bytes() == (played.path / "newsletters" / name).read_bytes()


def _objects_frozen_in_the_worker() -> bytes:
    return str(gc.get_freeze_count()).encode()


def test_the_workers_never_scan_what_they_inherit_and_this_process_stays_unfrozen(tmp_path):
    with PdfBatch(workers=2) as batch:
        batch.add(tmp_path / "count", _objects_frozen_in_the_worker)
        assert gc.get_freeze_count() == 0
    assert int((tmp_path / "count").read_bytes()) > 1000


def test_replay_with_workers_and_without_finds_no_difference(played):
    for workers in (1, 2):
        outcome = replay(played.path, workers=workers)
        assert outcome.differences == [] and len(outcome.newsletters) == 20


def test_a_game_of_few_newsletters_is_drawn_in_this_process(monkeypatch):
    monkeypatch.setattr(pdf_batch, "available_cpus", lambda: 8)
    assert worker_count(pdf_batch.SMALL - 1) == 1
    assert worker_count(pdf_batch.SMALL) == pdf_batch.SMALL
    assert worker_count(100) == 8
    monkeypatch.setattr(pdf_batch, "available_cpus", lambda: 1)
    assert worker_count(100) == 1


def test_quick_replay_compares_the_text_editions_and_draws_no_pdf(played, tmp_path, monkeypatch):
    drawn = []
    monkeypatch.setattr(PdfBatch, "add", lambda self, path, draw: drawn.append(path) if self.draw else None)
    outcome = replay(played.path, quick=True)
    assert outcome.differences == [] and outcome.quick
    assert outcome.newsletters == [f"newsletters/{n:03d}.txt" for n in range(1, 11)]
    assert drawn == []


def test_quick_replay_finds_a_changed_text_edition_and_not_a_changed_pdf(demo_game):
    folder = demo_game
    text = folder.path / "newsletters" / "004.txt"
    text.write_text(text.read_text(encoding="utf-8") + "x\n", encoding="utf-8")
    pdf = folder.path / "newsletters" / "005.pdf"
    pdf.write_bytes(pdf.read_bytes() + b"\n")
    assert [d.file for d in replay(folder.path, quick=True).differences] == ["newsletters/004.txt"]
    assert [d.file for d in replay(folder.path).differences] == ["newsletters/004.txt", "newsletters/005.pdf"]


def test_replay_quick_on_the_command_line(played):
    result = CliRunner().invoke(main, ["replay", "--quick", str(played.path)])
    assert result.exit_code == 0
    assert "the journal and 10 text editions match byte for byte (--quick: the PDFs were not drawn)" in result.output


def test_a_scratch_folder_is_written_without_fsync(tmp_path, monkeypatch):
    def no_fsync(fd):
        raise AssertionError("fsync in a scratch folder")
    with atomic.scratch():
        monkeypatch.setattr(os, "fsync", no_fsync)
        atomic.write_bytes(tmp_path / "a", b"1")
        atomic.append_lines(tmp_path / "j.jsonl", [{"a": 1}])
    assert (tmp_path / "a").read_bytes() == b"1"
    with pytest.raises(AssertionError, match="fsync"):
        atomic.write_bytes(tmp_path / "b", b"2")


def test_no_progress_bar_when_stderr_is_not_a_terminal(played):
    result = CliRunner().invoke(main, ["replay", str(played.path)])
    assert result.exit_code == 0
    assert "Replaying" not in result.output and "Drawing" not in result.output


def test_a_progress_bar_on_a_terminal(played, monkeypatch):
    monkeypatch.setattr(progress, "on_terminal", lambda: True)
    result = CliRunner().invoke(main, ["replay", str(played.path)])
    assert result.exit_code == 0
    assert "Replaying the journal" in result.output and "Drawing the PDFs" in result.output

"""Newsletter PDFs drawn apart from the game's progress: in worker processes, or not at all.

A newsletter's facts are fixed once its events are journaled, so its PDF can be drawn while the
game goes on. Commands that write many newsletters at once (replay, the demo) open a PdfBatch:
inside it each PDF is handed over as a drawing job instead of being drawn on the spot; worker
processes draw the jobs, and on leaving the batch every PDF is written. The bytes are the same
as when drawn on the spot (each job is pickled when it is handed over, so nothing the game does
afterwards can change it). Outside a batch, and in a batch of one worker, a PDF is drawn and
written at once, as always.
"""

from __future__ import annotations

import gc
import multiprocessing
import pickle
import threading
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from contextvars import ContextVar
from pathlib import Path

from .. import forked
from ..forked import available_cpus
from ..render.pdfsettings import prepare
from ..store import atomic

_BATCH: ContextVar[PdfBatch | None] = ContextVar("pdf_batch", default=None)
SMALL = 4           # fewer PDFs than this are drawn in this process: starting workers would cost more


def write_pdf(path: Path, draw: Callable[[], bytes], picture: tuple[Path, Callable[[], bytes]] | None = None):
    """Write the PDF that `draw` makes: now, or through the batch that is open; and the map picture
    for the mail (its path and what draws it), if given, but not while a batch is open (a replay,
    the demo, a played archive: many newsletters at once, none of them mailed then). Outside a
    batch, where it can (`side_by_side`), a forked process draws the picture while this one draws the PDF."""
    batch = _BATCH.get()
    if batch is not None:
        batch.add(Path(path), draw)
    elif picture is None:
        atomic.write_bytes(path, draw())
    elif not side_by_side():
        atomic.write_bytes(path, draw())
        atomic.write_bytes(picture[0], picture[1]())
    else:
        global _INHERITED
        _INHERITED = picture[1]
        try:
            with forked.pool(1) as pool:
                drawn = pool.submit(_draw_inherited)                  # forks: the drawing is inherited, not pickled
                atomic.write_bytes(path, draw())
                atomic.write_bytes(picture[0], drawn.result())
        finally:
            _INHERITED = None


_INHERITED: Callable[[], bytes] | None = None


def _draw_inherited() -> bytes:
    return _INHERITED()


def side_by_side() -> bool:
    """Whether this process may fork one to draw beside it: two CPUs or more, fork available, and a
    process of one thread that is no worker itself (a sweep's workers draw in place)."""
    return (available_cpus() > 1 and "fork" in multiprocessing.get_all_start_methods()
            and threading.active_count() == 1 and multiprocessing.parent_process() is None)


def flush():
    """Write every PDF handed to the open batch so far (before files are moved, as a rollback does)."""
    batch = _BATCH.get()
    if batch is not None:
        batch.flush()


def worker_count(expected: int | None = None) -> int:
    """The workers worth starting for `expected` PDFs (unknown: as many as there are CPUs)."""
    cpus = available_cpus()
    if cpus < 2 or (expected is not None and expected < SMALL):
        return 1
    return cpus if expected is None else min(cpus, expected)


def _draw_pickled(job: bytes) -> bytes:
    return pickle.loads(job)()


class PdfBatch:
    """`with PdfBatch(workers) as batch:` newsletter PDFs are drawn by `workers` processes and
    written when the batch closes; with `draw=False` they are not drawn at all (their paths are
    kept in `skipped`). The maps' pictures for the mail are not drawn in a batch. `done(n, total)`,
    if given, is told as each PDF is written."""

    def __init__(self, workers: int = 1, draw: bool = True, done: Callable[[int, int], None] | None = None):
        self.workers, self.draw, self.done = workers, draw, done
        self.skipped: list[Path] = []
        self._jobs: list[tuple[Path, Future]] = []
        self._written = 0
        self._pool: ProcessPoolExecutor | None = None
        self._token = None

    def __enter__(self) -> PdfBatch:
        self._token = _BATCH.set(self)
        return self

    def add(self, path: Path, draw: Callable[[], bytes]):
        if not self.draw:
            self.skipped.append(path)
            return
        if self.workers <= 1:
            atomic.write_bytes(path, draw())
            self._written += 1
            self._tell(self._written, self._written)
            return
        job = pickle.dumps(draw)
        if self._pool is None:
            self._start(path, job)
        else:
            self._jobs.append((path, self._pool.submit(_draw_pickled, job)))

    def _start(self, path: Path, job: bytes):
        """Start the workers with the first job. The fonts are read here once, not in every worker;
        this process's objects are frozen while the workers are forked (gc.freeze, as Python's gc
        documentation advises before a fork), so the workers' collections never scan what they inherit."""
        prepare()
        gc.freeze()
        try:
            self._pool = forked.pool(self.workers)
            self._jobs.append((path, self._pool.submit(_draw_pickled, job)))     # forks the workers
        finally:
            gc.unfreeze()

    def flush(self):
        """Wait for the PDFs handed over so far and write them, in the order they were handed over."""
        jobs, self._jobs = self._jobs, []
        for path, job in jobs:
            atomic.write_bytes(path, job.result())
            self._written += 1
            self._tell(self._written, self._written + len(self._jobs))

    def __exit__(self, kind, error, trace):
        _BATCH.reset(self._token)
        pool, self._pool = self._pool, None
        if pool is None:
            return
        try:
            if kind is None:
                self.flush()
        finally:
            pool.shutdown(wait=True, cancel_futures=True)

    def _tell(self, n: int, total: int):
        if self.done:
            self.done(n, total)

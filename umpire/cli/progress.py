"""Progress bars for long commands: click's progress bar on stderr when stderr is a terminal,
nothing at all otherwise (so cron mails and pipes stay clean)."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import click


def on_terminal() -> bool:
    return sys.stderr.isatty()


@contextmanager
def progress(label: str) -> Iterator[Callable[[int, int], None]]:
    """A function `step(done, total)` that moves a progress bar labelled `label`; the bar
    appears at the first step and is finished when the block ends."""
    if not on_terminal():
        yield lambda done, total: None
        return
    bar = None

    def step(done: int, total: int):
        nonlocal bar
        if bar is None:
            bar = click.progressbar(length=total, label=label, file=sys.stderr)
        bar.length = max(total, done)
        bar.update(done - bar.pos)
    try:
        yield step
    finally:
        if bar is not None:
            bar.render_finish()

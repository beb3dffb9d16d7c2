"""The text layer of a PDF (its words as a reader finds them), read by `pdftotext` of poppler-utils.

A PDF drawn by another reportlab has other bytes for the same page; its text layer is what is
left to compare. The umpire needs no PDF library of its own for that: where pdftotext is not on
the PATH, `available()` says so and the caller says what was not compared.
"""

from __future__ import annotations

import shutil
import subprocess
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from ..forked import available_cpus

PROGRAM = "pdftotext"
TIMEOUT = 120          # seconds for one PDF (a newsletter takes well under one)


def available() -> bool:
    return shutil.which(PROGRAM) is not None


def text_of(path: Path) -> bytes:
    """The PDF's text layer, UTF-8, in reading order; OSError when pdftotext cannot read it."""
    try:
        done = subprocess.run([PROGRAM, "-q", "-enc", "UTF-8", str(path), "-"], capture_output=True,
                              timeout=TIMEOUT, check=False)
    except subprocess.TimeoutExpired:
        raise OSError(f"{PROGRAM} took more than {TIMEOUT} s to read {path}") from None
    if done.returncode != 0:
        why = done.stderr.decode("utf-8", "replace").strip().splitlines()[:1] or [f"exit status {done.returncode}"]
        raise OSError(f"{PROGRAM} could not read {path.name}: {why[0][:120]}")
    return done.stdout


def texts_of(paths: list[Path]) -> list[bytes | OSError]:
    """The text layers of many PDFs, read side by side (one pdftotext per CPU); each an OSError
    where it could not be read."""
    def one(path: Path) -> bytes | OSError:
        try:
            return text_of(path)
        except OSError as exc:
            return exc
    if len(paths) < 2:
        return [one(p) for p in paths]
    with ThreadPoolExecutor(max_workers=min(available_cpus(), len(paths))) as pool:
        return list(pool.map(one, paths))

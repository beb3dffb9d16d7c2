"""Atomic writes: a temporary file in the same folder, fsync, then rename over the target."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path


def write_bytes(path: Path, data: bytes):
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
    _fsync_dir(path.parent)


def write_text(path: Path, text: str):
    write_bytes(path, text.encode("utf-8"))


def write_new(path: Path, data: bytes) -> bool:
    """Write a file that must never be overwritten; False if it is already there."""
    if Path(path).exists():
        return False
    write_bytes(path, data)
    return True


def append_lines(path: Path, records: list[dict]):
    """Append JSON lines: the old content is kept byte for byte, the whole file swapped atomically."""
    path = Path(path)
    old = path.read_bytes() if path.exists() else b""
    new = "".join(json.dumps(r, ensure_ascii=False, sort_keys=True) + "\n" for r in records)
    write_bytes(path, old + new.encode("utf-8"))


def _fsync_dir(folder: Path):
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)

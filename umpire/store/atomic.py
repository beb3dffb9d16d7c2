"""Atomic, durable writes: a reader never sees a half-written file, and a crash never leaves one.

A file is written under a hidden temporary name in its folder, made durable (fsync), renamed
over its target, and then the folder is made durable. `Batch` does this for many files at once:
all are written first, then made durable in one pass, renamed, and each folder is synced once
(a batch of many files: one syncfs(2) of the file system before the renames and one after, the
group commit of a database, instead of one fsync per file and folder);
the lines it appends to append-only files are written after its files are durable, so a line
never names a file that a crash could lose.

Append-only files (the journal, the mail log) grow in place: one write of whole lines, then
fsync, under an exclusive lock so that writers in several processes take turns. A crash during
an append can leave a final line without its newline: readers ignore such a torn tail
(`complete_lines`), and the next append cuts it off first.
"""

from __future__ import annotations

import fcntl
import json
import os
from collections.abc import Callable
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path

_SCRATCH: ContextVar[bool] = ContextVar("scratch", default=False)


@contextmanager
def scratch():
    """Within it, writes stay atomic but are not made durable (no fsync): for a folder that is
    thrown away afterwards, such as the one replay rebuilds a game in."""
    token = _SCRATCH.set(True)
    try:
        yield
    finally:
        _SCRATCH.reset(token)


@contextmanager
def deferred(folder: Path):
    """Within it, writes stay atomic but are made durable all at once when it ends, by one flush of
    the file system `folder` lies on (where the system has no syncfs, of every file system): for a
    folder written whole in one go, as `umpire play` writes a game, which is simply run again if the
    machine stops half-way."""
    try:
        with scratch():
            yield
    finally:
        existing = next(p for p in (Path(folder), *Path(folder).parents) if p.exists())
        if not _sync_filesystems([existing]):
            os.sync()


def _fsync(fd: int):
    if not _SCRATCH.get():
        os.fsync(fd)


def write_bytes(path: Path, data: bytes):
    with Batch() as batch:
        batch.write_bytes(path, data)


def write_text(path: Path, text: str):
    write_bytes(path, text.encode("utf-8"))


def write_named(path: Path, data: bytes | str):
    """Write a file the user names on the command line (`export --out`, `map render OUT`, `preview
    --pdf`): a relative path, a bare name included, lies in the current folder, and the file gets
    the permissions a new file of the user's gets (0666 less the umask), not the game folder's 0600.
    A folder that cannot be made or written is reported with the path (OSError's filename)."""
    try:
        with Batch() as batch:
            batch.write_bytes(path, data.encode("utf-8") if isinstance(data, str) else data, mode=_user_mode())
    except OSError as exc:            # name the file the user gave, not the temporary one beside it
        raise type(exc)(exc.errno, exc.strerror, os.fspath(path)) from None


def _user_mode() -> int:
    """0666 less the process's umask (read, then set back: the one way POSIX tells it)."""
    mask = os.umask(0o077)
    os.umask(mask)
    return 0o666 & ~mask


def write_new(path: Path, data: bytes) -> bool:
    """Write a file that must never be overwritten; False if it is already there."""
    with Batch() as batch:
        return batch.write_new(path, data)


def move(source: Path, target: Path):
    """Rename a file within the game folder, durably (both folders synced)."""
    os.replace(source, target)
    _fsync_dir(Path(target).parent)
    _fsync_dir(Path(source).parent)


def json_lines(records: list[dict]) -> bytes:
    return "".join(json.dumps(r, ensure_ascii=False, sort_keys=True) + "\n" for r in records).encode("utf-8")


def complete_lines(data: bytes) -> bytes:
    """The data up to its last newline: a final line without one is the trace of a crash."""
    return data[:data.rfind(b"\n") + 1]


def append_lines(path: Path, records: list[dict], separable: bool = False):
    """Append JSON lines to an append-only file; the old content is kept byte for byte.

    One record is appended in place. Several records land all or none: the file is rewritten
    whole and swapped atomically, unless they are `separable` (each stands on its own, so a
    crash may keep any first ones of them): then they too are appended in place, in one write.
    """
    path = Path(path)
    if not records:
        return
    if len(records) == 1 or separable:
        _append(path, json_lines(records))
        return
    fd = _open_locked(path)
    try:
        old = complete_lines(os.pread(fd, os.fstat(fd).st_size, 0))
        write_bytes(path, old + json_lines(records))
    finally:
        os.close(fd)


def append_json_lines(path: Path, data: bytes):
    """Append lines made by `json_lines`, each standing on its own (as `append_lines` with
    `separable`), in one write."""
    if data:
        _append(Path(path), data)


def _append(path: Path, data: bytes):
    created = not path.exists()
    fd = _open_locked(path)
    try:
        _cut_torn_tail(fd)
        _write_all(fd, data)
        _fsync(fd)
    finally:
        os.close(fd)
    if created:
        _fsync_dir(path.parent)


def _open_locked(path: Path) -> int:
    """The append-only file, opened for appending and locked; the lock ends when it is closed.
    A file swapped for a new one (a whole rewrite) while waiting for the lock is opened again."""
    path.parent.mkdir(parents=True, exist_ok=True)
    while True:
        fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_APPEND, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            if os.fstat(fd).st_ino == os.stat(path).st_ino:
                return fd
        except FileNotFoundError:
            pass
        except BaseException:
            os.close(fd)
            raise
        os.close(fd)


def _cut_torn_tail(fd: int, chunk: int = 4096):
    """Truncate a final line that has no newline (an append a crash interrupted)."""
    end = os.fstat(fd).st_size
    if end == 0 or os.pread(fd, 1, end - 1) == b"\n":
        return
    pos = end
    while pos > 0:
        start = max(0, pos - chunk)
        newline = os.pread(fd, pos - start, start).rfind(b"\n")
        if newline >= 0:
            os.ftruncate(fd, start + newline + 1)
            return
        pos = start
    os.ftruncate(fd, 0)


class Batch:
    """Many atomic writes made durable together, for the cost of one pass of fsyncs.

        with atomic.Batch() as batch:
            batch.write_bytes(a, data)
            batch.append_lines(journal, [event])
        # here: every file is in place and durable, then every line appended and durable

    Until the block ends, the files wait under hidden temporary names (`.NAME.XXXXXXXX`, see
    `_temporary`); an exception inside the block removes them and writes nothing. At the end:
    every temporary file is made durable (one syncfs for a large batch, else an fsync each), all
    are renamed over their targets, each folder touched is made durable, and only then are the
    queued lines appended (one write and one fsync per file). A crash at any point leaves each
    target either as it was or complete.
    """

    def __init__(self):
        self._files: dict[str, str] = {}                 # target -> its temporary file
        self._lines: dict[Path, list[bytes]] = {}        # append-only file -> its queued lines
        self._after: list[Callable[[bool], None]] = []
        self._made: set[str] = set()                     # folders known to exist

    def __enter__(self) -> Batch:
        return self

    def __exit__(self, kind, value, trace):
        written = False
        try:
            if kind is None:
                self._commit()
                written = True
            else:
                self._discard()
        finally:
            for callback in self._after:
                callback(written)
        return False

    def pending(self, path: Path) -> bool:
        return os.fspath(path) in self._files

    def write_bytes(self, path: Path, data: bytes, mode: int | None = None):
        """Queue a file (`mode`: its permissions; None: 0600, the game folder's)."""
        path = name = os.fspath(path)
        folder = os.path.dirname(name) or os.curdir
        if folder not in self._made:
            os.makedirs(folder, exist_ok=True)
            self._made.add(folder)
        old = self._files.pop(path, None)
        fd, tmp = _temporary(name, unique=old is not None)
        try:
            try:
                if mode is not None:
                    os.fchmod(fd, mode)
                _write_all(fd, data)
            finally:
                os.close(fd)
        except BaseException:
            os.unlink(tmp)
            if old is not None:
                self._files[path] = old
            raise
        if old is not None:
            os.unlink(old)
        self._files[path] = tmp

    def write_new(self, path: Path, data: bytes) -> bool:
        """Write a file that must never be overwritten; False if it is there or already in the batch."""
        if self.pending(path) or os.path.exists(path):
            return False
        self.write_bytes(path, data)
        return True

    def append_lines(self, path: Path, records: list[dict]):
        """Queue JSON lines for an append-only file. Each record must stand on its own: they are
        appended in one write after the batch's files are durable."""
        self.append_line_bytes(path, json_lines(records))

    def append_line_bytes(self, path: Path, lines: bytes):
        """Queue JSON lines already made (`json_lines`), as append_lines does."""
        self._lines.setdefault(Path(path), []).append(lines)

    def after(self, callback: Callable[[bool], None]):
        """Call `callback(written)` when the batch ends, written or not."""
        self._after.append(callback)

    def _commit(self):
        try:
            folders = dict.fromkeys(os.path.dirname(path) or os.curdir for path in self._files)
            grouped = len(self._files) >= GROUP and _sync_filesystems(folders)
            if not grouped:
                for tmp in self._files.values():
                    _fsync_file(tmp)
            for path, tmp in list(self._files.items()):
                os.replace(tmp, path)
                del self._files[path]
            if not (grouped and _sync_filesystems(folders)):
                for folder in folders:
                    _fsync_dir(folder)
            for path, data in list(self._lines.items()):
                del self._lines[path]
                _append(path, b"".join(data))
        finally:
            self._discard()

    def _discard(self):
        for tmp in self._files.values():
            try:
                os.unlink(tmp)
            except FileNotFoundError:
                pass
        self._files.clear()
        self._lines.clear()


def _write_all(fd: int, data: bytes):
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def _new_token():
    global _TOKEN
    _TOKEN = f"{os.getpid() & 0xFFFFFFFF:08x}"


_TOKEN = ""                                       # this process's temporary names end in it
_new_token()
if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_new_token)


def _temporary(name: str, unique: bool = False) -> tuple[int, str]:
    """A new hidden temporary file beside `name`, open for writing: `.NAME.XXXXXXXX` (the form the
    lock's clean-up knows), named after the target and this process, so that making it costs one
    open(2). A name already taken (a write of the same target in this batch, or one a killed
    process left) falls back to a random one."""
    folder, base = os.path.split(name)
    if not unique:
        tmp = os.path.join(folder, f".{base}.{_TOKEN}")
        try:
            return os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o600), tmp
        except FileExistsError:
            pass
    import tempfile
    return tempfile.mkstemp(prefix=f".{base}.", dir=folder)


GROUP = 8                     # a batch of this many files is made durable by syncfs, not file by file


def _sync_filesystems(folders) -> bool:
    """Flush each file system holding one of `folders` with one syncfs(2): every file written
    there, and every rename, is durable when it returns. False where the system has no syncfs
    (the caller then syncs file by file)."""
    syncfs = _syncfs()
    if syncfs is None:
        return False
    devices = {}
    for folder in folders:
        devices.setdefault(os.stat(folder).st_dev, folder)
    for folder in devices.values():
        fd = os.open(folder, os.O_RDONLY)
        try:
            if syncfs(fd) != 0:
                import ctypes
                err = ctypes.get_errno()
                raise OSError(err, f"syncfs: {os.strerror(err)}", str(folder))
        finally:
            os.close(fd)
    return True


def _syncfs():
    """libc's syncfs, or None (not Linux)."""
    global _SYNCFS
    if _SYNCFS is False:
        import ctypes  # here: loading it costs a command that writes nothing 4 ms
        import ctypes.util
        try:
            libc = ctypes.CDLL(ctypes.util.find_library("c") or None, use_errno=True)
            _SYNCFS = getattr(libc, "syncfs", None)
        except OSError:
            _SYNCFS = None
    return _SYNCFS


_SYNCFS = False                           # not looked up yet


def _fsync_file(path: str):
    fd = os.open(path, os.O_RDONLY)
    try:
        _fsync(fd)
    finally:
        os.close(fd)


def _fsync_dir(folder: Path):
    if _SCRATCH.get():
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        _fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)

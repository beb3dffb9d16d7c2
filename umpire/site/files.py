"""Writing a site: a file is written (atomically, with the permissions the user's files get, not
the game folder's 0600) only where its bytes differ from what is there, so a site run again
rewrites only what changed, and a static host's caches stay valid."""

from __future__ import annotations

from pathlib import Path

from ..store import atomic


class SiteFiles:
    """The files of one site under `root`, and what a run wrote and left as it was."""

    def __init__(self, root: Path):
        self.root = root
        self.written: list[str] = []
        self.unchanged = 0
        self.seen: set[str] = set()

    def read(self, relative: str) -> bytes | None:
        try:
            return (self.root / relative).read_bytes()
        except (FileNotFoundError, NotADirectoryError):
            return None

    def put(self, relative: str, data: bytes | str):
        data = data.encode("utf-8") if isinstance(data, str) else data
        self.seen.add(relative)
        if self.read(relative) == data:
            self.unchanged += 1
            return
        path = self.root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic.write_named(path, data)          # readable as the user's files are: a web server serves them
        self.written.append(relative)

    def copy(self, relative: str, source: Path):
        """A file copied in, compared by size first (a newsletter's PDF is not read when it has not changed size)."""
        target = self.root / relative
        try:
            same_size = target.stat().st_size == source.stat().st_size
        except FileNotFoundError:
            same_size = False
        if same_size and target.read_bytes() == source.read_bytes():
            self.seen.add(relative)
            self.unchanged += 1
            return
        self.put(relative, source.read_bytes())

    def drop(self, relative: str):
        """A file no longer wanted, removed where it is."""
        path = self.root / relative
        if path.is_file():
            path.unlink()
            self.written.append(f"{relative} (removed)")

    def has(self, relative: str) -> bool:
        return (self.root / relative).is_file()

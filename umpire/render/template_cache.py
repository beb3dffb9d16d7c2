"""Newsletter templates compiled once, not in every process: jinja2's bytecode cache, kept in
the user's cache folder ($XDG_CACHE_HOME/umpire, else ~/.cache/umpire).

A cached template is keyed by its name and file and checked against the checksum of its text,
and the folder by the jinja2 and Python versions and the environment's settings that shape
compiled code, so a changed template or setting is compiled anew. A game's own templates (the
folder `uncached`, docs/newsletter.md) are compiled anew in each process and never kept: they
are small, and a replay reads them from a scratch folder of its own each time. The cache never
fails a command: where it cannot be made, read or written, templates are compiled as without it.
"""

from __future__ import annotations

import hashlib
import os
import sys
from pathlib import Path

import jinja2

# The settings of an environment that change the code a template compiles to.
_COMPILE_SETTINGS = ("block_start_string", "block_end_string", "variable_start_string", "variable_end_string",
                     "comment_start_string", "comment_end_string", "line_statement_prefix",
                     "line_comment_prefix", "trim_blocks", "lstrip_blocks", "newline_sequence",
                     "keep_trailing_newline", "optimized", "autoescape", "finalize", "is_async")


def cache_root() -> Path | None:
    """$XDG_CACHE_HOME/umpire, else ~/.cache/umpire; None without either."""
    base = os.environ.get("XDG_CACHE_HOME")
    if not base:
        try:
            base = str(Path.home() / ".cache")
        except RuntimeError:
            return None
    return Path(base) / "umpire"


def fingerprint(env: jinja2.Environment) -> str:
    settings = [(name, repr(getattr(env, name, None))) for name in _COMPILE_SETTINGS]
    settings += [("extensions", repr(sorted(env.extensions))), ("jinja2", jinja2.__version__),
                 ("python", sys.version)]
    return hashlib.sha256(repr(settings).encode("utf-8")).hexdigest()[:20]


class Unkept(jinja2.bccache.Bucket):
    """The bucket of a template compiled anew and not kept."""


class QuietCache(jinja2.FileSystemBytecodeCache):
    """A bytecode cache that a missing, unreadable, unwritable or damaged file never stops, and
    that keeps nothing of the templates in the folder `uncached`."""

    def __init__(self, directory: str, uncached: Path | None = None):
        super().__init__(directory)
        self.uncached = uncached

    def get_bucket(self, environment, name, filename, source):
        if self.uncached is not None and filename and Path(filename).is_relative_to(self.uncached):
            return Unkept(environment, self.get_cache_key(name, filename), self.get_source_checksum(source))
        return super().get_bucket(environment, name, filename, source)

    def set_bucket(self, bucket):
        if not isinstance(bucket, Unkept):
            super().set_bucket(bucket)

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        try:
            super().load_bytecode(bucket)
        except Exception:
            bucket.reset()

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        try:
            super().dump_bytecode(bucket)
        except OSError:
            pass


def for_environment(env: jinja2.Environment, root: Path | None = None,
                    uncached: Path | None = None) -> QuietCache | None:
    """The bytecode cache for templates compiled by `env` (those in `uncached` excepted), or None
    where no folder can be made."""
    root = root or cache_root()
    if root is None:
        return None
    folder = root / f"templates-{fingerprint(env)}"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return QuietCache(str(folder), uncached)

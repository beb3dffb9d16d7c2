"""The standard library's `policy.default` and `policy.SMTP`, building each distinct header once.

The header registry parses a header value into a new object (and a new class) every time a
header is read or set, and folds it again every time it is written; a fetch meets the same
Content-Type, From and Date values hundreds of times. Header objects are immutable, so one made
for a (name, value) pair can be handed out again, and its folded form kept: the results are
exactly those of `policy.default` (tests/test_mail_decode.py compares them), only sooner.
"""

from __future__ import annotations

from email.policy import EmailPolicy, linesep_splitter
from functools import lru_cache


@lru_cache(maxsize=4096)
def _header(factory, name: str, value: str):
    return factory(name, value)


@lru_cache(maxsize=256)
def _max_count(factory, name: str):
    return factory[name].max_count


_folded: dict[tuple[int, int], tuple] = {}      # ids of (policy, header) -> both, and the folded header


class SharedHeaders(EmailPolicy):
    """`policy.default` with header objects made once per (name, value)."""

    def header_max_count(self, name):
        return _max_count(self.header_factory, name.lower())

    def header_store_parse(self, name, value):
        if not isinstance(value, str) or hasattr(value, "name"):
            return super().header_store_parse(name, value)
        if len(value.splitlines()) > 1:
            return super().header_store_parse(name, value)     # raises, as the standard policy does
        return (name, _header(self.header_factory, name, value))

    def fold_binary(self, name, value):
        """A shared header object is folded once per policy (the result is kept with the object)."""
        if not hasattr(value, "name"):
            return super().fold_binary(name, value)
        key = (id(self), id(value))                # unique while the entry keeps both alive
        if key not in _folded:
            if len(_folded) >= 4096:
                _folded.clear()
            _folded[key] = (self, value, super().fold_binary(name, value))
        return _folded[key][2]

    def header_fetch_parse(self, name, value):
        if hasattr(value, "name"):
            return value
        return _header(self.header_factory, name, "".join(linesep_splitter.split(value)))


_forgotten: list = []        # how to clear the other caches of mail reading and replying (see `forgets`)


def forgets(clear):
    """Have `forget` call `clear` too (a cache of decode.py or replies.py); returns it."""
    _forgotten.append(clear)
    return clear


def forget():
    """Drop every shared header and every cache of reading and answering mail (as a new process
    starts), e.g. between benchmark rounds."""
    _header.cache_clear()
    _folded.clear()
    for clear in _forgotten:
        clear()


DEFAULT = SharedHeaders()
SMTP = DEFAULT.clone(linesep="\r\n")

"""The standard library's `policy.default` and `policy.SMTP`, building each distinct header once.

The header registry parses a header value into a new object (and a new class) every time a
header is read or set; a fetch meets the same Content-Type, From and Date values hundreds of
times. Header objects are immutable, so one made for a (name, value) pair can be handed out
again: the results are exactly those of `policy.default`, only sooner.
"""

from __future__ import annotations

from functools import lru_cache

from email.policy import EmailPolicy, linesep_splitter


@lru_cache(maxsize=4096)
def _header(factory, name: str, value: str):
    return factory(name, value)


class SharedHeaders(EmailPolicy):
    """`policy.default` with header objects made once per (name, value)."""

    def header_store_parse(self, name, value):
        if not isinstance(value, str) or hasattr(value, "name"):
            return super().header_store_parse(name, value)
        if len(value.splitlines()) > 1:
            return super().header_store_parse(name, value)     # raises, as the standard policy does
        return (name, _header(self.header_factory, name, value))

    def header_fetch_parse(self, name, value):
        if hasattr(value, "name"):
            return value
        return _header(self.header_factory, name, "".join(linesep_splitter.split(value)))


DEFAULT = SharedHeaders()
SMTP = DEFAULT.clone(linesep="\r\n")

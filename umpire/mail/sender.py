"""Who wrote a message, read strictly: the one address of its one From header, or a refusal.

Authentication and replies rest on the From address alone, parsed with the standard library's
header registry. The display name never counts, nor does Reply-To, nor an address the header
does not write out plainly (an encoded word, a comment inside the address, a quoted local part).
Anything that could be read as two senders is refused, with the reason for the GM. A display name
with a period in it, unquoted (`Carol C. <carol@example.org>`, RFC 5322's obsolete phrase), is
read as the quoted name it stands for (prescan.quoted_names). Of a From field that is refused but
shows one plain address, that address is answered under the reply rule (`one_address`): the
message is never silent to its sender.
"""

from __future__ import annotations

import re

_PLAIN_ADDRESS = re.compile(r"^[^\s\"(),:;<>@\[\]\\\x00-\x1f\x7f]+@[^\s\"(),:;<>@\[\]\\\x00-\x1f\x7f]+$")
_ADDRESS_IN_NAME = re.compile(r"[^\s\"'(),:;<>@\[\]\\]+@[^\s\"'(),:;<>@\[\]\\]+")
_ENCODED_WORD = re.compile(r"=\?[^?\s]*\?[bBqQ]\?[^?\s]*\?=")


def strict_from(msg) -> tuple[str | None, str | None]:
    """(the sender's address in lower case, None) or (None, why the sender is ambiguous)."""
    try:
        headers = msg.get_all("From") or []
    except Exception:                                   # the parser's own defect: nothing to trust
        return None, "its From header cannot be read."
    if not headers:
        return None, "it has no From header."
    if len(headers) > 1:
        return None, f"it has {len(headers)} From headers."
    header = headers[0]
    raw = _raw_value(msg)
    try:
        groups, addresses = header.groups, header.addresses
        defects = [d for d in header.defects if type(d).__name__ != "UndecodableBytesDefect"]
    except Exception:
        return None, "its From header cannot be read."
    if defects or any(g.display_name is not None for g in groups):
        return None, "its From header is not one plain address."
    if len(addresses) != 1:
        return None, f"its From header holds {len(addresses)} addresses."
    address = addresses[0]
    spec = address.addr_spec
    if not _PLAIN_ADDRESS.match(spec) or not spec.isascii():
        return None, "its From address is not a plain address (user@domain)."
    if _ENCODED_WORD.search(_outside_display_name(raw)) or spec.lower() not in raw.lower():
        return None, "its From address is not written out plainly (encoded or with a comment inside)."
    for other in _ADDRESS_IN_NAME.findall(address.display_name or ""):
        if other.strip(".").lower() != spec.lower():
            return None, "the display name of its From header is another address than the sender's."
    return spec.lower(), None


def one_address(values: list[str]) -> str | None:
    """The address a From field that is not read strictly still shows, for the reply rule: of one
    field written `name <user@domain>` (a name without `@`, `<`, `>` or `:`; a comment after it
    without them), that address in lower case; else None (every trick with a second address, a
    group or an address outside the brackets gets no reply at all)."""
    if len(values) != 1:
        return None
    if "=?" in values[0]:                               # an encoded word may hide a second address
        return None
    m = _NAME_AND_ADDRESS.fullmatch(values[0].strip())
    if not m or not _PLAIN_ADDRESS.match(m.group(1)) or not m.group(1).isascii():
        return None
    return m.group(1).lower()


_NAME_AND_ADDRESS = re.compile(r"[^<>@:;]*<([^<>@\s]+@[^<>@\s]+)>\s*(?:\([^()<>@]*\)\s*)?")


def _raw_value(msg) -> str:
    """The From header as it was written (unfolded), before any decoding."""
    for name, value in getattr(msg, "_headers", []):
        if name.lower() == "from":
            text = value if isinstance(value, str) else str(value)
            return re.sub(r"\r?\n[ \t]", " ", text)
    return ""


def _outside_display_name(raw: str) -> str:
    """The part of a From value that holds the address: inside its angle brackets, if it has them."""
    inside = re.findall(r"<([^<>]*)>", raw)
    return inside[-1] if inside else raw

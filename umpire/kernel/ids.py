"""The names the umpire takes from the GM at the door (game ids, company ids, email addresses,
company names), each by a stated rule; a value that breaks it is refused with the rule.

- a game id: 1 to 40 ASCII letters, digits, `-`, `_` or `.`, starting with a letter or digit
  (`ireland-1`); it names the game folder and is written on every order's GAME line;
- a company id: 1 to 20 lower-case ASCII letters, digits or `_`, starting with a letter, not
  `bank` (`red`);
- an email address: `local@domain`, ASCII, no spaces or line breaks; the local part letters,
  digits and ``!#$%&'*+/=?^_`{|}~.-``; the domain dot-separated labels of letters, digits and `-`;
- a company name: any Unicode text of 1 to 60 characters without control characters;
- the GM's reason for a command (`adjust`, `end-construction`): 1 to 200 printable characters on one line.
"""

from __future__ import annotations

import re
import unicodedata

from ..errors import UmpireError

GAME_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,39}", re.ASCII)
GAME_ID_RULE = ("a game id is 1 to 40 ASCII letters, digits, '-', '_' or '.', starting with a letter or digit "
                "(e.g. ireland-1)")
COMPANY_ID = re.compile(r"[a-z][a-z0-9_]{0,19}", re.ASCII)
COMPANY_ID_RULE = ("a company id is 1 to 20 lower-case letters, digits or '_', starting with a letter, "
                   "and not 'bank' (e.g. red)")
_LOCAL = r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*"
_LABEL = r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
EMAIL = re.compile(rf"{_LOCAL}@{_LABEL}(?:\.{_LABEL})*", re.ASCII)
EMAIL_RULE = ("an address is local@domain in ASCII, without spaces or line breaks, "
              "e.g. red@example.org")
NAME_LIMIT = 60
NAME_RULE = f"a name is 1 to {NAME_LIMIT} characters of any script, without control characters or line breaks"
REASON_LIMIT = 200
REASON_RULE = (f"a reason is 1 to {REASON_LIMIT} printable characters on one line; it is printed in the "
               "newsletter")


def shown(value: str, limit: int = 60) -> str:
    """A value for an error message: quoted, control characters escaped, cut to `limit`."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 4] + "...'"


def check_game_id(value: str, where: str = "the game id") -> str:
    if not GAME_ID.fullmatch(value):
        raise UmpireError(f"{where} {shown(value)} cannot be a game id: {GAME_ID_RULE}.",
                          fix="Name the game folder so, or give the id with --id, e.g. --id ireland-1.")
    return value


def check_company_id(value: str, where: str = "the company id") -> str:
    if not COMPANY_ID.fullmatch(value) or value == "bank":
        raise UmpireError(f"{where} {shown(value)} cannot be a company id: {COMPANY_ID_RULE}.")
    return value


def check_email(value: str, where: str = "the address") -> str:
    if len(value) > 254 or not EMAIL.fullmatch(value):
        raise UmpireError(f"{where} {shown(value)} is not an email address: {EMAIL_RULE}.")
    return value


def check_name(value: str, where: str = "the name") -> str:
    bad = next((c for c in value if unicodedata.category(c) in ("Cc", "Zl", "Zp")), None)
    if bad is not None or not value.strip() or len(value) > NAME_LIMIT:
        raise UmpireError(f"{where} {shown(value)} cannot be a company name: {NAME_RULE}.")
    return value


def check_reason(value: str, where: str = "the reason") -> str:
    """The GM's reason for a command, stripped."""
    reason = value.strip()
    if not reason or len(reason) > REASON_LIMIT or any(not c.isprintable() for c in reason):
        raise UmpireError(f"{where} {shown(value)} is not a reason: {REASON_RULE}.")
    return reason

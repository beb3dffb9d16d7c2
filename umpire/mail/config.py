"""Mail settings: the `mail:` section of game.yaml, over a GM-wide umpire.yaml in the folder
that holds the games, under the command-line flags. Passwords come only from an environment
variable or a file outside the game folder, never from a YAML file.

    mail:
      from: umpire@example.org
      gm: [gm@example.org]             # may send orders for any company (with its CODE)
      observers: [watcher@example.org] # get the newsletters
      max_size: 1000000                # bytes; larger messages are refused unread
      imap: {host: imap.example.org, user: umpire, tls: ssl, folder: INBOX, processed: seen,
             password_env: UMPIRE_IMAP_PASSWORD}
      smtp: {host: smtp.example.org, user: umpire, tls: starttls, password_file: /home/gm/.smtp-pw}

umpire.yaml is read by store/gm_file.py, which says what else it holds.
"""

from __future__ import annotations

import ipaddress
import os
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import DataError, UmpireError
from ..store.gm_file import GM_FILE, settings

TLS_MODES = ("ssl", "starttls", "none")
_DEFAULT_PORTS = {"imap": {"ssl": 993, "starttls": 143, "none": 143},
                  "smtp": {"ssl": 465, "starttls": 587, "none": 25}}
_SERVER_KEYS = {"host", "port", "user", "tls", "password_env", "password_file", "cafile"}
_IMAP_KEYS = _SERVER_KEYS | {"folder", "processed"}
_MAIL_KEYS = {"from", "gm", "observers", "max_size", "imap", "smtp"}


@dataclass
class Server:
    kind: str                       # imap | smtp
    host: str | None = None
    port: int | None = None
    user: str | None = None
    tls: str = "ssl"
    password_env: str | None = None
    password_file: str | None = None
    cafile: str | None = None
    folder: str = "INBOX"           # imap only
    processed: str = "seen"         # imap only: "seen", or the name of a folder to move processed mail to

    @property
    def configured(self) -> bool:
        return bool(self.host)

    @property
    def real_port(self) -> int:
        return int(self.port or _DEFAULT_PORTS[self.kind][self.tls])

    def check(self, game_dir: Path):
        flag = f"--{self.kind}"
        if not self.host:
            raise UmpireError(f"no {self.kind.upper()} server is set.",
                              fix=f"Give {flag}-host (and {flag}-port, {flag}-tls) or a mail: {self.kind}: "
                                  "section in game.yaml.")
        if self.tls not in TLS_MODES:
            raise UmpireError(f"{flag}-tls {self.tls!r} is not a TLS mode.", fix="Use ssl, starttls or none.")
        if self.tls == "none" and not _loopback(self.host):
            raise UmpireError(f"{flag}-tls none sends the password in clear text to {self.host}.",
                              fix="Use ssl or starttls; none is only for a server on this machine (127.0.0.1).")
        if self.password_file and _inside(Path(self.password_file).expanduser(), game_dir):
            raise UmpireError(f"the {self.kind.upper()} password file {self.password_file} is inside the game folder.",
                              fix="Keep passwords outside the game folder (it is archived and shared); "
                                  "move the file or use an environment variable.")

    def password(self) -> str | None:
        if self.password_env:
            value = os.environ.get(self.password_env)
            if value is None:
                raise UmpireError(f"the environment variable {self.password_env} is not set.",
                                  fix=f"Set it to the {self.kind.upper()} password before running the command.")
            return value
        if self.password_file:
            path = Path(self.password_file).expanduser()
            try:
                return path.read_text(encoding="utf-8").strip()
            except OSError as exc:
                raise UmpireError(
                    f"cannot read the {self.kind.upper()} password file {path}: {exc.strerror}.") from None
        return None


@dataclass
class MailConfig:
    imap: Server = field(default_factory=lambda: Server("imap"))
    smtp: Server = field(default_factory=lambda: Server("smtp", tls="starttls"))
    from_addr: str | None = None
    gm: list[str] = field(default_factory=list)
    observers: list[str] = field(default_factory=list)
    max_size: int = 1_000_000

    def sender(self) -> str:
        if not self.from_addr:
            raise UmpireError("no From address for outgoing mail is set.",
                              fix="Give --from ADDR or `from:` in the mail: section of game.yaml.")
        return self.from_addr


def _loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _inside(path: Path, folder: Path) -> bool:
    try:
        path.resolve().relative_to(folder.resolve())
        return True
    except ValueError:
        return False


def _section(path: Path) -> dict:
    """The `mail:` section of umpire.yaml or game.yaml, its keys checked ({} where it has none)."""
    section = settings(path).get("mail")
    if section is None:
        return {}
    _validate(section, _MAIL_KEYS, str(path), "mail")
    for kind, keys in (("imap", _IMAP_KEYS), ("smtp", _SERVER_KEYS)):
        if kind in section:
            _validate(section[kind], keys, str(path), f"mail.{kind}")
    return section


def _validate(section, allowed: set[str], where: str, name: str):
    if not isinstance(section, dict):
        raise DataError(f"{name} must be a mapping of keys to values.", where)
    if "password" in section:
        raise DataError(f"{name}.password: passwords are never kept in a YAML file.", where,
                        "Use password_env (an environment variable) or password_file (a file outside the game folder).")
    unknown = sorted(set(section) - allowed)
    if unknown:
        raise DataError(f"{name}: unknown key {unknown[0]!r}.", where, f"The keys are {', '.join(sorted(allowed))}.")


def _addresses(value) -> list[str]:
    if not value:
        return []
    items = value if isinstance(value, list) else [value]
    return [str(a).strip().lower() for a in items if str(a).strip()]


def load_config(mail_dir: Path, games_dir: Path | None = None, overrides: dict | None = None) -> MailConfig:
    """The settings for a game folder (or a folder of games with --all): umpire.yaml, then
    game.yaml, then `overrides` ({"imap": {...}, "smtp": {...}, "from": ...}; None values ignored)."""
    layers = [_section((games_dir or mail_dir.parent) / GM_FILE), _section(mail_dir / "game.yaml"),
              overrides or {}]
    merged: dict = {"imap": {}, "smtp": {}}
    for layer in layers:
        for key, value in layer.items():
            if key in ("imap", "smtp"):
                merged[key].update({k: v for k, v in (value or {}).items() if v is not None})
            elif value is not None:
                merged[key] = value
    config = MailConfig(
        imap=Server("imap", **merged["imap"]),
        smtp=Server("smtp", **{"tls": "starttls", **merged["smtp"]}),
        from_addr=merged.get("from"),
        gm=_addresses(merged.get("gm")),
        observers=_addresses(merged.get("observers")),
        max_size=int(merged.get("max_size", 1_000_000)),
    )
    return config


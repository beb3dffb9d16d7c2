"""Real mail servers for the tests: Dovecot (IMAP) and aiosmtpd (SMTP) on 127.0.0.1.

Dovecot runs in the foreground from a configuration in a temporary folder and is stopped at
teardown. Without Dovecot the tests that need it skip, except in CI (CI=true), where they fail.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import pytest
from imapclient import IMAPClient

IN_CI = os.environ.get("CI", "").lower() == "true"
PASSWORD_ENV = "UMPIRE_TEST_IMAP_PASSWORD"
PASSWORD = "secret"
USERS = 400          # mailboxes of a test process's Dovecot: enough for every mail test of the suite in one process

CONF = """\
base_dir = {d}/run
state_dir = {d}/state
log_path = {d}/dovecot.log
protocols = imap
listen = 127.0.0.1
{ssl}
disable_plaintext_auth = no
auth_mechanisms = plain login
default_login_user = {login}
default_internal_user = {internal}
default_internal_group = {group}
mail_location = maildir:~/Maildir
passdb {{
  driver = passwd-file
  args = scheme=PLAIN username_format=%u {d}/passwd
}}
userdb {{
  driver = passwd-file
  args = username_format=%u {d}/passwd
}}
service anvil {{
  chroot =
}}
service imap-login {{
  chroot =
  inet_listener imap {{
    address = 127.0.0.1
    port = {port}
  }}
  inet_listener imaps {{
    address = 127.0.0.1
    port = {tls_port}
  }}
}}
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def need(what: str):
    """Skip outside CI, fail in CI: the mail tests must run there."""
    if IN_CI:
        pytest.fail(f"{what} (CI=true: the mail tests must run; .ci/run installs dovecot-imapd)")
    pytest.skip(what)


def dovecot_binary() -> str | None:
    return shutil.which("dovecot") or next((p for p in ("/usr/sbin/dovecot",) if os.path.exists(p)), None)


@dataclass
class Dovecot:
    """A running Dovecot with mailboxes made on demand (one per test keeps tests apart)."""

    folder: Path
    port: int
    process: subprocess.Popen
    uid: int
    gid: int
    used: int = 0
    tls_port: int = 0                  # implicit TLS (IMAPS), when started with a certificate

    def new_user(self) -> str:
        """A mailbox no test has used (all are made before the server starts: Dovecot caches its user file)."""
        self.used += 1
        if self.used > USERS:
            raise RuntimeError(f"the test Dovecot has only {USERS} mailboxes; raise USERS in tests/mailservers.py")
        return f"u{self.used}"

    def client(self, user: str) -> IMAPClient:
        client = IMAPClient("127.0.0.1", port=self.port, ssl=False, timeout=10)
        client.login(user, PASSWORD)
        return client

    def deliver(self, user: str, messages: list[bytes], folder: str = "INBOX", flags=()):
        client = self.client(user)
        try:
            for raw in messages:
                client.append(folder, raw, flags=flags)
        finally:
            client.logout()

    def logins(self, user: str, count: int) -> list[str]:
        """The server's log lines of the user's first `count` logins (`TLS` in one that came over TLS)."""
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            log = (self.folder / "dovecot.log").read_text(errors="replace")
            found = [line for line in log.splitlines() if f"Login: user=<{user}>" in line]
            if len(found) >= count:
                return found[:count]
            time.sleep(0.05)
        raise AssertionError(f"Dovecot logged fewer than {count} logins of {user}")

    def flags(self, user: str) -> list[tuple]:
        client = self.client(user)
        try:
            client.select_folder("INBOX", readonly=True)
            uids = client.search(["ALL"])
            return [v[b"FLAGS"] for _, v in sorted(client.fetch(uids, ["FLAGS"]).items())] if uids else []
        finally:
            client.logout()


def make_certificate(folder: Path) -> tuple[Path, Path]:
    """A self-signed certificate for 127.0.0.1 (cert.pem, key.pem), made with the openssl command."""
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-nodes", "-newkey", "rsa:2048", "-days", "2", "-subj", "/CN=127.0.0.1",
                    "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", str(key), "-out", str(cert)],
                   check=True, capture_output=True)
    return cert, key


def start_dovecot(tls: tuple[Path, Path] | None = None) -> Dovecot:
    """Dovecot on 127.0.0.1; with a (cert, key) pair it also speaks STARTTLS and IMAPS."""
    binary = dovecot_binary()
    if binary is None:
        need("Dovecot is not installed (apt-get install dovecot-imapd)")
    folder = Path(tempfile.mkdtemp(prefix="umpire-dovecot-"))
    folder.chmod(0o711)
    root = os.getuid() == 0
    uid, gid = (65534, 65534) if root else (os.getuid(), os.getgid())
    me = None if root else _user_name()
    (folder / "mail").mkdir()
    os.chown(folder / "mail", uid, gid)
    lines = []
    for n in range(1, USERS + 1):
        home = folder / "mail" / f"u{n}"
        home.mkdir()
        os.chown(home, uid, gid)
        lines.append(f"u{n}:{{PLAIN}}{PASSWORD}:{uid}:{gid}::{home}::\n")
    (folder / "passwd").write_text("".join(lines))
    port, tls_port = free_port(), (free_port() if tls else 0)
    ssl = f"ssl = yes\nssl_cert = <{tls[0]}\nssl_key = <{tls[1]}" if tls else "ssl = no"
    conf = CONF.format(d=folder, port=port, tls_port=tls_port, ssl=ssl, login="dovenull" if root else me,
                       internal="dovecot" if root else me, group="dovecot" if root else _group_name())
    (folder / "dovecot.conf").write_text(conf)
    process = subprocess.Popen([binary, "-F", "-c", str(folder / "dovecot.conf")],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        if process.poll() is not None:
            error = process.stderr.read().decode(errors="replace")
            shutil.rmtree(folder, ignore_errors=True)
            need(f"Dovecot did not start: {error.strip()[:300]}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1) as s:
                s.settimeout(2)
                if s.recv(64).startswith(b"* OK"):
                    return Dovecot(folder, port, process, uid, gid, tls_port=tls_port)
        except OSError:
            time.sleep(0.02)
    process.terminate()
    shutil.rmtree(folder, ignore_errors=True)
    need("Dovecot did not answer within 10 s")


def stop_dovecot(server: Dovecot):
    server.process.terminate()
    try:
        server.process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        server.process.kill()
        server.process.wait()
    shutil.rmtree(server.folder, ignore_errors=True)


def _user_name() -> str:
    import pwd
    return pwd.getpwuid(os.getuid()).pw_name


def _group_name() -> str:
    import grp
    return grp.getgrgid(os.getgid()).gr_name


# ---------------------------------------------------------------------------
GREYLISTED = "451 4.7.1 Greylisted, please try again later"


class Smtp:
    """An aiosmtpd server keeping every message it receives; it refuses the recipients in `refuse`
    (550), greylists those in `greylist` (451 at their first RCPT, then takes them), puts off those
    in `put_off` at every RCPT (451), and answers a whole stage ("HELO", "MAIL", "DATA") with the
    reply in `replies` while it is there. `rcpts` lists every RCPT address it was offered."""

    def __init__(self, **tls):
        """`tls_context=ctx` offers STARTTLS; `ssl_context=ctx` speaks TLS from the first byte."""
        from aiosmtpd.controller import Controller

        self.messages: list[bytes] = []
        self.envelopes: list[tuple[str, list[str]]] = []
        self.refuse: set[str] = set()
        self.greylist: set[str] = set()
        self.put_off: set[str] = set()
        self.replies: dict[str, str] = {}
        self.rcpts: list[str] = []
        outer = self

        class Handler:
            async def handle_EHLO(self, server, session, envelope, hostname, responses):
                if "HELO" in outer.replies:
                    return [outer.replies["HELO"]]
                session.host_name = hostname
                return responses

            async def handle_HELO(self, server, session, envelope, hostname):
                if "HELO" in outer.replies:
                    return outer.replies["HELO"]
                session.host_name = hostname
                return f"250 {server.hostname}"

            async def handle_MAIL(self, server, session, envelope, address, mail_options):
                if "MAIL" in outer.replies:
                    return outer.replies["MAIL"]
                envelope.mail_from = address
                envelope.mail_options.extend(mail_options)
                return "250 OK"

            async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
                outer.rcpts.append(address)
                if address in outer.refuse:
                    return f"550 5.1.1 <{address}>: no such user here"
                if address in outer.greylist:
                    outer.greylist.discard(address)
                    return GREYLISTED
                if address in outer.put_off:
                    return f"451 4.3.0 <{address}>: mailbox busy, try again later"
                envelope.rcpt_tos.append(address)
                return "250 OK"

            async def handle_DATA(self, server, session, envelope):
                if "DATA" in outer.replies:
                    return outer.replies["DATA"]
                outer.messages.append(envelope.original_content or envelope.content)
                outer.envelopes.append((envelope.mail_from, list(envelope.rcpt_tos)))
                return "250 OK"

        self.port = free_port()
        self.controller = Controller(Handler(), hostname="127.0.0.1", port=self.port, **tls)
        self.controller.start()
        self.running = True

    def stop(self):
        if self.running:
            self.controller.stop()
            self.running = False


@pytest.fixture(scope="session")
def dovecot():
    server = start_dovecot()
    yield server
    stop_dovecot(server)


@pytest.fixture
def smtp():
    server = Smtp()
    yield server
    server.stop()


@pytest.fixture
def mailbox(dovecot, monkeypatch):
    """A fresh, empty mailbox user for one test, with its password in the environment."""
    monkeypatch.setenv(PASSWORD_ENV, PASSWORD)
    return dovecot.new_user()

"""The TLS modes against real servers: IMAPS and STARTTLS on Dovecot, STARTTLS and implicit TLS
on aiosmtpd, each with a self-signed certificate the umpire is told to trust (`cafile`)."""

from __future__ import annotations

import shutil
import ssl
import tempfile
from pathlib import Path

import pytest
from click.testing import CliRunner
from mailhelpers import NOW, UMPIRE, email, make_game, order_text
from mailservers import PASSWORD, PASSWORD_ENV, Smtp, make_certificate, start_dovecot, stop_dovecot

from umpire.cli import main
from umpire.errors import UmpireError
from umpire.mail.config import load_config
from umpire.mail.fetch import Fetcher

pytestmark = pytest.mark.mail


@pytest.fixture(scope="module")
def certificate():
    folder = Path(tempfile.mkdtemp(prefix="umpire-tls-"))
    folder.chmod(0o711)
    yield make_certificate(folder)
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="module")
def tls_dovecot(certificate):
    server = start_dovecot(tls=certificate)
    yield server
    stop_dovecot(server)


@pytest.fixture
def game(tmp_path, monkeypatch):
    monkeypatch.setenv(PASSWORD_ENV, PASSWORD)
    return make_game(tmp_path / "g1")


def server_context(certificate):
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(*certificate)
    return context


def fetch(folder, dovecot, user, tls, port, cafile):
    config = load_config(folder.path, None, {
        "imap": {"host": "127.0.0.1", "port": port, "user": user, "tls": tls, "password_env": PASSWORD_ENV,
                 "cafile": cafile}, "from": UMPIRE})
    return Fetcher(folder.path, config, now=NOW).run()


@pytest.mark.parametrize("tls", ["ssl", "starttls"])
def test_orders_are_fetched_over_tls(game, tls_dovecot, certificate, tls):
    folder, codes = game
    user = tls_dovecot.new_user()
    tls_dovecot.deliver(user, [email(order_text("g1", "red", codes["red"], "HOME Alpha"), msgid=f"<{tls}@x.org>")])
    port = tls_dovecot.tls_port if tls == "ssl" else tls_dovecot.port
    outcomes = fetch(folder, tls_dovecot, user, tls, port, str(certificate[0]))
    assert [o.status for o in outcomes] == ["accepted"]
    delivered, fetched = tls_dovecot.logins(user, 2)
    assert ", TLS," not in delivered and ", TLS," in fetched


def test_a_server_certificate_that_is_not_trusted_is_refused(game, tls_dovecot):
    folder, _ = game
    user = tls_dovecot.new_user()
    with pytest.raises(UmpireError, match="certificate the umpire cannot trust.*give its file as cafile"):
        fetch(folder, tls_dovecot, user, "ssl", tls_dovecot.tls_port, None)
    assert not any((folder.path / "inbox").iterdir())


def test_without_tls_the_login_is_logged_as_plain(game, tls_dovecot):
    folder, _ = game
    user = tls_dovecot.new_user()
    fetch(folder, tls_dovecot, user, "none", tls_dovecot.port, None)
    (fetched,) = tls_dovecot.logins(user, 1)
    assert ", TLS," not in fetched


@pytest.mark.parametrize("tls", ["ssl", "starttls"])
def test_newsletters_are_sent_over_tls(game, certificate, tls):
    folder, _ = game
    kind = {"ssl": "ssl_context", "starttls": "tls_context"}[tls]
    smtp = Smtp(**{kind: server_context(certificate)}, **({"require_starttls": True} if tls == "starttls" else {}))
    try:
        (folder.path / "game.yaml").write_text((folder.path / "game.yaml").read_text()
                                               + f"mail:\n  smtp: {{cafile: {certificate[0]}}}\n")
        result = CliRunner().invoke(main, ["mail", "send", str(folder.path), "--smtp-host", "127.0.0.1",
                                           "--smtp-port", str(smtp.port), "--smtp-tls", tls, "--from", UMPIRE])
        assert result.exit_code == 0, result.output
        assert len(smtp.messages) == 2
    finally:
        smtp.stop()

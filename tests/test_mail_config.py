"""Mail settings: layers, flags over files, and where passwords may come from."""

from __future__ import annotations

import pytest
import yaml
from mailhelpers import make_game

from umpire.errors import UmpireError
from umpire.mail.config import load_config


def write_mail(path, section):
    data = yaml.safe_load(path.read_text()) if path.exists() else {}
    data["mail"] = section
    path.write_text(yaml.safe_dump(data))


@pytest.fixture
def game_dir(tmp_path):
    folder, _ = make_game(tmp_path / "games" / "g1")
    return folder.path


def test_game_yaml_overrides_the_gm_wide_file_and_flags_override_both(game_dir):
    write_mail(game_dir.parent / "umpire.yaml", {"from": "gm@example.org",
                                                  "imap": {"host": "imap.example.org", "user": "gm"}})
    write_mail(game_dir / "game.yaml", {"imap": {"user": "game1"}})
    config = load_config(game_dir, overrides={"imap": {"host": "127.0.0.1", "user": None}})
    assert (config.imap.host, config.imap.user, config.from_addr) == ("127.0.0.1", "game1", "gm@example.org")


def test_default_ports_follow_the_tls_mode(game_dir):
    config = load_config(game_dir, overrides={"imap": {"tls": "ssl"}, "smtp": {"tls": "starttls"}})
    assert (config.imap.real_port, config.smtp.real_port) == (993, 587)


def test_a_password_in_yaml_is_refused(game_dir):
    write_mail(game_dir / "game.yaml", {"imap": {"host": "h", "password": "hunter2"}})
    with pytest.raises(UmpireError, match="passwords are never kept"):
        load_config(game_dir)


def test_unknown_mail_key_is_refused(game_dir):
    write_mail(game_dir / "game.yaml", {"imap": {"hostname": "h"}})
    with pytest.raises(UmpireError, match="unknown key 'hostname'"):
        load_config(game_dir)


def test_password_file_inside_the_game_folder_is_refused(game_dir):
    (game_dir / "pw").write_text("x")
    config = load_config(game_dir, overrides={"imap": {"host": "127.0.0.1", "tls": "none",
                                                       "password_file": str(game_dir / "pw")}})
    with pytest.raises(UmpireError, match="inside the game folder"):
        config.imap.check(game_dir)


def test_password_file_outside_the_game_folder_is_read(game_dir, tmp_path):
    (tmp_path / "pw").write_text("s3cret\n")
    config = load_config(game_dir, overrides={"smtp": {"password_file": str(tmp_path / "pw")}})
    assert config.smtp.password() == "s3cret"


def test_password_env_not_set_is_a_clear_error(game_dir, monkeypatch):
    monkeypatch.delenv("UMPIRE_NO_SUCH_VAR", raising=False)
    config = load_config(game_dir, overrides={"imap": {"password_env": "UMPIRE_NO_SUCH_VAR"}})
    with pytest.raises(UmpireError, match="UMPIRE_NO_SUCH_VAR is not set"):
        config.imap.password()


def test_clear_text_login_to_a_remote_host_is_refused(game_dir):
    config = load_config(game_dir, overrides={"imap": {"host": "imap.example.org", "tls": "none"}})
    with pytest.raises(UmpireError, match="clear text"):
        config.imap.check(game_dir)


def test_clear_text_to_loopback_is_allowed(game_dir):
    config = load_config(game_dir, overrides={"imap": {"host": "127.0.0.1", "tls": "none"}})
    config.imap.check(game_dir)

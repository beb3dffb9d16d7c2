"""The game folder is closed (docs/gm.md): the umpire reads and writes only inside it, follows
no symbolic link there and takes no absolute or `..` path from the journal; a folder that breaks
this is refused with the path named. Ids, addresses and names are checked at the door by their
stated rules (umpire/kernel/ids.py)."""

import json
import os

import pytest
from click.testing import CliRunner
from conftest import TEST_MAP, copy_of_made_once
from hypothesis import given, settings
from hypothesis import strategies as st

from umpire.cli import main
from umpire.errors import UmpireError
from umpire.kernel import ids

COMPANIES = ["--company", "red:Red Lines:red@example.org", "--company", "blue:Blue Star:blue@example.org"]


def umpire(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.fixture
def game(tmp_path, tmp_path_factory):
    """tmp_path/g as `umpire new` makes it (a copy of the game made once)."""
    def make(root):
        result = umpire("new", root / "g", "--map", TEST_MAP, "--rules", "laurin", *COMPANIES, "--seed", "s")
        assert result.exit_code == 0
    return copy_of_made_once(tmp_path_factory, "folder-closed", make, tmp_path) / "g"


@pytest.fixture
def outside(tmp_path):
    secret = tmp_path / "outside.txt"
    secret.write_text("GAME g\nCOMPANY red\nHOME Alpha\nBUILD C3-D3\n# the secret outside the game\n")
    return secret


def submit(tmp_path, folder, text):
    path = tmp_path / "o.txt"
    path.write_text(text)
    return umpire("submit", folder, path)


def append_event(folder, event):
    with open(folder / "journal.jsonl", "a") as f:
        f.write(json.dumps(event) + "\n")


def test_a_stored_order_that_is_a_symlink_is_not_followed(game, tmp_path, outside):
    assert submit(tmp_path, game, "GAME g\nCOMPANY red\nHOME Alpha\n").exit_code == 0
    stored = game / "orders" / "1" / "0001-red.txt"
    stored.unlink()
    stored.symlink_to(outside)
    result = umpire("resolve", game, "--force")
    assert result.exit_code == 1 and "0001-red.txt" in result.output and "symbolic link" in result.output
    assert not (game / "newsletters" / "002.txt").exists()


@pytest.mark.parametrize("path", ["/etc/passwd", "../outside.txt", "orders/../../outside.txt", "orders\\..\\x"])
def test_a_journal_line_naming_a_path_outside_the_game_is_refused(game, path):
    append_event(game, {"type": "order_received", "round": 1, "company": "red", "file": path, "via": "submit",
                        "errors": [], "replaces": None})
    result = umpire("resolve", game, "--force")
    assert result.exit_code == 1 and "a path outside the game folder" in result.output
    assert "journal.jsonl" in result.output


@pytest.mark.parametrize("entry", ["orders", "newsletters", "journal.jsonl", "secrets.yaml"])
def test_a_folder_with_a_symlinked_entry_is_refused_by_every_command(game, tmp_path, entry):
    target = tmp_path / f"elsewhere-{entry}"
    os.rename(game / entry, target)
    (game / entry).symlink_to(target)
    for command in (["status"], ["resolve", "--force"], ["preview"], ["replay"]):
        result = umpire(command[0], game, *command[1:])
        assert result.exit_code == 1 and f"{game / entry} is a symbolic link" in result.output, command


def test_a_symlinked_round_folder_or_newsletter_is_refused(game, tmp_path, outside):
    (game / "newsletters" / "001.txt").unlink()
    (game / "newsletters" / "001.txt").symlink_to(outside)
    result = umpire("status", game)
    assert result.exit_code == 1 and "001.txt is a symbolic link" in result.output


def test_a_round_folder_that_is_a_symlink_is_refused(game, tmp_path):
    (tmp_path / "round1").mkdir()
    (game / "orders" / "1").symlink_to(tmp_path / "round1")
    result = submit(tmp_path, game, "GAME g\nCOMPANY red\nHOME Alpha\n")
    assert result.exit_code == 1 and "orders/1 is a symbolic link" in result.output
    assert list((tmp_path / "round1").iterdir()) == []


def test_a_recorded_dice_file_outside_the_game_is_refused(game):
    text = (game / "game.yaml").read_text().replace("mode: seeded", "mode: recorded\n  file: /etc/hostname")
    (game / "game.yaml").write_text(text)
    result = umpire("resolve", game, "--force")
    assert result.exit_code == 1 and "a path outside the game folder" in result.output


def test_a_rollback_event_moving_files_outside_is_refused(game, tmp_path):
    append_event(game, {"type": "rollback", "to_round": 1, "undoes": [10**6, 10**6],
                        "superseded": {"newsletters/001.txt": "../stolen.txt"}, "orders": []})
    result = umpire("resolve", game, "--force")
    assert result.exit_code == 1 and "a path outside the game folder" in result.output
    assert not (tmp_path / "stolen.txt").exists() and (game / "newsletters" / "001.txt").exists()


def test_a_game_yaml_with_a_game_id_breaking_the_rule_is_refused(game):
    text = (game / "game.yaml").read_text().replace("game: g\n", "game: \"g\\nBcc: x@example.org\"\n")
    (game / "game.yaml").write_text(text)
    result = umpire("status", game)
    assert result.exit_code == 1 and "is not one: a game id is 1 to 40" in result.output


# -- ids at the door ------------------------------------------------------------------------------
@pytest.mark.parametrize("spec, words", [
    ("Red-1:Red", "cannot be a company id: a company id is 1 to 20 lower-case letters"),
    ("bank:The Bank", "cannot be a company id"),
    ("a" * 21 + ":Long", "cannot be a company id"),
    ("red:Red:red@", "is not an email address: an address is local@domain"),
    ("red:Red:red", "is not an email address"),
    ("red:Red:red@example.org\nBcc: x@example.org", "is not an email address"),
    ("red:Red:red@exa mple.org", "is not an email address"),
    ("red:Red\rLines:red@example.org", "cannot be a company name"),
    ("red:" + "R" * 61 + ":red@example.org", "cannot be a company name"),
])
def test_new_refuses_ids_addresses_and_names_breaking_their_rule(tmp_path, spec, words):
    result = umpire("new", tmp_path / "g", "--map", TEST_MAP, "--rules", "laurin", "--company", spec,
                    "--company", "blue:Blue")
    assert result.exit_code == 1 and words in result.output
    assert not (tmp_path / "g").exists()


def test_names_in_any_script_are_taken(tmp_path):
    result = umpire("new", tmp_path / "g", "--map", TEST_MAP, "--rules", "laurin", "--company", "red:Große Bahn",
                    "--company", "blue:東海道本線:blue@example.org", "--seed", "s")
    assert result.exit_code == 0, result.output
    assert "東海道本線" in (tmp_path / "g" / "newsletters" / "001.txt").read_text()


@pytest.mark.parametrize("name", ["My Game 1", "x" * 300, "spiel-\u00e4", "line\nbreak", ".hidden", "-x"])
def test_new_refuses_a_folder_name_that_is_no_game_id(tmp_path, name):
    result = umpire("new", tmp_path / name, "--map", TEST_MAP, "--rules", "laurin", *COMPANIES)
    assert result.exit_code == 1 and "cannot be a game id" in result.output and "Traceback" not in result.output


def test_a_folder_path_the_system_cannot_make_is_a_clear_refusal(tmp_path):
    result = umpire("new", tmp_path / ("x" * 300), "--id", "long", "--map", TEST_MAP, "--rules", "laurin", *COMPANIES)
    assert result.exit_code == 1 and "as the game folder: File name too long" in result.output


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=80))
def test_every_check_accepts_by_its_rule_or_refuses_with_it(text):
    for check, pattern in ((ids.check_game_id, ids.GAME_ID), (ids.check_company_id, ids.COMPANY_ID),
                           (ids.check_email, ids.EMAIL)):
        try:
            assert check(text) == text and pattern.fullmatch(text)
        except UmpireError as exc:
            assert "\n" not in exc.message and "\r" not in exc.message and len(exc.message) < 400
    try:
        ids.check_name(text)
        assert not any(c in text for c in "\r\n\x00\x1b") and 0 < len(text) <= 60
    except UmpireError as exc:
        assert "\n" not in exc.message

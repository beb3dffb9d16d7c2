"""The game commands of DESIGN.md: new, submit, resolve, status --json; errors never a traceback."""

import json
import subprocess
import sys
import unicodedata

import pytest
from click.testing import CliRunner
from conftest import TEST_MAP, copy_of_made_once

from umpire.cli import main

COMPANIES = ["--company", "red:Red Lines:red@example.org", "--company", "blue:Blue Star:blue@example.org",
             "--company", "green:Green Valley:green@example.org"]


def umpire(*args):
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


@pytest.fixture
def game(tmp_path, tmp_path_factory):
    """tmp_path/g1 as `umpire new` makes it with tmp_path/dice.txt (a copy of the game made once)."""
    def make(root):
        result = umpire("new", root / "g1", "--map", TEST_MAP, "--rules", "laurin", *COMPANIES,
                        "--dice", dice_file(root))
        assert result.exit_code == 0, result.output
    return copy_of_made_once(tmp_path_factory, "cli-game", make, tmp_path) / "g1"


def dice_file(tmp_path, dice="4 3 5 6 2 6"):
    path = tmp_path / "dice.txt"
    path.write_text(dice + "\n")
    return path


def order(tmp_path, name, text):
    path = tmp_path / f"{name}.txt"
    path.write_text(text)
    return path


def status(folder):
    result = umpire("status", folder, "--json")
    assert result.exit_code == 0
    return json.loads(result.output)


def test_new_prints_codes_once_and_writes_newsletter_001(tmp_path):
    result = umpire("new", tmp_path / "g", "--map", TEST_MAP, "--rules", "schmidt", *COMPANIES, "--seed", "x")
    assert result.exit_code == 0
    assert "red: " in result.output and (tmp_path / "g" / "newsletters" / "001.txt").exists()
    secrets = (tmp_path / "g" / "secrets.yaml").read_text()
    code = result.output.split("red: ")[1].split()[0]
    assert code in secrets and code not in (tmp_path / "g" / "newsletters" / "001.txt").read_text()
    assert "seed: x" in secrets and "seed:" not in (tmp_path / "g" / "game.yaml").read_text()


def test_new_without_rules_plays_laurin_the_default_edition(tmp_path):
    result = umpire("new", tmp_path / "g", "--map", TEST_MAP, *COMPANIES, "--seed", "x")
    assert result.exit_code == 0, result.output
    assert "name: laurin" in (tmp_path / "g" / "game.yaml").read_text()


def test_three_round_game(game, tmp_path):
    first = status(game)
    assert (first["game"], first["phase"], first["round"]) == ("g1", "construction", 1)
    assert first["companies"]["red"] == {"name": "Red Lines", "balance": 20, "segments": [], "home": None}

    # round 1, die 4: red from Alpha to Gamma, blue from Beta, green from Alpha to Kappa
    umpire("submit", game, order(tmp_path, "r1", "GAME g1\nCOMPANY red\nHOME Alpha\nBUILD C3-D3-E3-F3-F2\n"))
    umpire("submit", game, order(tmp_path, "b1", "GAME g1\nCOMPANY blue\nHOME Beta\nBUILD K8-K7-K6-K5\n"))
    umpire("submit", game, order(tmp_path, "g1", "GAME g1\nCOMPANY green\nBUILD Alpha-C4-C5\n"))
    assert umpire("resolve", game).exit_code == 0
    s = status(game)
    assert s["round"] == 2
    assert s["companies"]["red"]["segments"] == [["C3", "D3"], ["D3", "E3"], ["E3", "F3"], ["F2", "F3"]]
    assert s["companies"]["red"]["balance"] == 26                                   # Gamma
    assert s["companies"]["blue"]["segments"] == [["K6", "K7"], ["K7", "K8"]]     # K5-K6 crosses the broad river
    assert s["companies"]["green"]["balance"] == 26                                 # Kappa

    # round 2 (die 3, blue first)
    umpire("submit", game, order(tmp_path, "r2", "GAME g1\nCOMPANY red\nBUILD F3-G4-H4\n"))     # river G4/H4: 1 + 3 pts
    umpire("submit", game, order(tmp_path, "g2", "GAME g1\nCOMPANY green\nBUILD C3-D3\n"))     # parallel to red in D3
    assert umpire("resolve", game, "--force").exit_code == 0                                # blue sent none
    s = status(game)
    assert ["F3", "G4"] in s["companies"]["red"]["segments"] and ["G4", "H4"] not in s["companies"]["red"]["segments"]
    assert s["companies"]["green"]["balance"] == 26 - 3 and s["companies"]["red"]["balance"] == 26 + 3

    # round 3 (die 5, green first)
    umpire("submit", game, order(tmp_path, "b3", "GAME g1\nCOMPANY blue\nBUILD K6-K5\n"))
    assert umpire("resolve", game, "--force").exit_code == 0
    s = status(game)
    assert ["K5", "K6"] in s["companies"]["blue"]["segments"] and s["round"] == 4 and s["phase"] == "construction"
    assert sorted((game / "newsletters").glob("*.txt"))[-1].name == "004.txt"


def test_status_json_segments_have_sorted_labels(game, tmp_path):
    umpire("submit", game, order(tmp_path, "r1", "GAME g1\nCOMPANY red\nHOME Alpha\nBUILD C3-C2\n"))
    umpire("resolve", game, "--force")
    assert status(game)["companies"]["red"]["segments"] == [["C2", "C3"]]


def test_submit_reports_refused_lines_and_exits_1(game, tmp_path):
    result = umpire("submit", game, order(tmp_path, "r1", "GAME g1\nCOMPANY red\nHOME Alpha\nBUILD C3-E3\n"))
    assert result.exit_code == 1
    assert "accepted for red" in result.output and "line 4" in result.output and "C3-D2-E3" in result.output


def test_submit_of_an_order_whose_every_line_is_refused_is_no_order_and_says_why(game, tmp_path):
    result = umpire("submit", game, order(tmp_path, "r1", "GAME g1\nCOMPANY red\nBUILD C3-E3\n"))
    assert result.exit_code == 1 and "refused: nothing in it was read as an order for round 1" in result.output
    assert "line 3" in result.output and "C3-D2-E3" in result.output
    assert status(game)["orders_in"] == []


def test_an_order_for_another_game_is_refused_whole(game, tmp_path):
    result = umpire("submit", game, order(tmp_path, "r1", "GAME other\nCOMPANY red\nBUILD C3-D3\n"))
    assert result.exit_code == 1 and "refused: the order is for game 'other'" in result.output
    assert status(game)["orders_in"] == []
    assert len(list((game / "orders" / "1").glob("*-refused.txt"))) == 1


def test_an_unknown_company_is_refused_whole(game, tmp_path):
    result = umpire("submit", game, order(tmp_path, "x", "GAME g1\nCOMPANY purple\nBUILD C3-D3\n"))
    assert result.exit_code == 1 and "no company 'purple'" in result.output


def test_an_order_for_another_round_is_refused_whole(game, tmp_path):
    result = umpire("submit", game, order(tmp_path, "x", "GAME g1\nCOMPANY red\nROUND 2\nBUILD C3-D3\n"))
    assert "round 1 is open" in result.output


def test_a_later_order_replaces_the_earlier_one_whole(game, tmp_path):
    umpire("submit", game, order(tmp_path, "a", "GAME g1\nCOMPANY red\nHOME Alpha\nBUILD C3-D3\n"))
    result = umpire("submit", game, order(tmp_path, "b", "GAME g1\nCOMPANY red\nHOME Alpha\nBUILD C3-C2\n"))
    assert "replaces orders/1/0001-red.txt" in result.output
    umpire("resolve", game, "--force")
    assert status(game)["companies"]["red"]["segments"] == [["C2", "C3"]]
    assert (game / "orders" / "1" / "0001-red.txt").read_text().endswith("BUILD C3-D3\n")   # nothing deleted


def test_status_lists_who_has_ordered(game, tmp_path):
    umpire("submit", game, order(tmp_path, "a", "GAME g1\nCOMPANY blue\nHOME Beta\n"))
    s = status(game)
    assert s["orders_in"] == ["blue"] and s["awaited"] == ["red", "green"]


def test_new_refuses_an_existing_game(game):
    result = CliRunner().invoke(main, ["new", str(game), "--map", str(TEST_MAP), "--rules", "laurin", *COMPANIES])
    assert result.exit_code == 1 and "already holds a game" in result.output


def test_new_refuses_too_many_companies(tmp_path):
    many = [a for i in range(7) for a in ("--company", f"c{i}:C{i}")]
    result = CliRunner().invoke(main, ["new", str(tmp_path / "g"), "--map", str(TEST_MAP), "--rules", "laurin", *many])
    assert result.exit_code == 1 and "for 2 to 6 companies, not 7" in result.output


def test_new_refuses_a_bad_company_spec(tmp_path):
    result = CliRunner().invoke(main, ["new", str(tmp_path / "g"), "--map", str(TEST_MAP), "--rules", "laurin",
                                       "--company", "Red Lines"])
    assert result.exit_code == 1 and "ID:NAME:EMAIL" in result.output


def test_recorded_dice_running_out_stops_with_the_roll_named(tmp_path):
    folder = tmp_path / "g"
    umpire("new", folder, "--map", TEST_MAP, "--rules", "laurin", *COMPANIES, "--dice", dice_file(tmp_path, "4"))
    result = CliRunner().invoke(main, ["resolve", str(folder), "--force"])
    assert result.exit_code == 1 and "roll 2 (round 2 construction)" in result.output
    assert status(folder)["round"] == 1            # nothing was written


def test_not_a_game_folder(tmp_path):
    result = CliRunner().invoke(main, ["status", str(tmp_path)])
    assert result.exit_code == 1 and "not a game folder" in result.output


def test_a_broken_map_is_one_paragraph_and_exit_1(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("format: 1\nname: bad\ngrid: {layout: odd-q}\nrows: ['..', '...']\ncities: []\n")
    result = subprocess.run([sys.executable, "-m", "umpire", "map", "check", str(bad)], capture_output=True, text=True)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert "bad.yaml, line 4, row 2: has 3 characters" in result.stderr


def test_usage_errors_exit_2():
    assert CliRunner().invoke(main, ["resolve"]).exit_code == 2


def test_the_console_script_runs(tmp_path):
    result = subprocess.run([sys.executable, "-m", "umpire", "map", "check", str(TEST_MAP)], capture_output=True,
                            text=True)
    assert result.returncode == 0 and "Testland" in result.stdout


def test_a_resolve_stopped_before_its_newsletter_is_finished_by_running_it_again(tmp_path, monkeypatch):
    from umpire.usecases import publish
    monkeypatch.setenv("UMPIRE_NOW", "2026-03-08T18:00:00+00:00")     # the newsletter journals when it was asked for
    crashed, clean = tmp_path / "crashed", tmp_path / "clean"
    for folder in (crashed, clean):
        (tmp_path / folder.name).mkdir()
        umpire("new", folder / "g1", "--map", TEST_MAP, "--rules", "laurin", *COMPANIES,
               "--dice", dice_file(tmp_path / folder.name))
        umpire("submit", folder / "g1", order(tmp_path, "r1", "GAME g1\nCOMPANY red\nHOME Alpha\nBUILD C3-D3\n"))
    assert umpire("resolve", clean / "g1", "--force").exit_code == 0

    real = publish.write_newsletter
    monkeypatch.setattr(publish, "write_newsletter", lambda *a: (_ for _ in ()).throw(OSError("power cut")))
    with pytest.raises(OSError):
        CliRunner().invoke(main, ["resolve", str(crashed / "g1"), "--force"], catch_exceptions=False)
    monkeypatch.setattr(publish, "write_newsletter", real)
    result = umpire("resolve", crashed / "g1")
    assert result.exit_code == 0 and "stopped before its newsletter" in result.output
    assert status(crashed / "g1")["round"] == 2
    for name in ("journal.jsonl", "newsletters/002.txt", "newsletters/002.pdf"):
        assert (crashed / "g1" / name).read_bytes() == (clean / "g1" / name).read_bytes()


def test_status_columns_stay_aligned_for_long_names_and_json_is_utf8(tmp_path):
    folder = tmp_path / "g"
    umpire("new", folder, "--map", TEST_MAP, "--rules", "laurin", "--company", "red:Red",
           "--company", "gsw:Great Southern & Western Railway of Ireland", "--company", "mu:Müller Bahn")
    header, *rows = umpire("status", folder).output.splitlines()[1:5]
    assert "balance" in header and len(rows) == 3
    assert {row.index(" 20 ") + 3 for row in rows} == {header.index("balance") + len("balance")}, rows
    raw = subprocess.run([sys.executable, "-m", "umpire", "status", str(folder), "--json"], capture_output=True,
                         env={"PATH": "/usr/bin:/bin", "LANG": "C", "LC_ALL": "C"}).stdout
    assert "Müller Bahn".encode() in raw and b"\\u00fc" not in raw


def test_status_columns_stay_aligned_for_names_of_wide_characters(tmp_path):
    folder = tmp_path / "g"
    umpire("new", folder, "--map", TEST_MAP, "--rules", "laurin", "--company", "red:Red",
           "--company", "tokyo:東京鉄道株式会社")
    header, *rows = umpire("status", folder).output.splitlines()[1:4]
    before = rows[1][:rows[1].index(" 20 ")]                   # the columns before the wide name's balance
    wide = sum(2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1 for ch in before)
    assert wide == rows[0].index(" 20 ") == header.index("balance") + len("balance") - 3, rows


# -- a failed new leaves nothing; a folder new did not finish is refused -----------------------------
def test_a_new_whose_recorded_dice_run_out_leaves_no_folder_and_names_the_given_file(tmp_path):
    empty = dice_file(tmp_path, "")
    folder = tmp_path / "games" / "season" / "g"
    result = umpire("new", folder, "--map", TEST_MAP, "--rules", "laurin", *COMPANIES, "--dice", empty)
    assert result.exit_code == 1 and "the recorded dice ran out" in result.output
    assert f"Add the next printed dice to {empty}" in result.output and str(folder / "dice.txt") not in result.output
    assert not (tmp_path / "games").exists()                       # the folders it made are gone too
    empty.write_text("4 3 5\n")                                    # the advice: add dice and run it again
    again = umpire("new", folder, "--map", TEST_MAP, "--rules", "laurin", *COMPANIES, "--dice", empty)
    assert again.exit_code == 0, again.output


def test_a_failed_new_in_an_empty_folder_leaves_it_empty(tmp_path):
    folder = tmp_path / "g"
    folder.mkdir()
    result = umpire("new", folder, "--map", TEST_MAP, "--rules", "laurin", *COMPANIES,
                    "--dice", dice_file(tmp_path, ""))
    assert result.exit_code == 1 and folder.is_dir() and list(folder.iterdir()) == []


def test_a_new_volldampf_game_whose_draws_run_out_leaves_no_folder(tmp_path):
    empty = dice_file(tmp_path, "")
    result = umpire("new", tmp_path / "v", "--rules", "volldampf", "--player", "a:A", "--player", "b:B",
                    "--draws", empty)
    assert result.exit_code == 1 and "the recorded draws ran out" in result.output and str(empty) in result.output
    assert not (tmp_path / "v").exists()


@pytest.mark.parametrize("command", [["status"], ["status", "--json"], ["resolve", "--force"], ["preview"],
                                     ["dice"], ["dice", "--next"], ["verify"], ["export"], ["rollback"],
                                     ["end-construction", "--reason", "x"],
                                     ["adjust", "--company", "red", "--units", "1", "--reason", "x"]])
def test_a_game_folder_with_an_empty_journal_is_refused_by_every_command(game, command):
    (game / "journal.jsonl").write_text("")
    result = umpire(command[0], game, *command[1:])
    assert result.exit_code == 1 and "the journal is empty" in result.output
    assert "Game :" not in result.output


@pytest.mark.parametrize("command", [["dice"], ["verify"], ["export"]])
def test_a_journal_that_does_not_begin_with_the_games_creation_is_refused_by_commands_that_only_list(game, command):
    lines = (game / "journal.jsonl").read_text().splitlines(keepends=True)
    (game / "journal.jsonl").write_text("".join(line for line in lines if "game_created" not in line))
    result = umpire(command[0], game, *command[1:])
    assert result.exit_code == 1 and "does not begin with the game's creation" in result.output


def test_a_draws_file_that_is_not_utf8_is_refused_naming_it(tmp_path):
    draws = tmp_path / "draws.txt"
    draws.write_bytes(b"cube blue\ncube gr\xfcn\n")
    result = umpire("new", tmp_path / "v", "--rules", "volldampf", "--player", "a:A", "--player", "b:B",
                    "--draws", draws)
    assert result.exit_code == 1
    assert f"{draws}, line 2: the draws file is not UTF-8 text" in result.output and "Save it as UTF-8" in result.output


@pytest.mark.parametrize("board, rules, players, game, other", [
    ("volldampf-germany", "laurin", ["--company", "red:R", "--company", "blue:B"], "Dampfross", "Volldampf"),
    ("ireland", "volldampf", ["--player", "a:A", "--player", "b:B", "--player", "c:C"], "Volldampf", "Dampfross")])
def test_a_map_and_rules_of_different_games_are_refused_as_such(tmp_path, board, rules, players, game, other):
    result = umpire("new", tmp_path / "g", "--map", board, "--rules", rules, *players)
    assert result.exit_code == 1
    assert f"are {game} rules, and the map '{board}' is not a {game} board (it reads as a {other} board)" in \
        " ".join(result.output.split())
    assert not (tmp_path / "g").exists()

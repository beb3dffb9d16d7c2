"""`umpire play FOLDER OUT_DIR`: a typed-in game played round by round, stopping at the first round
whose orders or dice do not fit (docs/archive.md)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from umpire.cli import main
from umpire.errors import UmpireError
from umpire.game import Game
from umpire.resources import data_dir
from umpire.store.folder import GameFolder
from umpire.usecases.demo import demo_dir
from umpire.usecases.play import read_archive
from umpire.usecases.replay import replay

SPEC = (demo_dir() / "demo.yaml").read_text(encoding="utf-8")


def umpire(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def archive(tmp_path: Path, rounds=(1, 2), spec: str = SPEC, name: str = "game.yaml") -> Path:
    """The demo's first rounds as an archive folder."""
    folder = tmp_path / "archive"
    folder.mkdir()
    (folder / name).write_text(spec, encoding="utf-8")
    (folder / "orders").mkdir()
    for r in rounds:
        shutil.copytree(demo_dir() / "orders" / str(r), folder / "orders" / str(r))
    return folder


def recorded(tmp_path: Path, rounds=(1, 2)) -> tuple[Path, list[dict]]:
    """The archive with recorded dice: the rolls a seeded play of it made, one a line with its purpose."""
    seeded = archive(tmp_path, rounds)
    assert umpire("play", seeded, tmp_path / "seeded").exit_code == 0
    rolls = [e for e in GameFolder(tmp_path / "seeded" / "demo").events if e["type"] == "roll"]
    (seeded / "dice.txt").write_text("".join(f"{e['value']}   # {e['purpose']}\n" for e in rolls))
    (seeded / "game.yaml").write_text(SPEC.replace("seed: eire-2391", "dice: dice.txt"))
    return seeded, rolls


def test_play_writes_the_game_into_out_dir_named_by_its_game_and_stops_where_the_orders_end(tmp_path):
    result = umpire("play", archive(tmp_path), tmp_path / "out")
    assert result.exit_code == 0, result.output
    game = tmp_path / "out" / "demo"
    assert sorted(p.name for p in (game / "newsletters").glob("*.txt")) == ["001.txt", "002.txt", "003.txt"]
    assert "2 rounds played" in result.output and "round 3 is open" in result.output
    assert str(game / "newsletters" / "003.pdf") in result.output
    assert result.stderr == ""                                   # no progress bar where stderr is no terminal
    assert replay(game).differences == []


def test_play_reads_the_bundled_demos_demo_yaml_and_refuses_a_folder_with_both_names(tmp_path):
    folder = archive(tmp_path, name="demo.yaml")
    assert umpire("play", folder, tmp_path / "out").exit_code == 0
    (folder / "game.yaml").write_text(SPEC)
    result = umpire("play", folder, tmp_path / "out")
    assert result.exit_code == 1 and "both game.yaml and demo.yaml" in result.output


def test_the_demo_is_play_on_the_bundled_folder(tmp_path):
    """`umpire demo` and `umpire play games/demo` write the same newsletters (the demo is played once
    by each; tests/test_demo.py checks the demo's own story)."""
    assert umpire("demo", tmp_path / "a").exit_code == 0
    assert umpire("play", demo_dir(), tmp_path / "b").exit_code == 0
    letters = sorted((tmp_path / "a" / "demo" / "newsletters").iterdir())
    assert len(letters) == 20
    for a in letters:
        assert a.read_bytes() == (tmp_path / "b" / "demo" / "newsletters" / a.name).read_bytes(), a.name


# -- orders that do not fit ---------------------------------------------------------------------
def test_an_order_line_the_umpire_cannot_read_stops_the_play_naming_round_file_and_line(tmp_path):
    folder = archive(tmp_path)
    (folder / "orders" / "2" / "red.txt").write_text("GAME demo\nCOMPANY red\nBUILD Ballymena-AD6-AC6-AC5 +++\n")
    result = umpire("play", folder, tmp_path / "out")
    assert result.exit_code == 1
    assert "round 2, orders/2/red.txt" in result.stderr and "line 3" in result.stderr
    assert "The game so far is in" in result.stderr
    assert Game.open(tmp_path / "out" / "demo").state().round == 2    # round 1 played, round 2 left open


def test_with_unreadable_lines_report_such_a_line_is_refused_reported_and_the_play_goes_on(tmp_path):
    folder = archive(tmp_path, spec=SPEC + "unreadable_lines: report\n")
    (folder / "orders" / "2" / "red.txt").write_text("GAME demo\nCOMPANY red\nBUILD Ballymena-AD6-AC6-AC5 +++\n")
    result = umpire("play", folder, tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert "Note: round 2, orders/2/red.txt: refused line 3:" in result.output
    newsletter = (tmp_path / "out" / "demo" / "newsletters" / "003.txt").read_text()
    assert "1 line could not be read" in newsletter          # in the umpire's words
    assert "+++" not in newsletter and "Ballymena-AD6" not in newsletter   # never the player's own line


def test_an_order_refused_whole_stops_the_play_with_its_reason(tmp_path):
    folder = archive(tmp_path)
    (folder / "orders" / "2" / "red.txt").write_text("GAME demo\nCOMPANY red\nROUND 3\n")
    result = umpire("play", folder, tmp_path / "out")
    assert result.exit_code == 1
    assert "round 2, orders/2/red.txt" in result.stderr and "the order is for round 3" in result.stderr


def test_an_order_whose_company_is_not_its_file_name_stops_the_play(tmp_path):
    folder = archive(tmp_path)
    (folder / "orders" / "2" / "red.txt").rename(folder / "orders" / "2" / "rot.txt")
    result = umpire("play", folder, tmp_path / "out")
    assert result.exit_code == 1
    assert "the order is from company red, but the file is rot.txt" in result.stderr


def test_a_missing_round_folder_stops_the_play_naming_the_next_one(tmp_path):
    folder = archive(tmp_path, rounds=(1, 3))
    result = umpire("play", folder, tmp_path / "out")
    assert result.exit_code == 1
    assert "round 2 is open, and there is no orders/2 folder (the next is orders/3)" in result.stderr


def test_a_file_that_is_no_order_in_a_round_folder_is_refused(tmp_path):
    folder = archive(tmp_path)
    (folder / "orders" / "2" / "notes.md").write_text("typed from issue 12")
    result = umpire("play", folder, tmp_path / "out")
    assert result.exit_code == 1 and "notes.md is not an order file" in result.stderr


# -- dice that do not fit -----------------------------------------------------------------------
def test_recorded_dice_typed_from_the_rolls_play_the_same_game(tmp_path):
    folder, rolls = recorded(tmp_path)
    result = umpire("play", folder, tmp_path / "out")
    assert result.exit_code == 0, result.output
    game = GameFolder(tmp_path / "out" / "demo")
    assert [e["value"] for e in game.events if e["type"] == "roll"] == [e["value"] for e in rolls]
    seeded = GameFolder(tmp_path / "seeded" / "demo")
    assert json.loads(umpire("status", game.path, "--json").output)["companies"] == \
        json.loads(umpire("status", seeded.path, "--json").output)["companies"]


def test_recorded_dice_that_run_out_stop_the_play_naming_the_round_the_roll_and_the_archives_file(tmp_path):
    folder, rolls = recorded(tmp_path)
    lines = (folder / "dice.txt").read_text().splitlines()
    (folder / "dice.txt").write_text("\n".join(lines[:-1]) + "\n")
    result = umpire("play", folder, tmp_path / "out")
    assert result.exit_code == 1
    assert "round 2 did not fit when it was resolved" in result.stderr
    assert f"roll {len(rolls)} ({rolls[-1]['purpose']}) is needed" in result.stderr
    assert str(folder / "dice.txt") in result.stderr and str(tmp_path / "out") + "/demo/dice.txt" not in result.stderr


def test_recorded_dice_that_run_out_as_round_1_opens_leave_no_half_made_game(tmp_path):
    folder, _ = recorded(tmp_path)
    (folder / "dice.txt").write_text("# nothing typed in yet\n")
    result = umpire("play", folder, tmp_path / "out")
    assert result.exit_code == 1 and "round 1 did not fit as it opened" in result.stderr
    assert not (tmp_path / "out" / "demo").exists()


def test_dice_left_over_at_the_end_of_the_game_are_reported(tmp_path):
    """Construction ended in round 1 before anyone built: no transport can run and the game ends."""
    folder = archive(tmp_path, rounds=(), spec=SPEC + "gm:\n  1:\n    - end-construction: nobody came\n")
    assert umpire("play", folder, tmp_path / "seeded").exit_code == 0
    rolls = [e for e in GameFolder(tmp_path / "seeded" / "demo").events if e["type"] == "roll"]
    (folder / "dice.txt").write_text(" ".join(str(e["value"]) for e in rolls) + "\n6 6\n")
    (folder / "game.yaml").write_text((folder / "game.yaml").read_text().replace("seed: eire-2391", "dice: dice.txt"))
    result = umpire("play", folder, tmp_path / "out")
    assert result.exit_code == 0 and "the game is over" in result.output
    assert "Note: 2 dice of dice.txt were not used (from line 2 on)." in result.output
    (folder / "dice.txt").write_text(" ".join(str(e["value"]) for e in rolls) + "\n6\n")
    result = umpire("play", folder, tmp_path / "out")
    assert "Note: 1 die of dice.txt was not used (from line 2 on)." in result.output


# -- the GM's commands --------------------------------------------------------------------------
def test_end_construction_in_gm_ends_the_phase_with_that_round_open(tmp_path):
    folder = archive(tmp_path, spec=SPEC + "gm:\n  3:\n    - end-construction: agreed by all players\n")
    result = umpire("play", folder, tmp_path / "out")
    assert result.exit_code == 0, result.output
    game = Game.open(tmp_path / "out" / "demo")
    ended = [e for e in game.events if e["type"] == "construction_ended"]
    assert ended and ended[0]["round"] == 3 and "agreed by all players" in ended[0]["reason"]
    assert game.state().round == 4 and game.state().phase == "operations"
    assert replay(game.path).differences == []


def test_orders_for_a_round_the_gm_ended_stop_the_play(tmp_path):
    folder = archive(tmp_path, rounds=(1, 2, 3), spec=SPEC + "gm:\n  3:\n    - end-construction: agreed\n")
    result = umpire("play", folder, tmp_path / "out")
    assert result.exit_code == 1
    assert "orders/3 holds orders, but the GM's end-construction ended the round" in result.stderr


def test_adjust_in_gm_moves_units_before_the_rounds_orders(tmp_path):
    folder = archive(tmp_path, spec=SPEC + "gm:\n  2:\n    - adjust: {company: red, units: 5, reason: zine errata}\n")
    assert umpire("play", folder, tmp_path / "out").exit_code == 0
    game = GameFolder(tmp_path / "out" / "demo")
    adjusted = [e for e in game.events if e["type"] == "adjusted"]
    assert adjusted == [{"type": "adjusted", "round": 2, "company": "red", "units": 5, "reason": "zine errata"}]
    assert replay(game.path).differences == []


def test_orders_after_the_end_of_the_game_stop_the_play(tmp_path):
    folder = archive(tmp_path, rounds=(2,), spec=SPEC + "gm:\n  1:\n    - end-construction: nobody came\n")
    result = umpire("play", folder, tmp_path / "out")
    assert result.exit_code == 1
    assert "the game ended in round" in result.stderr and "orders/2 follows." in result.stderr


def test_orders_0_are_refused_as_no_round(tmp_path):
    folder = archive(tmp_path)
    (folder / "orders" / "0").mkdir()
    result = umpire("play", folder, tmp_path / "out")
    assert result.exit_code == 1 and "orders/0 is round 0, and there is no such round" in result.stderr
    assert "follow" not in result.stderr


def test_recorded_dice_that_run_out_at_a_gm_command_name_the_archives_file(tmp_path):
    spec = SPEC + "gm:\n  1:\n    - end-construction: nobody came\n"
    seeded = archive(tmp_path, rounds=(), spec=spec)
    assert umpire("play", seeded, tmp_path / "seeded").exit_code == 0
    first = next(e for e in GameFolder(tmp_path / "seeded" / "demo").events if e["type"] == "roll")
    (seeded / "dice.txt").write_text(f"{first['value']}\n")
    (seeded / "game.yaml").write_text(spec.replace("seed: eire-2391", "dice: dice.txt"))
    result = umpire("play", seeded, tmp_path / "out")
    assert result.exit_code == 1 and "round 1 did not fit when the GM's end-construction" in result.stderr
    assert f"Add the next printed dice to {seeded / 'dice.txt'}" in result.stderr
    assert "out/demo/dice.txt" not in result.stderr and "Correct the gm: entry" not in result.stderr


def test_a_dice_file_that_is_not_utf8_is_refused_naming_it(tmp_path):
    folder, _ = recorded(tmp_path)
    (folder / "dice.txt").write_bytes(b"# W\xfcrfel\n4 3\n")
    result = umpire("play", folder, tmp_path / "out")
    assert result.exit_code == 1
    assert f"{folder / 'dice.txt'}, line 1: the dice file is not UTF-8 text" in result.stderr
    assert "Save it as UTF-8" in result.stderr


@pytest.mark.parametrize("key, name, kind", [("map", "ireland", "maps"), ("rules", "laurin", "rules")])
def test_a_map_or_ruleset_beside_game_yaml_that_is_a_symbolic_link_is_refused(tmp_path, key, name, kind):
    folder = archive(tmp_path, spec=SPEC.replace(f"{key}: {name}", f"{key}: {name}.yaml"))
    linked = folder / f"{name}.yaml"
    linked.symlink_to(data_dir(kind) / f"{name}.yaml")
    result = umpire("play", folder, tmp_path / "out")
    assert result.exit_code == 1 and f"{linked} is a symbolic link" in result.stderr, result.output
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("link", ["order", "round", "dice"])
def test_a_symbolic_link_in_the_archive_is_refused(tmp_path, link):
    folder, _ = recorded(tmp_path)
    outside = tmp_path / "outside"
    outside.mkdir()
    linked = {"order": folder / "orders" / "1" / "red.txt", "round": folder / "orders" / "2",
              "dice": folder / "dice.txt"}[link]
    linked.rename(outside / linked.name)
    linked.symlink_to(outside / linked.name)
    result = umpire("play", folder, tmp_path / "out")
    assert result.exit_code == 1 and f"{linked} is a symbolic link" in result.stderr


def test_a_gm_command_the_umpire_refuses_stops_the_play_with_its_line(tmp_path):
    folder = archive(tmp_path, spec=SPEC + "gm:\n  2:\n    - adjust: {company: puce, units: 5, reason: x}\n")
    result = umpire("play", folder, tmp_path / "out")
    assert result.exit_code == 1
    assert "round 2, game.yaml line" in result.stderr and "adjust did not fit" in result.stderr


# -- game.yaml ----------------------------------------------------------------------------------
@pytest.mark.parametrize("spec, says", [
    (SPEC + "colour: red\n", "unknown key 'colour'"),
    (SPEC.replace("seed: eire-2391", ""), "give either seed:"),
    (SPEC.replace("seed: eire-2391", "seed: 1\ndice: d.txt"), "give either seed:"),
    (SPEC.replace("seed: eire-2391", "dice: d.txt"), "the dice file 'd.txt' is not beside it"),
    (SPEC + "gm:\n  3: [retire: red]\n", "is not a GM command"),
    (SPEC + "unreadable_lines: ignore\n", "unreadable_lines: 'ignore' is not one of stop, report"),
    (SPEC + "gm:\n  3: [adjust: {company: red}]\n", "adjust needs company, units"),
    ("- a list\n", "is not a mapping"),
    ("game: [\n", "not valid YAML"),
    (SPEC + "gm:\n  0: [end-construction: early]\n", "gm: round 0 is no round"),
])
def test_a_game_yaml_that_is_not_one_is_refused_by_file_and_line(tmp_path, spec, says):
    result = umpire("play", archive(tmp_path, spec=spec), tmp_path / "out")
    assert result.exit_code == 1 and says in result.stderr, result.output
    assert "game.yaml" in result.stderr and not (tmp_path / "out").exists()


@pytest.mark.parametrize("spec, says", [
    (SPEC.replace("seed: eire-2391", "seed:"), "seed: an empty value is not a name or text"),
    (SPEC.replace("seed: eire-2391", "seed: true"), "seed: true is not a name or text"),
    (SPEC.replace("seed: eire-2391", "seed: 2019-01-01"), "seed: the date 2019-01-01 is not a name or text"),
    (SPEC.replace("game: demo", "game: true"), "game: true is not a name or text"),
    (SPEC + "unreadable_lines:\n", "unreadable_lines: an empty value is not one of stop, report"),
    (SPEC + "unreadable_lines: yes\n", "unreadable_lines: true is not one of stop, report"),
    (SPEC + "gm:\n  3: [{foo: bar}]\n", "the mapping {foo: bar} is not a GM command"),
    (SPEC + "gm:\n  3: [null]\n", "an empty value is not a GM command"),
    (SPEC + "gm:\n  null: [end-construction: x]\n", "gm: an empty value is not a round"),
    (SPEC + "gm:\n  3: [end-construction: ]\n", "the reason is an empty value"),
    (SPEC + "gm:\n  3: [end-construction: '']\n", "the reason '' is not a reason"),
    (SPEC + "gm:\n  3: [end-construction: [a, b]]\n", "the reason is the list [a, b]"),
    (SPEC + "gm:\n  3: [end-construction: {a: b}]\n", "the reason is the mapping {a: b}"),
    (SPEC + "gm:\n  3: [adjust: {company: red, units: 5, reason: [x]}]\n", "the reason is the list [x]"),
    (SPEC + "gm:\n  3: [adjust: {company: red, units: 99999999999999999999999, reason: x}]\n",
     "at most 1,000,000 either way"),
    (SPEC + "gm:\n  3: [adjust: {company: red, units: true, reason: x}]\n", "units true is not a correction"),
    (SPEC.replace("operations.transports_without_specials: 6", "operations.transports_without_specials: [6]"),
     "options: 'operations.transports_without_specials' is given a list, and it takes one value"),
    (SPEC.replace("construction.end.cities_left: 20", "construction: {dice: {count: 2}}"),
     "options: 'construction' is given a mapping"),
    (SPEC.replace("construction.end.cities_left: 20", "paper: {}"), "options: 'paper' is given a mapping"),
    (SPEC.replace("construction.end.cities_left: 20", "operations.race_bonuses: {first: 20}"),
     "options: 'operations.race_bonuses' is given a mapping, and it takes a list"),
])
def test_a_value_of_the_wrong_kind_is_refused_in_the_writers_terms(tmp_path, spec, says):
    result = umpire("play", archive(tmp_path, spec=spec), tmp_path / "out")
    assert result.exit_code == 1 and says in result.stderr, result.output
    assert "game.yaml, line" in result.stderr and not (tmp_path / "out").exists()
    assert not any(python in result.stderr for python in ("None", "True", "datetime", "{'", "['"))


@pytest.mark.parametrize("option, says", [
    ("construction.end.cities_left: -1", "the ruleset value construction.end.cities_left must be a whole number"),
    ("bonus_system: foo", "bonus_system: 'foo' is not a choice of this house rule"),
    ("grey_press: maybe", "grey_press must be true or false"),
    ("foo.bar: 1", "'foo.bar' is not a ruleset value"),
    ("paper: b5", "paper=b5 is not a paper size"),
    ("deadline.B: 2 days", "this game has no turn B"),
])
def test_an_option_the_game_refuses_is_refused_at_its_line_in_game_yaml(tmp_path, option, says):
    line = SPEC.splitlines().index("  construction.end.cities_left: 20") + 1
    folder = archive(tmp_path, spec=SPEC.replace("construction.end.cities_left: 20", option))
    result = umpire("play", folder, tmp_path / "out")
    assert result.exit_code == 1 and says in result.stderr, result.output
    assert f"{folder / 'game.yaml'}, line {line}: " in result.stderr and "laurin.yaml" not in result.stderr
    assert not (tmp_path / "out").exists()


def test_a_volldampf_option_by_its_short_name_is_refused_at_its_line_in_game_yaml(tmp_path):
    folder = tmp_path / "archive"
    shutil.copytree(demo_dir("volldampf"), folder)
    spec = folder / "demo.yaml"
    spec.write_text(spec.read_text(encoding="utf-8").replace("companies:", "options:\n  money: foo\ncompanies:"),
                    encoding="utf-8")
    line = spec.read_text(encoding="utf-8").splitlines().index("  money: foo") + 1
    with pytest.raises(UmpireError) as refused:
        read_archive(folder)
    assert refused.value.where == f"{spec}, line {line}"
    assert "the ruleset value options.money must be one of public, hidden" in refused.value.what


def test_an_option_given_a_list_where_the_ruleset_value_is_one_is_played(tmp_path):
    spec = SPEC.replace("construction.end.cities_left: 20", "operations.special_transports: [4, 5]")
    result = umpire("play", archive(tmp_path, spec=spec), tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert Game.open(tmp_path / "out" / "demo").options["operations.special_transports"] == [4, 5]


def test_a_game_folder_written_by_the_umpire_is_not_an_archive(tmp_path):
    assert umpire("play", archive(tmp_path), tmp_path / "out").exit_code == 0
    result = umpire("play", tmp_path / "out" / "demo", tmp_path / "again")
    assert result.exit_code == 1 and "is a game folder written by the umpire" in result.stderr


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.text(max_size=300) | st.sampled_from([SPEC + "\ngm: {2: [x]}\n", SPEC + "\noptions: 3\n",
                                                 SPEC.replace("companies:", "companies: 7\nx:")]))
def test_any_game_yaml_is_read_or_refused_clearly(tmp_path_factory, text):
    folder = tmp_path_factory.mktemp("a")
    (folder / "orders").mkdir()
    (folder / "game.yaml").write_text(text, encoding="utf-8", errors="surrogatepass")
    try:
        read_archive(folder)
    except UmpireError:
        pass


# -- running twice ------------------------------------------------------------------------------
def test_play_again_replaces_its_own_earlier_output_and_nothing_else(tmp_path):
    folder = archive(tmp_path)
    assert umpire("play", folder, tmp_path / "out").exit_code == 0
    first = (tmp_path / "out" / "demo" / "newsletters" / "003.pdf").read_bytes()
    assert umpire("play", folder, tmp_path / "out").exit_code == 0
    assert (tmp_path / "out" / "demo" / "newsletters" / "003.pdf").read_bytes() == first
    (tmp_path / "other" / "demo").mkdir(parents=True)
    (tmp_path / "other" / "demo" / "notes.txt").write_text("mine")
    result = umpire("play", folder, tmp_path / "other")
    assert result.exit_code == 1 and "is not an earlier run of the archive" in result.stderr
    assert (tmp_path / "other" / "demo" / "notes.txt").read_text() == "mine"


def test_play_does_not_replace_a_game_the_gm_rolled_back_by_hand(tmp_path):
    folder = archive(tmp_path)
    assert umpire("play", folder, tmp_path / "out").exit_code == 0
    assert umpire("rollback", tmp_path / "out" / "demo").exit_code == 0
    result = umpire("play", folder, tmp_path / "out")
    assert result.exit_code == 1 and "is not an earlier run" in result.stderr


def test_progress_bars_on_a_terminal(tmp_path, monkeypatch):
    from umpire.cli import progress
    monkeypatch.setattr(progress, "on_terminal", lambda: True)
    result = umpire("play", archive(tmp_path), tmp_path / "out")
    assert result.exit_code == 0
    assert "Playing the rounds" in result.stderr and "Drawing the PDFs" in result.stderr


def test_the_newsletters_before_a_round_that_does_not_fit_are_all_written(tmp_path):
    folder = archive(tmp_path, rounds=(1, 2, 3))
    (folder / "orders" / "3" / "red.txt").write_text("GAME demo\nCOMPANY red\nBUILD nowhere\n")
    assert umpire("play", folder, tmp_path / "out").exit_code == 1
    letters = sorted(p.name for p in (tmp_path / "out" / "demo" / "newsletters").iterdir())
    assert letters == [f"{n:03d}.{kind}" for n in (1, 2, 3) for kind in ("pdf", "txt")]

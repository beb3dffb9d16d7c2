"""Every path from outside ends in a clear refusal or success; what is neither (a defect) is
reported in one paragraph with its traceback saved, never swallowed and never a bare traceback."""

import json
import shlex

import pytest
from click.testing import CliRunner
from conftest import TEST_MAP, copy_of_made_once

from umpire.cli import main, run
from umpire.cli.defects import DEFECT_EXIT
from umpire.errors import DataError, UmpireError
from umpire.families.dampfross.family import FAMILY as DAMPFROSS
from umpire.families.dampfross.gamemap import load_map
from umpire.game import Game
from umpire.kernel.options import parse_option
from umpire.store.folder import GameFolder
from umpire.usecases import actions

COMPANIES = ["--company", "red:Red:red@example.org", "--company", "blue:Blue:blue@example.org"]


@pytest.fixture
def game(tmp_path, tmp_path_factory):
    """tmp_path/g1 as `umpire new` makes it (a copy of the game made once)."""
    def make(root):
        result = CliRunner().invoke(main, ["new", str(root / "g1"), "--map", str(TEST_MAP), "--rules", "laurin",
                                           *COMPANIES, "--seed", "s"], catch_exceptions=False)
        assert result.exit_code == 0
    return copy_of_made_once(tmp_path_factory, "cli-defects", make, tmp_path) / "g1"


def console(capsys, *args):
    with pytest.raises(SystemExit) as stop:
        run([str(a) for a in args])
    out = capsys.readouterr()
    return stop.value.code, out.err


def test_a_defect_is_one_paragraph_with_the_traceback_saved_in_the_game_folder(game, capsys, monkeypatch):
    monkeypatch.setattr(actions, "status", lambda folder: 1 / 0)
    code, err = console(capsys, "status", game)
    reports = list((game / "crash-reports").iterdir())
    assert code == DEFECT_EXIT and "Traceback" not in err and "internal error (ZeroDivisionError" in err
    assert len(reports) == 1 and str(reports[0]) in err
    assert "ZeroDivisionError" in reports[0].read_text() and "command: umpire status" in reports[0].read_text()


def test_a_defect_with_debug_prints_the_traceback(game, capsys, monkeypatch):
    monkeypatch.setattr(actions, "status", lambda folder: 1 / 0)
    code, err = console(capsys, "--debug", "status", game)
    assert code == DEFECT_EXIT and "Traceback" in err and "1 / 0" in err and not (game / "crash-reports").exists()


def test_a_file_problem_is_named_in_one_paragraph(game, capsys, monkeypatch):
    def denied(folder):
        raise PermissionError(13, "Permission denied", str(game / "journal.jsonl"))
    monkeypatch.setattr(actions, "status", denied)
    code, err = console(capsys, "status", game)
    assert code == 1 and "Permission denied" in err and "journal.jsonl" in err and "Traceback" not in err


def test_a_refused_input_is_still_exit_1(tmp_path, capsys):
    code, err = console(capsys, "status", tmp_path)
    assert code == 1 and "is not a game folder" in err


def test_an_argument_with_a_nul_character_is_refused(capsys):
    code, err = console(capsys, "status", "a\0b")
    assert code == 2 and "NUL" in err


def test_a_journal_line_that_is_no_event_is_refused_by_line(game):
    with open(game / "journal.jsonl", "a") as f:
        f.write('[1, 2]\n')
    with pytest.raises(DataError, match=r"journal.jsonl, line \d+: .*not an event"):
        Game.open(game).state()


def test_a_journal_event_that_cannot_be_folded_is_refused(game):
    with open(game / "journal.jsonl", "a") as f:
        f.write(json.dumps({"type": "segment", "company": "red"}) + "\n")
    with pytest.raises(DataError, match="cannot be folded.*KeyError"):
        Game.open(game).state()


def test_a_journal_naming_a_stranger_is_refused(game):
    with open(game / "journal.jsonl", "a") as f:
        f.write(json.dumps({"type": "home", "company": "mallory", "hex": "C3"}) + "\n")
    with pytest.raises(DataError, match="mallory"):
        Game.open(game).state()


@pytest.mark.parametrize("text, words", [
    ("- just a list\n", "must be a mapping"),
    ("game: g1\nmap: {}\nrules: {}\ndice: {mode: seeded}\ncompanies: red\n", "companies"),
    ("game: g1\nmap: {}\nrules: {}\ndice: {mode: dice}\ncompanies: [{id: red, name: Red}]\n", "dice.mode"),
    ("game: [\n", "not valid YAML"),
])
def test_a_damaged_game_yaml_is_refused(game, text, words):
    (game / "game.yaml").write_text(text)
    with pytest.raises(DataError, match=words):
        _ = GameFolder(game).config


@pytest.mark.parametrize("text", ["- a list\n", "codes: [red]\n", "codes: {red: 5}\n", "seed: 12\n", "codes: {\n"])
def test_a_damaged_secrets_yaml_is_refused(game, text):
    (game / "secrets.yaml").write_text(text)
    with pytest.raises(DataError, match="secrets.yaml"):
        _ = GameFolder(game).secrets


@pytest.mark.parametrize("spec, words", [
    ("deadline=[", "not readable"), ("transports_per_round=abc", "whole number"),
    ("entries_per_round=0", "whole number"), ("resolve_early=maybe", "true or false"),
    ("entries_rise_with_carried=2", "true or false")])
def test_a_bad_option_value_is_refused(spec, words):
    with pytest.raises(UmpireError, match=words):
        parse_option(spec, DAMPFROSS)


def test_a_family_option_is_checked_in_a_game_of_that_family_only():
    assert parse_option("transports_per_round=abc") == ("transports_per_round", "abc")   # no family: a ruleset path
    with pytest.raises(UmpireError, match="The option transports_per_round: transports announced in each operating"):
        parse_option("transports_per_round=0", DAMPFROSS)


def test_umpire_new_refuses_a_bad_value_of_a_family_option(tmp_path):
    with pytest.raises(UmpireError, match="carry_unentered must be true or false"):
        actions.create_game(tmp_path / "g", "ireland", "laurin", ["red:Red", "blue:Blue", "green:Green"],
                            option_specs=("carry_unentered=often",))
    assert not (tmp_path / "g" / "game.yaml").exists()


def test_a_map_file_with_a_mapping_as_key_is_refused(tmp_path):
    path = tmp_path / "m.yaml"
    path.write_text("? {a: 1}\n: 2\n")
    with pytest.raises(DataError, match="a key must be a plain word"):
        load_map(path)


def test_a_map_path_that_is_a_folder_is_refused(tmp_path):
    with pytest.raises(DataError, match="cannot be read"):
        load_map(str(tmp_path))


@pytest.mark.parametrize("span, words", [("² days", "not a time span"), ("9" * 5000 + " days", "not a time span"),
                                         ("999999 weeks", "longer than ten years")])
def test_a_deadline_option_out_of_reason_is_refused(span, words):
    from umpire.timetable.deadlines import parse_duration
    with pytest.raises(UmpireError, match=words) as refused:
        parse_duration(span)
    assert len(refused.value.message) < 400


def test_the_hint_for_a_folder_without_a_game_is_a_command_to_paste(tmp_path):
    folder = tmp_path / "it's \"here\""
    folder.mkdir()
    with pytest.raises(UmpireError) as caught:
        GameFolder(folder).require()
    command = caught.value.fix.split("`")[1]
    assert shlex.split(command)[:3] == ["umpire", "new", str(folder)]


@pytest.mark.parametrize("spec", ["grey_press=maybe", "grey_press=1", "resolve_early=2"])
def test_a_flag_option_takes_only_true_or_false_and_says_which_words_work(spec):
    with pytest.raises(UmpireError, match=r"must be true or false \(yes/no and on/off work too\)"):
        parse_option(spec, DAMPFROSS)
    assert parse_option("grey_press=yes", DAMPFROSS) == ("grey_press", True)


def test_the_hint_of_a_bad_option_value_is_a_sentence_saying_what_the_option_does():
    with pytest.raises(UmpireError) as refused:
        parse_option("resolve_early=1", DAMPFROSS)
    assert "It is `umpire" not in refused.value.message
    assert refused.value.fix == ("The option resolve_early: `umpire mail fetch` resolves the round as soon as every "
                                 "company has ordered.")


@pytest.mark.parametrize("spec", ["construction.dice.count=abc", "construction.dice.mode=every"])
def test_a_bad_ruleset_value_given_as_an_option_names_the_option_not_the_ruleset_file(tmp_path, spec):
    with pytest.raises(UmpireError) as refused:
        actions.create_game(tmp_path / "g", "ireland", "laurin", ["red:Red", "blue:Blue", "green:Green"],
                            option_specs=(spec,))
    assert f"game option {spec!r}: the ruleset value {spec.split('=')[0]} must be" in refused.value.message
    assert "laurin.yaml" not in refused.value.message and "line" not in refused.value.message
    assert not (tmp_path / "g").exists()


def test_an_unknown_choice_of_an_editions_house_rule_names_the_option_not_the_ruleset_file(tmp_path):
    with pytest.raises(UmpireError) as refused:
        actions.create_game(tmp_path / "g", "ireland", "laurin", ["red:Red", "blue:Blue"],
                            option_specs=("bonus_system=foo",))
    assert refused.value.where == "game option bonus_system=foo"
    assert "standard, alternative" in refused.value.message and "laurin.yaml" not in refused.value.message
    assert not (tmp_path / "g").exists()


@pytest.mark.parametrize("spec", ["money=foo", "nmr_action_cards=maybe"])
def test_a_bad_volldampf_option_by_its_short_name_names_the_option_not_the_ruleset_file(tmp_path, spec):
    with pytest.raises(UmpireError) as refused:
        actions.create_game(tmp_path / "v", "volldampf-germany", "volldampf", ["a:A", "b:B", "c:C"],
                            option_specs=(spec,))
    key = spec.split("=")[0]
    assert f"game option {spec!r}: the ruleset value options.{key} must be" in refused.value.message
    assert "volldampf.yaml" not in refused.value.message
    assert not (tmp_path / "v").exists()

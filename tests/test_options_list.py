"""`umpire options` and postal profiles: every value a GM may set is listed with its meaning."""

from __future__ import annotations

from click.testing import CliRunner

from umpire.cli import main
from umpire.families.dampfross.ruleset import SCHEMA, load_rules
from umpire.kernel.profiles import load_profile, profile_names
from umpire.usecases.options_list import meanings, ruleset_paths


def test_every_ruleset_value_has_a_meaning():
    assert set(ruleset_paths(SCHEMA)) <= set(meanings())


def test_options_lists_game_options_house_rules_values_and_profiles():
    out = CliRunner().invoke(main, ["options", "--rules", "laurin"]).output
    assert "first_company" in out and "deadline" in out
    assert "bonus_system = standard | alternative" in out
    assert "operations.fee_cap" in out and "most units one train pays one rival" in out
    assert "octopus-garden" in out and "for-whom-the-die-rolls" in out


def test_options_names_a_missing_ruleset_clearly():
    result = CliRunner().invoke(main, ["options", "--rules", "nosuch"])
    assert result.exit_code == 1 and "no ruleset 'nosuch'" in result.output


def test_every_profile_names_its_source_and_sets_known_values():
    from umpire.families import family
    from umpire.kernel.options import SHELL_OPTIONS, ruleset_overrides
    dampfross = family("dampfross").options
    for name in profile_names():
        profile = load_profile(name)
        assert len(profile.source) > 40
        assert set(profile.options) - set(SHELL_OPTIONS) - set(dampfross) == set(
            ruleset_overrides(profile.options, dampfross))
        load_rules("laurin", ruleset_overrides(profile.options, dampfross))       # its ruleset values are real


def test_a_profile_sets_its_options_and_an_option_of_the_same_key_wins(tmp_path):
    import yaml
    runner = CliRunner()
    result = runner.invoke(main, ["new", str(tmp_path / "g1"), "--map", "ireland", "--rules", "laurin",
                                  "--company", "red:Red:red@example.org", "--company", "blue:Blue:blue@example.org",
                                  "--profile", "octopus-garden", "--option", "entries_per_round=3"])
    assert result.exit_code == 0, result.output
    options = yaml.safe_load((tmp_path / "g1" / "game.yaml").read_text())["options"]
    assert options == {"transports_per_round": 7, "entries_per_round": 3, "carry_unentered": True}


def test_an_unknown_profile_is_refused_with_the_list(tmp_path):
    result = CliRunner().invoke(main, ["new", str(tmp_path / "g2"), "--map", "ireland", "--rules", "laurin",
                                       "--company", "red:Red:", "--company", "blue:Blue:", "--profile", "zine"])
    assert result.exit_code == 1 and "octopus-garden" in result.output and not (tmp_path / "g2").exists()

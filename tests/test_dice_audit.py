"""`umpire dice` (every roll, and the next resolve's) and `umpire verify` (every roll checked)."""

from __future__ import annotations

import json

import pytest
from helpers import run

COMPANIES = ["--company", "red:Red:red@example.org", "--company", "blue:Blue:blue@example.org"]


def new_game(tmp_path, *extra):
    result = run("new", tmp_path / "g", "--map", "ireland", "--rules", "laurin", *COMPANIES, *extra)
    assert result.exit_code == 0, result.output
    return tmp_path / "g"


def test_dice_lists_every_roll_with_purpose_value_and_file_line(tmp_path):
    dice = tmp_path / "dice.txt"
    dice.write_text("# round 1\nround 1 construction: 4\n# round 2\n5\n")
    game = new_game(tmp_path, "--dice", dice)
    out = run("dice", game).output
    assert "round 1 construction" in out and "4  (dice file line 2)" in out


def test_dice_next_names_the_rolls_the_next_resolve_needs_without_using_them(tmp_path):
    dice = tmp_path / "dice.txt"
    dice.write_text("round 1 construction: 4\nround 2 construction: 5\n")
    game = new_game(tmp_path, "--dice", dice)
    before = (game / "journal.jsonl").read_bytes()
    out = run("dice", game, "--next").output
    assert "round 2 construction" in out and "5  (dice file line 2)" in out
    assert (game / "journal.jsonl").read_bytes() == before


def test_dice_next_says_when_the_file_holds_no_more_dice(tmp_path):
    dice = tmp_path / "dice.txt"
    dice.write_text("4\n")
    game = new_game(tmp_path, "--dice", dice)
    result = run("dice", game, "--next")
    assert result.exit_code == 1 and "roll 2 (round 2 construction) is needed" in result.output


def test_verify_checks_every_seeded_roll(tmp_path):
    game = new_game(tmp_path, "--seed", "open sesame")
    result = run("verify", game)
    assert result.exit_code == 0 and "all 1 rolls check" in result.output


def test_verify_names_the_first_roll_that_does_not_check(tmp_path):
    game = new_game(tmp_path, "--seed", "open sesame")
    journal = game / "journal.jsonl"
    events = [json.loads(line) for line in journal.read_text().splitlines()]
    roll = next(e for e in events if e["type"] == "roll")
    roll["value"] = roll["value"] % 6 + 1
    journal.write_text("".join(json.dumps(e) + "\n" for e in events))
    result = run("verify", game)
    assert result.exit_code == 1 and "roll 1 (round 1 construction)" in result.output


def test_verify_refuses_a_seed_that_is_not_the_commitment(tmp_path):
    game = new_game(tmp_path, "--seed", "open sesame")
    (game / "secrets.yaml").write_text((game / "secrets.yaml").read_text().replace("open sesame", "other"))
    result = run("verify", game)
    assert result.exit_code == 1 and "is not the commitment" in result.output


def test_verify_compares_recorded_dice_with_the_file(tmp_path):
    dice = tmp_path / "dice.txt"
    dice.write_text("4\n")
    game = new_game(tmp_path, "--dice", dice)
    assert "all 1 rolls check" in run("verify", game).output
    (game / "dice.txt").write_text("3\n")
    result = run("verify", game)
    assert result.exit_code == 1 and "line 1 of the dice file holds 3" in result.output


def test_the_worked_example_of_docs_dice_md_fits_the_demo(demo_played, tmp_path):
    """The dice file of the worked example, read as a dice file, gives the demo's rolls 6-22 in order."""
    from pathlib import Path

    from umpire.kernel.dice import RecordedDice, read_dice_file
    doc = (Path(__file__).parent.parent / "docs" / "dice.md").read_text(encoding="utf-8")
    section = doc.split("### A worked example")[1]
    example = [line.strip() for line in section.splitlines() if line.startswith("    ")]
    (tmp_path / "example.txt").write_text("\n".join(example))
    events = [json.loads(line) for line in (demo_played.path / "journal.jsonl").read_text().splitlines()]
    made = [e for e in events if e["type"] == "roll"][5:22]
    dice = RecordedDice(read_dice_file(tmp_path / "example.txt"))
    assert [dice.roll(e["purpose"]) for e in made] == [e["value"] for e in made]
    assert dice.position == len(dice.values)


def test_verify_newsletters_checks_the_seed_and_every_printed_roll(demo_played):
    letters = demo_played.path / "newsletters"
    result = run("verify", "--newsletters", letters)
    assert result.exit_code == 0 and "all 79 rolls check" in result.output


def test_verify_newsletters_finds_a_changed_roll_and_a_missing_issue(demo_played, tmp_path):
    import shutil
    letters = tmp_path / "mine"
    shutil.copytree(demo_played.path / "newsletters", letters)
    text = (letters / "003.txt").read_text(encoding="utf-8")
    changed = text.replace("round 3 construction: 5", "round 3 construction: 6")
    assert changed != text
    (letters / "003.txt").write_text(changed, encoding="utf-8")
    result = run("verify", "--newsletters", letters)
    assert result.exit_code == 1 and "roll 3 (round 3 construction) in 003.txt is 6" in result.output
    (letters / "003.txt").unlink()
    result = run("verify", "--newsletters", letters)
    assert result.exit_code == 1 and "roll 3 is missing" in result.output


def test_verify_newsletters_waits_for_the_seed(tmp_path):
    game = new_game(tmp_path, "--seed", "open sesame")
    result = run("verify", "--newsletters", game / "newsletters")
    assert result.exit_code == 1 and "revealed in the final newsletter" in result.output


def test_dice_next_where_the_dice_run_out_names_the_games_dice_file_and_the_rolls_before(tmp_path):
    dice = tmp_path / "dice.txt"
    dice.write_text("4 3\n5\n")
    game = new_game(tmp_path, "--dice", dice, "--option", "construction.dice.count=2")
    result = run("dice", game, "--next")
    assert result.exit_code == 1 and "umpire-preview" not in result.output
    assert f"roll 4 (round 2 construction die 2) is needed and {game / 'dice.txt'} holds 3" in result.output
    assert "round 2 construction die 1" in result.output and "5  (dice file line 2)" in result.output


def test_a_german_roll_list_is_german_and_verify_reads_it(german_site, tmp_path):
    import shutil
    letters = tmp_path / "de"
    shutil.copytree(german_site / "games" / "demo" / "newsletters", letters)
    text = (letters / "008.txt").read_text(encoding="utf-8")
    rolls = text.split("ALLE WÜRFE DIESER AUSGABE")[1]
    assert "Fahrt 3 Start rot: " in rolls and "Durchgang 1" in rolls and "transport" not in rolls
    assert "Runde 3 Aufbau: 5" in (letters / "003.txt").read_text(encoding="utf-8")
    result = run("verify", "--newsletters", letters)
    assert result.exit_code == 0 and "all 79 rolls check" in result.output
    changed = (letters / "003.txt").read_text(encoding="utf-8").replace("Runde 3 Aufbau: 5", "Runde 3 Aufbau: 6")
    (letters / "003.txt").write_text(changed, encoding="utf-8")
    result = run("verify", "--newsletters", letters)
    assert result.exit_code == 1 and "roll 3 (round 3 construction) in 003.txt is 6" in result.output


@pytest.mark.parametrize("purpose", ["round 3 construction", "round 3 construction red die 2",
                                     "round 1 construction die 1", "first company blue again 2",
                                     "transport 3 turn 2 green+orange", "transport 3 start white",
                                     "transport 3 destination 2 black", "transport 4 destination special red",
                                     "transport 4 destination 2 special", "a purpose no form knows"])
def test_a_purpose_printed_in_german_reads_back(purpose):
    from umpire.kernel import roll_words
    from umpire.kernel.language import speaking
    with speaking("de"):
        printed = roll_words.said(purpose)
    assert roll_words.purpose_of(printed) == purpose and roll_words.said(purpose) == purpose
    assert (printed == purpose) == (purpose == "a purpose no form knows")

"""Dice: seeded rolls by purpose, the published commitment, recorded dice in order."""

import hashlib

import pytest

from umpire.errors import DataError, DiceExhausted
from umpire.kernel.dice import RecordedDice, SeededDice, commitment, read_dice_file


def test_a_seeded_roll_depends_only_on_seed_and_purpose():
    a, b = SeededDice("s3cret"), SeededDice("s3cret")
    b.roll("something else first")
    assert a.roll("round 3 construction") == b.roll("round 3 construction")


def test_seeded_rolls_are_dice():
    dice = SeededDice("x")
    values = [dice.roll(f"roll {i}") for i in range(600)]
    assert set(values) == {1, 2, 3, 4, 5, 6}
    assert all(70 <= values.count(v) <= 130 for v in range(1, 7))


def test_different_seeds_give_different_rolls():
    rolls = lambda seed: [SeededDice(seed).roll(f"r{i}") for i in range(20)]  # noqa: E731
    assert rolls("a") != rolls("b")


def test_the_commitment_is_the_sha256_of_the_seed():
    assert commitment("abc") == hashlib.sha256(b"abc").hexdigest()


def test_recorded_dice_are_used_in_order():
    dice = RecordedDice([6, 1, 4])
    assert [dice.roll("a"), dice.roll("b"), dice.roll("c")] == [6, 1, 4]


def test_recorded_dice_start_after_those_already_used():
    assert RecordedDice([6, 1, 4], used=2).roll("c") == 4


def test_running_out_names_the_roll_needed():
    dice = RecordedDice([2], source="games/x/dice.txt")
    dice.roll("round 1 construction")
    with pytest.raises(DiceExhausted, match=r"roll 2 \(round 2 construction\).*games/x/dice.txt holds 1"):
        dice.roll("round 2 construction")


def test_dice_file_with_comments(tmp_path):
    path = tmp_path / "dice.txt"
    path.write_text("# round 1\n3\n4 5  # transport 1\n6\n")
    assert [d.value for d in read_dice_file(path)] == [3, 4, 5, 6]


def test_a_dice_file_with_a_seven_is_refused_with_its_line(tmp_path):
    path = tmp_path / "dice.txt"
    path.write_text("3 4\n7\n")
    with pytest.raises(DataError, match=r"line 2.*'7' is not a die"):
        read_dice_file(path)


def test_dice_file_tags_name_the_purpose_and_are_checked(tmp_path):
    path = tmp_path / "dice.txt"
    path.write_text("# round 3\nround 3 construction: 4\ntransport 7 start: 4 3\n5\n")
    dice = RecordedDice(read_dice_file(path), source=str(path))
    assert [dice.roll(p) for p in ("round 3 construction", "transport 7 start red", "transport 7 start black",
                                   "transport 7 destination red")] == [4, 4, 3, 5]


def test_a_tagged_die_that_does_not_fit_the_roll_names_both(tmp_path):
    path = tmp_path / "dice.txt"
    path.write_text("transport 7 start: 4\ntransport 7 destination: 3 3\n")
    dice = RecordedDice(read_dice_file(path), source=str(path))
    dice.roll("transport 7 start red")
    with pytest.raises(DataError, match=r"roll 2 \(transport 7 start black\) is needed, but the die on line 2 is "
                                        r"tagged 'transport 7 destination'\."):
        dice.roll("transport 7 start black")


def test_a_tag_is_named_as_written_not_as_python_writes_it(tmp_path):
    path = tmp_path / "dice.txt"
    path.write_text("Sean's start\\1: 4\n", encoding="utf-8")
    with pytest.raises(DataError) as refused:
        RecordedDice(read_dice_file(path), source=str(path)).roll("transport 1 start red")
    assert "roll 1 (transport 1 start red) is needed, but the die on line 1 is tagged \"Sean's start\\1\"." \
        in refused.value.what


def test_a_tag_is_a_whole_word_prefix(tmp_path):
    path = tmp_path / "dice.txt"
    path.write_text("transport 1: 4\n")
    with pytest.raises(DataError):
        RecordedDice(read_dice_file(path)).roll("transport 17 start red")


def test_a_tag_without_dice_is_refused_with_its_line(tmp_path):
    path = tmp_path / "dice.txt"
    path.write_text("3\ntransport 7 start:\n")
    with pytest.raises(DataError, match=r"line 2.*has no dice after it"):
        read_dice_file(path)


def test_a_dice_file_that_is_not_utf8_is_refused_with_its_line(tmp_path):
    path = tmp_path / "dice.txt"
    path.write_bytes(b"4 3\n# W\xfcrfel\n")
    with pytest.raises(DataError, match=r"dice.txt, line 2: the dice file is not UTF-8 text .* Save it as UTF-8"):
        read_dice_file(path)

"""Dice: seeded rolls by purpose, the published commitment, recorded dice in order."""

import hashlib

import pytest

from umpire.dice import RecordedDice, SeededDice, commitment, read_dice_file
from umpire.errors import DataError, DiceExhausted


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
    assert read_dice_file(path) == [3, 4, 5, 6]


def test_a_dice_file_with_a_seven_is_refused_with_its_line(tmp_path):
    path = tmp_path / "dice.txt"
    path.write_text("3 4\n7\n")
    with pytest.raises(DataError, match=r"line 2.*'7' is not a die"):
        read_dice_file(path)

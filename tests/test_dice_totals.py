"""Printed totals in a dice file (`=7`): a zine that rolled two dice and printed their sum
(docs/dice.md); `umpire verify` says which rolls were totals."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from umpire.errors import DataError
from umpire.kernel.dice import read_dice_file, split_total
from umpire.usecases.dice_audit import _totals


def dice(tmp_path, text):
    path = tmp_path / "dice.txt"
    path.write_text(text)
    return read_dice_file(path)


def test_a_printed_total_stands_for_two_dice_of_that_sum_on_its_line(tmp_path):
    read = dice(tmp_path, "round 1 construction: 5 4\nround 2 construction: =7  # the zine printed the sum\n")
    assert [(d.value, d.line, d.tag, d.total, d.half) for d in read[2:]] == [
        (1, 2, "round 2 construction", 7, 1), (6, 2, "round 2 construction", 7, 2)]
    assert _totals(read) == ("; rolls 3 and 4 (=7, line 2) are printed totals of two dice, "
                             "split as `umpire help dice` says")


@given(st.integers(2, 12))
def test_every_total_splits_into_two_dice_of_its_sum(total):
    first, second = split_total(total)
    assert 1 <= first <= 6 and 1 <= second <= 6 and first + second == total


@settings(deadline=None)           # a folder made for each example: slow on a busy machine
@given(st.lists(st.one_of(st.integers(1, 6).map(str), st.integers(2, 12).map(lambda n: f"={n}")), max_size=12))
def test_a_line_of_dice_and_totals_reads_back_as_its_dice_in_order(tmp_path_factory, words):
    read = dice(tmp_path_factory.mktemp("d"), " ".join(words) + "\n")
    expected = [v for w in words for v in (split_total(int(w[1:])) if w.startswith("=") else (int(w),))]
    assert [d.value for d in read] == expected


@pytest.mark.parametrize("word", ["=1", "=13", "=", "==7", "=7.0", "7="])
def test_a_total_that_two_dice_cannot_make_is_refused_with_its_line(tmp_path, word):
    with pytest.raises(DataError) as refused:
        dice(tmp_path, f"4\n{word}\n")
    assert "line 2" in refused.value.message and "=2 to =12" in refused.value.message

"""Order codes: the codes in force in one game never share their first word (`pepper-85` and
`pepper-53` are too easily mixed up), at `umpire new` and at `umpire replace` alike."""

from __future__ import annotations

import shutil

import pytest
from conftest import TEST_MAP
from hypothesis import given, settings
from hypothesis import strategies as st

from umpire.errors import UmpireError
from umpire.store.folder import GameFolder
from umpire.usecases import actions, corrections


def first_words(codes) -> list[str]:
    return [c.split("-", 1)[0] for c in codes]


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=1, max_value=len(actions._CODE_WORDS)))
def test_codes_made_one_after_another_have_distinct_first_words(count):
    codes = []
    for _ in range(count):
        codes.append(actions.new_code(taken=codes, current=codes))
    assert len(set(first_words(codes))) == count


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(actions._CODE_WORDS), min_size=1, max_size=19, unique=True),
       st.lists(st.integers(min_value=10, max_value=99), min_size=19, max_size=19))
def test_a_new_code_avoids_the_first_words_in_force_and_every_used_code(words, numbers):
    current = [f"{w}-{n}" for w, n in zip(words, numbers)]
    retired = [f"{w}-{n}" for w in actions._CODE_WORDS for n in range(10, 60)]     # much used before
    code = actions.new_code(taken=current + retired, current=current)
    assert code.split("-")[0] not in first_words(current) and code not in current + retired


def test_a_word_no_code_of_the_game_had_is_preferred():
    left = "heron"
    taken = [f"{w}-10" for w in actions._CODE_WORDS if w != left]
    for _ in range(20):
        assert actions.new_code(taken=taken, current=taken[:3]).startswith(f"{left}-")


def test_more_companies_than_words_is_refused_saying_what_would_work():
    current = [f"{w}-10" for w in actions._CODE_WORDS]
    with pytest.raises(UmpireError) as refused:
        actions.new_code(taken=current, current=current)
    assert f"at most {len(actions._CODE_WORDS)} companies" in refused.value.fix


IDS = ["red", "blue", "green", "grey", "pink", "gold"]


@pytest.fixture(scope="module")
def six(tmp_path_factory):
    path = tmp_path_factory.mktemp("codes") / "g"
    actions.create_game(path, str(TEST_MAP), "laurin", [f"{c}:{c.title()}:{c}@example.org" for c in IDS], seed="s")
    return path


@settings(max_examples=15, deadline=None)
@given(st.lists(st.sampled_from(IDS), max_size=8))
def test_new_and_replace_keep_the_first_words_of_a_games_codes_distinct(six, tmp_path_factory, replaced):
    path = tmp_path_factory.mktemp("replaced") / "g"
    shutil.copytree(six, path)
    assert len(set(first_words(GameFolder(path).secrets["codes"].values()))) == len(IDS)
    for i, company in enumerate(replaced):
        corrections.replace(GameFolder(path), company, f"standby{i}@example.org")
        codes = GameFolder(path).secrets["codes"]
        assert len(set(first_words(codes.values()))) == len(IDS), codes

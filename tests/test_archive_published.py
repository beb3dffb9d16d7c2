"""The zine's published figures (published.yaml): read, compared with the ledger by `umpire play`
and `umpire verify`, marked as the zine's errors with a note shown in the newsletter, and in a
ledger-only archive checked against their own arithmetic (docs/archive.md)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from umpire.cli import main
from umpire.errors import DataError
from umpire.families.dampfross.accounts import accounts
from umpire.kernel.published import arithmetic, compared, parse_fees, read_published
from umpire.kernel.yamlfile import load_lines

LEDGER_ONLY = Path(__file__).parent / "games" / "archive-ledger-only"
COMPANIES = ["red", "blue", "green"]


def umpire(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def published(text: str, companies=COMPANIES):
    return read_published(load_lines(text), "published.yaml", companies)


# --- the file and its fees as printed

def test_fees_as_the_zine_printed_them_are_read_per_counterparty():
    assert parse_fees("+8[C]-2[R]-2[F]-8[T]") == [("C", 8), ("R", -2), ("F", -2), ("T", -8)]
    assert parse_fees("[-5 L]") == [("L", -5)]


@given(st.lists(st.tuples(st.sampled_from(["C", "R", "orange", "lfffcc"]), st.integers(-999, 999)), max_size=6))
def test_fees_printed_either_way_read_back_as_written(pairs):
    assert parse_fees("".join(f"{a:+d}[{n}]" for n, a in pairs)) == pairs
    assert parse_fees(" ".join(f"[{a:+d} {n}]" for n, a in pairs)) == pairs


@settings(max_examples=200)
@given(st.text(max_size=30))
def test_any_fee_text_is_read_or_refused_with_a_value_error(text):
    try:
        parse_fees(text)
    except ValueError as exc:
        assert "is not a fee" in str(exc)


@settings(max_examples=150)
@given(st.recursive(st.none() | st.booleans() | st.integers(-100, 100) | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6) | st.integers(0, 9),
                                                                                inner, max_size=3), max_leaves=12))
def test_any_published_file_is_read_or_refused_with_its_place(data):
    try:
        read_published({"rounds": data}, "published.yaml", COMPANIES)
    except DataError as exc:
        assert exc.where.startswith("published.yaml")


def test_an_unknown_item_is_refused_with_its_line():
    with pytest.raises(DataError) as refused:
        published("rounds:\n  1:\n    red: {balance: 26, tips: 3}\n")
    assert "unknown item 'tips'" in refused.value.message and "line 3" in refused.value.message


def test_a_company_not_in_the_game_is_refused():
    with pytest.raises(DataError, match="'yellow' is not a company of the game"):
        published("rounds:\n  1: {yellow: 20}\n")


def test_a_fee_note_naming_no_company_or_alias_is_warned_of_not_passed_over():
    figures = published("aliases: {orange: red}\nrounds:\n  2:\n    blue: {fees: '+8[orange]-5[L]'}\n")
    assert [f.item for f in figures.figures] == ["fees red", "fees L"]
    assert figures.warnings == [("round 2, blue: the fee note [L] (line 4) names no company or alias; it is "
                                 "compared as it stands. Add it to aliases: if it is a company's.")]


def test_a_difference_is_marked_and_one_the_zine_got_wrong_carries_its_note():
    figures = published("rounds:\n  1: {red: 26, blue: 40}\n"
                        "zine_errors:\n  - {round: 1, company: blue, item: balance, note: added twice}\n")
    rows = compared(figures, {(1, "red", "balance"): 27, (1, "blue", "balance"): 38})
    assert [(r.company, r.differs, r.note) for r in rows] == [("blue", False, "added twice"), ("red", True, "")]


# --- a ledger-only archive: its own arithmetic

def test_the_ledger_only_example_checks_its_own_arithmetic_and_passes_with_its_marked_error():
    result = umpire("verify", LEDGER_ONLY)
    assert result.exit_code == 0, result.output
    assert "against its own arithmetic): 14 of 28 printed figures compared, 0 differ, 1 marked" in result.output
    assert "    2  T        balance          60        58  the zine's error: printed 60; its own items give 58" \
        in result.output


def test_a_balance_not_carried_forward_makes_verify_exit_1(tmp_path):
    shutil.copytree(LEDGER_ONLY, tmp_path / "a")
    path = tmp_path / "a" / "published.yaml"
    path.write_text(path.read_text().replace("R: {balance: 37,", "R: {balance: 39,"))
    result = umpire("verify", tmp_path / "a")
    assert result.exit_code == 1
    assert "    2  R        balance          39        37  differs" in result.output
    assert "1 published figure(s) differ" in result.stderr


def test_every_fee_paid_must_be_one_received():
    figures = published("rounds:\n  2:\n    red: {balance: 30, fees: '+8[blue]'}\n    blue: {fees: '-6[red]'}\n")
    computed = arithmetic(figures)
    assert computed[(2, "red", "fees blue")] == 6 and computed[(2, "blue", "fees red")] == -8


# --- export: fees per counterparty, a row per company every round

def test_the_accounts_give_fees_per_counterparty_and_every_round_opened():
    events = [{"type": "round_opened", "round": 1}, {"type": "round_opened", "round": 2},
              {"type": "posting", "round": 2, "from": "red", "to": "blue", "amount": 3, "reason": "river fee in K5"},
              {"type": "posting", "round": 2, "from": "green", "to": "red", "amount": 8,
               "reason": "mountain fee in K6"},
              {"type": "posting", "round": 2, "from": "red", "to": "green", "amount": 2, "reason": "river fee in K7"}]
    rows = accounts(events, COMPANIES)
    assert [r["round"] for r in rows] == [1, 2] and rows[0]["companies"]["red"]["items"] == {}
    assert rows[1]["companies"]["red"]["items"] == {"fees blue": -3, "fees green": 6}

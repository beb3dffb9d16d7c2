"""`umpire export`: the accounts round by round and the action log, JSON and CSV."""

from __future__ import annotations

import csv
import io
import json

import pytest
from click.testing import CliRunner
from helpers import run_ok

from umpire.cli import main
from umpire.families.dampfross.accounts import item_of


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    out = tmp_path_factory.mktemp("export")
    assert CliRunner().invoke(main, ["demo", str(out)]).exit_code == 0
    return out / "demo"


def test_accounts_carry_forward_to_the_final_balances(demo):
    data = json.loads(run_ok("export", demo))
    status = json.loads(run_ok("status", demo, "--json"))
    last = data["accounts"][-1]["companies"]
    assert {c: last[c]["carried_forward"] for c in last} == {c: v["balance"] for c, v in status["companies"].items()}
    for before, after in zip(data["accounts"], data["accounts"][1:]):
        for c, acc in after["companies"].items():
            assert acc["brought_forward"] == before["companies"][c]["carried_forward"]
            assert acc["carried_forward"] == acc["brought_forward"] + sum(acc["items"].values())


def test_accounts_show_each_transport_as_a_column_in_order(demo):
    data = json.loads(run_ok("export", demo))
    items = [list(acc["items"]) for row in data["accounts"] for acc in row["companies"].values()]
    assert any(i[:2] == ["transport 1", "transport 2"] for i in items)


def test_postings_fall_in_the_zine_columns():
    assert item_of("bonus for 1st place in transport 7") == "transport 7"
    assert item_of("fees for transport 12, 5 less 2 the other way") == "transport 12"
    assert item_of("building AD21-AC21") == "building"
    assert item_of("correction by the GM: a fee charged twice") == "correction"


def test_csv_accounts_have_a_header_and_a_running_balance(demo):
    rows = list(csv.DictReader(io.StringIO(run_ok("export", demo, "--format", "csv"))))
    assert rows[0] == {"round": "1", "company": "red", "item": "brought forward", "amount": "", "balance": "20"}
    running = {}
    for row in rows:
        if row["item"] == "brought forward":
            running[row["company"]] = int(row["balance"])
        elif row["amount"]:
            running[row["company"]] += int(row["amount"])
            assert int(row["balance"]) == running[row["company"]]


def test_log_reads_as_actions_without_the_dice_and_postings(demo):
    rows = list(csv.DictReader(io.StringIO(run_ok("export", demo, "--format", "csv", "--table", "log"))))
    texts = [r["text"] for r in rows]
    assert any(t.startswith("red built ") for t in texts) and any("the game ended" in t for t in texts)
    assert not any(r["type"] in ("roll", "posting") for r in rows)


def test_export_writes_a_file_with_out(demo, tmp_path):
    run_ok("export", demo, "--out", tmp_path / "demo.json")
    assert json.loads((tmp_path / "demo.json").read_text(encoding="utf-8"))["game"] == "demo"

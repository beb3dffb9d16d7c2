"""`umpire export --format csv` names the account of each row where a game keeps more than one: a
Volldampf player's marks and his income track each under `account`, the five columns before it as
they were; a Dampfross game (one account) gets the CSV it always got, byte for byte."""

from __future__ import annotations

import csv
import io
import json

import pytest
from helpers import run_ok
from mailhelpers import make_game

COLUMNS = ["round", "player", "item", "amount", "balance"]


@pytest.fixture(scope="module")
def volldampf(tmp_path_factory):
    game = tmp_path_factory.mktemp("vd") / "vd-1"
    run_ok("new", game, "--rules", "volldampf", "--player", "anna:Anna:anna@example.org",
           "--player", "bernd:Bernd:bernd@example.org", "--player", "clara:Clara:clara@example.org")
    order = game.parent / "anna-1A.txt"
    order.write_text("GAME vd-1\nPLAYER anna\nROUND 1A\nBONDS 2\nBID 1\n", encoding="utf-8")
    run_ok("submit", game, order)
    run_ok("resolve", game, "--force")
    return game


def test_each_volldampf_row_names_its_account_after_the_columns_there_were(volldampf):
    text = run_ok("export", volldampf, "--format", "csv")
    assert text.splitlines()[0] == ",".join(COLUMNS + ["account"])
    rows = list(csv.DictReader(io.StringIO(text)))
    assert {r["account"] for r in rows} == {"marks", "income track"}
    for row in rows:
        assert row["account"] == ("income track" if row["item"].startswith("income track: ") else "marks"), row
    anna = [r for r in rows if r["player"] == "anna" and r["account"] == "marks"]
    assert anna[0] == {"round": "1", "player": "anna", "item": "brought forward", "amount": "", "balance": "10",
                       "account": "marks"}
    assert any(r["item"] == "bonds" and r["amount"] == "12" for r in anna)


def test_a_players_last_row_of_each_account_is_that_accounts_balance(volldampf):
    rows = list(csv.DictReader(io.StringIO(run_ok("export", volldampf, "--format", "csv"))))
    last = json.loads(run_ok("export", volldampf))["accounts"][-1]["companies"]
    for player, entry in last.items():
        marks = [r for r in rows if r["player"] == player and r["account"] == "marks"][-1]
        track = [r for r in rows if r["player"] == player and r["account"] == "income track"][-1]
        assert (int(marks["balance"]), int(track["balance"])) == \
            (entry["carried_forward"], entry["income track"]["carried_forward"])


def test_hidden_marks_leave_the_income_track_named_in_the_same_columns(tmp_path):
    game = tmp_path / "vd-2"
    run_ok("new", game, "--rules", "volldampf", "--option", "money=hidden",
           "--player", "anna:Anna:anna@example.org", "--player", "bernd:Bernd:bernd@example.org",
           "--player", "clara:Clara:clara@example.org")
    text = run_ok("export", game, "--format", "csv")
    assert text.splitlines()[0] == ",".join(COLUMNS + ["account"])
    assert {r["account"] for r in csv.DictReader(io.StringIO(text))} == {"income track"}


def old_csv(accounts: list[dict]) -> str:
    """The Dampfross CSV as `umpire export` wrote it before the account column, from the JSON's accounts."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["round", "company", "item", "amount", "balance"])
    for row in accounts:
        for company, acc in row["companies"].items():
            running = acc["brought_forward"]
            writer.writerow([row["round"], company, "brought forward", "", running])
            for item, amount in acc["items"].items():
                running += amount
                writer.writerow([row["round"], company, item, amount, running])
            writer.writerow([row["round"], company, "carried forward", "", acc["carried_forward"]])
    return out.getvalue()


def test_the_dampfross_csv_is_as_it_always_was(tmp_path):
    folder, _ = make_game(tmp_path / "g1")
    order = tmp_path / "red.txt"
    order.write_text("GAME g1\nCOMPANY red\nHOME Alpha\nBUILD C3-D3\n", encoding="utf-8")
    run_ok("submit", folder.path, order)
    run_ok("resolve", folder.path, "--force")
    run_ok("adjust", folder.path, "--company", "red", "--units", "5", "--reason", "fee charged twice")
    text = run_ok("export", folder.path, "--format", "csv")
    accounts = json.loads(run_ok("export", folder.path))["accounts"]
    assert accounts and "account" not in text.splitlines()[0]
    assert text == old_csv(accounts)

"""`umpire adjust --undo` (the last adjustment taken back by a counter-posting, no resolve undone,
replayed), `umpire log --gm` (only the GM's own changes, with time and reason), missed turns in
`status` (both families), and tick's sweep naming turns as the family does (turn 1A, turn 1B)."""

from __future__ import annotations

import json
from datetime import UTC, datetime

from conftest import TEST_MAP
from test_gm_notes import OPENED, umpire
from volldampf_helpers import TINY

from umpire.game import Game
from umpire.store.folder import GameFolder
from umpire.usecases import actions
from umpire.usecases.sweep import resolve_due


def dampfross(path):
    return actions.create_game(path, str(TEST_MAP), "laurin",
                               ["red:Red Lines:red@example.org", "blue:Blue Star:blue@example.org"],
                               seed="undo", now=OPENED)[0]


def volldampf(path):
    return actions.create_game(path, str(TINY), "volldampf",
                               ["ann:Ann:ann@example.org", "bob:Bob:bob@example.org", "cy:Cy:cy@example.org"],
                               seed="undo", now=OPENED)[0]


def status(folder):
    return json.loads(umpire("status", folder.path, "--json"))


def test_undo_takes_back_the_last_adjustment_once_without_undoing_a_resolve(tmp_path):
    for folder, seat, money, balance in ((dampfross(tmp_path / "d"), "red", "--units", "balance"),
                                         (volldampf(tmp_path / "v"), "bob", "--marks", "marks")):
        key = "companies" if seat == "red" else "players"
        umpire("resolve", folder.path, "--force")
        start = status(folder)[key][seat][balance]
        umpire("adjust", folder.path, "--company", seat, money, "4", "--reason", "bonus twice")
        umpire("adjust", folder.path, "--company", seat, money, "-1", "--reason", "fee forgotten")
        assert status(folder)[key][seat][balance] == start + 3
        out = umpire("adjust", folder.path, "--undo")
        assert "Undone: the adjustment of " + seat + " by -1" in out
        assert status(folder)[key][seat][balance] == start + 4
        assert "undone already; nothing done" in umpire("adjust", folder.path, "--undo")
        assert status(folder)[key][seat][balance] == start + 4 and status(folder)["newsletters"] == 2
        # the same correction may be posted again once undone
        assert "Posted:" in umpire("adjust", folder.path, "--company", seat, money, "-1", "--reason", "fee forgotten")
        assert status(folder)[key][seat][balance] == start + 3
        events = [e for e in GameFolder(folder.path).journal() if e["type"] == "adjust_undone"]
        assert events == [{"type": "adjust_undone", "round": events[0]["round"], "undoes": events[0]["undoes"],
                           "company": seat, "units": 1, "reason": "fee forgotten"}]
        umpire("resolve", folder.path, "--force")
        text = (folder.path / "newsletters" / "003.txt").read_text()
        assert "undo of correction by the GM: fee forgotten" in text or \
            "takes back his correction for Bob (bob) (fee forgotten)" in text
        assert "newsletter files match byte for byte" in umpire("replay", folder.path)


def test_undo_is_refused_without_an_adjustment_and_with_other_options(tmp_path):
    folder = dampfross(tmp_path / "d")
    assert "has no adjustment to undo" in umpire("adjust", folder.path, "--undo", code=1)
    assert "--undo takes back the last adjustment as it was" in umpire(
        "adjust", folder.path, "--undo", "--company", "red", code=2)
    assert "give --units, --reason" in umpire("adjust", folder.path, "--company", "red", code=2)


def test_log_gm_lists_only_the_gms_changes_with_time_and_reason(tmp_path):
    folder = dampfross(tmp_path / "d")
    umpire("note", folder.path, "Welcome.")
    umpire("adjust", folder.path, "--company", "red", "--units", "2", "--reason", "fee twice")
    umpire("adjust", folder.path, "--undo")
    umpire("absence", folder.path, "blue", "--from", "2025-03-05", "--to", "2025-03-06")
    umpire("replace", folder.path, "blue", "--email", "berta@example.org")
    umpire("deadline", folder.path, "--resume")
    umpire("resolve", folder.path, "--force")
    umpire("rollback", folder.path)
    lines = umpire("log", folder.path, "--gm").splitlines()
    texts = [line.split(None, 2)[2] for line in lines]
    assert texts == [
        "2025-03-02T10:00:00+00:00  note: Welcome.",
        "adjust red +2: fee twice",
        f"adjust --undo: red -2 (undoes the adjustment at line {lines[1].split()[0]}: fee twice)",
        "absence blue from 2025-03-05 to 2025-03-06",
        "replace blue: blue@example.org -> berta@example.org",
        ("deadline --pause: hold after replace: The deadline of round 1 is paused: the clock stands still until the "
        "GM resumes it. The GM's reason: held for the GM after umpire replace."),
        "deadline --resume: Round 1 runs again, without a deadline.",
        texts[7], texts[8]]
    assert texts[7].startswith("rollback to round 1 (undoes journal lines")
    assert texts[8].startswith("deadline --pause: hold after rollback: ")
    assert "resolve" not in " ".join(texts) and "no_orders" not in " ".join(texts)
    public = umpire("log", folder.path)
    assert "round 1 opened" in public and len(public.splitlines()) > len(lines)     # without --gm: everything


def test_log_gm_of_a_game_without_changes(tmp_path):
    folder = volldampf(tmp_path / "v")
    assert umpire("log", folder.path, "--gm") == "The GM has changed nothing in game v.\n"


def test_status_counts_missed_turns_in_both_families(tmp_path):
    d, v = dampfross(tmp_path / "d"), volldampf(tmp_path / "v")
    assert status(d)["missed_turns"] == {"red": 0, "blue": 0}
    umpire("submit", d.path, _order(tmp_path, "GAME d\nCOMPANY red\nHOME Alpha\n"))
    umpire("resolve", d.path, "--force")
    umpire("resolve", d.path, "--force")
    assert status(d)["missed_turns"] == {"red": 1, "blue": 2}
    assert "  missed:    red 1, blue 2\n" in umpire("status", d.path)
    umpire("replace", d.path, "blue", "--email", "berta@example.org")      # a stand-in begins at 0
    assert status(d)["missed_turns"] == {"red": 1, "blue": 0}
    umpire("submit", v.path, _order(tmp_path, "GAME v\nPLAYER ann\nBID 1\n"))
    umpire("resolve", v.path, "--force")
    assert status(v)["missed_turns"] == {"ann": 0, "bob": 1, "cy": 1}
    assert "  missed:    bob 1, cy 1\n" in umpire("status", v.path)


def test_the_sweep_names_the_turns_as_each_family_does(tmp_path):
    games = tmp_path / "games"
    dampfross(games / "d")
    volldampf(games / "v")
    later = datetime(2026, 1, 1, tzinfo=UTC)
    for folder in ("d", "v"):
        umpire("deadline", games / folder, "--set", "2025-03-03 12:00")
    said = {o.game: o.message for o in resolve_due(games, later, workers=1)}
    assert said["v"].startswith("turn 1A resolved (") and "; turn 1B open; newsletter 002 written." in said["v"]
    assert said["d"].startswith("round 1 resolved (") and "; round 2 (construction) open; newsletter 002" in said["d"]


def _order(tmp_path, text):
    path = tmp_path / f"order-{abs(hash(text))}.txt"
    path.write_text(text)
    return path


def test_the_public_log_never_names_a_stand_ins_address(tmp_path):
    from mailhelpers import make_game
    from volldampf_helpers import TINY

    from umpire.store.folder import GameFolder
    from umpire.usecases import actions, corrections
    dampfross, _ = make_game(tmp_path / "g1")
    volldampf, _ = actions.create_game(tmp_path / "vd", str(TINY), "volldampf",
                                       ["ann:Ann:ann@example.org", "bob:Bob:bob@example.org"], seed="log")
    for folder in (dampfross, volldampf):
        corrections.replace(folder, folder.company_ids()[0], "standby@example.org", "New Name")
        folder = GameFolder(folder.path)
        texts = " ".join(line["text"] for line in Game.of(folder).family.public_log(Game.of(folder), reveal=True))
        assert "New Name" in texts and "standby@example.org" not in texts

"""The GM's notes to the players: `umpire note`, and `--note` on adjust, replace, rollback and
deadline, each a `gm_note` event right after the command's own, printed in the next newsletter
(text and PDF, both families) under "From the GM" with who took over a seat; checked as a line
of at most 600 printable characters; replayed byte for byte; once when run twice."""

from __future__ import annotations

import json
import subprocess
from datetime import UTC, datetime

import pytest
from click.testing import CliRunner
from conftest import TEST_MAP
from hypothesis import given
from hypothesis import strategies as st
from volldampf_helpers import TINY

from umpire.cli import main
from umpire.errors import UmpireError
from umpire.kernel.gm_notes import NOTE_LIMIT, check_note
from umpire.usecases import actions

OPENED = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)
ENV = {"UMPIRE_NOW": "2025-03-02T10:00:00+00:00"}


def umpire(*args, code=0):
    result = CliRunner().invoke(main, [str(a) for a in args], env=ENV)
    assert result.exit_code == code, result.output
    return result.output


def dampfross(tmp_path):
    folder, _ = actions.create_game(tmp_path / "d", str(TEST_MAP), "laurin",
                                    ["red:Red Lines:red@example.org", "blue:Blue Star:blue@example.org"],
                                    seed="notes", now=OPENED)
    return folder


def volldampf(tmp_path):
    folder, _ = actions.create_game(tmp_path / "v", str(TINY), "volldampf",
                                    ["ann:Ann:ann@example.org", "bob:Bob:bob@example.org", "cy:Cy:cy@example.org"],
                                    seed="notes", now=OPENED)
    return folder


def journal(folder):
    return [json.loads(line) for line in (folder.path / "journal.jsonl").read_text().splitlines()]


def pdf_text(path):
    return " ".join(subprocess.run(["pdftotext", str(path), "-"], capture_output=True, check=True,
                                   text=True).stdout.split())


def test_a_note_alone_is_journaled_once_and_printed_in_the_next_newsletter(tmp_path):
    folder = dampfross(tmp_path)
    assert "printed in the next newsletter" in umpire("note", folder.path, "  The deadline is firm.  ")
    assert "nothing done" in umpire("note", folder.path, "The deadline is firm.")
    notes = [e for e in journal(folder) if e["type"] == "gm_note"]
    assert notes == [{"type": "gm_note", "round": 1, "text": "The deadline is firm.",
                      "at": "2025-03-02T10:00:00+00:00"}]
    umpire("resolve", folder.path, "--force")
    text = (folder.path / "newsletters" / "002.txt").read_text()
    assert "\nFROM THE GM\n" + "-" * 72 + "\nThe deadline is firm.\n" in text
    assert "From the GM The deadline is firm." in pdf_text(folder.path / "newsletters" / "002.pdf")
    umpire("resolve", folder.path, "--force")                   # printed once: not in the issue after
    assert "FROM THE GM" not in (folder.path / "newsletters" / "003.txt").read_text()
    assert "newsletter files match byte for byte" in umpire("replay", folder.path)


def test_notes_with_the_gm_commands_follow_their_events_in_both_families(tmp_path):
    for folder, seat, money in ((dampfross(tmp_path), "red", "--units"), (volldampf(tmp_path), "bob", "--marks")):
        umpire("adjust", folder.path, "--company", seat, money, "3", "--reason", "fee twice", "--note", "Three back.")
        umpire("replace", folder.path, seat, "--email", "berta@example.org", "--name", "Berta Stand",
               "--note", "Berta stands in.")
        umpire("deadline", folder.path, "--resume", "--note", "The clock runs again.")
        events = journal(folder)
        kinds = [e["type"] for e in events]
        adjusted, replaced = kinds.index("adjusted"), kinds.index("company_replaced")
        # right after each command's own events (the adjustment's postings, the hold of the replacement)
        assert [e.get("after") for e in events if e["type"] == "gm_note"] == ["adjust", "replace", "deadline --resume"]
        assert kinds[replaced + 2] == "gm_note" and kinds[adjusted + 1] != "gm_note"
        assert kinds[adjusted + 2] == "gm_note" and kinds[-1] == "gm_note" and kinds[-2] == "deadline_changed"
        umpire("resolve", folder.path, "--force")
        text = (folder.path / "newsletters" / "002.txt").read_text()
        pdf = pdf_text(folder.path / "newsletters" / "002.pdf")
        took = ("Berta Stand took over bob from Bob." if seat == "bob" else
                "A new player took over Red Lines (red); it is now called Berta Stand.")
        for said in (took, "Three back.", "Berta stands in.", "The clock runs again."):
            assert said in text and said in pdf
        assert text.index(took) < text.index("Three back.") < text.index("The clock runs again.")
        assert "newsletter files match byte for byte" in umpire("replay", folder.path)


def test_a_rollback_with_a_note_prints_it_when_the_round_is_resolved_again(tmp_path):
    folder = volldampf(tmp_path)
    umpire("resolve", folder.path, "--force")
    umpire("rollback", folder.path, "--note", "Turn 1A again: a bid was lost.")
    umpire("deadline", folder.path, "--resume")
    umpire("resolve", folder.path, "--force")
    text = (folder.path / "newsletters" / "002.txt").read_text()
    assert "From the GM\n-----------\nTurn 1A again: a bid was lost.\n" in text
    assert "newsletter files match byte for byte" in umpire("replay", folder.path)


@pytest.mark.parametrize("bad", ["", "   ", "two\nlines", "bell\x07", "x" * (NOTE_LIMIT + 1)])
def test_a_bad_note_is_refused_quoted_and_nothing_is_done(tmp_path, bad):
    folder = dampfross(tmp_path)
    before = (folder.path / "journal.jsonl").read_bytes()
    out = umpire("note", folder.path, bad, code=1)
    assert "is not a note: one line of printable characters, 1 to 600" in " ".join(out.split())
    out = umpire("adjust", folder.path, "--company", "red", "--units", "1", "--reason", "r", "--note", bad, code=1)
    assert "is not a note" in out                              # refused before the adjustment is posted
    assert (folder.path / "journal.jsonl").read_bytes() == before


def test_a_long_note_is_wrapped_in_the_text_edition(tmp_path):
    folder = dampfross(tmp_path)
    note = " ".join(["word"] * 100)
    umpire("note", folder.path, note)
    umpire("resolve", folder.path, "--force")
    text = (folder.path / "newsletters" / "002.txt").read_text()
    part = text.split("FROM THE GM\n")[1].split("\n\n")[0].splitlines()[1:]
    assert " ".join(part) == note and max(len(line) for line in part) <= 72


def test_a_finished_game_takes_no_note(tmp_path):
    folder = dampfross(tmp_path)
    (folder.path / "journal.jsonl").open("a").write(json.dumps({"type": "game_finished", "round": 1, "reason": "x",
                                                                "winners": ["red"]}) + "\n")
    assert "no newsletter comes to print a note" in umpire("note", folder.path, "Thanks all.", code=1)


@given(st.text(max_size=700))
def test_any_note_is_taken_as_one_printable_line_or_refused_clearly(text):
    try:
        note = check_note(text)
    except UmpireError as exc:
        assert "is not a note: one line of printable characters, 1 to 600 of them." in exc.message
        assert len(exc.message) < 300
        return
    assert note == text.strip() and 1 <= len(note) <= NOTE_LIMIT and note.isprintable()

"""Which reportlab drew each newsletter (drawn.jsonl), and how `umpire replay` compares PDFs by it:
byte for byte when the reportlab running now drew them, else by their text layers (pdftotext), or
not at all where pdftotext is missing; every such case said in one line."""

from __future__ import annotations

import json
import shutil
import tempfile
from pathlib import Path

import pytest
import reportlab
from conftest import TEST_MAP
from helpers import run, run_ok
from hypothesis import given, settings
from hypothesis import strategies as st

from umpire import __version__
from umpire.store.folder import GameFolder
from umpire.usecases import actions, drawn, rollback
from umpire.usecases.replay import number_ranges, replay

RED = "GAME g\nCOMPANY red\nHOME Alpha\nBUILD C3-D3-E3-F3-F2\n"
BLUE = "GAME g\nCOMPANY blue\nHOME Beta\nBUILD K8-J8-I8-H8\n"
OTHER = "4.1.0"                     # a reportlab other than the one running the tests
NO_RECORD = "were drawn by a reportlab the game has no record of"


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    """A game on the test map with round 1 resolved: newsletters 001 and 002, drawn here."""
    root = tmp_path_factory.mktemp("drawn")
    game = root / "g"
    run_ok("new", game, "--map", TEST_MAP, "--rules", "laurin", "--seed", "s",
           "--company", "red:Red Lines:red@example.org", "--company", "blue:Blue Star:blue@example.org")
    for name, text in (("red", RED), ("blue", BLUE)):
        (root / f"{name}.txt").write_text(text, encoding="utf-8")
    run_ok("submit", game, root / "red.txt", root / "blue.txt")
    run_ok("resolve", game)
    return game


@pytest.fixture
def game(made, tmp_path):
    return shutil.copytree(made, tmp_path / "g")


def lines(game) -> list[dict]:
    return [json.loads(line) for line in (game / drawn.DRAWN_FILE).read_text(encoding="utf-8").splitlines()]


def drawn_by(game, version: str, numbers=(1, 2)):
    """Record newsletters `numbers` as drawn by reportlab `version` (as an older umpire's machine would have)."""
    records = [dict(r, reportlab=version) if r["newsletter"] in numbers else r for r in lines(game)]
    (game / drawn.DRAWN_FILE).write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")


def grow(game, name):
    """Other bytes, the same text layer: what another reportlab's PDF of the same page is like."""
    path = game / "newsletters" / name
    path.write_bytes(path.read_bytes() + b"\n")


def test_each_newsletter_records_the_umpire_and_reportlab_that_drew_it_beside_the_journal(made):
    assert lines(made) == [{"newsletter": n, "edition": 0, "umpire": __version__, "reportlab": reportlab.Version}
                           for n in (1, 2)]
    assert "reportlab" not in (made / "journal.jsonl").read_text(encoding="utf-8")
    assert not (made / "newsletters" / drawn.DRAWN_FILE).exists()


def test_pdfs_this_reportlab_drew_are_compared_byte_for_byte(game):
    grow(game, "002.pdf")
    [difference] = replay(game).differences
    assert difference.file == "newsletters/002.pdf" and "first differ at byte" in difference.detail


def test_pdfs_another_reportlab_drew_are_compared_by_their_text_layers_and_the_replay_says_so(game):
    drawn_by(game, OTHER)
    grow(game, "002.pdf")
    outcome = replay(game)
    assert outcome.differences == [] and outcome.by_text == 2 and outcome.not_compared == 0
    assert outcome.notes == [(f"The PDFs of newsletters 001-002 were drawn by reportlab {OTHER}, this is "
                              f"{reportlab.Version}: their text layers were compared.")]
    result = run("replay", game)
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == [
        "Replay of " + str(game) + ": 2 commands and 2 orders replayed; the journal and 2 newsletter files match "
        "byte for byte, 2 PDFs by their text layers.", outcome.notes[0]]


def test_a_pdf_whose_text_layer_differs_is_a_difference(game):
    drawn_by(game, OTHER)
    shutil.copyfile(game / "newsletters" / "001.pdf", game / "newsletters" / "002.pdf")
    [difference] = replay(game).differences
    assert difference.file == "newsletters/002.pdf" and difference.detail.startswith("its text layer differs: line")


def test_only_the_pdfs_another_reportlab_drew_are_compared_by_text(game):
    drawn_by(game, OTHER, numbers=(1,))
    grow(game, "001.pdf")
    grow(game, "002.pdf")
    outcome = replay(game)
    assert [d.file for d in outcome.differences] == ["newsletters/002.pdf"] and outcome.by_text == 1
    assert outcome.notes[0].startswith(f"The PDFs of newsletters 001 were drawn by reportlab {OTHER}")


def test_a_game_that_records_no_versions_has_its_pdfs_compared_as_drawn_by_another_reportlab(game):
    (game / drawn.DRAWN_FILE).unlink()
    grow(game, "001.pdf")
    outcome = replay(game)
    assert outcome.differences == [] and outcome.by_text == 2
    assert NO_RECORD in outcome.notes[0] and "001-002" in outcome.notes[0]


def test_without_pdftotext_the_pdfs_of_another_reportlab_are_not_compared_and_the_replay_says_why(game, tmp_path,
                                                                                                  monkeypatch):
    drawn_by(game, OTHER)
    shutil.copyfile(game / "newsletters" / "001.pdf", game / "newsletters" / "002.pdf")
    (tmp_path / "bin").mkdir()
    monkeypatch.setenv("PATH", str(tmp_path / "bin"))              # no pdftotext on it
    outcome = replay(game)
    assert outcome.differences == [] and outcome.by_text == 0 and outcome.not_compared == 2
    assert outcome.notes == [(f"The PDFs of newsletters 001-002 were drawn by reportlab {OTHER}, this is "
                              f"{reportlab.Version}, and pdftotext (poppler-utils) is not installed to read their "
                              "text: they were not compared.")]
    result = run("replay", game)
    assert result.exit_code == 0, result.output
    assert "the journal and 2 newsletter files match byte for byte; 2 PDFs were not compared." in result.output
    assert outcome.notes[0] in result.output


def test_a_quick_replay_draws_no_pdfs_and_says_nothing_of_reportlab(game):
    drawn_by(game, OTHER)
    outcome = replay(game, quick=True)
    assert outcome.differences == [] and outcome.notes == [] and outcome.by_text == 0


def test_a_rollback_keeps_the_record_of_the_newsletters_it_sets_aside(game):
    folder = GameFolder(game)
    rollback.rollback(folder)
    actions.submit(folder, RED.replace("-F3-F2", "-F3").encode(), via="submit")      # another order: another 002
    actions.resolve(folder)
    assert [(r["newsletter"], r["edition"]) for r in lines(game)] == [(1, 0), (2, 0), (2, 1)]
    drawn_by(game, OTHER, numbers=(2,))
    records = lines(game)
    records[-1]["reportlab"] = reportlab.Version                # the second edition of 002 is drawn here
    (game / drawn.DRAWN_FILE).write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    grow(game, "superseded/002.1.pdf")                          # the first edition: compared by text
    outcome = replay(game)
    assert outcome.differences == [] and outcome.by_text == 1
    assert outcome.notes[0].startswith(f"The PDFs of newsletters 002 were drawn by reportlab {OTHER}")
    grow(game, "002.pdf")                                       # the second edition: byte for byte
    assert [d.file for d in replay(game).differences] == ["newsletters/002.pdf"]


def test_replay_compares_a_newsletter_issued_again_after_a_rollback_where_it_lies_now(game):
    folder = GameFolder(game)
    rollback.rollback(folder)
    actions.resolve(folder)
    path = game / "newsletters" / "002.txt"
    path.write_text(path.read_text(encoding="utf-8").replace("Blue Star", "Blue Stars", 1), encoding="utf-8")
    [difference] = replay(game, quick=True).differences
    assert difference.file == "newsletters/002.txt" and "Blue Stars" in difference.detail


def test_the_last_line_of_a_newsletter_and_edition_counts_and_lines_the_umpire_did_not_write_count_for_nothing(game):
    with (game / drawn.DRAWN_FILE).open("a", encoding="utf-8") as f:
        f.write(json.dumps({"newsletter": 2, "edition": 0, "umpire": "0.2.0", "reportlab": OTHER}) + "\n")
        f.write("not json\n[1, 2]\n{\"newsletter\": 1}\n{\"newsletter\": 1, \"edition\"")   # the last: torn
    records = drawn.read(GameFolder(game))
    assert records[(2, 0)]["reportlab"] == OTHER and records[(1, 0)]["reportlab"] == reportlab.Version
    assert set(records) == {(1, 0), (2, 0)}


def test_newsletter_numbers_are_said_as_runs():
    assert number_ranges([1, 2, 3, 5, 7, 8]) == "001-003, 005, 007-008"
    assert number_ranges([4]) == "004"


def test_a_record_that_is_a_symbolic_link_is_refused_before_anything_is_done(game, tmp_path):
    elsewhere = tmp_path / "elsewhere.jsonl"
    (game / drawn.DRAWN_FILE).rename(elsewhere)
    (game / drawn.DRAWN_FILE).symlink_to(elsewhere)
    journal = (game / "journal.jsonl").read_bytes()
    result = run("resolve", game, "--force")
    assert result.exit_code == 1 and "drawn.jsonl is a symbolic link" in result.output
    assert (game / "journal.jsonl").read_bytes() == journal and elsewhere.read_text().count("\n") == 2


def test_a_pdf_of_another_reportlab_that_is_missing_or_unreadable_is_a_difference(game):
    drawn_by(game, OTHER)
    (game / "newsletters" / "001.pdf").unlink()
    (game / "newsletters" / "002.pdf").write_bytes(b"not a PDF\n")
    differences = {d.file: d.detail for d in replay(game).differences}
    assert differences["newsletters/001.pdf"] == "the game folder lacks it, though the journal says it was issued."
    assert differences["newsletters/002.pdf"].startswith("its text layer could not be read (pdftotext could not read")
    assert len(differences) == 2


RECORD = st.fixed_dictionaries({"newsletter": st.integers(1, 999), "edition": st.integers(0, 9),
                                "umpire": st.text(max_size=8), "reportlab": st.text(max_size=8)})


@settings(max_examples=60, deadline=None)
@given(st.lists(st.one_of(RECORD, st.binary(max_size=40)), max_size=12), st.binary(max_size=20))
def test_any_record_file_reads_without_failing_and_the_last_line_of_each_newsletter_counts(items, torn):
    """Lines the umpire wrote, among lines it did not (never JSON: they begin with `#`) and a torn tail."""
    with tempfile.TemporaryDirectory() as tmp:
        data = b"".join(json.dumps(i).encode() + b"\n" if isinstance(i, dict) else b"#" + i.replace(b"\n", b" ") + b"\n"
                        for i in items) + torn.replace(b"\n", b" ")
        (Path(tmp) / drawn.DRAWN_FILE).write_bytes(data)
        records = drawn.read(GameFolder(tmp))
    assert records == {(r["newsletter"], r["edition"]): r for r in items if isinstance(r, dict)}


def test_a_resolve_a_crash_stopped_before_journaling_its_newsletter_records_it_again_and_the_last_line_counts(
        game, monkeypatch):
    def crash(self, events, batch=None):
        if events[0]["type"] == "newsletter":
            raise KeyboardInterrupt("the machine stops")
        return append(self, events, batch)
    append = GameFolder.append
    with monkeypatch.context() as patched:
        patched.setattr(GameFolder, "append", crash)
        patched.setattr(drawn, "reportlab_version", lambda: OTHER)     # drawn by another reportlab, then
        with pytest.raises(KeyboardInterrupt):
            actions.resolve(GameFolder(game))
    actions.resolve(GameFolder(game))                                   # finishes it: newsletter 003 drawn here
    assert [(r["newsletter"], r["reportlab"]) for r in lines(game)][2:] == [(3, OTHER), (3, reportlab.Version)]
    outcome = replay(game)
    assert outcome.differences == [] and outcome.notes == [] and outcome.by_text == 0

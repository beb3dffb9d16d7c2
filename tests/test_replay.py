"""`umpire replay`: rebuild a game from its inputs and compare journal and newsletters byte for byte."""

from __future__ import annotations

from click.testing import CliRunner

from umpire.cli import main
from umpire.game import Game
from umpire.render import NEWSLETTER_LAYOUT
from umpire.usecases.replay import describe_difference, replay


def test_replay_of_a_game_played_to_its_end_finds_no_difference(demo_game):
    folder = demo_game
    assert Game.of(folder).state().phase == "finished"
    outcome = replay(folder.path)
    assert outcome.differences == []
    assert outcome.commands == 10 and outcome.orders == 36
    assert len(outcome.newsletters) == 20


def test_replay_reports_a_changed_operating_newsletter(demo_game):
    folder = demo_game
    path = folder.path / "newsletters" / "009.txt"
    path.write_text(path.read_text(encoding="utf-8").replace("bonus 20", "bonus 21", 1), encoding="utf-8")
    [difference] = replay(folder.path).differences
    assert difference.file == "newsletters/009.txt"
    assert "bonus 21" in difference.detail


def test_replay_reports_a_changed_newsletter_and_exits_1(demo_game):
    folder = demo_game
    path = folder.path / "newsletters" / "002.txt"
    path.write_text(path.read_text(encoding="utf-8").replace("Great Northern", "Greater Northern", 1),
                    encoding="utf-8")
    result = CliRunner().invoke(main, ["replay", str(folder.path)])
    assert result.exit_code == 1
    assert "newsletters/002.txt: line" in result.output
    assert "Greater Northern" in result.output


def test_replay_reports_a_changed_pdf(demo_game):
    folder = demo_game
    path = folder.path / "newsletters" / "003.pdf"
    path.write_bytes(path.read_bytes() + b"\n")
    [difference] = replay(folder.path).differences
    assert difference.file == "newsletters/003.pdf"
    assert "first differ at byte" in difference.detail


def test_replay_reports_a_changed_journal(demo_game):
    folder = demo_game
    journal = folder.path / "journal.jsonl"
    journal.write_text(journal.read_text(encoding="utf-8").replace('"value": 5', '"value": 4', 1), encoding="utf-8")
    files = [d.file for d in replay(folder.path).differences]
    assert "journal.jsonl" in files


def test_replay_reports_a_missing_newsletter(demo_game):
    folder = demo_game
    (folder.path / "newsletters" / "004.txt").unlink()
    [difference] = replay(folder.path).differences
    assert "lacks it" in difference.detail


def test_replay_prints_what_matched(demo_game):
    folder = demo_game
    result = CliRunner().invoke(main, ["replay", str(folder.path)])
    assert result.exit_code == 0, result.output
    assert "20 newsletter files match byte for byte" in result.output


def test_replay_replays_an_end_construction_command(demo_game):
    from umpire.usecases import actions
    folder = demo_game
    raw = (folder.path / "journal.jsonl").read_text(encoding="utf-8")
    assert "end-construction" not in raw
    lines = [line for line in raw.splitlines()]
    # a game ended by the GM in round 2: rebuild the journal up to newsletter 002, then end it
    cut = next(i for i, line in enumerate(lines) if '"number": 2' in line and '"newsletter"' in line)
    (folder.path / "journal.jsonl").write_text("\n".join(lines[:cut + 1]) + "\n", encoding="utf-8")
    for extra in range(3, 11):
        for kind in ("txt", "pdf"):
            (folder.path / "newsletters" / f"{extra:03d}.{kind}").unlink()
    folder = type(folder)(folder.path)
    actions.family_command(folder, "end-construction", actions.gm_args("the players agreed"))
    assert replay(folder.path).differences == []


def test_differences_in_text_name_the_first_differing_line():
    assert describe_difference(b"a\nb\n", b"a\nc\n", text=True).startswith("line 2 differs")
    assert describe_difference(b"same", b"same", text=True) is None


def _as_if_created_under_layout_1(folder):
    config = (folder.path / "game.yaml").read_text(encoding="utf-8")
    assert f"newsletter_layout: {NEWSLETTER_LAYOUT}\n" in config
    (folder.path / "game.yaml").write_text(config.replace(f"newsletter_layout: {NEWSLETTER_LAYOUT}\n", ""),
                                           encoding="utf-8")


def test_a_game_from_an_earlier_newsletter_layout_replays_its_journal_and_says_newsletters_were_not_compared(demo_game):
    folder = demo_game
    _as_if_created_under_layout_1(folder)
    path = folder.path / "newsletters" / "003.pdf"
    path.write_bytes(path.read_bytes() + b"\n")         # as an older renderer would have drawn it: other bytes
    outcome = replay(folder.path)
    assert outcome.differences == [] and outcome.layout == 1 and not outcome.newsletters_compared
    result = CliRunner().invoke(main, ["replay", str(folder.path)])
    assert result.exit_code == 0
    assert "issued under newsletter layout 1" in result.output and "not compared" in result.output


def test_a_game_from_an_earlier_newsletter_layout_still_has_its_journal_checked(demo_game):
    folder = demo_game
    _as_if_created_under_layout_1(folder)
    path = folder.path / "journal.jsonl"
    path.write_text(path.read_text(encoding="utf-8").replace('"value": 4', '"value": 5', 1), encoding="utf-8")
    assert [d.file for d in replay(folder.path).differences] == ["journal.jsonl"]

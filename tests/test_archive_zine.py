"""tests/games/archive-zine, the example of docs/archive.md: its published figures checked against
the ledger (one marked as the zine's error, its note in the newsletter), the zine's issues and
dates in the newsletters, on the site and in its feed, and what was assumed marked."""

from __future__ import annotations

import shlex
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from helpers import refused_at

from umpire.cli import main
from umpire.kernel.yamlfile import load_lines
from umpire.usecases.play import zine_facts

ZINE = Path(__file__).parent / "games" / "archive-zine"


def umpire(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.fixture(scope="module")
def zine(tmp_path_factory) -> tuple[Path, str]:
    """The example played once, and what `umpire play` printed."""
    out = tmp_path_factory.mktemp("zine")
    result = umpire("play", ZINE, out)
    assert result.exit_code == 0, result.output
    return out / "zine-1994", result.output


def test_play_prints_the_published_versus_computed_table(zine):
    _, printed = zine
    assert "(published.yaml against the ledger): 11 of 11 printed figures compared, 0 differ, 1 marked" in printed
    assert "round  company  item     published  computed\n" in printed
    assert "    1  red      bonuses          6         6\n" in printed


def test_a_figure_marked_as_the_zines_error_passes_verify_and_its_note_is_in_the_newsletter(zine):
    game, _ = zine
    result = umpire("verify", game)
    assert result.exit_code == 0 and "the zine's error: the zine added the bonus of Regensburg twice" in result.output
    letter = (game / "newsletters" / "002.txt").read_text()
    assert ("THE ZINE'S ERRORS IN ROUND 1\n" + "-" * 72 + "\nBayerische Ostbahnen (green), balance: the zine printed "
            "27; the zine\nadded the bonus of Regensburg twice\n") in letter


def test_a_difference_not_marked_makes_verify_exit_1(zine, tmp_path):
    game = shutil.copytree(zine[0], tmp_path / "g")
    (game / "published.yaml").write_text("rounds:\n  1: {green: 27}\n")
    result = umpire("verify", game)
    assert result.exit_code == 1 and "    1  green    balance         27        26  differs" in result.output


def test_each_newsletter_names_the_zines_issue_and_date_of_its_round(zine):
    game, _ = zine
    letters = [(game / "newsletters" / f"00{n}.txt").read_text() for n in (1, 2, 3)]
    assert "As printed in the zine's issue 41 of 1994-01-15." in letters[0]
    assert "Round 1 is resolved. Orders are now due for construction round 2.\nAs printed in the zine's issue 42 " \
           "of 1994-02-19.\n" in letters[1]
    assert "As printed in the zine's issue 43 of 1994-03-26." in letters[2]


def test_what_was_assumed_is_marked_in_every_newsletter_and_a_rounds_own_in_its_newsletter(zine):
    game, _ = zine
    first, third = ((game / "newsletters" / f"00{n}.txt").read_text() for n in (1, 3))
    assert "Assumed, not printed: the map of Bavaria stands in for the zine's\nhand-drawn map\n" in first
    assert "illegible" not in first
    assert "Assumed, not printed: the second construction die of round 2 is\nillegible in issue 42" in third


def test_the_site_and_its_feed_take_the_zines_issues_and_dates(zine, tmp_path):
    game, _ = zine
    assert umpire("site", game, tmp_path / "site").exit_code == 0
    feed = (tmp_path / "site" / "zine-1994" / "feed.atom").read_text()
    assert "<updated>1994-03-26T00:00:00Z</updated><author>" in feed
    assert "zine-1994:001</id><updated>1994-01-15T00:00:00Z</updated>" in feed
    page = (tmp_path / "site" / "zine-1994" / "003.html").read_text()
    assert "As printed in the zine&#39;s issue 43 of 1994-03-26." in page or \
           "As printed in the zine&#x27;s issue 43 of 1994-03-26." in page
    assert "Assumed, not printed" in page


@pytest.mark.parametrize("text, refused", [
    ("issues: {1: {issue: 42, date: soon}}", "the date 'soon' is not a date"),
    ("issues: {1: 42}", "is not a round's issue"),
    ("issues: [42]", "issues: is not a mapping"),
    ("assumed: {round: 2}", "assumed: is not a list"),
    ("assumed: [{round: two, note: a die}]", "is not a note"),
])
def test_issues_and_assumed_that_are_not_are_refused_with_their_line(text, refused):
    assert refused in refused_at(lambda lines: zine_facts(lines, "game.yaml"), text + "\n", "game.yaml", 1)


def test_issues_and_notes_as_game_yaml_keeps_them():
    facts = zine_facts(load_lines("issues: {0: {issue: 41, date: 1994-01-15}, 1: {issue: 42a}}\n"
                                  "assumed: [a stand-in map, {round: 3, note: '  a route  '}]\n"), "game.yaml")
    assert facts == {"issues": {0: {"issue": 41, "date": "1994-01-15"}, 1: {"issue": "42a"}},
                     "assumed": [{"note": "a stand-in map"}, {"round": 3, "note": "a route"}]}


def test_the_archive_pages_commands_for_the_zine_examples_run_verbatim_and_succeed(tmp_path, monkeypatch):
    from test_examples_run import readme_lines
    monkeypatch.chdir(tmp_path)
    for example in ("archive-zine", "archive-ledger-only"):
        shutil.copytree(ZINE.parent / example, tmp_path / "tests" / "games" / example)
    lines = [line for line in readme_lines(ZINE.parents[2] / "docs" / "archive.md")
             if "zine-1994" in line or "archive-zine" in line or "ledger-only" in line]
    assert len(lines) == 5
    for line in lines:
        result = umpire(*shlex.split(line)[1:])
        assert result.exit_code == 0, f"{line}: {result.output}"
    assert (tmp_path / "zine-site" / "zine-1994" / "feed.atom").is_file()

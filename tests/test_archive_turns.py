"""Build turns within a round (docs/archive.md, `turns:`): tests/games/archive-turns, the example,
played once by the page's own commands; each build turn a round with its roll and orders, named
by the zine's label in the orders folders, the newsletters (text, PDF), the site and the
published-versus-computed table; labels refused with their line."""

from __future__ import annotations

import html
import shlex
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner
from helpers import refused_at
from hypothesis import given, settings
from hypothesis import strategies as st

from umpire.cli import main
from umpire.errors import DataError, UmpireError
from umpire.families.dampfross.engine.construction import round_order
from umpire.families.dampfross.engine.state import State
from umpire.families.dampfross.options import CHECKS
from umpire.families.dampfross.render.report import zine_lines
from umpire.kernel.published import Row, table
from umpire.kernel.yamlfile import load_lines
from umpire.usecases.play import read_archive, zine_facts

GAMES = Path(__file__).parent / "games"
TURNS = GAMES / "archive-turns"


def umpire(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.fixture(scope="module")
def played(tmp_path_factory) -> tuple[Path, list[str]]:
    """The archive page's commands for the example, run verbatim where a checkout's copy stands."""
    from test_examples_run import readme_lines
    here = tmp_path_factory.mktemp("turns")
    shutil.copytree(TURNS, here / "tests" / "games" / "archive-turns")
    lines = [line for line in readme_lines(GAMES.parents[1] / "docs" / "archive.md")
             if "archive-turns" in line or "turns-1994" in line]
    assert len(lines) == 2
    outputs = []
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(here)
        for line in lines:
            result = umpire(*shlex.split(line)[1:])
            assert result.exit_code == 0, f"{line}: {result.output}"
            outputs.append(result.output)
    return here / "play-out" / "turns-1994", outputs


def letter(game: Path, number: int) -> str:
    return (game / "newsletters" / f"{number:03}.txt").read_text()


def test_each_build_turn_is_a_round_with_its_own_roll_and_orders(played):
    game, (printed, verified) = played
    assert "2 rounds played" in printed and "round 3 is open" in printed
    assert "all 6 rolls check" in verified
    received = [e["via"] for e in map(yaml.safe_load, (game / "journal.jsonl").read_text().splitlines())
                if e["type"] == "order_received"]
    assert received[0].startswith("play 1a/") and received[-1].startswith("play 1b/")


def test_each_newsletter_names_the_zines_turn_of_the_round_it_reports_and_the_round_it_calls(played):
    game, _ = played
    assert "As printed in the zine's issue 41 of 1994-01-15.\nRound 1 is the zine's turn 1a.\n" in letter(game, 1)
    assert "Round 1 is the zine's turn 1a.\nRound 2 is the zine's turn 1b.\n" in letter(game, 2)
    assert "Round 2 is the zine's turn 1b.\nRound 3 is the zine's turn 2.\n" in letter(game, 3)


def test_the_pdf_newsletter_names_the_zines_turn(played):
    game, _ = played
    text = subprocess.run(["pdftotext", game / "newsletters" / "003.pdf", "-"], capture_output=True,
                          text=True, check=True).stdout
    assert "Round 2 is the zine's turn 1b." in text


def test_the_sites_pages_name_the_zines_turn(played, tmp_path):
    game, _ = played
    assert umpire("site", game, tmp_path / "site").exit_code == 0
    page = (tmp_path / "site" / "turns-1994" / "003.html").read_text()
    assert "Round 2 is the zine&#39;s turn 1b." in page or "Round 2 is the zine&#x27;s turn 1b." in page
    overview = html.unescape((tmp_path / "site" / "turns-1994" / "index.html").read_text())
    assert "002: Round 1 (the zine's turn 1a) resolved" in overview
    assert "003: Round 2 (the zine's turn 1b) resolved" in overview


def test_verify_shows_a_labelled_round_with_its_label(played):
    _, (printed, verified) = played
    for output in (printed, verified):
        assert " round  company  item     published  computed\n" in output
        assert "2 (1b)  red      balance         38        38\n" in output
        assert "     0  red      balance         20        20\n" in output


def test_the_zines_building_order_replaces_the_rotation_in_the_round_it_names(played):
    game, _ = played
    opened = [e for e in map(yaml.safe_load, (game / "journal.jsonl").read_text().splitlines())
              if e["type"] == "round_opened"]
    assert [e["order"] for e in opened] == [["red", "blue", "green"], ["red", "blue", "green"],
                                            ["green", "red", "blue"]]


def test_new_refuses_a_building_order_that_is_not_every_company_once(tmp_path):
    args = ["new", str(tmp_path / "g"), "--map", "ireland", "--rules", "laurin", "--company", "red:R",
            "--company", "blue:B"]
    result = CliRunner().invoke(main, [*args, "--option", "building_order={2: [red]}"])
    assert result.exit_code == 1 and not (tmp_path / "g").exists()
    assert "names red for round 2, not each company once (blue, red)" in result.output
    assert "Nothing was created." in result.output
    result = CliRunner().invoke(main, [*args, "--option", "building_order={2: [blue, red]}"])
    assert result.exit_code == 0, result.output


def test_a_building_order_that_is_not_every_company_once_keeps_the_rotation():
    state = State()
    companies = [{"id": c, "name": c} for c in ("red", "blue", "green")]
    state.apply({"type": "game_created", "game": "g", "companies": companies})
    assert round_order(state, 2) == round_order(state, 2, ["red", "blue"]) == ["blue", "green", "red"]
    assert round_order(state, 2, ["green", "blue", "red"]) == ["green", "blue", "red"]


@pytest.mark.parametrize("value", [[1, 2], {0: ["red"]}, {1: []}, {1: ["red", "red"]}, {True: ["red"]}, {1: "red"}])
def test_a_building_order_option_that_is_not_is_refused(value):
    assert "must map construction rounds to their companies" in CHECKS["building_order"](value)
    assert CHECKS["building_order"](None) is None and CHECKS["building_order"]({3: ["b", "a"]}) is None


def test_an_archives_building_order_naming_a_company_twice_or_not_at_all_is_refused_with_its_line(tmp_path):
    archive = copy_of_turns(tmp_path)
    spec = archive / "game.yaml"
    spec.write_text(spec.read_text().replace("{2: [red, blue, green]}", "{2: [red, blue]}"))
    with pytest.raises(UmpireError) as exc:
        read_archive(archive)
    assert "building_order: round 2: " in exc.value.message
    assert "does not name each company once (blue, green, red)" in exc.value.message
    assert "game.yaml, line 10" in exc.value.message


def test_the_game_played_keeps_the_labels_under_archive(played):
    game, _ = played
    kept = yaml.safe_load((game / "game.yaml").read_text())["archive"]["turns"]
    assert kept == {1: "1a", 2: "1b", 3: "2"}


def test_without_turns_the_table_and_newsletter_lines_are_as_before():
    rows = [Row(2, "red", "balance", 38, 38)]
    assert table(rows) == table(rows, {}) == ["round  company  item     published  computed",
                                              "    2  red      balance         38        38"]
    assert not [line for line in zine_lines({"archive": {"issues": {1: {"issue": 4}}}}, 1) if "turn" in line]


def copy_of_turns(tmp_path) -> Path:
    return shutil.copytree(TURNS, tmp_path / "a")


def test_a_labelled_round_named_by_its_number_is_refused_naming_the_label(tmp_path):
    archive = copy_of_turns(tmp_path)
    (archive / "orders" / "1a").rename(archive / "orders" / "1")
    with pytest.raises(UmpireError) as exc:
        read_archive(archive)
    assert "orders/1 is round 1, which turns: labels 1a" in exc.value.message and "orders/1a" in exc.value.fix


def test_a_gm_entry_is_named_by_the_label_too(tmp_path):
    archive = copy_of_turns(tmp_path)
    spec = archive / "game.yaml"
    spec.write_text(spec.read_text() + "gm:\n  1b: [adjust: {company: red, units: 1, reason: a fee}]\n")
    assert list(read_archive(archive).gm) == [(2, "", 0)]
    spec.write_text(spec.read_text().replace("  1b: [adjust", "  1: [adjust"))
    with pytest.raises(UmpireError) as exc:
        read_archive(archive)
    assert "gm: round 1" in exc.value.message and "line 21" in exc.value.message and "{1a: [...]}" in exc.value.fix


def test_a_missing_build_turn_is_named_by_its_label(tmp_path):
    archive = copy_of_turns(tmp_path)
    shutil.rmtree(archive / "orders" / "1a")
    result = umpire("play", archive, tmp_path / "out")
    assert result.exit_code == 1
    assert "round 1 (the zine's turn 1a) is open, and there is no orders/1a folder" in " ".join(result.output.split())


@pytest.mark.parametrize("text, refused", [
    ("turns: [1a, 1b]", "turns: is not a mapping"),
    ("turns: {0: 1a}", "turns: 0 is not a round"),
    ("turns: {one: 1a}", "turns: 'one' is not a round"),
    ("turns: {1: '1a)'}", "turns: round 1: '1a)' is not a label of letters and digits"),
    ("turns: {1: true}", "is not a label"),
    ("turns: {1: 1a, 2: 1A}", "turns: rounds 1 and 2 are both labelled 1A"),
])
def test_turns_that_are_not_are_refused_with_their_line(text, refused):
    assert refused in refused_at(lambda lines: zine_facts(lines, "game.yaml"), f"game: g\n{text}\n", "game.yaml", 2)


@settings(max_examples=60, deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers(-3, 30) | st.text(max_size=6),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
                        st.integers(-2, 6) | st.text(max_size=3), inner, max_size=4), max_leaves=8))
def test_any_turns_value_is_read_or_refused_with_its_line(value):
    text = "turns: " + yaml.safe_dump(value, default_flow_style=True, width=1000).strip().removesuffix("...").strip()
    try:
        spec = load_lines(text + "\n")
    except DataError:
        return
    try:
        turns = zine_facts(spec, "game.yaml").get("turns") or {}
    except DataError as exc:
        assert "game.yaml, line 1" in exc.message
        return
    assert all(isinstance(n, int) and n >= 1 and label.isalnum() for n, label in turns.items())
    assert len({label.lower() for label in turns.values()}) == len(turns)


# -- races as printed (published.yaml races:) ----------------------------------------------------
LEDGER_ONLY = GAMES / "archive-ledger-only"
RACE_2 = ("races:\n  2:\n    - {race: 3, placings: [L, F, C], payouts: {L: 10, F: 5},"
          " fees: {C: {orange: 8}, L: {R: 2, F: 2, T: 8}}}\n")


def ledger_only_with(tmp_path, races: str) -> Path:
    folder = tmp_path / "lo"
    folder.mkdir()
    text = (LEDGER_ONLY / "published.yaml").read_text().replace("zine_errors:", races + "zine_errors:")
    (folder / "published.yaml").write_text(text)
    return folder


def rows_of(check) -> dict[tuple[int, str, str], tuple[int, int | None, bool]]:
    return {(r.round, r.company, r.item): (r.published, r.computed, r.differs) for r in check.rows}


def test_a_ledger_only_archives_races_are_checked_against_its_printed_items(tmp_path):
    from umpire.usecases.ledger_check import check_ledger_only
    rows = rows_of(check_ledger_only(ledger_only_with(tmp_path, RACE_2)))
    assert rows[(2, "L", "race payouts")] == (10, 10, False) and rows[(2, "F", "race payouts")] == (5, 5, False)
    assert rows[(2, "L", "race fees C")] == (8, 8, False) and rows[(2, "T", "race fees L")] == (8, 8, False)
    assert rows[(2, "L", "balance")] == (42, 42, False)          # race figures are not summed into a balance


def test_a_race_printed_otherwise_differs_unless_marked_as_the_zines_error(tmp_path):
    from umpire.usecases.ledger_check import check_ledger_only
    wrong = RACE_2.replace("L: 10, F: 5", "L: 12, F: 5")
    check = check_ledger_only(ledger_only_with(tmp_path, wrong))
    assert rows_of(check)[(2, "L", "race payouts")] == (12, 10, True)
    marked = wrong + "zine_errors:\n  - {round: 2, company: L, item: race payouts, note: 12 for 10}\n"
    text = (LEDGER_ONLY / "published.yaml").read_text().split("zine_errors:")[0] + marked
    (tmp_path / "lo" / "published.yaml").write_text(text)
    check = check_ledger_only(tmp_path / "lo")
    assert [(r.company, r.item) for r in check.differences] == [("T", "balance")]    # no longer marked here
    assert rows_of(check)[(2, "L", "race payouts")] == (12, 10, False)


def test_a_played_games_races_are_checked_against_its_ledger(demo_game):
    from umpire.usecases.ledger_check import check_game, computed_figures
    figures = computed_figures(demo_game)
    number, company = next((n, c) for (n, c, item), v in sorted(figures.items()) if item == "races" and v)
    paid = figures[(number, company, "races")]
    race = f"races:\n  {number}:\n    - {{placings: [{company}], payouts: {{{company}: %d}}}}\n"
    (demo_game.path / "published.yaml").write_text(f"rounds:\n  0: {{{company}: 20}}\n" + race % paid)
    assert rows_of(check_game(demo_game))[(number, company, "race payouts")] == (paid, paid, False)
    (demo_game.path / "published.yaml").write_text(f"rounds:\n  0: {{{company}: 20}}\n" + race % (paid + 1))
    assert rows_of(check_game(demo_game))[(number, company, "race payouts")] == (paid + 1, paid, True)


@pytest.mark.parametrize("races, refused", [
    ("races: [1]", "races: is not a mapping"),
    ("races: {0: []}", "races: 0 is not a round"),
    ("races: {2: {placings: [L]}}", "is not a list of races"),
    ("races: {2: [{placings: [L], winner: L}]}", "is not a race (race, placings, payouts, fees)"),
    ("races: {2: [{placings: L}]}", "placings: 'L' is not a list of companies"),
    ("races: {2: [{placings: [L, L]}]}", "names a company twice"),
    ("races: {2: [{placings: [X]}]}", "'X' is not a company of the game or an alias"),
    ("races: {2: [{placings: [L], payouts: {F: 5}}]}", "payouts: F is paid and not placed"),
    ("races: {2: [{placings: [L], payouts: {L: ten}}]}", "payouts: L: 'ten' is not a whole number"),
    ("races: {2: [{placings: [L], fees: {C: 8}}]}", "fees: the mapping {C: 8} is not a mapping of payers"),
])
def test_races_that_are_not_are_refused_with_their_line(races, refused):
    from umpire.kernel.published import read_published
    read = lambda lines: read_published(lines, "published.yaml", ["C", "F", "L", "R", "T"])  # noqa: E731
    assert refused in refused_at(read, f"rounds: {{0: {{L: 40}}}}\n{races}\n", "published.yaml", 2)


@settings(max_examples=60, deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers(-3, 30) | st.sampled_from(["L", "C", "x", "placings"]),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
                        st.sampled_from(["race", "placings", "payouts", "fees", "L", "C", 2, 0]), inner,
                        max_size=4), max_leaves=10))
def test_any_races_value_is_read_or_refused_with_its_line(value):
    from umpire.kernel.published import read_published
    text = "races: " + yaml.safe_dump(value, default_flow_style=True, width=1000).strip().removesuffix("...").strip()
    try:
        data = load_lines("rounds: {0: {L: 40}}\n" + text + "\n")
    except DataError:
        return
    try:
        published = read_published(data, "published.yaml", ["C", "L"])
    except DataError as exc:
        assert "published.yaml, line" in exc.message
        return
    assert all(f.item in ("balance", "race payouts") or f.item.startswith("race fees ") for f in published.figures)


# -- the zine's station numbers and names (a map's printed_names:) ------------------------------
TEST_MAP = (Path(__file__).parent / "maps" / "test.yaml").read_text()


def map_with(tmp_path, names: str):
    from umpire.families.dampfross.gamemap import load_map
    path = tmp_path / "m.yaml"
    path.write_text(TEST_MAP + names)
    return load_map(path)


def test_a_race_order_reads_the_zines_station_numbers_and_names(tmp_path):
    from umpire.families.dampfross.hexgrid import parse_label
    from umpire.families.dampfross.orders import parse_order
    game_map = map_with(tmp_path, "printed_names: {7: Alpha, Neuland: Beta}\n")
    order = parse_order("GAME g\nCOMPANY red\nRACE 3 RUN 7-C4-C5 TO neuland\n", game_map)
    assert not order.errors
    [race] = order.races
    assert race.routes[0].hexes[0] == parse_label("C3") and race.to == parse_label("K8")


@pytest.mark.parametrize("names, refused", [
    ("printed_names: [7]", "must be a mapping of the zine's names to places"),
    ("printed_names: {7: Omega}", "'Omega' is no city or junction of the map"),
    ("printed_names: {alpha: Beta}", "'alpha' is no name of the zine's, or names a place of the map already"),
])
def test_printed_names_that_are_not_are_refused_with_their_line(tmp_path, names, refused):
    with pytest.raises(DataError) as exc:
        map_with(tmp_path, names + "\n")
    assert refused in exc.value.message and "m.yaml, line 46" in exc.value.message


@settings(max_examples=40, deadline=None)
@given(st.dictionaries(st.integers(-2, 99) | st.sampled_from(["Neuland", "alpha", "", "x y"]) | st.booleans(),
                       st.sampled_from(["Alpha", "Beta", "Omega", ""]) | st.integers(0, 9) | st.none(), max_size=4)
       | st.lists(st.integers(), max_size=2) | st.text(max_size=4))
def test_any_printed_names_are_read_or_refused_with_their_line(tmp_path_factory, value):
    text = "printed_names: " + yaml.safe_dump(value, default_flow_style=True, width=1000).strip().removesuffix("...")
    try:
        game_map = map_with(tmp_path_factory.mktemp("m"), text.strip() + "\n")
    except DataError as exc:
        assert "line 4" in exc.message
        return
    assert all(h in game_map.city_at or h in game_map.junction_at for h in game_map.printed_names.values())


def test_turns_are_refused_for_a_game_whose_rounds_have_turns_of_their_own(tmp_path):
    archive = tmp_path / "vd"
    shutil.copytree(Path(__file__).parent.parent / "games" / "volldampf-demo", archive)
    spec = archive / "demo.yaml"
    spec.write_text(spec.read_text() + "turns: {1: 1a}\n")
    with pytest.raises(DataError) as exc:
        read_archive(archive)
    assert "turns: is not for this game" in exc.value.message and "line " in exc.value.message

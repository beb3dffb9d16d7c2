"""The zine as printed (docs/archive.md, docs/maps.md): a map's printed labels (`labels:`) read in
orders and printed in the umpire's messages, the newsletter, the map sheets and the composer,
grid labels still read where no printed label takes them; an archive's company colours
(`colours:`); tests/games/archive-printed, the example, played once."""

from __future__ import annotations

import shlex
import shutil
import subprocess
from functools import cache
from pathlib import Path

import pytest
from helpers import refused_at, run_ok
from hypothesis import given, settings
from hypothesis import strategies as st

from umpire.errors import DataError
from umpire.families.dampfross.engine.state import State
from umpire.families.dampfross.gamemap import load_map
from umpire.families.dampfross.hexgrid import label, parse_label
from umpire.families.dampfross.orders import parse_order
from umpire.families.dampfross.render.composer import composer_data
from umpire.families.dampfross.render.styles import company_styles
from umpire.families.dampfross.ruleset import load_rules
from umpire.kernel.yamlfile import load_lines
from umpire.usecases.play import zine_facts

GAMES = Path(__file__).parent / "games"
PRINTED = GAMES / "archive-printed"
TEST_MAP = (Path(__file__).parent / "maps" / "test.yaml").read_text()


@cache
def zine_map():
    return load_map(PRINTED / "bavaria-zine.yaml")


def labelled(tmp_path, labels: str):
    path = tmp_path / "m.yaml"
    path.write_text(TEST_MAP + labels)
    return load_map(path)


def refused(tmp_path, labels: str) -> str:
    with pytest.raises(DataError) as exc:
        labelled(tmp_path, labels)
    return exc.value.message


# -- the map's printed labels --------------------------------------------------------------------
def test_a_hex_is_named_by_its_printed_label_and_read_by_it_in_any_case():
    game_map = zine_map()
    k12 = parse_label("K12")
    assert game_map.label(k12) == "L21" and game_map.describe(k12).startswith("L21 (")
    assert game_map.hex_labelled("L21") == game_map.hex_labelled("l21") == k12


def test_a_grid_label_still_reads_unless_it_is_a_printed_label_which_wins():
    game_map = zine_map()
    assert game_map.hex_labelled("K12") == parse_label("K12")        # no hex is printed K12
    assert game_map.labels[parse_label("J1")] == "A19"
    assert game_map.hex_labelled("A19") == parse_label("J1")         # not the grid's A19


def test_a_map_without_labels_names_hexes_as_the_grid_does():
    game_map = load_map("bavaria")
    assert not game_map.labels and game_map.label((10, 11)) == label((10, 11)) == "K12"
    assert "labels" not in composer_data(game_map, load_rules("laurin"), State())


@pytest.mark.parametrize("labels, message", [
    ("labels: [C3]\n", "must be a mapping"),
    ("labels: {C3: 'C 3'}\n", "'C 3' is not shaped like a hex label"),
    ("labels: {C3: B58, D3: b58}\n", "B58 is already the printed label of C3"),
    ("labels: {Z3: B58}\n", "Z3 is off the map"),
    ("labels: {C3: D3}\n", "D3 has no printed label, and D3 is the printed label of C3"),
])
def test_printed_labels_that_cannot_be_are_refused_naming_the_field(tmp_path, labels, message):
    assert message in refused(tmp_path, labels)


def test_a_label_swap_reads_each_hex_by_its_printed_label(tmp_path):
    game_map = labelled(tmp_path, "labels: {C3: D3, D3: C3}\n")
    assert game_map.hex_labelled("D3") == parse_label("C3") and game_map.label(parse_label("D3")) == "C3"


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_a_chain_written_in_printed_labels_is_the_chain_written_in_grid_labels(data):
    """Property: any chain of neighbouring hexes reads the same in either notation (the printed
    labels taken as they stand, the grid's only where no printed label takes them)."""
    game_map = zine_map()
    at = data.draw(st.sampled_from(sorted(game_map.labels)))
    chain = [at]
    for _ in range(data.draw(st.integers(1, 6))):
        at = data.draw(st.sampled_from([n for n in game_map.grid.neighbours(at) if n in game_map.labels
                                        and n not in chain] or [at]))
        if at != chain[-1]:
            chain.append(at)
    if len(chain) < 2:
        return
    written = "BUILD " + data.draw(st.sampled_from(["-", " - "])).join(game_map.label(h) for h in chain)
    order = parse_order(written, game_map)
    assert not order.errors and order.chains[0].hexes == chain


def test_the_examples_orders_read_to_the_hexes_of_the_same_orders_in_grid_labels():
    """archive-printed's orders are archive-zine's, written in the zine's labels."""
    grid_map, zine = load_map("bavaria"), zine_map()
    for path in sorted((PRINTED / "orders").glob("*/*.txt")):
        twin = GAMES / "archive-zine" / "orders" / path.parent.name / path.name
        printed = parse_order(path.read_text(), zine)
        plain = parse_order(twin.read_text().replace("zine-1994", "printed-1994"), grid_map)
        assert not printed.errors and [c.hexes for c in printed.chains] == [c.hexes for c in plain.chains]


def test_the_composer_shows_and_writes_the_printed_labels():
    data = composer_data(zine_map(), load_rules("laurin"), State())
    assert data["labels"]["K12"] == "L21" and data["homes"][0] == label(parse_label(data["homes"][0]))
    script = (Path(__file__).parent.parent / "newsletters" / "site" / "site.js").read_text()
    assert 'pageWords("BUILD") + " " + chain.map(shown)' in script


# -- company colours -----------------------------------------------------------------------------
def test_colours_are_kept_for_the_map_and_a_given_colour_comes_first():
    facts = zine_facts(load_lines("companies: [red:A, blue:B, green:C]\ncolours: {green: orange, blue: '#1f78b4'}\n"),
                       "game.yaml")
    assert facts == {"colours": {"green": "orange", "blue": "#1f78b4"}}
    styles = company_styles([("red", "A"), ("blue", "B"), ("green", "C")], facts["colours"])
    assert styles["green"].name == "orange" and styles["blue"].colour == pytest.approx((0x1f / 255, 0x78 / 255,
                                                                                        0xb4 / 255))
    assert styles["red"].name == "red"
    assert company_styles([("red", "A"), ("blue", "B")]) == company_styles([("red", "A"), ("blue", "B")], {})


@pytest.mark.parametrize("text, message", [
    ("colours: [orange]", "colours: is not a mapping"),
    ("colours: {grey: orange}", "colours: 'grey' is not a company of companies: (red, green)"),
    ("colours: {green: fuchsiaish}", "colours: green: 'fuchsiaish' is not a colour the umpire knows"),
    ("colours: {green: orange, red: Orange}", "colours: red and green are both Orange"),
])
def test_colours_that_cannot_be_are_refused_with_their_line(text, message):
    read = lambda lines: zine_facts(lines, "game.yaml")  # noqa: E731
    assert message in refused_at(read, f"companies: [red:A, green:C]\n{text}\n", "game.yaml", 2)


# -- the example, played ---------------------------------------------------------------------------
@pytest.fixture(scope="module")
def played(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("printed")
    run_ok("play", PRINTED, out)
    return out / "printed-1994"


def test_the_newsletter_prints_the_zines_labels(played):
    letter = (played / "newsletters" / "003.txt").read_text()
    assert "home AB45 (München)" in letter and "\n  W43-V43  1 pt\n" in letter
    assert "AC45-AC47: costs 3 points and only 2 of this round's 11 are left. Not built: AC45-AC47-AD49." in letter


def test_the_map_sheets_carry_the_printed_labels_and_no_grid_margins(played):
    text = subprocess.run(["pdftotext", "-f", "3", "-l", "3", str(played / "newsletters" / "003.pdf"), "-"],
                          capture_output=True, text=True, check=True).stdout
    assert "sheet 1 of 2\n" in text and "columns A-" not in text and "L21" in text


def test_the_game_keeps_its_colours_and_its_map_with_the_labels(played):
    kept = load_lines((played / "game.yaml").read_text())["archive"]["colours"]
    assert kept == {"green": "orange", "blue": "#1f78b4"}
    assert load_map(played / "map.yaml").labels == zine_map().labels


@pytest.mark.slow
def test_the_archive_pages_commands_for_the_printed_example_run_verbatim_and_succeed(tmp_path, monkeypatch):
    from test_examples_run import readme_lines
    monkeypatch.chdir(tmp_path)
    shutil.copytree(PRINTED, tmp_path / "tests" / "games" / "archive-printed")
    lines = [line for line in readme_lines(PRINTED.parents[2] / "docs" / "archive.md")
             if "printed-1994" in line or "archive-printed" in line]
    assert len(lines) == 3
    for line in lines:
        run_ok(*shlex.split(line)[1:])
    assert "home AB45 (München)" in (tmp_path / "play-out" / "printed-1994" / "newsletters" / "003.txt").read_text()


def test_a_race_drawn_on_the_web_map_runs_through_the_hexes_its_printed_labels_name():
    from umpire.families.dampfross.render.race_routes import race_routes
    game_map, seen = zine_map(), []

    def centre(text):
        seen.append(game_map.hex_labelled(text))
        return (0.0, 0.0)
    race = {"number": 1, "start_name": "Augsburg", "start": 12, "destination_name": "München", "destination": 31,
            "placed": [], "entered": [{"train": "red", "companies": ["red"], "route": ["A19", "L21"], "steps": 1,
                                       "name": "red"}]}
    race_routes([race], centre, 100.0)
    assert seen[:2] == [parse_label("J1"), parse_label("K12")]

"""Places in Dampfross orders: town names with spaces or hyphens (`Dun Laoghaire`, `Dun-Laoghaire`,
`Saint-Étienne`, `Frankfurt (Oder)`) are read wherever a place may stand, on every bundled map, the
longest name winning; a place that cannot be read is refused by name, with the map's closest names."""

from __future__ import annotations

import functools
import re

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st
from orderfuzz import MAPS, PROFILE, ROOT

from umpire.cli import main, run
from umpire.errors import DataError
from umpire.families.dampfross.engine.preview import preview_order
from umpire.families.dampfross.gamemap import load_map
from umpire.families.dampfross.hexgrid import label, parse_label
from umpire.families.dampfross.orders import parse_order
from umpire.game import Game
from umpire.kernel.names import place_key
from umpire.mail import replies
from umpire.store.folder import GameFolder
from umpire.usecases.actions import SubmitResult

COMPANIES = ["--company", "red:Red:red@example.org", "--company", "blue:Blue:blue@example.org"]


@functools.cache
def bundled(name):
    return load_map(name)


@pytest.fixture(scope="module")
def ireland():
    return bundled("ireland")


@pytest.fixture(scope="module")
def dun_laoghaire(ireland):
    return ireland.hex_named("Dun Laoghaire")


@pytest.fixture
def ireland_game(tmp_path):
    folder = tmp_path / "g1"
    result = CliRunner().invoke(main, ["new", str(folder), "--map", "ireland", "--rules", "laurin", *COMPANIES,
                                       "--seed", "s"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return folder


def submit(capsys, folder, body):
    path = folder.parent / "order.txt"
    path.write_text(f"GAME g1\nCOMPANY red\n{body}\n", encoding="utf-8")
    with pytest.raises(SystemExit) as stop:
        run(["submit", str(folder), str(path)])
    out = capsys.readouterr()
    return stop.value.code, out.out + out.err


# -- the orders that crashed ------------------------------------------------------------------
def test_a_chain_through_a_hyphenated_town_is_read(ireland, dun_laoghaire):
    order = parse_order("BUILD Dublin-Dun-Laoghaire AC21", ireland)
    assert order.errors == [] and order.chains[0].hexes[:2] == [ireland.hex_named("Dublin"), dun_laoghaire]
    assert label(order.chains[0].hexes[-1]) == "AC21"


def test_a_hyphenated_town_written_twice_in_a_row_is_refused_naming_its_hex(ireland, dun_laoghaire):
    order = parse_order("BUILD Dun-Laoghaire-Dun-Laoghaire", ireland)
    assert order.chains == [] and f"{label(dun_laoghaire)} is written twice in a row" in order.errors[0].message


@pytest.mark.parametrize("body", ["BUILD Dublin-Dun-Laoghaire AC21", "BUILD Dun-Laoghaire-Dun-Laoghaire",
                                  "HOME Dun-Laoghaire\nBUILD Dun-Laoghaire-Dublin"])
def test_submit_of_the_orders_that_crashed_ends_in_a_reply(capsys, ireland_game, body):
    code, out = submit(capsys, ireland_game, body)
    assert code in (0, 1) and "Traceback" not in out and "defect" not in out.lower(), out


@pytest.mark.parametrize("body", ["BUILD Dublin-Dun-Laoghaire AC21", "BUILD Dun-Laoghaire-Dun-Laoghaire"])
def test_the_mail_reply_to_the_orders_that_crashed_is_written(ireland_game, body):
    folder = GameFolder(ireland_game)
    game = Game.of(folder)
    order = game.read_order(f"GAME g1\nCOMPANY red\n{body}\n".encode())
    preview_order(game.state(), game.game_map, game.rules, "red", order)
    result = SubmitResult(True, "orders/1/0001-red.txt", "red", 1, errors=[str(e) for e in order.errors], order=order)
    assert "line 3: " in replies.accepted(folder, result)           # the chain, or its refusal


# -- HOME and RACE TO ---------------------------------------------------------------------------
@pytest.mark.parametrize("written", ["Dun Laoghaire", "Dun-Laoghaire", "Dún Laoghaire", "DUN  LAOGHAIRE",
                                     "dun – laoghaire", "AF22"])
def test_home_reads_a_compound_name_with_either_separator(ireland, dun_laoghaire, written):
    order = parse_order(f"HOME {written}", ireland)
    assert order.errors == [] and order.home == dun_laoghaire and order.home_line == 1


@pytest.mark.parametrize("written", ["Dun Laoghaire", "Dun-Laoghaire"])
def test_the_confirmation_names_the_home_terminal(capsys, ireland_game, dun_laoghaire, written):
    code, out = submit(capsys, ireland_game, f"HOME {written}")
    assert code == 0 and f"HOME {label(dun_laoghaire)} (Dun Laoghaire)" in out, out
    assert "no HOME, BUILD or RACE lines" not in out


def test_a_home_that_is_no_place_is_refused_naming_it(ireland):
    order = parse_order("HOME Dun-Laoghiare", ireland)
    assert order.home is None and "'Dun-Laoghiare'" in order.errors[0].message
    assert "did you mean Dun Laoghaire?" in order.errors[0].message


def test_race_to_reads_a_compound_name_with_either_separator(ireland, dun_laoghaire):
    for written in ("Dun Laoghaire", "Dun-Laoghaire"):
        order = parse_order(f"RACE 3 RUN Dublin-Dun Laoghaire TO {written}", ireland)
        assert order.errors == [] and order.races[0].to == dun_laoghaire


def test_a_zine_chain_may_begin_with_a_compound_name(ireland, dun_laoghaire):
    order = parse_order("Dun Laoghaire - Dublin ;", ireland)
    assert order.errors == [] and order.chains[0].hexes == [dun_laoghaire, ireland.hex_named("Dublin")]


def test_a_map_with_two_names_apart_only_by_separators_is_refused(tmp_path):
    text = (ROOT / "maps" / "ireland.yaml").read_text(encoding="utf-8")
    path = tmp_path / "twice.yaml"
    path.write_text(text.replace("{name: Dublin,", "{name: Dun-Laoghaire,", 1), encoding="utf-8")
    with pytest.raises(DataError, match="used twice .as 'Dun-Laoghaire': orders read a space and a hyphen alike"):
        load_map(path)


# -- suggestions ----------------------------------------------------------------------------------
@pytest.mark.parametrize("line, written, meant", [
    ("BUILD Dublin-Dun-Laoghiare", "Dun-Laoghiare", "Dun Laoghaire"),
    ("BUILD Dublni-AC21", "Dublni", "Dublin"),
    ("HOME Belfest", "Belfest", "Belfast"),
    ("RACE 3 RUN Dublin-Dun Laoghaire TO Galwya", "Galwya", "Galway"),
    ("1a) (Corkk) - AC21 ;", "Corkk", "Cork"),
])
def test_an_unknown_place_is_named_with_the_closest_towns_of_the_map(ireland, line, written, meant):
    message = parse_order(line, ireland).errors[0].message
    assert message.startswith(f"'{written}' is neither a hex label nor a town on this map; did you mean {meant}")


def test_a_compound_name_written_apart_is_suggested_whole():
    message = parse_order("BUILD Berlin-Frankfurt-Oder", bundled("germany")).errors[0].message
    assert message.startswith("'Frankfurt-Oder' is neither a hex label nor a town on this map; "
                              "did you mean Frankfurt (Oder)?")


def test_without_a_close_town_the_example_is_a_hex_of_the_map(ireland):
    message = parse_order("BUILD Dublin-Atlantis", ireland).errors[0].message
    assert "did you mean" not in message and f"({label(ireland.cities[0].hex)})" in message


def test_the_home_example_is_a_home_terminal_of_the_map():
    for name in MAPS:
        message = parse_order("HOME", bundled(name)).errors[0].message
        assert f"e.g. HOME {bundled(name).home_terminals[0].name}." in message


# -- properties over every bundled map ---------------------------------------------------------
SEPARATORS_IN_NAMES = [" ", "-", "  ", " - ", "–"]
BETWEEN_PLACES = ["-", " - ", ", ", " ", "–", " — "]


@st.composite
def written_places(draw):
    """A bundled map, some of its places, and each written as a player might: any case, its words
    apart by any separator, accents kept or dropped."""
    game_map = bundled(draw(st.sampled_from(MAPS)))
    names = draw(st.lists(st.sampled_from(game_map.place_names()), min_size=1, max_size=5))
    written = []
    for name in names:
        words = name.replace("-", " ").split()
        text = words[0]
        for word in words[1:]:
            text += draw(st.sampled_from(SEPARATORS_IN_NAMES)) + word
        if draw(st.booleans()):
            text = place_key(text) if draw(st.booleans()) else text.upper()
        written.append(text)
    between = draw(st.sampled_from(BETWEEN_PLACES))
    return game_map, names, written, between


@PROFILE
@given(written_places())
def test_every_place_of_every_bundled_map_is_read_however_its_words_are_apart(case):
    game_map, names, written, between = case
    order = parse_order(f"HOME {written[0]}\nBUILD {between.join(written)}", game_map)
    assert order.home == game_map.hex_named(names[0]) and order.home is not None
    wanted = [game_map.hex_named(n) for n in names]
    if order.chains:
        hexes = iter(order.chains[0].hexes)
        assert all(h in hexes for h in wanted)         # each place read, in the order written
    else:                       # a chain refused (one town, the same town twice, no straight run, too long)
        message = order.errors[0].message
        assert (any(label(h) in message for h in wanted) or len(set(wanted)) == 1
                or "more than 250 hexes" in message), message


@PROFILE
@given(written_places(), st.integers(0, 10_000))
def test_a_misspelt_place_is_refused_by_its_name_never_read_as_nothing(case, seed):
    game_map, names, written, _ = case
    text = written[0]
    at = seed % len(text)
    misspelt = text[:at] + "q" + text[at + 1:]
    if game_map.hex_named(misspelt) is not None:
        return
    order = parse_order(f"HOME {misspelt}", game_map)
    assert order.home is None and len(order.errors) == 1
    assert "neither a hex label nor a town" in order.errors[0].message or "off the map" in order.errors[0].message


@pytest.mark.parametrize("name", MAPS)
def test_the_chains_of_the_examples_are_hexes_of_the_map_one_step_apart(name):
    game_map = bundled(name)
    messages = [e.message for e in parse_order("BUILD\nJUMP\nJOINT blue\n1a)\nAFTER 7\nAFTER 7 BUILD", game_map).errors]
    assert len(messages) == 6
    for message in messages:
        chain, = re.findall(r"e\.g\. (?:BUILD |JUMP |JOINT blue |1a\) |AFTER 7 BUILD )([A-Z]+[0-9]+(?:-[A-Z]+[0-9]+)+)",
                            message)
        hexes = [parse_label(x) for x in chain.split("-")]
        assert all(game_map.on_map(h) for h in hexes), message
        assert all(game_map.grid.adjacent(a, b) for a, b in zip(hexes, hexes[1:])), message

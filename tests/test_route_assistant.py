"""The route assistant: the fastest race route with its fee quote, the cheapest line to build."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from conftest import TEST_MAP
from opskit import NETWORK, make_state

from umpire.cli import main
from umpire.families.dampfross.engine.building import segment_cost
from umpire.families.dampfross.engine.route_assistant import NoRoute, cheapest_build, fastest_route
from umpire.families.dampfross.hexgrid import label
from umpire.families.dampfross.hexgrid import parse_label as P


def labels(hexes):
    return "-".join(label(h) for h in hexes)


def test_fastest_route_prefers_fewer_movement_points(test_map, laurin):
    # Around the mountains on blue's line is longer in hexes but the climb costs 2.
    state = make_state({"red": ["C3-C4-D4-E5-F5-G5"], "blue": ["C3-D3-E3-F3-G4-G5"]})
    quote = fastest_route(state, test_map, laurin, ["red"], P("C3"), P("G5"))
    assert quote.points == 6                      # C3-C4 1, C4-D4 1, climb 2, F5 1, G5 1
    assert labels(quote.plan.hexes) == "C3-C4-D4-E5-F5-G5"


def test_fastest_route_breaks_ties_by_lower_fees(test_map, laurin):
    state = make_state({"red": ["C3-D3", "E3-F3"], "blue": ["D3-E3"], "green": ["D3-E3"], "yellow": ["C3-C4"]})
    quote = fastest_route(state, test_map, laurin, ["red"], P("C3"), P("F3"))
    assert quote.plan.fees == {"blue": 1}


def test_fastest_route_uses_an_own_segment(test_map, laurin):
    state = make_state({"red": ["C3-C4"], "blue": ["C3-D3-E3-F3"]})
    with pytest.raises(NoRoute, match="twice"):          # only by running out to C4 and back
        fastest_route(state, test_map, laurin, ["red"], P("C3"), P("F3"))


def test_fastest_route_quotes_the_fees(test_map, laurin):
    quote = fastest_route(make_state(NETWORK), test_map, laurin, ["blue"], P("C3"), P("K8"))
    assert quote.plan.fees == {"red": 10}


def test_cheapest_build_sums_the_segment_costs(test_map, laurin):
    state = make_state({"red": ["C3-D3"]})
    quote = cheapest_build(state, test_map, laurin, "red", P("C3"), P("H5"))
    assert quote.hexes[0] == P("D3")              # leaves from the end of red's own line
    assert quote.points == sum(segment_cost(test_map, laurin, a, b) for a, b in zip(quote.hexes, quote.hexes[1:]))


def test_cheapest_build_quotes_the_fees(test_map, laurin):
    state = make_state({"red": ["F3-G4"], "blue": ["D3-E3-F3"]})
    quote = cheapest_build(state, test_map, laurin, "red", P("F3"), P("D3"))
    # F3: one half-hex 2; E3: connection 1 and two half-hexes 4; D3: connection 1 and a half-hex 2
    assert quote.points == 2 and quote.fees == {"blue": 2 + 5 + 3}


def test_route_command_prints_the_route_and_its_fees(tmp_path):
    runner = CliRunner()
    game = tmp_path / "g"
    runner.invoke(main, ["new", str(game), "--map", str(TEST_MAP), "--rules", "laurin", "--seed", "s",
                         "--company", "red:Red", "--company", "blue:Blue"], catch_exceptions=False)
    order = tmp_path / "o.txt"
    order.write_text("GAME g\nCOMPANY red\nHOME Alpha\nBUILD C3-D3-E3\n")
    runner.invoke(main, ["submit", str(game), str(order)], catch_exceptions=False)
    runner.invoke(main, ["resolve", str(game), "--force"], catch_exceptions=False)      # blue sent none
    result = runner.invoke(main, ["route", str(game), "--company", "red", "--from", "Alpha", "--to", "H5", "--build"])
    assert result.exit_code == 0, result.output
    assert "BUILD " in result.output and "points to build" in result.output
    result = runner.invoke(main, ["route", str(game), "--company", "blue", "--from", "Alpha", "--to", "E3"])
    assert result.exit_code == 1 and "own segments" in result.output


def test_fastest_route_avoids_running_out_and_back_when_another_route_uses_own_track(test_map, laurin):
    # Out to red's spur C4 and back would be 5 points; the route must not pass C3 twice, so red's
    # detour E3-E2-E1-F1-F2-F3 (7 points) is the fastest route it may order.
    state = make_state({"red": ["C3-C4", "E3-E2-E1-F1-F2-F3"], "blue": ["C3-D3-E3-F3"]})
    quote = fastest_route(state, test_map, laurin, ["red"], P("C3"), P("F3"))
    assert labels(quote.plan.hexes) == "C3-D3-E3-E2-E1-F1-F2-F3"
    assert quote.points == 7 and quote.plan.fees == {"blue": 2}


def test_route_command_says_no_fees_once_where_there_are_none(tmp_path):
    game = tmp_path / "g"
    CliRunner().invoke(main, ["new", str(game), "--map", str(TEST_MAP), "--rules", "laurin", "--seed", "s",
                              "--company", "red:Red", "--company", "blue:Blue"], catch_exceptions=False)
    result = CliRunner().invoke(main, ["route", str(game), "--company", "red", "--from", "Alpha", "--to", "H5",
                                       "--build"])
    assert result.exit_code == 0, result.output
    assert "(units in the operating phase); no fees" in result.output and "fees no fees" not in result.output


def test_route_command_refuses_a_game_whose_family_has_no_route_assistant(tmp_path):
    from volldampf_helpers import TINY

    from umpire.usecases import actions
    folder, _ = actions.create_game(tmp_path / "vt", str(TINY), "volldampf", ["ann:Ann", "bob:Bob"], seed="s")
    result = CliRunner().invoke(main, ["route", str(folder.path), "--company", "ann", "--from", "A", "--to", "B"])
    assert result.exit_code == 1 and not isinstance(result.exception, AttributeError)
    assert "`umpire route` is for Dampfross games, and game vt is a Volldampf game" in result.output


def test_a_family_offers_the_route_assistant_through_its_interface_or_declares_none():
    import toyfamily

    from umpire.families import family, route_assistants
    from umpire.families.base import RouteAssistant
    assert list(route_assistants()) == ["dampfross"]
    assert isinstance(family("dampfross").route_assistant, RouteAssistant)
    assert family("volldampf").route_assistant is None and toyfamily.FAMILY.route_assistant is None

"""A whole small game from the command line, construction to the winner, on the test map."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from conftest import TEST_MAP

from umpire.cli import main

PLANS = {   # each company's planned line, built a little every round
    "red": "C3-D3-E3-F3-G4-G5-G6-H5-I6-J6-K7-K8-L8-M9",
    "blue": "K8-K7-K6-J5-J4-J3-J2-I3-H3-G3-F2",
    "green": "C3-C4-C5-D5-E6-E7-E8-E9-F9-G10",
}


def run(runner, *args, ok=(0,)):
    result = runner.invoke(main, [str(a) for a in args], catch_exceptions=False)
    assert result.exit_code in ok, result.output
    return result.output


def status(runner, game):
    return json.loads(run(runner, "status", game, "--json"))


def write_order(tmp_path, game, company, round_number, lines) -> str:
    """An order file; PASS where the company has nothing to order (a file with no line is no order)."""
    path = tmp_path / f"{company}-{round_number}.txt"
    path.write_text("\n".join([f"GAME {game.name}", f"COMPANY {company}", f"ROUND {round_number}",
                               *(lines or ["PASS"])]) + "\n")
    return str(path)


def build_lines(info, company, plan):
    built = {tuple(s) for s in info["companies"][company]["segments"]}
    hexes = plan.split("-")
    done = 0
    while done < len(hexes) - 1 and tuple(sorted(hexes[done:done + 2])) in built:
        done += 1
    rest = hexes[done:]
    lines = [] if info["companies"][company]["home"] else [f"HOME {hexes[0]}"]
    return lines + ([f"BUILD {'-'.join(rest)}"] if len(rest) > 1 else [])


def race_lines(runner, game, info, company):
    lines = []
    for t in info["transports"]["open"]:
        n = t["transport"]
        best = None
        for a in t["start_hexes"]:
            for b in t["destination_hexes"]:
                result = runner.invoke(main, ["route", str(game), "--company", company, "--from", a, "--to", b])
                if result.exit_code == 0:
                    route = next(line.split()[1] for line in result.output.splitlines() if "RUN " in line)
                    if best is None or len(route) < len(best):
                        best = route
        lines.append(f"RACE {n} RUN {best}" if best else f"RACE {n} PASS")
    return lines


def play_whole_game(tmp_path, rules, plans, options=()):
    """Create a game on the test map, build the plans round by round (the GM ends construction if the
    rule has not), race every transport by the route assistant's fastest route; returns the game folder."""
    runner = CliRunner()
    game = tmp_path / "game"
    companies = [a for c in plans for a in ("--company", f"{c}:{c.title()}")]
    run(runner, "new", game, "--map", TEST_MAP, "--rules", rules, "--seed", f"whole-{rules}-{len(plans)}",
        *companies, *[a for o in options for a in ("--option", o)])
    for _ in range(20):
        info = status(runner, game)
        if info["phase"] != "construction":
            break
        files = [write_order(tmp_path, game, c, info["round"], build_lines(info, c, plan)) for c, plan in plans.items()]
        run(runner, "submit", game, *files, ok=(0, 1))
        run(runner, "resolve", game)
    if status(runner, game)["phase"] == "construction":
        run(runner, "end-construction", game, "--reason", "the test's lines are built")
    for _ in range(60):
        info = status(runner, game)
        if info["phase"] != "operations":
            break
        files = [write_order(tmp_path, game, c, info["round"], race_lines(runner, game, info, c)) for c in plans]
        run(runner, "submit", game, *files, ok=(0, 1))
        run(runner, "resolve", game)
    return runner, game


# A whole game takes seconds: under Laurin's rules in the default run (the two-player game below
# plays them too), under the other rulesets in the slow profile.
@pytest.mark.parametrize("rules", ["laurin", pytest.param("schmidt", marks=pytest.mark.slow),
                                   pytest.param("buetehorn", marks=pytest.mark.slow)])
def test_whole_small_game_runs_to_finished(tmp_path, rules):
    runner, game = play_whole_game(tmp_path, rules, PLANS, ["operations.end.balance_target={2: 150, 3: 150}"])
    info = status(runner, game)
    assert info["phase"] == "finished"
    balances = {c: v["balance"] for c, v in info["companies"].items()}
    assert info["winners"] == [c for c, b in balances.items() if b == max(balances.values())]
    journal = [json.loads(line) for line in (game / "journal.jsonl").read_text().splitlines()]
    assert any(e["type"] == "race_placed" for e in journal)


@pytest.mark.slow        # 5 s: the whole-game runs above play Laurin to the end in the default profile
def test_two_player_laurin_game_plays_with_the_normal_rules_to_its_last_transport(tmp_path):
    plans = {"red": "C3-C4-C5-D5-E6-E7-E8-E9-F9-G10-H9-I9-J9-K9-L9-M9", "blue": PLANS["blue"]}
    runner, game = play_whole_game(tmp_path, "laurin", plans)
    info = status(runner, game)
    journal = [json.loads(line) for line in (game / "journal.jsonl").read_text().splitlines()]
    (ended,) = [e for e in journal if e["type"] == "construction_ended"]
    assert "at most 3 cities" in ended["reason"]                  # the 3-cities end rule, not the GM
    assert info["phase"] == "finished" and info["transports"]["made"] == 21
    assert any(e["type"] == "race_placed" for e in journal)

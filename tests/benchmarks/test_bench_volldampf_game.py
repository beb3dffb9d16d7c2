"""A whole 6-player Volldampf game on the Germany board, as a GM runs it: `umpire replay` of the
game (goals: < 1 s, its newsletters' PDFs included) and one newsletter, text and PDF (goal:
< 1.5 s). The game is played by the demo's order writer (tools/volldampf_demo_orders.py) with six
players. Run: `pytest tests/benchmarks/test_bench_volldampf_game.py --benchmark-only -s`.

Baselines measured in the same run: Python starting with the libraries every command loads
(replay), and drawing the empty board alone (the newsletter)."""

from __future__ import annotations

import importlib.util
import subprocess
from pathlib import Path

import pytest
from baseline import BIN, against, python, umpire

from umpire.families.volldampf.board import load_board
from umpire.families.volldampf.drawing import board_pdf
from umpire.game import Game
from umpire.store.folder import GameFolder

TOOL = Path(__file__).parents[2] / "tools" / "volldampf_demo_orders.py"
SPEC = """game: six
map: volldampf-germany
rules: volldampf
seed: six-players
companies:
  - anna:Anna Ahrens
  - bernd:Bernd Brinkmann
  - clara:Clara Claussen
  - dieter:Dieter Dahl
  - emil:Emil Ebert
  - frieda:Frieda Fuchs
"""


@pytest.fixture(scope="module")
def game(tmp_path_factory) -> Path:
    source = tmp_path_factory.mktemp("six-source")
    (source / "demo.yaml").write_text(SPEC, encoding="utf-8")
    spec = importlib.util.spec_from_file_location("volldampf_demo_orders", TOOL)
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    tool.main(source)
    out = tmp_path_factory.mktemp("six")
    subprocess.run([str(BIN / "umpire"), "play", str(source), str(out)], check=True, capture_output=True)
    folder = GameFolder(out / "six")
    assert Game.of(folder).state().phase == "finished"
    return folder.path


def test_replay_of_a_whole_6_player_game(benchmark, game):
    newsletters = len(list((game / "newsletters").glob("*.pdf")))
    against(benchmark, umpire("replay", str(game)), python("import click, yaml, jinja2, reportlab.pdfgen.canvas"),
            rounds=5, what=f"umpire replay of a 6-player game ({newsletters} newsletters) against Python starting")
    print(f"goal: < 1 s; reached {benchmark.stats.stats.median:.2f} s")
    assert benchmark.stats.stats.median < 1.0


def test_one_newsletter_of_a_6_player_game(benchmark, game):
    folder = GameFolder(game)
    state, number = Game.of(folder).state(), len(list((game / "newsletters").glob("*.pdf")))
    board = load_board("volldampf-germany")

    def write():
        issue = Game.of(folder).family.newsletter(Game.of(folder), number, state)
        return issue.text, issue.pdf()

    against(benchmark, write, lambda: board_pdf(board), what="newsletter (text and PDF) against the empty board")
    print(f"goal: < 1.5 s; reached {benchmark.stats.stats.median:.3f} s")
    assert benchmark.stats.stats.median < 1.5

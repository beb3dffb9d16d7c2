"""Commands tell the truth: end-construction says what happened (and asks before ending the game),
submit previews each order as the mail confirmation does, `new` refuses a folder name that is no
game id, and every command shown in the README or in an error's hint parses as written."""

import ast
import re
import shlex
from pathlib import Path

import click
import pytest
from click.testing import CliRunner
from conftest import TEST_MAP

from umpire.cli import main
from umpire.families.dampfross.orders import parse_order
from umpire.game import Game
from umpire.mail import replies
from umpire.store.folder import GameFolder
from umpire.usecases.actions import SubmitResult

ROOT = Path(__file__).parent.parent
COMPANIES = ["--company", "red:Red Lines:red@example.org", "--company", "blue:Blue Star:blue@example.org"]


def umpire(*args, **kw):
    return CliRunner().invoke(main, [str(a) for a in args], **kw)


@pytest.fixture
def game(tmp_path):
    folder = tmp_path / "g"
    assert umpire("new", folder, "--map", TEST_MAP, "--rules", "laurin", *COMPANIES, "--seed", "s").exit_code == 0
    return folder


def submit(tmp_path, folder, text, name="o"):
    path = tmp_path / f"{name}.txt"
    path.write_text(text)
    return umpire("submit", folder, path)


# -- end-construction ---------------------------------------------------------------------------
def test_end_construction_that_ends_the_game_asks_and_without_yes_does_nothing(game):
    journal = (game / "journal.jsonl").read_bytes()
    result = umpire("end-construction", game, "--reason", "agreed", input="n\n")
    assert result.exit_code == 1
    assert "ends the game at once" in result.output and "nothing was done" in result.output and "--yes" in result.output
    assert (game / "journal.jsonl").read_bytes() == journal


def test_end_construction_that_ends_the_game_says_so_and_names_the_winners(game):
    result = umpire("end-construction", game, "--reason", "agreed", "--yes")
    assert result.exit_code == 0
    assert "The game is over" in result.output and "Winners: Red Lines (red), Blue Star (blue)" in result.output
    assert "first operating round is open" not in result.output
    assert umpire("status", game).output.startswith("Game g: finished")


def test_end_construction_that_opens_operations_names_the_round_and_its_transports(game, tmp_path):
    submit(tmp_path, game, "GAME g\nCOMPANY red\nHOME Alpha\nBUILD C3-D3-E3-F3-F2\n", "r")
    submit(tmp_path, game, "GAME g\nCOMPANY blue\nHOME Beta\nBUILD K8-J8-I8-H8\n", "b")
    assert umpire("resolve", game).exit_code == 0
    result = umpire("end-construction", game, "--reason", "agreed")
    assert result.exit_code == 0
    assert "Operating round 3 is open (transports 2;" in result.output and "newsletter 003 written" in result.output


# -- submit previews as the confirmation does -------------------------------------------------------
def test_submit_shows_costs_budget_and_warnings_and_still_stores_the_order(game, tmp_path):
    text = "GAME g\nCOMPANY red\nHOME Gamma\nBUILD C3-D3-E3\nRACE 2 RUN C3-D3\nRACE 2 PASS\n"
    result = submit(tmp_path, game, text)
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    assert "accepted for red" in out
    assert "warning: F2 (Gamma) is not a home terminal; choose one of Alpha, Beta." in out
    assert "of this round's budget of" in out
    assert out.count("race entries belong to the operating phase") == 2
    assert (game / "orders" / "1" / "0001-red.txt").read_text() == text


def test_submit_prints_the_same_lines_as_the_mail_confirmation(game, tmp_path):
    text = "GAME g\nCOMPANY red\nHOME Alpha\nBUILD C3-D3-E3\nBUILD C3-C4-C5\n"
    out = submit(tmp_path, game, text).output
    folder = GameFolder(game)
    order = parse_order(text, Game.of(folder).game_map)
    folder.append([{"type": "order_received", "round": 1, "company": "blue", "file": "x", "via": "test",
                    "errors": [], "replaces": None}])    # the confirmation is composed with the order stored
    body = replies.accepted(folder, SubmitResult(True, "x", "red", 1, order=order))
    preview = body.split("\n\n", 1)[1].split("\n\nThe round is carried out")[0]
    assert preview in out and "C3-D3  " in preview and "Altogether" in preview


def test_submit_shows_jump_and_joint_lines_and_warns_when_their_rule_is_not_played(game, tmp_path):
    text = "GAME g\nCOMPANY red\nHOME Alpha\nJUMP C3-D3\nJOINT blue C3-C4\nBUILD C3-D3-E3\n"
    out = " ".join(submit(tmp_path, game, text).output.split())
    assert "line 4: JUMP C3-D3 warning: this game does not play the optional rule jumping" in out
    assert "line 5: JOINT blue C3-C4 warning: this game does not play the optional rule joint construction" in out
    assert out.count("this line will be refused") == 2


def test_submit_warns_of_races_not_called_and_a_second_entry_for_one_race(tmp_path):
    from umpire.families.dampfross.confirmation import _race_problem
    from umpire.families.dampfross.engine.state import State
    state = State()
    state.phase, state.round, state.ops = "operations", 7, {"open": [3, 4]}
    assert "transport 5 is not announced in this round; the races of round 7 are 3, 4" in _race_problem(state, 5, None)
    assert "a second entry for transport 3; the entry on line 4 stands" in _race_problem(state, 3, 4)
    assert _race_problem(state, 4, None) is None


# -- game ids at `new` ----------------------------------------------------------------------------
def test_new_refuses_a_folder_name_that_is_no_game_id_and_states_the_rule(tmp_path):
    result = umpire("new", tmp_path / "My Game 1", "--map", TEST_MAP, "--rules", "laurin", *COMPANIES)
    assert result.exit_code == 1
    assert "'My Game 1' cannot be a game id: a game id is 1 to 40 ASCII letters" in result.output
    assert "--id" in result.output and not (tmp_path / "My Game 1").exists()


def test_new_with_id_takes_orders_for_that_id(tmp_path):
    folder = tmp_path / "My Game 1"
    assert umpire("new", folder, "--id", "mygame-1", "--map", TEST_MAP, "--rules", "laurin", *COMPANIES,
                  "--seed", "s").exit_code == 0
    result = submit(tmp_path, folder, "GAME mygame-1\nCOMPANY red\nHOME Alpha\n")
    assert result.exit_code == 0 and "accepted for red" in result.output


# -- commands as shown to the user parse as written ------------------------------------------------
def parses(words: list[str]):
    """Parse a command line as `umpire` would (options, arguments, choices), without running it."""
    assert words[0] == "umpire", words
    command, args = main, list(words[1:])
    while isinstance(command, click.Group):
        name = args.pop(0)
        if name.startswith("-"):                          # the group's own option: umpire --version
            assert any(name in p.opts for p in command.params), f"no option {name!r} in {' '.join(words)}"
            if not args:
                return
            continue
        found = command.get_command(click.Context(command), name)
        assert found is not None, f"no command {name!r} in {' '.join(words)}"
        command = found
    command.make_context(command.name, args)


def readme_commands() -> list[str]:
    """Every indented `umpire ...` line of the README and the docs (with its continuation lines)."""
    names = ["README.md", *sorted(str(p.relative_to(ROOT)) for p in (ROOT / "docs").glob("*.md"))]
    text = "\n".join((ROOT / name).read_text() for name in names).replace("\\\n", " ")
    return [re.sub(r"\s+#.*$", "", line.strip()) for line in text.splitlines()
            if re.match(r"^\s{4,}(\.venv/bin/)?umpire ", line)]


def test_readme_and_docs_commands_parse_as_written(tmp_path, monkeypatch):
    """Run from a checkout (maps/ at hand) where the players' order files of the example are written."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "maps").symlink_to(ROOT / "maps")
    commands = readme_commands()
    assert len(commands) >= 20
    for line in commands:
        for name in re.findall(r"\S+\.txt", line):
            (tmp_path / name).write_text("GAME ireland-1\n")
        words = shlex.split(line)
        words[0] = "umpire"
        parses(words)


def hint_texts() -> list[str]:
    """Every `fix=` hint in the package, each {value} of an f-string given a stand-in of its kind."""
    out = []
    for path in (ROOT / "umpire").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.keyword) and node.arg == "fix":
                out.append("".join(_parts(node.value)))
    return out


def _parts(node):
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield node.value
    elif isinstance(node, ast.JoinedStr):
        for value in node.values:
            yield from (_parts(value) if isinstance(value, ast.Constant) else [_stand_in(value.value)])
    elif isinstance(node, ast.BinOp):
        yield from _parts(node.left)
        yield from _parts(node.right)
    else:
        yield "games/g1"


def _stand_in(expression) -> str:
    text = ast.unparse(expression)
    if text == "spec.name":                  # a family's GM command (cli/family_commands.py)
        return "end-construction"
    return "3" if any(word in text for word in ("round", "turn", "count")) else "games/g1"


def test_every_command_a_hint_shows_parses_as_written():
    from umpire.kernel.options import parse_option
    from umpire.timetable.deadlines import check_options
    hints = hint_texts()
    commands = [c for h in hints for c in re.findall(r"`(umpire [^`]+)`", h)]
    assert len(commands) >= 3
    for command in commands:
        parses(shlex.split(command))
    fragments = [f for h in hints for f in re.findall(r"--option ((?:'[^']*'|\"[^\"]*\"|[^\s'\"])+)", h)]
    assert fragments
    for fragment in fragments:
        key, value = parse_option(shlex.split(fragment.rstrip("."))[0])
        check_options({key: value}) if key in ("deadline", "late_orders") else None


def leaf_commands(group: click.Group, words: tuple = ()):
    """Every command under the group, with the words that call it."""
    for name in group.list_commands(click.Context(group)):
        command = group.get_command(click.Context(group), name)
        if isinstance(command, click.Group):
            yield from leaf_commands(command, (*words, name))
        else:
            yield (*words, name), command


def test_the_help_of_every_command_has_examples_and_each_example_block_parses_as_written(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "maps").symlink_to(ROOT / "maps")
    blocks = 0
    for words, command in leaf_commands(main):
        text = command.get_help(click.Context(command, info_name=" ".join(words))).replace("\\\n", " ")
        assert "Example" in text, f"`umpire {' '.join(words)} --help` shows no example"
        if "Examples:\n" not in text:
            continue
        blocks += 1
        for line in text.split("Examples:\n", 1)[1].split("\n\n", 1)[0].splitlines():
            line = re.sub(r"\s+\(.*\)$", "", line.strip())
            for name in re.findall(r"\S+\.(?:txt|yaml)\b", line):
                (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
                (tmp_path / name).touch()
            parses(shlex.split(line))
    assert blocks >= 10

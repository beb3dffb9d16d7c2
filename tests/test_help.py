"""`umpire help`: the documentation pages travel with the umpire (docs/ in a checkout, umpire/_data/docs
in a wheel), listed with their titles or printed; messages send the user there rather than to a docs/
file he may not have; and shell completion (click's _UMPIRE_COMPLETE), as the README gives it."""

from __future__ import annotations

import ast
import os
import re
import shutil
import stat
import subprocess
import sys

import click
import pytest
from click.testing import CliRunner
from test_cli_truth import ROOT, leaf_commands

from umpire import resources
from umpire.cli import main

DOCS = ROOT / "docs"
PAGES = sorted(p.stem for p in DOCS.glob("*.md"))


def umpire(*args):
    return CliRunner().invoke(main, list(args))


def test_help_lists_every_page_with_its_first_heading():
    result = umpire("help")
    assert result.exit_code == 0, result.output
    rows = [line.split(None, 1) for line in result.output.splitlines() if line.startswith("  ")]
    assert [name for name, _ in rows] == PAGES and len(PAGES) >= 10
    for name, shown in rows:
        heading = (DOCS / f"{name}.md").read_text(encoding="utf-8").splitlines()[0]
        assert heading == f"# {shown}"
    assert "`umpire help PAGE` prints a page." in result.output


@pytest.mark.parametrize("given", ["orders", "orders.md", "volldampf-orders"])
def test_help_prints_a_page_as_written(given):
    result = umpire("help", given)
    assert result.exit_code == 0, result.output
    assert result.output == (DOCS / f"{given.removesuffix('.md')}.md").read_text(encoding="utf-8") + "\n"


@pytest.mark.parametrize("given, said", [("order", "there is no page 'order'; did you mean orders?"),
                                         ("../README", "there is no page '../README'."),
                                         ("resolve", "there is no page 'resolve'.")])
def test_a_page_that_is_not_there_is_refused_with_the_list_of_pages(given, said):
    result = umpire("help", given)
    assert result.exit_code == 1
    assert said in result.output and "The pages are architecture, archive, dice," in result.output
    assert "`umpire help` lists them" in result.output


def test_an_installed_umpire_finds_its_pages_inside_the_package(monkeypatch, tmp_path):
    """In a wheel the pages are umpire/_data/docs (pyproject's force-include); the checkout's docs/
    is not there."""
    package = tmp_path / "site-packages" / "umpire"
    (package / "_data" / "docs").mkdir(parents=True)
    (package / "_data" / "docs" / "orders.md").write_text("# Orders, as installed\n\nBUILD ...\n", encoding="utf-8")
    monkeypatch.setattr(resources, "_PACKAGE", package)
    assert list(resources.doc_pages()) == ["orders"]
    listed = umpire("help")
    assert listed.exit_code == 0 and "  orders  Orders, as installed" in listed.output
    assert umpire("help", "orders").output == "# Orders, as installed\n\nBUILD ...\n\n"


def test_an_installation_without_its_pages_says_so(monkeypatch, tmp_path):
    monkeypatch.setattr(resources, "_PACKAGE", tmp_path / "site-packages" / "umpire")
    result = umpire("help")
    assert result.exit_code == 1
    assert "the umpire's documentation pages are missing" in result.output
    assert "Install the umpire again." in result.output


# -- messages name `umpire help PAGE`, never a docs/ file ---------------------------------------------
def _strings(tree: ast.AST) -> list[str]:
    """The string constants of a module that are not docstrings (messages, hints, help texts of options)."""
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
                  and node.body and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
    return [node.value for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings]


def test_no_message_or_command_help_cites_a_docs_file_and_each_page_it_names_is_there():
    cited, named = [], []
    for path in sorted((ROOT / "umpire").rglob("*.py")):
        for text in _strings(ast.parse(path.read_text(encoding="utf-8"))):
            cited += [f"{path.relative_to(ROOT)}: {m}" for m in re.findall(r"docs/[\w-]+\.md", text)]
            named += re.findall(r"umpire help ([\w.-]+)", " ".join(text.split()))
    for words, command in leaf_commands(main):
        text = " ".join(command.get_help(click.Context(command, info_name=" ".join(words))).split())
        cited += [f"umpire {' '.join(words)} --help: {m}" for m in re.findall(r"docs/[\w-]+\.md", text)]
        named += re.findall(r"umpire help ([\w.-]+)", text)
    named = {name.removesuffix(".md") for name in named} - {"PAGE", "umpire"}    # "umpire help", then a line of its own
    assert cited == []
    assert {"archive", "orders", "dice", "hosting", "newsletter"} <= named
    assert named <= set(PAGES), sorted(named - set(PAGES))


# -- shell completion ---------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def umpire_on_path(tmp_path_factory):
    """A folder holding an `umpire` command that runs the console entry point (umpire.cli:run) with
    this interpreter, for PATH."""
    folder = tmp_path_factory.mktemp("bin")
    script = folder / "umpire"
    script.write_text(f"#!{sys.executable}\nfrom umpire.cli import run\nrun()\n", encoding="utf-8")
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    return folder


def completion_lines() -> dict[str, str]:
    """The README's completion line for each shell, by shell."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    found = re.finditer(r"^ {4}(.*_UMPIRE_COMPLETE=.*?)\s+# (\w+):", text, re.MULTILINE)
    return {m.group(2): m.group(1) for m in found}


@pytest.mark.parametrize("shell, begins, registers", [
    ("bash", "_umpire_completion() {", "complete -o nosort -F _umpire_completion umpire"),
    ("zsh", "#compdef umpire", "compdef _umpire_completion umpire"),
    ("fish", "function _umpire_completion;", "complete --no-files --command umpire")])
def test_the_readmes_completion_line_of_each_shell_gets_its_script(shell, begins, registers, umpire_on_path, tmp_path):
    line = completion_lines()[shell]
    source = re.search(r"_UMPIRE_COMPLETE=(\w+)", line).group(1)
    assert source == f"{shell}_source"
    env = dict(os.environ, PATH=f"{umpire_on_path}{os.pathsep}{os.environ['PATH']}", _UMPIRE_COMPLETE=source)
    out = subprocess.run(["umpire"], env=env, capture_output=True, text=True, cwd=tmp_path, timeout=60,
                         check=False)
    assert out.returncode == 0, out.stderr
    assert out.stdout.lstrip().startswith(begins) and registers in out.stdout


@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")
def test_bash_completes_commands_and_help_pages_with_the_script(umpire_on_path, tmp_path):
    env = dict(os.environ, PATH=f"{umpire_on_path}{os.pathsep}{os.environ['PATH']}")
    script = (completion_lines()["bash"] + "\n"
              "COMP_WORDS=(umpire re); COMP_CWORD=1; _umpire_completion umpire; echo \"${COMPREPLY[*]}\"\n"
              "COMPREPLY=(); COMP_WORDS=(umpire help vo); COMP_CWORD=2; _umpire_completion umpire; "
              "echo \"${COMPREPLY[*]}\"\n")
    out = subprocess.run(["bash", "-c", script], env=env, capture_output=True, text=True, cwd=tmp_path, timeout=60,
                         check=False)
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines() == ["replace replay resolve", "volldampf volldampf-orders"]

"""Every README, `--help` and docs/ example runs verbatim in a fresh folder, both games: the
README's own `umpire new` lines make the games first (in order), the players' order files the
README submits are its own order example; each command must end in success or a clear refusal
(exit 0 or 1), never a usage error, a defect or a missing file or folder, and a file it names
is written where the user is."""

from __future__ import annotations

import re
import shlex
import shutil

import click
import pytest
from click.testing import CliRunner
from test_cli_truth import ROOT, leaf_commands

from umpire.cli import main

pytestmark = pytest.mark.filterwarnings("ignore")


def readme_lines(path=ROOT / "README.md") -> list[str]:
    """A page's indented `umpire ...` lines, continuation lines joined, comments cut, in order."""
    text = path.read_text(encoding="utf-8").replace("\\\n", " ")
    return [re.sub(r"\s+#.*$", "", line.strip()) for line in text.splitlines()
            if re.match(r"^\s{4,}umpire ", line)]


def help_lines() -> list[str]:
    """Every line of each command's `Examples:` block, in the order `umpire --help` lists them."""
    out = []
    for words, command in leaf_commands(main):
        text = command.get_help(click.Context(command, info_name=" ".join(words))).replace("\\\n", " ")
        if "Examples:\n" in text:
            block = text.split("Examples:\n", 1)[1].split("\n\n", 1)[0]
            out += [re.sub(r"\s+\(.*\)$", "", line.strip()) for line in block.splitlines() if line.strip()]
    return out


def readme_order() -> str:
    """The README's example order, as a player would write it."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = text.split("An order:\n\n", 1)[1].split("\n\n", 1)[0]
    return "\n".join(line[4:] for line in block.splitlines()) + "\n"


def run_each(lines: list[str]) -> tuple[list[str], int]:
    """Each `umpire` line run as written, in order: the ones that failed, and how many ran."""
    failures, ran = [], 0
    for line in lines:
        words = shlex.split(line)
        if any(w in ("|", ">", "&&") for w in words) or words[0] != "umpire":
            continue                    # a shell pipeline: its umpire part is another line
        result = CliRunner().invoke(main, words[1:], input="n\n")
        ran += 1
        out = result.output
        if result.exit_code not in (0, 1) or "internal error" in out or "No such file or directory" in out \
                or "is not a folder" in out:
            failures.append(f"{line}\n  exit {result.exit_code}: {out.strip()[-300:]}")
    return failures, ran


def test_every_readme_and_help_example_runs_verbatim_in_a_fresh_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "red-round1.txt").write_text(readme_order(), encoding="utf-8")
    (tmp_path / "blue-round1.txt").write_text("GAME ireland-1\nCOMPANY blue\nHOME Belfast\n", encoding="utf-8")
    failures, ran = run_each(readme_lines() + help_lines())
    assert ran >= 50
    assert not failures, "\n".join(failures)
    for name in ("accounts.csv", "ireland.pdf", "board.pdf"):
        assert (tmp_path / name).is_file(), name
    assert (tmp_path / "games" / "vd-1" / "game.yaml").is_file() and (tmp_path / "play-out" / "bavaria-1994").is_dir()


def hosting_lines() -> list[str]:
    """The GM's commands of docs/hosting.md, as written there (comments cut)."""
    text = (ROOT / "docs" / "hosting.md").read_text(encoding="utf-8")
    block = text.split("## The GM's commands\n\n", 1)[1].split("\n\n", 1)[0]
    return [re.sub(r"\s+#.*$", "", line.strip()) for line in block.splitlines()]


def test_the_gms_commands_of_the_hosting_page_run_verbatim(tmp_path, monkeypatch):
    """Run on 2026-11-27 (the page's dates are to come then), in a folder where games/ireland-1 is a
    game with a deadline at 18:00 in Berlin and absences that move it."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("UMPIRE_NOW", "2026-11-27T10:00:00+00:00")
    made = CliRunner().invoke(main, ["new", "games/ireland-1", "--map", "ireland", "--rules", "laurin", "--company",
                                     "red:Red Lines:red@example.org", "--company", "blue:Blue Star:blue@example.org",
                                     "--option", "deadline=7 days", "--option", "deadline_at=18:00", "--option",
                                     "deadline_zone=Europe/Berlin", "--option", "absence=extend"])
    assert made.exit_code == 0, made.output
    lines = hosting_lines()
    assert len(lines) == 6 and all(line.startswith("umpire ") for line in lines)
    outputs = []
    for line in lines:
        result = CliRunner().invoke(main, shlex.split(line)[1:])
        assert result.exit_code == 0, f"{line}\n{result.output}"
        outputs.append(result.output)
    assert "2026-12-04 17:00 UTC" in outputs[0] and "2026-12-05 17:00 UTC" in outputs[2]
    assert "red is away from 2026-12-01 to 2026-12-10" in outputs[5]


# a page's lines that name a folder of the reader's own, not one the pages make
OWN_FOLDERS = ("my-archive", "/srv/")


def test_every_example_of_the_docs_runs_verbatim_in_a_fresh_folder(tmp_path, monkeypatch):
    """docs/*.md's `umpire` lines, page by page, after the README's games and the demo are made
    where the reader stands (the archive page's example folder copied as in a checkout); run on
    2026-11-27, the day the pages' dates are to come."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("UMPIRE_NOW", "2026-11-27T10:00:00+00:00")
    for example in ("volldampf-recorded", "archive-zine", "archive-ledger-only", "archive-printed", "archive-turns"):
        shutil.copytree(ROOT / "tests" / "games" / example, tmp_path / "tests" / "games" / example)
    (tmp_path / "red-round1.txt").write_text(readme_order(), encoding="utf-8")
    assert not run_each([line for line in readme_lines() if line.startswith("umpire new ")] + ["umpire demo"])[0]
    lines = [line for page in sorted((ROOT / "docs").glob("*.md")) for line in readme_lines(page)
             if not any(own in line for own in OWN_FOLDERS)]
    failures, ran = run_each(lines)
    assert ran >= 30
    assert not failures, "\n".join(failures)
    assert (tmp_path / "next.pdf").is_file() and (tmp_path / "board.pdf").is_file() and (tmp_path / "site").is_dir()

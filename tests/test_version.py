"""`umpire --version`: the umpire's version with the versions of reportlab and Python, exit 0."""

from __future__ import annotations

import platform
import subprocess
import sys

import reportlab
from helpers import run

from umpire import __version__
from umpire.versions import version_line


def test_version_names_the_umpire_its_distribution_reportlab_and_python():
    result = run("--version")
    assert result.exit_code == 0, result.output
    assert result.output == (f"umpire {__version__} (railway-umpire), reportlab {reportlab.Version}, "
                             f"Python {platform.python_version()}\n")


def test_version_works_before_any_command_and_runs_none():
    result = run("--version", "status", "no-such-game")
    assert result.exit_code == 0 and result.output.startswith(f"umpire {__version__} ")


def test_the_installed_command_prints_the_same_line():
    out = subprocess.run([sys.executable, "-m", "umpire", "--version"], capture_output=True, text=True, check=True)
    assert out.stdout == version_line() + "\n" and out.stderr == ""


def test_version_says_so_when_reportlab_cannot_be_imported(monkeypatch):
    monkeypatch.setitem(sys.modules, "reportlab", None)         # import reportlab now raises ImportError
    result = run("--version")
    assert result.exit_code == 0
    assert result.output == f"umpire {__version__} (railway-umpire), reportlab not installed, " \
                            f"Python {platform.python_version()}\n"

"""The umpire as a GM installs it: the wheel built (`pip wheel --no-deps`), installed without -e
into a fresh environment and run from an empty folder, where no checkout is at hand.

The fresh environment gets no network: its dependencies are the ones this environment has
installed, and only those the wheel declares (with theirs), each linked into a folder of its own
that the fresh environment reads. An undeclared dependency is missing there, as it would be for
the GM. (Building the wheel needs the build backend, hatchling, which pip fetches or finds in its
cache, as for tests/test_packaging.py.)"""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
import zipfile
from email.parser import Parser
from importlib.metadata import PackageNotFoundError, distribution
from pathlib import Path

import pytest
from packaging.requirements import Requirement

ROOT = Path(__file__).parent.parent


def run(*args: str, **kw) -> subprocess.CompletedProcess:
    return subprocess.run(args, capture_output=True, text=True, timeout=300, check=False, **kw)


def declared(wheel: Path) -> list[str]:
    """The distributions the wheel requires (no extras), by name."""
    with zipfile.ZipFile(wheel) as z:
        meta = next(n for n in z.namelist() if n.endswith(".dist-info/METADATA"))
        headers = Parser().parsestr(z.read(meta).decode("utf-8"))
    return [Requirement(r).name for r in headers.get_all("Requires-Dist") or []
            if Requirement(r).marker is None or Requirement(r).marker.evaluate({"extra": ""})]


def link_dependencies(names: list[str], into: Path) -> list[str]:
    """Link each named distribution installed here (with what it requires) into `into`, its
    packages and its metadata; returns the distributions linked."""
    into.mkdir()
    done, todo = [], list(names)
    while todo:
        name = todo.pop()
        try:
            dist = distribution(name)
        except PackageNotFoundError:
            pytest.fail(f"the wheel requires {name}, which this environment has not installed")
        if dist.metadata["Name"] in done:
            continue
        done.append(dist.metadata["Name"])
        for top in {Path(str(f)).parts[0] for f in dist.files or [] if not str(f).startswith("..")}:
            if not (into / top).exists():
                (into / top).symlink_to(dist.locate_file(top))
        todo += [Requirement(r).name for r in dist.requires or []
                 if Requirement(r).marker is None or Requirement(r).marker.evaluate({"extra": ""})]
    return done


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """(the fresh environment's bin folder, the wheel)."""
    root = tmp_path_factory.mktemp("install")
    built = run(sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(root / "wheels"), str(ROOT))
    assert built.returncode == 0, built.stderr
    wheel = next((root / "wheels").glob("railway_umpire-*.whl"))
    venv = root / "venv"
    made = run(sys.executable, "-m", "venv", "--without-pip", str(venv))
    assert made.returncode == 0, made.stderr
    put = run(sys.executable, "-m", "pip", "--python", str(venv / "bin" / "python"), "install", "-q",
              "--no-deps", "--no-index", str(wheel))
    assert put.returncode == 0, put.stderr
    linked = link_dependencies(declared(wheel), root / "dependencies")
    assert {"click", "jinja2", "markupsafe", "pyyaml", "reportlab", "pillow"} <= {n.lower() for n in linked}
    purelib = Path(sysconfig.get_path("purelib", vars={"base": str(venv), "platbase": str(venv)}))
    (purelib / "dependencies.pth").write_text(f"{root / 'dependencies'}\n", encoding="utf-8")
    return venv / "bin", wheel


@pytest.fixture
def empty(tmp_path):
    """An empty folder, and the environment a GM's shell gives the installed `umpire`."""
    folder = tmp_path / "gm"
    folder.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "UMPIRE_", "VIRTUAL_ENV"))}
    env.update(HOME=str(tmp_path), XDG_CACHE_HOME=str(tmp_path / "cache"))
    return folder, env


def umpire(installed, empty, *args: str) -> subprocess.CompletedProcess:
    folder, env = empty
    return run(str(installed[0] / "umpire"), *args, cwd=folder, env=env)


def test_the_installed_umpire_is_the_wheels_not_the_checkout(installed, empty):
    folder, env = empty
    code = ("import importlib.util, umpire, umpire.resources as r; assert importlib.util.find_spec('pytest') is None; "
            "print(umpire.__file__); print(r.data_dir('docs')); print(r.data_dir('rules'))")
    out = run(str(installed[0] / "python"), "-c", code, cwd=folder, env=env)
    assert out.returncode == 0, out.stderr
    assert len(out.stdout.splitlines()) == 3
    venv = installed[0].parent
    for line in out.stdout.splitlines():
        assert Path(line).is_relative_to(venv) and ROOT not in Path(line).parents, line


def test_version_names_the_distribution(installed, empty):
    out = umpire(installed, empty, "--version")
    assert out.returncode == 0, out.stderr
    version = installed[1].name.split("-")[1]
    assert out.stdout.startswith(f"umpire {version} (railway-umpire)")


def test_help_lists_and_prints_the_pages_shipped_in_the_wheel(installed, empty):
    listed = umpire(installed, empty, "help")
    assert listed.returncode == 0, listed.stderr
    names = [line.split()[0] for line in listed.stdout.splitlines() if line.startswith("  ")]
    assert names == sorted(p.stem for p in (ROOT / "docs").glob("*.md"))
    page = umpire(installed, empty, "help", "orders")
    assert page.returncode == 0, page.stderr
    assert page.stdout == (ROOT / "docs" / "orders.md").read_text(encoding="utf-8") + "\n"


def test_demo_plays_from_an_empty_folder_as_in_a_checkout(installed, empty):
    out = umpire(installed, empty, "demo")
    assert out.returncode == 0, out.stderr
    newsletters = empty[0] / "demo-out" / "demo" / "newsletters"
    assert (newsletters / "010.pdf").is_file()
    for number in (1, 10):
        golden = (ROOT / "tests" / "golden" / f"demo-{number:03d}.txt").read_text(encoding="utf-8")
        assert (newsletters / f"{number:03d}.txt").read_text(encoding="utf-8") == golden

"""The store keeps files and knows no game: it imports no family and nothing of the layers above it
(the Game in umpire/game.py reads the folder as its family does), and nothing outside the
store reaches into a GameFolder's private fields."""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
from pathlib import Path

import umpire

PACKAGE = Path(umpire.__file__).parent
STORE = PACKAGE / "store"
ABOVE_THE_STORE = ("umpire.families", "umpire.usecases", "umpire.mail", "umpire.render", "umpire.site", "umpire.cli")


def module_file(name: str) -> Path | None:
    """The source of module `name` of the umpire package, if it is one."""
    path = PACKAGE.parent.joinpath(*name.split("."))
    for candidate in (path.with_suffix(".py"), path / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


def imported_by(name: str, path: Path) -> set[str]:
    """The umpire modules a module's source imports, at its top or inside a function."""
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            within = package[:len(package) - node.level + 1] if node.level else []
            base = ".".join([*within, node.module or ""]).strip(".")
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names if module_file(f"{base}.{alias.name}"))
    return {m for m in found if m.split(".")[0] == "umpire"}


def reached_from(start: list[str]) -> set[str]:
    """Every umpire module the `start` modules import, directly or through others."""
    seen, todo = set(), list(start)
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        path = module_file(name)
        if path is not None:
            todo.extend(imported_by(name, path))
            parent = name.rpartition(".")[0]
            if parent:
                todo.append(parent)          # importing a module runs its package's __init__
    return seen


def store_modules() -> list[str]:
    return [f"umpire.store.{p.stem}" if p.stem != "__init__" else "umpire.store" for p in sorted(STORE.glob("*.py"))]


def test_the_import_walk_follows_relative_and_lazy_imports():
    reached = reached_from(["umpire.game"])
    assert {"umpire.families", "umpire.store.folder", "umpire.store.atomic", "umpire.kernel.options"} <= reached


def test_the_store_imports_no_family_and_nothing_above_it_by_any_path():
    reached = reached_from(store_modules())
    assert "umpire.store.folder" in reached
    assert sorted(m for m in reached if m.startswith(ABOVE_THE_STORE)) == []


def test_importing_the_store_loads_no_family():
    code = ("import json, sys\nimport umpire.store.folder, umpire.store.atomic, umpire.store.lock, "
            "umpire.store.diskfull\nprint(json.dumps(sorted(sys.modules)))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    loaded = json.loads(out.splitlines()[-1])
    assert "umpire.store.folder" in loaded
    assert [m for m in loaded if m.startswith(ABOVE_THE_STORE)] == []


# -- nobody reaches into a GameFolder ---------------------------------------------------------------
def private_names() -> set[str]:
    """GameFolder's private fields (`self._x = ...`) and methods (`def _x`)."""
    tree = ast.parse((STORE / "folder.py").read_text(encoding="utf-8"))
    [cls] = [n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "GameFolder"]
    names = {n.name for n in cls.body if isinstance(n, ast.FunctionDef)}
    names |= {n.attr for n in ast.walk(cls) if isinstance(n, ast.Attribute)
              and isinstance(n.value, ast.Name) and n.value.id == "self"}
    return {n for n in names if n.startswith("_") and not n.startswith("__")}


def reaching_in(source: str, private: set[str]) -> list[str]:
    """Where `source` reads or writes one of `private` on anything but `self` or `cls`
    (`folder._config = None`, `self.folder._events`, `copy._config`...), as `line: text`."""
    return [f"{n.lineno}: {ast.unparse(n)}" for n in ast.walk(ast.parse(source))
            if isinstance(n, ast.Attribute) and n.attr in private
            and not (isinstance(n.value, ast.Name) and n.value.id in ("self", "cls"))]


def test_the_private_check_sees_a_reach_into_the_folder():
    private = private_names()
    assert {"_config", "_events", "_read_journal"} <= private
    assert reaching_in("folder._config = None\nx = self.folder._events\nself._config = 1\n", private) == \
        ["1: folder._config", "2: self.folder._events"]


def test_nothing_outside_the_store_touches_a_private_field_of_a_game_folder():
    private = private_names()
    named = re.compile(r"\.(" + "|".join(sorted(private)) + r")\b")       # only a file naming one is parsed
    found = []
    for path in sorted([*PACKAGE.rglob("*.py"), *Path(__file__).parent.rglob("*.py")]):
        source = path.read_text(encoding="utf-8")
        if STORE not in path.parents and named.search(source):
            found += [f"{path.name}:{hit}" for hit in reaching_in(source, private)]
    assert found == []

"""The layers of the house (docs/architecture.md), held against the code: the folder tree names
them, each imports only the layers below it (read from the source with `ast`, so a function's
late import counts as much as one at the top), at most 8 modules sit directly in umpire/, and
no module outside the store touches a private field of a game folder."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).parent.parent / "umpire"

# What each layer may import besides itself, from the bottom up. `base` is the handful of modules
# left directly in umpire/ (errors, resources, versions, forked); `game` is umpire/game.py, the
# Game above its folder (the store's files read by the game's family).
BELOW_USECASES = {"base", "kernel", "store", "render", "families", "game", "timetable"}
MAY_IMPORT = {
    "base": set(),
    "kernel": {"base"},
    "store": {"base", "kernel"},
    "render": {"base", "kernel"},
    "families": {"base", "kernel", "render"},
    "game": {"base", "kernel", "store", "families"},
    "timetable": {"base", "kernel", "store", "game"},
    "usecases": BELOW_USECASES,
    "mail": BELOW_USECASES | {"usecases"},
    "site": BELOW_USECASES | {"usecases"},
    "hosting": BELOW_USECASES | {"usecases", "mail", "site"},
    "cli": BELOW_USECASES | {"usecases", "mail", "site", "hosting"},
}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def layer(module: str) -> str:
    parts = module.split(".")
    if len(parts) > 1 and parts[1] in MAY_IMPORT and parts[1] not in ("base", "game"):
        return parts[1]
    if module == "umpire.game":
        return "game"
    return "cli" if module == "umpire.__main__" else "base"


def imported(path: Path) -> list[tuple[int, str]]:
    """(line, module) of every umpire module the file imports, relative imports made absolute;
    `from PACKAGE import NAME` counts NAME when it is a module of its own."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, a.name) for a in node.names if a.name.startswith("umpire")]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if not target.startswith("umpire"):
                continue
            for alias in node.names:
                sub = f"{target}.{alias.name}"
                module = sub if _is_module(sub) else target
                found.append((node.lineno, module))
    return found


def _is_module(name: str) -> bool:
    path = PACKAGE.parent.joinpath(*name.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def sources() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def test_each_layer_imports_only_the_layers_below_it():
    wrong = []
    for path in sources():
        own = layer(module_name(path))
        for line, module in imported(path):
            other = layer(module)
            if other != own and other not in MAY_IMPORT[own] and module != "umpire":
                wrong.append(f"{path.relative_to(PACKAGE.parent)}:{line} ({own}) imports {module} ({other})")
    assert wrong == []


def test_the_layer_reader_sees_late_and_relative_imports():
    found = dict((m, n) for n, m in imported(PACKAGE / "cli" / "note.py"))
    assert "umpire.usecases.corrections" in found and "umpire.timetable.clock" in found


def test_the_folder_tree_names_the_layers_and_little_sits_on_top():
    top = sorted(p.name for p in PACKAGE.glob("*.py"))
    assert len(top) <= 8, top
    folders = {p.name for p in PACKAGE.iterdir() if (p / "__init__.py").is_file()}
    assert folders == set(MAY_IMPORT) - {"base", "game"}

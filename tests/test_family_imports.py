"""The seam between the shell and the families, read from the imports: no module under
umpire/families/ reaches the shell's store, mail, press, timetable (the GM's calendar) or use
cases by any chain of imports (the shell hands a family what it needs through base.Folder), nor
does any module of umpire/render/ (what the families draw with); the families never import each
other, and the shell reaches a family only through the registry.

The imports are read from the sources with `ast`: every import at a module's top or inside a
function, relative ones made absolute, and importing a module runs its packages' `__init__` first.
Imports under `if TYPE_CHECKING:` are left out: they are never run."""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

PACKAGE = Path(__file__).parent.parent / "umpire"
FAMILIES = PACKAGE / "families"
RENDER = PACKAGE / "render"
FORBIDDEN = ("umpire.store", "umpire.mail", "umpire.usecases", "umpire.timetable")   # press is a use case


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or \
        (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _run_nodes(tree: ast.AST):
    """Every node of the tree but those under `if TYPE_CHECKING:` (imports for the type checker)."""
    todo = [tree]
    while todo:
        node = todo.pop()
        yield node
        if isinstance(node, ast.If) and _type_checking(node.test):
            todo.extend(node.orelse)
        else:
            todo.extend(ast.iter_child_nodes(node))


@cache
def imports(path: Path) -> list[tuple[int, str]]:
    """Every module a file imports, at its top or inside a function, made absolute (each file read once)."""
    here = module_name(path)
    package = here if path.name == "__init__.py" else here.rpartition(".")[0]
    out = []
    for node in _run_nodes(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package
            for _ in range(node.level - 1):
                base = base.rpartition(".")[0]
            name = f"{base}.{node.module}" if node.level and node.module else (base if node.level else node.module)
            out.append((node.lineno, name))
            out += [(node.lineno, f"{name}.{alias.name}") for alias in node.names]
    return out


@cache
def modules() -> dict[str, Path]:
    return {module_name(path): path for path in PACKAGE.rglob("*.py")}


def _module_of(name: str) -> str | None:
    """The umpire module an imported name is, or is in (`umpire.kernel.dice.commitment`: umpire.kernel.dice)."""
    while name and name not in modules():
        name = name.rpartition(".")[0]
    return name or None


@cache
def graph() -> dict[str, set[str]]:
    """Each umpire module -> the umpire modules importing it runs: those it imports, and the
    packages above each (their `__init__` runs first)."""
    edges = {}
    for name, path in modules().items():
        found = set()
        for _, imported in imports(path):
            module = _module_of(imported)
            while module and module != name:
                found.add(module)
                module = module.rpartition(".")[0] if "." in module else None
        edges[name] = found
    return edges


def chain_to(start: str, goal) -> list[str] | None:
    """The shortest chain of imports from `start` to a module `goal(name)` accepts, or None."""
    came_from, todo = {start: None}, [start]
    while todo:
        here = todo.pop(0)
        if goal(here):
            chain = [here]
            while came_from[chain[-1]] is not None:
                chain.append(came_from[chain[-1]])
            return chain[::-1]
        for there in sorted(graph()[here]):
            if there not in came_from:
                came_from[there] = here
                todo.append(there)
    return None


def forbidden(name: str) -> bool:
    return any(name == f or name.startswith(f + ".") for f in FORBIDDEN)


def reached_forbidden(root: Path) -> list[str]:
    found = []
    for path in sorted(root.rglob("*.py")):
        chain = chain_to(module_name(path), forbidden)
        if chain:
            found.append(" -> ".join(chain))
    return found


def test_the_import_reader_makes_relative_imports_absolute():
    names = {name for _, name in imports(FAMILIES / "dampfross" / "render" / "report.py")}
    assert {"umpire.kernel.dice.commitment", "umpire.families.base.Folder",
            "umpire.families.dampfross.engine.construction"} <= names


def test_the_import_graph_follows_chains_leaves_out_type_checking_and_runs_packages_first():
    assert chain_to("umpire.usecases.publish", lambda m: m == "umpire.timetable.deadlines") == \
        ["umpire.usecases.publish", "umpire.usecases.family_folder", "umpire.timetable.deadlines"]
    assert "umpire.store.folder" not in graph()["umpire.usecases.press"]        # imported for the type checker only
    assert "umpire.families" in graph()["umpire.families.dampfross.family"]    # the registry runs first


def test_no_family_module_reaches_the_store_mail_press_calendar_or_use_cases():
    found = reached_forbidden(FAMILIES)
    assert not found, "\n".join(found)


def test_no_render_module_reaches_the_store_mail_press_calendar_or_use_cases():
    found = reached_forbidden(RENDER)
    assert not found, "\n".join(found)


def test_the_families_never_import_each_other():
    names = sorted(p.name for p in FAMILIES.iterdir() if (p / "family.py").is_file())
    assert {"dampfross", "volldampf"} <= set(names)
    found = []
    for family in names:
        for path in sorted((FAMILIES / family).rglob("*.py")):
            for line, name in imports(path):
                others = [o for o in names if o != family and name.startswith(f"umpire.families.{o}")]
                if others:
                    found.append(f"{path.relative_to(PACKAGE.parent)}:{line} imports {name}")
    assert not found, "\n".join(found)


def test_the_shell_reaches_a_family_only_through_the_registry():
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if FAMILIES in path.parents:
            continue
        for line, name in imports(path):
            if any(name.startswith(f"umpire.families.{f}") for f in ("dampfross", "volldampf")):
                found.append(f"{path.relative_to(PACKAGE.parent)}:{line} imports {name}")
    assert not found, "\n".join(found)

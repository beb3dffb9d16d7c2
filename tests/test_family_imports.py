"""The seam between the shell and the families, read from the imports: no module under
umpire/families/ imports the shell's store, mail, press or timetable (the GM's calendar) (the shell hands a family what it needs
through base.Folder), the families never import each other, and the shell reaches a family only
through the registry."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).parent.parent / "umpire"
FAMILIES = PACKAGE / "families"
FORBIDDEN = ("umpire.store", "umpire.mail", "umpire.usecases.press", "umpire.timetable")


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path) -> list[tuple[int, str]]:
    """Every module a file imports, at its top or inside a function, made absolute."""
    here = module_name(path)
    package = here if path.name == "__init__.py" else here.rpartition(".")[0]
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
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


def test_the_import_reader_makes_relative_imports_absolute():
    names = {name for _, name in imports(FAMILIES / "dampfross" / "render" / "report.py")}
    assert {"umpire.kernel.dice.commitment", "umpire.families.base.Folder",
            "umpire.families.dampfross.engine.construction"} <= names


def test_no_family_module_imports_the_store_mail_or_press():
    found = []
    for path in sorted(FAMILIES.rglob("*.py")):
        for line, name in imports(path):
            if any(name == f or name.startswith(f + ".") for f in FORBIDDEN):
                found.append(f"{path.relative_to(PACKAGE.parent)}:{line} imports {name}")
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
    allowed = {"umpire.cli.route"}       # `umpire route`, once the family says it has a route assistant
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if FAMILIES in path.parents:
            continue
        for line, name in imports(path):
            if any(name.startswith(f"umpire.families.{f}") for f in ("dampfross", "volldampf")) \
                    and module_name(path) not in allowed:
                found.append(f"{path.relative_to(PACKAGE.parent)}:{line} imports {name}")
    assert not found, "\n".join(found)

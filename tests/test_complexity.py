"""No function of the umpire above cyclomatic complexity 20 (radon's grade C), as
`radon cc -s -n D umpire` reports them: functions, methods, the functions inside them, and classes
(a class's figure is about its methods' mean)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from radon.complexity import cc_visit
from radon.visitors import Class

PACKAGE = Path(__file__).parent.parent / "umpire"
LIMIT = 20


def blocks(found: list) -> list:
    """Every block radon measured (classes, functions, methods), with the functions inside functions."""
    out = []
    for block in found:
        out.append(block)
        if not isinstance(block, Class):
            out += blocks(block.closures)
    return out


def too_complex(source: str, where: str) -> list[str]:
    return [f"{where}:{b.lineno} {b.fullname} {b.complexity}"
            for b in blocks(cc_visit(source)) if b.complexity > LIMIT]


def test_the_measure_finds_a_branchy_function_and_passes_a_plain_one():
    branchy = "def f(x):\n" + "".join(f"    if x == {k}:\n        return {k}\n" for k in range(LIMIT)) + \
        "    return 0\n"
    nested = "class C:\n    def m(self):\n        def inner(x):\n" + "".join(
        f"            if x == {k}:\n                return {k}\n" for k in range(LIMIT)) + "        return inner\n"
    assert too_complex(branchy, "b.py") == [f"b.py:1 f {LIMIT + 1}"]
    assert too_complex(nested, "n.py") == [f"n.py:3 inner {LIMIT + 1}"]
    assert too_complex("def g(x):\n    return x if x else 0\n", "g.py") == []


@cache
def too_complex_in_the_umpire() -> tuple[str, ...]:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        found += too_complex(path.read_text(encoding="utf-8"), path.relative_to(PACKAGE.parent).as_posix())
    return tuple(found)


def test_no_function_of_the_umpire_is_above_complexity_20():
    found = too_complex_in_the_umpire()
    assert not found, "above complexity 20 (split by clause into named helpers):\n" + "\n".join(found)


"""A section of a newsletter's text edition as the web page shows it: lines aligned in columns
(two or more spaces between the fields, three or more fields, over at least two lines or under a
heading line) become a table; every other line an item of a list, nested as the text indents it.
So the page reflows on a phone where fixed-width text would wrap and lose its columns."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

_GAP = re.compile(r"\s{2,}")
FIELDS = 3                     # fields a line needs to be read as a table's row


@dataclass
class Item:
    text: str
    items: list[Item] = field(default_factory=list)


@dataclass
class TextTable:
    head: list[str]            # empty where the text gives no heading line
    rows: list[list[str]]


def report_blocks(lines: list[str]) -> list[TextTable | list[Item]]:
    """The section's lines as tables and lists, in the text's order."""
    out: list[TextTable | list[Item]] = []
    loose: list[str] = []
    k = 0
    while k < len(lines):
        table, k_next = _table_at(lines, k)
        if table is None:
            if lines[k].strip():
                loose.append(lines[k])
            elif loose:
                out.append(_tree(loose))
                loose = []
            k += 1
            continue
        if loose:
            out.append(_tree(loose))
            loose = []
        out.append(table)
        k = k_next
    if loose:
        out.append(_tree(loose))
    return out


def _cells(line: str) -> list[str]:
    return _GAP.split(line.strip()) if line.strip() else []


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def _table_at(lines: list[str], k: int) -> tuple[TextTable | None, int]:
    """The table starting at line k (a heading line over its rows, or two rows alike), and the line after it."""
    head: list[str] = []
    start = k
    first = _cells(lines[k])
    if k + 1 < len(lines):
        below = _cells(lines[k + 1])
        if len(below) == len(first) + 1 >= FIELDS and _indent(lines[k]) > _indent(lines[k + 1]):
            head, start = ["", *first], k + 1
    width = len(head) or len(_cells(lines[start]))
    end = start
    while end < len(lines) and len(_cells(lines[end])) == width >= FIELDS:
        end += 1
    if end - start >= (1 if head else 2):
        return TextTable(head, [_cells(line) for line in lines[start:end]]), end
    return None, k + 1


def _tree(lines: list[str]) -> list[Item]:
    root = Item("")
    stack = [(-1, root)]
    for line in lines:
        indent = _indent(line)
        while stack[-1][0] >= indent:
            stack.pop()
        item = Item(line.strip())
        stack[-1][1].items.append(item)
        stack.append((indent, item))
    return root.items

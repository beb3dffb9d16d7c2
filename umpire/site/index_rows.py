"""The index of every game a site holds, made from rows kept beside the games' pages: each game's
row (`GAME/row.json`: its facts, and the ids and names of the seats it names) is written with
its pages, and the index is made from every row the site holds. A site built one game at a time
lists every game; the same rows give the same bytes.

An index written before rows were kept (0.3.0) is read once: its rows, which hold no links but
the game's, become row files of the games that have none."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

from ..errors import DataError
from .files import SiteFiles
from .standing import Standing

ROW_FILE = "row.json"
FIELDS = ("id", "family", "map", "turn", "deadline", "awaited", "standings")


def game_row(game: str, family: str, board: str, where: Standing, names: dict[str, str]) -> dict:
    """The game's row: its facts, and the seats it names (awaited, or the final standings) by id,
    the folder of the seat's page ("" where a seat has none), and name."""
    def seat(p: str) -> str:
        return p if p in names else ""
    return {"id": game, "family": family, "map": board, "turn": where.turn, "deadline": where.deadline,
            "awaited": [[seat(p), name] for p, name in where.awaited],
            "standings": [[place, seat(p), name, score] for place, p, name, score in where.standings]}


def row_bytes(row: dict) -> bytes:
    """A row as its file holds it: UTF-8, one line per field in a fixed order."""
    lines = (f"{json.dumps(k)}: {json.dumps(row[k], ensure_ascii=False)}" for k in FIELDS)
    return ("{\n" + ",\n".join(lines) + "\n}\n").encode()


def site_rows(files: SiteFiles, made: list[dict]) -> list[dict]:
    """Every game's row, by id: the rows `made` by this run, the others read from the site."""
    rows = {row["id"]: row for row in made}
    for game, row in _older_index_rows(files.read("index.html")).items():
        if game not in rows and files.has(f"{game}/index.html") and not files.has(f"{game}/{ROW_FILE}"):
            files.put(f"{game}/{ROW_FILE}", row_bytes(row))
    for path in sorted(files.root.glob(f"*/{ROW_FILE}")):
        game = path.parent.name
        if game not in rows:
            rows[game] = _read_row(path, game)
    return [rows[game] for game in sorted(rows)]


def _read_row(path: Path, game: str) -> dict:
    fix = f"Remove it: the next `umpire site` of game {game} writes it again."
    try:
        row = json.loads(path.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        raise DataError(f"the index's row of game {game} cannot be read ({e}).", str(path), fix) from None
    if not isinstance(row, dict) or set(row) != set(FIELDS) or row["id"] != game:
        raise DataError(f"the index's row of game {game} is not one the umpire wrote "
                        f"(a JSON object of {', '.join(FIELDS)}, its id {game}).", str(path), fix)
    return row


_OLDER_ROW = re.compile(r'<tr><t[dh][^>]*><a href="([^"/]+)/index.html">[^<]*</a></t[dh]>'
                        + r"<td[^>]*>([^<]*)</td>" * 5 + "</tr>")


def _older_index_rows(index: bytes | None) -> dict[str, dict]:
    """The rows of an index written before rows were kept (names unlinked, the game's standings
    and who is awaited as text); rows with links are not matched."""
    rows = {}
    for found in _OLDER_ROW.finditer(index.decode("utf-8", errors="replace") if index else ""):
        game, family, board, turn, deadline, awaited = (html.unescape(v) for v in found.groups())
        rows[game] = {"id": game, "family": family, "map": board, "turn": turn, "deadline": deadline,
                      "awaited": [["", awaited]] if awaited != "nobody" else [], "standings": []}
    return rows

"""The zine's published figures checked: against the ledger of a game played from an archive, or,
in a ledger-only archive (no map, no dice: only published.yaml), against their own arithmetic.

`umpire play` and `umpire verify` print the table this gives (round, company, item, published,
computed); a difference not marked as the zine's error makes `verify` exit 1. docs/archive.md.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..errors import DataError
from ..game import Game
from ..kernel.published import (
    BALANCE,
    Published,
    Row,
    arithmetic,
    compared,
    race_item,
    read_published,
)
from ..kernel.published import table as table_lines
from ..kernel.yamlfile import load_yaml
from ..store.folder import GameFolder

PUBLISHED_FILE = "published.yaml"
_ITEMS = {"city bonus": "bonuses", "building": "building", "ferry": "building", "correction": "corrections"}


@dataclass
class Check:
    rows: list[Row]
    warnings: list[str] = field(default_factory=list)
    source: str = ""
    labels: dict[int, str] = field(default_factory=dict)     # round -> the zine's label of it (turns:)

    @property
    def differences(self) -> list[Row]:
        return [r for r in self.rows if r.differs]

    def lines(self) -> list[str]:
        """The table and what it comes to, as `play` and `verify` print them."""
        checked = sum(r.computed is not None for r in self.rows)
        marked = sum(bool(r.note) for r in self.rows)
        head = (f"Published and computed ({self.source}): {checked} of {len(self.rows)} printed figures "
                f"compared, {len(self.differences)} differ"
                + (f", {marked} marked as the zine's errors" if marked else "")
                + ".")
        return [head, *table_lines(self.rows, self.labels), *(f"Warning: {w}" for w in self.warnings)]


def read_file(path: Path, companies: list[str]) -> Published:
    return read_published(load_yaml(path), str(path), companies)


def computed_figures(folder: GameFolder) -> dict[tuple[int, str, str], int]:
    """The figures the game's accounts give, by (round, company, item): the balance after each
    round (round 0: the opening balance), and the items as published.yaml names them."""
    out: dict[tuple[int, str, str], int] = {}
    game = Game.of(folder)
    rows = game.family.accounts(game, folder.events, reveal=True)
    for row in rows:
        for cid, entry in row["companies"].items():
            if "carried_forward" not in entry:
                continue
            if row is rows[0]:
                out[(0, cid, BALANCE)] = entry["brought_forward"]
            out[(row["round"], cid, BALANCE)] = entry["carried_forward"]
            for label, amount in entry["items"].items():
                item = "races" if label.startswith("transport ") else label if label.startswith("fees ") \
                    else _ITEMS.get(label)
                if item is not None:
                    out[(row["round"], cid, item)] = out.get((row["round"], cid, item), 0) + amount
    return out


def check_game(folder: GameFolder) -> Check | None:
    """The published figures a played archive holds (published.yaml copied into its folder by
    `umpire play`) against its ledger; None where it holds none."""
    path = folder.path / PUBLISHED_FILE
    if not path.is_file():
        return None
    published = read_file(path, [c["id"] for c in folder.config["companies"]])
    computed = computed_figures(folder)
    opened = {key[:2] for key in computed}
    for f in published.figures:                   # an item the ledger has no posting of is 0
        if (f.round, f.company) in opened:
            ledger_item = race_item(f.item) or f.item
            computed.setdefault((f.round, f.company, f.item), computed.get((f.round, f.company, ledger_item), 0))
    labels = ((folder.config.get("archive") or {}).get("turns")) or {}
    return Check(compared(published, computed), published.warnings, "published.yaml against the ledger", labels)


def is_ledger_only(source: Path) -> bool:
    """A folder holding published.yaml and no game: a ledger-only archive."""
    source = Path(source)
    return (source / PUBLISHED_FILE).is_file() and not (source / "journal.jsonl").exists() \
        and not (source / "orders").is_dir()


def check_ledger_only(source: Path) -> Check:
    """A ledger-only archive (published.yaml and no game): its own arithmetic."""
    path = source / PUBLISHED_FILE
    data = load_yaml(path)
    rounds = data.get("rounds") if isinstance(data, dict) else None
    if not isinstance(rounds, dict):
        raise DataError("rounds: is missing or is not a mapping of rounds to the figures printed.", str(path))
    companies = sorted({str(c) for entries in rounds.values() if isinstance(entries, dict) for c in entries})
    published = read_published(data, str(path), companies)
    return Check(compared(published, arithmetic(published)), published.warnings,
                 "published.yaml against its own arithmetic")


def zine_errors(published: Published) -> list[dict]:
    """The figures marked as the zine's errors, as game.yaml `archive:` keeps them for the newsletters."""
    printed = {(f.round, f.company, f.item): v for (f, v) in
               ((f, published.entries()[(f.round, f.company)][f.item]) for f in published.figures)}
    return [{"round": r, "company": c, "item": i, "published": printed.get((r, c, i)), "note": note}
            for (r, c, i), note in sorted(published.errors.items())]

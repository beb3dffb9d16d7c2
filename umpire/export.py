"""A game for archives and spreadsheets (`umpire export`): the accounts round by round and the
journal as a public log, both as the game's family gives them (`Family.accounts`,
`Family.public_log`): nothing hidden before the game reveals it, unless the GM asks for
everything with `--reveal` once the game has ended."""

from __future__ import annotations

import csv
import io
import json

from .errors import UmpireError
from .store.folder import GameFolder


def export(folder: GameFolder, fmt: str, table: str = "accounts", reveal: bool = False) -> str:
    """The export as text: JSON with both parts, or CSV of one table (accounts or log)."""
    folder.require()
    family = folder.family
    if reveal and folder.state().phase != "finished":
        raise UmpireError(f"--reveal shows what game {folder.game_id} keeps hidden (draws, private notes); "
                          "it is for a game that has ended.", fix="Leave out --reveal until the game is over.")
    names = {c["id"]: c["name"] for c in folder.config["companies"]}
    if fmt == "json":
        return json.dumps({"game": folder.game_id, "companies": names,
                           "accounts": family.accounts(folder, reveal=reveal),
                           "log": family.public_log(folder, reveal=reveal)}, ensure_ascii=False, indent=1) + "\n"
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    if table == "log":
        writer.writerow(["event", "round", "type", "text"])
        for line in family.public_log(folder, reveal=reveal):
            writer.writerow([line["event"], line["round"], line["type"], line["text"]])
        return out.getvalue()
    writer.writerow(["round", family.seat, "item", "amount", "balance"])
    for row in family.accounts(folder, reveal=reveal):
        for seat, entry in row["companies"].items():
            ledgers = [("", entry)] if "brought_forward" in entry else []
            ledgers += [(f"{name}: ", sub) for name, sub in entry.items() if isinstance(sub, dict) and "items" in sub]
            for prefix, acc in ledgers:
                running = acc["brought_forward"]
                writer.writerow([row["round"], seat, prefix + "brought forward", "", running])
                for item, amount in acc["items"].items():
                    running += amount
                    writer.writerow([row["round"], seat, prefix + item, amount, running])
                writer.writerow([row["round"], seat, prefix + "carried forward", "", acc["carried_forward"]])
    return out.getvalue()

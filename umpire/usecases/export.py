"""A game for archives and spreadsheets (`umpire export`): the accounts round by round and the
journal as a public log, both as the game's family gives them (`Family.accounts`,
`Family.public_log`): nothing hidden before the game reveals it, unless the GM asks for
everything with `--reveal` once the game has ended.

The CSV of the accounts has the columns round, company (or player), item, amount and balance, a
row per posting with the balance after it. A game whose accounts keep more than its money (a
Volldampf player's marks and his income track) has a sixth column, `account`, naming the account
of each row (`marks`, `income track`); a game with one account (Dampfross) has none, its CSV as
it always was."""

from __future__ import annotations

import csv
import io
import json

from ..errors import UmpireError
from ..game import Game
from ..store.folder import GameFolder


def export(folder: GameFolder, fmt: str, table: str = "accounts", reveal: bool = False) -> str:
    """The export as text: JSON with both parts, or CSV of one table (accounts or log)."""
    game = Game.of(folder)
    folder.require()
    family = game.family
    if reveal and game.state().phase != "finished":
        raise UmpireError(f"--reveal shows what game {folder.game_id} keeps hidden (draws, private notes); "
                          "it is for a game that has ended.", fix="Leave out --reveal until the game is over.")
    names = {c["id"]: c["name"] for c in folder.config["companies"]}
    if fmt == "json":
        return json.dumps({"game": folder.game_id, "companies": names,
                           "accounts": family.accounts(game, reveal=reveal),
                           "log": family.public_log(game, reveal=reveal)}, ensure_ascii=False, indent=1) + "\n"
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    if table == "log":
        writer.writerow(["event", "round", "type", "text"])
        for line in family.public_log(game, reveal=reveal):
            writer.writerow([line["event"], line["round"], line["type"], line["text"]])
        return out.getvalue()
    rows = family.accounts(game, reveal=reveal)
    named = any(account != family.money for row in rows for entry in row["companies"].values()
                for account, _, _ in _ledgers(entry, family.money))          # a ledger besides the money
    writer.writerow(["round", family.seat, "item", "amount", "balance"] + (["account"] if named else []))
    for row in rows:
        for seat, entry in row["companies"].items():
            for account, prefix, acc in _ledgers(entry, family.money):
                tail = [account] if named else []
                running = acc["brought_forward"]
                writer.writerow([row["round"], seat, prefix + "brought forward", "", running] + tail)
                for item, amount in acc["items"].items():
                    running += amount
                    writer.writerow([row["round"], seat, prefix + item, amount, running] + tail)
                writer.writerow([row["round"], seat, prefix + "carried forward", "", acc["carried_forward"]] + tail)
    return out.getvalue()


def _ledgers(entry: dict, money: str) -> list[tuple[str, str, dict]]:
    """A seat's ledgers in a round, each as (account, item prefix, ledger): its money (`money`,
    e.g. `marks`), when shown, then each further ledger by its name (`income track`)."""
    out = [(money, "", entry)] if "brought_forward" in entry else []
    return out + [(name, f"{name}: ", sub) for name, sub in entry.items() if isinstance(sub, dict) and "items" in sub]

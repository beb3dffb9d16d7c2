"""The GM's corrections between rounds: `adjust` (money moved between the bank and a company, as a
ledger posting with the GM's reason, printed in the next newsletter), `undo_adjust` (the last
adjustment taken back by a counter-posting, its own `adjust_undone` event), `replace` (a stand-by
player takes over a company: new address, perhaps a new name, and a new order code; the old code
stops working) and `note` (the GM's word to the players in the next newsletter, a `gm_note`).
All are journaled; replay repeats them.
"""

from __future__ import annotations

from datetime import datetime

from ..errors import UmpireError
from ..game import Game
from ..kernel import ids
from ..kernel.gm_notes import check_note, note_event
from ..kernel.ledger import BANK
from ..store import atomic
from ..store.folder import SECRETS_FILE, GameFolder, dump_yaml
from . import actions

UNITS_LIMIT = 1_000_000                        # the most one correction moves, either way


def adjust(folder: GameFolder, company: str, units: int, reason: str) -> dict | None:
    """Move `units` of the game's money from the bank to the company or player (negative: to the
    bank), as the family posts it; returns the posting (from, to, amount, money, reason).

    The same correction (company, units, reason) in the same round is posted once: run again, it
    returns None and nothing is done."""
    game, state = actions.running(folder, "finished; its accounts are closed.")
    _company(folder, company)
    try:
        reason = ids.check_reason(reason, "--reason")
    except UmpireError as exc:
        raise UmpireError(exc.what, fix="Nothing was done.") from None
    if units == 0:
        raise UmpireError("--units 0 moves nothing.", fix="Give what the company gets (or, negative, pays).")
    if abs(units) > UNITS_LIMIT:
        raise UmpireError(f"--units {ids.shown(str(units), 40)} is more than a correction moves: at most "
                          f"{UNITS_LIMIT:,} either way.",
                          fix="Nothing was done.")
    undone = {e["undoes"] for e in folder.events if e["type"] == "adjust_undone"}
    if any(e["type"] == "adjusted" and (e["round"], e["company"], e["units"], e["reason"]) ==
           (state.round, company, units, reason) and i not in undone for i, e in _adjustments(folder)):
        return None
    postings = game.family.correction(state, company, units, f"correction by the GM: {reason}")
    folder.append([{"type": "adjusted", "round": state.round, "company": company, "units": units, "reason": reason},
                   *postings])
    payer, payee = (BANK, company) if units > 0 else (company, BANK)
    return {"from": payer, "to": payee, "amount": abs(units), "money": game.family.money,
            "reason": f"correction by the GM: {reason}"}


def _adjustments(folder: GameFolder) -> list[tuple[int, dict]]:
    """The `adjusted` events in force, with their journal positions."""
    from ..store.folder import in_force
    journal = folder.journal()
    return [(i, journal[i]) for i in in_force(journal) if journal[i]["type"] == "adjusted"]


def undo_adjust(folder: GameFolder) -> dict | None:
    """Take back the last adjustment in force: an `adjust_undone` event naming its journal position,
    and the counter-posting (reason "undo of correction by the GM: ..."); no resolve is undone.
    Returns the event; None if the last adjustment is undone already (run twice)."""
    game, state = actions.running(folder, "finished; its accounts are closed.")
    done = _adjustments(folder)
    if not done:
        raise UmpireError(f"game {folder.game_id} has no adjustment to undo.", fix="Nothing was done.")
    position, last = done[-1]
    if any(e["type"] == "adjust_undone" and e["undoes"] == position for e in folder.events):
        return None
    postings = game.family.correction(state, last["company"], -last["units"],
                                        f"undo of correction by the GM: {last['reason']}")
    event = {"type": "adjust_undone", "round": state.round, "undoes": position, "company": last["company"],
             "units": -last["units"], "reason": last["reason"]}
    folder.append([event, *postings])
    return event


def note(folder: GameFolder, text: str, now: datetime, after: str | None = None) -> dict | None:
    """Journal the GM's note for the next newsletter (`after`: the command it goes with); returns its
    event, or None when the same note waits for the next newsletter already (run twice)."""
    game = Game.of(folder)
    folder.require()
    text = check_note(text)
    state = game.state()
    if state.phase == "finished" and after is None:
        raise UmpireError(f"game {folder.game_id} is finished; no newsletter comes to print a note.",
                          fix="Nothing was done. Mail the players instead: umpire mail all.")
    events = folder.events
    last = max((i for i, e in enumerate(events) if e["type"] == "newsletter"), default=-1)
    if any(e["type"] == "gm_note" and e["text"] == text for e in events[last + 1:]):
        return None
    event = note_event(text, game.family.open_turn(state), after, now.isoformat())
    folder.append([event])
    return event


def replace(folder: GameFolder, company: str, email: str, name: str | None = None,
            code: str | None = None) -> str | None:
    """Give the company to a new player; returns the new order code (kept in secrets.yaml).

    A company already played from `email` (under `name`, if given) is left as it is: run again,
    the command returns None and the code printed the first time stays in force."""
    game = Game.of(folder)
    folder.require()
    _company(folder, company)
    ids.check_email(email, "--email")
    if name is not None:
        ids.check_name(name.strip(), "--name")
        name = name.strip()
    if game.state().phase == "finished":
        raise UmpireError(f"game {folder.game_id} is finished; no company can be taken over.", fix="Nothing was done.")
    current = folder.company(company)
    if current.get("email") == email and name in (None, current["name"]) and code is None:
        return None
    secrets = folder.secrets
    codes = secrets.setdefault("codes", {})
    used = set(codes.values()) | {r["code"] for rs in (secrets.get("retired_codes") or {}).values() for r in rs}
    code = code or actions.new_code(taken=used, current=[v for k, v in codes.items() if k != company])
    position = len(folder.journal())
    retired = secrets.setdefault("retired_codes", {}).setdefault(company, [])
    retired.append({"code": codes.get(company), "until": position})
    codes[company] = code
    atomic.write_text(folder.path / SECRETS_FILE, dump_yaml(secrets))
    (folder.path / SECRETS_FILE).chmod(0o600)
    config = dict(folder.config)
    before = next(c for c in config["companies"] if c["id"] == company)
    config["companies"] = [dict(c, email=email, **({"name": name} if name else {})) if c["id"] == company else c
                           for c in config["companies"]]
    folder.write_config(config)
    folder.append([{"type": "company_replaced", "round": game.state().round, "company": company,
                    "email": email, "name": name,
                    "before": {"email": before.get("email", ""), "name": before["name"]}}])
    return code


def codes_at_start(secrets: dict, events: list[dict]) -> dict[str, str]:
    """Each company's order code when the game began (before any replacement), from secrets.yaml's
    retired codes; each `until` names the journal position of the replacement that retired it."""
    codes = dict(secrets.get("codes", {}))
    for company, retired in (secrets.get("retired_codes") or {}).items():
        valid = [r for r in retired if r["until"] < len(events) and events[r["until"]]["type"] == "company_replaced"]
        if valid:
            codes[company] = valid[0]["code"]
    return codes


def code_after(secrets: dict, events: list[dict], position: int, company: str) -> str:
    """The company's order code from the replacement at journal `position` on."""
    later = [r for r in (secrets.get("retired_codes") or {}).get(company, [])
             if position < r["until"] < len(events) and events[r["until"]]["type"] == "company_replaced"]
    return later[0]["code"] if later else secrets["codes"][company]


def _company(folder: GameFolder, company: str):
    if company not in folder.company_ids():
        raise UmpireError(f"there is no company {ids.shown(company)} in game {folder.game_id}; the companies are "
                          f"{', '.join(folder.company_ids())}.", fix="Nothing was done.")

"""The zine's published figures (`published.yaml` beside an archive's game.yaml), read and checked.

Per round, each company's balance as printed, and optionally its items: `bonuses`, `races`,
`building`, `corrections`, and `fees` per counterparty in the zine's own notes
(`+8[C]-2[R]-2[F]-8[T]`, or a mapping `{C: 8, R: -2}`). `aliases:` maps the zine's notes (a
letter, a colour) to company ids; `zine_errors:` marks a printed figure as the zine's error,
with a note. `races:` gives a round's races as printed (placings, payouts, fees paid to other
companies), checked as `race payouts` and `race fees C` against the round's items. docs/archive.md
describes the file. Everything here is pure: figures in, rows out.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..errors import DataError
from .yamlfile import described, line_of

ITEMS = ("bonuses", "races", "building", "corrections", "fees")
KEYS = ("aliases", "rounds", "races", "zine_errors")
BALANCE = "balance"
PAYOUTS = "race payouts"              # the races printed (races:): what a company's races paid it in a round
RACE_FEES = "race fees "              # ... and its race fees per counterparty: received less paid
RACE_KEYS = ("race", "placings", "payouts", "fees")
_FEE = re.compile(r"\s*(?:([+-]?\d{1,7})\s*\[\s*([^\[\]]+?)\s*\]|\[\s*([+-]?\d{1,7})\s+([^\[\]]+?)\s*\])")


@dataclass(frozen=True)
class Figure:
    """One printed figure: `item` is `balance`, an item of ITEMS, or `fees <company>`."""

    round: int
    company: str
    item: str
    value: int
    line: int = 0


@dataclass
class Published:
    figures: list[Figure]
    errors: dict[tuple[int, str, str], str] = field(default_factory=dict)   # (round, company, item) -> note
    warnings: list[str] = field(default_factory=list)                      # fee notes naming no company

    def entries(self) -> dict[tuple[int, str], dict[str, int]]:
        """(round, company) -> item -> value, balance included."""
        out: dict[tuple[int, str], dict[str, int]] = {}
        for f in self.figures:
            entry = out.setdefault((f.round, f.company), {})
            entry[f.item] = entry.get(f.item, 0) + f.value
        return out


@dataclass(frozen=True)
class Row:
    """A line of the published-versus-computed table."""

    round: int
    company: str
    item: str
    published: int
    computed: int | None
    note: str = ""                    # the zine's error, as published.yaml marks it

    @property
    def differs(self) -> bool:
        return self.computed is not None and self.computed != self.published and not self.note


def parse_fees(text: str) -> list[tuple[str, int]]:
    """`+8[C]-2[R]` or `[-5 L]` as printed: (note, amount) pairs; anything else is refused."""
    pairs, at = [], 0
    text = text.strip()
    while at < len(text):
        found = _FEE.match(text, at)
        if not found:
            raise ValueError(f"{text[at:at + 20]!r} is not a fee: write +8[C] or [-5 L]")
        amount, note = (found.group(1), found.group(2)) if found.group(1) else (found.group(3), found.group(4))
        pairs.append((note, int(amount)))
        at = found.end()
        while at < len(text) and text[at] in " ,;":
            at += 1
    return pairs


def read_published(data, where: str, companies: list[str]) -> Published:
    """published.yaml as loaded (`data`); `companies` are the game's company ids (a ledger-only
    archive's: the companies its rounds name). Every problem is refused with its line."""
    if not isinstance(data, dict):
        raise DataError("is not a mapping of keys (rounds:, aliases:, zine_errors:).", where)
    for key in data:
        if key not in KEYS:
            raise DataError(f"unknown key {described(key)}.", f"{where}, line {line_of(data, key)}",
                            f"The keys are: {', '.join(KEYS)}.")
    notes = _aliases(data.get("aliases") or {}, companies, where)
    published = Published([])
    rounds = data.get("rounds")
    if not isinstance(rounds, dict) or not rounds:
        raise DataError("rounds: is missing or is not a mapping of rounds to the figures printed.", where,
                        "Write rounds: {1: {red: 52, blue: 48}}.")
    for number, entries in rounds.items():
        at = f"{where}, line {line_of(rounds, number)}"
        if isinstance(number, bool) or not isinstance(number, int) or not 0 <= number <= 9999:
            raise DataError(f"rounds: {described(number)} is not a round (0 for the opening balances, 1, 2, ...).", at)
        if not isinstance(entries, dict):
            raise DataError(f"round {number}: {described(entries)} is not a mapping of companies.", at,
                            "Write 1: {red: 52, blue: {balance: 48, fees: +8[C]-2[R]}}.")
        for company, entry in entries.items():
            line = line_of(entries, company) or line_of(rounds, number)
            cid = _company(company, companies, f"{where}, line {line}")
            published.figures += _entry(number, cid, entry, (where, line), notes, published.warnings)
    published.figures += _races(data.get("races"), data, companies, notes, where)
    published.errors = _zine_errors(data.get("zine_errors") or [], companies, notes, where)
    return published


def _races(races, data: dict, companies: list[str], notes: dict[str, str], where: str) -> list[Figure]:
    """`races:` round -> the races printed: each {race: LABEL, placings: [C, R], payouts: {C: 20,
    R: 10}, fees: {R: {C: 2}}} (fees: payer -> payee -> units); as figures `race payouts` and
    `race fees <company>` (received less paid) per round and company."""
    if races is None:
        return []
    example = "Write races: {5: [{race: 1, placings: [C, R], payouts: {C: 20, R: 10}, fees: {R: {C: 2}}}]}."
    at = f"{where}, line {line_of(data, 'races')}"
    if not isinstance(races, dict):
        raise DataError("races: is not a mapping of rounds to the races printed.", at, example)
    totals: dict[tuple[int, str, str], list[int]] = {}
    for number, printed in races.items():
        at = f"{where}, line {line_of(races, number)}"
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= 9999:
            raise DataError(f"races: {described(number)} is not a round (1, 2, ...).", at, example)
        if not isinstance(printed, list):
            raise DataError(f"races: round {number}: {described(printed)} is not a list of races.", at, example)
        for i, race in enumerate(printed):
            line = line_of(printed, i) or line_of(races, number)
            for key, amount in _race(number, race, companies, notes, f"{where}, line {line}", example):
                totals.setdefault((number, key[0], key[1]), [0, line])[0] += amount
    return [Figure(n, c, item, value, line) for (n, c, item), (value, line) in totals.items()]


def _race(number: int, race, companies: list[str], notes: dict[str, str], at: str,
          example: str) -> list[tuple[tuple[str, str], int]]:
    """One race printed: ((company, item), amount) for each payout and each fee, both ways."""
    what = f"races: round {number}"
    if not isinstance(race, dict) or set(race) - set(RACE_KEYS) or "placings" not in race:
        raise DataError(f"{what}: {described(race)} is not a race (race, placings, payouts, fees).", at, example)
    placings = race["placings"]
    if not isinstance(placings, list) or not placings:
        raise DataError(f"{what}: placings: {described(placings)} is not a list of companies, first first.", at,
                        example)
    placed = [_noted(c, notes, companies, at) for c in placings]
    if len(set(placed)) != len(placed):
        raise DataError(f"{what}: placings: {described(placings)} names a company twice.", at, example)
    out = []
    payouts = race.get("payouts") or {}
    if not isinstance(payouts, dict):
        raise DataError(f"{what}: payouts: {described(payouts)} is not a mapping of companies to units.", at, example)
    for company, amount in payouts.items():
        cid = _noted(company, notes, companies, at)
        if cid not in placed:
            raise DataError(f"{what}: payouts: {cid} is paid and not placed.", at, example)
        out.append(((cid, PAYOUTS), _units(amount, f"{what}: payouts: {cid}", at)))
    fees = race.get("fees") or {}
    if not isinstance(fees, dict) or not all(isinstance(v, dict) for v in fees.values()):
        raise DataError(f"{what}: fees: {described(fees)} is not a mapping of payers to payees and units.", at,
                        example)
    for payer, paid in fees.items():
        pid = _noted(payer, notes, companies, at)
        for payee, amount in paid.items():
            units = _units(amount, f"{what}: fees: {pid} to {payee}", at)
            qid = _noted(payee, notes, companies, at)
            out += [((pid, RACE_FEES + qid), -units), ((qid, RACE_FEES + pid), units)]
    return out


def _noted(note, notes: dict[str, str], companies: list[str], at: str) -> str:
    """A company as the zine noted it: its id or an alias (any case)."""
    cid = notes.get(str(note).lower()) if isinstance(note, (str, int)) and not isinstance(note, bool) else None
    if cid is None:
        raise DataError(f"{described(note)} is not a company of the game or an alias.", at,
                        f"The companies are: {', '.join(companies)}; add the zine's note to aliases:.")
    return cid


def _units(amount, what: str, at: str) -> int:
    if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
        raise DataError(f"{what}: {described(amount)} is not a whole number of units (0 or more).", at)
    return amount


def _aliases(aliases, companies: list[str], where: str) -> dict[str, str]:
    """The zine's notes for each company, lower-cased: its id, and each alias given."""
    notes = {c.lower(): c for c in companies}
    if not isinstance(aliases, dict):
        raise DataError("aliases: is not a mapping of notes to company ids.", where, "Write aliases: {L: lfffcc}.")
    for note, company in aliases.items():
        at = f"{where}, line {line_of(aliases, note)}"
        notes[str(note).lower()] = _company(company, companies, at)
    return notes


def _company(name, companies: list[str], at: str) -> str:
    if not isinstance(name, str) or name not in companies:
        raise DataError(f"{described(name)} is not a company of the game.", at,
                        f"The companies are: {', '.join(companies)}.")
    return name


def _entry(number: int, cid: str, entry, place: tuple[str, int], notes: dict[str, str],
           warnings: list[str]) -> list[Figure]:
    line = place[1]
    at = f"{place[0]}, line {line}"
    if isinstance(entry, int) and not isinstance(entry, bool):
        return [Figure(number, cid, BALANCE, entry, line)]
    if not isinstance(entry, dict):
        raise DataError(f"round {number}, {cid}: {described(entry)} is neither a balance nor a mapping of items.",
                        at, f"Write a number, or {{balance: N, {', '.join(ITEMS)}}}.")
    figures = []
    for item, value in entry.items():
        if item == "fees":
            figures += _fees(number, cid, value, at, line, notes, warnings)
            continue
        if item not in (BALANCE, *ITEMS[:-1]):
            raise DataError(f"round {number}, {cid}: unknown item {described(item)}.", at,
                            f"The items are: {BALANCE}, {', '.join(ITEMS)}.")
        if isinstance(value, bool) or not isinstance(value, int):
            raise DataError(f"round {number}, {cid}, {item}: {described(value)} is not a whole number.", at)
        figures.append(Figure(number, cid, item, value, line))
    return figures


def _fees(number: int, cid: str, value, at: str, line: int, notes: dict[str, str], warnings: list[str]) -> list[Figure]:
    if isinstance(value, dict):
        pairs = [(str(k), v) for k, v in value.items()]
        if any(isinstance(v, bool) or not isinstance(v, int) for _, v in pairs):
            raise DataError(f"round {number}, {cid}, fees: each fee is a whole number.", at,
                            "Write fees: {C: 8, R: -2}.")
    else:
        try:
            pairs = parse_fees(str(value))
        except ValueError as exc:
            raise DataError(f"round {number}, {cid}, fees: {exc}.", at,
                            "Write fees: +8[C]-2[R], as the zine printed them.") from None
    figures = []
    for note, amount in pairs:
        other = notes.get(note.lower())
        if other is None:
            warnings.append(f"round {number}, {cid}: the fee note [{note}] (line {line}) names no company or alias; "
                            "it is compared as it stands. Add it to aliases: if it is a company's.")
            other = note
        figures.append(Figure(number, cid, f"fees {other}", amount, line))
    return figures


def _zine_errors(errors, companies: list[str], notes: dict[str, str], where: str) -> dict[tuple[int, str, str], str]:
    """`zine_errors:` a list of {round, company, item, note}: a printed figure the zine got wrong."""
    example = "Write - {round: 7, company: red, item: balance, note: the zine added 8 for 6}."
    if not isinstance(errors, list):
        raise DataError("zine_errors: is not a list.", where, example)
    out = {}
    for i, e in enumerate(errors):
        at = f"{where}, line {line_of(errors, i)}"
        if not (isinstance(e, dict) and set(e) == {"round", "company", "item", "note"}):
            raise DataError(f"zine_errors: {described(e)} needs round, company, item and note.", at, example)
        item = str(e["item"])
        if item.startswith(("fees ", RACE_FEES)):
            head = RACE_FEES if item.startswith(RACE_FEES) else "fees "
            item = head + notes.get(item[len(head):].strip().lower(), item[len(head):].strip())
        elif item not in (BALANCE, *ITEMS[:-1], PAYOUTS):
            raise DataError(f"zine_errors: {described(e['item'])} is not an item.", at,
                            f"The items are: {BALANCE}, {', '.join(ITEMS[:-1])}, fees <company>, {PAYOUTS}, "
                            f"{RACE_FEES}<company>.")
        if not isinstance(e["note"], str) or not e["note"].strip():
            raise DataError("zine_errors: the note is empty.", at, example)
        out[(e["round"], _company(e["company"], companies, at), item)] = " ".join(e["note"].split())
    return out


def compared(published: Published, computed: dict[tuple[int, str, str], int]) -> list[Row]:
    """Each printed figure beside the figure computed (None: nothing to compare it with)."""
    rows = []
    for (number, cid), entry in sorted(published.entries().items()):
        for item, value in entry.items():
            rows.append(Row(number, cid, item, value, computed.get((number, cid, item)),
                            published.errors.get((number, cid, item), "")))
    return rows


def arithmetic(published: Published) -> dict[tuple[int, str, str], int]:
    """A ledger-only archive's figures as its own arithmetic gives them: a balance from the
    balance before and the round's items (where both were printed), a fee from the counterparty's
    fee the other way (where its items were printed). A figure nothing checks is left out."""
    entries = published.entries()
    computed = races_as_items(entries)
    for (number, cid), entry in entries.items():
        items = {k: v for k, v in entry.items() if k != BALANCE and not is_race_figure(k)}
        before = entries.get((number - 1, cid), {}).get(BALANCE)
        if BALANCE in entry and items and before is not None:
            computed[(number, cid, BALANCE)] = before + sum(items.values())
        for item in items:
            other = entries.get((number, item[5:])) if item.startswith("fees ") else None
            if other is not None and {k for k in other if not is_race_figure(k)} - {BALANCE}:
                computed[(number, cid, item)] = -other.get(f"fees {cid}", 0)
    return computed


def table(rows: list[Row], labels: dict[int, str] | None = None) -> list[str]:
    """The published-versus-computed table as lines of text; a round the zine labelled otherwise
    (game.yaml `turns:`, `labels`) is shown with its label: `2 (1b)`."""
    rounds = {r.round: f"{r.round} ({labels[r.round]})" if labels and r.round in labels else str(r.round)
              for r in rows}
    round_width = max([len(t) for t in rounds.values()] + [5])
    width = max([len(r.company) for r in rows] + [7])
    item_width = max([len(r.item) for r in rows] + [4])
    lines = [f"{'round':>{round_width}}  {'company':<{width}}  {'item':<{item_width}}  {'published':>9}  "
             f"{'computed':>8}"]
    for r in rows:
        computed = "" if r.computed is None else str(r.computed)
        mark = "  differs" if r.differs else (f"  the zine's error: {r.note}" if r.note else "")
        lines.append(f"{rounds[r.round]:>{round_width}}  {r.company:<{width}}  {r.item:<{item_width}}  "
                     f"{r.published:>9}  {computed:>8}{mark}")
    return lines


def race_item(item: str) -> str | None:
    """The round's item a figure of `races:` is checked against (`race payouts`: `races`, `race
    fees C`: `fees C`); None for any other figure."""
    if item == PAYOUTS:
        return "races"
    return "fees " + item[len(RACE_FEES):] if item.startswith(RACE_FEES) else None


def is_race_figure(item: str) -> bool:
    """A figure of `races:` (checked against the round's items, never summed into a balance)."""
    return race_item(item) is not None


def races_as_items(figures: dict) -> dict[tuple[int, str, str], int]:
    """The races printed checked against the round's items (the ledger's, or in a ledger-only
    archive, those printed in rounds:). `figures` maps (round, company) -> item -> value."""
    return {(number, cid, item): entry[race_item(item)] for (number, cid), entry in figures.items()
            for item in entry if race_item(item) in entry}

"""The Volldampf newsletter as text: what happened since the last issue (from the journal),
the position, the players, and what the open turn asks for; and each player's private sheet.
Same journal, same text."""

from __future__ import annotations

import textwrap
from typing import NamedTuple

from ...kernel.columns import cut, pad
from ...kernel.gm_notes import HEADING, from_the_gm
from ...kernel.words import plural
from ..base import house_rule_line
from .engine import goods_card_ids
from .orderform import order_form
from .rules import row
from .state import CUBE_COLOURS, State, card_name, turn_name

WIDTH = 78
ASKS = {
    "A": ["BONDS n            bonds to take (6 marks each; default 0)",
          "BID n              your highest bid for the turn order (default 0: drop out first)",
          "CHOOSE g g ...     the track card groups you want, most wanted first (default: lowest free)",
          "REARRANGE 1:... 2:...   with Alles neu: the groups anew",
          "REPLAN colour from TO to NOW   with Neue Planung"],
    "B": ["BUILD link [FAVOUR region] [ELSE link ...]   one line a build turn, in order",
          "DISCARD region     give up a card in that build turn",
          "REPLAN colour from TO to BUILD k   with Neue Planung"],
    "C": ["MOVE colour route [FAST] [ELSE ...] | MOVE colour location BEST | MOVE DECLINE   two lines",
          "SUBSIDY colour route [ELSE ...]   with Subvention, if last on the income track",
          "SABOTAGE player [MOVE k] [GAIN n]   with Sabotage",
          "EXTRA MOVE k blue:loc violet:loc red:loc yellow:loc   with Zusatzfracht",
          "REPLAN colour from TO to MOVE k   with Neue Planung",
          "TAKEFROM player    whose hand a card comes from when both decks are empty"],
}
ASKS_EXTRA = ["BID n [THEN m ...]   new bids (sending nothing keeps your bids from before)",
              "CHOOSE g g ...      the groups you want, most wanted first"]


PLAYER_COLOURS = ("red", "blue", "black", "white", "teal", "yellow")


def player_colours(seats: list[str]) -> dict[str, str]:
    """The colour of each player's sections on the board, by seat (2 players: red and blue, as boxed)."""
    return {p: PLAYER_COLOURS[i % len(PLAYER_COLOURS)] for i, p in enumerate(seats)}


def _wrapped(head: str, items: list[str]) -> list[str]:
    lines, line = [], head
    for i, item in enumerate(items):
        text = item + ("," if i < len(items) - 1 else ".")
        if len(line) + len(text) + 1 > WIDTH and line.strip():
            lines.append(line.rstrip())
            line = " " * len(head)
        line += text + " "
    return lines + [line.rstrip()]


def _listed(head: str, items: list[str]) -> list[str]:
    """`head` and the items joined by `; `, wrapped to the page between items."""
    lines, line = [], head
    for i, item in enumerate(items):
        text = item + (";" if i < len(items) - 1 else "")
        if len(line) + len(text) > WIDTH and line.strip() != head.strip():
            lines.append(line.rstrip())
            line = " " * len(head)
        line += text + " "
    return lines + [line.rstrip()]


def _a(word: str) -> str:
    """The word with its indefinite article: `an octagon`, `a star`."""
    return ("an " if word[:1].lower() in "aeiou" else "a ") + word


def since_last_issue(events: list[dict]) -> list[dict]:
    last = max((i for i, e in enumerate(events) if e.get("type") == "newsletter"), default=-1)
    return events[last + 1:]


class Writer:
    def __init__(self, board, rules, state: State, events: list[dict]):
        self.board, self.rules, self.s, self.events = board, rules, state, events
        self.goods = goods_card_ids(board)
        self.declined = {(e.get("round"), e["player"], e["move"]) for e in events if e.get("type") == "decline"}

    def loc(self, ident):
        return self.board.locations[ident].name if ident in self.board.locations else ident

    def name(self, player):
        return f"{self.s.names.get(player, player)} ({player})"

    # -- what happened -----------------------------------------------------------------
    def happenings(self) -> list[str]:
        out, cubes = [], []
        for e in self.events:
            if e.get("type") == "cube":
                cubes.append(f"{self.loc(e['location'])} {e['colour']}")
                continue
            line = self.describe(e)
            if not line:
                continue
            if cubes:
                out += _wrapped("  cubes: ", cubes)
                cubes = []
            out.extend(line if isinstance(line, list) else [line])
        if cubes:
            out += _wrapped("  cubes: ", cubes)
        return out

    def undone(self, e) -> str:
        """`umpire adjust --undo`: the GM's correction taken back."""
        return f"The GM takes back his correction for {self.name(e['company'])} ({e['reason']})."

    def describe(self, e):
        """The newsletter's line(s) for one event: the function of its name in DESCRIBE (None: no line)."""
        line = DESCRIBE.get(e.get("type"))
        return line(self, e) if line else None

    # -- the position ------------------------------------------------------------------
    def players(self, hidden_money: bool) -> list[str]:
        s = self.s
        at_end = self.rules.bonds.income_at_end
        colours = player_colours(s.seats)
        out = [f"{'place':<6}{'player':<28}{'colour':<7}{'marks':>6}{'income':>7}{'bonds':>6}{'score':>6}"
               f"{'cards':>6}{'sections':>9}"]
        for p in s.in_place_order(s.places or s.last_places):
            place = (s.places or s.last_places).get(p, "-")
            marks = "-" if hidden_money else str(s.cash(p))
            out.append(f"{place!s:<6}{pad(cut(self.name(p), 27), 28)}{colours[p]:<7}{marks:>6}{s.income_of(p):>7}"
                       f"{s.bonds[p]:>6}{s.score(p, at_end):>6}{len(s.hands[p]):>6}"
                       f"{sum(1 for o in s.sections.values() if o == p):>9}")
        return out

    def position(self) -> list[str]:
        s = self.s
        out = ["Sections:"]
        for p in s.seats:
            mine = [self.board.describe(self.board.links[x]) for x in self.board.links if s.sections.get(x) == p]
            out += _listed(f"  {p}: ", mine) if mine else [f"  {p}: none"]
        out.append("Cubes:")
        for ident, colours in sorted(s.cubes.items(), key=lambda x: self.loc(x[0])):
            if colours:
                out.append(f"  {self.loc(ident)} ({self.board.locations[ident].colour}): {', '.join(colours)}")
        out.append("In the bag: " + ", ".join(f"{c} {s.bag.get(c, 0)}" for c in CUBE_COLOURS)
                   + f"; track deck {len(s.track_deck)}; goods cards left {len(s.goods_deck)}; "
                   f"action deck {len(s.action_deck)}, discards {len(s.action_discards)}.")
        if s.turn in ("B",) or s.turn.startswith("A") and s.groups:
            if s.turn.startswith("A"):
                out.append("Track card groups on offer:")
                out += [f"  group {i}: {', '.join(card_name(c) for c in g)}" for i, g in enumerate(s.groups, 1)]
        if s.turn in ("B", "C") and s.group_of:
            out.append("Groups won: " + "; ".join(f"{p} group {s.group_of[p]}" for p in s.in_place_order()))
        return out

    def asks(self, deadline: str | None = None, grace_end: str | None = None) -> list[str]:
        s = self.s
        if s.turn == "finished":
            return []
        lines = ASKS_EXTRA if s.turn[1:] else ASKS[s.turn]
        n = row(self.rules, len(s.seats))
        extra = [f"Build turns this round: {n.build_turns}."] if s.turn == "B" else []
        if s.turn == "B" and self.rules.options.merge_build_move:
            lines = lines + ASKS["C"]
            extra += ["The moves follow every build of this turn (merge_build_move): give ELSE",
                      "alternatives for routes over links that may not be built."]
        due = textwrap.wrap(due_sentence(turn_name(s), deadline, grace_end), WIDTH, break_on_hyphens=False) \
            if deadline else []
        head = f"Orders for turn {turn_name(s)} (header: GAME, PLAYER, CODE, optional ROUND {turn_name(s)}):"
        return due + [head] + [
            "  " + x for x in lines] + extra + [
            "Your own order form for this turn, with examples you can send now, ends your private sheet."]

    def private(self, player: str, order_lines: list[str]) -> str:
        s = self.s
        out = [f"Private sheet for {self.name(player)}, turn {turn_name(s)}"]
        out.append("Your action cards: " + (", ".join(sorted(card_name(c) for c in s.hands[player])) or "none") + ".")
        if s.won.get(player):
            out.append("Your track cards to build with: " + ", ".join(card_name(c) for c in s.won[player]) + ".")
        if self.rules.options.money == "hidden":
            out.append(f"Your marks: {s.cash(player)}.")
        if order_lines:
            out.append("Your last order as the umpire read it:")
            out += ["  " + x for x in order_lines]
        notes = [e["text"] for e in self.events if e.get("type") == "note" and e.get("player") == player]
        if notes:
            out.append("Warnings and results:")
            out += ["  " + x for x in notes]
        form = order_form(self.board, self.rules, s, player)
        return "\n".join(out + ([""] + form if form else [])) + "\n"


class Due(NamedTuple):
    """What the shell's calendar tells a newsletter: the open turn's deadline and the end of its
    grace as printed (None: none), and the players whose orders for the resolved turn came in the grace."""
    deadline: str | None = None
    grace_end: str | None = None
    late: tuple[str, ...] = ()


NO_DEADLINE = Due()


def due_sentence(turn: str, deadline: str, grace_end: str | None) -> str:
    """When the turn's orders are due, and what becomes of one that comes later."""
    grace = f"; an order in the grace until {grace_end} is still taken, and named as late" if grace_end else ""
    return f"Orders for turn {turn} are due by {deadline}{grace}; a later order is refused."


def late_sentence(names) -> str:
    return "Ordered after the deadline, in the grace: " + ", ".join(names) + "."


def press_lines(press: list[dict]) -> list[str]:
    """The players' press (umpire/usecases/press.py), each item under its writer's name, wrapped to the page."""
    out = []
    for item in press:
        out.append(f"{item['by'] or 'Grey press'}:")
        for para in item["text"].splitlines():
            out += textwrap.wrap(para, WIDTH - 2, initial_indent="  ", subsequent_indent="  ",
                                 break_on_hyphens=False) or [""]
        if item["cut"]:
            out.append("  (the rest was too long to print)")
        out.append("")
    return out[:-1]


def gm_section(events: list[dict]) -> list[str]:
    """The "From the GM" section of the text edition (umpire/kernel/gm_notes.py); empty without it."""
    paragraphs = from_the_gm(events, "player")
    if not paragraphs:
        return []
    out = ["", HEADING, "-" * len(HEADING)]
    for text in paragraphs:
        out += textwrap.wrap(text, WIDTH, break_on_hyphens=False, break_long_words=False)
    return out


def newsletter_text(board, rules, state: State, events: list[dict], game: str, number: int,
                    commitment: str | None = None, seed: str | None = None, press: list[dict] = (),
                    due: Due = NO_DEADLINE) -> str:
    w = Writer(board, rules, state, events)
    hidden = rules.options.money == "hidden"
    title = f"VOLLDAMPF  {game}  newsletter {number:03d}"
    out = [title, "=" * len(title), ""]
    agreed = next((e for e in events if e.get("type") == "end" and "agreement" in e), None)
    if agreed:
        out.append(f"Final newsletter: the game was ended by agreement in round {state.round}, turn {agreed['turn']}.")
    elif state.turn == "finished":
        out.append(f"Final newsletter (round {state.round}).")
    else:
        out.append(f"Round {state.round} of {row(rules, len(state.seats)).rounds}; open turn {turn_name(state)}.")
    if commitment and number == 1:
        out.append(f"Seed commitment (SHA-256): {commitment}")
    out += gm_section(events)
    out += ["", "What happened", "-------------"] + (w.happenings() or ["Nothing yet."])
    if due.late:
        out += textwrap.wrap(late_sentence(w.name(p) for p in due.late), WIDTH, break_on_hyphens=False)
    if press:
        out += ["", "Press", "-----"] + press_lines(press)
    out += ["", "Players", "-------"] + w.players(hidden)
    out += ["", "The board", "---------"] + w.position()
    asks = w.asks(due.deadline, due.grace_end)
    if asks:
        out += ["", "Next", "----"] + asks
    if state.turn == "finished" and seed:
        out += ["", f"The seed was: {seed}"]
    return "\n".join(out) + "\n"


def _agreed(end: dict, name) -> list[str]:
    """The head of the end of a game ended by agreement: why, whose orders were dropped, how it is scored."""
    dropped = (f"The orders in force for turn {end['turn']}, not carried out: "
               f"{', '.join(name(p) for p in end['dropped'])}." if end["dropped"] else "")
    scored = (f"Scored as at the end of round {end['scored_after']}, the last played to its end"
              if end["scored_after"] else "Scored as set up, no round having been played to its end")
    return [f"THE GAME IS OVER, ended by agreement: {end['agreement']}.",
            *textwrap.wrap(dropped, WIDTH, break_on_hyphens=False),
            *textwrap.wrap(f"{scored} (score = income - bonds; marks then):", WIDTH, break_on_hyphens=False)]


def board_position(state: State):
    """What the game has put on the board: sections in their owners' colours, cubes, incomes."""
    from .drawing import Position
    colours = player_colours(state.seats)
    return Position(owners={link: colours[p] for link, p in state.sections.items()},
                    cubes={k: list(v) for k, v in state.cubes.items() if v},
                    income={p: state.income_of(p) for p in state.seats}, colours=colours,
                    names={p: state.names.get(p, p) for p in state.seats})


# -- the line(s) of each event, by its name ----------------------------------------------
def _setup(w: Writer, e):
    return f"The game begins: {len(e['players'])} players; {plural(e['removed'], 'track card')} boxed unseen."


def _adjusted(w: Writer, e):
    hidden = w.rules.options.money == "hidden"
    moved = "" if hidden else (f": {plural(e['units'], 'mark')} from the bank" if e["units"] > 0
                               else f": pays {plural(-e['units'], 'mark')} to the bank")
    return f"Correction by the GM for {w.name(e['company'])}{moved} ({e['reason']})."


def _goods_card(w: Writer, e):
    return f"Goods card turned ({e['label']}): {e['card']}."


def _bag_empty(w: Writer, e):
    return f"  the bag is empty: no cube for {w.loc(e['location'])}"


def _groups(w: Writer, e):
    return [f"Track card groups of round {e['round']}:"] + [
        f"  group {i}: {', '.join(g)}" for i, g in enumerate(e["groups"], 1)]


def _bonds(w: Writer, e):
    if e["taken"]:
        return f"{w.name(e['player'])} takes {plural(e['taken'], 'bond')} (now {e['total']})."
    return None


def _rearranged(w: Writer, e):
    return [f"{w.name(e['player'])} plays Alles neu; the groups are now:"] + [
        f"  group {i}: {', '.join(g)}" for i, g in enumerate(e["groups"], 1)]


def _extra_turn(w: Writer, e):
    why = "Alles neu rearranged the groups" if e["why"] == "rearrange" else "the bids tied"
    return f"Extra turn {e['turn']}: {why}; bids and group choices are asked for again."


def _auction_bid(b: dict, paid: dict) -> str:
    if "bid" in b:
        return f"  {b['player']} bids {b['bid']}" + (" (equal maximum, earlier in order)" if b.get("equal") else "")
    if b.get("out"):
        return f"  {b['player']} drops out: place {b['place']}, last bid {b['last']}, pays {paid[b['player']]}"
    return f"  {b['player']} is left: place 1, last bid {b['last']}, pays {paid[b['player']]}"


def _auction(w: Writer, e):
    return ["Turn-order auction (every bid by 1 mark, as the maxima allowed), bidding order "
            + " ".join(e["order"]) + ":"] + [_auction_bid(b, e["paid"]) for b in e["bids"]]


def _bids(e) -> str:
    return "; ".join(f"{p} {' THEN '.join(map(str, b))}" for p, b in e["bids"].items())


def _sealed_tie(w: Writer, e):
    return "Sealed bids tied: " + _bids(e)


def _sealed(w: Writer, e):
    return ("Sealed bids: " + _bids(e)
            + (f"; pair {e['pair']} decides" if e["pair"] else "; the last round's places stand")
            + "; paid " + ", ".join(f"{p} {n}" for p, n in e["paid"].items()) + ".")


def _group(w: Writer, e):
    return f"{w.name(e['player'])} takes group {e['group']}: {', '.join(e['cards'])}."


def _build(w: Writer, e):
    link = w.board.links[e["link"]]
    card = _a(e["card"])
    how = f", Günstige Gelegenheit for {card} card" if e.get("favour") else f" with {card} card"
    return f"{w.name(e['player'])} builds {w.board.describe(link)}{how}: pays {e['cost']}."


def _discard(w: Writer, e):
    return f"{w.name(e['player'])} discards {_a(e['region'])} card ({e['why']})."


def _replan(w: Writer, e):
    return (f"{w.name(e['player'])} plays Neue Planung: a {e['colour']} cube from {w.loc(e['source'])} "
            f"to {w.loc(e['target'])}.")


def _extra_cube(w: Writer, e):
    return f"{w.name(e['player'])} plays Zusatzfracht: a {e['colour']} cube to {w.loc(e['location'])}."


def _move(w: Writer, e):
    gains = ", ".join(f"{p} +{n}" for p, n in e["gains"].items())
    label = "Subvention move" if e["move"] == 3 else f"move {e['move']}"
    return f"{w.name(e['player'])}, {label}: {e['colour']} cube {e['route']} ({', '.join(e['links'])}): {gains}."


def _sabotage(w: Writer, e):
    return (f"{w.name(e['player'])} plays Sabotage on {e['target']}'s move {e['move']} "
            f"({e['colour']} cube {e['route']}).")


def _decline(w: Writer, e):
    return f"{w.name(e['player'])} declines move {e['move']}."


def _forgone(w: Writer, e):
    if (e.get("round"), e["player"], e["move"]) in w.declined:
        return None
    return f"{w.name(e['player'])} forgoes move {e['move']}."


def _card(w: Writer, e):
    source = {"deck": "from the deck", "none": "none left anywhere"}.get(e["source"], f"from {e['source']}'s hand")
    return f"{w.name(e['player'])} draws an action card ({e['why']}; {source})."


def _reshuffle(w: Writer, e):
    return f"The action discards ({plural(e['cards'], 'card')}) are shuffled into a new deck."


def _played(w: Writer, e):
    if e["card"] in ("Sabotage", "Alles neu", "Neue Planung", "Zusatzfracht"):    # told by their own event
        return None
    return f"{w.name(e['player'])} plays {e['card']}."


def _payout(w: Writer, e):
    short = f", {e['short']} short: income down to {e['income']}" if e["short"] else ""
    return (f"{w.name(e['player'])} receives {plural(e['received'], 'mark')}, pays interest {e['paid']} of "
            f"{e['interest']}{short}.")


def _missed(w: Writer, e):
    return f"NOTE TO THE GM: {w.name(e['player'])} has sent nothing for {e['turns']} mail turns in a row."


def _end(w: Writer, e):
    winners = " and ".join(w.name(p) for p in e["winners"])
    lines = ["THE GAME IS OVER. Score = income - bonds:"] if "agreement" not in e else _agreed(e, w.name)
    for p, score in sorted(e["scores"].items(), key=lambda x: (-x[1], -e["cash"][x[0]], x[0])):
        lines.append(f"  {w.name(p)}: {score} (marks {e['cash'][p]})")
    lines.append(f"Winner: {winners}.")
    lines.append("Track cards boxed at setup: " + (", ".join(e["removed"]) or "none") + ".")
    return lines


DESCRIBE = {"setup": _setup, "adjust_undone": Writer.undone, "adjusted": _adjusted, "goods card": _goods_card,
            "bag empty": _bag_empty, "groups": _groups, "bonds": _bonds, "rearranged": _rearranged,
            "extra turn": _extra_turn, "auction": _auction, "sealed tie": _sealed_tie, "sealed": _sealed,
            "group": _group, "build": _build, "discard": _discard, "replan": _replan, "extra cube": _extra_cube,
            "move": _move, "sabotage": _sabotage, "decline": _decline, "forgone": _forgone, "card": _card,
            "reshuffle": _reshuffle, "played": _played, "payout": _payout, "missed": _missed,
            "house_rule": lambda w, e: house_rule_line(e), "end": _end}

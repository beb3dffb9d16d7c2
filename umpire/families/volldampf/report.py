"""The Volldampf newsletter as text: what happened since the last issue (from the journal),
the position, the players, and what the open turn asks for; and each player's private sheet.
Same journal, same text."""

from __future__ import annotations

import textwrap
from typing import NamedTuple

from ...kernel.columns import cut, pad
from ...kernel.gm_notes import HEADING, from_the_gm
from ...kernel.language import N_, _, ngettext, pgettext
from ..base import house_rule_line
from .engine import goods_card_ids
from .journal_words import card as card_said
from .journal_words import card_words, colour, cube, said
from .journal_words import link as link_said
from .journal_words import turn as turn_said
from .orderform import order_form
from .rules import row
from .state import CUBE_COLOURS, State, card_name, turn_name

WIDTH = 78
# the orders each turn takes, as the newsletter lists them (translated where shown: asks_of)
ASKS = {
    "A": [N_("BONDS n            bonds to take (6 marks each; default 0)"),
          N_("BID n              your highest bid for the turn order (default 0: drop out first)"),
          N_("CHOOSE g g ...     the track card groups you want, most wanted first (default: lowest free)"),
          N_("REARRANGE 1:... 2:...   with Alles neu: the groups anew"),
          N_("REPLAN colour from TO to NOW   with Neue Planung")],
    "B": [N_("BUILD link [FAVOUR region] [ELSE link ...]   one line a build turn, in order"),
          N_("DISCARD region     give up a card in that build turn"),
          N_("REPLAN colour from TO to BUILD k   with Neue Planung")],
    "C": [N_("MOVE colour route [FAST] [ELSE ...] | MOVE colour location BEST | MOVE DECLINE   two lines"),
          N_("SUBSIDY colour route [ELSE ...]   with Subvention, if last on the income track"),
          N_("SABOTAGE player [MOVE k] [GAIN n]   with Sabotage"),
          N_("EXTRA MOVE k blue:loc violet:loc red:loc yellow:loc   with Zusatzfracht"),
          N_("REPLAN colour from TO to MOVE k   with Neue Planung"),
          N_("TAKEFROM player    whose hand a card comes from when both decks are empty")],
}
ASKS_EXTRA = [N_("BID n [THEN m ...]   new bids (sending nothing keeps your bids from before)"),
              N_("CHOOSE g g ...      the groups you want, most wanted first")]


def asks_of(lines: list[str]) -> list[str]:
    """The lines of ASKS in the language in force."""
    return [_(line) for line in lines]


def marks(n: int) -> str:
    """`1 mark`, `3 marks` (German `1 Mark`, `3 Mark`)."""
    return ngettext("{n} mark", "{n} marks", n).format(n=n)


def cards(n: int) -> str:
    return ngettext("{n} card", "{n} cards", n).format(n=n)


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
                cubes.append(f"{self.loc(e['location'])} {colour(e['colour'])}")
                continue
            line = self.describe(e)
            if not line:
                continue
            if cubes:
                out += _wrapped(_("  cubes: "), cubes)
                cubes = []
            out.extend(line if isinstance(line, list) else [line])
        if cubes:
            out += _wrapped(_("  cubes: "), cubes)
        return out

    def undone(self, e) -> str:
        """`umpire adjust --undo`: the GM's correction taken back."""
        return _("The GM takes back his correction for {player} ({reason}).").format(
            player=self.name(e['company']), reason=e['reason'])

    def describe(self, e):
        """The newsletter's line(s) for one event: the function of its name in DESCRIBE (None: no line)."""
        line = DESCRIBE.get(e.get("type"))
        return line(self, e) if line else None

    # -- the position ------------------------------------------------------------------
    def players(self, hidden_money: bool) -> list[str]:
        s = self.s
        at_end = self.rules.bonds.income_at_end
        colours = player_colours(s.seats)
        heads = [_("place"), _("player"), _("colour"), _("marks"), pgettext("narrow column", "income"),
                 pgettext("narrow column", "bonds"), _("score"), _("cards"), pgettext("narrow column", "sections")]
        said_colours = {p: colour(c) for p, c in colours.items()}
        widths = [max(w, len(h) + 1) for w, h in zip((6, 28, 7, 6, 7, 6, 6, 6, 9), heads)]
        widths[2] = max([widths[2]] + [len(c) + 1 for c in said_colours.values()])
        out = ["".join(f"{h:<{w}}" if i < 3 else f"{h:>{w}}" for i, (h, w) in enumerate(zip(heads, widths)))]
        for p in s.in_place_order(s.places or s.last_places):
            place = (s.places or s.last_places).get(p, "-")
            cash = "-" if hidden_money else str(s.cash(p))
            cells = [cash, s.income_of(p), s.bonds[p], s.score(p, at_end), len(s.hands[p]),
                     sum(1 for o in s.sections.values() if o == p)]
            out.append(f"{place!s:<{widths[0]}}{pad(cut(self.name(p), widths[1] - 1), widths[1])}"
                       f"{said_colours[p]:<{widths[2]}}" + "".join(f"{c:>{w}}" for c, w in zip(cells, widths[3:])))
        return out

    def position(self) -> list[str]:
        s = self.s
        out = [_("Sections:")]
        for p in s.seats:
            mine = [link_said(self.board.describe(self.board.links[x])) for x in self.board.links
                    if s.sections.get(x) == p]
            out += _listed(f"  {p}: ", mine) if mine else [_("  {player}: none").format(player=p)]
        out.append(_("Cubes:"))
        for ident, colours in sorted(s.cubes.items(), key=lambda x: self.loc(x[0])):
            if colours:
                out.append(f"  {self.loc(ident)} ({colour(self.board.locations[ident].colour)}): "
                           f"{', '.join(colour(c) for c in colours)}")
        out.append(_("In the bag: {bag}; track deck {track}; goods cards left {goods}; action deck {action}, "
                     "discards {discards}.").format(
            bag=", ".join(f"{colour(c)} {s.bag.get(c, 0)}" for c in CUBE_COLOURS), track=len(s.track_deck),
            goods=len(s.goods_deck), action=len(s.action_deck), discards=len(s.action_discards)))
        if s.turn in ("B",) or s.turn.startswith("A") and s.groups:
            if s.turn.startswith("A"):
                out.append(_("Track card groups on offer:"))
                out += [_("  group {n}: {cards}").format(n=i, cards=", ".join(card_said(card_name(c)) for c in g))
                        for i, g in enumerate(s.groups, 1)]
        if s.turn in ("B", "C") and s.group_of:
            out.append(_("Groups won: {groups}").format(groups="; ".join(
                _("{player} group {n}").format(player=p, n=s.group_of[p]) for p in s.in_place_order())))
        return out

    def asks(self, deadline: str | None = None, grace_end: str | None = None) -> list[str]:
        s = self.s
        if s.turn == "finished":
            return []
        lines = asks_of(ASKS_EXTRA if s.turn[1:] else ASKS[s.turn])
        n = row(self.rules, len(s.seats))
        extra = [_("Build turns this round: {n}.").format(n=n.build_turns)] if s.turn == "B" else []
        if s.turn == "B" and self.rules.options.merge_build_move:
            lines = lines + asks_of(ASKS["C"])
            extra += textwrap.wrap(_("The moves follow every build of this turn (merge_build_move): give ELSE "
                                     "alternatives for routes over links that may not be built."), 72,
                                   break_on_hyphens=False)
        due = textwrap.wrap(due_sentence(turn_name(s), deadline, grace_end), WIDTH, break_on_hyphens=False) \
            if deadline else []
        head = _("Orders for turn {turn} (header: GAME, PLAYER, CODE, optional ROUND {turn}):").format(
            turn=turn_name(s))
        return due + [head] + [
            "  " + x for x in lines] + extra + [
            _("Your own order form for this turn, with examples you can send now, ends your private sheet.")]

    def private(self, player: str, order_lines: list[str]) -> str:
        s = self.s
        out = [_("Private sheet for {player}, turn {turn}").format(player=self.name(player),
                                                                 turn=turn_said(turn_name(s)))]
        out.append(_("Your action cards: {cards}.").format(
            cards=", ".join(sorted(card_said(card_name(c)) for c in s.hands[player])) or _("none")))
        if s.won.get(player):
            out.append(_("Your track cards to build with: {cards}.").format(
                cards=", ".join(card_said(card_name(c)) for c in s.won[player])))
        if self.rules.options.money == "hidden":
            out.append(_("Your marks: {n}.").format(n=s.cash(player)))
        if order_lines:
            out.append(_("Your last order as the umpire read it:"))
            out += ["  " + x for x in order_lines]
        notes = [said(e["text"]) for e in self.events if e.get("type") == "note" and e.get("player") == player]
        if notes:
            out.append(_("Warnings and results:"))
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
    if grace_end:
        return _("Orders for turn {turn} are due by {deadline}; an order in the grace until {grace_end} is still "
                 "taken, and named as late; a later order is refused.").format(turn=turn, deadline=deadline,
                                                                               grace_end=grace_end)
    return _("Orders for turn {turn} are due by {deadline}; a later order is refused.").format(turn=turn,
                                                                                          deadline=deadline)


def late_sentence(names) -> str:
    return _("Ordered after the deadline, in the grace: {names}.").format(names=", ".join(names))


def press_lines(press: list[dict]) -> list[str]:
    """The players' press (umpire/usecases/press.py), each item under its writer's name, wrapped to the page."""
    out = []
    for item in press:
        out.append(f"{item['by'] or _('Grey press')}:")
        for para in item["text"].splitlines():
            out += textwrap.wrap(para, WIDTH - 2, initial_indent="  ", subsequent_indent="  ",
                                 break_on_hyphens=False) or [""]
        if item["cut"]:
            out.append(_("  (the rest was too long to print)"))
        out.append("")
    return out[:-1]


def gm_section(events: list[dict]) -> list[str]:
    """The "From the GM" section of the text edition (umpire/kernel/gm_notes.py); empty without it."""
    paragraphs = from_the_gm(events, "player")
    if not paragraphs:
        return []
    heading = _(HEADING)
    out = ["", heading, "-" * len(heading)]
    for text in paragraphs:
        out += textwrap.wrap(text, WIDTH, break_on_hyphens=False, break_long_words=False)
    return out


def newsletter_text(board, rules, state: State, events: list[dict], game: str, number: int,
                    commitment: str | None = None, seed: str | None = None, press: list[dict] = (),
                    due: Due = NO_DEADLINE) -> str:
    w = Writer(board, rules, state, events)
    hidden = rules.options.money == "hidden"
    title = _("VOLLDAMPF  {game}  newsletter {number}").format(game=game, number=f"{number:03d}")
    out = [title, "=" * len(title), ""]
    agreed = next((e for e in events if e.get("type") == "end" and "agreement" in e), None)
    if agreed:
        out.append(_("Final newsletter: the game was ended by agreement in round {round}, turn {turn}.").format(
            round=state.round, turn=agreed['turn']))
    elif state.turn == "finished":
        out.append(_("Final newsletter (round {round}).").format(round=state.round))
    else:
        out.append(_("Round {round} of {rounds}; open turn {turn}.").format(
            round=state.round, rounds=row(rules, len(state.seats)).rounds, turn=turn_name(state)))
    if commitment and number == 1:
        out.append(_("Seed commitment (SHA-256): {commitment}").format(commitment=commitment))
    out += gm_section(events)
    out += _heading(_("What happened")) + (w.happenings() or [_("Nothing yet.")])
    if due.late:
        out += textwrap.wrap(late_sentence(w.name(p) for p in due.late), WIDTH, break_on_hyphens=False)
    if press:
        out += _heading(_("Press")) + press_lines(press)
    out += _heading(_("Players")) + w.players(hidden)
    out += _heading(_("The board")) + w.position()
    asks = w.asks(due.deadline, due.grace_end)
    if asks:
        out += _heading(_("Next")) + asks
    if state.turn == "finished" and seed:
        out += ["", _("The seed was: {seed}").format(seed=seed)]
    return "\n".join(out) + "\n"


def _heading(text: str) -> list[str]:
    """A blank line, a section's heading and its underline."""
    return ["", text, "-" * len(text)]


def _agreed(end: dict, name) -> list[str]:
    """The head of the end of a game ended by agreement: why, whose orders were dropped, how it is scored."""
    dropped = (_("The orders in force for turn {turn}, not carried out: {players}.").format(
        turn=end['turn'], players=", ".join(name(p) for p in end['dropped'])) if end["dropped"] else "")
    scored = (_("Scored as at the end of round {round}, the last played to its end (score = income - bonds; "
                "marks then):").format(round=end['scored_after'])
              if end["scored_after"] else
              _("Scored as set up, no round having been played to its end (score = income - bonds; marks then):"))
    return [_("THE GAME IS OVER, ended by agreement: {agreement}.").format(agreement=end['agreement']),
            *textwrap.wrap(dropped, WIDTH, break_on_hyphens=False),
            *textwrap.wrap(scored, WIDTH, break_on_hyphens=False)]


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
    return ngettext("The game begins: {players} players; {n} track card boxed unseen.",
                    "The game begins: {players} players; {n} track cards boxed unseen.", e['removed']).format(
        players=len(e['players']), n=e['removed'])


def _adjusted(w: Writer, e):
    if w.rules.options.money == "hidden":
        return _("Correction by the GM for {player} ({reason}).").format(player=w.name(e['company']),
                                                                        reason=e['reason'])
    if e["units"] > 0:
        return _("Correction by the GM for {player}: {marks} from the bank ({reason}).").format(
            player=w.name(e['company']), marks=marks(e['units']), reason=e['reason'])
    return _("Correction by the GM for {player}: pays {marks} to the bank ({reason}).").format(
        player=w.name(e['company']), marks=marks(-e['units']), reason=e['reason'])


def _goods_card(w: Writer, e):
    return _("Goods card turned ({label}): {card}.").format(label=said(e['label']), card=e['card'])


def _bag_empty(w: Writer, e):
    return _("  the bag is empty: no cube for {location}").format(location=w.loc(e['location']))


def _group_lines(groups) -> list[str]:
    return [_("  group {n}: {cards}").format(n=i, cards=", ".join(map(card_said, g))) for i, g in enumerate(groups, 1)]


def _groups(w: Writer, e):
    return [_("Track card groups of round {round}:").format(round=e['round'])] + _group_lines(e["groups"])


def _bonds(w: Writer, e):
    if e["taken"]:
        return ngettext("{player} takes {n} bond (now {total}).", "{player} takes {n} bonds (now {total}).",
                        e['taken']).format(player=w.name(e['player']), n=e['taken'], total=e['total'])
    return None


def _rearranged(w: Writer, e):
    return [_("{player} plays Alles neu; the groups are now:").format(player=w.name(e['player']))] \
        + _group_lines(e["groups"])


def _extra_turn(w: Writer, e):
    if e["why"] == "rearrange":
        return _("Extra turn {turn}: Alles neu rearranged the groups; bids and group choices are asked for "
                 "again.").format(turn=e['turn'])
    return _("Extra turn {turn}: the bids tied; bids and group choices are asked for again.").format(turn=e['turn'])


def _auction_bid(b: dict, paid: dict) -> str:
    if "bid" in b:
        if b.get("equal"):
            return _("  {player} bids {bid} (equal maximum, earlier in order)").format(player=b['player'],
                                                                                     bid=b['bid'])
        return _("  {player} bids {bid}").format(player=b['player'], bid=b['bid'])
    if b.get("out"):
        return _("  {player} drops out: place {place}, last bid {last}, pays {paid}").format(
            player=b['player'], place=b['place'], last=b['last'], paid=paid[b['player']])
    return _("  {player} is left: place 1, last bid {last}, pays {paid}").format(
        player=b['player'], last=b['last'], paid=paid[b['player']])


def _auction(w: Writer, e):
    return [_("Turn-order auction (every bid by 1 mark, as the maxima allowed), bidding order {order}:").format(
        order=" ".join(e["order"]))] + [_auction_bid(b, e["paid"]) for b in e["bids"]]


def _bids(e) -> str:
    return "; ".join(f"{p} {' THEN '.join(map(str, b))}" for p, b in e["bids"].items())


def _sealed_tie(w: Writer, e):
    return _("Sealed bids tied: {bids}").format(bids=_bids(e))


def _sealed(w: Writer, e):
    paid = ", ".join(f"{p} {n}" for p, n in e["paid"].items())
    if e["pair"]:
        return _("Sealed bids: {bids}; pair {pair} decides; paid {paid}.").format(bids=_bids(e), pair=e['pair'],
                                                                                 paid=paid)
    return _("Sealed bids: {bids}; the last round's places stand; paid {paid}.").format(bids=_bids(e), paid=paid)


def _group(w: Writer, e):
    return _("{player} takes group {n}: {cards}.").format(player=w.name(e['player']), n=e['group'],
                                                          cards=", ".join(map(card_said, e['cards'])))


def _build(w: Writer, e):
    link = link_said(w.board.describe(w.board.links[e["link"]]))
    if e.get("favour"):
        return _("{player} builds {link}, Günstige Gelegenheit for {a_card} card: pays {cost}.").format(
            player=w.name(e['player']), link=link, **card_words(e["card"]), cost=e['cost'])
    return _("{player} builds {link} with {a_card} card: pays {cost}.").format(
        player=w.name(e['player']), link=link, **card_words(e["card"]), cost=e['cost'])


def _discard(w: Writer, e):
    return _("{player} discards {a_card} card ({why}).").format(player=w.name(e['player']), **card_words(e['region']),
                                                                why=said(e['why']))


def _replan(w: Writer, e):
    return _("{player} plays Neue Planung: a {colour} cube from {source} to {target}.").format(
        player=w.name(e['player']), colour=e['colour'], cube=cube(e['colour']), source=w.loc(e['source']),
        target=w.loc(e['target']))


def _extra_cube(w: Writer, e):
    return _("{player} plays Zusatzfracht: a {colour} cube to {location}.").format(
        player=w.name(e['player']), colour=e['colour'], cube=cube(e['colour']), location=w.loc(e['location']))


def _move(w: Writer, e):
    gains = ", ".join(f"{p} +{n}" for p, n in e["gains"].items())
    said_move = dict(player=w.name(e['player']), cube=cube(e['colour']), route=e['route'],
                     links=", ".join(e['links']), gains=gains, move=e['move'])
    if e["move"] == 3:
        return _("{player}, Subvention move: {cube} {route} ({links}): {gains}.").format(**said_move)
    return _("{player}, move {move}: {cube} {route} ({links}): {gains}.").format(**said_move)


def _sabotage(w: Writer, e):
    return _("{player} plays Sabotage on {target}'s move {move} ({cube} {route}).").format(
        player=w.name(e['player']), target=e['target'], move=e['move'], cube=cube(e['colour']), route=e['route'])


def _decline(w: Writer, e):
    return _("{player} declines move {move}.").format(player=w.name(e['player']), move=e['move'])


def _forgone(w: Writer, e):
    if (e.get("round"), e["player"], e["move"]) in w.declined:
        return None
    return _("{player} forgoes move {move}.").format(player=w.name(e['player']), move=e['move'])


def _card(w: Writer, e):
    said_card = dict(player=w.name(e['player']), why=said(e['why']), source=e['source'])
    if e["source"] == "deck":
        return _("{player} draws an action card ({why}; from the deck).").format(**said_card)
    if e["source"] == "none":
        return _("{player} draws an action card ({why}; none left anywhere).").format(**said_card)
    return _("{player} draws an action card ({why}; from {source}'s hand).").format(**said_card)


def _reshuffle(w: Writer, e):
    return _("The action discards ({cards}) are shuffled into a new deck.").format(cards=cards(e['cards']))


def _played(w: Writer, e):
    if e["card"] in ("Sabotage", "Alles neu", "Neue Planung", "Zusatzfracht"):    # told by their own event
        return None
    return _("{player} plays {card}.").format(player=w.name(e['player']), card=e['card'])


def _payout(w: Writer, e):
    said_payout = dict(player=w.name(e['player']), marks=marks(e['received']), paid=e['paid'],
                       interest=e['interest'], short=e['short'], income=e['income'])
    if e["short"]:
        return _("{player} receives {marks}, pays interest {paid} of {interest}, {short} short: income down to "
                 "{income}.").format(**said_payout)
    return _("{player} receives {marks}, pays interest {paid} of {interest}.").format(**said_payout)


def _missed(w: Writer, e):
    return ngettext("NOTE TO THE GM: {player} has sent nothing for {n} mail turn in a row.",
                    "NOTE TO THE GM: {player} has sent nothing for {n} mail turns in a row.",
                    e['turns']).format(player=w.name(e['player']), n=e['turns'])


def _end(w: Writer, e):
    winners = _(" and ").join(w.name(p) for p in e["winners"])
    lines = [_("THE GAME IS OVER. Score = income - bonds:")] if "agreement" not in e else _agreed(e, w.name)
    for p, score in sorted(e["scores"].items(), key=lambda x: (-x[1], -e["cash"][x[0]], x[0])):
        lines.append(_("  {player}: {score} (marks {marks})").format(player=w.name(p), score=score,
                                                                     marks=e['cash'][p]))
    lines.append(_("Winner: {winners}.").format(winners=winners))
    lines.append(_("Track cards boxed at setup: {cards}.").format(cards=", ".join(e["removed"]) or _("none")))
    return lines


DESCRIBE = {"setup": _setup, "adjust_undone": Writer.undone, "adjusted": _adjusted, "goods card": _goods_card,
            "bag empty": _bag_empty, "groups": _groups, "bonds": _bonds, "rearranged": _rearranged,
            "extra turn": _extra_turn, "auction": _auction, "sealed tie": _sealed_tie, "sealed": _sealed,
            "group": _group, "build": _build, "discard": _discard, "replan": _replan, "extra cube": _extra_cube,
            "move": _move, "sabotage": _sabotage, "decline": _decline, "forgone": _forgone, "card": _card,
            "reshuffle": _reshuffle, "played": _played, "payout": _payout, "missed": _missed,
            "house_rule": lambda w, e: house_rule_line(e), "end": _end}

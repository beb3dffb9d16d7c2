"""The turn-order auction (rule reference, section 9) as pure functions.

3-6 players: every player's sealed maximum is played as the open table auction, everyone
raising by 1 mark while his maximum allows. Of players with equal maxima the one earlier in
the bidding order ranks higher: he takes the lead at that amount (as if he had bid it first), and
the later one drops with that amount as his last bid; so each of them has bid that amount, whatever
the parity of the bidding. 2 players: sealed bids, both pay, repeats with THEN.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Outcome:
    places: dict[str, int]
    last_bids: dict[str, int]
    log: list[dict]          # {"player", "bid"} or {"player", "out", "place", "last"}


def bidding_order(seats: list[str], opener: str) -> list[str]:
    """The opener first, then the others in seat order."""
    i = seats.index(opener)
    return seats[i:] + seats[:i]


def table_auction(order: list[str], maxima: dict[str, int]) -> Outcome:
    """Simulate the open auction by the minimum step; places 1..N, last bids, every bid."""
    rank = {p: (-maxima[p], i) for i, p in enumerate(order)}
    active, last, log = list(order), {p: 0 for p in order}, []
    standing, leader, dropped = 0, None, []

    def beats(p):
        if maxima[p] > standing:
            return "raise"
        if leader is not None and maxima[p] == standing > 0 and rank[p] < rank[leader]:
            return "equal"
        return None

    def drop(p):
        # of equal maxima, each bid that amount (the earlier as if first): the standing has reached it
        tie = maxima[p] > 0 and any(maxima[q] == maxima[p] for q in order if q != p)
        if tie:
            last[p] = maxima[p]
        active.remove(p)
        dropped.append(p)
        log.append({"player": p, "out": True, "place": len(order) - len(dropped) + 1, "last": last[p],
                    **({"equal": True} if tie else {})})

    pos = 0
    while len(active) > 1:
        pos %= len(active)
        p = active[pos]
        if p == leader:
            pos += 1
            continue
        how = beats(p)
        if how:
            standing = standing + 1 if how == "raise" else standing
            leader, last[p] = p, standing
            log.append({"player": p, "bid": standing, **({"equal": True} if how == "equal" else {})})
            pos += 1
            continue
        # p drops; players stuck below him (they can never beat the standing again) drop first
        stuck = sorted((q for q in active if q not in (p, leader) and not beats(q) and rank[q] > rank[p]),
                       key=lambda q: rank[q], reverse=True)
        for q in stuck:
            drop(q)
        if len(active) > 1:
            drop(p)
        pos = active.index(order_next(order, p, active)) if active else 0
    winner = active[0]
    places = {p: len(order) - i for i, p in enumerate(dropped)}
    places[winner] = 1
    log.append({"player": winner, "wins": True, "place": 1, "last": last[winner]})
    return Outcome(places, last, log)


def order_next(order, p, active):
    """The next active player after p in bidding order."""
    i = order.index(p)
    for k in range(1, len(order) + 1):
        q = order[(i + k) % len(order)]
        if q in active:
            return q
    return active[0]


def payments(outcome: Outcome, shares: list[str]) -> dict[str, int]:
    """What each place pays of his last bid: all, half (rounded up) or nothing."""
    out = {}
    for p, place in outcome.places.items():
        share, bid = shares[place - 1], outcome.last_bids[p]
        out[p] = bid if share == "all" else (bid + 1) // 2 if share == "half" else 0
    return out


@dataclass(frozen=True)
class Sealed:
    """The 2-player result: the deciding pair (None if every pair tied) and what each pays."""

    decided: bool
    pair: int | None
    places: dict[str, int]
    paid: dict[str, int]


def sealed_bids(order: list[str], bids: dict[str, list[int]]) -> Sealed:
    """Pairs compared in turn (a shorter list repeats its last bid); the first unequal pair decides
    and is paid; tied pairs are taken back."""
    a, b = order
    la, lb = bids[a] or [0], bids[b] or [0]
    for k in range(max(len(la), len(lb))):
        x, y = la[min(k, len(la) - 1)], lb[min(k, len(lb) - 1)]
        if x != y:
            first, second = (a, b) if x > y else (b, a)
            return Sealed(True, k + 1, {first: 1, second: 2}, {a: x, b: y})
    return Sealed(False, None, {}, {a: la[-1], b: lb[-1]})

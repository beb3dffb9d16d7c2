"""The journal (docs/families.md): in format 2 every change of a Volldampf game's state is folded from
an event, the `state` snapshot closing a resolve only checks that fold; a format 1 game keeps the
journal it was written with."""

import random

import pytest
from volldampf_helpers import FakeDraws, random_orders, rules, tiny_board

from umpire import families
from umpire.families.volldampf import engine
from umpire.families.volldampf.emitter import ADDED_EVENTS, ADDED_FIELDS
from umpire.families.volldampf.state import JOURNAL_FORMAT, State

BOARD = tiny_board()


def played(players: int, seed: int, journal_format: int):
    """A whole game with random orders: its journal (game_created first) and the engine's state
    after each mail turn, with the journal's length then."""
    rng, seats, r, draws = random.Random(seed), [f"p{i}" for i in range(players)], rules(players), FakeDraws(str(seed))
    events, state = engine.start_game(BOARD, r, seats, {p: p for p in seats}, draws, journal_format)
    journal = [{"type": "game_created", "game": "g", "journal_format": journal_format}, *events]
    turns = [(len(journal), state)]
    while state.turn != "finished":
        events, state = engine.resolve(state, BOARD, r, random_orders(rng, state, seats, BOARD), draws)
        journal += events
        turns.append((len(journal), state))
    return journal, turns


def folded(events) -> State:
    state = State()
    for event in events:
        state.apply(event)
    return state


def same(a: State, b: State) -> bool:
    """Equal but for the game's name (the family's game_created event gives it, not the engine)."""
    def plain(s):
        return {k: v for k, v in vars(s).items() if k not in ("money", "income", "game")}
    return plain(a) == plain(b) and all(
        getattr(a, x).postings == getattr(b, x).postings for x in ("money", "income"))


@pytest.mark.parametrize("players, seed", [(2, 7), (3, 11)])
def test_the_events_alone_fold_to_the_state_the_engine_left_after_every_turn(players, seed):
    journal, turns = played(players, seed, JOURNAL_FORMAT)
    no_snapshots = [e for e in journal if e["type"] != "state"]
    for length, state in turns:
        events = [e for e in journal[:length] if e["type"] != "state"]
        assert same(folded(events), state)
        assert same(folded(journal[:length]), state)         # every snapshot agrees with the fold
    assert turns[-1][1].turn == "finished" and len(no_snapshots) < len(journal)


@pytest.mark.parametrize("players, seed", [(2, 7), (3, 11)])
def test_the_fold_keeps_every_cube_and_card_of_the_box(players, seed):
    journal, turns = played(players, seed, JOURNAL_FORMAT)
    box = rules(players)["box"]
    for length, _ in turns:
        s = folded(e for e in journal[:length] if e["type"] != "state")
        assert sum(s.bag.values()) + sum(len(c) for c in s.cubes.values()) == sum(box["cubes"].values())
        assert sorted(s.action_deck + s.action_discards + [c for h in s.hands.values() for c in h]) == sorted(
            f"{name}-{i}" for name, n in box["action_cards"].items() for i in range(1, n + 1))
        assert len(s.goods_deck) + len(s.goods_turned) == len(BOARD.goods_cards)
        track = s.track_deck + s.removed + [c for g in s.groups for c in g]
        assert len(track) == len(set(track))


def test_a_format_2_snapshot_that_disagrees_with_the_events_is_refused():
    journal, _ = played(2, 7, JOURNAL_FORMAT)
    last = max(i for i, e in enumerate(journal) if e["type"] == "state")
    journal[last] = {**journal[last], "state": {**journal[last]["state"], "bag": {"blue": 99}}}
    with pytest.raises(ValueError, match="the events fold to bag"):
        folded(journal[:last + 1])


def test_format_1_journals_what_it_did_and_its_snapshots_carry_the_rest():
    new, turns = played(3, 11, JOURNAL_FORMAT)
    old, old_turns = played(3, 11, 1)
    old[0] = {"type": "game_created", "game": "g"}
    assert [e["type"] for e in old] == [e["type"] for e in new if e["type"] not in ADDED_EVENTS]
    shown = [{k: v for k, v in e.items() if k not in ADDED_FIELDS.get(e["type"], ())}
             for e in new[1:] if e["type"] not in ADDED_EVENTS]
    assert old[1:] == shown
    assert not any(k in e for e in old for k in ADDED_FIELDS.get(e["type"], ()))
    for (length, state), (_, in_format_2) in zip(old_turns, turns):
        assert same(folded(old[:length]), state)
        assert state.journal_format == 1 and same(state, in_format_2) is False     # they differ in that only
        state.journal_format = JOURNAL_FORMAT
        assert same(state, in_format_2)


def test_a_new_game_records_its_journal_format_and_a_game_without_one_is_journaled_in_format_1():
    family = families.family("volldampf")
    entry = families.game_entry(family)
    assert entry == {"family": "volldampf", "journal_format": JOURNAL_FORMAT} and JOURNAL_FORMAT == 2
    players = [{"id": "ann", "name": "Ann"}, {"id": "bob", "name": "Bob"}]
    for config, created in (({**entry}, {"type": "game_created", "game": "v", "journal_format": 2}),
                            ({"family": "volldampf"}, {"type": "game_created", "game": "v"})):
        events = family.start_game("v", players, rules(2), FakeDraws(), {}, BOARD,
                                   **families.journal_entry(family, config))
        assert events[0] == created
        assert any(e["type"] in ADDED_EVENTS for e in events) == ("journal_format" in config)
        if "journal_format" in config:
            assert same(folded(e for e in events if e["type"] != "state"), folded(events))
    assert families.journal_entry(families.family("dampfross"), {}) == {}

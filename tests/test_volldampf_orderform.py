"""Every Volldampf player's private sheet ends with his own order form for the open turn: the
header filled in, each line he may send as a commented example legal for him now. Sending the
examples back uncommented is an order the umpire takes without a refused line, and every build
and move in it is legal on the board of the moment."""

from __future__ import annotations

import random
import re

import pytest
from volldampf_helpers import TINY, FakeDraws, mid_game, rules, tiny_board

from umpire.families.volldampf import engine
from umpire.families.volldampf.family import FAMILY
from umpire.families.volldampf.orderform import order_form
from umpire.families.volldampf.orders import TURN_OF
from umpire.families.volldampf.preview import preview
from umpire.families.volldampf.state import CUBE_COLOURS
from umpire.game import Game
from umpire.kernel import form_marks
from umpire.store.folder import GameFolder
from umpire.usecases import actions

BOARD = tiny_board()
KINDS = ("Schnelle Lok", "Subvention", "Günstige Gelegenheit", "Sabotage", "Zusatzfracht", "Alles neu",
         "Neue Planung")
ILLEGAL = ("taken by", "you hold no", "you have", "no legal route", "no ", "note:")


def examples(form: list[str]) -> list[str]:
    """The form's example lines with their `#` taken out (what a player sends to take them)."""
    out = []
    for line in form:
        found = re.match(r"# ([A-Z]+) ", line)
        out.append(line[2:] if found and found.group(1) in TURN_OF else line)
    return out


def filled(form: list[str], code: str = "tulip-1") -> str:
    return "\n".join(examples(form)).replace(form_marks.code_line(), f"CODE {code}") + "\n"


def test_newsletter_001_ends_each_private_sheet_with_the_player_s_own_form(tmp_path):
    players = ["ann", "bob", "cy"]
    folder, _ = actions.create_game(tmp_path / "vm", str(TINY), "volldampf",
                                    [f"{p}:{p.title()}:{p}@example.org" for p in players], seed="form")
    for p in players:
        sheet = (folder.newsletters / f"001-{p}.txt").read_text(encoding="utf-8").splitlines()
        start = next(i for i, line in enumerate(sheet) if form_marks.turn_of_title(line))
        assert sheet[start] == "ORDER FORM FOR TURN 1A"
        assert sheet[start + 1:start + 5] == ["GAME vm", f"PLAYER {p}", "CODE <your order code>", "ROUND 1A"]
        assert sheet[-2].startswith("# Sent without order lines: no bonds") and sheet[-1].startswith("#   ")
        body = "\n".join(sheet[start:])
        assert "# BONDS 1" in body and "# BID 3 " in body and "# CHOOSE 3 2 1" in body
        assert "THEN" not in body                    # a 3-player game: one maximum, no repeats
        assert all(f"group {n}:" in body for n in (1, 2, 3))
        assert max(len(line) for line in sheet[start:]) <= 78


def test_the_form_sent_back_as_it_is_is_read_clean_and_is_no_order_until_a_pass_is_added(tmp_path):
    folder, codes = actions.create_game(tmp_path / "vm", str(TINY), "volldampf",
                                        ["ann:Ann:ann@example.org", "bob:Bob:bob@example.org"], seed="form")
    sheet = (folder.newsletters / "001-ann.txt").read_text(encoding="utf-8")
    form = sheet[sheet.index("ORDER FORM FOR"):].replace(form_marks.code_line(), f"CODE {codes['ann']}")
    result = actions.submit(folder, form.encode(), via="mail test", require_code=True)
    assert result.no_order and not result.order.errors
    result = actions.submit(folder, (form + "PASS\n").encode(), via="mail test", require_code=True)
    assert result.accepted and not result.errors
    body = result.order.body
    assert body.bids is None and body.bonds is None and body.choose is None


def _hands(state, seats):
    """Every player holds one card of every kind (the deck has two of each): all the lines show."""
    for p in seats:
        state.hands[p] = [f"{k}-{1 + seats.index(p) % 2}" for k in KINDS]


@pytest.mark.parametrize("players, merged", [(2, False), (3, False), (4, False), (5, True), (6, False), (3, True)])
def test_every_example_of_every_form_is_taken_and_legal_now_through_a_whole_game(players, merged):
    seats = [f"p{i}" for i in range(1, players + 1)]
    r = rules(players)
    if merged:
        r._data["options"]["merge_build_move"] = True
    draws = FakeDraws(f"forms {players}")
    _, state = engine.start_game(BOARD, r, seats, {p: p for p in seats}, draws)
    state.game = "vm"
    rng, seen = random.Random(players), set()
    for _ in range(40):
        if state.turn == "finished":
            break
        if rng.random() < 0.5:
            _hands(state, seats)
        bodies = {}
        for p in seats:
            form = order_form(BOARD, r, state, p)
            assert form[:5] == [f"ORDER FORM FOR TURN {state.round}{state.turn}", f"GAME {state.game}",
                                f"PLAYER {p}", form_marks.code_line(), f"ROUND {state.round}{state.turn}"]
            order = FAMILY.parse_order(filled(form), BOARD, players=players)
            assert not order.errors, ([str(e) for e in order.errors], form)
            assert order.round == f"{state.round}{state.turn}" and order.company == p
            sent = [keyword for _, keyword, _ in order.body.read]
            seen.update(sent)
            shown = preview(state, BOARD, r, p, order.body)
            assert not [x for x in shown if any(word in x.split(": ", 1)[-1] for word in ILLEGAL)
                        and "legal" not in x], (shown, form)
            bodies[p] = order.body
        events, state = engine.resolve(state, BOARD, r, bodies, draws)
        refused = [e["text"] for e in events if e.get("type") == "note" and "not carried out" in e["text"]]
        assert not refused, refused
    assert state.turn == "finished"
    assert {"BONDS", "BID", "CHOOSE", "BUILD", "MOVE", "TAKEFROM"} <= seen
    if not merged:
        assert {"REARRANGE", "REPLAN", "SABOTAGE", "EXTRA", "SUBSIDY"} <= seen


def test_a_mid_game_form_offers_the_cards_the_player_holds_and_links_he_can_pay():
    seats = ["A", "B", "C"]
    state = mid_game(BOARD, seats, turn="B", cash={"A": 4, "B": 10, "C": 1}, income={p: 0 for p in seats},
                     bonds={p: 0 for p in seats}, places={"A": 1, "B": 2, "C": 3}, sections={"L2": "B"},
                     won={"A": ["octagon-1", "square-1", "star-1"]}, hands={"A": ["Günstige Gelegenheit-1"]})
    state.game = "vm"
    form = order_form(BOARD, rules(3), state, "A")
    lines = "\n".join(form)
    assert "# BUILD Bremen-Hannover  " in lines                     # octagon, 3; L2 is taken
    assert "Hamburg-Bremen" not in lines and "Bremen-Köln" not in lines  # L15 costs 6
    assert "# DISCARD square" in lines and "# DISCARD star" in lines    # 6 and 7 marks: more than he has
    assert "FAVOUR octagon" not in lines                            # 5 marks: more than he has
    order = FAMILY.parse_order(filled(form), BOARD, players=3)
    assert not order.errors and len(order.body.builds) == 3


def test_a_turn_c_form_with_no_legal_move_declines_both():
    seats = ["A", "B", "C"]
    state = mid_game(BOARD, seats, turn="C", cash={p: 5 for p in seats}, income={p: 0 for p in seats},
                     bonds={p: 0 for p in seats}, places={"A": 1, "B": 2, "C": 3}, sections={},
                     cubes={"HAM": ["violet"]})
    state.game = "vm"
    form = order_form(BOARD, rules(3), state, "A")
    assert [x.split("  ")[0] for x in form if x.startswith("# MOVE")] == ["# MOVE DECLINE", "# MOVE DECLINE"]
    order = FAMILY.parse_order(filled(form), BOARD, players=3)
    assert not order.errors and len(order.body.moves) == 2


def test_no_form_once_the_game_is_over():
    seats = ["A", "B", "C"]
    state = mid_game(BOARD, seats, turn="finished", cash={p: 5 for p in seats}, income={p: 0 for p in seats},
                     bonds={p: 0 for p in seats}, places={"A": 1, "B": 2, "C": 3})
    assert order_form(BOARD, rules(3), state, "A") == []


def test_the_forms_of_the_germany_board_are_taken_too(tmp_path):
    """The bundled board's names (umlauts, several words) read back as the form writes them."""
    players = ["ann", "bob", "cy", "dora"]
    folder, codes = actions.create_game(tmp_path / "vg", "volldampf-germany", "volldampf",
                                        [f"{p}:{p.title()}:{p}@example.org" for p in players], seed="germany")
    state = Game.open(folder.path).state()
    assert all(c in CUBE_COLOURS for cubes in state.cubes.values() for c in cubes)
    board, r = Game.of(folder).game_map, Game.of(folder).rules
    for turn in ("A", "B", "C"):
        live = GameFolder(folder.path)
        state = Game.of(live).state()
        assert state.turn == turn
        for p in players:
            sheet = (live.newsletters / f"{live.newsletter_count():03d}-{p}.txt").read_text(encoding="utf-8")
            form = sheet[sheet.index("ORDER FORM FOR"):].splitlines()
            result = actions.submit(live, filled(form, codes[p]).encode(), via="mail test", require_code=True)
            assert result.accepted and not result.errors, (result.reason, result.errors)
            shown = preview(state, board, r, p, result.order.body)
            checked = [x for x in shown if "line" in x and not x.endswith(("DECLINE", "you hold one"))]
            assert all("legal" in x for x in checked), shown
        actions.resolve(GameFolder(folder.path))

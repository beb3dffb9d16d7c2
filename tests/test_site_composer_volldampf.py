"""The Volldampf order composer's page data counts BUILD and MOVE lines as the umpire does: for
random positions on the bundled board (sections, cubes, cards, marks) and random lines as the
composer lets one tap them, what the data adds up (site.js `linkComposer`, followed here line by
line) is what the engine does with the lines the page writes, and what `umpire submit`'s reply
(the preview) says of them; every line the page writes is read back to its link and route."""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from volldampf_helpers import FakeDraws, mid_game, tiny_board, worked_board

from umpire.families.volldampf import engine
from umpire.families.volldampf.board import CUBE_COLOURS, load_board
from umpire.families.volldampf.composer import composer_data
from umpire.families.volldampf.orders import BodyReader
from umpire.families.volldampf.preview import preview
from umpire.families.volldampf.rules import load_volldampf_rules

SEATS = ["anna", "bernd", "clara"]
ME = "anna"
SCHNELLE_LOK = ["Schnelle Lok-1", "Schnelle Lok-2"]     # a 7-link route's FAST, not on the page


@cache
def germany():
    return load_board("volldampf-germany")


@cache
def rules(merged: bool = False):
    return load_volldampf_rules(overrides={"options.merge_build_move": True} if merged else None, players=3)


# -- the script's count, followed in Python ------------------------------------------------
def route_text(data, line) -> str:
    links, places = {x["id"]: x for x in data["links"]}, {x["id"]: x for x in data["locations"]}
    at, out = line["start"], places[line["start"]]["name"]
    for h in line["hops"]:
        link = links[h]
        at = link["b"] if link["a"] == at else link["a"]
        out += (f"-{h}" if link["twin"] else "") + "-" + places[at]["name"]
    return f"MOVE {line['colour']} {out}" + (" FAST" if len(line["hops"]) > data["max_links"] else "")


def text(data, line) -> str:
    if line["kind"] == "BUILD":
        return "BUILD " + next(x["text"] for x in data["links"] if x["id"] == line["link"])
    return route_text(data, line)


def counted(data, player: str | None, lines: list[dict]) -> list[dict]:
    """Each line's outcome as the page counts it: {"cost": n} or {"gains": {...}} or {"problem": ...};
    BUILD lines first, then MOVE lines (site.js `count`)."""
    co = next((c for c in data["companies"] if c["id"] == player), None)
    links, places = {x["id"]: x for x in data["links"]}, {x["id"]: x for x in data["locations"]}
    owner = {x["id"]: x["owner"] for x in data["links"] if x["owner"]}
    cubes = {x["id"]: list(x["cubes"]) for x in data["locations"]}
    cards, cash, left = (list(co["cards"]), co["cash"], co["sections"]) if co else ([], None, 0)
    out: dict[int, dict] = {}

    def take(region):
        cards.remove(region) if region in cards else cards.pop(0)
    builds = [(k, x) for k, x in enumerate(lines) if x["kind"] == "BUILD"]
    for n, (k, line) in enumerate(builds, 1):
        x = links[line["link"]]
        if n > data["build_turns"]:
            out[k] = {"problem": "turns"}
        elif co and not cards:
            out[k] = {"problem": "cards"}
        elif x["id"] in owner or (co and (left <= 0 or x["region"] not in cards
                                          or (cash is not None and x["cost"] > cash))):
            if co:
                take(x["region"])
            out[k] = {"problem": "refused"}
        else:
            if co:
                take(x["region"])
                left, cash, owner[x["id"]] = left - 1, cash - x["cost"] if cash is not None else None, co["id"]
            out[k] = {"cost": x["cost"]}
    moves = [(k, x) for k, x in enumerate(lines) if x["kind"] == "MOVE"]
    for n, (k, line) in enumerate(moves, 1):
        out[k] = _move(data, line, n, owner, cubes, links, places)
    return [out[k] for k in range(len(lines))]


def _move(data, line, n, owner, cubes, links, places) -> dict:
    if n > data["moves"] or line["colour"] not in cubes[line["start"]]:
        return {"problem": "cube"}
    at, locs, gains = line["start"], [line["start"]], {}
    for h in line["hops"]:
        if h not in owner:
            return {"problem": "unbuilt"}
        at = links[h]["b"] if links[h]["a"] == at else links[h]["a"]
        locs.append(at)
        gains[owner[h]] = gains.get(owner[h], 0) + 1
    limit = data["fast_links"] if len(line["hops"]) > data["max_links"] else data["max_links"]
    red = data["red_only"] and line["colour"] == "red"
    through = [places[x]["colour"] for x in locs[1:-1]]
    if (len(set(locs)) != len(locs) or len(set(line["hops"])) != len(line["hops"])
            or not 1 <= len(line["hops"]) <= limit or places[locs[-1]]["colour"] != line["colour"]
            or (red and any(c != "red" for c in through)) or (not red and line["colour"] in through)):
        return {"problem": "route"}
    cubes[line["start"]].remove(line["colour"])
    return {"gains": gains}


# -- positions and lines as a reader taps them -----------------------------------------------
@st.composite
def positions(draw, board, turn):
    links, places = list(board.links), list(board.locations)
    regions = list(board.regions)
    built = draw(st.lists(st.sampled_from(links), min_size=len(links) // 3, max_size=len(links) * 3 // 4, unique=True))
    sections = {x: draw(st.sampled_from(SEATS)) for x in built}
    cubes = draw(st.dictionaries(st.sampled_from(places), st.lists(st.sampled_from(CUBE_COLOURS), min_size=1,
                                                                     max_size=3), min_size=3, max_size=20))
    won = {p: [f"{r}-{i}" for i, r in enumerate(draw(st.lists(st.sampled_from(regions), min_size=p == ME,
                                                              max_size=3)), 1)] for p in SEATS}
    cash = {p: draw(st.integers(0, 20)) for p in SEATS}
    places_ = dict(zip(draw(st.permutations(SEATS)), (1, 2, 3)))
    state = mid_game(board, SEATS, turn=turn, cash=cash, income={p: 0 for p in SEATS}, bonds={p: 0 for p in SEATS},
                     places=places_, sections=sections, cubes=cubes, won=won, hands={ME: SCHNELLE_LOK})
    state.sections_left = {p: draw(st.sampled_from([0, 1, 4, 4])) for p in SEATS}
    return state


def tapped_builds(draw, board, data, most):
    """BUILD lines: often a free link of a region the player holds a card for, else any link."""
    cards = next(c["cards"] for c in data["companies"] if c["id"] == ME)
    good = [x["id"] for x in data["links"] if not x["owner"] and x["region"] in cards]
    return [{"kind": "BUILD", "link": draw(st.sampled_from(good) if good and draw(st.booleans())
                                           else st.sampled_from(list(board.links)))}
            for _ in range(draw(st.integers(1, most)))]


def tapped_moves(draw, board, data, most):
    """MOVE lines from a location with cubes: often along built links to the first location of the
    cube's colour, else anywhere one link at a time."""
    lines, owned = [], data_owners(data)
    colour_of = {x["id"]: x["colour"] for x in data["locations"]}
    starts = [x["id"] for x in data["locations"] if x["cubes"]]
    for _ in range(draw(st.integers(1, most))):
        start = draw(st.sampled_from(starts))
        colour = draw(st.sampled_from(dict((x["id"], x["cubes"]) for x in data["locations"])[start]
                                      if draw(st.integers(0, 5)) else list(CUBE_COLOURS)))
        at, hops, tidy = start, [], draw(st.booleans())
        for _ in range(data["fast_links"] if tidy else draw(st.integers(1, data["fast_links"]))):
            built = [x for x in board.links_at(at) if x.id in owned and x.id not in hops]
            link = draw(st.sampled_from((built if tidy else None) or list(board.links_at(at))))
            hops.append(link.id)
            at = link.other(at)
            if tidy and colour_of[at] == colour:
                break
        lines.append({"kind": "MOVE", "colour": colour, "start": start, "hops": hops})
    return lines


def data_owners(data):
    return {x["id"] for x in data["links"] if x["owner"]}


def engine_outcome(board, rules_, state, lines_text):
    """What the engine does with the page's lines for ME, the others sending nothing."""
    merged = bool(rules_.options.merge_build_move)
    orders, errors = BodyReader(board, SEATS, ME, state.turn, merged=merged).read(list(enumerate(lines_text, 1)))
    assert not errors, [str(e) for e in errors]
    events, _ = engine.resolve(state, board, rules_, {p: orders if p == ME else None for p in SEATS},
                               FakeDraws())
    builds = [e["cost"] for e in events if e["type"] == "build" and e["player"] == ME]
    moves = [e["gains"] for e in events if e["type"] == "move" and e["player"] == ME]
    return builds, moves, orders


def tapped_page(data, turn, tapped, most):
    """A position drawn in `turn` on the bundled board, its page, lines tapped on it (at most
    the page's `most`), their texts and the page's count of them."""
    board = germany()
    state = data.draw(positions(board, turn))
    page = composer_data(board, rules(), state)
    lines = tapped(data.draw, board, page, page[most])
    return state, page, lines, [text(page, x) for x in lines], counted(page, ME, lines)


# -- the tests ------------------------------------------------------------------------------
@settings(max_examples=30, deadline=None)
@given(st.data())
def test_build_lines_cost_on_the_page_what_the_umpire_charges(data):
    board = germany()
    state, page, lines, texts, said = tapped_page(data, "B", tapped_builds, "build_turns")
    preview_lines = preview(state, board, rules(), ME, BodyReader(board, SEATS, ME, "B").read(
        list(enumerate(texts, 1)))[0])
    first = page["links"][[x["id"] for x in page["links"]].index(lines[0]["link"])]
    assert (f"legal now, costs {first['cost']}" in preview_lines[0]) == ("cost" in said[0]), preview_lines
    builds, _, _ = engine_outcome(board, rules(), state, texts)
    assert builds == [x["cost"] for x in said if "cost" in x]


@settings(max_examples=30, deadline=None)
@given(st.data())
def test_move_lines_give_on_the_page_the_income_the_umpire_pays(data):
    board = germany()
    state, _, _, texts, said = tapped_page(data, "C", tapped_moves, "moves")
    _, moves, orders = engine_outcome(board, rules(), state, texts)
    assert moves == [x["gains"] for x in said if "gains" in x]
    reply = preview(state, board, rules(), ME, orders)[0]
    gains = said[0].get("gains")
    assert ("legal on today's board" in reply) == (gains is not None), reply
    if gains:
        assert reply.endswith(", ".join(f"{p} +{n}" for p, n in gains.items()))


@settings(max_examples=20, deadline=None)
@given(st.data())
def test_with_builds_and_moves_in_one_turn_the_moves_use_the_builds(data):
    board = germany()
    state = data.draw(positions(board, "B"))
    page = composer_data(board, rules(merged=True), state)
    assert page["kinds"] == ["BUILD", "MOVE"]
    lines = tapped_builds(data.draw, board, page, page["build_turns"]) + tapped_moves(data.draw, board, page, 2)
    said = counted(page, ME, lines)
    builds, moves, _ = engine_outcome(board, rules(merged=True), state, [text(page, x) for x in lines])
    assert builds == [x["cost"] for x in said if "cost" in x]
    assert moves == [x["gains"] for x in said if "gains" in x]


@pytest.mark.parametrize("board", [germany(), tiny_board(), worked_board()], ids=["germany", "tiny", "worked"])
def test_every_link_and_hop_the_page_writes_is_read_back_to_it(board):
    state = mid_game(board, SEATS, turn="B", cash={p: 0 for p in SEATS}, income={p: 0 for p in SEATS},
                     bonds={p: 0 for p in SEATS}, places={"anna": 1, "bernd": 2, "clara": 3})
    page = composer_data(board, rules(), state)
    reader = BodyReader(board, SEATS, ME)
    for link in page["links"]:
        orders, errors = reader.read([(1, "BUILD " + link["text"]), (2, route_text(
            page, {"colour": "blue", "start": link["a"], "hops": [link["id"]]}))])
        assert not errors and orders.builds[0].alternatives[0].link == link["id"]
        [(ident, reached)] = orders.moves[0].alternatives[0].hops
        assert ident in (None, link["id"]) and reached == link["b"]
        if ident is None:
            assert len(board.links_between(link["a"], link["b"])) == 1


def test_the_page_has_no_composer_in_turn_a_and_none_of_the_hands():
    board = germany()
    state = mid_game(board, SEATS, turn="A", cash={p: 5 for p in SEATS}, income={p: 0 for p in SEATS},
                     bonds={p: 0 for p in SEATS}, places={"anna": 1, "bernd": 2, "clara": 3}, hands={ME: SCHNELLE_LOK})
    assert composer_data(board, rules(), state) is None
    state.turn = "C"
    assert "Schnelle" not in str(composer_data(board, rules(), state))
    hidden = load_volldampf_rules(overrides={"options.money": "hidden"}, players=3)
    assert {c["cash"] for c in composer_data(board, hidden, state)["companies"]} == {None}

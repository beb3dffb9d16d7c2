"""The order composer's page data counts a BUILD chain as `umpire submit` does: for random chains
of neighbouring hexes on every bundled Dampfross map (and on the played demo, with its companies'
track), the total the data adds up is the engine's preview_order total, and the page's geometry
puts every hex where the map draws it."""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from umpire.families.dampfross.engine.preview import preview_order
from umpire.families.dampfross.engine.state import State
from umpire.families.dampfross.gamemap import load_map
from umpire.families.dampfross.hexgrid import label, parse_label
from umpire.families.dampfross.orders import parse_order
from umpire.families.dampfross.render.composer import AXIAL, DIGITS, composer_data
from umpire.families.dampfross.render.png import whole_map_sheet
from umpire.families.dampfross.render.sheets import Frame
from umpire.families.dampfross.ruleset import load_rules
from umpire.game import Game
from umpire.resources import data_dir

MAPS = sorted(p.stem for p in (data_dir("maps")).glob("*.yaml") if not p.stem.startswith("volldampf"))


@cache
def board(name: str):
    game_map = load_map(name)
    return game_map, composer_data(game_map, load_rules("laurin"), State())


def added(data: dict, chain: list[str], company: dict | None) -> int:
    """What the page's script adds up for the chain (site.js `count`), read from the data alone."""
    cols = data["cols"]
    index = {label((i % cols, i // cols)): i for i in range(cols * data["rows"])}
    if company and chain[0] not in company["starts"] and (company["home"] or chain[0] not in data["homes"]):
        return 0
    built = {frozenset(index[h] for h in s.split("-")) for s in company["owned"]} if company else set()
    total = 0
    for a, b in zip(chain, chain[1:]):
        key = frozenset((index[a], index[b]))
        if key in built:
            continue
        code = next(data["sides"][index[a] * 6 + k] for k in range(6) if neighbour(data, index[a], k) == index[b])
        if code not in DIGITS:
            break
        total += DIGITS.index(code)
        built.add(key)
    return total


def neighbour(data, i, k):
    from umpire.families.dampfross.hexgrid import Grid
    grid = Grid(data["layout"], data["cols"], data["rows"])
    q, r = grid.to_axial((i % data["cols"], i // data["cols"]))
    n = grid.from_axial(q + AXIAL[k][0], r + AXIAL[k][1])
    return n[1] * data["cols"] + n[0] if grid.contains(n) else -1


def submitted(game_map, rules, state, company: str, chain: list[str]) -> int:
    """`Altogether N points` as `umpire submit` prints it for the BUILD line."""
    order = parse_order(f"BUILD {'-'.join(chain)}", game_map)
    assert not order.errors, order.errors
    return preview_order(state, game_map, rules, company, order).cost


def walk(game_map, page, draw, start=None) -> list[str]:
    """A chain as the composer lets one tap it: hexes of the map (water too), each beside the last."""
    tappable = lambda h: page["terrain"][h[1] * page["cols"] + h[0]] != "o"  # noqa: E731
    at = start or draw(st.sampled_from([h for h in game_map.all_hexes if tappable(h)]))
    chain = [at]
    for _ in range(draw(st.integers(1, 12))):
        at = draw(st.sampled_from([h for h in game_map.grid.neighbours(at) if tappable(h)]))
        chain.append(at)
    return [label(h) for h in chain]


@pytest.mark.parametrize("name", MAPS)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_a_chain_from_a_home_costs_on_the_page_what_submit_says(name, laurin, data):
    game_map, page = board(name)
    chain = walk(game_map, page, data.draw)
    state = State()
    state.apply({"type": "home", "company": "x", "hex": chain[0]})
    assert added(page, chain, None) == submitted(game_map, laurin, state, "x", chain)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_a_chain_of_a_company_with_track_costs_on_the_page_what_submit_says(demo_played, data):
    folder = Game.of(demo_played)
    state = folder.state(copy=False)
    page = folder.family.composer(folder, state)
    company = data.draw(st.sampled_from(page["companies"]))
    start = data.draw(st.sampled_from(company["starts"] + page["homes"]))
    chain = walk(folder.game_map, page, data.draw, parse_label(start))
    assert added(page, chain, company) == submitted(folder.game_map, folder.rules, state, company["id"], chain)


@pytest.mark.parametrize("name", MAPS)
def test_the_page_puts_every_hex_where_the_map_draws_it(name):
    game_map, page = board(name)
    sheet = whole_map_sheet(game_map)
    frame = Frame(game_map.grid, sheet.window, sheet.pagesize)
    x0, y0, cx, cy, rx, ry, ox, oy, _ = page["geometry"]
    for c, r in game_map.all_hexes:
        odd = (c if game_map.grid.layout.endswith("q") else r) & 1
        x, y = frame.centre((c, r))
        assert abs(x0 + c * cx + r * rx + odd * ox - x) < 0.05
        assert abs(y0 + c * cy + r * ry + odd * oy - (sheet.pagesize[1] - y)) < 0.05


def test_the_mail_link_goes_to_the_umpires_address_of_game_yaml_else_of_umpire_yaml(tmp_path):
    from umpire.site.composer import umpire_address
    from umpire.store.folder import GameFolder
    game = tmp_path / "g"
    game.mkdir()
    (game / "game.yaml").write_text("game: g\n")
    assert umpire_address(GameFolder(game)) is None
    (tmp_path / "umpire.yaml").write_text("mail:\n  from: umpire@example.org\n")
    assert umpire_address(GameFolder(game)) == "umpire@example.org"
    (game / "game.yaml").write_text("game: g\nmail:\n  from: ireland@example.org\n")
    assert umpire_address(GameFolder(game)) == "ireland@example.org"

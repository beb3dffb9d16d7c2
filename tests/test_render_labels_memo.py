"""A sheet's labels laid out from its last layout land exactly where laying them out anew puts
them, whatever the track did in between (built, taken away, drawn new or old), on busy maps where
crowded hexes make the names around them move."""

from __future__ import annotations

import random

import pytest
from busy import busy_state
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from umpire.families.dampfross.render import labels, mapdraw, sheets
from umpire.families.dampfross.render.styles import company_styles
from umpire.render import fonts
from umpire.render.paper import paper_size

_BUSY = {}


def _busy(map_name):
    if map_name not in _BUSY:
        fonts.register()
        game_map, state = busy_state(map_name)
        names = {cid: c.name for cid, c in state.companies.items()}
        detail = [s for s in sheets.plan_sheets(game_map.grid, paper_size("a4")) if not s.overview]
        _BUSY[map_name] = game_map, state.owners, company_styles(list(names.items())), names, detail
    return _BUSY[map_name]


def _layouts(map_name, order_seed, cuts, new_share, memo_of):
    """For each cut, (labels laid out with the memo, labels laid out anew) on every detail sheet."""
    game_map, owners, styles, names, detail = _busy(map_name)
    edges = sorted(owners)
    random.Random(order_seed).shuffle(edges)
    for cut in cuts:
        built = {e: owners[e] for e in edges[:cut * len(edges) // 100]}
        new = {(e, cid) for k, e in enumerate(edges[:cut * len(edges) // 100]) for cid in built[e]
               if k % 100 < new_share}
        content = mapdraw.MapContent(built, styles, names, new)
        for sheet in detail:
            ground = mapdraw.background(game_map, sheet.pagesize, sheet)
            tracks = mapdraw.track_segments(content, ground.frame, sheet.window)
            yield _laid_out(ground, tracks, memo_of(sheet)), _laid_out(ground, tracks, None)


def _laid_out(ground, tracks, memo):
    space = labels.Space(2 * ground.frame.size, ground.frame.box)
    lw = mapdraw.line_width(ground.frame.size)
    for segs in tracks.values():
        for x0, y0, x1, y1, new in segs:
            space.add_segment((x0, y0, x1, y1, (lw * (mapdraw.NEW_WIDTH if new else 1) + 1.0) / 2))
    return labels.layout(space, ground.spots, memo)


@pytest.mark.parametrize("map_name", ["ireland", "germany"])
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(order_seed=st.integers(0, 2 ** 16), cuts=st.lists(st.integers(0, 100), min_size=2, max_size=4),
       new_share=st.integers(0, 100))
def test_a_layout_from_the_last_one_is_the_layout_made_anew(map_name, order_seed, cuts, new_share):
    memos = {}
    for kept, fresh in _layouts(map_name, order_seed, cuts, new_share,
                                lambda sheet: memos.setdefault(sheet.number, labels.Memo())):
        assert kept == fresh


def test_the_rounds_of_a_game_laid_out_one_after_the_other_reuse_most_labels(monkeypatch):
    """A game's track grows a little each round: most labels are put where they went last time."""
    memos = {}
    assert list(_layouts("ireland", 7, [90, 95], 10, lambda sheet: memos.setdefault(sheet.number, labels.Memo())))
    placed = []
    real_place = labels._place
    monkeypatch.setattr(labels, "_place", lambda *args: placed.append(args[1]) or real_place(*args))
    kept, fresh = next(_layouts("ireland", 7, [100], 10, lambda sheet: memos[sheet.number]))
    assert kept == fresh
    anew = len(placed) - len(fresh)                      # placing anew makes each of the fresh layout's
    assert 0 < anew < len(fresh) / 6

"""What the web page draws on its maps and charts besides the newsletter's own drawing: the races
of a Dampfross round, the sections built and cubes moved of a Volldampf turn, a company's own
track on its page, and the legend of every drawing with the numbers behind it."""

from __future__ import annotations

import html
import re

from umpire.game import Game
from umpire.render.overlay import style
from umpire.site import history
from umpire.store.folder import GameFolder


def _page(demo_site, *parts) -> str:
    return (demo_site / "site").joinpath(*parts).read_text(encoding="utf-8")


def _svg_map(page: str) -> str:
    return page.split('<figure class="map">')[1].split("</figure>")[0]


def _legend(page: str, caption: str) -> list[list[str]]:
    """The rows of the legend table with `caption`: each cell's text."""
    table = page.split(f"<caption>{caption}</caption>")[1].split("</table>")[0]
    rows = re.findall(r"<tr>(.*?)</tr>", table.split("<tbody>")[1], re.DOTALL)
    return [[html.unescape(re.sub(r"<svg.*?</svg>|<[^>]+>", "", cell)).strip()
             for cell in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, re.DOTALL)] for row in rows]


def _moment(folder: GameFolder, number: int) -> history.Moment:
    return next(m for m in history.moments(folder) if m.number == number)


def test_each_train_of_a_race_is_drawn_on_the_map_with_its_route_and_listed_in_the_legend(demo_site):
    page = _page(demo_site, "demo", "008.html")
    drawn = _svg_map(page)
    entered = [e for e in _moment(GameFolder(demo_site / "games" / "demo"), 8).folder.events
               if e["type"] == "race_entered" and e["round"] == 7]
    assert entered
    for e in entered:
        race = drawn.split(f'<g class="race" data-race="{e["transport"]}">')[1]
        assert f'data-train="{e["train"]}" data-companies="{" ".join(e["companies"])}" ' \
               f'data-route="{" ".join(e["route"])}" data-steps="{e["steps"]}"' in race
    rows = _legend(page, "Races drawn on the map (round 7)")
    assert [(r[0], r[4]) for r in rows] == [(str(e["transport"]), str(e["steps"])) for e in entered]
    assert rows[0][1:3] == ["Mullingar (45)", "Drogheda (43)"] and rows[0][5:] == ["2", "10"]
    assert "Midland Great Western" in rows[0][3]


def test_races_are_told_apart_without_colour_by_dash_and_number(demo_site):
    drawn = _svg_map(_page(demo_site, "demo", "008.html"))
    inks_dashes = set()
    for number in re.findall(r'<g class="race" data-race="(\d+)">', drawn):
        race = drawn.split(f'data-race="{number}">')[1].split('<g class="race"')[0]
        assert f">{number}</text>" in race                                   # its number at its ends
        dash = re.search(r'stroke="(#[0-9a-f]{6})" stroke-width="[\d.]+"( stroke-dasharray="[\d. ]+")?', race)
        inks_dashes.add((dash.group(1), dash.group(2)))
    assert len(inks_dashes) == len(re.findall(r'<g class="race"', drawn)) >= 2
    assert len({d for _, d in inks_dashes}) == len(inks_dashes)             # a dash of its own, not only a colour
    assert len({style(k)[1] for k in range(6)}) == 6


def test_a_newsletter_without_races_draws_none(demo_site):
    page = _page(demo_site, "demo", "003.html")
    assert 'class="race"' not in page and "Races drawn on the map" not in page


def test_the_volldampf_board_draws_the_sections_built_and_the_cubes_moved_of_the_turn(demo_site):
    folder = GameFolder(demo_site / "games" / "volldampf-demo")
    for number in (3, 4):
        page = _page(demo_site, "volldampf-demo", f"{number:03d}.html")
        events = _moment(folder, number).folder.events
        news = events[max(i for i, e in enumerate(events) if e["type"] == "newsletter") + 1:]
        builds = [e for e in news if e["type"] == "build"]
        moves = [e for e in news if e["type"] == "move"]
        assert builds or moves
        drawn = _svg_map(page)
        assert sorted(re.findall(r'data-player="(\w+)" data-link="(\w+)"', drawn)) == \
            sorted((e["player"], e["link"]) for e in builds)
        assert re.findall(r'data-player="(\w+)" data-colour="(\w+)" data-links="([\w ]+)"', drawn) == \
            [(e["player"], e["colour"], " ".join(e["links"])) for e in moves]
        if builds:
            rows = _legend(page, "Sections built this turn")
            assert sorted(link for r in rows for link in r[2].split(", ")) == sorted(e["link"] for e in builds)
            assert sum(int(r[3]) for r in rows) == sum(e["cost"] for e in builds)
        if moves:
            rows = _legend(page, "Cubes moved this turn")
            assert [(r[0], r[2], r[3]) for r in rows] == [(str(k + 1), e["colour"], e["route"])
                                                          for k, e in enumerate(moves)]


def test_a_company_page_highlights_exactly_its_own_track_on_the_newest_map(demo_site):
    folder = GameFolder(demo_site / "games" / "demo")
    state = history.moments(folder)[-1].folder.state()
    from umpire.families.dampfross.hexgrid import label
    for seat in state.seat_order():
        page = _page(demo_site, "demo", seat, "index.html")
        own = sorted(f"{label(a)}-{label(b)}" for (a, b), owners in state.owners.items() if seat in owners)
        [marked] = re.findall(r'<g class="highlight" data-company="(\w+)" data-segments="([^"]*)"', _svg_map(page))
        assert marked == (seat, " ".join(own))
        assert 'class="race"' not in page and '<image href="../map-' in page
        assert _legend(page, f"{html.escape(state.companies[seat].name)} ({seat}): track highlighted")[0][1] \
            == str(len(own))


def test_a_player_page_highlights_exactly_his_own_sections(demo_site):
    folder = GameFolder(demo_site / "games" / "volldampf-demo")
    state = history.moments(folder)[-1].folder.state()
    for player in state.seats:
        page = _page(demo_site, "volldampf-demo", player, "index.html")
        own = sorted(link for link, owner in state.sections.items() if owner == player)
        [marked] = re.findall(r'<g class="highlight" data-player="(\w+)" data-links="([^"]*)"', _svg_map(page))
        assert marked == (player, " ".join(own))
        assert 'class="move"' not in page


def test_every_chart_has_a_legend_and_its_numbers_as_a_table(demo_site):
    game = Game.of(GameFolder(demo_site / "games" / "demo"))
    for family, number in (("demo", "010"), ("volldampf-demo", "014")):
        page = _page(demo_site, family, f"{number}.html")
        assert page.count('<figure class="chart">') == 1
        after = page.split('<figure class="chart">')[1]
        assert '<table class="legend">' in after.split("<details")[0]
        assert "The numbers behind the chart" in after
    page = _page(demo_site, "demo", "010.html")
    state = game.state()
    balances = {c: state.balance(c) for c in state.seat_order()}
    rows = _legend(page, "Every company&#39;s balance, round by round")
    assert [int(r[1]) for r in rows] == list(balances.values())
    numbers = page.split("<caption>Every company&#39;s balance, round by round: the numbers</caption>")[1]
    last = re.findall(r"<tr>(.*?)</tr>", numbers.split("</table>")[0])[-1]
    assert [int(v) for v in re.findall(r'data-label="[^"]+">(-?\d+)</td>', last)] == list(balances.values())

"""The game's web page (`umpire site`): its files as the contract lists them, the maps' text,
links that resolve, the same bytes each time, only what changed rewritten, and nothing secret."""

from __future__ import annotations

import html
import json
import re
import shutil
from html.parser import HTMLParser
from pathlib import Path
from xml.etree import ElementTree

import pytest
import yaml
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from umpire.cli import main
from umpire.errors import UmpireError
from umpire.game import Game
from umpire.site import build_site
from umpire.site.build import game_folders
from umpire.site.sections import read_edition
from umpire.store.folder import GameFolder


def every_file(site: Path) -> dict[str, bytes]:
    return {str(p.relative_to(site)): p.read_bytes() for p in sorted(site.rglob("*")) if p.is_file()}


class Links(HTMLParser):
    """Every href and src of a page (the SVG's <image href> too), and its text."""

    def __init__(self):
        super().__init__()
        self.targets: list[str] = []
        self.texts: list[str] = []

    def handle_starttag(self, tag, attrs):
        for key, value in attrs:
            if key in ("href", "src") and value:
                self.targets.append(value)

    def handle_data(self, data):
        self.texts.append(data)


def parsed(path: Path) -> Links:
    links = Links()
    links.feed(path.read_text(encoding="utf-8"))
    return links


def test_the_site_has_the_contracts_files(demo_site):
    site = demo_site / "site"
    assert (site / "index.html").is_file()
    for game, count in (("demo", 10), ("volldampf-demo", 14)):
        folder = site / game
        for name in ("index.html", "feed.atom", "deadlines.ics"):
            assert (folder / name).is_file(), name
        for n in range(1, count + 1):
            for suffix in ("html", "pdf", "txt"):
                assert (folder / f"{n:03d}.{suffix}").is_file()
        assert not (folder / f"{count + 1:03d}.html").exists()
        text = (demo_site / "games" / game / "newsletters" / "003.txt").read_bytes()
        assert (folder / "003.txt").read_bytes() == b"\xef\xbb\xbf" + text      # UTF-8, says its byte order mark
        feed = ElementTree.parse(folder / "feed.atom").getroot()
        entries = feed.findall("{http://www.w3.org/2005/Atom}entry")
        assert len(entries) == count
        assert {e.find("{http://www.w3.org/2005/Atom}link").get("href") for e in entries} == \
            {f"{n:03d}.html" for n in range(1, count + 1)}
        ics = (folder / "deadlines.ics").read_bytes()
        assert ics.startswith(b"BEGIN:VCALENDAR\r\n") and ics.endswith(b"END:VCALENDAR\r\n")
    index = (site / "index.html").read_text()
    for game in ("demo", "volldampf-demo"):
        assert f'href="{game}/index.html"' in index


def test_each_newsletter_page_links_first_previous_next_and_last(demo_site):
    folder = demo_site / "site" / "demo"
    first, middle, last = ((folder / f"{n:03d}.html").read_text() for n in (1, 5, 10))
    assert 'rel="prev"' not in first and '<a href="002.html" rel="next">' in first
    assert '<a href="004.html" rel="prev">' in middle and '<a href="006.html" rel="next">' in middle
    assert '<a href="001.html">first</a>' in middle and '<a href="newest.html">last</a>' in middle
    assert '<link rel="prev" href="004.html">' in middle and '<link rel="next" href="006.html">' in middle
    assert 'rel="next"' not in last and '<a href="009.html" rel="prev">' in last


def test_every_local_link_and_picture_resolves(demo_site):
    for site in (demo_site / "site", demo_site / "running-site"):
        pages = sorted(site.rglob("*.html"))
        assert len(pages) >= 6
        for page in pages:
            for target in parsed(page).targets:
                if re.match(r"[a-z]+:", target) or target.startswith("#"):
                    continue
                assert (page.parent / target.split("#")[0]).resolve().is_file(), f"{page}: {target}"


def test_the_maps_labels_and_names_are_text(demo_site):
    page = (demo_site / "site" / "demo" / "005.html").read_text()
    texts = re.findall(r"<(?:text|tspan) [^>]*>([^<]*)</(?:text|tspan)>", page)
    game_map = Game.open(demo_site / "games" / "demo").game_map
    assert {"AE22", "AG10", "K23", "A1"} <= set(texts) or {"AE22", "AG10"} <= set(texts)
    assert {c.name for c in game_map.cities} <= set(texts)
    assert re.search(r'<image href="map-[0-9a-f]{12}\.svg"', page)
    vd = (demo_site / "site" / "volldampf-demo" / "005.html").read_text()
    vd_texts = set(re.findall(r"<(?:text|tspan) [^>]*>([^<]*)</(?:text|tspan)>", vd))
    board = Game.open(demo_site / "games" / "volldampf-demo").game_map
    assert {link for link in board.links} <= vd_texts
    assert {loc.name for loc in board.locations.values()} <= vd_texts


def test_the_new_track_is_highlighted_as_in_the_newsletter(demo_site):
    page = (demo_site / "site" / "demo" / "003.html").read_text()
    assert "built since the last newsletter" in page


def test_the_accounts_are_tables_and_the_chart_is_reportlabs(demo_site):
    page = (demo_site / "site" / "demo" / "005.html").read_text()
    assert "<caption>Accounts</caption>" in page and "<caption>Accounts of round 4</caption>" in page
    assert "<pre" not in page.split("<caption>Accounts</caption>")[1].split("</table>")[0]
    assert page.count("<svg") - page.count('<svg class="sample"') == 2     # the map and the balance chart
    vd = (demo_site / "site" / "volldampf-demo" / "005.html").read_text()
    assert "<caption>Players</caption>" in vd and "Accounts of round 2: income track" in vd
    drawings = vd.count("<svg") - vd.count('<svg class="sample"')         # samples are the legends'
    assert drawings == 2 and "<figcaption>Every player's income, round by round (white as a grey " \
        "dashed line).</figcaption>" in html.unescape(vd)    # the board and the income chart
    assert '<figure class="chart">' not in (demo_site / "site" / "volldampf-demo" / "001.html").read_text()
    edition = read_edition((demo_site / "games" / "volldampf-demo" / "newsletters" / "005.txt").read_text())
    assert "What happened" in vd and all(line.strip() in vd for line in dict(edition.sections)["What happened"])


def test_the_orders_of_a_resolved_round_are_shown_without_codes(demo_site):
    page = (demo_site / "site" / "demo" / "003.html").read_text()
    assert "The orders of round 2 as the umpire read them" in page
    assert "CODE" not in page.split("The orders of round 2")[1]


def test_the_same_games_give_the_same_bytes_and_a_second_run_writes_nothing(demo_site, tmp_path):
    again = tmp_path / "again"
    build_site(demo_site / "games", again)
    assert every_file(again) == every_file(demo_site / "site")
    report = build_site(demo_site / "games", again)
    assert report.written == []


OPEN_TURN = {"index.html", "demo/index.html", "demo/row.json", "demo/now.js", "demo/deadlines.ics",
             "demo/feed.atom"} | {f"demo/{c}/index.html" for c in ("red", "blue", "green", "orange")}


def test_a_resolve_rewrites_only_what_changed(demo_site, tmp_path):
    """The new newsletter's files, the one before it (its "next" link, the standing gone to
    now.js), the pages of the open turn; never an older newsletter's page, a map or a font."""
    game = tmp_path / "running"
    shutil.copytree(demo_site / "running" / "demo", game)
    site = tmp_path / "site"
    build_site(game, site)
    before = every_file(site)
    result = CliRunner().invoke(main, ["resolve", str(game)])
    assert result.exit_code == 0, result.output
    report = build_site(game, site)
    assert set(report.written) <= OPEN_TURN | {"demo/004.html", "demo/newest.html"} | {
        f"demo/005.{kind}" for kind in ("html", "pdf", "txt")}, report.written
    assert {"demo/005.html", "demo/005.pdf", "demo/004.html", "demo/newest.html", "demo/now.js"} <= set(report.written)
    assert all((site / name).read_bytes() == before[name] for name in ("demo/001.html", "demo/003.html"))
    assert "005.html" in (site / "demo" / "newest.html").read_text()
    assert "Now: construction, round 5" in (site / "demo" / "now.js").read_text()
    assert '<script src="now.js"></script>' in (site / "demo" / "004.html").read_text()


def test_a_change_to_the_open_turn_rewrites_its_pages_and_no_newsletters_but_the_newest(demo_site, tmp_path):
    game = tmp_path / "running"
    shutil.copytree(demo_site / "running" / "demo", game)
    site = tmp_path / "site"
    build_site(game, site)
    result = CliRunner().invoke(main, ["deadline", str(game), "--set", "2026-12-05 18:00"])
    assert result.exit_code == 0, result.output
    report = build_site(game, site)
    assert set(report.written) <= OPEN_TURN | {"demo/004.html"} and "demo/now.js" in report.written, report.written
    assert "2026-12-05 18:00 UTC" in (site / "demo" / "now.js").read_text()


def test_a_running_games_older_pages_show_where_it_stands_from_now_js_and_a_finished_ones_do_not(demo_site):
    running, finished = demo_site / "running-site" / "demo", demo_site / "site" / "demo"
    page = (running / "002.html").read_text()
    top = page.index('<aside class="now"')
    assert page[top:].startswith('<aside class="now" aria-label="Where the game stands"><p class="now-head">'
                                 '<a href="index.html">Where the game stands now</a></p></aside>\n'
                                 '<script src="now.js"></script>')
    assert '<a href="newest.html">last</a></nav>' in page and '<span class="at">002</span>' in page
    assert 'url=004.html' in (running / "newest.html").read_text()
    assert not (finished / "now.js").exists() and "now.js" not in (finished / "009.html").read_text()


def test_site_in_game_yaml_is_updated_by_every_resolve(demo_site, tmp_path):
    game = tmp_path / "games" / "running"
    shutil.copytree(demo_site / "running" / "demo", game)
    config = yaml.safe_load((game / "game.yaml").read_text())
    (game / "game.yaml").write_text((game / "game.yaml").read_text() + "site: ../../www\n")
    assert config.get("site") is None
    result = CliRunner().invoke(main, ["resolve", str(game)])
    assert result.exit_code == 0, result.output
    assert "Site " in result.output
    assert (tmp_path / "www" / "demo" / "005.html").is_file()
    assert GameFolder(game).newsletter_count() == 5


def test_site_in_umpire_yaml_and_update_site(demo_site, tmp_path):
    from umpire.site import update_site
    games = tmp_path / "games"
    shutil.copytree(demo_site / "running" / "demo", games / "running")
    assert update_site(games / "running") is None
    (games / "umpire.yaml").write_text("site: www\n")
    report = update_site(games / "running")
    assert report is not None and (games / "www" / "demo" / "004.html").is_file()
    assert update_site(games / "running").written == []


def index_row(site: Path, game: str) -> str:
    return next(line for line in (site / "index.html").read_text().splitlines()
                if line.startswith(f'<tr><th scope="row"><a href="{game}/index.html">'))


def test_a_rolled_back_game_loses_the_pages_of_undone_newsletters_and_only_its_row_of_the_index_changes(
        demo_site, tmp_path):
    site = tmp_path / "site"
    shutil.copytree(demo_site / "site", site)
    before = index_row(site, "volldampf-demo")
    assert '<a href="volldampf-demo/dieter/index.html">Dieter Dahl</a> 11' in before     # the index links seats
    assert '<a href="demo/green/index.html">Great Southern &amp; Western</a> 107' in index_row(site, "demo")
    game = tmp_path / "demo"
    shutil.copytree(demo_site / "running" / "demo", game)
    build_site(game, site)
    assert (site / "demo" / "004.html").is_file() and not (site / "demo" / "005.html").exists()
    assert not (site / "demo" / "010.pdf").exists()
    assert (site / "volldampf-demo" / "index.html").is_file()
    assert index_row(site, "volldampf-demo") == before
    assert '<td data-label="round"><span>construction, round 4</span></td>' in index_row(site, "demo")
    assert (site / "index.html").read_bytes() == (demo_site / "running-site" / "index.html").read_bytes().replace(
        b"</tbody>", before.encode() + b"\n</tbody>")


def test_an_index_written_before_rows_were_kept_is_read_once_and_a_broken_row_is_refused(tmp_path):
    from umpire.errors import DataError
    from umpire.site.files import SiteFiles
    from umpire.site.index_rows import site_rows
    site = tmp_path / "site"
    (site / "old").mkdir(parents=True)
    (site / "old" / "index.html").write_text("<html></html>")
    (site / "index.html").write_text(       # as 0.3.0 wrote it
        '<tbody>\n<tr><th scope="row"><a href="old/index.html">old</a></th><td data-label="family">dampfross</td>'
        '<td data-label="map">Ireland</td><td data-label="round">finished: 1. Red &amp; Blue 9</td>'
        '<td data-label="deadline">none</td><td data-label="awaited">nobody</td></tr>\n'
        '<tr><th scope="row"><a href="gone/index.html">gone</a></th><td>x</td><td>x</td><td>x</td><td>x</td>'
        '<td>x</td></tr>\n</tbody>')
    made = {"id": "new", "family": "volldampf", "map": "Germany", "turn": "turn 2A", "deadline": "none",
            "awaited": [["anna", "Anna"]], "standings": []}
    rows = site_rows(SiteFiles(site), [made])
    assert [r["id"] for r in rows] == ["new", "old"]            # a game whose pages are gone is not listed
    assert rows[1]["turn"] == "finished: 1. Red & Blue 9" and rows[1]["awaited"] == []
    assert (site / "old" / "row.json").is_file()
    (site / "index.html").write_text("")
    assert site_rows(SiteFiles(site), [made]) == rows
    (site / "old" / "row.json").write_text('{"id": "old"}')
    with pytest.raises(DataError, match=r"row of game old is not one the umpire wrote.*Remove it"):
        site_rows(SiteFiles(site), [])
    assert site_rows(SiteFiles(site), [{**made, "id": "old"}])[0]["id"] == "old"   # its game's build writes it again


def test_the_command_writes_where_it_is_told_and_refuses_a_folder_without_games(demo_site, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["site", str(demo_site / "running" / "demo"), "out"])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "out" / "demo" / "001.html").is_file()
    (tmp_path / "empty").mkdir()
    result = CliRunner().invoke(main, ["site", "empty", "out2"])
    assert result.exit_code == 1 and "holds no game" in result.output
    with pytest.raises(UmpireError, match="neither a game folder nor a folder of games"):
        game_folders(tmp_path / "nowhere")


# -- nothing secret -------------------------------------------------------------------------
def secrets_of(game: Path) -> tuple[list[str], str | None]:
    secrets = yaml.safe_load((game / "secrets.yaml").read_text()) or {}
    codes = [v for v in (secrets.get("codes") or {}).values()]
    return codes, secrets.get("seed")


def test_no_file_of_a_site_holds_an_order_code_a_private_part_or_an_unrevealed_seed(demo_site):
    for site, games in ((demo_site / "site", [demo_site / "games" / "demo", demo_site / "games" / "volldampf-demo"]),
                        (demo_site / "running-site", [demo_site / "running" / "demo"])):
        files = every_file(site)
        assert files
        for game in games:
            codes, seed = secrets_of(game)
            assert codes
            finished = Game.open(game).state().phase == "finished"
            private = [p.read_text() for p in (game / "newsletters").glob("*-*.txt")]
            for name, data in files.items():
                text = data.decode("utf-8", errors="replace")
                for code in codes:
                    assert code not in text, f"{name} holds an order code"
                if seed and not finished:
                    assert seed not in text, f"{name} holds the seed before its reveal"
                assert "Private sheet for" not in text and "Your action cards" not in text, name
                for part in private:
                    assert part not in text
    running = every_file(demo_site / "running-site")
    seed = secrets_of(demo_site / "running" / "demo")[1]
    assert seed and not any(seed.encode() in data for data in running.values())


def test_no_order_of_an_unresolved_round_is_shown(demo_site):
    game = demo_site / "running" / "demo"
    unresolved = [line for p in sorted((game / "orders" / "4").glob("*.txt"))
                  for line in p.read_text().splitlines() if line.upper().startswith("BUILD")]
    assert unresolved
    pages = "".join(p.read_text() for p in (demo_site / "running-site").rglob("*.html"))
    for line in unresolved:
        assert line not in pages


def test_a_hidden_draw_is_not_shown_before_the_game_shows_it(demo_site):
    game = demo_site / "games" / "volldampf-demo"
    folder = GameFolder(game)
    hidden = {e["outcome"] for e in folder.events if e["type"] == "draw" and e.get("hidden")}
    assert hidden
    texts = {int(p.stem): p.read_text() for p in (game / "newsletters").glob("[0-9][0-9][0-9].txt")}
    for outcome in hidden:
        shown = min((n for n, t in texts.items() if outcome in t), default=None)
        for n in range(1, (shown or max(texts) + 1)):
            page = (demo_site / "site" / "volldampf-demo" / f"{n:03d}.html").read_text()
            assert outcome not in page, f"{outcome} on page {n:03d} before newsletter {shown}"


def test_the_open_deadline_is_a_calendar_event_and_the_files_are_readable_by_a_web_server(tmp_path, monkeypatch):
    monkeypatch.setenv("UMPIRE_NOW", "2026-03-01T12:00:00+00:00")
    game = tmp_path / "ireland-1"
    result = CliRunner().invoke(main, ["new", str(game), "--map", "ireland", "--rules", "laurin",
                                       "--company", "red:Red Lines:red@example.org",
                                       "--company", "blue:Blue Star:blue@example.org",
                                       "--company", "green:Green Valley:green@example.org",
                                       "--option", "deadline=7 days"])
    assert result.exit_code == 0, result.output
    monkeypatch.chdir(tmp_path)
    old = __import__("os").umask(0o022)
    try:
        build_site(game, Path("www"))
    finally:
        __import__("os").umask(old)
    ics = (tmp_path / "www" / "ireland-1" / "deadlines.ics").read_text()
    assert "BEGIN:VEVENT" in ics and "DTSTART:20260308T120000Z" in ics
    index = (tmp_path / "www" / "index.html").read_text()
    assert "2026-03-08 12:00 UTC" in index and "Red Lines" in index
    codes, seed = secrets_of(game)
    for path in (tmp_path / "www").rglob("*"):
        if path.is_file():
            assert path.stat().st_mode & 0o777 == 0o644, path
            data = path.read_text(errors="replace")
            assert seed not in data and not any(code in data for code in codes), path


def test_the_volldampf_income_chart_ends_where_the_income_track_stands(demo_site):
    from umpire.families.volldampf.web import income_lines
    folder = GameFolder(demo_site / "games" / "volldampf-demo")
    state = Game.of(folder).state()
    lines = income_lines(state, folder.events)
    assert [line.points[-1][1] for line in lines] == [state.income_of(p) for p in state.seats]
    assert all(line.points[0] == (0, 0) and [r for r, _ in line.points] == list(range(len(line.points)))
               for line in lines)


def test_each_company_has_a_page_of_its_accounts_and_published_orders_linked_from_the_tables(demo_site):
    site = demo_site / "site"
    red = (site / "demo" / "red" / "index.html").read_text()
    assert "<h1>Belfast &amp; Northern Counties</h1>" in red
    game = Game.of(GameFolder(demo_site / "games" / "demo"))
    final = game.family.accounts(game)[-1]
    assert f'<td class="num" data-label="carried forward">{final["companies"]["red"]["carried_forward"]}</td></tr>\n' \
           "</tbody>" in red                                     # the last round's row ends the balance table
    assert "<h3>Round 2</h3>" in red and "CODE" not in red.split("<h2>Orders")[1]
    assert '<a href="red/index.html">Belfast &amp; Northern Counties</a>' in (site / "demo" / "005.html").read_text()
    anna = (site / "volldampf-demo" / "anna" / "index.html").read_text()
    assert "Accounts, round by round: income track" in anna and "BUILD L48" in anna
    assert '<a href="../dieter/index.html">Dieter Dahl</a>' in anna      # the final standings link every player
    journal = [json.loads(line) for line in (demo_site / "games" / "volldampf-demo" / "journal.jsonl").open()]
    delivered = 0
    for player in ("anna", "bernd", "clara", "dieter"):
        page = (site / "volldampf-demo" / player / "index.html").read_text()
        balance = page.split("<caption>Accounts, round by round</caption>")[1].split("</table>")[0]
        assert '<th scope="col">carried forward</th><th scope="col">cubes delivered</th></tr>' in balance
        cells = [int(n) for n in re.findall(r'data-label="cubes delivered">(\d+)<', balance)]
        assert len(cells) == 4 and cells == [sum(1 for e in journal if e["type"] == "move" and e["player"] == player
                                                 and e["round"] == r) for r in range(1, 5)]
        delivered += sum(cells)
    assert delivered == sum(1 for e in journal if e["type"] == "move") > 20
    assert "cubes delivered" not in red
    running = (demo_site / "running-site" / "demo" / "index.html").read_text()
    assert 'Awaited: <a href="' in running or 'Ordered: <a href="' in running


def test_where_money_is_hidden_the_cubes_delivered_end_the_income_track_table():
    from umpire.site.company import _ledgers
    rounds = [{"round": r, "companies": {"anna": {"income track": {"brought_forward": r - 1, "items": {"deliveries": 1},
                                                                   "carried_forward": r}}}} for r in (1, 2)]
    [table] = _ledgers(rounds, "anna", {"cubes delivered": {2: {"anna": 2, "bernd": 1}}})
    assert table.caption.endswith(": income track") and table.head[-1] == "cubes delivered"
    assert [row[-1] for row in table.rows] == [0, 2]


def test_headings_are_in_sentence_case_and_no_page_speaks_to_you_as_the_mail_does(demo_site):
    from umpire.site.sections import sentence_case
    assert sentence_case("TRANSPORTS: 5 MADE OF 6 (1 cancelled)") == "Transports: 5 made of 6 (1 cancelled)"
    assert sentence_case("ORDERS FOR TURN 4C") == "Orders for turn 4C"
    assert sentence_case("What happened") == "What happened"
    assert sentence_case("TRANSPORT 1: MULLINGAR (45) TO DUN LAOGHAIRE (43)", ("Dun Laoghaire", "Mullingar")) == \
        "Transport 1: Mullingar (45) to Dun Laoghaire (43)"
    pages = [p for site in ("site", "running-site") for p in sorted((demo_site / site).rglob("*.html"))]
    for page in pages:
        text = page.read_text()
        for heading in re.findall(r"<h[1-3]>(?:<a [^>]*>)?([^<]*)<", text):
            assert not re.search(r"\b[A-Z]{3,}\b", heading), f"{page.name}: {heading}"
        text = re.sub(r'<section id="composer".*?</section>', "", text, flags=re.S)   # a tool the reader uses
        words = html.unescape(re.sub(r"<[^>]+>", " ", text)).replace("<your order code>", "")
        found = re.search(r".{0,40}\b[Yy]our?\b.{0,40}", words)
        assert not found, f"{page}: {found and found.group()}"


def test_a_newsletter_carries_the_time_its_round_was_resolved_and_replays_to_the_same_bytes(tmp_path, monkeypatch):
    from umpire.usecases.replay import replay
    monkeypatch.setenv("UMPIRE_NOW", "2026-03-01T12:00:00+00:00")
    game = tmp_path / "ireland-2"
    umpire = CliRunner()
    assert umpire.invoke(main, ["new", str(game), "--map", "ireland", "--rules", "laurin", "--company", "red:Red Lines",
                                "--company", "blue:Blue Star"]).exit_code == 0
    monkeypatch.setenv("UMPIRE_NOW", "2026-03-08T18:00:05+00:00")
    result = umpire.invoke(main, ["resolve", str(game), "--force"])
    assert result.exit_code == 0, result.output
    issued = [e for e in GameFolder(game).events if e["type"] == "newsletter"]
    assert [e.get("at") for e in issued] == [None, "2026-03-08T18:00:05Z"]   # the opening is stamped by no resolve
    build_site(game, tmp_path / "www")
    page = (tmp_path / "www" / "ireland-2" / "002.html").read_text()
    assert '<time datetime="2026-03-08T18:00:05Z">2026-03-08 18:00 UTC</time>' in page
    assert "<time datetime" not in (tmp_path / "www" / "ireland-2" / "001.html").read_text().split("<!-- main -->")[0]
    feed = (tmp_path / "www" / "ireland-2" / "feed.atom").read_text()
    assert "<updated>2026-03-08T18:00:05Z</updated>" in feed and "<updated>1970-01-01T00:00:00Z</updated>" in feed
    monkeypatch.setenv("UMPIRE_NOW", "2026-04-01T00:00:00+00:00")            # replay takes the journal's time
    outcome = replay(game, quick=True)
    assert not outcome.differences, outcome


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.binary(max_size=200) | st.builds(lambda d: json.dumps(d).encode(), st.dictionaries(
    st.sampled_from(["id", "family", "map", "turn", "deadline", "awaited", "standings", "x"]),
    st.none() | st.text(max_size=5) | st.lists(st.integers(), max_size=2))))
def test_a_row_file_is_read_or_refused_and_an_old_index_is_read_or_passed_over(tmp_path, data):
    from umpire.errors import DataError
    from umpire.site.files import SiteFiles
    from umpire.site.index_rows import site_rows
    site = tmp_path / "site"
    (site / "g").mkdir(parents=True, exist_ok=True)
    (site / "g" / "row.json").write_bytes(data)
    (site / "index.html").write_bytes(data)
    try:
        rows = site_rows(SiteFiles(site), [])
    except DataError as e:
        assert "row of game g" in str(e) and "Remove it" in str(e)
    else:
        assert [r["id"] for r in rows] == ["g"]


def test_every_tables_rows_have_their_header_cell(demo_site):
    """A table the text edition gives without a heading line (the station table) too: a screen
    reader names each cell by its row."""
    pages = [p for site in ("site", "running-site") for p in sorted((demo_site / site).rglob("*.html"))]
    rows = [row for page in pages for body in re.findall(r"<tbody>(.*?)</tbody>", page.read_text(), re.DOTALL)
            for row in re.findall(r"<tr>.*?</tr>", body)]
    assert len(rows) > 100 and all('<th scope="row"' in row for row in rows)
    assert any(row.startswith('<tr><th scope="row">11') for row in rows)


def test_pages_made_by_forked_workers_are_the_pages_made_in_place(demo_site, tmp_path, monkeypatch):
    from umpire.site import build
    sites = {}
    for workers in (2, 1):
        monkeypatch.setattr(build, "worker_count", lambda expected, workers=workers: workers)
        sites[workers] = tmp_path / f"site{workers}"
        build_site(demo_site / "games" / "demo", sites[workers])
    assert len(list((sites[2] / "demo").glob("[0-9]*.html"))) >= build.PARALLEL
    assert every_file(sites[2]) == every_file(sites[1])

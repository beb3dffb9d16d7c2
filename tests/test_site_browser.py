"""The game's web page in a real browser (headless Chromium, tests/browser.py): every page loads
without console errors and fits a phone's 390 px, the map's labels are found by the browser's
text search, axe-core finds no serious or critical violation, and the arrow keys go from one
newsletter to the next. One browser for the module."""

from __future__ import annotations

import time

import pytest
from browser import console_errors, needs_browser, start_browser, stop_browser

pytestmark = [pytest.mark.browser, needs_browser]

PHONE = 390


@pytest.fixture(scope="module")
def browser():
    driver = start_browser()
    driver.set_script_timeout(60)
    yield driver
    stop_browser(driver)


def url(path) -> str:
    return path.resolve().as_uri()


def loaded(driver, path):
    driver.get(url(path))
    driver.execute_script("return document.fonts.ready.then(() => true)")


def test_every_page_loads_without_console_errors_and_fits_a_phone(browser, demo_site):
    pages = sorted((demo_site / "site").rglob("*.html")) + sorted((demo_site / "running-site").rglob("*.html"))
    assert len(pages) > 25
    browser.set_window_size(PHONE, 844)
    console_errors(browser)
    try:
        for page in pages:
            loaded(browser, page)
            assert console_errors(browser) == [], page
            inner, scroll = browser.execute_script(
                "return [window.innerWidth, document.documentElement.scrollWidth]")
            assert inner == PHONE and scroll <= PHONE, f"{page}: {scroll} px wide on a {PHONE} px phone"
            broken = browser.execute_script(
                "return [...document.images].filter(i => !i.complete || !i.naturalWidth).map(i => i.src)")
            assert broken == [], page
    finally:
        browser.set_window_size(1280, 900)


def test_the_map_pictures_load(browser, demo_site):
    """The map's unchanging part is an SVG file of its own, drawn under the page's inline overlay."""
    loaded(browser, demo_site / "site" / "demo" / "005.html")
    href = browser.execute_script("return document.querySelector('.map svg image').getAttribute('href')")
    size = browser.execute_async_script(
        "const done = arguments[arguments.length - 1]; const i = new Image();"
        "i.onload = () => done([i.naturalWidth, i.naturalHeight]); i.onerror = () => done(null); i.src = arguments[0];",
        href)
    assert size and size[0] > 100 and size[1] > 100


@pytest.mark.parametrize("page, words", [
    ("demo/005.html", ["AE22", "K23", "Dublin", "Belfast"]),
    ("volldampf-demo/005.html", ["L48", "Würzburg", "Königsberg"]),
])
def test_a_browser_finds_the_maps_labels_by_its_text_search(browser, demo_site, page, words):
    loaded(browser, demo_site / "site" / page)
    for word in words:
        browser.execute_script("window.getSelection().removeAllRanges()")
        assert browser.execute_script("return window.find(arguments[0], true, false, true)", word), word
        inside = browser.execute_script(
            "const n = window.getSelection().anchorNode; return !!(n && n.parentElement.closest('.map svg'))")
        assert inside, f"{word} was found, but not on the map"


@pytest.mark.parametrize("page", ["index.html", "demo/index.html", "demo/005.html", "volldampf-demo/005.html",
                                  "demo/red/index.html", "demo/008.html", "volldampf-demo/004.html",
                                  pytest.param("../running-site/demo/index.html", marks=pytest.mark.slow)])
def test_axe_core_finds_no_serious_or_critical_violation(browser, demo_site, page):
    from axe_selenium_python import Axe
    loaded(browser, demo_site / "site" / page)
    axe = Axe(browser)
    axe.inject()
    # The map's thousands of labels are measured for contrast one by one, and the composer's hexes
    # (alike but for their names) checked one by one, which takes axe half a minute a page; the map
    # as a whole (its name, its role) and the composer's hex that takes the focus are still checked.
    results = axe.run(context={"exclude": [[".map svg text"], ['.composer-hexes circle:not([tabindex="0"])']]})
    bad = [v for v in results["violations"] if v["impact"] in ("serious", "critical")]
    assert bad == [], axe.report(bad)
    assert results["passes"]


def test_the_arrow_keys_go_to_the_next_and_previous_newsletter(browser, demo_site):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    loaded(browser, demo_site / "site" / "demo" / "005.html")
    browser.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_RIGHT)
    _wait_for(browser, "006.html")
    browser.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_LEFT)
    _wait_for(browser, "005.html")
    browser.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_LEFT)
    _wait_for(browser, "004.html")
    loaded(browser, demo_site / "site" / "demo" / "001.html")
    browser.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_LEFT)
    time.sleep(0.3)
    assert browser.current_url.endswith("/demo/001.html")


def test_the_pages_read_without_javascript(browser, demo_site):
    """The newsletter links are plain links: following rel=next works with scripts off too."""
    from selenium.webdriver.common.by import By
    loaded(browser, demo_site / "site" / "demo" / "005.html")
    browser.find_element(By.CSS_SELECTOR, "nav.issues a[rel=next]").click()
    _wait_for(browser, "006.html")
    assert browser.find_element(By.TAG_NAME, "h1").text == "Demo: newsletter 006"


def _wait_for(browser, ending: str):
    for _ in range(50):
        if browser.current_url.endswith(ending):
            return
        time.sleep(0.1)
    raise AssertionError(f"{browser.current_url} is not {ending}")


PHONE_CHECKS = """
const out = {cut: [], small: [], names: [], labels: [], scrolls: []};
const width = window.innerWidth;
for (const cell of document.querySelectorAll('main td, main th')) {
  const r = cell.getBoundingClientRect();
  if (r.width && (r.left < 0 || r.right > width + 0.5 || cell.scrollWidth > cell.clientWidth + 1))
    out.cut.push(cell.textContent);
}
for (const box of document.querySelectorAll('main .scroll'))
  if (box.scrollWidth > box.clientWidth + 1) out.scrolls.push(box.getAttribute('aria-label'));
for (const a of document.querySelectorAll('a[href], label, input:not(.whole), button')) {
  const r = a.getBoundingClientRect();
  if (r.width && (r.height < 24 || r.width < 24)) out.small.push(a.textContent + ' ' + r.width + 'x' + r.height);
}
for (const t of document.querySelectorAll('.map svg text')) {
  const size = parseFloat(t.getAttribute('font-size')) * t.ownerSVGElement.getScreenCTM().a;
  if (/Bold/.test(t.getAttribute('font-family') || '') && /[A-Za-z]/.test(t.textContent)) out.names.push(size);
  else out.labels.push(size);
}
out.names = Math.min(...out.names); out.labels = Math.min(...out.labels);
const box = document.querySelector('.mapbox[data-focus]');
out.focus = box ? [box.scrollLeft, box.scrollTop] : null;
const now = document.querySelector('.now');
out.now = now ? now.getBoundingClientRect().top : null;
out.nowText = now ? now.textContent : '';
return out;
"""


@pytest.mark.parametrize("page", ["site/index.html", "site/demo/index.html", "site/demo/008.html",
                                  "site/volldampf-demo/014.html", "running-site/demo/003.html",
                                  "running-site/demo/index.html", "site/volldampf-demo/anna/index.html",
                                  "site/demo/red/index.html"])
def test_on_a_phone_every_cell_is_whole_the_map_reads_and_every_target_is_big_enough(browser, demo_site, page):
    """At 390 px: no table cut or scrolling sideways, map names >= 9 CSS px and every other map
    text >= 7 px on opening, the map opened on the new track, every link and control >= 24 px,
    where the game stands (or how it ended) on the first screen."""
    browser.set_window_size(PHONE, 844)
    try:
        loaded(browser, demo_site / page)
        found = browser.execute_script(PHONE_CHECKS)
    finally:
        browser.set_window_size(1280, 900)
    assert found["cut"] == [] and found["scrolls"] == [], found
    assert found["small"] == [], found["small"]
    if page.endswith(("008.html", "014.html")):
        assert found["names"] >= 9 and found["labels"] >= 7, found
    if page == "site/demo/008.html":
        assert found["focus"][0] > 0 and found["focus"][1] > 0     # scrolled to the new track, away from the corner
    if page.startswith("running-site") or page.endswith(("014.html", "demo/index.html")):
        assert 0 < found["now"] < 200, found["now"]
    if page.startswith("running-site"):                 # 003 from now.js: the game is at round 4
        assert "Now: construction, round 4" in found["nowText"], found["nowText"]


@pytest.mark.slow
def test_the_composer_counts_a_tapped_chain_as_submit_does(browser, demo_site, tmp_path):
    """On the open round's page: hexes tapped and one chosen by the keyboard make the BUILD line;
    a hex not beside the last is refused; #order-cost is `umpire submit`'s total for the lines."""
    import re
    import shutil

    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from site_games import umpire

    from umpire.families.dampfross.hexgrid import label, parse_label
    from umpire.game import Game

    pages = sorted((demo_site / "running-site" / "demo").glob("[0-9][0-9][0-9].html"))
    loaded(browser, pages[-2])
    assert browser.find_elements(By.ID, "composer-data") == []          # an older page has no composer
    loaded(browser, pages[-1])
    data = browser.execute_script("return JSON.parse(document.getElementById('composer-data').textContent)")
    company = data["companies"][0]
    game = shutil.copytree(demo_site / "running" / "demo", tmp_path / "demo")
    grid = Game.open(game).game_map.grid
    tappable = lambda h: data["terrain"][h[1] * data["cols"] + h[0]] != "o"  # noqa: E731
    chain = [parse_label(company["starts"][-1])]
    while len(chain) < 5:
        chain.append(next(n for n in grid.neighbours(chain[-1]) if tappable(n) and n not in chain))
    browser.find_element(By.ID, "order-company").send_keys(company["name"])
    assert browser.find_elements(By.CSS_SELECTOR, "[data-hex]") == []     # the hex targets wait for the reader
    browser.execute_script("document.querySelector('.mapbox').focus()")
    tap = lambda h: browser.find_element(By.CSS_SELECTOR, f'[data-hex="{label(h)}"]').click()  # noqa: E731
    for h in chain:
        tap(h)
    far = next(h for h in grid.neighbours(chain[0]) if tappable(h) and grid.distance(h, chain[-1]) > 1)
    tap(far)
    assert "is not next to" in browser.find_element(By.ID, "order-note").text
    below = (chain[-1][0], chain[-1][1] + 1)
    browser.find_element(By.CSS_SELECTOR, f'[data-hex="{label(chain[-1])}"]').send_keys(Keys.ARROW_DOWN, Keys.ENTER)
    text = browser.find_element(By.ID, "order-text").text
    assert text == "BUILD " + "-".join(label(h) for h in chain + [below])
    browser.find_element(By.ID, "order-undo").click()
    text, cost = browser.find_element(By.ID, "order-text").text, int(browser.find_element(By.ID, "order-cost").text)
    lines = browser.find_element(By.ID, "order-lines").text
    assert text == "BUILD " + "-".join(label(h) for h in chain) and "CODE <your order code>" in lines
    order = tmp_path / "order.txt"
    order.write_text("\n".join(line for line in lines.splitlines() if not line.startswith("CODE")) + "\n")
    said = umpire("submit", game, order).output
    assert int(re.search(r"Altogether (\d+) point", said).group(1)) == cost > 0, said


def test_the_text_edition_shows_its_umlauts_served_by_http_server_and_from_disk(browser, demo_site):
    import functools
    import http.server
    import threading
    site = demo_site / "site"
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        for address in (f"http://127.0.0.1:{server.server_port}/volldampf-demo/005.txt",
                        url(site / "volldampf-demo" / "005.txt")):
            browser.get(address)
            text = browser.execute_script("return document.body.innerText")
            assert "Würzburg" in text and "Ã" not in text and "\ufeff" not in text[:1], address
    finally:
        server.shutdown()
        server.server_close()


@pytest.mark.slow
def test_the_volldampf_composer_counts_tapped_lines_as_submit_does(browser, demo_site, tmp_path):
    """The Volldampf demo rolled back to turn 4C, then 4B: a cube's route tapped (its start, a
    location, the next by the keyboard) makes the MOVE line, a link beside no end of it is refused;
    track spaces tapped make BUILD lines; #order-text is what `umpire submit` reads and #order-cost
    its income for the player, then its costs."""
    import re
    import shutil

    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from site_games import umpire

    from umpire.site import build_site

    game = shutil.copytree(demo_site / "games" / "volldampf-demo", tmp_path / "vd")

    def open_turn(turn):
        umpire("rollback", game, "--to", turn)
        build_site(game, tmp_path / turn)
        [page] = [p for p in (tmp_path / turn).glob("*/[0-9][0-9][0-9].html")
                  if "composer-data" in p.read_text(encoding="utf-8")]
        loaded(browser, page)
        return browser.execute_script("return JSON.parse(document.getElementById('composer-data').textContent)")

    def submitted(player):
        lines = browser.find_element(By.ID, "order-lines").text
        order = tmp_path / "order.txt"
        order.write_text("\n".join(x for x in lines.splitlines() if not x.startswith("CODE")).replace(
            "<your id>", player) + "\n", encoding="utf-8")
        return umpire("submit", game, order).output

    def tap(selector):
        spot = browser.find_element(By.CSS_SELECTOR, selector)
        browser.execute_script("arguments[0].scrollIntoView({block: 'center', inline: 'center'})", spot)
        spot.click()

    def text(ident):
        return browser.find_element(By.ID, ident).text

    data = open_turn("4C")
    links = {x["id"]: x for x in data["links"]}
    places = {x["id"]: x for x in data["locations"]}
    route = _a_route(data, links, places)
    assert route, "the demo's turn 4C has a cube that can move"
    start, colour, hops = route
    me = links[hops[0]]["owner"]
    browser.find_element(By.ID, "order-company").send_keys(next(c["name"] for c in data["companies"] if c["id"] == me))
    tap(f'.composer-hexes [data-location="{start}"]')
    browser.find_element(By.ID, "order-colour").send_keys(colour)
    far = next(x for x in data["links"] if start not in (x["a"], x["b"]))
    tap(f'.composer-hexes [data-link="{far["id"]}"]')
    assert "does not touch" in text("order-note")
    at = start
    for h in hops:
        at = links[h]["b"] if links[h]["a"] == at else links[h]["a"]
        if h == hops[-1]:
            spot = browser.find_element(By.CSS_SELECTOR, f'.composer-hexes [data-link="{h}"]')
            browser.execute_script("arguments[0].focus()", spot)
            assert browser.switch_to.active_element.get_attribute("data-link") == h
            ActionChains(browser).send_keys(Keys.ENTER).perform()
        else:
            tap(f'.composer-hexes [data-location="{at}"]')
    names = [places[start]["name"]] + [places[x]["name"] for x in _ends(links, start, hops)]
    assert text("order-text") == f"MOVE {colour} " + "-".join(names)
    own = (tmp_path / "4C" / data["game"] / me / "index.html").read_text(encoding="utf-8")
    assert "composer-data" in own and f'<option value="{me}" selected>' in own     # his page: him chosen
    said = submitted(me)
    gains = dict(re.findall(r"(\w+) \+(\d+)", said.split("legal on today's board", 1)[1].splitlines()[0]))
    assert int(text("order-cost")) == int(gains[me]) > 0, said

    data = open_turn("4B")
    co = next(c for c in data["companies"] if c["cards"])
    free = [x for x in data["links"] if not x["owner"] and x["region"] in co["cards"] and x["cost"] <= co["cash"]]
    browser.find_element(By.ID, "order-company").send_keys(co["name"])
    tap(f'.composer-hexes [data-link="{free[0]["id"]}"]')
    tap(f'.composer-hexes [data-location="{free[0]["a"]}"]')
    assert "track space" in text("order-note")
    taken = next(x for x in data["links"] if x["owner"])
    tap(f'.composer-hexes [data-link="{taken["id"]}"]')
    assert text("order-text") == f"BUILD {free[0]['text']}\nBUILD {taken['text']}"
    assert "already has" in browser.find_element(By.CSS_SELECTOR, "#order-steps .refused").text
    said = submitted(co["id"])
    costs = [int(n) for n in re.findall(r"legal now, costs (\d+)", said)]
    assert costs == [int(text("order-cost"))] == [free[0]["cost"]], said


def _ends(links, start, hops):
    at, out = start, []
    for h in hops:
        at = links[h]["b"] if links[h]["a"] == at else links[h]["a"]
        out.append(at)
    return out


def _a_route(data, links, places):
    """A cube's legal route of two links or more on built track, if any: (start, colour, link ids)."""
    def walk(at, colour, hops, seen):
        for x in data["links"]:
            if x["owner"] and at in (x["a"], x["b"]) and x["id"] not in hops:
                to = x["b"] if x["a"] == at else x["a"]
                if to in seen:
                    continue
                if places[to]["colour"] == colour:
                    if hops:
                        return hops + [x["id"]]
                    continue
                found = len(hops) < 4 and walk(to, colour, hops + [x["id"]], seen | {to})
                if found:
                    return found
        return None
    for loc in data["locations"]:
        for colour in loc["cubes"]:
            hops = walk(loc["id"], colour, [], {loc["id"]})
            if hops:
                return loc["id"], colour, hops
    return None

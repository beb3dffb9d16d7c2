"""A German game's web pages (docs/languages.md, docs/site.md): every page of both families in
German (`lang="de"`, German words, no English left on its visible text but names), its feed and
calendar, the site's index in the host's language (umpire.yaml `language:`), and in a browser at
a phone's 390 px the countdown and the order composer speaking German. English pages carry no
words for the script and keep `lang="en"`."""

from __future__ import annotations

import html
import os
import re
from pathlib import Path

import pytest
from browser import console_errors, needs_browser, start_browser, stop_browser
from language_helpers import english_left

from umpire.errors import UmpireError
from umpire.kernel.language import speaking
from umpire.site.build import host_language, render

# names the demos give (maps, rules, companies); the order form's header the umpire reads back
# stays as written (docs/languages.md); "Was" is German
SHOTS = Path(os.environ.get("UMPIRE_SHOTS", "/tmp/shots-de-site"))
NAMES = ("Germany in the 1920s", "umpired by mail", "<your order code>", "Order Forms For Round", "Was")


def visible(page: str) -> str:
    """A page's text as a reader sees it: no scripts, no drawings, no tags; without the roll list,
    whose purposes are printed as the umpire rolled them (docs/languages.md)."""
    page = re.sub(r"<script.*?</script>|<svg.*?</svg>|<h2>Alle Würfe dieser Ausgabe</h2>.*?</section>", " ", page,
                  flags=re.DOTALL)
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


def pages(root, game: str) -> list:
    return sorted((root / game).rglob("*.html"))


@pytest.mark.parametrize("site", ["site", "running-site"])
def test_every_dampfross_page_is_german(german_site, site):
    found = pages(german_site / site, "demo")
    assert len(found) > 8
    for page in found:
        text = page.read_text(encoding="utf-8")
        assert '<html lang="de">' in text and 'id="site-words"' in text, page
        words = visible(text)
        assert "Auswertung" in words and "Alle Spiele" in words, page
        assert english_left(words, NAMES) == [], page


def test_the_running_german_game_says_where_it_stands_in_german(german_site):
    text = visible((german_site / "running-site" / "demo" / "index.html").read_text(encoding="utf-8"))
    assert "Jetzt: Aufbauphase, Runde 4" in text or "Jetzt: Betriebsphase, Runde 4" in text
    assert "Abgabetermin:" in text and "Uhr (UTC)" in text and "Erwartet von:" in text
    composer = (german_site / "running-site" / "demo" / "index.html").read_text(encoding="utf-8")
    assert "Einen BAU-Befehl auf der Karte zusammenstellen" in composer
    assert "liegt nicht am Netz dieser Gesellschaft" in composer          # the composer's reasons, in its data


def test_every_volldampf_page_is_german_but_the_newsletters_own_text(german_site):
    """The pages the site writes are German; an issue's sections are its text edition's, as the
    Volldampf newsletter writes them: only the page around them is checked there."""
    found = pages(german_site / "site", "volldampf-demo")
    assert len(found) > 10
    for page in found:
        text = page.read_text(encoding="utf-8")
        assert '<html lang="de">' in text, page
        own = re.sub(r"<!-- main -->.*<!-- /main -->", " ", text, flags=re.DOTALL)
        heads = " ".join(" ".join(found) for found in re.findall(r"<caption>(.*?)</caption>|<th scope=.col.>(.*?)</th>",
                                                                 text))
        assert english_left(visible(own) + " " + html.unescape(heads), NAMES) == [], page
        assert "Spieler" in visible(text) or page.name == "newest.html", page     # that one only leads on


def test_the_feed_and_calendar_are_german(german_site):
    feed = (german_site / "site" / "demo" / "feed.atom").read_text(encoding="utf-8")
    assert 'xml:lang="de"' in feed and "<title>demo: Auswertungen</title>" in feed
    assert "<title>demo: Auswertung 001</title>" in feed and "der Spielleiter" in feed
    calendar = (german_site / "running-site" / "demo" / "deadlines.ics").read_text(encoding="utf-8")
    assert "X-WR-CALNAME:demo: Abgabetermine" in calendar and "SUMMARY:demo: Befehle fällig (" in calendar


def test_the_sites_index_speaks_the_hosts_language(tmp_path, german_site):
    assert host_language(tmp_path) == "en"
    assert "<caption>Every game</caption>" in (german_site / "site" / "index.html").read_text(encoding="utf-8")
    (tmp_path / "umpire.yaml").write_text("language: de\n")
    assert host_language(tmp_path) == "de"
    with speaking(host_language(tmp_path)):
        index = render("index.html.j2", title="Spiele", root="", games=[])
    assert '<html lang="de">' in index and "<caption>Alle Spiele</caption>" in index
    assert english_left(visible(index)) == []
    (tmp_path / "umpire.yaml").write_text("language: fr\n")
    with pytest.raises(UmpireError, match="language: fr must be one of en"):
        host_language(tmp_path)


def test_an_english_page_keeps_its_language_and_carries_no_words_for_the_script(demo_site):
    for page in pages(demo_site / "site", "demo")[:3] + pages(demo_site / "running-site", "demo")[-2:]:
        text = page.read_text(encoding="utf-8")
        assert '<html lang="en">' in text and "site-words" not in text, page


@pytest.mark.browser
@needs_browser
def test_on_a_phone_the_countdown_and_the_composer_speak_german(german_site):
    from selenium.webdriver.common.by import By

    from umpire.families.dampfross.hexgrid import label, parse_label
    from umpire.game import Game

    driver = start_browser()
    try:
        driver.set_window_size(390, 844)
        newest = sorted((german_site / "running-site" / "demo").glob("[0-9][0-9][0-9].html"))[-1]
        driver.get(newest.resolve().as_uri())
        driver.execute_script("return document.fonts.ready.then(() => true)")
        assert console_errors(driver) == []
        assert "in Ihrer Zeitzone" in driver.find_element(By.CSS_SELECTOR, ".local").text
        left = driver.find_element(By.CSS_SELECTOR, ".countdown").text
        assert left.startswith("noch ") or left == "der Abgabetermin ist verstrichen", left
        data = driver.execute_script("return JSON.parse(document.getElementById('composer-data').textContent)")
        grid = Game.open(german_site / "running" / "demo").game_map.grid
        tappable = lambda h: data["terrain"][h[1] * data["cols"] + h[0]] != "o"  # noqa: E731
        start = parse_label(data["companies"][0]["starts"][-1])
        near = next(n for n in grid.neighbours(start) if tappable(n))
        far = next(n for n in grid.neighbours(near) if tappable(n) and grid.distance(n, start) == 2)
        driver.execute_script("document.querySelector('.mapbox').focus()")
        for h in (start, far):
            driver.find_element(By.CSS_SELECTOR, f'[data-hex="{label(h)}"]').click()
        assert "liegt nicht neben" in driver.find_element(By.ID, "order-note").text
        composer = driver.find_element(By.ID, "composer").text
        assert "Zeilen kopieren" in composer and "Zusammen" in composer and "Würfelpunkte" in composer
        assert english_left(composer) == []
        lines = driver.find_element(By.ID, "order-lines").text.splitlines()
        assert lines[:1] == ["SPIEL demo"] and "CODE <Ihr Befehlscode>" in lines, lines
        assert lines[-1] == f"BAU {label(start)}", lines                 # the composer writes German order words
        inner, scroll = driver.execute_script("return [window.innerWidth, document.documentElement.scrollWidth]")
        assert inner == 390 and scroll <= 390
        SHOTS.mkdir(parents=True, exist_ok=True)
        driver.execute_script("document.getElementById('composer').scrollIntoView()")
        driver.save_screenshot(str(SHOTS / "phone-composer.png"))
        driver.execute_script("window.scrollTo(0, 0)")
        driver.save_screenshot(str(SHOTS / "phone-top.png"))
    finally:
        stop_browser(driver)

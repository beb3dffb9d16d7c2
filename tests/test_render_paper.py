"""The newsletter PDF as a reader gets it: one paper size for every page, every font embedded,
names in Greek, Cyrillic and Turkish as written, and every land hex label in the map's text layer."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest
from click.testing import CliRunner
from pixels import need_pdftoppm

from umpire.cli import main
from umpire.families.dampfross.hexgrid import label
from umpire.families.dampfross.render import sheets
from umpire.families.dampfross.render.styles import company_styles
from umpire.game import Game
from umpire.render import fonts
from umpire.render.paper import paper_size
from umpire.usecases import actions

NAMES = ["red:Çağ Demiryolu", "blue:Σιδηρόδρομοι Ελλάδος", "green:Железная дорога"]


def _poppler(tool: str, *args) -> str:
    need_pdftoppm()
    if not shutil.which(tool):
        pytest.skip(f"{tool} (poppler-utils) is not installed")
    return subprocess.run([tool, *map(str, args)], capture_output=True, check=True, text=True).stdout


@pytest.fixture(scope="module")
def a4(tmp_path_factory):
    folder, _ = actions.create_game(tmp_path_factory.mktemp("a4") / "g", "ireland", "laurin", NAMES, seed="s")
    return folder


@pytest.fixture(scope="module")
def letter(tmp_path_factory):
    folder, _ = actions.create_game(tmp_path_factory.mktemp("letter") / "g", "usa-east", "schmidt", NAMES,
                                    seed="s", option_specs=("paper=letter",))
    return folder


def _papers(pdf) -> set[tuple[str, str]]:
    """Each page's paper (its sides, shorter first): a map sheet may lie in landscape on the same paper."""
    info = _poppler("pdfinfo", "-f", 1, "-l", 999, pdf)
    return {tuple(sorted(size, key=float)) for size in re.findall(r"Page +\d+ size: +([\d.]+) x ([\d.]+)", info)}


def test_every_page_of_the_newsletter_is_a4_by_default(a4):
    assert _papers(a4.path / "newsletters" / "001.pdf") == {("595.276", "841.89")}


def test_the_paper_option_makes_every_page_letter(letter):
    assert _papers(letter.path / "newsletters" / "001.pdf") == {("612", "792")}


def test_an_unknown_paper_is_refused_at_new(tmp_path):
    result = CliRunner().invoke(main, ["new", str(tmp_path / "g"), "--map", "ireland", "--rules", "laurin",
                                       "--company", "red:Red", "--company", "blue:Blue", "--option", "paper=a5"])
    assert result.exit_code == 1 and "paper=a4" in result.output
    assert not (tmp_path / "g").exists()


def test_every_font_is_embedded(a4):
    rows = _poppler("pdffonts", a4.path / "newsletters" / "001.pdf").splitlines()[2:]
    assert rows and all(row.split()[-5] == "yes" for row in rows), rows


def test_every_font_of_every_demo_newsletter_is_embedded_the_balance_chart_included(demo_played):
    folder = demo_played
    for pdf in sorted((folder.path / "newsletters").glob("*.pdf")):
        rows = _poppler("pdffonts", pdf).splitlines()[2:]
        assert rows and all(row.split()[-5] == "yes" for row in rows), (pdf.name, rows)


def test_names_in_greek_cyrillic_and_turkish_come_out_as_written(a4):
    text = _poppler("pdftotext", a4.path / "newsletters" / "001.pdf", "-")
    for spec in NAMES:
        assert spec.split(":")[1] in text


def test_the_fonts_cover_latin_greek_and_cyrillic():
    assert fonts.undrawable("Çağ Ελλάδα Россия Straße Øresund Łódź €") == ""
    assert fonts.undrawable("鉄道 Çağ") == "鉄道"


def test_a_name_the_fonts_cannot_draw_is_a_question_mark_and_a_warning_at_new(tmp_path):
    result = CliRunner().invoke(main, ["new", str(tmp_path / "g"), "--map", "ireland", "--rules", "laurin",
                                       "--company", "red:鉄道 Lines", "--company", "blue:Blue", "--seed", "s"])
    assert result.exit_code == 0, result.output
    assert "cannot draw '鉄道' in '鉄道 Lines'" in result.stderr
    text = _poppler("pdftotext", tmp_path / "g" / "newsletters" / "001.pdf", "-")
    assert "?? Lines" in text and "鉄道" not in text


def test_every_land_hex_label_is_in_the_text_layer_of_its_sheet(a4):
    game_map = Game.of(a4).game_map
    pdf = a4.path / "newsletters" / "001.pdf"
    plan = sheets.plan_sheets(game_map.grid, paper_size("a4"))
    text = _poppler("pdftotext", pdf, "-")
    first = 1 + text.split("\f").index(next(p for p in text.split("\f") if "overview of sheets" in p))
    for offset, sheet in enumerate(plan):
        if sheet.overview:
            continue
        page = _poppler("pdftotext", "-f", first + offset, "-l", first + offset, pdf, "-")
        wanted = [label(h) for h in game_map.all_hexes if h in sheet.window and game_map.char(h) != "~"]
        missing = [lb for lb in wanted if not re.search(rf"(?<![A-Z]){lb}(?!\d)", page)]
        assert missing == [], f"sheet {sheet.number}"


def test_a_company_takes_the_colour_its_name_names():
    styles = company_styles([("pink", "Pink"), ("grey", "Grey Line"), ("gsw", "Dark Green Railway"),
                             ("x", "Great Northern")])
    assert styles["pink"].colour == pytest.approx((1.0, 0.753, 0.796), abs=0.01)
    assert styles["grey"].name == "grey"
    assert styles["gsw"].name == "darkgreen"
    assert styles["x"].name == "red"             # the first free colour of the palette


def test_six_companies_differ_in_dash_and_colour_and_light_colours_get_a_dark_casing():
    styles = company_styles([(c, c.capitalize()) for c in ("a", "b", "c", "d", "e", "yellow")])
    assert len({s.dash for s in styles.values()}) == 6
    assert len({s.colour for s in styles.values()}) == 6
    assert styles["yellow"].casing != (1.0, 1.0, 1.0) and styles["a"].casing == (1.0, 1.0, 1.0)


def test_the_front_page_draws_the_balances_round_by_round(demo_played):
    from umpire.families.dampfross.render.report import balances_by_round
    folder = demo_played
    state = Game.of(folder).state()
    balances = balances_by_round(folder.events, state.seat_order())
    for cid in state.seat_order():
        assert balances[cid][0] == (0, 20) and balances[cid][-1][1] == state.balance(cid)
    front = _poppler("pdftotext", "-f", 1, "-l", 1, folder.path / "newsletters" / "009.pdf", "-")
    assert "Balances after each round" in front
    assert "Balances after each round" not in _poppler("pdftotext", "-f", 1, "-l", 1,
                                                      folder.path / "newsletters" / "001.pdf", "-")


def test_the_newsletter_speaks_english_and_the_map_keeps_its_local_names(tmp_path):
    from umpire.families.dampfross.gamemap import load_map
    bavaria = load_map("bavaria")
    assert (bavaria.title, bavaria.local_title) == ("Bavaria", "Bayern")
    assert {s.name: s.local_name for s in bavaria.specials.values()}["Bohemia"] == "Böhmen"
    folder, _ = actions.create_game(tmp_path / "g", "bavaria", "laurin", ["red:Red", "blue:Blue"], seed="s")
    text = _poppler("pdftotext", folder.path / "newsletters" / "001.pdf", "-")
    assert "Bavaria" in text and "Bohemia" in text
    assert not re.search(r"\b(Bayern|Böhmen|Österreich|oder|und)\b", text)

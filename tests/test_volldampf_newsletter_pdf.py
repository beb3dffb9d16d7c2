"""The Volldampf newsletter PDF: the board with its players' legend, then pages of tables (players,
the auction bid by bid, builds, moves and the income each gave, income and interest, cubes by
city, cards), searchable and with every font embedded; each player's private sheet as a PDF of
its own, journaled with the newsletter and replayed byte for byte. Read back with poppler."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest
from pixels import need_pdftoppm

from umpire.game import Game
from umpire.store.folder import GameFolder
from umpire.usecases import actions, demo
from umpire.usecases.family_folder import handed
from umpire.usecases.replay import replay


@pytest.fixture(scope="module")
def played(played_once, tmp_path_factory):
    """The Volldampf demo played to its end: the module's own copy (a test changes a file and puts it back)."""
    need_pdftoppm()
    shared = played_once(demo.demo_dir("volldampf"))
    copy = tmp_path_factory.mktemp("vdpdf") / shared.path.name
    shutil.copytree(shared.path, copy)
    return GameFolder(copy)


def text_of(path, first=None, last=None) -> str:
    pages = (["-f", str(first)] if first else []) + (["-l", str(last)] if last else [])
    return subprocess.run(["pdftotext", "-layout", *pages, str(path), "-"], capture_output=True, text=True,
                          check=True).stdout


def fonts_of(path) -> list[list[str]]:
    out = subprocess.run(["pdffonts", str(path)], capture_output=True, text=True, check=True).stdout
    return [line.split() for line in out.splitlines()[2:]]


def issue_after(folder: GameFolder, turn: str) -> int:
    """The number of the newsletter written by the resolve of `turn`."""
    seen = None
    for e in folder.events:
        if e["type"] == "command" and e.get("command") == "resolve":
            seen = e["round"]
        elif e["type"] == "newsletter" and seen == turn:
            return e["number"]
    raise AssertionError(f"no newsletter after {turn}")


def events_of_issue(folder: GameFolder, number: int) -> list[dict]:
    out = []
    for e in folder.events:
        if e["type"] == "newsletter":
            if e["number"] == number:
                return out
            out = []
        else:
            out.append(e)
    raise AssertionError(number)


def row_of(text: str, name: str) -> list[str]:
    """The words of the players table's row of `name`, after the name."""
    line = next(line for line in text.splitlines() if name in line and re.search(r"\d\s*$", line))
    return line.split(name, 1)[1].split()


def test_the_players_table_gives_each_players_figures_as_status_does(played):
    game = Game.of(played)
    final = played.newsletter_count()
    text = text_of(played.newsletters / f"{final:03d}.pdf", first=2)
    status = game.family.status(Game.of(played), game.state())
    assert "Players" in text and "Marks" in text and "Income" in text
    for p, v in status["players"].items():
        words = row_of(text, v["name"])
        assert words[:5] == [p, words[1], str(v["marks"]), str(v["income"]), str(v["bonds"])], words
        assert words[-1] == str(len(v["sections"])) and words[-2] == str(v["cards"])


def test_the_board_page_has_a_players_legend_and_the_city_names(played):
    page = text_of(played.newsletters / "008.pdf", first=1, last=1)
    assert "Players" in page
    state = Game.of(played).state()
    for p in state.seats:
        assert state.names[p] in page and f"{p}," in page
    for city in ("Hamburg", "Leipzig", "München", "Königsberg"):
        assert city in page


def test_the_auction_shows_every_bid_and_what_each_player_paid(played):
    number = issue_after(played, "3A")
    [auction] = [e for e in events_of_issue(played, number) if e["type"] == "auction"]
    text = text_of(played.newsletters / f"{number:03d}.pdf", first=2)
    assert "Turn-order auction" in text
    rows = [line.split() for line in text.splitlines() if re.match(r"\s*\d+\s+[a-z]+\s+(bids|drops out|is left)", line)]
    assert len(rows) == len(auction["bids"])
    for (_step, player, *rest), bid in zip(rows, auction["bids"]):
        assert player == bid["player"]
        if "bid" in bid:
            assert rest == ["bids", str(bid["bid"])]
        else:
            assert rest[-3:] == [str(bid["last"]), str(bid["place"]), str(auction["paid"][player])]


def test_builds_moves_and_payouts_are_tables_with_their_figures(played):
    game = Game.of(played)
    built = issue_after(played, "2B")
    text = text_of(played.newsletters / f"{built:03d}.pdf", first=2)
    builds = [e for e in events_of_issue(played, built) if e["type"] == "build"]
    assert "Builds" in text and builds
    board = game.game_map
    for e in builds:
        link = board.describe(board.links[e["link"]])
        line = next(line for line in text.splitlines() if link.split(" (")[0] in line)
        assert line.split()[-1] == str(e["cost"])
    assert f"Paid in all: {sum(e['cost'] for e in builds)} marks." in text

    moved = issue_after(played, "2C")
    text = text_of(played.newsletters / f"{moved:03d}.pdf", first=2)
    events = events_of_issue(played, moved)
    assert "Moves" in text and "Income and interest" in text
    for e in (e for e in events if e["type"] == "move"):
        assert e["route"].split("-")[0] in text
        assert all(f"{p} +{n}" in text for p, n in e["gains"].items())
    for e in (e for e in events if e["type"] == "payout"):
        name = game.state().names[e["player"]]
        payouts = text.split("Income and interest", 1)[1].split("Each player receives", 1)[0]
        line = next(line for line in payouts.splitlines() if f"{name} ({e['player']})" in line)
        assert line.split()[-5:] == [str(e["received"]), str(e["interest"]), str(e["paid"]), str(e["short"]),
                                     str(e["income"])]


def test_cubes_by_city_and_the_public_cards(played):
    number = issue_after(played, "3A")
    text = text_of(played.newsletters / f"{number:03d}.pdf", first=2)
    assert "Cubes by city" in text and "Cards" in text and "Goods cards turned so far:" in text
    assert "Action discards:" in text and "Action cards in hand:" in text


def test_the_text_pages_are_set_in_proportional_type_and_every_font_is_embedded(played):
    for name in ("008.pdf", "014.pdf", "008-anna.pdf"):
        rows = fonts_of(played.newsletters / name)
        assert rows and all(row[-5] == "yes" for row in rows), rows
    faces = {row[0].split("+")[-1] for row in fonts_of(played.newsletters / "008.pdf")}
    assert {"DejaVuSans", "DejaVuSans-Bold"} <= faces


def test_each_player_has_a_private_pdf_journaled_with_the_newsletter(played):
    state = Game.of(played).state()
    for e in (e for e in played.events if e["type"] == "newsletter"):
        for p in state.seats:
            name = f"newsletters/{e['number']:03d}-{p}.pdf"
            assert name in e["files"] and (played.path / name).exists()
    sheet = text_of(played.newsletters / "008-anna.pdf")
    assert "Anna Ahrens" in sheet and "Private sheet" in sheet and "Your figures" in sheet
    own = (played.newsletters / "008-anna.txt").read_text(encoding="utf-8").splitlines()
    assert all(line.strip() in sheet for line in own[1:] if line.strip())
    assert "Bernd Brinkmann" not in sheet


def test_replay_compares_the_private_pdfs_byte_for_byte(played):
    outcome = replay(played.path)
    assert outcome.differences == []
    assert any(f.endswith("-anna.pdf") for f in outcome.newsletters)
    path = played.newsletters / "005-bernd.pdf"
    original = path.read_bytes()
    try:
        path.write_bytes(original + b"\n")
        assert [d.file for d in replay(played.path).differences] == ["newsletters/005-bernd.pdf"]
    finally:
        path.write_bytes(original)


def test_a_game_begun_under_an_earlier_layout_gets_private_pdfs_its_journal_does_not_list(tmp_path):
    folder, _ = actions.create_game(tmp_path / "old", None, "volldampf",
                                    ["ann:Ann:ann@example.org", "bob:Bob:bob@example.org", "cy:Cy:cy@example.org"],
                                    seed="old")
    config = folder.path / "game.yaml"
    text = config.read_text(encoding="utf-8")
    config.write_text(re.sub(r"newsletter_layout: \d+\n", "", text), encoding="utf-8")
    folder = GameFolder(folder.path)
    actions.resolve(folder)
    [event] = [e for e in GameFolder(folder.path).events if e["type"] == "newsletter" and e["number"] == 2]
    assert not any(f.endswith("-ann.pdf") for f in event["files"])
    assert (folder.newsletters / "002-ann.pdf").exists()


def test_with_hidden_money_the_pdf_shows_no_marks_and_the_private_pdf_shows_his_own(tmp_path):
    need_pdftoppm()
    folder, _ = actions.create_game(tmp_path / "hid", None, "volldampf",
                                    ["ann:Ann:ann@example.org", "bob:Bob:bob@example.org", "cy:Cy:cy@example.org"],
                                    seed="hidden", option_specs=("money=hidden",))
    text = text_of(folder.newsletters / "001.pdf", first=2)
    for name, p in (("Ann", "ann"), ("Bob", "bob"), ("Cy", "cy")):
        assert row_of(text, name)[:4] == [p, row_of(text, name)[1], "-", "0"]
    marks = Game.of(folder).state().cash("ann")
    sheet = text_of(folder.newsletters / "001-ann.pdf")
    figures = sheet.split("Your figures", 1)[1].split("\n")
    header = next(i for i, line in enumerate(figures) if "Marks" in line)
    assert figures[header + 1].split()[0] == str(marks)


def _page_sizes(pdf: bytes, tmp_path) -> list[str]:
    path = tmp_path / "sized.pdf"
    path.write_bytes(pdf)
    out = subprocess.run(["pdfinfo", "-l", "9", str(path)], capture_output=True, text=True, check=True).stdout
    return re.findall(r"Page +\d+ size: +([\d.]+ x [\d.]+)", out)


def test_a_game_on_letter_paper_is_printed_on_letter_and_an_older_one_as_it_was(tmp_path):
    need_pdftoppm()
    folder, _ = actions.create_game(tmp_path / "vl", "volldampf-germany", "volldampf",
                                    ["ann:Ann:ann@example.org", "bob:Bob:bob@example.org", "cy:Cy:cy@example.org"],
                                    seed="letter", option_specs=("paper=letter",))
    sizes = _page_sizes(folder.read_bytes("newsletters/001.pdf"), tmp_path)
    assert sizes[0] == "792 x 612" and set(sizes[1:]) == {"612 x 792"}        # the board turned, the tables upright
    assert set(_page_sizes(folder.read_bytes("newsletters/001-ann.pdf"), tmp_path)) == {"612 x 792"}
    board_page = text_of(folder.path / "newsletters" / "001.pdf", 1, 1)
    assert "Hamburg" in board_page and "Königsberg" in board_page and "volldampf-germany" in board_page
    game = Game.of(folder)
    state = game.state()
    state.journal_format = 1                      # a game made before: its paper was not read, A4 it stays
    older = game.family.newsletter(handed(game), 1, state)
    assert set(_page_sizes(older.pdf(), tmp_path)) <= {"841.89 x 595.276", "595.276 x 841.89"}
    assert set(_page_sizes(older.private_pdf["ann"](), tmp_path)) == {"595.276 x 841.89"}

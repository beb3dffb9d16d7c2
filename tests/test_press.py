"""Press: a PRESS section of an order is printed in the next newsletter (named or grey), the GM
may hold it back, codes never print, and the order's parser never sees it."""

from __future__ import annotations

from helpers import run_ok
from hypothesis import given, settings
from hypothesis import strategies as st

from umpire.families.dampfross.gamemap import load_map
from umpire.families.dampfross.orders import parse_order
from umpire.usecases.press import PRESS_LIMIT, split_press


def test_press_runs_to_endpress_or_the_end_and_skips_quotes():
    text = "GAME g\nPRESS\nWe see you.\n> quoted\nENDPRESS\nBUILD A1-A2\nPRESS GREY\nSomeone lies.\n-- \nsig\n"
    rest, items = split_press(text)
    assert [(p.text, p.grey, p.line) for p in items] == [("We see you.", False, 2), ("Someone lies.", True, 7)]
    assert rest.splitlines()[5] == "BUILD A1-A2" and len(rest.splitlines()) == len(text.splitlines())


def test_press_lines_are_not_read_as_orders():
    order = parse_order("GAME g\nCOMPANY red\nPRESS\nBUILD nonsense here\nENDPRESS\nBUILD AE22-AD21\n",
                        load_map("ireland"))
    assert not order.errors and len(order.chains) == 1


def test_long_press_is_cut_and_says_so():
    (item,) = split_press("PRESS\n" + "x" * (PRESS_LIMIT + 10))[1]
    assert len(item.text) == PRESS_LIMIT and item.cut


@settings(max_examples=200, deadline=None)
@given(st.text())
def test_any_text_splits_without_a_crash_and_keeps_its_line_numbers(text):
    rest, _ = split_press(text)
    assert len(rest.splitlines()) <= len(text.splitlines())


def game(tmp_path, *options):
    path = tmp_path / "g"
    out = run_ok("new", path, "--map", "ireland", "--rules", "laurin", "--company", "red:Red Lines:red@example.org",
              "--company", "blue:Blue Star:blue@example.org", *options)
    codes = dict(line.strip().split(": ") for line in out.splitlines() if line.startswith("  "))
    return path, codes


def submit(tmp_path, path, company, body):
    order = tmp_path / f"{company}.txt"
    order.write_text(f"GAME g\nCOMPANY {company}\n{body}\n", encoding="utf-8")
    run_ok("submit", path, order)


def test_press_is_printed_under_the_company_name_and_grey_press_anonymously(tmp_path):
    path, _ = game(tmp_path, "--option", "grey_press=true")
    submit(tmp_path, path, "red", "HOME Dublin\nPRESS\nDublin is ours.")
    submit(tmp_path, path, "blue", "HOME Belfast\nPRESS GREY\nRed will go bankrupt.")
    run_ok("resolve", path, "--force")
    text = (path / "newsletters" / "002.txt").read_text(encoding="utf-8")
    assert "Red Lines:\n  Dublin is ours." in text and "Grey press:\n  Red will go bankrupt." in text
    assert "Blue Star:" not in text.split("PRESS")[1].split("ORDER FORMS")[0]


def test_grey_press_is_named_where_the_game_does_not_allow_it(tmp_path):
    path, _ = game(tmp_path)
    submit(tmp_path, path, "blue", "HOME Belfast\nPRESS GREY\nRed will go bankrupt.")
    run_ok("resolve", path, "--force")
    assert "Blue Star:\n  Red will go bankrupt." in (path / "newsletters" / "002.txt").read_text(encoding="utf-8")


def test_the_gm_holds_press_back_and_codes_never_print(tmp_path):
    path, codes = game(tmp_path)
    submit(tmp_path, path, "red", f"HOME Dublin\nPRESS\nMy code is {codes['red']}, blue's is {codes['blue']}.")
    submit(tmp_path, path, "blue", "HOME Belfast\nPRESS\nSpam.")
    assert "Spam." in run_ok("press", path)
    run_ok("press", path, "--hold", "blue")
    assert "(held back)" in run_ok("press", path)
    run_ok("resolve", path, "--force")
    text = (path / "newsletters" / "002.txt").read_text(encoding="utf-8")
    assert "Spam." not in text and "My code is *****, blue's is *****." in text
    assert codes["red"] not in text and codes["blue"] not in text


def test_press_held_back_by_the_gm_replays_byte_for_byte(tmp_path):
    from umpire.usecases.replay import replay
    path, _ = game(tmp_path)
    submit(tmp_path, path, "red", "HOME Dublin\nPRESS\nDublin is ours.")
    submit(tmp_path, path, "blue", "HOME Belfast\nPRESS\nSpam.")
    run_ok("press", path, "--hold", "blue")
    run_ok("resolve", path, "--force")
    assert "Spam." not in (path / "newsletters" / "002.txt").read_text(encoding="utf-8")
    assert replay(path).differences == []


def test_holding_press_held_already_or_releasing_press_not_held_says_so_and_journals_nothing(tmp_path):
    path, _ = game(tmp_path)
    submit(tmp_path, path, "blue", "HOME Belfast\nPRESS\nSpam.")
    assert "blue's press of round 1 is held back." in run_ok("press", path, "--hold", "blue")
    journal = (path / "journal.jsonl").read_bytes()
    assert "blue's press of round 1 is held back already; nothing done." in run_ok("press", path, "--hold", "blue")
    assert "red's press of round 1 is not held back; nothing done." in run_ok("press", path, "--release", "red")
    assert (path / "journal.jsonl").read_bytes() == journal
    assert "blue's press of round 1 is to be printed." in run_ok("press", path, "--release", "blue")

"""Press in a Volldampf order (rule reference, section 16: orders share Dampfross's header and mail
rules): a PRESS section is kept as press for the next newsletter and never read as order lines."""

from __future__ import annotations

import re

from helpers import run_ok
from hypothesis import given, settings
from hypothesis import strategies as st
from volldampf_helpers import TINY, tiny_board

from umpire.families import family
from umpire.usecases.replay import replay

BOARD = tiny_board()
VOLLDAMPF = family("volldampf")
PLAYERS = ["--company", "ann:Ann Ahrens:ann@example.org", "--company", "bob:Bob Brandt:bob@example.org",
           "--company", "cy:Cy Claussen:cy@example.org"]


def game(tmp_path, *options):
    path = tmp_path / "v"
    out = run_ok("new", path, "--map", TINY, "--rules", "volldampf", "--seed", "press", *PLAYERS, *options)
    return path, dict(line.strip().split(": ") for line in out.splitlines() if line.startswith("  "))


def submit(tmp_path, path, player, body):
    order = tmp_path / f"{player}.txt"
    order.write_text(f"GAME v\nPLAYER {player}\n{body}\n", encoding="utf-8")
    return run_ok("submit", path, order)


def test_section_16_press_lines_are_never_read_as_order_lines():
    text = ("GAME v\nPLAYER ann\nBID 3\nPRESS\nBID 99\nMOVE nowhere at all\nENDPRESS\nCHOOSE 2 1\n"
            "PRESS GREY\nBONDS 7\n")
    order = VOLLDAMPF.parse_order(text, BOARD)
    assert order.errors == []
    assert order.body.bids == [3] and order.body.choose == [2, 1] and order.body.bonds is None
    assert [n for n, _, _ in order.body.read] == [3, 8]


def test_section_16_press_is_printed_in_the_next_newsletter_under_the_players_name(tmp_path):
    path, _ = game(tmp_path, "--option", "grey_press=true")
    submit(tmp_path, path, "ann", "BID 2\nPRESS\nThe Hansa line will reach Berlin first.\n"
                                  "Nobody stops the Ahrens railway.")
    submit(tmp_path, path, "bob", "BID 1\nPRESS GREY\nAnn bids high and builds little.\nENDPRESS")
    submit(tmp_path, path, "cy", "BID 0\nPRESS\n" + "word " * 40)
    run_ok("resolve", path, "--force")
    text = (path / "newsletters" / "002.txt").read_text(encoding="utf-8")
    press = text.split("\nPress\n-----\n")[1].split("\nPlayers\n")[0]
    assert press.startswith("Ann Ahrens:\n  The Hansa line will reach Berlin first.\n"
                            "  Nobody stops the Ahrens railway.\n")
    assert "Grey press:\n  Ann bids high and builds little." in press and "Bob Brandt" not in press
    assert press.index("Cy Claussen:") < press.index("Grey press:")
    assert all(len(line) <= 78 for line in press.splitlines())
    assert "refused" not in (path / "newsletters" / "002-ann.txt").read_text(encoding="utf-8")


def test_section_16_the_gm_holds_press_of_the_open_turn_and_codes_never_print(tmp_path):
    path, codes = game(tmp_path)
    submit(tmp_path, path, "ann", f"BID 2\nPRESS\nBob's code is {codes['bob']}.")
    submit(tmp_path, path, "bob", "BID 1\nPRESS\nSpam.")
    assert "Spam." in run_ok("press", path) and "1A" not in run_ok("press", path)
    assert "held back" in run_ok("press", path, "--hold", "bob")
    assert "(held back)" in run_ok("press", path, "--round", "1a")
    run_ok("resolve", path, "--force")
    text = (path / "newsletters" / "002.txt").read_text(encoding="utf-8")
    assert "Spam." not in text and "Bob's code is *****." in text and codes["bob"] not in text
    assert "No press in the orders of turn 1B." in run_ok("press", path)
    assert replay(path).differences == []


ORDER_LINES = ["BID 3", "CHOOSE 2 1", "BONDS 1", "BUILD L1 ELSE L2", "MOVE blue Hamburg BEST", "TAKEFROM bob"]
PRESS_WORDS = st.lists(st.sampled_from(["BID 99", "BUILD nowhere", "MOVE", "ROUND 9Z", "GAME other", "PLAYER cy",
                                        "CODE x-1", "ELSE", "PRESS", "> quoted", "# comment", "END"])
                       | st.text(max_size=40), max_size=8)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(ORDER_LINES), max_size=4, unique=True), PRESS_WORDS, st.booleans(), st.booleans())
def test_section_16_any_press_leaves_the_order_as_it_is_read_without_it(lines, press, grey, closed):
    """Whatever a press section holds (but its own end or a signature), the order reads as without it."""
    press = [x for x in "\n".join(press).splitlines() if not re.match(r"\s*END\s*PRESS", x, re.IGNORECASE)
             and not x.startswith("--")]
    head = ["GAME v", "PLAYER ann", *lines[:2]]
    block = ["PRESS GREY" if grey else "PRESS", *press] + (["ENDPRESS", *lines[2:]] if closed else [])
    with_press = VOLLDAMPF.parse_order("\n".join(head + block), BOARD)
    without = VOLLDAMPF.parse_order("\n".join(head + (lines[2:] if closed else [])), BOARD)
    assert with_press.errors == without.errors == []
    assert [t for _, _, t in with_press.body.read] == [t for _, _, t in without.body.read]
    assert (with_press.game, with_press.company, with_press.round) == ("v", "ann", None)

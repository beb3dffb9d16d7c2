"""What counts as a player's order (order reading 2, docs/orders.md "What counts as an order"):
a message in which nothing was read for the open turn is no order, and the player stays awaited;
`PASS` is an order of its own; Volldampf lines of another turn make no order for the open one;
every Unicode dash reads as `-` and a keyword may have a colon after it; the newsletter's list of
the turn's orders sent back unfilled is passed over. A game made before keeps its reading, so it
replays as it was played. And a turn closes before its deadline only on clean orders."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import yaml
from conftest import TEST_MAP
from hypothesis import given, settings
from hypothesis import strategies as st
from volldampf_helpers import TINY

from umpire.families.volldampf.report import ASKS
from umpire.game import Game
from umpire.kernel.order_header import ORDER_READING, plain_dashes
from umpire.site.history import moments, published_orders
from umpire.store.folder import GameFolder
from umpire.usecases import actions
from umpire.usecases.due import due

NOW = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)
COMPANIES = ["red:Red Lines:red@example.org", "blue:Blue Star:blue@example.org"]


def dampfross(tmp_path, *options, reading=None):
    folder, codes = actions.create_game(tmp_path / "g", str(TEST_MAP), "laurin", COMPANIES, seed="counts",
                                        option_specs=options, now=NOW)
    if reading is not None:                     # a game made before its reading was recorded
        config = yaml.safe_load((folder.path / "game.yaml").read_text())
        config.pop("order_reading")
        (folder.path / "game.yaml").write_text(yaml.safe_dump(config))
        folder = GameFolder(folder.path)
    return folder, codes


def volldampf(tmp_path, *options):
    specs = [f"{p}:{p.title()}:{p}@example.org" for p in ("ann", "bob", "cy")]
    return actions.create_game(tmp_path / "vd", str(TINY), "volldampf", specs, seed="counts", option_specs=options,
                               now=NOW)


def order(company, *lines, game="g"):
    return ("\n".join([f"GAME {game}", f"COMPANY {company}", *lines]) + "\n").encode()


def test_a_new_game_records_the_reading_it_reads_orders_by(tmp_path):
    folder, _ = dampfross(tmp_path)
    assert folder.config["order_reading"] == ORDER_READING == 3


def test_a_message_with_nothing_read_is_no_order_and_the_company_stays_awaited(tmp_path):
    folder, _ = dampfross(tmp_path)
    result = actions.submit(folder, order("red", "Can two companies start from the same home city?"))
    assert not result.accepted and result.no_order
    assert result.reason.startswith(actions.NO_ORDER + "round 1")
    info = actions.status(folder)
    assert info["orders_in"] == [] and "red" in info["awaited"]
    assert [e["type"] for e in folder.events[-1:]] == ["order_refused"]


def test_every_line_refused_is_no_order_and_the_reason_quotes_the_first(tmp_path):
    folder, _ = dampfross(tmp_path)
    result = actions.submit(folder, order("red", "BUILD Nowhere-Else"))
    assert result.no_order and "line 3" in result.reason and "BUILD Nowhere-Else" in result.reason


def test_pass_is_an_order_and_the_round_s_defaults_apply(tmp_path):
    folder, _ = dampfross(tmp_path)
    result = actions.submit(folder, order("red", "PASS"))
    assert result.accepted and result.order.passed == 3 and result.errors == []
    assert actions.status(folder)["orders_in"] == ["red"]
    lines = Game.of(folder).family.confirmation(Game.of(folder), Game.of(folder).state(), "red", result.order).lines
    assert any("PASS" in line and "does nothing this round" in line for line in lines)


def test_a_later_message_that_is_no_order_leaves_the_earlier_order_in_force(tmp_path):
    folder, _ = dampfross(tmp_path)
    first = actions.submit(folder, order("red", "HOME Alpha"))
    actions.submit(folder, order("red", "Thanks, looking forward to it"))
    assert folder.latest_orders(1) == {"red": first.file}


def test_a_game_made_before_keeps_its_reading_an_empty_order_counts_and_pass_is_refused(tmp_path):
    folder, _ = dampfross(tmp_path, reading=1)
    assert actions.submit(folder, order("red")).accepted                   # as it was played
    result = actions.submit(folder, order("blue", "PASS"))
    assert result.accepted and [e.line for e in result.order.errors] == [3]


def test_an_archives_order_file_counts_as_the_zine_printed_it(tmp_path):
    folder, _ = dampfross(tmp_path)
    assert actions.submit(folder, order("red"), via="play 1/red.txt").accepted


@settings(max_examples=60, deadline=None)
@given(dash=st.sampled_from("\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe58\ufe63\uff0d"),
       spaced=st.booleans())
def test_every_unicode_dash_and_minus_reads_as_a_hyphen(dash, spaced):
    gap = f" {dash} " if spaced else dash
    text = f"GAME g\nCOMPANY red\nHOME Alpha\nBUILD C3{gap}D3{gap}E3\n"
    assert plain_dashes(text) == text.replace(dash, "-")
    from umpire.families.dampfross.gamemap import load_map
    from umpire.families.dampfross.orders import parse_order
    parsed = parse_order(text, load_map(TEST_MAP))
    assert parsed.errors == [] and len(parsed.chains) == 1 and len(parsed.chains[0].hexes) == 3


# -- Volldampf ------------------------------------------------------------------------------
def test_volldampf_header_and_order_keywords_may_have_a_colon_and_dashes_read_as_hyphens(tmp_path):
    folder, _ = volldampf(tmp_path)
    text = "Game: vd\nPlayer: ann\nRound: 1A\nBONDS: 1\nBID 2\nCHOOSE 1\n"
    parsed = Game.of(folder).read_order(text.encode())
    assert (parsed.game, parsed.company, parsed.round) == ("vd", "ann", "1A") and parsed.errors == []
    assert parsed.body.bonds == 1 and parsed.body.bids == [2]
    assert actions.submit(folder, text.encode()).accepted


def test_volldampf_the_newsletters_list_of_the_turns_orders_sent_back_as_it_stands_is_passed_over(tmp_path):
    folder, _ = volldampf(tmp_path)
    parsed = Game.of(folder).read_order(("GAME vd\nPLAYER ann\n" + "\n".join(ASKS["A"]) + "\nBID 3\n").encode())
    assert parsed.errors == [] and parsed.body.bids == [3]


def test_volldampf_a_sentence_under_the_header_is_no_order_and_she_stays_awaited(tmp_path):
    folder, _ = volldampf(tmp_path)
    result = actions.submit(folder, b"GAME vd\nPLAYER ann\nI bid five marks, and I'd like group 3 please\n")
    assert result.no_order and "ann" in actions.status(folder)["awaited"]


def test_volldampf_lines_of_another_turn_make_no_order_for_the_open_one(tmp_path):
    folder, _ = volldampf(tmp_path)
    for bid, p in enumerate(("ann", "bob", "cy"), 1):           # different bids: no extra turn
        assert actions.submit(folder, f"GAME vd\nPLAYER {p}\nBID {bid}\nCHOOSE 1 2 3\n".encode()).accepted
    actions.resolve(folder, NOW)
    assert Game.of(folder).family.open_turn(Game.of(folder).state()) == "1B"
    result = actions.submit(folder, b"GAME vd\nPLAYER ann\nBID 4\nCHOOSE 2 1\n")
    assert result.no_order and result.other_turns == ("1A",)
    assert "orders of 1A" in result.reason


def test_volldampf_pass_is_an_order(tmp_path):
    folder, _ = volldampf(tmp_path)
    result = actions.submit(folder, b"GAME vd\nPLAYER ann\nPASS\n")
    assert result.accepted and result.order.passed == 3
    assert actions.status(folder)["orders_in"] == ["ann"]


# -- the early close ----------------------------------------------------------------------------
def test_the_turn_does_not_close_before_its_deadline_while_an_order_has_refused_lines(tmp_path):
    folder, _ = dampfross(tmp_path, "deadline=7 days")
    actions.submit(folder, order("red", "HOME Alpha"))
    actions.submit(folder, order("blue", "HOME Beta", "BUILD Münster–Nowhere"))
    soon = NOW + timedelta(hours=1)
    verdict = due(folder, soon)
    assert not verdict.due and "blue" in verdict.reason and "refused" in verdict.reason
    assert "Münster" not in verdict.reason                       # the player is named, not his lines
    assert due(folder, NOW + timedelta(days=8)).due               # at the deadline it goes on as read
    actions.submit(folder, order("blue", "HOME Beta"))             # corrected: it closes at once
    assert due(folder, soon).due


def test_without_a_deadline_the_round_closes_when_every_order_is_in(tmp_path):
    folder, _ = dampfross(tmp_path)
    actions.submit(folder, order("red", "HOME Alpha"))
    actions.submit(folder, order("blue", "HOME Beta", "BUILD nonsense"))
    assert due(folder, NOW).due


def test_status_names_who_an_early_close_waits_for(tmp_path):
    folder, _ = dampfross(tmp_path, "deadline=7 days")
    actions.submit(folder, order("red", "HOME Alpha", "BUILD Q99-Q98"))
    info = actions.status(folder)
    assert info["refused_lines"] == ["red"]


# -- what is published ------------------------------------------------------------------------
def test_a_refused_line_is_never_published_on_the_site_only_counted(tmp_path):
    folder, _ = dampfross(tmp_path)
    actions.submit(folder, order("red", "HOME Alpha", "home city, or is Berlin gone once someone takes it?"))
    actions.submit(folder, order("blue", "HOME Beta"))
    actions.resolve(folder, NOW)
    last = moments(GameFolder(folder.path))[-1]
    published = dict(published_orders(last.folder, last.resolved))
    assert "Berlin" not in published["red"] and "HOME Alpha" in published["red"]
    assert "1 line could not be read" in published["red"]


# -- a sentence that begins with a keyword is a note ------------------------------------------
def test_a_sentence_that_begins_with_an_order_keyword_is_a_note_unless_it_is_all_the_mail_holds(tmp_path):
    from umpire.mail import notes
    folder, _ = dampfross(tmp_path)
    keywords = Game.of(folder).family.order_keywords
    for line in ("Round 1 orders for Red Lines:", "Home city, or is Berlin gone once someone takes it?"):
        assert notes.reads_as_sentence(line, keywords), line
        text = f"GAME g\nCOMPANY red\n{line}\nHOME Alpha\n"
        assert [n.line for n in notes.of_order(folder, text)] == [3], line
        alone = f"GAME g\nCOMPANY red\n{line}\n"
        assert notes.of_order(folder, alone) == [], line             # refused, so the player is told
    for line in ("Build Kiel - Hamburg", "BUILD to Dublin and then Cork", "Home Alpha", "bid 5 marks please",
                 "the weather is lovely today, isn't it?"):
        assert not notes.reads_as_sentence(line, keywords), line


# -- old games live on --------------------------------------------------------------------------
def test_a_game_of_either_reading_replays_byte_for_byte(tmp_path):
    from umpire.usecases.replay import replay
    for reading in (1, 2):
        folder, _ = dampfross(tmp_path / str(reading), reading=1 if reading == 1 else None)
        actions.submit(folder, order("red"))                                   # nothing read
        actions.submit(folder, order("red", "HOME Alpha", "BUILD C3\u2212D3", "PASS"))
        actions.submit(folder, order("blue", "Round 1 orders for Blue Star:", "HOME Beta"))
        actions.resolve(folder, NOW)
        outcome = replay(folder.path, quick=True)
        assert outcome.differences == [], (reading, [str(d) for d in outcome.differences])
        refused = [e for e in GameFolder(folder.path).events if e["type"] == "order_refused"]
        assert len(refused) == (reading == 2)


def test_the_game_a_mail_names_is_read_as_the_families_read_the_header():
    from umpire.kernel.order_header import game_named
    assert game_named("Hi!\n> GAME quoted\nGame: vd-1   # my game\nGAME other\n") == "vd-1"
    assert game_named("GAME two words\n") is None and game_named("no header here\n") is None
    assert game_named("-- \nGAME after-the-signature\n") is None

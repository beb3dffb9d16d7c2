"""No outside input can crash the umpire: any order text, through the parser, the confirmation
preview and `umpire submit`, ends in an order read (its bad lines quoted and refused) or a
refusal, with bounded messages, under a time bound, and never echoes an order code.

The long run (over 100,000 cases): UMPIRE_FUZZ=long .venv/bin/python -m pytest tests/test_orders_fuzz.py -q
"""

from __future__ import annotations

import functools
import re
import shutil
import time

import pytest
from click.testing import CliRunner
from conftest import TEST_MAP
from hypothesis import example, given
from hypothesis import strategies as st
from orderfuzz import CODES, MAPS, PROFILE, SECONDS, order_text

from umpire.cli import main
from umpire.families.dampfross.engine.preview import preview_order
from umpire.families.dampfross.gamemap import load_map
from umpire.families.dampfross.orders import MAX_ORDER_BYTES, MAX_REFUSED_LINES, Order, _mail_lines, parse_order
from umpire.game import Game
from umpire.kernel.echo import QUOTE_CHARS
from umpire.kernel.order_header import keyword_of as _keyword
from umpire.kernel.order_header import mask_codes, plain_dashes
from umpire.kernel.order_header import visible as _visible
from umpire.mail import replies
from umpire.store.folder import GameFolder, dump_yaml
from umpire.usecases.actions import SubmitResult

MESSAGE_CHARS = 2_000        # the longest message one refused line may get
OUTPUT_CHARS = 16 * MAX_ORDER_BYTES   # what `submit` may print of one order (its preview line by line)
_LEAK = [re.compile(rf"(?<![^\W_]){re.escape(c)}(?![^\W_])", re.IGNORECASE) for c in CODES]


def leaks(text: str) -> list[str]:
    return [p.pattern for p in _LEAK if p.search(text)]


def echoes(order: Order) -> list[str]:
    """Everything of the player's text an order keeps to be shown again."""
    out = [order.refusal or "", order.game or "", order.company or ""]
    for e in order.errors:
        out += [e.text, e.message, str(e)]
    for item in order.chains + order.races + order.jumps + order.joints + order.ferries:
        out.append(item.text)
    out += [x.text for c in order.chains for v in c.expectations.values() for x in v]
    out += [r.partner or "" for r in order.races] + [j.partner for j in order.joints]
    out += [o for r in order.races for route in r.routes for o in route.owners.values()]
    return out


def check_order(order: Order):
    assert isinstance(order, Order)
    assert order.refusal is None or (isinstance(order.refusal, str) and 0 < len(order.refusal) <= MESSAGE_CHARS)
    assert len(order.errors) <= MAX_REFUSED_LINES + 1
    for e in order.errors:
        assert e.message and len(e.text) <= QUOTE_CHARS and len(str(e)) <= MESSAGE_CHARS, str(e)[:300]
    for text in echoes(order):
        assert not leaks(text), text[:300]


def read(text, game_map):
    return parse_order(mask_codes(text, CODES), game_map)


def silent_lines(text: str, order: Order) -> list[int]:
    """Lines that hold something (not blank, a comment, quoted or signature) and gave neither an
    order item nor a refusal: none may be read as nothing."""
    if order.refusal:
        return []
    told = {e.line for e in order.errors} | {order.home_line, order.passed}
    told |= {x.line for x in order.chains + order.races + order.jumps + order.joints + order.ferries}
    silent = []
    for number, raw in _mail_lines(plain_dashes(text)):     # as reading 2 reads it: a phone's `–- ` signs off
        keyword, word, _ = _keyword(_visible(raw))
        if keyword == "HOME" and number not in told and order.home is None:
            silent.append(number)                 # a HOME line names a place (a later one repeats it) or is refused
        elif word and number not in told and keyword not in ("GAME", "COMPANY", "PLAYER", "CODE", "ROUND", "HOME"):
            silent.append(number)
    return silent


def timed(fn, *args):
    """The call, within SECONDS of processor time (wall time is the machine's load)."""
    start = time.process_time()
    out = fn(*args)
    assert time.process_time() - start < SECONDS, "over the time bound"
    return out


@functools.cache
def bundled(name):
    return load_map(name)


@pytest.fixture(scope="module")
def test_map():
    return load_map(TEST_MAP)


@pytest.fixture(scope="module")
def ireland():
    return load_map("ireland")


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """A game on the test map in round 2, red and blue with track, its codes known to the test."""
    base = tmp_path_factory.mktemp("fuzz")
    dice = base / "dice.txt"
    dice.write_text("4 3 5 6 2 6 3 4 5 6 1 2\n")
    folder = base / "g1"
    run = CliRunner()
    assert run.invoke(main, ["new", str(folder), "--map", str(TEST_MAP), "--rules", "laurin", "--dice", str(dice),
                             "--company", "red:Red:red@example.org", "--company", "blue:Blue:blue@example.org",
                             "--company", "green:Green:green@example.org"]).exit_code == 0
    (folder / "secrets.yaml").write_text(dump_yaml({"codes": dict(zip(("red", "blue", "green"), CODES))}))
    for cid, body in (("red", "HOME Alpha\nBUILD C3-D3-E3"), ("blue", "HOME Beta\nBUILD K8-K7")):
        path = base / f"{cid}.txt"
        path.write_text(f"GAME g1\nCOMPANY {cid}\n{body}\n")
        assert run.invoke(main, ["submit", str(folder), str(path)]).exit_code == 0
    assert run.invoke(main, ["resolve", str(folder), "--force"]).exit_code == 0
    return folder


@pytest.fixture(scope="module")
def played_folder(played):
    return GameFolder(played)


@PROFILE
@given(order_text)
@example("\u2013- ").via("a phone's signature line, found by the long run")
@example("PASS").via("an order of its own (reading 2), found by the long run")
def test_any_text_is_read_to_an_order_or_a_refusal(test_map, text):
    order = timed(read, text, test_map)
    check_order(order)
    assert silent_lines(mask_codes(text, CODES), order) == []


@PROFILE
@given(order_text)
def test_any_text_is_read_on_a_large_map_with_town_names(ireland, text):
    check_order(timed(read, text, ireland))


@PROFILE
@given(st.sampled_from(MAPS), order_text)
def test_any_text_is_read_on_every_bundled_map(name, text):
    order = timed(read, text, bundled(name))
    check_order(order)
    assert silent_lines(mask_codes(text, CODES), order) == []


@PROFILE
@given(order_text)
def test_the_confirmation_of_any_order_is_written(played_folder, text):
    folder = played_folder
    game = Game.of(folder)
    order = timed(game.read_order, text.encode("utf-8"))
    check_order(order)
    preview_order(game.state(), game.game_map, game.rules, "red", order)
    result = SubmitResult(True, "orders/2/0001-red.txt", "red", 2, errors=[str(e) for e in order.errors], order=order)
    body = timed(replies.accepted, folder, result)
    assert isinstance(body, str) and not leaks(body)


@PROFILE
@given(st.one_of(order_text.map(lambda t: t.encode("utf-8")), st.binary(max_size=2_000)))
def test_submit_of_any_file_ends_in_accepted_or_refused(played, tmp_path_factory, data):
    work = tmp_path_factory.mktemp("submit")
    folder = shutil.copytree(played, work / "g1", ignore=shutil.ignore_patterns("*.pdf"))
    path = work / "order.txt"
    path.write_bytes(data)
    result = timed(CliRunner().invoke, main, ["submit", str(folder), str(path)])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exc_info
    assert result.exit_code in (0, 1) and len(result.output) <= OUTPUT_CHARS
    assert "Traceback" not in result.output and not leaks(result.output)
    journal = (folder / "journal.jsonl").read_text(encoding="utf-8")
    reasons = "".join(p.read_text(encoding="utf-8") for p in (folder / "orders").rglob("*.reason"))
    assert not leaks(journal) and not leaks(reasons)
    shutil.rmtree(work)

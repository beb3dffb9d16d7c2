"""The GM's commands around a round (DESIGN.md, CLI, wave 2): preview (nothing written, the same
dice later), rollback (an audited undo; resolve -> rollback -> resolve gives the same bytes),
adjust (a ledger posting printed in the next newsletter), replace (a new holder and code), and
replay of them all."""

import json
import shutil
from datetime import UTC, datetime

import pytest
from click.testing import CliRunner
from conftest import TEST_MAP, made_once

from umpire.cli import main
from umpire.game import Game
from umpire.mail import send as sending
from umpire.mail.config import load_config
from umpire.store.folder import GameFolder
from umpire.usecases import actions
from umpire.usecases.replay import replay

COMPANIES = ["--company", "red:Red Lines:red@example.org", "--company", "blue:Blue Star:blue@example.org"]
RED = "GAME g\nCOMPANY red\nHOME Alpha\nBUILD C3-D3-E3-F3-F2\n"
BLUE = "GAME g\nCOMPANY blue\nHOME Beta\nBUILD K8-J8-I8-H8\n"
RED2 = "GAME g\nCOMPANY red\nBUILD F3-G4\n"


def umpire(*args, **kw):
    result = CliRunner().invoke(main, [str(a) for a in args], **kw)
    return result


def ok(*args):
    result = umpire(*args)
    assert result.exit_code == 0, result.output
    return result.output


def released(command, game, *args):
    """A rollback or replace, and the turn it holds for the GM released at once (tests/test_gm_hold.py
    holds it): its output."""
    out = ok(command, game, *args)
    ok("deadline", game, "--resume")
    return out


def new_game(root, kind):
    """The test's game as `umpire new` makes it in root/g: its dice seeded, or recorded in a file."""
    folder = root / "g"
    if kind == "seeded":
        dice = ["--seed", "s"]
    else:
        (root / "dice.txt").write_text("4 3 5 6 2 6 1 4 2 5 3 6 1 2 " * 8 + "\n")
        dice = ["--dice", root / "dice.txt"]
    ok("new", folder, "--map", TEST_MAP, "--rules", "laurin", *COMPANIES, *dice)


@pytest.fixture(scope="module")
def new_games(tmp_path_factory):
    """Each kind of the game made once for the run (root/seeded/g, root/recorded/g)."""
    def make(root):
        for kind in ("seeded", "recorded"):
            (root / kind).mkdir()
            new_game(root / kind, kind)
    return made_once(tmp_path_factory, "gm-commands-games", make)


@pytest.fixture(params=["seeded", "recorded"])
def game(new_games, tmp_path, request):
    """A copy of its own of the game just made (the folder holds its dice file; nothing names the path)."""
    folder = tmp_path / "g"
    shutil.copytree(new_games / request.param / "g", folder)
    return folder


def send(tmp_path, folder, *texts):
    for i, text in enumerate(texts):
        path = tmp_path / f"order{i}.txt"
        path.write_text(text)
        ok("submit", folder, path)


def snapshot(folder) -> dict:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def status(folder) -> dict:
    return json.loads(ok("status", folder, "--json"))


# -- preview --------------------------------------------------------------------------------------
def test_preview_writes_nothing_to_the_game(game, tmp_path):
    send(tmp_path, game, RED, BLUE)
    before = snapshot(game)
    out = ok("preview", game)
    assert "Preview of round 1" in out and "NEWSLETTER 002" in out and "red " in out
    assert snapshot(game) == before


def test_preview_shows_the_newsletter_the_resolve_then_writes_with_the_same_dice(game, tmp_path):
    send(tmp_path, game, RED, BLUE)
    out = ok("preview", game, "--pdf", tmp_path / "preview.pdf")
    ok("resolve", game)
    assert (game / "newsletters" / "002.txt").read_text() in out
    assert (tmp_path / "preview.pdf").read_bytes() == (game / "newsletters" / "002.pdf").read_bytes()


def test_preview_draws_a_pdf_only_when_asked_and_never_the_map_picture(game, tmp_path, monkeypatch):
    from umpire.families.dampfross.render import pdf, png
    from umpire.store import atomic
    drawn, synced = [], []
    real_pdf, real_fsync = pdf.newsletter_pdf, atomic.os.fsync
    monkeypatch.setattr(pdf, "newsletter_pdf", lambda *a, **k: drawn.append("pdf") or real_pdf(*a, **k))
    monkeypatch.setattr(png, "map_png", lambda *a, **k: drawn.append("png") or b"")
    send(tmp_path, game, RED, BLUE)
    monkeypatch.setattr(atomic.os, "fsync", lambda fd: synced.append(fd) or real_fsync(fd))
    ok("preview", game)
    assert drawn == [] and synced == []          # the scratch copy is thrown away: nothing made durable
    ok("preview", game, "--pdf", tmp_path / "preview.pdf")
    assert drawn == ["pdf"]


def test_after_the_end_dice_next_says_no_resolve_is_to_come_and_a_rollback_warns_of_the_revealed_seed(game):
    ok("end-construction", game, "--reason", "x", "--yes")
    result = umpire("dice", game, "--next")
    assert result.exit_code == 1 and "is finished; no resolve is to come, so no roll is needed" in result.output
    seeded = "mode: seeded" in (game / "game.yaml").read_text()
    out = released("rollback", game)
    assert ("revealed the seed" in out) == seeded
    assert "revealed the seed" not in released("rollback", game, "--to", "1")


def test_preview_counts_in_words(game):
    folder = GameFolder(game)
    state = Game.of(folder).state()
    events = [{"type": "segment", "company": "red"}, {"type": "refused", "company": "red"}]
    red = Game.of(folder).family.summary(state, state, events)[0]
    assert red.endswith("units, 1 segment built, 1 line refused")


def test_preview_of_a_finished_game_is_refused(game):
    ok("end-construction", game, "--reason", "x", "--yes")
    result = umpire("preview", game)
    assert result.exit_code == 1 and "finished" in result.output


# -- rollback -------------------------------------------------------------------------------------
def test_resolve_rollback_resolve_gives_identical_bytes(game, tmp_path):
    send(tmp_path, game, RED, BLUE)
    ok("resolve", game)
    first = {n: (game / "newsletters" / n).read_bytes() for n in ("002.txt", "002.pdf")}
    released("rollback", game)
    ok("resolve", game)
    assert {n: (game / "newsletters" / n).read_bytes() for n in first} == first


def test_status_after_a_rollback_is_status_before_the_undone_resolve(game, tmp_path):
    send(tmp_path, game, RED, BLUE)
    ok("resolve", game)
    send(tmp_path, game, RED2)
    before = status(game)
    ok("resolve", game, "--force")
    released("rollback", game)
    assert status(game) == before


def test_the_journal_stays_append_only_and_undone_newsletters_are_set_aside(game, tmp_path):
    send(tmp_path, game, RED, BLUE)
    ok("resolve", game)
    journal = (game / "journal.jsonl").read_bytes()
    issued = (game / "newsletters" / "002.txt").read_bytes()
    out = ok("rollback", game)
    assert "Rolled back: resolve of round 1" in out
    assert (game / "journal.jsonl").read_bytes().startswith(journal)
    event, held = (json.loads(line) for line in (game / "journal.jsonl").read_text().splitlines()[-2:])
    assert event["type"] == "rollback" and event["to_round"] == 1
    assert (held["type"], held["held"]) == ("deadline_changed", "rollback")
    assert not (game / "newsletters" / "002.txt").exists()
    assert (game / "newsletters" / "superseded" / "002.1.txt").read_bytes() == issued
    assert event["superseded"]["newsletters/002.txt"] == "newsletters/superseded/002.1.txt"


def test_a_rollback_removes_the_undone_newsletters_map_picture(game, tmp_path):
    send(tmp_path, game, RED, BLUE)
    ok("resolve", game)
    assert (game / "newsletters" / "002-map.png").exists()
    released("rollback", game)
    assert not (game / "newsletters" / "002-map.png").exists()
    assert (game / "newsletters" / "001-map.png").exists()


def test_orders_stay_after_a_rollback_and_can_be_replaced(game, tmp_path):
    send(tmp_path, game, RED, BLUE)
    ok("resolve", game)
    released("rollback", game)
    assert status(game)["orders_in"] == ["blue", "red"]
    send(tmp_path, game, "GAME g\nCOMPANY red\nHOME Alpha\nBUILD C3-C4-C5\n")
    ok("resolve", game)
    assert ["C4", "C5"] in status(game)["companies"]["red"]["segments"]


def test_rollback_to_a_round_undoes_every_resolve_since_and_a_repeat_does_nothing(game, tmp_path):
    send(tmp_path, game, RED, BLUE)
    before = status(game)
    ok("resolve", game)
    ok("resolve", game, "--force")
    out = released("rollback", game, "--to", 1)
    assert "resolve of round 1, resolve of round 2" in out
    assert status(game) == before
    journal = (game / "journal.jsonl").read_bytes()
    assert "Round 1 is open already; nothing done." in released("rollback", game, "--to", 1)
    assert (game / "journal.jsonl").read_bytes() == journal


def test_a_plain_rollback_run_again_does_nothing(game, tmp_path):
    send(tmp_path, game, RED, BLUE)
    ok("resolve", game)
    after_first = status(game)
    ok("resolve", game, "--force")
    released("rollback", game)
    assert status(game) == after_first
    journal = (game / "journal.jsonl").read_bytes()
    assert "the last resolve is undone already" in released("rollback", game)
    assert (game / "journal.jsonl").read_bytes() == journal and status(game) == after_first
    ok("resolve", game, "--force")
    assert "resolve of round 2" in released("rollback", game)        # a new resolve may be undone again


def test_rollback_undoes_end_construction_that_ended_the_game(game):
    before = status(game)
    ok("end-construction", game, "--reason", "x", "--yes")
    released("rollback", game)
    assert status(game) == before


def test_rollback_of_a_game_with_no_resolve_is_refused(game):
    result = umpire("rollback", game)
    assert result.exit_code == 1 and "no resolved round" in result.output
    assert umpire("rollback", game, "--to", 4).exit_code == 1


def test_a_rollback_stopped_before_it_set_its_newsletters_aside_is_finished_by_the_next_command(game, tmp_path,
                                                                                               monkeypatch):
    send(tmp_path, game, RED, BLUE)
    ok("resolve", game)
    issued = (game / "newsletters" / "002.txt").read_bytes()
    monkeypatch.setattr(GameFolder, "finish_rollback", lambda self: None)
    released("rollback", game)
    monkeypatch.undo()
    assert (game / "newsletters" / "002.txt").exists()           # the crash: journaled, not moved
    ok("resolve", game)
    assert (game / "newsletters" / "superseded" / "002.1.txt").read_bytes() == issued
    assert (game / "newsletters" / "002.txt").read_bytes() == issued


def test_replay_repeats_rollbacks_adjustments_and_replacements(game, tmp_path):
    send(tmp_path, game, RED, BLUE)
    ok("resolve", game)
    released("rollback", game)
    ok("resolve", game)
    ok("adjust", game, "--company", "blue", "--units", "-3", "--reason", "a fee owed")
    released("replace", game, "blue", "--email", "standby@example.org", "--name", "Blaue Bahn")
    send(tmp_path, game, RED2)
    ok("resolve", game, "--force")
    released("rollback", game, "--to", 2)
    outcome = replay(game)
    assert outcome.differences == []
    assert "match byte for byte" in ok("replay", game)


def test_the_next_mail_send_after_a_rollback_sends_the_new_edition(game, tmp_path):
    send(tmp_path, game, RED, BLUE)
    ok("resolve", game)
    folder = GameFolder(game)
    config = load_config(game, None, {"from": "umpire@example.org"})
    now = datetime(2030, 1, 1, tzinfo=UTC)
    assert len(sending.queue_newsletter(folder, config, 2, now)) == 2
    released("rollback", game)
    ok("resolve", game)
    folder = GameFolder(game)
    assert sending.queue_newsletter(folder, config, 2, now) == ["red@example.org", "blue@example.org"]
    assert sending.queue_newsletter(folder, config, 2, now) == []


# -- adjust ---------------------------------------------------------------------------------------
def test_adjust_is_a_posting_from_the_bank_printed_in_the_next_newsletter(game, tmp_path):
    out = ok("adjust", game, "--company", "red", "--units", "5", "--reason", "fee of round 1 charged twice")
    assert "bank -> red 5 units" in out
    assert status(game)["companies"]["red"]["balance"] == 25
    folder = GameFolder(game)
    assert Game.of(folder).state().ledger.total() == 0
    send(tmp_path, game, RED, BLUE)
    ok("resolve", game)
    assert "correction by the GM: fee of round 1 charged twice" in (game / "newsletters" / "002.txt").read_text()


def test_adjust_down_is_paid_to_the_bank_and_never_below_zero(game):
    ok("adjust", game, "--company", "blue", "--units", "-20", "--reason", "x")
    assert status(game)["companies"]["blue"]["balance"] == 0
    result = umpire("adjust", game, "--company", "blue", "--units", "-1", "--reason", "x")
    assert result.exit_code == 1 and "cannot take 1" in result.output


@pytest.mark.parametrize("args, words", [
    (["--company", "purple", "--units", "1", "--reason", "x"], "no company 'purple'"),
    (["--company", "red", "--units", "0", "--reason", "x"], "moves nothing"),
    (["--company", "red", "--units", "1", "--reason", "two\nlines"], "is not a reason"),
    (["--company", "red", "--units", "99999999999999999999999", "--reason", "big"], "at most 1,000,000 either way"),
    (["--company", "red", "--units", "-1000001", "--reason", "big"], "at most 1,000,000 either way"),
])
def test_adjust_refuses_what_is_no_correction(game, args, words):
    journal = (game / "journal.jsonl").read_bytes()
    result = umpire("adjust", game, *args)
    assert result.exit_code == 1 and words in result.output
    assert (game / "journal.jsonl").read_bytes() == journal


def test_adjust_quotes_units_that_are_no_number_short(game):
    result = umpire("adjust", game, "--company", "red", "--units", "9" * 5000, "--reason", "big")
    assert result.exit_code == 2 and "is not a whole number" in result.output
    assert max(len(line) for line in result.output.splitlines()) < 150


def test_end_construction_refuses_an_empty_reason(game):
    journal = (game / "journal.jsonl").read_bytes()
    result = umpire("end-construction", game, "--reason", " ", "--yes")
    assert result.exit_code == 1 and "is not a reason" in result.output
    assert (game / "journal.jsonl").read_bytes() == journal


# -- replace --------------------------------------------------------------------------------------
def test_replace_gives_a_new_code_and_the_old_one_stops_working(game):
    folder = GameFolder(game)
    old = folder.secrets["codes"]["red"]
    out = released("replace", game, "red", "--email", "standby@example.org", "--name", "Rote Bahn")
    new = out.split("red: ")[1].split()[0]
    assert new != old and out.count(new) == 1
    folder = GameFolder(game)
    assert folder.secrets["codes"]["red"] == new and folder.company("red")["email"] == "standby@example.org"
    assert status(game)["companies"]["red"]["name"] == "Rote Bahn"
    assert new not in (game / "journal.jsonl").read_text() and new not in (game / "game.yaml").read_text()
    with_old = f"GAME g\nCOMPANY red\nCODE {old}\nHOME Alpha\n".encode()
    with_new = f"GAME g\nCOMPANY red\nCODE {new}\nHOME Alpha\n".encode()
    assert not actions.submit(folder, with_old, via="mail a", require_code=True).accepted
    assert actions.submit(folder, with_new, via="mail b", require_code=True).accepted


def test_replay_of_mail_orders_under_the_old_and_the_new_code(game):
    folder = GameFolder(game)
    old = folder.secrets["codes"]["red"]
    assert actions.submit(folder, f"GAME g\nCOMPANY red\nCODE {old}\nHOME Alpha\n".encode(), via="mail a",
                          require_code=True).accepted
    new = released("replace", game, "red", "--email", "standby@example.org").split("red: ")[1].split()[0]
    folder = GameFolder(game)
    assert actions.submit(folder, f"GAME g\nCOMPANY red\nCODE {new}\nHOME Alpha\n".encode(), via="mail b",
                          require_code=True).accepted
    assert replay(game).differences == []


@pytest.mark.parametrize("args, words", [
    (["purple", "--email", "a@example.org"], "no company 'purple'"),
    (["red", "--email", "a@"], "is not an email address"),
    (["red", "--email", "a@example.org\r\nBcc: x@example.org"], "is not an email address"),
    (["red", "--email", "a@example.org", "--name", "Bad\x07Name"], "cannot be a company name"),
])
def test_replace_refuses_a_bad_company_address_or_name(game, args, words):
    result = umpire("replace", game, *args)
    assert result.exit_code == 1 and words in result.output


def test_the_same_adjust_run_twice_posts_once(game):
    ok("adjust", game, "--company", "red", "--units", "5", "--reason", "fee charged twice")
    journal = (game / "journal.jsonl").read_bytes()
    out = ok("adjust", game, "--company", "red", "--units", "5", "--reason", "fee charged twice")
    assert "posted in this round already; nothing done" in out
    assert (game / "journal.jsonl").read_bytes() == journal and status(game)["companies"]["red"]["balance"] == 25


def test_the_same_replace_run_twice_keeps_the_first_code(game):
    out = released("replace", game, "red", "--email", "standby@example.org")
    code = out.split("red: ")[1].split()[0]
    again = released("replace", game, "red", "--email", "standby@example.org")
    assert "already; nothing done" in again and GameFolder(game).secrets["codes"]["red"] == code


def test_a_new_code_is_never_one_the_game_has_used():
    every = {f"{w}-{n}" for w in actions._CODE_WORDS for n in range(10, 100)}
    left = "heron-78"
    assert actions.new_code(taken=every - {left}) == left


def test_replace_never_hands_out_the_code_it_retires(game, monkeypatch):
    codes = GameFolder(game).secrets["codes"]
    old = codes["red"]
    word, number = old.rsplit("-", 1)
    fresh = next(w for w in actions._CODE_WORDS if w not in {c.split("-")[0] for c in codes.values()})
    draws = iter([(word, int(number) - 10), (fresh, 1)])      # the first draw repeats the old code

    drawn = []

    def choice(words):
        drawn.append(next(draws))
        return drawn[-1][0]

    monkeypatch.setattr("secrets.choice", choice)
    monkeypatch.setattr("secrets.randbelow", lambda n: drawn[-1][1])
    out = released("replace", game, "red", "--email", "standby@example.org")
    assert f"red: {fresh}-11" in out and GameFolder(game).secrets["codes"]["red"] == f"{fresh}-11"

"""A GM's hard month, typed as docs/gm.md prints it: each correction and word of the GM, with a
host's `umpire tick` between every two commands against the real Dovecot and SMTP sink, in both
families. Undo a round and resubmit (the tick never races the correction), settle a dispute and
take it back, speak to the players, move and pause the deadline, write to everyone, preview, put
in a stand-in, force rounds (every newsletter reaches every player, oldest first), change a house
rule, read the GM's log, end the game by agreement; the game then replays byte for byte.

Every GM command is taken from docs/gm.md (`doc`), so the page and the umpire cannot drift apart."""

from __future__ import annotations

import re
import shlex
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner
from conftest import TEST_MAP
from mailhelpers import UMPIRE, deliver_at, email
from mailservers import PASSWORD, PASSWORD_ENV
from test_hosting_week import mails
from volldampf_helpers import TINY

from umpire.cli import main
from umpire.store.folder import GameFolder
from umpire.usecases import actions

pytestmark = [pytest.mark.mail, pytest.mark.slow]       # 25 s each; their parts run in the default profile

GM_PAGE = Path(__file__).parent.parent / "docs" / "gm.md"
GM = "gm@example.org"
START = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)


def doc(prefix: str) -> list[str]:
    """The arguments of the first command of docs/gm.md that begins with `prefix`: an example line
    of its own, or one in backticks (line breaks inside it read as spaces)."""
    text = GM_PAGE.read_text(encoding="utf-8")
    commands = re.findall(r"^    (umpire .+)$", text, re.M)
    commands += [" ".join(c.split()) for c in re.findall(r"`(umpire [^`]+)`", text)]
    found = next((c for c in commands if c.startswith(prefix)), None)
    assert found, f"docs/gm.md has no command beginning {prefix!r}"
    return shlex.split(found)[1:]


class Host:
    """A folder of games on one host, its clock, its shared mailbox and SMTP sink."""

    def __init__(self, root: Path, dovecot, mailbox, smtp):
        self.root, self.dovecot, self.mailbox, self.smtp = root, dovecot, mailbox, smtp
        self.now = START
        self.sent = 0                                       # messages of the sink already looked at
        (root / "games").mkdir()
        (root / "games" / "umpire.yaml").write_text(yaml.safe_dump({"mail": {
            "from": UMPIRE, "gm": [GM],
            "imap": {"host": "127.0.0.1", "port": dovecot.port, "user": mailbox, "tls": "none",
                     "password_env": PASSWORD_ENV},
            "smtp": {"host": "127.0.0.1", "port": smtp.port, "tls": "none"}}}))
        (root / "break.txt").write_text("Dear all,\n\nno deadline runs from 24 to 26 December.\n\nThe GM\n")

    def later(self, hours: float = 1):
        self.now += timedelta(hours=hours)

    def umpire(self, *args: str, input: str | None = None, code: int = 0) -> str:
        """A command as the GM types it, in the host's folder, at the host's time."""
        self.later(0.25)
        result = CliRunner().invoke(main, list(args), input=input,
                                    env={"UMPIRE_NOW": self.now.isoformat(), PASSWORD_ENV: PASSWORD})
        assert result.exit_code == code, (args, result.output)
        return result.output

    def tick(self) -> str:
        """The cron line, an hour on; what it says."""
        self.later()
        return self.umpire("tick", "games", "--verbose")

    def new_mail(self) -> list[tuple[str, str, str]]:
        """(to, subject, body) of every message sent since the last look (a long subject folded
        right after its colon, as Python's email folds it, read without the fold's space)."""
        out = [(to, subject.strip(), body) for to, subject, body in mails(self.smtp, self.sent)]
        self.sent = len(self.smtp.messages)
        return out

    def order(self, game: str, seat: str, who: str, code: str, *lines: str, turn: str | None = None):
        """A player's order by mail, in the shared mailbox now."""
        body = "\n".join([f"GAME {game}", f"{seat} {who}", f"CODE {code}",
                          *([f"ROUND {turn}"] if turn else []), *lines]) + "\n"
        msgid = f"<{game}-{who}-{self.now.timestamp()}@example.org>"
        deliver_at(self.dovecot, self.mailbox, email(body, sender=f"{who}@example.org", msgid=msgid), self.now)


def status(path: Path) -> dict:
    return actions.status(GameFolder(path))


def subjects(sent, word: str = "") -> list[tuple[str, str]]:
    """(to, subject) of the messages whose subject holds `word`, sorted."""
    return sorted((to, subject) for to, subject, _ in sent if word in subject)


@pytest.fixture
def host(tmp_path, dovecot, mailbox, smtp, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return Host(tmp_path, dovecot, mailbox, smtp)


def test_a_dampfross_month_of_corrections_under_cron(host):
    game = Path("games/ireland-1")
    _, codes = actions.create_game(game, str(TEST_MAP), "laurin",
                                   ["red:Red Lines:red@example.org", "blue:Blue Star:blue@example.org"],
                                   seed="month", option_specs=("deadline=7 days",), now=host.now)
    host.tick()
    assert subjects(host.new_mail()) == [
        ("blue@example.org", "ireland-1: welcome, Blue Star: your order code and newsletter 001"),
        ("red@example.org", "ireland-1: welcome, Red Lines: your order code and newsletter 001")]

    # round 1: red's order came by post and the GM submits it; blue orders by mail; the tick resolves
    Path("red-round1.txt").write_text("GAME ireland-1\nCOMPANY red\nHOME Alpha\nBUILD C3-D3-E3\n")
    host.umpire(*doc("umpire submit games/ireland-1"))
    host.order("ireland-1", "COMPANY", "blue", codes["blue"], "HOME Beta", "BUILD K8-J8")
    host.tick()
    assert status(game)["round"] == 2
    assert subjects(host.new_mail(), "newsletter") == [("blue@example.org", "ireland-1: newsletter 002"),
                                         ("red@example.org", "ireland-1: newsletter 002")]

    # round 2 resolves with the wrong order of red; the GM undoes it, and the tick does not race him
    host.order("ireland-1", "COMPANY", "red", codes["red"], "BUILD C3-C4-C5")
    host.order("ireland-1", "COMPANY", "blue", codes["blue"], "BUILD J8-I8-H8")
    host.tick()
    assert status(game)["round"] == 3
    host.new_mail()
    out = host.umpire(*doc("umpire rollback games/ireland-1"))
    assert "held" in out
    host.tick()
    host.tick()
    info = status(game)
    assert info["round"] == 2 and info["held"] == "rollback" and GameFolder(game).newsletter_count() == 2
    assert not [m for m in host.new_mail() if "newsletter 003" in m[1]]
    Path("red-round2.txt").write_text("GAME ireland-1\nCOMPANY red\nROUND 2\nBUILD E3-F3-F2\n")
    host.umpire("submit", "games/ireland-1", "red-round2.txt")
    host.tick()
    assert status(game)["round"] == 2                           # still held: the GM has not released it
    host.umpire(*doc("umpire deadline games/ireland-1 --resume"))
    host.tick()
    assert status(game)["round"] == 3
    text = (game / "newsletters" / "003.txt").read_text()
    assert "F2" in text and "C5" not in text.split("ROUND 2")[-1].split("ACCOUNTS")[0]
    assert subjects(host.new_mail(), "newsletter") == [
        (to, "ireland-1: newsletter 003 (edition 2, replacing the earlier one)")
        for to in ("blue@example.org", "red@example.org")]

    # a dispute settled, and taken back with a word to the players
    before = status(game)["companies"]["red"]["balance"]
    host.umpire(*doc("umpire adjust games/ireland-1 --company red"))
    host.tick()
    assert status(game)["companies"]["red"]["balance"] == before + 5
    host.umpire(*doc("umpire adjust games/ireland-1 --undo"))
    host.tick()
    assert status(game)["companies"]["red"]["balance"] == before

    # the GM speaks: a note, a moved deadline with a note, a mail to everyone
    host.umpire(*doc("umpire note games/ireland-1"))
    deadline = status(game)["deadline"]
    host.umpire(*doc("umpire deadline games/ireland-1 --extend"))
    assert status(game)["deadline"] > deadline
    host.tick()
    moved = host.new_mail()
    assert len(moved) == 2 and all("deadline" in subject for _, subject, _ in moved), moved
    host.umpire(*doc("umpire mail all games/ireland-1"))
    host.tick()
    assert subjects(host.new_mail()) == [("blue@example.org", "ireland-1: Christmas break"),
                                         ("red@example.org", "ireland-1: Christmas break")]

    # Christmas: the deadline paused; ticks far past it resolve nothing; then released
    host.umpire("deadline", "games/ireland-1", "--pause", "--reason", "Christmas")
    host.later(24 * 12)
    host.tick()
    assert status(game)["round"] == 3
    host.umpire(*doc("umpire deadline games/ireland-1 --resume"))

    # a look before resolving changes nothing
    journal = (game / "journal.jsonl").read_bytes()
    host.umpire(*doc("umpire preview games/ireland-1"))
    assert (game / "journal.jsonl").read_bytes() == journal

    # red leaves; a stand-in takes over, is welcomed by the tick, and the round waits for him
    out = host.umpire(*doc("umpire replace games/ireland-1 red"))
    assert status(game)["held"] == "replace"
    host.tick()
    welcome = [m for m in host.new_mail() if "welcome" in m[1]]
    assert [(to, subject) for to, subject, _ in welcome] == [
        ("standby@example.org", "ireland-1: welcome, Red Star Lines: your order code and newsletter 003")]
    assert re.search(r"Your order code is \S+\.", " ".join(welcome[0][2].split()))
    host.umpire(*doc("umpire deadline games/ireland-1 --resume"))

    # two rounds forced; every newsletter reaches every player, oldest first
    host.umpire(*doc("umpire resolve games/ireland-1 --force"))
    host.umpire(*doc("umpire resolve games/ireland-1 --force"))
    host.tick()
    sent = [(to, subject) for to, subject, _ in host.new_mail()]
    for to in ("standby@example.org", "blue@example.org"):
        mine = [subject for address, subject in sent if address == to]
        assert mine == ["ireland-1: newsletter 004", "ireland-1: newsletter 005"], sent
    text = (game / "newsletters" / "004.txt").read_text()
    assert "Round 4 is the last before Christmas." in text and "Sorry for the wait." in text
    assert "The fee was right after all." in text and "took over Red Lines" in text

    # a house rule from the next round, announced there
    host.umpire(*doc("umpire house-rule games/ireland-1"))
    host.tick()
    host.umpire(*doc("umpire resolve games/ireland-1 --force"))
    number = GameFolder(game).newsletter_count()
    assert "House rule from round" in (game / "newsletters" / f"{number:03d}.txt").read_text()
    host.tick()
    host.new_mail()

    # what the GM changed, in his own log
    log = host.umpire(*doc("umpire log games/ireland-1 --gm"))
    for said in ("fee of round 3 charged twice", "The fee was right after all.", "the post strike",
                 "Christmas", "Red Star Lines", "transports_per_round", "rollback"):
        assert said in log, said

    # the end by agreement, asked first; the final newsletter reaches everyone
    out = host.umpire(*doc('umpire end games/ireland-1 --reason "agreed by all" --note'), input="y\n")
    assert "The game is ended by agreement (agreed by all)" in out
    assert status(game)["phase"] == "finished"
    host.tick()
    final = f"ireland-1: newsletter {GameFolder(game).newsletter_count():03d}"
    assert {(to, subject) for to, subject, _ in host.new_mail()} >= {("blue@example.org", final),
                                                                     ("standby@example.org", final)}
    assert "match byte for byte" in host.umpire("replay", "games/ireland-1")


def test_a_volldampf_month_of_corrections_under_cron(host):
    game = Path("games/vd-1")
    players = ["anna:Anna:anna@example.org", "bob:Bob:bob@example.org"]
    _, codes = actions.create_game(game, str(TINY), "volldampf", players, seed="month",
                                   option_specs=("deadline=3 days",), now=host.now)
    host.tick()
    assert len(host.new_mail()) == 2
    while status(game)["turn"] != "2C":
        host.umpire("resolve", "games/vd-1", "--force")
        host.tick()
    sent = host.new_mail()
    assert [s for to, s, _ in sent if to == "bob@example.org"] == sorted(
        s for to, s, _ in sent if to == "bob@example.org")                  # oldest first

    # turn 2B undone; the tick leaves it to the GM; his order stands in again when released
    out = host.umpire(*doc("umpire rollback games/vd-1 --to 2B"))
    assert "held" in out
    host.tick()
    info = status(game)
    assert info["turn"] == "2B" and info["held"] == "rollback"
    host.order("vd-1", "PLAYER", "bob", codes["bob"], "PASS", turn="2B")
    host.tick()
    assert status(game)["turn"] == "2B" and status(game)["orders_in"] == ["bob"]
    host.umpire("deadline", "games/vd-1", "--resume")

    # a correction in marks, a note, a stand-in welcomed by the tick
    cash = status(game)["players"]["anna"]["marks"]
    host.umpire(*doc("umpire adjust games/vd-1 --player anna"))
    host.tick()
    assert status(game)["players"]["anna"]["marks"] == cash - 2
    host.umpire("note", "games/vd-1", "Bob leaves us; Berta takes his seat.")
    host.umpire("replace", "games/vd-1", "bob", "--email", "berta@example.org", "--name", "Berta Stand")
    host.tick()
    assert [s for to, s, _ in host.new_mail() if "welcome" in s] == [
        f"vd-1: welcome, Berta Stand: your order code and newsletter {GameFolder(game).newsletter_count():03d}"]
    host.umpire("deadline", "games/vd-1", "--resume")
    host.umpire("resolve", "games/vd-1", "--force")
    host.tick()
    text = (game / "newsletters" / f"{GameFolder(game).newsletter_count():03d}.txt").read_text()
    assert "Berta Stand took over bob from Bob." in text and "Bob leaves us" in text
    newest = f"vd-1: newsletter {GameFolder(game).newsletter_count():03d}"      # edition 2: turn 2B again
    assert [to for to, subject in subjects(host.new_mail(), newest)] == ["anna@example.org", "berta@example.org"]

    # a house rule, the GM's log, and the end by agreement
    host.umpire("house-rule", "games/vd-1", "money=hidden", "--reason", "more bluff")
    host.tick()
    log = host.umpire("log", "games/vd-1", "--gm")
    assert "paid a bond twice" in log and "money" in log and "Berta Stand" in log
    host.umpire("end", "games/vd-1", "--reason", "agreed by all", "--yes", "--note", "Thank you all.")
    host.tick()
    final = f"vd-1: newsletter {GameFolder(game).newsletter_count():03d}"
    assert {("anna@example.org", final), ("berta@example.org", final)} <= set(subjects(host.new_mail()))
    assert status(game)["phase"] == "finished"
    assert "match byte for byte" in host.umpire("replay", "games/vd-1")

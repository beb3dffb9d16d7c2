"""A German Volldampf game by mail through the real Dovecot and aiosmtpd (docs/languages.md): every
order written with the German words `umpire keywords --language de --json` prints, each one a
reply to the mail the umpire sent its player (his welcome, then his newsletter with his private
sheet and form), above the quote as German mail programs write it ("Am ... schrieb ...:", Outlook's
"-----Ursprüngliche Nachricht-----" and `Von:`/`Gesendet:` block). A greeting is a note to the GM,
not an order; a refused German line is quoted and answered in German; no English is left in any
mail or newsletter the umpire wrote. An English game reads a German order too."""

from __future__ import annotations

import json
import re
from email.message import EmailMessage
from functools import cache

import pytest
import yaml
from click.testing import CliRunner
from conftest import copy_of_made_once
from language_helpers import english_left, english_order_words, german_left
from mailhelpers import UMPIRE, email, parsed, reply, text_of
from mailservers import PASSWORD, PASSWORD_ENV
from test_volldampf_mail import body_lines, fetch_args
from volldampf_helpers import TINY

from umpire.cli import main
from umpire.families.volldampf.journal_words import said
from umpire.game import Game
from umpire.kernel.language import speaking
from umpire.kernel.names import did_you_mean
from umpire.store.folder import GameFolder
from umpire.usecases import actions
from umpire.usecases.replay import replay

pytestmark = pytest.mark.mail

PLAYERS = ("ann", "bob", "cy")
GM = "gm@example.org"
# German words that are English ones too ("was": what, "will": wants)
GERMAN_TOO = ("Was geschah", "was von den anderen", "was der nächste Zug verlangt", "schicken will")
GREETING = "Hallo Spielleiter,\n\nbekommt man die Anleihen am Ende wieder zurück?\n\nGruß, Ann"
MISSPELT = "Hamburk-Hannover"                     # a link by its ends, one of them written wrong


@cache
def german_words() -> dict[str, list[str]]:
    """The German words of each English order word, as the umpire publishes them."""
    result = CliRunner().invoke(main, ["keywords", "--language", "de", "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def in_german(line: str, nth: int = 0) -> str:
    """An English order line with each order word, colour and symbol in German (the `nth` German
    word where there are several)."""
    words = german_words()
    return " ".join(words[w][nth % len(words[w])] if w in words else w for w in line.split())


def header(player: str, code: str, turn: str) -> list[str]:
    return [in_german("GAME vm"), in_german(f"PLAYER {player}"), f"{german_words()['CODE'][1]} {code}",
            f"{german_words()['ROUND'][1]} {turn}"]


def umpire(*args) -> str:
    result = CliRunner().invoke(main, [str(a) for a in args], env={PASSWORD_ENV: PASSWORD})
    assert result.exit_code == 0, result.output
    return result.output


def host(tmp_path, dovecot, mailbox, smtp):
    """A German 3-player Volldampf game vm (builds and moves ordered together in turn B) in a folder
    of games whose umpire.yaml names the mailbox, the SMTP sink and the GM; every player welcomed.
    Returns the folder and each player's order code as his welcome tells it him."""
    games = tmp_path / "games"
    games.mkdir()
    folder, codes = actions.create_game(games / "vm", str(TINY), "volldampf",
                                        [f"{p}:{p.title()}:{p}@example.org" for p in PLAYERS], seed="de-mail",
                                        option_specs=("resolve_early=true", "merge_build_move=true", "language=de"))
    (games / "umpire.yaml").write_text(yaml.safe_dump({"mail": {
        "from": UMPIRE, "gm": [GM],
        "imap": {"host": "127.0.0.1", "port": dovecot.port, "user": mailbox, "tls": "none",
                 "password_env": PASSWORD_ENV},
        "smtp": {"host": "127.0.0.1", "port": smtp.port, "tls": "none"}}}))
    umpire("mail", "welcome", folder.path)
    told = {p: re.search(r"Ihr Befehlscode ist (\S+)\. ", text_of(last_to(smtp, p)))[1] for p in PLAYERS}
    assert told == codes
    return GameFolder(folder.path), told


def last_to(smtp, player: str) -> EmailMessage:
    """The last mail the umpire sent the player."""
    return [m for m in map(parsed, smtp.messages) if m["To"] == f"{player}@example.org"][-1]


def played_by_mail(folder: GameFolder, codes: dict, dovecot, mailbox, smtp) -> list[str]:
    """The game played to its end, each player answering the last mail the umpire sent him (his
    welcome, then his newsletter) in German, in one of the mail programs' styles in turn; Ann's
    first mail opens with a greeting and a question, Bob's builds of turn 1B end with a misspelt
    link. Returns what the players wrote above the quotes."""
    written, n = [], 0
    while Game.open(folder.path).state().phase != "finished":
        live = GameFolder(folder.path)
        game = Game.of(live)
        turn = game.family.open_turn(game.state())
        mails = []
        for p in PLAYERS:
            n += 1
            lines = [in_german(line, n) for line in body_lines(live, p)]
            if p == "bob" and turn == "1B":
                lines.append(f"{german_words()['BUILD'][0]} {MISSPELT}")
            top = "\n".join(header(p, codes[p], turn) + lines)
            if n == 1:
                top = f"{GREETING}\n\n{top}"
            written.append(top)
            mails.append(reply(last_to(smtp, p), top, n % 3, f"<o{n}@example.org>"))
        dovecot.deliver(mailbox, mails)
        assert "resolved: every company had ordered" in umpire("mail", "fetch", folder.path)
        assert "queued for ann@example.org, bob@example.org, cy@example.org" in umpire("mail", "send", folder.path)
        assert n < 40 * len(PLAYERS), "the game does not end"
    return written


def answer_to(sent: list[EmailMessage], msgid: str) -> str:
    (msg,) = [m for m in sent if m["In-Reply-To"] == msgid]
    return " ".join(text_of(msg).split())


@pytest.mark.slow
def test_a_german_volldampf_game_by_mail_to_its_end(tmp_path, dovecot, mailbox, smtp):
    folder, codes = host(tmp_path, dovecot, mailbox, smtp)
    written = played_by_mail(folder, codes, dovecot, mailbox, smtp)
    assert all(english_order_words(top) == [] for top in written)
    assert any(line.startswith("FAHRE ") for top in written for line in top.split("\n"))
    sent = list(map(parsed, smtp.messages))

    greeted = answer_to(sent, "<o1@example.org>")                   # the greeting: a note, not an order
    assert greeted.startswith("Ihre Befehle für Spiel vm, ann (Ann), Zug 1A, sind eingegangen und gespeichert.")
    assert "3 Zeilen wurden als Notiz an den Spielleiter gelesen (Zeilen 1, 3 und 5)" in greeted
    assert "Zeilen, die nicht gelesen werden konnten" not in greeted
    (note,) = [m for m in sent if m["To"] == GM]
    assert "bekommt man die Anleihen am Ende wieder zurück?" in text_of(note)
    assert note["Reply-To"] == "ann@example.org"

    refused = answer_to(sent, "<o5@example.org>")                   # Bob's misspelt link, turn 1B
    assert refused.startswith("Ihre Befehle für Spiel vm, bob (Bob), Zug 1B, sind eingegangen und gespeichert.")
    found = re.search(r"Zeilen, die nicht gelesen werden konnten \(sie werden nicht ausgeführt; schicken Sie den "
                      r"ganzen Befehl mit ihnen berichtigt noch einmal\): Zeile (\d+): 'BAU Hamburk-Hannover': 'BAU "
                      r"Hamburk-Hannover' abgelehnt: 'Hamburk' ist weder ein Ort noch eine Verbindung dieses "
                      r"Spielplans\. Meinten Sie Hamburg\? Nennen Sie", refused)
    assert found and f"Zeile {found[1]} wurde abgelehnt." in refused
    noted = [m["In-Reply-To"] for m in sent if m["In-Reply-To"] and "Notiz an den Spielleiter" in text_of(m)]
    assert noted == ["<o1@example.org>"]              # what the mail programs wrote is no note

    final = folder.newsletter_count()
    assert "DAS SPIEL IST ZU ENDE" in (folder.newsletters / f"{final:03d}.txt").read_text(encoding="utf-8")
    for p in PLAYERS:
        mine = text_of(last_to(smtp, p))
        assert f"Nur für {p.title()} ({p})" in mine
        assert all(f"Persönliches Blatt für {q.title()} ({q})" not in mine for q in PLAYERS if q != p)
    left = {f"{m['To']}: {m['Subject']}": english_left(f"{m['Subject']}\n{text_of(m)}", GERMAN_TOO)
            for m in sent if m["To"] != GM}                           # the GM's mail stays English
    left |= {path.name: english_left(path.read_text(encoding="utf-8"), GERMAN_TOO)
             for path in sorted(folder.newsletters.glob("*.txt"))}
    assert {k: v for k, v in left.items() if v} == {}
    assert {k: v for k, v in ((m["Subject"], english_order_words(text_of(m))) for m in sent if m["To"] != GM)
            if v} == {}
    assert replay(folder.path, quick=True).differences == []          # each mail order read again as it was


def _game(language: str):
    def make(root):
        actions.create_game(root / "vm", str(TINY), "volldampf", [f"{p}:{p.title()}:{p}@example.org" for p in PLAYERS],
                            seed="de-order", option_specs=(f"language={language}",))
    return make


def one_order_through_the_servers(tmp_path_factory, tmp_path, language, dovecot, mailbox, smtp):
    """A German order of Ann's for turn 1A, written from the published German words with one line
    refused, through Dovecot and the SMTP sink into a game of `language`: the order stored, and
    the umpire's answer."""
    folder = GameFolder(copy_of_made_once(tmp_path_factory, f"volldampf-{language}-order", _game(language),
                                          tmp_path) / "vm")
    lines = header("ann", folder.secrets["codes"]["ann"], "1A") + [
        in_german(line) for line in ("BONDS 1", "BID 3", "CHOOSE 3 2 1")] + [f"{in_german('BID')} viele"]
    assert english_order_words("\n".join(lines)) == []
    dovecot.deliver(mailbox, [email("\n".join(lines) + "\n", sender="ann@example.org", msgid="<de1@example.org>")])
    result = CliRunner().invoke(main, fetch_args(folder.path, dovecot, mailbox, smtp))
    assert result.exit_code == 0, result.output
    order = Game.of(folder).read_order(folder.read_bytes(folder.latest_orders("1A")["ann"]))
    assert (order.body.bonds, order.body.bids, order.body.choose) == (1, [3], [3, 2, 1])
    (answer,) = map(parsed, smtp.messages)
    assert answer["In-Reply-To"] == "<de1@example.org>"
    return " ".join(text_of(answer).split())


def test_a_german_volldampf_order_through_the_mail_servers(tmp_path_factory, tmp_path, dovecot, mailbox, smtp):
    answer = one_order_through_the_servers(tmp_path_factory, tmp_path, "de", dovecot, mailbox, smtp)
    assert answer.startswith("Ihre Befehle für Spiel vm, ann (Ann), Zug 1A, sind eingegangen und gespeichert.")
    assert "Zeile 5: ANLEIHEN 1 Zeile 6: GEBOT 3 Zeile 7: WAHL 3 2 1" in answer
    assert "Zeile 8: 'GEBOT viele': 'GEBOT viele' abgelehnt: 'viele' ist keine ganze Zahl" in answer
    assert english_left(answer, GERMAN_TOO) == [] and english_order_words(answer) == []


def test_an_english_volldampf_game_reads_a_german_order_by_mail(tmp_path_factory, tmp_path, dovecot, mailbox, smtp):
    answer = one_order_through_the_servers(tmp_path_factory, tmp_path, "en", dovecot, mailbox, smtp)
    assert answer.startswith("Your orders for game vm, player ann (Ann), turn 1A were received and stored.")
    assert "line 8: 'GEBOT viele': 'GEBOT viele' refused: 'viele' is not a whole number" in answer
    assert german_left(answer) == []


def test_did_you_mean_is_said_in_the_readers_language(tmp_path_factory, tmp_path):
    folder = GameFolder(copy_of_made_once(tmp_path_factory, "volldampf-de-order", _game("de"), tmp_path) / "vm")
    text = f"SPIEL vm\nSPIELER ann\nZUG 1B\nBAU {MISSPELT}\n".encode()
    with speaking("de"):
        assert did_you_mean(["Hamm"]) == "meinten Sie Hamm?"
        assert did_you_mean(["Hannover", "Hanau", "Hamm"]) == "meinten Sie Hannover, Hanau oder Hamm?"
        (german,) = Game.of(folder).read_order(text).errors
    (english,) = Game.of(folder).read_order(text).errors
    assert "Meinten Sie Hamburg? Nennen Sie eine Verbindung" in str(german)
    assert "Did you mean Hamburg? Name a link" in str(english)
    assert did_you_mean(["Hannover", "Hanau", "Hamm"]) == "did you mean Hannover, Hanau or Hamm?"


def test_a_kennwort_line_is_the_code_line_when_the_order_is_read_again(tmp_path_factory, tmp_path):
    """Its code is the one checked, not masked as a code written elsewhere (replay reads a stored
    mail order so)."""
    folder = GameFolder(copy_of_made_once(tmp_path_factory, "volldampf-de-order", _game("de"), tmp_path) / "vm")
    code = folder.secrets["codes"]["ann"]
    data = "\n".join(header("ann", code, "1A") + [in_german("BID 3")]).encode()
    assert Game.of(folder).read_order(data).code == code
    result = actions.submit(folder, data, via="mail m1", require_code=True)
    assert [e["type"] for e in folder.events][-1] == "order_received", result


def test_a_card_discarded_by_order_says_the_order_word_in_german():
    """The journal's reason `DISCARD` (the player's own order) as the newsletter names it."""
    with speaking("de"):
        assert said("DISCARD") == in_german("DISCARD") == "ABWERFEN"
    assert said("DISCARD") == "DISCARD"

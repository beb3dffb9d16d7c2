"""Orders as people send them: the newsletter the umpire wrote, replied to in every common style
with the player's own form filled in (quoted with `>` at any depth, Outlook's unquoted original,
a forward, the form copied into a fresh mail), with greetings and sign-offs around it. Each reply
is built from the real newsletter text, so heading and form never drift apart."""

from __future__ import annotations

import subprocess

import pytest
from click.testing import CliRunner
from mailhelpers import NOW, UMPIRE, email, make_game
from test_mail_fetch import fetch_args, orders_journaled

from umpire.cli import main
from umpire.game import Game
from umpire.mail.config import MailConfig
from umpire.mail.fetch import Fetcher
from umpire.store.folder import GameFolder
from umpire.usecases import actions

ATTRIBUTION = "On Sat, 1 Mar 2025 at 12:00, Umpire <umpire@example.org> wrote:"
OUTLOOK_HEAD = f"From: Umpire <{UMPIRE}>\nSent: Saturday, March 1, 2025 12:00 PM\nTo: red@example.org\n" \
               "Subject: g1: newsletter 001\n"


def newsletter(folder: GameFolder) -> str:
    return (folder.path / "newsletters" / "001.txt").read_text(encoding="utf-8")


def filled(text: str, company: str, code: str, body=("HOME Alpha", "BUILD C3-D3")) -> str:
    """The newsletter with `company`'s form filled in where it stands: its code, and its blanks
    replaced by `body` (the lines the umpire printed with a blank)."""
    lines = text.split("\n")
    start = lines.index(f"  COMPANY {company}") - 1
    assert lines[start].strip().startswith("GAME ")
    end = lines.index("", start)
    out, rest = [], list(body)
    for line in lines[start:end]:
        if "<your order code>" in line:
            out.append(line.replace("<your order code>", code))
        elif "<" in line:
            if rest:
                out.append("  " + rest.pop(0))
        else:
            out.append(line)
    out += ["  " + r for r in rest]
    return "\n".join(lines[:start] + out + lines[end:])


def quoted(text: str, mark: str = "> ") -> str:
    return "\n".join((mark + line) if line else mark.rstrip() for line in text.split("\n"))


def form_alone(text: str, company: str, code: str) -> str:
    lines = filled(text, company, code).split("\n")
    start = lines.index(f"  COMPANY {company}") - 1
    return "\n".join(lines[start:lines.index("", start)])


STYLES = {
    "quoted top-posted": lambda f: f"Hi umpire,\n\nmy orders are in the form below.\n\nCheers, Alice\n\n"
                                      f"{ATTRIBUTION}\n\n{quoted(f)}\n",
    "quoted without space": lambda f: f"Hi umpire,\n\n{ATTRIBUTION}\n{quoted(f, '>')}\n",
    "quoted at depth two": lambda f: f"Here again, with the form filled.\n\nOn Sun, Bob wrote:\n> Did you order?\n>\n"
                                        f"> {ATTRIBUTION}\n{quoted(f, '> > ')}\n",
    "bottom-posted": lambda f: f"{ATTRIBUTION}\n{quoted(f)}\n\nSorry I'm late, was travelling!\n"
                                  "Alice\n",
    "outlook original message": lambda f: f"Orders below.\n\nAlice\n\n-----Original Message-----\n{OUTLOOK_HEAD}\n"
                                             f"{f}\n",
    "outlook from-sent block": lambda f: f"Hello,\n\nplease find my orders.\n\n{'_' * 32}\n{OUTLOOK_HEAD}\n"
                                            f"{f}\n",
    "forwarded": lambda f: f"Forwarding my filled form.\n\n---------- Forwarded message ---------\nFrom: Umpire "
                              f"<{UMPIRE}>\nDate: Sat, 1 Mar 2025 at 12:00\nSubject: g1: newsletter 001\n"
                              f"To: <red@example.org>\n\n{f}\n",
    "apple forwarded": lambda f: f"Here.\n\nBegin forwarded message:\n\nFrom: Umpire <{UMPIRE}>\n"
                                    f"Subject: g1: newsletter 001\n\n{f}\n",
    "form copied into a fresh mail": lambda f: f"Hi umpire,\n\n{f}\n\nThanks,\nCarol C.\n",
    "phone reply": lambda f: f"Form filled below\n\nSent from my iPhone\n\n> On 1 Mar 2025, at 12:00, Umpire wrote:\n"
                                f">\n{quoted(f)}\n",
}


def reply_in(style: str, text: str, code: str, who: str = "red") -> str:
    """The reply in `style` to newsletter `text`, with `who`'s form filled in (or copied alone)."""
    form = form_alone(text, who, code) if style == "form copied into a fresh mail" else filled(text, who, code)
    return STYLES[style](form)


@pytest.fixture
def game(tmp_path):
    return make_game(tmp_path / "g1")


def fetch_one(folder: GameFolder, raw: bytes) -> Fetcher:
    fetcher = Fetcher(folder.path, MailConfig(from_addr=UMPIRE), now=NOW)
    fetcher.take(raw, 1, 1, NOW)
    return fetcher


def reply_text(folder: GameFolder, fetcher: Fetcher) -> str:
    (record,) = fetcher.pending
    raw = (folder.path / record["reply"]).read_bytes()
    return raw.replace(b"=\r\n", b"").replace(b"\r\n", b"\n").decode("utf-8", "replace")


def home_and_build_taken(folder: GameFolder, raw: bytes):
    """The message fetched alone and taken clean as red's HOME and BUILD: the fetcher, its outcome."""
    fetcher = fetch_one(folder, raw)
    (outcome,) = fetcher.outcomes
    assert (outcome.status, outcome.company) == ("accepted", "red"), outcome
    (event,) = orders_journaled(folder)
    assert event["errors"] == [], event
    order = Game.of(folder).read_order(folder.read_bytes(event["file"]))
    assert [order.home is not None, len(order.chains)] == [True, 1]
    return fetcher, outcome


@pytest.mark.parametrize("style", sorted(STYLES))
def test_the_players_own_filled_form_is_her_order_in_every_reply_style(game, style):
    folder, codes = game
    fetcher, _ = home_and_build_taken(folder, email(reply_in(style, newsletter(folder), codes["red"])))
    reply = reply_text(folder, fetcher)
    assert "HOME" in reply and "BUILD C3-D3" in reply and "could not be read" not in reply


@pytest.mark.parametrize("style", sorted(STYLES))
def test_a_form_filled_for_another_company_is_refused_naming_both(game, style):
    folder, codes = game
    text = newsletter(folder)
    fetcher = fetch_one(folder, email(reply_in(style, text, codes["blue"], "blue")))
    (outcome,) = fetcher.outcomes
    assert outcome.status == "not accepted" and "not the registered address of blue" in outcome.note
    reply = " ".join(reply_text(folder, fetcher).split())
    assert "company blue's" in reply and "registered for red (Red Lines)" in reply and "COMPANY red" in reply


def test_a_reply_with_no_form_filled_is_not_taken_from_the_blank_forms(game):
    folder, codes = game
    fetcher = fetch_one(folder, email(f"Thanks!\n\n{ATTRIBUTION}\n{quoted(newsletter(folder))}\n"))
    (outcome,) = fetcher.outcomes
    assert outcome.status == "not accepted" and "no GAME and COMPANY lines" in outcome.note


def test_the_newest_filled_form_of_a_thread_counts_not_an_older_quoted_one(game):
    folder, codes = game
    text = newsletter(folder)
    older = filled(text, "red", codes["red"], ("HOME Beta", "BUILD K8-J8"))
    body = (f"Hi,\n\n{ATTRIBUTION}\n{quoted(filled(text, 'red', codes['red']))}\n>\n> {ATTRIBUTION}\n"
            f"{quoted(older, '> > ')}\n")
    fetch_one(folder, email(body))
    (event,) = orders_journaled(folder)
    order = Game.of(folder).read_order(folder.read_bytes(event["file"]))
    assert "Alpha" in Game.of(folder).game_map.describe(order.home)
    assert [c.line for c in order.chains] == [order.home_line + 1]


@pytest.mark.mail
def test_every_reply_style_through_dovecot_is_confirmed_to_its_player(game, dovecot, mailbox, smtp):
    folder, codes = game
    text = newsletter(folder)
    raws = [email(reply_in(s, text, codes["red"]), msgid=f"<style-{i}@example.org>", subject="Re: g1: newsletter 001")
            for i, s in enumerate(sorted(STYLES))]
    for message in confirmed_each(folder, raws, dovecot, mailbox, smtp):
        assert b"BUILD C3-D3" in message


def confirmed_each(folder: GameFolder, raws: list[bytes], dovecot, mailbox, smtp) -> list[bytes]:
    """The messages fetched through Dovecot, each taken as a clean order and confirmed: the
    confirmations, their soft line breaks joined."""
    dovecot.deliver(mailbox, raws)
    result = CliRunner().invoke(main, fetch_args(folder.path, dovecot, mailbox, smtp))
    assert result.exit_code == 0, result.output
    received = [e for e in orders_journaled(folder) if e["type"] == "order_received"]
    assert len(received) == len(raws) and all(e["errors"] == [] for e in received)
    assert len(smtp.messages) == len(raws)
    return [m.replace(b"=\r\n", b"") for m in smtp.messages]


# -- what the player writes to the GM ---------------------------------------------------------------
CHATTER = ("Hi umpire,\n\nSorry I'm late, was travelling!\n\n{order}\n\nOops, that was all.\nCheers, Alice\n"
           "Carol C.\n")


def test_greetings_and_sign_offs_are_a_note_to_the_gm_kept_shown_and_never_refused(game, tmp_path):
    folder, codes = game
    order = "GAME g1\nCOMPANY red\nCODE {}\nHOME Alpha\nBUILD C3-D3".format(codes["red"])
    fetcher = fetch_one(folder, email(CHATTER.format(order=order)))
    (outcome,) = fetcher.outcomes
    assert outcome.status == "accepted"
    (event,) = orders_journaled(folder)
    assert event["errors"] == []
    assert [n.text for n in outcome.notes] == ["Hi umpire,", "Sorry I'm late, was travelling!", "Oops, that was all.",
                                               "Cheers, Alice", "Carol C."]
    assert "note to the GM: Hi umpire, / Sorry I'm late" in str(outcome)
    stored = folder.read_bytes(event["file"]).decode()
    assert "Sorry" not in stored and "Cheers" not in stored
    (record,) = fetcher.pending
    assert record["notes"][0] == "line 1: Hi umpire," and record["turn"] == "1"
    fetcher.room.log(fetcher.pending)
    reply = " ".join(reply_text(folder, fetcher).split())
    assert "5 lines were read as a note to the GM (lines 1, 3, 11, 12 and 13)" in reply
    assert "could not be read" not in reply
    result = CliRunner().invoke(main, ["status", str(folder.path)])
    assert "note to the GM from red" in result.output and "line 3: Sorry I'm late, was travelling!" in result.output


def test_a_misspelt_order_line_is_still_refused_not_taken_as_a_note(game):
    folder, codes = game
    order = "GAME g1\nCOMPANY red\nCODE {}\nHOME Alpha\nBUIDL C3-D3\nBuild C3-D3-Q99".format(codes["red"])
    fetcher = fetch_one(folder, email(order + "\nCheers, Alice\n"))
    (outcome,) = fetcher.outcomes
    (event,) = orders_journaled(folder)
    assert [e.split(":")[0] for e in event["errors"]] == ["line 5", "line 6"]
    assert [n.text for n in outcome.notes] == ["Cheers, Alice"]
    assert "could not be read" in reply_text(folder, fetcher)


def test_chatter_inside_the_order_is_refused_as_before(game):
    folder, codes = game
    order = "GAME g1\nCOMPANY red\nCODE {}\nHOME Alpha\nand then\nBUILD C3-D3".format(codes["red"])
    fetcher = fetch_one(folder, email(order))
    (event,) = orders_journaled(folder)
    assert [e.split(":")[0] for e in event["errors"]] == ["line 5"] and not fetcher.outcomes[0].notes


def test_no_newsletter_prints_a_players_note_or_unreadable_line(game):
    folder, codes = game
    red = ("Hi umpire,\nSorry I'm late, was travelling!\nGAME g1\nCOMPANY red\nCODE {}\nHOME Alpha\nmy secret plan\n"
           "BUILD C3-D3\nBUIDL D3-E3\nCheers, Alice\n").format(codes["red"])
    blue = "GAME g1\nCOMPANY blue\nCODE {}\nHOME Beta\nJUMP K8-J8\n".format(codes["blue"])
    fetcher = Fetcher(folder.path, MailConfig(from_addr=UMPIRE), now=NOW)
    fetcher.take(email(red), 1, 1, NOW)
    fetcher.take(email(blue, sender="blue@example.org", msgid="<b@example.org>"), 1, 2, NOW)
    assert [o.status for o in fetcher.outcomes] == ["accepted", "accepted"]
    confirmation = " ".join((folder.path / fetcher.pending[0]["reply"]).read_text().split())
    assert "my secret plan" in confirmation and "BUIDL" in confirmation, "the player is told his own lines"
    actions.resolve(GameFolder(folder.path), NOW)
    live = GameFolder(folder.path)
    public = (live.path / "newsletters" / "002.txt").read_text()
    for words in ("Hi umpire", "Sorry", "travelling", "Cheers", "secret plan", "BUIDL", "D3-E3"):
        assert words not in public, words
    assert "Red Lines: 2 lines could not be read (the company was told which and why)." in public
    assert "Blue Star, line 5 (JUMP):" in public and "K8-J8" not in public
    pdf = subprocess.run(["pdftotext", str(live.path / "newsletters" / "002.pdf"), "-"], capture_output=True,
                         text=True).stdout
    assert "Red Lines: 2 lines could not be read" in " ".join(pdf.split()) and "secret" not in pdf


# -- Volldampf: each player's own form, at the end of his newsletter mail --------------------------------
def volldampf_filled(mail_body: str, code: str) -> str:
    """The player's newsletter mail with his own form filled in where it stands: his code, and the
    BONDS, BID and CHOOSE examples taken (their `#` out)."""
    from test_volldampf_orderform import examples

    from umpire.kernel import form_marks
    lines = mail_body.split("\n")
    start = next(i for i, line in enumerate(lines) if form_marks.turn_of_title(line))
    form = [line.replace(form_marks.code_line(), f"CODE {code}") for line in examples(lines[start:])]
    return "\n".join(lines[:start] + form)


VD_STYLES = ["quoted top-posted", "quoted without space", "quoted at depth two", "bottom-posted",
             "outlook original message", "outlook from-sent block", "forwarded", "apple forwarded", "phone reply"]


@pytest.mark.mail
def test_a_volldampf_players_own_form_is_his_order_in_every_reply_style(tmp_path, smtp):
    from test_volldampf_mail import newsletter_bodies, send_args
    from volldampf_helpers import TINY
    folder, codes = actions.create_game(tmp_path / "vm", str(TINY), "volldampf",
                                        [f"{p}:{p.title()}:{p}@example.org" for p in ("ann", "bob", "cy")],
                                        seed="reply")
    assert CliRunner().invoke(main, send_args(folder.path, smtp)).exit_code == 0
    mail = newsletter_bodies(smtp, 1)["ann@example.org"]
    fetcher = Fetcher(folder.path, MailConfig(from_addr=UMPIRE), now=NOW)
    for uid, style in enumerate(VD_STYLES, 1):
        text = STYLES[style](volldampf_filled(mail, codes["ann"]))
        fetcher.take(email(text, sender="ann@example.org", msgid=f"<vd-{uid}@example.org>"), 1, uid, NOW)
        outcome = fetcher.outcomes[-1]
        assert (outcome.status, outcome.company) == ("accepted", "ann"), (style, str(outcome))
        live = GameFolder(folder.path)
        order = Game.of(live).read_order(live.read_bytes(live.latest_orders("1A")["ann"]))
        assert not order.errors and (order.body.bonds, order.body.bids, order.body.choose) == (1, [3], [3, 2, 1]), \
            (style, [str(e) for e in order.errors])


@pytest.mark.mail
def test_display_names_and_chatter_through_dovecot_each_as_its_player_expects(game, dovecot, mailbox, smtp):
    folder, codes = game
    text = newsletter(folder)
    red = email(reply_in("quoted top-posted", text, codes["red"]), sender="Red L. <red@example.org>",
                msgid="<dn-1@example.org>")
    blue = email(CHATTER.format(order="GAME g1\nCOMPANY blue\nCODE {}\nHOME Beta".format(codes["blue"])),
                 sender="=?utf-8?q?Bl=C3=BC_S.?= <blue@example.org>", msgid="<dn-2@example.org>")
    dovecot.deliver(mailbox, [red, blue])
    result = CliRunner().invoke(main, fetch_args(folder.path, dovecot, mailbox, smtp))
    assert result.exit_code == 0, result.output
    assert [e["type"] for e in orders_journaled(folder)] == ["order_received", "order_received"]
    assert "note to the GM: Hi umpire," in result.output and len(smtp.messages) == 2
    status = CliRunner().invoke(main, ["status", str(folder.path)]).output
    assert "note to the GM from red (message" in status and "note to the GM from blue" in status
    assert "Carol C." in status

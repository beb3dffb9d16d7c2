"""Orders as real mail clients send them: Thunderbird and Apple Mail (format=flowed, RFC 3676),
Gmail (plain and HTML alternative), Outlook (its copy of the message replied to), phones (their
automatic signatures), HTML-only mail with <pre>. Each message below has the shape its client
gives it; the last test sends them through the real Dovecot and aiosmtpd."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from conftest import TEST_MAP
from mailhelpers import NOW, UMPIRE, make_game
from test_mail_fetch import fetch_args, orders_journaled

from umpire.cli import main
from umpire.families.dampfross.gamemap import load_map
from umpire.families.dampfross.orders import parse_order
from umpire.mail.config import MailConfig
from umpire.mail.decode import clean, read_mail
from umpire.mail.fetch import Fetcher
from umpire.mail.flowed import unflow

LONG = "C3 - C4 - C5 - D5 - E6 - F6 - G7 - H7 - I8 - J8 - K8 - L8 - M8 - N8 - N9"
HEXES = LONG.replace(" ", "").split("-")
CODE = "tulip-42"


def chains(text: str) -> list[tuple[int, list[str]]]:
    from umpire.families.dampfross.hexgrid import label
    order = parse_order(text, load_map(TEST_MAP))
    assert order.errors == []
    return [(c.line, [label(h) for h in c.hexes]) for c in order.chains]


def head(sender: str, ident: str, extra: str) -> str:
    return (f"From: {sender}\r\nTo: {UMPIRE}\r\nSubject: Re: g1: newsletter 001\r\n"
            "Date: Sat, 01 Mar 2025 10:00:00 +0000"
            f"\r\nMessage-ID: <{ident}>\r\nMIME-Version: 1.0\r\n{extra}")


def order_lines(company="red", code=CODE) -> str:
    return f"GAME g1\r\nCOMPANY {company}\r\nCODE {code}\r\nHOME Alpha\r\n"


# -- format=flowed ------------------------------------------------------------------------
def test_flowed_soft_breaks_are_joined_and_hard_breaks_kept():
    assert unflow("BUILD C3 - C4 - \nC5\nBUILD D3\n") == "BUILD C3 - C4 - C5\n\nBUILD D3\n"


def test_flowed_delsp_removes_the_space_of_the_soft_break():
    assert unflow("BUILD C3-C4-C \n5-D5\n", delsp=True) == "BUILD C3-C4-C5-D5\n\n"
    assert unflow("BUILD C3-C4-C \n5-D5\n", delsp=False) == "BUILD C3-C4-C 5-D5\n\n"


def test_flowed_signature_line_is_never_soft_and_a_quote_depth_change_ends_a_paragraph():
    assert unflow("BUILD C3 - \nD3\n-- \nRed \nLines\n") == "BUILD C3 - D3\n\n-- \nRed Lines\n\n"
    assert unflow("> quoted \nBUILD C3\n") == "> quoted \nBUILD C3\n"


def test_flowed_space_stuffing_is_undone():
    assert unflow(" >not a quote\n From here\n") == ">not a quote\nFrom here\n"


THUNDERBIRD = head("Red <red@example.org>", "tb1@example.org",
                   "User-Agent: Mozilla Thunderbird\r\nContent-Type: text/plain; charset=UTF-8; format=flowed\r\n"
                   "Content-Transfer-Encoding: 7bit\r\n\r\n") + order_lines() + \
    "BUILD C3 - C4 - C5 - D5 - E6 - F6 - G7 - H7 - I8 - J8 - K8 - L8 - M8 - \r\nN8 - N9\r\nBUILD C3 - D3\r\n\r\n" \
    "-- \r\nRed Lines\r\n"

APPLE_MAIL = head("Red Lines <red@example.org>", "apple1@example.org",
                  "Content-Type: text/plain; charset=us-ascii; format=flowed; delsp=yes\r\n"
                  "Content-Transfer-Encoding: 7bit\r\nX-Mailer: Apple Mail (2.3774.300.61.1.2)\r\n\r\n") + \
    order_lines() + "BUILD C3 - C4 - C5 - D5 - E6 - F6 - G7 - H7 - I8 - J8 - K8 - L8 - M8 - N \r\n8 - N9\r\n" \
    "BUILD C3 - D3\r\n\r\nSent from my iPad\r\n"


@pytest.mark.parametrize("raw", [THUNDERBIRD, APPLE_MAIL], ids=["thunderbird", "apple-mail"])
def test_a_long_build_line_cut_by_a_flowed_client_is_one_chain_again(raw):
    mail = read_mail(raw.encode())
    assert chains(mail.text) == [(5, HEXES), (7, ["C3", "D3"])], "line numbers are those of the mail as written"


# -- Gmail, Outlook, phones -----------------------------------------------------------------
GMAIL = head("Red Lines <red@example.org>", "CAF=gmail1@mail.gmail.com",
             'Content-Type: multipart/alternative; boundary="000000000000a1b2c3"\r\n\r\n') + \
    "--000000000000a1b2c3\r\nContent-Type: text/plain; charset=\"UTF-8\"\r\n" \
    "Content-Transfer-Encoding: quoted-printable\r\n\r\n" + order_lines() + \
    f"BUILD {LONG[:60]}=\r\n{LONG[60:]}\r\n\r\nOn Sat, 1 Mar 2025 at 09:00, Umpire <{UMPIRE}> wrote:\r\n\r\n" \
    "> G1: NEWSLETTER 001\r\n> BUILD K8-J8\r\n\r\n" \
    "--000000000000a1b2c3\r\nContent-Type: text/html; charset=\"UTF-8\"\r\n" \
    "Content-Transfer-Encoding: quoted-printable\r\n\r\n" \
    f"<div dir=3D\"ltr\"><div>GAME g1</div><div>COMPANY red</div><div>CODE {CODE}</div><div>HOME Alpha</div>" \
    f"<div>BUILD {LONG}</div></div><br><div class=3D\"gmail_quote\"><blockquote class=3D\"gmail_quote\">" \
    "BUILD K8-J8</blockquote></div>\r\n--000000000000a1b2c3--\r\n"

OUTLOOK = head("Red Lines <red@example.org>", "AM0PR01MB1234@eurprd01.prod.outlook.com",
               "Content-Type: multipart/alternative; boundary=\"_000_AM0PR_\"\r\nX-MS-Has-Attach:\r\n\r\n") + \
    "--_000_AM0PR_\r\nContent-Type: text/plain; charset=\"Windows-1252\"\r\n" \
    "Content-Transfer-Encoding: quoted-printable\r\n\r\n" + order_lines() + f"BUILD {LONG}\r\n\r\n" \
    "# Gr=FC=DFe\r\n\r\n________________________________\r\nFrom: Umpire <umpire@example.org>\r\n" \
    "Sent: Saturday, March 1, 2025 09:00\r\nTo: Red Lines <red@example.org>\r\nSubject: g1: newsletter 001\r\n\r\n" \
    "G1: NEWSLETTER 001\r\nBudgets: Red Lines 6, Blue Star 6 points.\r\n\r\n--_000_AM0PR_\r\n" \
    "Content-Type: text/html; charset=\"Windows-1252\"\r\n\r\n<html><body><p>GAME g1</p></body></html>\r\n" \
    "--_000_AM0PR_--\r\n"


def phone(signature: str, ident: str, plain_extra: str = "") -> str:
    return head("red@example.org", ident, "Content-Type: text/plain; charset=utf-8\r\n"
                "Content-Transfer-Encoding: quoted-printable\r\n\r\n") + order_lines() + \
        f"BUILD {LONG}\r\n\r\n{signature}\r\n{plain_extra}\r\n" \
        "> On 1 Mar 2025, at 09:00, Umpire wrote:\r\n>\r\n> text\r\n"


PHONES = {"iphone": "Sent from my iPhone", "outlook-android": "Get Outlook for Android<https://aka.ms/AAb9ysg>",
          "outlook-ios": "Sent from Outlook for iOS<https://aka.ms/o0ukef>",
          "samsung": "Sent from my Samsung Galaxy smartphone.", "german-iphone": "Von meinem iPhone gesendet",
          "french-iphone": "Envoyé de mon iPhone", "spanish-phone": "Enviado desde mi iPhone"}


@pytest.mark.parametrize("raw", [GMAIL, OUTLOOK] + [phone(s, f"{n}@x") for n, s in PHONES.items()],
                         ids=["gmail", "outlook"] + list(PHONES))
def test_orders_from_common_clients_read_right(raw):
    mail = read_mail(raw.encode("utf-8"))
    order = parse_order(mail.text, load_map(TEST_MAP))
    assert (order.game, order.company, order.code, order.errors) == ("g1", "red", CODE, [])
    assert chains(mail.text) == [(5, HEXES)]


def test_an_automatic_signature_ends_the_order_as_the_signature_line_does():
    assert clean("BUILD C3-D3\nSent from my iPhone\nBUILD D3-E3\n") == "BUILD C3-D3\n"
    assert clean("BUILD C3-D3\n# sent from my iPhone\n") == "BUILD C3-D3\n# sent from my iPhone\n"


# -- the smaller ones ---------------------------------------------------------------------------
def test_html_only_order_inside_pre_keeps_its_newlines():
    raw = (b"From: red@example.org\nContent-Type: text/html; charset=utf-8\n\n<html><body><pre>GAME g1\nCOMPANY red\n"
           b"CODE tulip-42\nHOME Alpha\nBUILD C3-D3</pre></body></html>")
    mail = read_mail(raw)
    assert mail.text == "GAME g1\nCOMPANY red\nCODE tulip-42\nHOME Alpha\nBUILD C3-D3\n"


FORM = "ORDER FORMS FOR ROUND 1"


def test_a_pasted_newsletter_counts_from_its_filled_form_not_a_later_empty_one():
    text = (f"G1: NEWSLETTER 001\n{FORM}\n  GAME g1\n  COMPANY blue\n  CODE amber-17\n  HOME Beta\n"
            f"  BUILD K8-J8\nmore of the newsletter\n{FORM}\n  GAME g1\n  COMPANY red\n  CODE <your code>\n"
            "  BUILD <hex>-<hex>-...\n")
    order = parse_order(clean(text), load_map(TEST_MAP))
    assert (order.company, order.code, [c.line for c in order.chains]) == ("blue", "amber-17", [7])


def test_a_pasted_newsletter_with_no_form_filled_keeps_every_form_without_its_blanks():
    text = f"{FORM}\n  GAME g1\n  COMPANY red\n{FORM}\n  GAME g1\n  COMPANY blue\n  BUILD <hex>-<hex>\n"
    assert clean(text) == f"{FORM}\n  GAME g1\n  COMPANY red\n{FORM}\n  GAME g1\n  COMPANY blue\n"
    assert "two different COMPANY lines" in parse_order(clean(text), load_map(TEST_MAP)).refusal


@pytest.mark.parametrize("ident,threaded", [("=?utf-8?q?<a=0D=0Ab@example.org>?=", False),
                                            ("<a@b>\r\n =?utf-8?q?=0D=0ABcc:_x@y?=", True),
                                            ("<a b@example.org>", False)])
def test_an_order_whose_message_id_holds_a_line_break_is_confirmed(tmp_path, ident, threaded):
    folder, codes = make_game(tmp_path / "g1")
    raw = (f"From: red@example.org\r\nTo: {UMPIRE}\r\nSubject: orders\r\nMessage-ID: {ident}\r\n\r\n"
           + order_lines(code=codes["red"])).encode()
    fetcher = Fetcher(folder.path, MailConfig(from_addr=UMPIRE), now=NOW)
    fetcher.take(raw, 1, 1, NOW)
    (record,) = fetcher.pending
    assert record["status"] == "accepted" and record["reply"], "the confirmation is sent"
    reply = (folder.path / record["reply"]).read_bytes()
    assert (b"In-Reply-To: <a@b>\r\n" in reply) == threaded and b"Bcc" not in reply
    assert not fetcher.outcomes[0].alert


# -- through the real servers --------------------------------------------------------------------
@pytest.mark.mail
def test_mail_from_common_clients_through_dovecot_is_read_and_answered(tmp_path, dovecot, mailbox, smtp):
    folder, codes = make_game(tmp_path / "g1")
    raws = [r.replace(CODE, codes["red"]).encode("utf-8") for r in (THUNDERBIRD, APPLE_MAIL, GMAIL, OUTLOOK,
                                                                     phone(PHONES["iphone"], "ip@x"))]
    dovecot.deliver(mailbox, raws)
    result = CliRunner().invoke(main, fetch_args(folder.path, dovecot, mailbox, smtp))
    assert result.exit_code == 0, result.output
    received = [e for e in orders_journaled(folder) if e["type"] == "order_received"]
    assert len(received) == 5 and all(e["errors"] == [] for e in received)
    assert len(smtp.messages) == 5
    confirmations = [m.replace(b"=\r\n", b"").replace(b"\r\n", b"\n") for m in smtp.messages]
    assert all(b"line 5: BUILD " + "-".join(HEXES).encode() in c for c in confirmations)

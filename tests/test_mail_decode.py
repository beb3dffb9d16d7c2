"""Reading received mail: MIME shapes, charsets, quotes, replies, hostile input."""

from __future__ import annotations

import random
from email import policy
from pathlib import Path

import pytest
from mailhelpers import NOW, email

from umpire.mail import mailpolicy
from umpire.mail.decode import clean, message_key, read_mail
from umpire.mail.replies import compose


def test_plain_text_is_preferred_to_html():
    raw = (b"From: a@b.org\nMessage-ID: <p@b>\nMIME-Version: 1.0\nContent-Type: multipart/alternative; boundary=B\n\n"
           b"--B\nContent-Type: text/plain\n\nGAME plain\n--B\nContent-Type: text/html\n\n<p>GAME html</p>\n--B--\n")
    assert read_mail(raw).text == "GAME plain\n"


def test_html_only_mail_becomes_text_with_blockquotes_quoted():
    raw = (b"From: a@b.org\nContent-Type: text/html\n\n<p>GAME g<br>BUILD A1-A2</p>"
           b"<blockquote>BUILD old</blockquote><script>x()</script>")
    mail = read_mail(raw)
    assert (mail.text, mail.source) == ("GAME g\nBUILD A1-A2\n", "html")      # the quote is not the order


def test_order_in_a_txt_attachment_is_taken():
    raw = (b"From: a@b.org\nContent-Type: multipart/mixed; boundary=B\n\n"
           b"--B\nContent-Type: text/plain\n\nsee attached\n"
           b"--B\nContent-Type: text/plain\nContent-Disposition: attachment; filename=orders.TXT\n\nGAME g\n--B--\n")
    mail = read_mail(raw)
    assert (mail.text, mail.source) == ("GAME g\n", "orders.TXT")


def test_body_in_any_declared_charset_is_decoded():
    raw = "From: a@b.org\nContent-Type: text/plain; charset=koi8-r\n\nGAME g # Привет\n".encode("koi8-r")
    assert read_mail(raw).text == "GAME g # Привет\n"


def test_unknown_charset_falls_back_without_error():
    raw = b"From: a@b.org\nContent-Type: text/plain; charset=x-nothing\n\nGAME g \xe9\n"
    assert read_mail(raw).text.startswith("GAME g ")


def test_sender_is_the_from_address_never_the_reply_to():
    mail = read_mail(email("x", sender="Someone <s@work.org>", Reply_To="Red <RED@Example.org>"))
    assert mail.sender == "s@work.org"


def test_attribution_line_above_a_quote_is_blanked_and_the_quote_is_not_the_order():
    assert clean("BUILD A1-A2\nOn Monday, Umpire wrote:\n> old\n") == "BUILD A1-A2\n"
    assert clean("On Monday, 3 March 2025 at 12:00, Umpire\n<u@x.org> wrote:\n> GAME g\nBUILD A1\n") == \
        "\n\n\nBUILD A1\n"


def test_original_message_below_the_reply_is_dropped():
    assert clean("BUILD A1-A2\n-----Original Message-----\nFrom: umpire\nGAME x\n") == "BUILD A1-A2\n"


def test_replied_newsletter_counts_from_its_filled_form_and_keeps_line_numbers():
    text = ("Here you are\n> NEWSLETTER 001\n> ACCOUNTS\n>\n"
            ">   GAME g\n>   COMPANY red\n>   CODE <your order code>\n>\n"
            ">   GAME g\n>   COMPANY blue\n>   CODE tulip-1\n>   BUILD K8-J8\n>   BUILD <hex>-<hex>\n>\n> rest\n")
    assert clean(text) == "Here you are\n\n\n\n\n\n\n\n  GAME g\n  COMPANY blue\n  CODE tulip-1\n  BUILD K8-J8\n"


def test_message_key_is_the_message_id_not_the_bytes():
    a = email("GAME g", msgid="<same@x>")
    assert message_key(a) == message_key(b"Received: from relay\n" + a)
    assert message_key(a) != message_key(email("GAME g", msgid="<other@x>"))


def test_message_without_message_id_is_keyed_by_its_bytes():
    assert message_key(b"From: a@b\n\nx") != message_key(b"From: a@b\n\ny")


@pytest.mark.parametrize("headers", [{"Auto-Submitted": "auto-replied"}, {"Precedence": "bulk"}])
def test_automatic_mail_is_recognised(headers):
    assert read_mail(email("x", **headers)).automatic


def test_mail_from_the_mailer_daemon_is_automatic():
    assert read_mail(email("x", sender="MAILER-DAEMON@example.org")).automatic


def test_nesting_past_the_depth_limit_is_ignored():
    raw = b"From: a@b.org\nContent-Type: multipart/mixed; boundary=B0\n\n"
    for depth in range(1, 8):
        raw += f"--B{depth - 1}\nContent-Type: multipart/mixed; boundary=B{depth}\n\n".encode()
    raw += b"--B7\nContent-Type: text/plain\n\nGAME deep\n"
    assert read_mail(raw).text == ""


@pytest.mark.parametrize("raw", [b"", b"\x00\xff\xfe", b"From:\n\n", b"Content-Type: multipart/mixed\n\nno boundary",
                                 b"Subject: =?utf-8?b?////?=\nFrom: =?x?q?=FF?= <@>\n\n\xff",
                                 b"From: a@b.org\nContent-Transfer-Encoding: base64\n\n!!!not base64",
                                 b"From: a@b.org\nContent-Type: message/rfc822\n\nFrom: c@d\n\nGAME inner\n"])
def test_hostile_input_never_raises(raw):
    mail = read_mail(raw)
    assert isinstance(mail.text, str)


def test_random_bytes_never_raise():
    rng = random.Random(5)
    base = email("GAME g\nCOMPANY red\n")
    for _ in range(300):
        data = bytearray(base)
        for _ in range(rng.randint(1, 20)):
            data[rng.randrange(len(data))] = rng.randrange(256)
        read_mail(bytes(data))


# -- headers made once and shared: exactly what policy.default gives -----------------
SAMPLES = sorted((Path(__file__).parent / "golden_mail").glob("*.eml"))
HOSTILE = [b"Subject: =?utf-8?b?////?=\nFrom: =?x?q?=FF?= <@>\n\n\xff",
           "From: =?utf-8?q?J=C3=BCrgen?= <jr@example.org>\nSubject: Bestellung f\u00fcr Runde 2\n"
           "Message-ID: <a@b>\nReferences: <x@y>\n <z@w>\n\nGAME g\n".encode("utf-8"),
           b"From: a@b.org\nContent-Type: text/plain; charset=latin-1\n\nGAME g\xe4\n"]


@pytest.mark.parametrize("raw", [p.read_bytes() for p in SAMPLES] + HOSTILE,
                         ids=[p.stem for p in SAMPLES] + [f"hostile{n}" for n in range(len(HOSTILE))])
def test_shared_headers_read_mail_as_the_standard_policy_does(raw, monkeypatch):
    shared = [read_mail(raw), read_mail(raw)]                 # the second read takes the shared headers
    monkeypatch.setattr(mailpolicy, "DEFAULT", policy.default)
    assert shared == [read_mail(raw)] * 2


@pytest.mark.parametrize("raw", [p.read_bytes() for p in SAMPLES] + HOSTILE,
                         ids=[p.stem for p in SAMPLES] + [f"hostile{n}" for n in range(len(HOSTILE))])
def test_shared_headers_compose_replies_as_the_standard_policy_does(raw, monkeypatch):
    mail = read_mail(raw)
    body = "Your orders were received.\n\n  line 4: BUILD C3-D3\n" + "\u00e4 long line " * 9 + "\n"

    def reply(sender, out):
        try:
            return compose(mail, body, sender, NOW).as_bytes(policy=out)
        except (ValueError, TypeError, UnicodeError) as exc:      # as the fetch catches them
            return type(exc)
    for sender in ("umpire@example.org", "Der Schiedsrichter <umpire@example.org>"):
        shared = [reply(sender, mailpolicy.SMTP), reply(sender, mailpolicy.SMTP)]
        with monkeypatch.context() as m:
            m.setattr(mailpolicy, "DEFAULT", policy.default)
            assert shared == [reply(sender, policy.SMTP)] * 2


def test_shared_headers_refuse_a_line_break_as_the_standard_policy_does():
    from email.message import EmailMessage
    for chosen in (policy.default, mailpolicy.DEFAULT):
        with pytest.raises(ValueError):
            EmailMessage(policy=chosen)["Subject"] = "two\nlines"

"""The sender as real mail writes it: every display name form clients write (RFC 5322's obsolete
phrase `Carol C.`, quoted, a comment, encoded words, non-ASCII) gives the one plain address; a
From field that is refused but shows one plain address is answered, never silent; the tricks stay
refused without a reply (tests/test_mail_headers_strict.py, tests/test_mail_sender.py)."""

from __future__ import annotations

from email.headerregistry import Address
from email.message import EmailMessage

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mailhelpers import NOW, UMPIRE, email, make_game, order_text

from umpire.mail.config import MailConfig
from umpire.mail.decode import read_mail
from umpire.mail.fetch import Fetcher

FORMS = ["Carol C. <carol@example.org>", "Carol C.<carol@example.org>", '"Carol C." <carol@example.org>',
         "carol@example.org (Carol C.)", "=?utf-8?q?Carol_C=2E?= <carol@example.org>", "Dr. J. R. R. Tolkien "
         "<carol@example.org>", "Zoë M. <carol@example.org>", "=?utf-8?b?Wm/Dqy4gTS4=?= <carol@example.org>",
         "Carol C. (work) <carol@example.org>", "=?utf-8?q?Bl=C3=BC?= S. <carol@example.org>",
         "Carol C.\r\n <carol@example.org>", "St. John <carol@example.org>",
         "<carol@example.org>", "carol@example.org", "CAROL@Example.org", '"Smith, Carol" <carol@example.org>']


def raw_from(value: str) -> bytes:
    return (f"From: {value}\r\nTo: {UMPIRE}\r\nSubject: orders\r\nMessage-ID: <n@x.org>\r\n\r\nGAME g1\r\n"
            ).encode()


@pytest.mark.parametrize("value", FORMS)
def test_every_display_name_form_clients_write_gives_the_one_address(value):
    mail = read_mail(raw_from(value))
    assert (mail.sender, mail.sender_problem) == ("carol@example.org", None)


@pytest.mark.parametrize("value", ["red@example.org. <evil@evil.example>", "Carol C. <carol@example.org>, b@x.org",
                                   "G.: carol@example.org;", "x. <carol@example.org> <evil@evil.example>",
                                   "=?utf-8?q?carol=40example.org?= C. <evil@evil.example>"])
def test_the_obsolete_phrase_opens_no_trick(value):
    mail = read_mail(raw_from(value))
    assert mail.sender is None and mail.reply_address is None


@settings(max_examples=200, deadline=None)
@given(name=st.text(st.characters(blacklist_categories=("Cs", "Cc")), max_size=30),
       local=st.from_regex(r"[a-z][a-z0-9._+-]{0,15}[a-z0-9]", fullmatch=True))
def test_any_display_name_the_standard_library_writes_gives_its_address(name, local):
    address = f"{local}@example.org"
    if ".." in local or "@" in name:
        return
    msg = EmailMessage()
    msg["From"] = Address(display_name=name, addr_spec=address)
    msg["To"] = UMPIRE
    msg.set_content("GAME g1\n")
    mail = read_mail(msg.as_bytes())
    assert mail.sender == address, (msg["From"], mail.sender_problem)


@settings(max_examples=200, deadline=None)
@given(words=st.lists(st.from_regex(r"[A-Za-zÀ-ÿ'][A-Za-zÀ-ÿ'.-]{0,8}\.?", fullmatch=True), min_size=1, max_size=4))
def test_any_unquoted_name_with_periods_gives_its_address(words):
    mail = read_mail(raw_from(" ".join(words) + " <carol@example.org>"))
    assert mail.sender == "carol@example.org", mail.sender_problem


@pytest.fixture
def game(tmp_path):
    return make_game(tmp_path / "g1", )


def test_carol_c_gets_her_confirmation(game):
    folder, codes = game
    fetcher = Fetcher(folder.path, MailConfig(from_addr=UMPIRE), now=NOW)
    fetcher.take(email(order_text("g1", "red", codes["red"], "HOME Alpha"), sender="Red L. <red@example.org>"),
                 1, 1, NOW)
    (record,) = fetcher.pending
    assert (record["status"], record["to"]) == ("accepted", "red@example.org")


def test_a_from_field_refused_that_shows_one_address_is_answered_and_the_gm_sees_it(game):
    folder, codes = game
    fetcher = Fetcher(folder.path, MailConfig(from_addr=UMPIRE), now=NOW)
    raw = raw_from("Lines, Red <red@example.org>").replace(b"GAME g1\r\n", order_text(
        "g1", "red", codes["red"], "HOME Alpha").replace("\n", "\r\n").encode())
    fetcher.take(raw, 1, 1, NOW)
    (record,) = fetcher.pending
    (outcome,) = fetcher.outcomes
    assert record["status"] == "not accepted" and record["to"] == "red@example.org"
    assert "the sender cannot be told" in str(outcome) and "its From field shows red@example.org" in str(outcome)
    reply = (folder.path / record["reply"]).read_bytes().replace(b"\r\n", b"\n").decode()
    assert "could not tell who sent it" in reply and "one address in the From field" in reply

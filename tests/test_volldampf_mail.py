"""A Volldampf game by mail against the real Dovecot and aiosmtpd: orders fetched, each turn
resolved as soon as every player has ordered, newsletters sent with each player's own private
sheet and never another's; a 3-player and a 5-player game to the final newsletter."""

from __future__ import annotations

from email import message_from_bytes, policy

import pytest
from click.testing import CliRunner
from mailhelpers import UMPIRE, email
from mailservers import PASSWORD_ENV
from volldampf_helpers import TINY

from umpire.cli import main
from umpire.families.volldampf import transport
from umpire.families.volldampf.state import card_name
from umpire.game import Game
from umpire.store.folder import GameFolder
from umpire.usecases import actions

pytestmark = pytest.mark.mail


def fetch_args(game_dir, dovecot, user, smtp):
    return ["mail", "fetch", str(game_dir), "--imap-host", "127.0.0.1", "--imap-port", str(dovecot.port),
            "--imap-user", user, "--imap-password-env", PASSWORD_ENV, "--imap-tls", "none", "--from", UMPIRE,
            "--smtp-host", "127.0.0.1", "--smtp-port", str(smtp.port), "--smtp-tls", "none"]


def send_args(game_dir, smtp):
    return ["mail", "send", str(game_dir), "--smtp-host", "127.0.0.1", "--smtp-port", str(smtp.port),
            "--smtp-tls", "none", "--from", UMPIRE]


def body_lines(folder, player):
    """What a player sends for the open turn: simple, always readable orders (with merge_build_move,
    turn B's builds and moves)."""
    game = Game.of(folder)
    state, board = game.state(), game.game_map
    turn = state.turn[0]
    if turn == "A":
        return ["BONDS 1" if state.round == 1 else "BONDS 0", f"BID {1 + state.seats.index(player)}", "CHOOSE 1 2"]
    if turn == "B":
        lines = []
        for card in state.won[player]:
            free = [x.id for x in board.links.values() if x.region == card_name(card) and x.id not in state.sections]
            lines.append("BUILD " + " ELSE ".join(free[:3]) if free else f"DISCARD {card_name(card)}")
        return lines + (move_lines(state, board, player) if game.rules["options"]["merge_build_move"] else [])
    return move_lines(state, board, player)


def move_lines(state, board, player):
    moves = []
    for loc, colours in sorted(state.cubes.items()):
        for colour in sorted(set(colours)):
            if transport.best(board, state.sections, state.cubes, colour, loc, player, 6):
                moves.append(f"MOVE {colour} {board.locations[loc].name} BEST ELSE DECLINE")
    return (moves + ["MOVE DECLINE", "MOVE DECLINE"])[:2]


def play_by_mail(tmp_path, dovecot, mailbox, smtp, players, options=()):
    specs = [f"{p}:{p.title()}:{p}@example.org" for p in players]
    folder, codes = actions.create_game(tmp_path / "vm", str(TINY), "volldampf", specs, seed="by-mail",
                                        option_specs=("resolve_early=true", *options))
    runner, n = CliRunner(), 0
    while Game.open(folder.path).state().phase != "finished":
        live = GameFolder(folder.path)
        turn = Game.of(live).family.open_turn(Game.of(live).state())
        mails = []
        for p in players:
            n += 1
            text = "\n".join(["GAME vm", f"PLAYER {p}", f"CODE {codes[p]}", f"ROUND {turn}",
                              *body_lines(live, p)]) + "\n"
            mails.append(email(text, sender=f"{p}@example.org", msgid=f"<o{n}@example.org>"))
        dovecot.deliver(mailbox, mails)
        result = runner.invoke(main, fetch_args(folder.path, dovecot, mailbox, smtp))
        assert result.exit_code == 0, result.output
        assert "resolved" in result.output, result.output
        assert n < 40 * len(players), "the game does not end"
    result = runner.invoke(main, send_args(folder.path, smtp))
    assert result.exit_code == 0, result.output
    return GameFolder(folder.path)


def newsletter_bodies(smtp, number):
    out = {}
    for raw in smtp.messages:
        msg = message_from_bytes(raw, policy=policy.default)
        if msg["Subject"] and msg["Subject"].endswith(f"newsletter {number:03d}"):
            out[msg["To"]] = msg.get_body(("plain",)).get_content().replace("\r\n", "\n")
    return out


@pytest.mark.parametrize("players", [["ann", "bob", "cy"], ["ann", "bob", "cy", "dora", "ed"]])
def test_volldampf_by_mail_to_the_final_newsletter(tmp_path, dovecot, mailbox, smtp, players):
    folder = play_by_mail(tmp_path, dovecot, mailbox, smtp, players)
    final = folder.newsletter_count()
    assert "THE GAME IS OVER" in (folder.path / "newsletters" / f"{final:03d}.txt").read_text(encoding="utf-8")
    bodies = newsletter_bodies(smtp, final)
    assert set(bodies) == {f"{p}@example.org" for p in players}
    for p in players:
        mine = bodies[f"{p}@example.org"]
        assert f"For {p.title()} ({p}) only" in mine
        assert all(f"Private sheet for {q.title()} ({q})" not in mine for q in players if q != p)
    confirmations = [m for m in smtp.messages if b"In-Reply-To" in m]
    assert confirmations and any(b"BID" in m for m in confirmations)


def test_a_merged_volldampf_game_by_mail_in_two_mail_turns_a_round(tmp_path, dovecot, mailbox, smtp):
    folder = play_by_mail(tmp_path, dovecot, mailbox, smtp, ["ann", "bob", "cy"], ("merge_build_move=true",))
    turns = [e["round"] for e in folder.events if e["type"] == "command" and e["command"] == "resolve"]
    assert turns == [f"{r}{t}" for r in range(1, 6) for t in "AB"]
    assert any(e["type"] == "move" for e in folder.events) and any(e["type"] == "build" for e in folder.events)
    confirmations = [m for m in smtp.messages if b"In-Reply-To" in m and b"MOVE" in m]
    assert confirmations and not any(b"it will be ignored" in m for m in confirmations)
    assert "THE GAME IS OVER" in (folder.path / "newsletters" / "011.txt").read_text(encoding="utf-8")


def test_a_volldampf_newsletter_mail_shows_the_board_picture_inline_after_the_pdf(tmp_path, smtp):
    folder, _ = actions.create_game(tmp_path / "vm", str(TINY), "volldampf",
                                    [f"{p}:{p.title()}:{p}@example.org" for p in ("ann", "bob", "cy")], seed="pic")
    result = CliRunner().invoke(main, send_args(folder.path, smtp))
    assert result.exit_code == 0, result.output
    assert len(smtp.messages) == 3
    for raw in smtp.messages:
        msg = message_from_bytes(raw, policy=policy.default)
        pdf, picture, private = msg.iter_attachments()
        assert pdf.get_content() == (folder.newsletters / "001.pdf").read_bytes()
        assert picture.get_content_type() == "image/png" and picture.get_content_disposition() == "inline"
        assert picture.get_filename() == "vm-001-map.png"
        assert picture.get_content() == (folder.newsletters / "001-map.png").read_bytes()
        player = msg["To"].split("@")[0]
        assert private.get_filename() == f"vm-001-{player}.pdf"
        assert private.get_content() == (folder.newsletters / f"001-{player}.pdf").read_bytes()


def test_each_players_private_pdf_goes_to_him_alone_and_an_observer_gets_none(tmp_path, smtp):
    folder, _ = actions.create_game(tmp_path / "vm", str(TINY), "volldampf",
                                    ["ann:Ann:ann@example.org", "bob:Bob:bob@example.org,both@example.org",
                                     "cy:Cy:cy@example.org,both@example.org"], seed="sheets")
    config = folder.path / "game.yaml"
    assert "\nmail:" not in config.read_text(encoding="utf-8")
    with config.open("a", encoding="utf-8") as f:
        f.write("mail:\n  observers: [obs@example.org]\n")
    result = CliRunner().invoke(main, send_args(folder.path, smtp))
    assert result.exit_code == 0, result.output
    private = {}
    for raw in smtp.messages:
        msg = message_from_bytes(raw, policy=policy.default)
        private[msg["To"]] = {a.get_filename(): a.get_content() for a in msg.iter_attachments()
                              if a.get_filename() not in ("vm-001.pdf", "vm-001-map.png")}
    sheet = {p: (folder.newsletters / f"001-{p}.pdf").read_bytes() for p in ("ann", "bob", "cy")}
    assert len(set(sheet.values())) == 3
    assert private == {"ann@example.org": {"vm-001-ann.pdf": sheet["ann"]},
                       "bob@example.org": {"vm-001-bob.pdf": sheet["bob"]},
                       "cy@example.org": {"vm-001-cy.pdf": sheet["cy"]},
                       "both@example.org": {"vm-001-bob.pdf": sheet["bob"], "vm-001-cy.pdf": sheet["cy"]},
                       "obs@example.org": {}}

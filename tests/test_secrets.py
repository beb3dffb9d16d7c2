"""Secrets never leave: order codes and the seed appear nowhere but in secrets.yaml, a player's own
confirmation and the seed's reveal at the end. A game is played with codes in odd places (in
chains, comments, race lines, header lines, misspelt keywords) and every output of the game
folder, of the commands and of the mail is scanned for them (docs/security.md)."""

from __future__ import annotations

import json
import subprocess

import pytest
import yaml
from click.testing import CliRunner
from conftest import TEST_MAP

from umpire.cli import main
from umpire.families.dampfross.orders import parse_order
from umpire.kernel.echo import MASK
from umpire.kernel.order_header import mask_codes

SEED = "hush-seed-8172"
# Kept in the game folder as the player sent them, sent to no one: the stored orders and inbox copies.
INPUTS = ("secrets.yaml", "orders/*/*.txt", "inbox/*.eml")


def umpire(*args):
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


def outputs(folder) -> dict[str, str]:
    """Every file of the game folder that is not one of its INPUTS, as text (PDFs through pdftotext)."""
    kept = {p for pattern in INPUTS for p in folder.glob(pattern)}
    out = {}
    for path in sorted(p for p in folder.rglob("*") if p.is_file() and p not in kept):
        if path.suffix == ".pdf":
            out[str(path)] = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True,
                                            check=True).stdout
        else:
            out[str(path)] = path.read_text(encoding="utf-8", errors="replace")
    return out


def found(texts: dict[str, str], secrets) -> list[str]:
    return [f"{name}: {s}" for name, text in texts.items() for s in secrets if s.lower() in text.lower()]


def odd_orders(game: str, codes: dict[str, str]) -> dict[str, str]:
    red, blue, green = codes["red"], codes["blue"], codes["green"]
    return {
        "red": (f"GAME {game}\nCOMPANY red\nCODE {red}\nHOME Alpha\nBUILD C3-D3 {red}\nCOED {red}\n"
                f"BUILD Alpha-{blue}\nRACE 1 RUN C3-D3-{green}\n1a) {red} ;\n# my code is {red}\n"
                f"JOINT {blue} C3-D3\nFERRY {red}\nBUILD C3-D3 [-1 {red}]\nBUILD D3-E3 [{green}]\n"
                f"{red.upper()} BUILD\nHOME {blue}\n"),
        "blue": f"GAME {game}\nCOMPANY blue\nCODE {blue}\nHOME Beta\nBUILD K8-K7\nBUILD K7-{blue}\nCODE {blue} {red}\n",
        "green-a": f"GAME {game}\nCOMPANY {green}\nHOME Beta\n",
        "green-b": f"GAME {red}\nCOMPANY green\nHOME Beta\n",
        "green-c": f"GAME {game}\nCOMPANY green\nPLAYER blue\nRACE 1 JOIN {blue} C3-D3\n",
        "green-d": f"GAME {game}\nCOMPANY green\nCODE {green}\nCODE {blue}\n",
    }


@pytest.fixture
def played(tmp_path):
    """A game played a round with codes in odd places; returns (folder, codes, outputs of the commands)."""
    folder = tmp_path / "g1"
    made = umpire("new", folder, "--map", TEST_MAP, "--rules", "laurin", "--seed", SEED,
                  "--company", "red:Red:red@example.org", "--company", "blue:Blue:blue@example.org",
                  "--company", "green:Green:green@example.org")
    assert made.exit_code == 0
    codes = yaml.safe_load((folder / "secrets.yaml").read_text())["codes"]
    printed = []
    for name, text in odd_orders("g1", codes).items():
        path = tmp_path / f"{name}.txt"
        path.write_text(text)
        printed.append(umpire("submit", folder, path).output)
    printed.append(umpire("preview", folder).output)
    resolved = umpire("resolve", folder, "--force")
    assert resolved.exit_code == 0, resolved.output
    printed += [resolved.output, umpire("status", folder, "--json").output, umpire("status", folder).output]
    return folder, codes, printed


def test_no_code_and_no_seed_in_any_output_of_a_game_with_codes_in_odd_places(played):
    folder, codes, printed = played
    texts = outputs(folder) | {f"command output {i}": text for i, text in enumerate(printed)}
    assert any(name.endswith("002.pdf") for name in texts) and any(name.endswith(".reason") for name in texts)
    assert found(texts, list(codes.values()) + [SEED]) == []


def test_the_odd_lines_are_echoed_masked_to_the_gm_and_never_printed_in_the_newsletter(played):
    folder, codes, _ = played
    newsletter = (folder / "newsletters" / "002.txt").read_text()
    assert "could not be read (the company was told which and why)" in newsletter
    assert "COED" not in newsletter and "BUILD C3-D3" not in newsletter and "1a)" not in newsletter
    reasons = "".join(p.read_text() for p in folder.glob("orders/*/*.reason"))
    assert f"company '{MASK}'" in reasons and f"game '{MASK}'" in reasons and "two different COMPANY" in reasons
    journal = [json.loads(line) for line in (folder / "journal.jsonl").read_text().splitlines()]
    assert any(MASK in e.get("text", "") for e in journal if e["type"] == "refused")


def test_the_stored_orders_are_kept_as_the_player_wrote_them(played):
    folder, codes, _ = played
    stored = "".join(p.read_text() for p in folder.glob("orders/*/*.txt"))
    assert f"COED {codes['red']}" in stored


def test_replay_of_the_game_with_masked_echoes_is_identical(played):
    folder, _, _ = played
    result = umpire("replay", folder)
    assert result.exit_code == 0, result.output


def test_the_code_line_keeps_its_code_for_checking_and_never_shows_it(test_map):
    text = mask_codes("CODE otter-57\nCODE otter-57 x\nBUILD C3-D3 OTTER-57\nBUILD C3-D3 otter-578\n", ["otter-57"])
    order = parse_order(text, test_map)
    assert order.code == "otter-57" and "OTTER-57" not in text and "otter-578" in text
    assert [e.text for e in order.errors][:2] == [f"CODE {MASK}", f"BUILD C3-D3 {MASK}"]
    assert "an order code stands here" in order.errors[1].message


def test_a_code_split_by_an_invisible_character_is_masked(test_map):
    assert "otter" not in mask_codes("BUILD C3-D3 otter\u200b-57\n", ["otter-57"])


def test_a_retired_code_is_masked_too(played):
    from umpire.store.folder import GameFolder
    folder, codes, _ = played
    secrets = yaml.safe_load((folder / "secrets.yaml").read_text())
    secrets["retired_codes"] = {"red": [{"code": "amber-11", "until": 3}]}
    (folder / "secrets.yaml").write_text(yaml.safe_dump(secrets))
    assert "amber-11" not in GameFolder(folder).order_text(b"BUILD C3-D3 amber-11\n")


@pytest.mark.mail
def test_no_code_in_the_mail_log_journal_replies_or_newsletters_of_mailed_orders(tmp_path, dovecot, mailbox, smtp):
    from mailhelpers import email, make_game
    from test_mail_fetch import fetch_args
    folder, codes = make_game(tmp_path / "g1")
    red, blue = codes["red"], codes["blue"]
    dovecot.deliver(mailbox, [
        email(f"GAME g1\nCOMPANY red\nCODE {red}\nHOME Alpha\nBUILD C3-D3 {blue}\nCOED {red}\n",
              msgid="<s1@example.org>"),
        email(f"GAME g1\nCOMPANY blue\nCODE {blue}\nHOME Beta\nRACE 1 RUN K8-{red}\n", sender="blue@example.org",
              msgid="<s2@example.org>"),
        email(f"GAME g1\nCOMPANY {red}\nCODE {red}\n", msgid="<s3@example.org>"),
        email(f"GAME g1\nCOMPANY red\nCODE {blue}\nBUILD {blue}\n", msgid="<s4@example.org>"),
    ])
    result = CliRunner().invoke(main, fetch_args(folder.path, dovecot, mailbox, smtp))
    assert result.exit_code == 0, result.output
    assert umpire("resolve", folder.path, "--force").exit_code == 0
    texts = outputs(folder.path) | {"fetch output": result.output}
    texts |= {f"sent {i}": m.decode("utf-8", "replace") for i, m in enumerate(smtp.messages)}
    assert found(texts, [red, blue]) == []


@pytest.mark.parametrize("text", ["otter-57_", "_otter-57", "BUILD C3-D3 __otter-57__", "CODE_otter-57"])
def test_a_code_beside_an_underscore_is_masked(text):
    """An underscore is no letter or digit: it ends a token like a space or a bracket does."""
    assert "otter" not in mask_codes(text, ["otter-57"])


def test_a_code_inside_a_longer_word_is_left_as_written():
    assert mask_codes("otter-578 xotter-57", ["otter-57"]) == "otter-578 xotter-57"

"""Golden tests in the njudge style: raw emails in tests/golden_mail/*.eml, the umpire's reply to
each compared with the .reply file beside it. `NAME.N.eml` files are one conversation, taken in
order by the same game. Set UMPIRE_UPDATE_GOLDEN=1 to rewrite the .reply files (then read them!)."""

from __future__ import annotations

import os
from email import policy
from email.parser import BytesParser
from pathlib import Path

import pytest
import yaml
from mailhelpers import NOW, UMPIRE, make_game

from umpire.mail.config import MailConfig
from umpire.mail.fetch import Fetcher

GOLDEN = Path(__file__).parent / "golden_mail"
CODES = {"red": "tulip-42", "blue": "amber-17"}
CASES = sorted({p.name.split(".")[0] for p in GOLDEN.glob("*.eml")})


def render_reply(room, key: str) -> str:
    record = room.processed()[key]
    if not record.get("reply"):
        return f"(no reply) status: {record['status']}\n"
    msg = BytesParser(policy=policy.default).parsebytes((room.path / record["reply"]).read_bytes())
    head = "".join(f"{h}: {msg[h]}\n" for h in ("To", "Subject", "In-Reply-To", "References") if msg[h])
    return f"{head}status: {record['status']}\n\n{msg.get_content()}".replace("\r\n", "\n")


@pytest.mark.parametrize("case", CASES)
def test_golden_reply(case, tmp_path):
    folder, _ = make_game(tmp_path / "golden")
    secrets = yaml.safe_load((folder.path / "secrets.yaml").read_text())
    secrets["codes"] = CODES
    (folder.path / "secrets.yaml").write_text(yaml.safe_dump(secrets))
    config = MailConfig(from_addr=UMPIRE)
    fetcher = Fetcher(folder.path, config, now=NOW)
    files = sorted(GOLDEN.glob(f"{case}.eml")) + sorted(GOLDEN.glob(f"{case}.*.eml"))
    for uid, path in enumerate(files, 1):
        raw = path.read_bytes()
        fetcher.take(raw, 1, uid, NOW)
        fetcher.room.log(fetcher.pending)
        fetcher.pending = []
        outcome = fetcher.outcomes[-1]
        if outcome.status == "duplicate":
            got = "(delivered again: not counted again, no second reply)\n"
        else:
            got = render_reply(fetcher.room, outcome.key)
            assert (folder.path / "inbox" / f"{outcome.key}.eml").read_bytes() == raw
        expected_path = path.with_suffix(".reply")
        if os.environ.get("UMPIRE_UPDATE_GOLDEN"):
            expected_path.write_text(got, encoding="utf-8")
        assert got == expected_path.read_text(encoding="utf-8"), f"{path.name}: the reply differs"
    received = [e for e in folder.events if e["type"] in ("order_received", "order_refused")]
    assert len(received) == len({o.key for o in fetcher.outcomes}), "each message is counted once"

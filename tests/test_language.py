"""The language of a game: chosen at `umpire new` (or by umpire.yaml), per seat for his mail; the
catalogs in step with the code; English the identity (docs/languages.md)."""

from __future__ import annotations

import io
import pickle
import sys
from pathlib import Path

import pytest
import yaml
from helpers import run, run_ok

from umpire.kernel import language
from umpire.kernel.language import InLanguage, speaking

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import catalogs  # noqa: E402  (tools/catalogs.py: the translators' tool)


def test_english_is_the_identity_and_german_is_looked_up():
    assert language.current() == "en"
    assert language.gettext("The game is over.") == "The game is over."
    with speaking("de"):
        assert language.current() == "de"
        assert language.gettext("The game is over.") == "Das Spiel ist zu Ende."
        assert language.gettext("no such message, kept as written") == "no such message, kept as written"
        with speaking(None):                       # None keeps the language in force
            assert language.current() == "de"
    assert language.current() == "en"


def test_a_language_the_umpire_does_not_speak_is_refused():
    with pytest.raises(ValueError, match="no language 'fr'"):
        with speaking("fr"):
            pass
    assert language.check("de") is None
    assert "en (English)" in language.check("fr")


def test_plurals_follow_the_language():
    assert language.ngettext("%(n)s round", "%(n)s rounds", 1) == "%(n)s round"
    assert language.ngettext("%(n)s round", "%(n)s rounds", 2) == "%(n)s rounds"


def test_a_drawing_for_later_keeps_the_language_it_was_handed_over_in():
    with speaking("de"):
        later = pickle.loads(pickle.dumps(InLanguage(_over)))
    assert later() == "Das Spiel ist zu Ende."


def _over():
    return language.gettext("The game is over.")


def test_german_dates_are_babels():
    from datetime import UTC, datetime
    from zoneinfo import ZoneInfo
    moment = datetime(2026, 3, 5, 19, 0, tzinfo=UTC)
    with speaking("de"):
        assert language.long_moment(moment, ZoneInfo("Europe/Berlin")) == "Donnerstag, 5. März 2026, 20:00 Uhr"
        assert language.long_date(moment.date()) == "5. März 2026"
    assert language.long_moment(moment, ZoneInfo("Europe/Berlin")) == "Thursday, 5 March 2026, 20:00"


def test_the_catalogs_are_in_step_with_the_code():
    """Every message marked in the code and templates has its German translation, and no catalog
    holds a message the code no longer has (`python tools/catalogs.py update` and translate)."""
    assert catalogs.problems() == []


def test_a_compiled_catalog_reads_as_its_po(tmp_path):
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po
    for po in sorted(language.CATALOGS.glob("*/LC_MESSAGES/*.po")):
        out = io.BytesIO()
        write_mo(out, read_po(po.open("rb")))
        assert language._compiled(po)._catalog == __import__("gettext").GNUTranslations(
            io.BytesIO(out.getvalue()))._catalog


def _companies(folder: Path) -> dict:
    return {c["id"]: c for c in yaml.safe_load((folder / "game.yaml").read_text("utf-8"))["companies"]}


def test_new_with_language_and_a_players_own(tmp_path):
    game = tmp_path / "bayern-1"
    run_ok("new", str(game), "--map", "ireland", "--language", "de",
           "--company", "rot:Rote Linie:rot@example.org", "--company", "blau:Blaue Linie:blau@example.org:en")
    config = yaml.safe_load((game / "game.yaml").read_text("utf-8"))
    assert config["options"]["language"] == "de"
    assert language.of_game(config) == "de"
    assert language.of_seat(config, "rot") == "de" and language.of_seat(config, "blau") == "en"
    assert "language" not in _companies(game)["rot"]


def test_an_english_game_records_no_language(tmp_path):
    game = tmp_path / "ireland-1"
    run_ok("new", str(game), "--map", "ireland", "--company", "red:Red:r@example.org",
           "--company", "blue:Blue:b@example.org")
    config = yaml.safe_load((game / "game.yaml").read_text("utf-8"))
    assert "language" not in config["options"] and language.of_game(config) == "en"


def test_the_hosts_default_language(tmp_path):
    (tmp_path / "umpire.yaml").write_text("language: de\n", encoding="utf-8")
    run_ok("new", str(tmp_path / "g1"), "--map", "ireland", "--company", "red:Red", "--company", "blue:Blue")
    run_ok("new", str(tmp_path / "g2"), "--map", "ireland", "--language", "en", "--company", "red:Red",
           "--company", "blue:Blue")
    assert yaml.safe_load((tmp_path / "g1" / "game.yaml").read_text("utf-8"))["options"]["language"] == "de"
    assert yaml.safe_load((tmp_path / "g2" / "game.yaml").read_text("utf-8"))["options"]["language"] == "en"


@pytest.mark.parametrize("args, said", [
    (("--company", "red:Red:r@example.org:fr", "--company", "blue:Blue"), "the language 'fr' must be one of"),
    (("--option", "language=fr", "--company", "red:Red", "--company", "blue:Blue"), "language must be one of"),
])
def test_an_unknown_language_is_refused_and_nothing_made(tmp_path, args, said):
    result = run("new", str(tmp_path / "g"), "--map", "ireland", *args)
    assert result.exit_code != 0 and said in result.output
    assert not (tmp_path / "g").exists()

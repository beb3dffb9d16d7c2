"""umpire.yaml has one reader (store/gm_file.py): the mail settings, the site and the GM's templates
read it through it, and the use cases read it without the mail package."""

from __future__ import annotations

import ast
import shutil
from pathlib import Path

import pytest

from umpire.errors import DataError
from umpire.mail.config import load_config
from umpire.site.update import configured_site
from umpire.store.gm_file import GM_FILE, gm_settings, templates_folder
from umpire.usecases import actions

PREVIOUS = Path(__file__).parent / "games" / "previous-release" / "dampfross-mid-game"


def _game(games: Path) -> Path:
    """A game folder in `games` (its game.yaml is all the settings need)."""
    game = games / "g1"
    game.mkdir()
    shutil.copy(PREVIOUS / "game.yaml", game / "game.yaml")
    return game


def test_missing_or_empty_umpire_yaml_gives_no_settings(tmp_path):
    assert gm_settings(tmp_path) == {}
    (tmp_path / GM_FILE).write_text("")
    assert gm_settings(tmp_path) == {}
    assert templates_folder(tmp_path) is None


def test_mail_and_site_read_the_same_umpire_yaml(tmp_path):
    (tmp_path / GM_FILE).write_text("site: www\nmail: {from: umpire@example.org, gm: [GM@example.org]}\n")
    game = _game(tmp_path)
    assert configured_site(game) == tmp_path / "www"
    config = load_config(game)
    assert (config.from_addr, config.gm) == ("umpire@example.org", ["gm@example.org"])


@pytest.mark.parametrize("make", [lambda p: p.mkdir(), lambda p: p.write_text("site: [unclosed\n")])
def test_an_umpire_yaml_that_cannot_be_read_is_refused_by_name_for_mail_and_site(tmp_path, make):
    make(tmp_path / GM_FILE)
    game = _game(tmp_path)
    for read in (lambda: load_config(game), lambda: configured_site(game), lambda: templates_folder(tmp_path)):
        with pytest.raises(DataError) as refused:
            read()
        assert refused.value.where == str(tmp_path / GM_FILE)


def test_the_use_cases_actions_do_not_import_the_mail_package():
    tree = ast.parse(Path(actions.__file__).read_text(encoding="utf-8"))
    imported = [(n.module or "", n.level) for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
    imported += [(a.name, 0) for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
    assert not [m for m, level in imported if m == "mail" or m.startswith("mail.") or ".mail" in f".{m}"
                and level != 1], imported

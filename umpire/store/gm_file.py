"""umpire.yaml: the GM's settings for a folder of games, read here only. It holds `mail:` (the
mailbox and addresses every game of the folder shares: mail/config.py), `site:` (the folder of
their pages: site/update.py) and `templates:` (the folder of the GM's own templates, which a game
made in the folder copies: render/own_templates.py); each names a folder relative to umpire.yaml."""

from __future__ import annotations

from pathlib import Path

import yaml

from ..errors import DataError, UmpireError

GM_FILE = "umpire.yaml"


def gm_settings(games_dir: Path) -> dict:
    """The umpire.yaml in `games_dir` as a mapping ({} where it is missing or holds no mapping)."""
    return settings(Path(games_dir) / GM_FILE)


def settings(path: Path) -> dict:
    """A settings file (umpire.yaml, or a game's game.yaml) as a mapping ({} where it is missing
    or holds no mapping); YAML that cannot be read is refused with the file's name."""
    if not path.exists():
        return {}
    if not path.is_file():
        raise DataError("is not a file.", str(path), "Move it away, or make it a YAML file of settings.")
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    except yaml.YAMLError as exc:
        raise DataError(f"not valid YAML: {exc}", str(path)) from None
    return data if isinstance(data, dict) else {}


def templates_folder(games_dir: Path) -> Path | None:
    """The folder of the GM's own templates that umpire.yaml in `games_dir` names (`templates:`),
    as an absolute path, or None where it names none; a name that is no folder is refused."""
    path = Path(games_dir) / GM_FILE
    value = gm_settings(games_dir).get("templates")
    if value is None:
        return None
    if not isinstance(value, str) or not value.strip():
        raise DataError("templates: must name a folder, e.g. templates: /home/gm/umpire-templates", str(path))
    folder = path.parent / Path(value).expanduser()
    if not folder.is_dir():
        raise UmpireError(f"{path} names the templates folder {value}, which "
                          f"{'is not a folder' if folder.exists() else 'is not there'}.",
                          fix=f"Make the folder {folder} with your templates, or correct or remove `templates:` in "
                              f"{path}; nothing was created.")
    return folder.resolve()

"""Keeping a game's site up to date: `site: DIR` in its game.yaml, or in the umpire.yaml of the
folder of games it lies in, names the site (relative to the file that names it); every resolve,
and `update_site` for anyone else who changes a game (umpire tick), brings it up to date."""

from __future__ import annotations

from pathlib import Path

import yaml

from ..errors import DataError
from ..store.folder import GameFolder

GM_FILE = "umpire.yaml"


def configured_site(game_folder: Path) -> Path | None:
    """The site folder game.yaml or the games folder's umpire.yaml names, or None."""
    game_folder = Path(game_folder)
    value = GameFolder(game_folder).config.get("site")
    if value:
        return _folder(value, game_folder, game_folder / "game.yaml")
    gm_file = game_folder.parent / GM_FILE
    if gm_file.is_file():
        try:
            data = yaml.safe_load(gm_file.read_text(encoding="utf-8")) or {}
        except yaml.YAMLError as exc:
            raise DataError(f"not valid YAML: {exc}", str(gm_file)) from None
        if isinstance(data, dict) and data.get("site"):
            return _folder(data["site"], game_folder.parent, gm_file)
    return None


def _folder(value, base: Path, source: Path) -> Path:
    if not isinstance(value, str):
        raise DataError("`site` must name a folder, e.g. site: /srv/www/games", str(source))
    return base / Path(value).expanduser()


def update_site(game_folder: Path):
    """Bring the game's pages in its configured site up to date; the build's report, or None
    where no site is configured."""
    from .build import build_site
    out = configured_site(game_folder)
    return build_site(Path(game_folder), out) if out is not None else None

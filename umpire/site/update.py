"""Keeping a game's site up to date: `site: DIR` in its game.yaml, or in the umpire.yaml of the
folder of games it lies in, names the site (relative to the file that names it); every resolve,
and `update_site` for anyone else who changes a game (umpire tick), brings it up to date."""

from __future__ import annotations

from pathlib import Path

from ..errors import DataError
from ..store.folder import GameFolder
from ..store.gm_file import GM_FILE, gm_settings


def configured_site(game_folder: Path) -> Path | None:
    """The site folder game.yaml or the games folder's umpire.yaml names, or None."""
    game_folder = Path(game_folder)
    value = GameFolder(game_folder).config.get("site")
    if value:
        return _folder(value, game_folder, game_folder / "game.yaml")
    value = gm_settings(game_folder.parent).get("site")
    return _folder(value, game_folder.parent, game_folder.parent / GM_FILE) if value else None


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

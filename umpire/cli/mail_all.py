"""`umpire mail all`: the GM's mail to every player of a game (umpire/mail/gm_mail.py)."""

from __future__ import annotations

from pathlib import Path

import click

from ..timetable import clock
from .locking import locking
from .mail import _flush, _overrides, smtp_options


@click.command("all")
@click.argument("game_dir", type=click.Path(file_okay=False, path_type=Path))
@click.option("--subject", required=True, help="The mail's subject (the game's name is put before it).")
@click.option("--file", "text_file", required=True, type=click.Path(dir_okay=False, path_type=Path),
              help="A UTF-8 text file holding the mail's text.")
@click.option("--observers", is_flag=True, help="Mail the game's observers too.")
@smtp_options
@locking("game_dir")
def mail_all(game_dir, subject, text_file, observers, **kw):
    """Mail every player of the game, from the umpire with your address (`gm:`) to reply to.

    \b
    Example:
      umpire mail all games/ireland-1 --subject "Christmas break" --file break.txt

    Each player gets a mail of his own; run again with the same subject and text, nobody gets
    it twice.
    """
    from ..errors import UmpireError
    from ..mail.config import load_config
    from ..mail.gm_mail import check_subject, check_text, queue_gm_mail, require_gm
    from ..store.folder import GameFolder
    from ..store.mailroom import Mailroom
    folder = GameFolder(game_dir).require()
    config = load_config(game_dir, None, _overrides(kw))
    require_gm(config)
    check_subject(subject)
    try:
        data = text_file.read_bytes()
    except OSError as exc:
        raise UmpireError(f"cannot read {text_file} ({exc.strerror}).",
                          fix="Give a text file that exists; nothing was sent.") from None
    queued, before = queue_gm_mail(folder, config, subject, check_text(data, str(text_file)), clock.now(), observers)
    if queued:
        click.echo(f"Queued for {', '.join(queued)}.")
    if before:
        click.echo(f"Given before (not again): {', '.join(before)}.")
    _flush(Mailroom(folder.path), config)

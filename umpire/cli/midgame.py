"""`umpire house-rule`: change a game option or ruleset value while the game runs."""

from __future__ import annotations

from pathlib import Path

import click

from . import main
from .locking import locking
from .note import checked, note_option, noted


@main.command("house-rule")
@click.argument("game_dir", type=click.Path(file_okay=False, path_type=Path))
@click.argument("setting", metavar="KEY=VALUE")
@click.option("--reason", required=True, help="Why the rule changes (journaled, and printed in the next newsletter).")
@note_option
@locking("game_dir")
def house_rule_command(game_dir, setting, reason, note):
    """Change a game option or ruleset value from the next round on, with the GM's reason.

    KEY=VALUE is read and checked as `umpire new --option` reads it (`umpire options` lists them);
    the open round keeps the rules it opened with. The next newsletter announces it. Example:
    `umpire house-rule games/ireland-1 transports_per_round=2 --reason "agreed by all"`.
    """
    from ..kernel.options import value_text
    from ..store.folder import GameFolder
    from ..usecases.house_rule import give
    checked(note)
    event, first = give(GameFolder(game_dir), setting, reason)
    if event is None:
        click.echo(f"{setting.partition('=')[0].strip()} is so from round {first} already; nothing was done.")
        return
    click.echo(f"House rule from round {first}: {event['key']} = {value_text(event['value'])} ({event['reason']}). "
               "The next newsletter announces it.")
    noted(GameFolder(game_dir), note, "house-rule")

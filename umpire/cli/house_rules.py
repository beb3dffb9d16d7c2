"""`umpire options`: every option and ruleset value a GM may set, with default and meaning."""

from __future__ import annotations

import click

from . import main


@main.command("options")
@click.option("--rules", "rules_name", default="laurin", show_default=True,
              help="The edition (or ruleset file) whose house rules and values to list.")
def options_command(rules_name):
    """List the game options, the edition's named house rules and ruleset values, and the postal profiles.

    Examples: `umpire options`, `umpire options --rules schmidt`. Set them at `umpire new` with
    `--option KEY=VALUE` (e.g. `--option bonus_system=alternative`) or `--profile NAME`.
    """
    from ..usecases.options_list import listing
    for line in listing(rules_name):
        click.echo(line)

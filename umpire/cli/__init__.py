"""The `umpire` command line: a thin shell over the actions and the engine.

Commands load lazily, so that each command starts at once: `umpire status` imports the
module of `status` and what it uses, never reportlab, imapclient, smtplib or jinja2. COMMANDS
maps each command name to "module:attribute" of its click command (or group); a module is
imported only when one of its commands runs or `--help` lists them. So a command module
imports at its top only click and game code that is light (the actions, the engine, the
store); the renderers (reportlab, jinja2) and the mail service (imapclient, smtplib) are
imported inside the functions that use them.

To add a command: write it in a module of this package with `@main.command()` and add a line
`"name": "umpire.cli.module:function"` to COMMANDS here. A subcommand of a group (`map`,
`mail`) written in the group's own module needs no entry; one written in another module needs
a line in the group's map (MAP_COMMANDS in maps.py). tests/test_cli_startup.py fails while a
command is registered by its decorator but missing from its map, or while importing the CLI,
a command module or `umpire --help` pulls in reportlab, imapclient, smtplib or jinja2.
"""

from __future__ import annotations

import importlib
import sys

import click

from ..errors import UmpireError

COMMANDS = {
    "new": "umpire.cli.game:new",
    "submit": "umpire.cli.game:submit",
    "resolve": "umpire.cli.game:resolve",
    "end-construction": "umpire.cli.game:end_construction",
    "status": "umpire.cli.game:status",
    "route": "umpire.cli.route:route",
    "preview": "umpire.cli.gm:preview",
    "rollback": "umpire.cli.gm:rollback",
    "adjust": "umpire.cli.gm:adjust",
    "replace": "umpire.cli.gm:replace",
    "replay": "umpire.cli.render:replay",
    "demo": "umpire.cli.render:demo",
    "map": "umpire.cli.maps:map_group",
    "mail": "umpire.cli.mail:mail_group",
    "options": "umpire.cli.house_rules:options_command",
}


class LazyGroup(click.Group):
    """A group whose commands are imported from "module:attribute" only when they are needed
    (click's documented lazy loading of subcommands)."""

    def __init__(self, *args, lazy_commands: dict[str, str] | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.lazy_commands = dict(lazy_commands or {})

    def list_commands(self, ctx):
        return sorted(set(super().list_commands(ctx)) | set(self.lazy_commands))

    def get_command(self, ctx, cmd_name):
        if cmd_name in self.lazy_commands and cmd_name not in self.commands:
            module_name, attribute = self.lazy_commands[cmd_name].split(":")
            command = getattr(importlib.import_module(module_name), attribute)
            self.commands[cmd_name] = command
        return super().get_command(ctx, cmd_name)


class UmpireGroup(LazyGroup):
    """Turns every refused input into one clear paragraph on stderr and exit code 1."""

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except UmpireError as exc:
            click.echo(f"umpire: {exc.message}", err=True)
            sys.exit(exc.exit_code)


@click.group(cls=UmpireGroup, lazy_commands=COMMANDS)
@click.version_option(package_name="umpire")
def main():
    """Umpire for play-by-mail Railway Rivals (Dampfross) games."""

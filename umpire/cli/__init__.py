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

import atexit
import functools
import gc
import importlib
import os
import sys
from pathlib import Path

import click

from ..errors import UmpireError
from .defects import DEFECT_EXIT, report_defect, report_os_error, trace

COMMANDS = {
    "new": "umpire.cli.game:new",
    "submit": "umpire.cli.game:submit",
    "resolve": "umpire.cli.game:resolve",
    "status": "umpire.cli.game:status",
    "route": "umpire.cli.route:route",
    "preview": "umpire.cli.gm:preview",
    "rollback": "umpire.cli.gm:rollback",
    "adjust": "umpire.cli.gm:adjust",
    "replace": "umpire.cli.gm:replace",
    "replay": "umpire.cli.render:replay",
    "demo": "umpire.cli.play:demo",
    "play": "umpire.cli.play:play",
    "map": "umpire.cli.maps:map_group",
    "mail": "umpire.cli.mail:mail_group",
    "options": "umpire.cli.house_rules:options_command",
    "house-rule": "umpire.cli.midgame:house_rule_command",
    "dice": "umpire.cli.dice:dice_command",
    "verify": "umpire.cli.dice:verify_command",
    "export": "umpire.cli.export:export_command",
    "press": "umpire.cli.press:press_command",
    "deadline": "umpire.cli.hosting:deadline_command",
    "absence": "umpire.cli.hosting:absence_command",
    "site": "umpire.cli.site:site_command",
    "tick": "umpire.cli.tick:tick_command",
    "help": "umpire.cli.help:help_command",
    "note": "umpire.cli.note:note_command",
    "log": "umpire.cli.gm_log:log_command",
    "keywords": "umpire.cli.keywords:keywords_command",
}


class LazyGroup(click.Group):
    """A group whose commands are imported from "module:attribute" only when they are needed
    (click's documented lazy loading of subcommands)."""

    def __init__(self, *args, lazy_commands: dict[str, str] | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.lazy_commands = dict(lazy_commands or {})

    def list_commands(self, ctx):
        return sorted(set(super().list_commands(ctx)) | set(self.lazy_commands))

    def format_commands(self, ctx, formatter):
        """The list of commands in --help, with each short help read from its docstring in its
        module's source: listing the commands imports none of them."""
        rows = []
        for name in self.list_commands(ctx):
            helped = None if name in self.commands else (
                docstring_of(self.lazy_commands[name]) if name in self.lazy_commands else self.help_of(name))
            if helped is None:
                command = self.get_command(ctx, name)
                if command is None or command.hidden:
                    continue
                helped = command
            rows.append((name, helped))
        if rows:
            limit = formatter.width - 6 - max(len(name) for name, _ in rows)
            with formatter.section("Commands"):
                formatter.write_dl([(name, shorten(helped, limit)) for name, helped in rows])

    def help_of(self, name: str) -> str | None:
        """The help of a command neither registered nor in the map, without making it (None: make it)."""
        return None

    def get_command(self, ctx, cmd_name):
        if cmd_name in self.lazy_commands and cmd_name not in self.commands:
            module_name, attribute = self.lazy_commands[cmd_name].split(":")
            command = getattr(importlib.import_module(module_name), attribute)
            self.commands[cmd_name] = command
        return super().get_command(ctx, cmd_name)


def docstring_of(target: str) -> str | None:
    """The docstring of the function "module:function" read from the module's source without
    importing it; None when the source or function is not found, or its decorators say more
    than a plain command (a short_help, hidden or deprecated of their own)."""
    import ast
    import importlib.util
    module_name, attribute = target.split(":")
    spec = importlib.util.find_spec(module_name)
    if spec is None or not spec.origin or not spec.origin.endswith(".py"):
        return None
    for node in ast.parse(Path(spec.origin).read_text(encoding="utf-8")).body:
        if isinstance(node, ast.FunctionDef) and node.name == attribute:
            keywords = {k.arg for d in node.decorator_list if isinstance(d, ast.Call)
                        and getattr(d.func, "attr", None) in ("command", "group") for k in d.keywords}
            if keywords & {"short_help", "help", "hidden", "deprecated"}:
                return None
            return (ast.get_docstring(node) or "").split("\f", 1)[0]
    return None


@functools.lru_cache(maxsize=1)
def _family_commands() -> dict:
    """The GM commands of every family, by name (the registry reads them from the families)."""
    from ..families import gm_commands
    return gm_commands()


def shorten(helped, limit: int) -> str:
    """A command's short help, from its docstring (text) or from the command itself."""
    if isinstance(helped, str):
        helped = click.Command(None, help=helped)
    return helped.get_short_help_str(limit)


class UmpireGroup(LazyGroup):
    """Turns every refused input into one clear paragraph on stderr and exit code 1; takes the GM
    commands the game families add (`Family.gm_commands`) as its own, made when first asked for."""

    def list_commands(self, ctx):
        return sorted(set(super().list_commands(ctx)) | set(_family_commands()))

    def help_of(self, name: str) -> str | None:
        spec = _family_commands().get(name)
        return spec.help if spec else None

    def get_command(self, ctx, cmd_name):
        command = super().get_command(ctx, cmd_name)
        if command is None and cmd_name in _family_commands():
            from .family_commands import family_command
            command = family_command(_family_commands()[cmd_name])
        return command

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except UmpireError as exc:
            if ctx.params.get("debug") and exc.__cause__ is not None:
                click.echo(trace(exc.__cause__), err=True)
            click.echo(f"umpire: {exc.message}", err=True)
            sys.exit(exc.exit_code)


def print_version(ctx, param, value):
    """`--version`: the umpire's version with reportlab's and Python's, then exit 0."""
    if not value or ctx.resilient_parsing:
        return
    from ..versions import version_line
    click.echo(version_line())
    ctx.exit()


@click.group(cls=UmpireGroup, lazy_commands=COMMANDS)
@click.option("--version", is_flag=True, expose_value=False, is_eager=True, callback=print_version,
              help="Show the versions of the umpire, reportlab and Python, and exit.")
@click.option("--debug", is_flag=True, envvar="UMPIRE_DEBUG",
              help="Print the traceback of an internal error on stderr (also: UMPIRE_DEBUG=1).")
def main(debug):
    """Umpire for play-by-mail Railway Rivals (Dampfross) and Volldampf games."""


def run(args: list[str] | None = None):
    """The `umpire` console command: `main`, with nothing that goes wrong hidden or left as a bare
    traceback. A file or permission problem is named in one paragraph (exit 1); a defect of the
    umpire gets one paragraph saying so, its traceback saved to a file (the game folder's
    `crash-reports/`, else the temporary folder) or, with --debug, printed (exit 70)."""
    args = sys.argv[1:] if args is None else list(args)
    debug = "--debug" in args[:args.index("--")] if "--" in args else "--debug" in args
    debug = debug or os.environ.get("UMPIRE_DEBUG", "") not in ("", "0")
    if any("\0" in a for a in args):
        click.echo("umpire: an argument holds a NUL character, which no name, path or value may hold.", err=True)
        sys.exit(2)
    atexit.register(gc.freeze)     # at exit the interpreter's last collection need not scan every object
    try:
        main.main(args, prog_name="umpire")
    except OSError as exc:
        click.echo(report_os_error(exc, debug, args), err=True)
        sys.exit(1)
    except Exception as exc:
        click.echo(report_defect(exc, args, debug), err=True)
        sys.exit(DEFECT_EXIT)


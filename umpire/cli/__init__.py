"""The `umpire` command line: a thin shell over the actions and the engine."""

from __future__ import annotations

import os
import sys
import traceback

import click

from ..errors import UmpireError
from .defects import DEFECT_EXIT, report_defect, report_os_error


class UmpireGroup(click.Group):
    """Turns every refused input into one clear paragraph on stderr and exit code 1."""

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except UmpireError as exc:
            if ctx.params.get("debug") and exc.__cause__ is not None:
                click.echo("".join(traceback.format_exception(exc.__cause__)), err=True)
            click.echo(f"umpire: {exc.message}", err=True)
            sys.exit(exc.exit_code)


@click.group(cls=UmpireGroup)
@click.version_option(package_name="umpire")
@click.option("--debug", is_flag=True, envvar="UMPIRE_DEBUG",
              help="Print the traceback of an internal error on stderr (also: UMPIRE_DEBUG=1).")
def main(debug):
    """Umpire for play-by-mail Railway Rivals (Dampfross) games."""


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
    try:
        main.main(args, prog_name="umpire")
    except OSError as exc:
        click.echo(report_os_error(exc, debug), err=True)
        sys.exit(1)
    except Exception as exc:   # noqa: BLE001  (a defect: reported and saved, never swallowed)
        click.echo(report_defect(exc, args, debug), err=True)
        sys.exit(DEFECT_EXIT)


from . import game, maps  # noqa: E402,F401  (registers the commands)
from . import render  # noqa: E402,F401
from . import route  # noqa: E402,F401  (the route assistant)
from . import mail  # noqa: E402,F401

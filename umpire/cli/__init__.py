"""The `umpire` command line: a thin shell over the actions and the engine."""

from __future__ import annotations

import sys

import click

from ..errors import UmpireError


class UmpireGroup(click.Group):
    """Turns every refused input into one clear paragraph on stderr and exit code 1."""

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except UmpireError as exc:
            click.echo(f"umpire: {exc.message}", err=True)
            sys.exit(exc.exit_code)


@click.group(cls=UmpireGroup)
@click.version_option(package_name="umpire")
def main():
    """Umpire for play-by-mail Railway Rivals (Dampfross) games."""


from . import game, maps  # noqa: E402,F401  (registers the commands)
from . import render  # noqa: E402,F401
from . import route  # noqa: E402,F401  (the route assistant)
from . import mail  # noqa: E402,F401
from . import gm  # noqa: E402,F401  (preview, rollback, adjust, replace)

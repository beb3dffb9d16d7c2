"""`umpire help`: the umpire's documentation pages (docs/*.md), which travel with it: listed with
their titles, or one printed."""

from __future__ import annotations

import difflib

import click

from ..errors import UmpireError
from ..kernel.echo import quote
from ..resources import data_dir, doc_pages
from . import main


def title(text: str) -> str:
    """A page's title: its first heading."""
    return next((line[2:].strip() for line in text.splitlines() if line.startswith("# ")), "")


def complete_pages(ctx, param, incomplete: str) -> list[str]:
    return [name for name in doc_pages() if name.startswith(incomplete)]


@main.command("help")
@click.argument("page", required=False, shell_complete=complete_pages)
def help_command(page):
    """List the umpire's documentation pages, or print one.

    Without PAGE, each page's name and title; with PAGE (`orders`, or `orders.md` as the page's
    file is called), the page itself, through a pager on a terminal. The pages are the docs/
    folder of a checkout, shipped inside the installed umpire. A command's options are in its own
    help: `umpire COMMAND --help`.

    \b
    Examples:
      umpire help
      umpire help orders
      umpire help newsletter.md
    """
    pages = doc_pages()
    if not pages:
        raise UmpireError(f"the umpire's documentation pages are missing (there are none in {data_dir('docs')}).",
                          fix="Install the umpire again.")
    if page is None:
        width = max(len(name) for name in pages)
        for name, path in pages.items():
            click.echo(f"  {name:<{width}}  {title(path.read_text(encoding='utf-8'))}")
        click.echo("\n`umpire help PAGE` prints a page.")
        return
    name = page.removesuffix(".md")
    if name not in pages:
        close = difflib.get_close_matches(name, list(pages), n=1)
        raise UmpireError(f"there is no page {quote(page)}" + (f"; did you mean {close[0]}?" if close else "."),
                          fix="The pages are " + ", ".join(pages) + "; `umpire help` lists them with their titles.")
    click.echo_via_pager(pages[name].read_text(encoding="utf-8"))

"""`umpire keywords`: the order keywords in a language, for players' pages and outside checks."""

from __future__ import annotations

import json

import click

from ..kernel.language import LANGUAGES
from . import main


@main.command("keywords")
@click.option("--language", type=click.Choice(sorted(LANGUAGES)), default="de", show_default=True,
              help="The language of the words listed (en: each English keyword as itself).")
@click.option("--family", type=click.Choice(["dampfross", "volldampf"]),
              help="Only the keywords of one game family (and those every game shares).")
@click.option("--json", "as_json", is_flag=True, help="A JSON object: each English keyword -> a list of its words.")
def keywords_command(language, family, as_json):
    """The order keywords in German (or English): every one is read in every game made from this
    version on, whatever the game's language (`umpire help languages`).

    \b
    Examples:
      umpire keywords
      umpire keywords --language de --json
      umpire keywords --family volldampf
    """
    from ..kernel.keywords import german
    table = german(family)
    words = table if language == "de" else {english: [english] for english in table}
    if as_json:
        click.echo(json.dumps(words, ensure_ascii=False, indent=1))
        return
    width = max(map(len, words))
    for english, said in words.items():
        click.echo(f"{english.ljust(width)}  {', '.join(said)}")

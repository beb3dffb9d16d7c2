"""Writing newsletters: the text edition from a jinja2 template in newsletters/."""

from __future__ import annotations

import jinja2

from ..resources import data_dir
from ..store import atomic
from ..store.folder import GameFolder
from .report import newsletter_facts


def environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(data_dir("newsletters"))),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters["extract"] = lambda key, mapping: mapping[key]
    return env


def render_text(facts: dict) -> str:
    return environment().get_template("newsletter.txt.j2").render(**facts)


def write_newsletter(folder: GameFolder, number: int) -> list[str]:
    """Write newsletters/NNN.txt; returns the files written, relative to the game folder."""
    facts = newsletter_facts(folder, number)
    name = f"newsletters/{number:03d}.txt"
    atomic.write_text(folder.path / name, render_text(facts))
    return [name]

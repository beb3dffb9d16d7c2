"""Colours by name: `#rrggbb`, a name of the newsletter's palette (newsletters/styles.yaml), or a
CSS colour name reportlab knows (`orange`, `darkgreen`), for a company's colour given in words."""

from __future__ import annotations

import re
from functools import lru_cache

import yaml

from ..resources import data_dir

Colour = tuple[float, float, float]
_HEX = re.compile(r"#[0-9a-fA-F]{6}")


def rgb(text: str) -> Colour:
    """`#d7191c` -> (r, g, b) in 0..1."""
    text = text.lstrip("#")
    return tuple(int(text[i:i + 2], 16) / 255 for i in (0, 2, 4))


@lru_cache(maxsize=1)
def palette() -> dict[str, Colour]:
    """The newsletter's palette, by name, in its order."""
    with open(data_dir("newsletters") / "styles.yaml", encoding="utf-8") as f:
        doc = yaml.safe_load(f)
    return {c["name"]: rgb(c["colour"]) for c in doc["palette"]}


@lru_cache(maxsize=1)
def css_colours() -> dict[str, Colour]:
    """The CSS colour names reportlab knows, lower case (white aside: it would not show on paper)."""
    from reportlab.lib import colors
    return {name.lower(): (c.red, c.green, c.blue) for name, c in colors.getAllNamedColors().items()
            if name.isalpha() and name.islower() and name not in ("transparent", "white")}


def colour_named(text: str) -> Colour | None:
    """The colour `text` names (`#ffcc00`, `orange`, `Dark Green`), or None."""
    text = str(text).strip()
    if _HEX.fullmatch(text):
        return rgb(text)
    word = "".join(text.lower().split())
    return palette().get(word) or css_colours().get(word)

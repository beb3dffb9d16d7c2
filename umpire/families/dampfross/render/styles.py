"""The look of the newsletter: terrain colours and company line styles from newsletters/styles.yaml.

A company is drawn in the colour the game gives it (an archive's `colours:`), else in the colour
its id or name names (CSS colour names, `pink`, `grey`, `darkgreen`), else in the first unused
colour of the palette; its dash pattern comes by seat, so no two companies share a pattern.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import yaml

from ....render.colours import colour_named
from ....resources import data_dir

Colour = tuple[float, float, float]
LIGHT = 0.62               # above this luminance a line gets a dark casing, to stand out on the cream paper


def colour(text: str) -> Colour:
    """`#d7191c` -> (r, g, b) in 0..1."""
    text = text.lstrip("#")
    return tuple(int(text[i:i + 2], 16) / 255 for i in (0, 2, 4))


def luminance(c: Colour) -> float:
    return 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]


@dataclass(frozen=True)
class LineStyle:
    name: str                  # the colour's name, as the legend says it
    colour: Colour
    dash: tuple[float, ...]

    @property
    def casing(self) -> Colour:
        """Drawn under the line: white, or dark grey under a light colour (yellow, pink)."""
        return (0.25, 0.25, 0.25) if luminance(self.colour) > LIGHT else (1.0, 1.0, 1.0)


@lru_cache(maxsize=1)
def load_styles() -> dict:
    with open(data_dir("newsletters") / "styles.yaml", encoding="utf-8") as f:
        doc = yaml.safe_load(f)
    return {
        "terrain": {k: colour(v) for k, v in doc["terrain"].items()},
        **{key: colour(doc[key]) for key in ("grid_line", "hex_label", "hex_label_dark", "river", "barrier",
                                              "permitted_route", "new_track")},
        "palette": [(c["name"], colour(c["colour"])) for c in doc["palette"]],
        "dashes": [tuple(d) for d in doc["dashes"]],
    }


@lru_cache(maxsize=1)
def css_colours() -> dict[str, Colour]:
    """The CSS colour names reportlab knows, lower case."""
    from reportlab.lib import colors
    return {name.lower(): (c.red, c.green, c.blue) for name, c in colors.getAllNamedColors().items()
            if name.isalpha() and name.islower() and name not in ("transparent", "white")}


def named_colour(cid: str, name: str) -> tuple[str, Colour] | None:
    """The colour the id or the name names: `pink`, `Grey Line`, `Dark Green Railway` -> darkgreen."""
    css, palette = css_colours(), dict(load_styles()["palette"])
    words = [w for w in "".join(ch if ch.isalnum() else " " for ch in f"{cid} {name}".lower()).split()]
    candidates = [cid.lower()] + [a + b for a, b in zip(words, words[1:])] + words
    for word in candidates:
        if word in palette or word in css:
            return word, palette.get(word, css.get(word))
    return None


def company_styles(companies: list[tuple[str, str]], given: dict[str, str] | None = None) -> dict[str, LineStyle]:
    """(id, name) in seat order -> each company's line style; `given`: id -> the colour the game
    gives it (`orange`, `#ffcc00`), which comes first."""
    look = load_styles()
    dashes = look["dashes"]
    chosen: dict[str, tuple[str, Colour]] = {cid: (str(text), colour_named(text)) for cid, text in (given or {}).items()
                                             if colour_named(text) is not None}
    for cid, name in companies:
        if cid in chosen:
            continue
        named = named_colour(cid, name)
        if named and named[1] not in [c for _, c in chosen.values()]:
            chosen[cid] = named
    free = [p for p in look["palette"] if p[1] not in [c for _, c in chosen.values()]]
    for cid, _ in companies:
        if cid not in chosen:
            chosen[cid] = free.pop(0) if free else look["palette"][len(chosen) % len(look["palette"])]
    return {cid: LineStyle(chosen[cid][0], chosen[cid][1], dashes[i % len(dashes)])
            for i, (cid, _) in enumerate(companies)}

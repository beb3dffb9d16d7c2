"""The look of the newsletter: terrain colours and company line styles from newsletters/styles.yaml."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import yaml

from ..resources import data_dir

Colour = tuple[float, float, float]


def colour(text: str) -> Colour:
    """`#d7191c` -> (r, g, b) in 0..1."""
    text = text.lstrip("#")
    return tuple(int(text[i:i + 2], 16) / 255 for i in (0, 2, 4))


@dataclass(frozen=True)
class LineStyle:
    name: str
    colour: Colour
    dash: tuple[float, ...]


@lru_cache(maxsize=1)
def load_styles() -> dict:
    with open(data_dir("newsletters") / "styles.yaml", encoding="utf-8") as f:
        doc = yaml.safe_load(f)
    return {
        "terrain": {k: colour(v) for k, v in doc["terrain"].items()},
        "grid_line": colour(doc["grid_line"]),
        "river": colour(doc["river"]),
        "barrier": colour(doc["barrier"]),
        "permitted_route": colour(doc["permitted_route"]),
        "companies": [LineStyle(c["name"], colour(c["colour"]), tuple(c["dash"])) for c in doc["companies"]],
    }


def company_styles(companies: list[tuple[str, str]]) -> dict[str, LineStyle]:
    """(id, name) in seat order -> each company's line style; a style named like the company first."""
    palette = load_styles()["companies"]
    by_name = {s.name: s for s in palette}
    chosen: dict[str, LineStyle] = {}
    for cid, name in companies:
        for word in (cid, *name.lower().split()):
            style = by_name.get(word)
            if style and style not in chosen.values():
                chosen[cid] = style
                break
    free = [s for s in palette if s not in chosen.values()]
    for cid, _ in companies:
        if cid not in chosen:
            chosen[cid] = free.pop(0) if free else palette[len(chosen) % len(palette)]
    return {cid: chosen[cid] for cid, _ in companies}

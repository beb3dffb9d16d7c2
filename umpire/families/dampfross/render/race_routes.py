"""The races of a Dampfross newsletter drawn on its web map: each train's route through the
centres of its hexes, the race's number at both ends, and the legend that lists them (the race,
its towns, the train's companies, its steps, place and bonus), which is also their table."""

from __future__ import annotations

from ....kernel.language import _, pgettext
from ....render.overlay import line_sample, polyline, style, tag
from ...base import WebKey

WIDTH = 2.2                 # SVG units: a route's line
SHIFT = 2.6                 # SVG units between the routes of one race's trains, which often share hexes


def race_routes(transports: list[dict], centre, height: float) -> tuple[str, WebKey | None]:
    """The routes of the races run in this newsletter (`transports` as the report describes them;
    `centre(label)` the centre in page points, y up, of the hex a label of the report names: on a
    map with printed labels, a printed one) as SVG elements, and their legend."""
    races = [t for t in transports if t["entered"]]
    if not races:
        return "", None
    drawn, rows = [], []
    for k, t in enumerate(races):
        ink, dash = style(k)
        number = str(t["number"])
        places = {p["train"]: p for p in t["placed"]}
        parts = []
        for j, e in enumerate(t["entered"]):
            shift = (j - (len(t["entered"]) - 1) / 2) * SHIFT
            points = [_point(centre, h, height, shift) for h in e["route"]]
            parts.append(polyline(points, ink, dash, WIDTH, {
                "train": e["train"], "companies": " ".join(e["companies"]), "route": " ".join(e["route"]),
                "steps": e["steps"]}, arrow=True))
            placed = places.get(e["train"])
            rows.append((line_sample(ink, dash, WIDTH, number, arrow=True),
                         [number, f"{t['start_name']} ({t['start']})", _to(t), e["name"], e["steps"],
                          placed["place"] if placed else "-", placed["bonus"] if placed else 0]))
        ends = sorted({e["route"][i] for e in t["entered"] for i in (0, -1)})
        ends = [tag(*_point(centre, h, height, 0), number, ink, 9.0) for h in ends]
        drawn.append(f'<g class="race" data-race="{number}">{"".join(parts)}{"".join(ends)}</g>')
    rounds = sorted({e["round"] for t in races for e in t["entered"] if "round" in e})
    caption = (_("Races drawn on the map (round {rounds})").format(rounds=", ".join(map(str, rounds))) if rounds
               else _("Races drawn on the map"))
    head = [_("race"), pgettext("race", "from"), pgettext("race", "to"), _("train"), _("steps"), _("place"), _("bonus")]
    key = WebKey(caption, head, rows)
    return f'<!-- news --><g class="races">{"".join(drawn)}</g><!-- /news -->', key


def _to(t: dict) -> str:
    return t["destination_name"] + (f" ({t['destination']})" if t["destination"] is not None else "")


def _point(centre, label: str, height: float, shift: float) -> tuple[float, float]:
    x, y = centre(label)
    return x + shift, height - y + shift

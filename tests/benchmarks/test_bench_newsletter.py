"""The newsletter of a 45x45 map with 6 companies of 150 segments each.

Measured against bare reportlab drawing the same primitives: every drawing call the newsletter
made on its canvas is recorded once, then replayed onto a plain reportlab canvas. Both medians
and their ratio are printed (run with -s) and kept in the benchmark's extra_info.
"""

from __future__ import annotations

import io
import json
import random
import statistics
import time
import types

import yaml
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.textobject import PDFTextObject

from umpire.families.dampfross.gamemap import STATIONS
from umpire.families.dampfross.hexgrid import Grid, label
from umpire.families.dampfross.render import mapdraw
from umpire.families.dampfross.render import pdf as pdf_module
from umpire.families.dampfross.render.edition import map_content
from umpire.families.dampfross.render.report import newsletter_facts
from umpire.game import Game
from umpire.kernel.dice import commitment
from umpire.resources import find_named
from umpire.store.folder import GameFolder, dump_yaml
from umpire.usecases.family_folder import handed
from umpire.usecases.publish import write_newsletter

SIZE, COMPANIES, SEGMENTS, ROUNDS = 45, 6, 150, 25
IDS = ["red", "blue", "green", "black", "orange", "purple"]


def _map(rng: random.Random) -> dict:
    rows = []
    for r in range(SIZE):
        row = ""
        for c in range(SIZE):
            x = rng.random()
            row += "~" if c < 2 or r > SIZE - 3 else "^" if x < 0.15 else "," if c > SIZE - 4 else "."
        rows.append(row)
    cities, taken = [], set()
    while len(cities) < 48:
        c, r = rng.randrange(3, SIZE - 4), rng.randrange(0, SIZE - 3)
        if (c, r) in taken:
            continue
        taken.add((c, r))
        rows[r] = rows[r][:c] + "." + rows[r][c + 1:]
        city = {"name": f"City{len(cities) + 1}", "hex": label((c, r))}
        if len(cities) < len(STATIONS):
            city["stations"] = [STATIONS[len(cities)]]
        if len(cities) < 4:
            city["home"] = True
        cities.append(city)
    grid = Grid("odd-q", SIZE, SIZE)
    rivers = set()
    while len(rivers) < 80:
        a = (rng.randrange(2, SIZE - 1), rng.randrange(0, SIZE - 3))
        b = rng.choice(grid.neighbours(a))
        rivers.add("/".join(sorted((label(a), label(b)))))
    return {"format": 1, "name": "bench", "title": "Benchland", "grid": {"layout": "odd-q"}, "rows": rows,
            "cities": cities, "rivers": sorted(rivers)}


def _segments(rng: random.Random, grid: Grid, doc: dict) -> list[list[tuple]]:
    """150 distinct edges per company, each network one random walk over buildable hexes."""
    buildable = {(c, r) for r, row in enumerate(doc["rows"]) for c, ch in enumerate(row) if ch != "~"}
    out = []
    for _ in range(COMPANIES):
        here = rng.choice(sorted(buildable))
        edges, visited = [], [here]
        while len(edges) < SEGMENTS:
            step = rng.choice([n for n in grid.neighbours(here) if n in buildable])
            e = tuple(sorted((here, step)))
            if e not in edges:
                edges.append(e)
            here = step if rng.random() < 0.9 else rng.choice(visited)
            visited.append(here)
        out.append(edges)
    return out


def make_game(path) -> GameFolder:
    rng = random.Random(45)
    doc = _map(rng)
    grid = Grid("odd-q", SIZE, SIZE)
    path.mkdir()
    (path / "map.yaml").write_text(yaml.safe_dump(doc, sort_keys=False), encoding="utf-8")
    (path / "rules.yaml").write_text(find_named("rules", "laurin").read_text(encoding="utf-8"), encoding="utf-8")
    (path / "secrets.yaml").write_text(dump_yaml({"seed": "bench", "codes": {}}), encoding="utf-8")
    companies = [{"id": cid, "name": f"{cid.capitalize()} Railway", "email": ""} for cid in IDS]
    (path / "game.yaml").write_text(dump_yaml({
        "format": 1, "game": "bench", "map": {"name": "bench", "file": "map.yaml"},
        "rules": {"name": "laurin", "file": "rules.yaml"}, "options": {}, "companies": companies,
        "seat_order": IDS, "dice": {"mode": "seeded", "commitment": commitment("bench")}}), encoding="utf-8")
    (path / "newsletters").mkdir()
    events = [{"type": "game_created", "game": "bench", "companies": [{"id": c, "name": n["name"]}
                                                                      for c, n in zip(IDS, companies)]}]
    events += [{"type": "posting", "round": 0, "from": "bank", "to": c, "amount": 20, "reason": "starting balance"}
               for c in IDS]
    per_round = SEGMENTS // ROUNDS
    networks = _segments(rng, grid, doc)
    for rnd in range(1, ROUNDS + 1):
        if rnd == ROUNDS:
            events.append({"type": "newsletter", "number": ROUNDS, "files": []})
        events.append({"type": "round_opened", "round": rnd, "phase": "construction", "order": IDS,
                       "budgets": {c: 6 for c in IDS}})
        for cid, edges in zip(IDS, networks):
            for a, b in edges[(rnd - 1) * per_round:rnd * per_round]:
                events.append({"type": "segment", "round": rnd, "company": cid, "a": label(a), "b": label(b),
                               "cost": 1})
                if rng.random() < 0.3:
                    events.append({"type": "posting", "round": rnd, "from": cid, "to": rng.choice(IDS),
                                   "amount": 1, "reason": f"connection fee in {label(a)}"})
        events.append({"type": "round_closed", "round": rnd})
        events.append({"type": "roll", "purpose": f"round {rnd + 1} construction", "value": 4})
    events.append({"type": "round_opened", "round": ROUNDS + 1, "phase": "construction", "order": IDS,
                   "budgets": {c: 4 for c in IDS}})
    (path / "journal.jsonl").write_text("".join(json.dumps(e, sort_keys=True) + "\n" for e in events),
                                        encoding="utf-8")
    return GameFolder(path)


class _Recorder:
    """A canvas that draws and records every drawing call, path construction included."""

    SKIP = {"stringWidth", "getPageNumber"}

    def __init__(self, buffer, **kwargs):
        self._c = Canvas(buffer, **kwargs)
        self.calls = [("__init__", (), kwargs)]
        _Recorder.last = self

    def __getattr__(self, name):
        real = getattr(self._c, name)
        if not callable(real):
            return real

        def call(*args, **kwargs):
            if name == "beginPath":
                return _Path(real(), self.calls)
            if name == "beginText":                                       # a paragraph's lines (platypus)
                return _Text(self._c, self.calls, *args, **kwargs)
            if name == "drawText" and isinstance(args[0], _Text):
                self.calls.append(("drawText", (args[0].recorded.id,), {}))
                return real(*args, **kwargs)
            if name == "drawPath" and not isinstance(args[0], _Path):     # a map background's path, made beforehand
                self.calls.append(("drawReadyPath", (args[0].getCode(),) + args[1:], kwargs))
                return real(*args, **kwargs)
            if name == "drawPath":
                self.calls.append(("drawPath", (args[0].id,) + args[1:], kwargs))
                return real(args[0].real, *args[1:], **kwargs)
            if name not in self.SKIP:
                self.calls.append((name, args, kwargs))
            return real(*args, **kwargs)
        return call


class _Path:
    def __init__(self, real, calls):
        self.real, self.calls, self.id = real, calls, len(calls)
        calls.append(("beginPath", (self.id,), {}))

    def __getattr__(self, name):
        real = getattr(self.real, name)

        def call(*args):
            self.calls.append(("path", (self.id, name) + args, {}))
            return real(*args)
        return call


class _Recorded:
    def __init__(self, calls):
        self.calls, self.id, self.depth = calls, len(calls), 0


class _Text(PDFTextObject):
    """A text object that records the calls made to it from outside (not those it makes itself)."""

    def __init__(self, canvas, calls, *args, **kwargs):
        recorded = _Recorded(calls)
        calls.append(("beginText", (recorded.id,) + args, kwargs))
        object.__setattr__(self, "recorded", recorded)
        recorded.depth += 1                                   # what the text object does to begin is not recorded
        super().__init__(canvas, *args, **kwargs)
        recorded.depth -= 1

    def __getattribute__(self, name):
        found = super().__getattribute__(name)
        if name.startswith("__") or not isinstance(found, types.MethodType):
            return found
        recorded = super().__getattribute__("recorded")

        def call(*args, **kwargs):
            if recorded.depth == 0:
                recorded.calls.append(("text", (recorded.id, name) + args, kwargs))
            recorded.depth += 1
            try:
                return found(*args, **kwargs)
            finally:
                recorded.depth -= 1
        return call


def bare_reportlab(calls) -> bytes:
    """The recorded primitives drawn straight onto a plain reportlab canvas."""
    buffer = io.BytesIO()
    c = Canvas(buffer, **calls[0][2])
    paths, texts = {}, {}
    for name, args, kwargs in calls[1:]:
        if name == "beginText":
            texts[args[0]] = c.beginText(*args[1:], **kwargs)
        elif name == "text":
            getattr(texts[args[0]], args[1])(*args[2:], **kwargs)
        elif name == "drawText":
            c.drawText(texts[args[0]])
        elif name == "path":
            getattr(paths[args[0]], args[1])(*args[2:])
        elif name == "beginPath":
            paths[args[0]] = c.beginPath()
        elif name == "drawPath":
            c.drawPath(paths[args[0]], *args[1:], **kwargs)
        elif name == "drawReadyPath":
            c._code.append(args[0])                      # as drawPath does, with no path to build
            c._strokeAndFill(*args[1:], **kwargs)
        else:
            getattr(c, name)(*args, **kwargs)
    return buffer.getvalue()


def _median(fn, rounds=7) -> float:
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def test_newsletter_of_a_45x45_map_with_900_segments(benchmark, tmp_path):
    folder = make_game(tmp_path / "bench")
    game = Game.of(folder)
    assert sum(len(v) for v in game.state().edges.values()) == COMPANIES * SEGMENTS

    def newsletter():                                   # as `umpire resolve` draws it: the map's background anew
        mapdraw._BACKGROUNDS.clear()
        fresh = GameFolder(folder.path)
        game = Game.of(fresh)
        game.family.newsletter(Game.of(fresh), ROUNDS + 1, game.state()).pdf()

    benchmark.pedantic(newsletter, rounds=7, iterations=1, warmup_rounds=1)
    ours = benchmark.stats.stats.median

    facts = newsletter_facts(handed(Game.of(folder)), ROUNDS + 1)
    recorded = pdf_module.newsletter_pdf(facts, game.game_map, map_content(Game.of(folder)), canvas_class=_Recorder)
    calls = _Recorder.last.calls
    assert bare_reportlab(calls) == recorded            # the baseline draws exactly the same PDF
    bare = _median(lambda: bare_reportlab(calls))
    ratio = ours / bare
    benchmark.extra_info.update(newsletter_median_s=round(ours, 4), bare_reportlab_median_s=round(bare, 4),
                                ratio=round(ratio, 3))
    print(f"\nnewsletter median {ours:.3f} s, bare reportlab median {bare:.3f} s, ratio {ratio:.2f}")
    picture = _median(lambda: write_newsletter(GameFolder(folder.path), ROUNDS + 1), rounds=3) - ours
    print(f"the map picture for the mail besides (write_newsletter less the newsletter): about {picture:.3f} s")
    assert ours < 1.5
    assert ratio < 1.5

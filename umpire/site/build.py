"""`umpire site`: a static web site of one game or a folder of games. Per game an overview (the
game now) and one page per newsletter at a fixed address (`NNN.html`), the newsletter's PDF and
text beside it, an Atom feed and the open deadline as iCalendar; an index of every game.

Only what the newsletters publish goes in: the public text edition (never a player's private
part), the map and accounts the family draws from the journal as it stood when the newsletter
was written, the press as printed, and the orders of resolved turns as the umpire read them
(without CODE lines, codes masked, no comments or quoted mail). A page whose inputs have not
changed (its fingerprint, in the page) keeps its body, and a file is written only where its
bytes change: a resolve rewrites the new newsletter's page, the one before it and the pages of
the open turn, no older page (they take where the game stands from `now.js`).
"""

from __future__ import annotations

import gc
import hashlib
import json
import multiprocessing
import re
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import lru_cache
from pathlib import Path

import jinja2
from markupsafe import Markup

from .. import forked
from ..errors import UmpireError
from ..game import Game
from ..kernel import language
from ..kernel.language import N_, _
from ..kernel.order_header import turn_words
from ..render.svg import num
from ..resources import data_dir
from ..store import atomic
from ..store.folder import GameFolder
from ..store.gm_file import GM_FILE, gm_settings
from ..usecases import actions
from ..usecases.pdf_batch import worker_count
from . import fonts, history
from .accounts import account_tables
from .calendar import atom_feed, deadline_calendar
from .company import company_pages
from .composer import composer_parts
from .files import SiteFiles
from .index_rows import ROW_FILE, game_row, row_bytes, site_rows
from .mapsize import readable_width
from .report_blocks import report_blocks
from .script_words import script_words
from .sections import read_edition, sentence_case
from .standing import Standing, standing

_MAIN = re.compile(r"<!-- main -->\n(.*)<!-- /main -->\n", re.DOTALL)
_FINGERPRINT = re.compile(r'<meta name="umpire-page" content="([0-9a-f]+)">')
_NUMBERED = re.compile(r"^[0-9]{3,}\.(html|pdf|txt)$")


@lru_cache(maxsize=1)
def environment() -> jinja2.Environment:
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(data_dir("newsletters"))),
                             autoescape=True, undefined=jinja2.StrictUndefined,
                             trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True,
                             extensions=["jinja2.ext.i18n"])
    language.install(env)
    env.globals.update(language=language.current, script_words=script_words)
    env.filters["num"] = num
    env.filters["heading"] = sentence_case
    env.filters["date"] = shown_date
    return env


def render(template: str, **values) -> str:
    return environment().get_template(f"site/{template}").render(**values)


@dataclass
class Report:
    games: list[str]
    written: list[str]
    unchanged: int

    def lines(self, out: Path) -> list[str]:
        return [f"{out}: {len(self.games)} game{'s' if len(self.games) != 1 else ''} "
                f"({', '.join(self.games)}); {len(self.written)} files written, {self.unchanged} unchanged."]


def game_folders(path: Path) -> list[GameFolder]:
    """The game at `path`, or every game in the folder `path` (sub-folders with a game.yaml)."""
    path = Path(path)
    if (path / "game.yaml").is_file():
        return [GameFolder(path)]
    if not path.is_dir():
        raise UmpireError(f"{path} is neither a game folder nor a folder of games.",
                          fix="Name a folder with a game.yaml, or a folder holding such folders.")
    games = [GameFolder(p) for p in sorted(path.iterdir()) if (p / "game.yaml").is_file()]
    if not games:
        raise UmpireError(f"{path} holds no game (no sub-folder has a game.yaml).",
                          fix="Name a game folder, or a folder of game folders (e.g. demo-out).")
    return games


def build_site(path: Path, out: Path) -> Report:
    """Write (or bring up to date) the site of the game or games at `path` in `out`."""
    folders = game_folders(path)
    for folder in folders:
        folder.require()
    out = Path(out)
    files = SiteFiles(out)
    with atomic.deferred(out):
        _assets(files)
        rows = [write_game(folder, files) for folder in folders]
        with language.speaking(host_language(path)):
            files.put("index.html", render("index.html.j2", title=_("Games"), root="", games=site_rows(files, rows)))
    return Report([f.game_id for f in folders], files.written, files.unchanged)


def host_language(path: Path) -> str:
    """The language of the site's index: umpire.yaml's `language:` beside the games (the host's),
    English where it gives none."""
    folder = Path(path) if not (Path(path) / "game.yaml").is_file() else Path(path).parent
    host = gm_settings(folder).get("language") or language.ENGLISH
    if problem := language.check(host):
        raise UmpireError(f"{folder / GM_FILE}: language: {host} {problem}.",
                          fix="Correct `language:` in umpire.yaml; no page was written.")
    return host


def _assets(files: SiteFiles):
    css = (data_dir("newsletters") / "site" / "site.css").read_text(encoding="utf-8")
    files.put("site.css", fonts.font_faces() + css)
    files.put("site.js", (data_dir("newsletters") / "site" / "site.js").read_bytes())
    for face in fonts.FACES:
        if not files.has(fonts.font_file(face)):
            files.put(fonts.font_file(face), fonts.web_font(face))


def write_game(folder: GameFolder, files: SiteFiles) -> dict:
    """The game's pages, newsletters, feed and calendar, in the game's language; returns its row
    of the site's index."""
    with language.speaking(language.of_game(folder.config)):
        return _write_game(folder, files)


def _write_game(folder: GameFolder, files: SiteFiles) -> dict:
    game = folder.game_id
    moments = history.moments(folder)
    numbers = [m.number for m in moments]
    names = {c["id"]: c.get("name") or c["id"] for c in folder.config.get("companies", [])}
    status = actions.status(folder)
    where = standing(status, names)
    seat = Game.of(folder).family.seat
    now = Markup(render("now.html.j2", s=where, seat=seat, up=""))
    composers = composer_parts(folder, render, names) if moments and not where.finished else {}
    composer = composers.get(None, Markup(""))
    dates = _issue_dates(folder, moments)
    body = _write_issues(folder, files, moments, names, now, where.finished, composer, dates)
    _drop_stale(files, game, {f"{n:03d}.{s}" for n in numbers for s in ("html", "pdf", "txt")})
    _write_companies(folder, files, moments, names, Markup(render("now.html.j2", s=where, seat=seat, up="../")),
                     _figure(body), composers)
    row = _row(folder, where, names, status)
    files.put(f"{game}/{ROW_FILE}", row_bytes(row))
    files.put(f"{game}/index.html", render(
        "game.html.j2", title=_("{game}: the game now").format(game=game), root="../", game=game,
        facts=_facts(row, folder), now=now,
        standings=_part(body, "standings"), map=_part(body, "map"), composer=composer,
        issues=_issue_list(moments, dates, (folder.config.get("archive") or {}).get("turns") or {})))
    titles = {m.number: _intro(folder, m.number) for m in moments}
    files.put(f"{game}/feed.atom", atom_feed(game, titles, dates))
    files.put(f"{game}/deadlines.ics", deadline_calendar(game, status.get("deadline"), row["turn"]))
    return row


def _figure(body: str) -> str:
    """The newest page's map figure, without what it drew of that newsletter's turn (races,
    moves) and the legends of it, its addresses as seen from a company's page, a folder below."""
    figure = str(_part(body, "map"))
    end = figure.find("</figure>")
    if end < 0:
        return ""
    figure = re.sub(r"<!-- news -->.*?<!-- /news -->", "", figure[:end + 10], flags=re.DOTALL)
    return re.sub(r'<image href="(map-[0-9a-f]+\.svg)"', r'<image href="../\1"', figure)


def _write_companies(folder: GameFolder, files: SiteFiles, moments: list[history.Moment], names: dict,
                     now: Markup, figure: str, composers: dict[str | None, Markup]):
    """Each company's (player's) own page, `<game>/<id>/index.html`, with the newest map, his
    track highlighted."""
    game = folder.game_id
    last = moments[-1].number if moments else 0
    for page in company_pages(folder, moments, names, figure):
        files.put(f"{game}/{page.seat}/index.html", render(
            "company.html.j2", title=f"{game}: {page.name}", root="../../", game=game, page=page, now=now,
            seat=Game.of(folder).family.seat, last=last,
            composer=composers.get(page.seat, Markup("")) if page.map else Markup("")))


def _write_issues(folder: GameFolder, files: SiteFiles, moments: list[history.Moment], names: dict,
                  now: Markup, finished: bool, composer: Markup, dates: dict[int, str]) -> str:
    """Each newsletter's page (made anew only where its fingerprint changed), with its PDF and
    text, and the order composer on the newest; returns the newest page's body ("" before the
    first). Where the game stands (`now`) heads the newest page; a running game's older pages
    take it from `now.js` and name the newest through `newest.html`, so that a resolve or a tick
    leaves them as they were (a finished game's older pages show neither, so as not to tell how
    the story ends)."""
    game = folder.game_id
    numbers = [m.number for m in moments]
    last = numbers[-1] if numbers else 0
    body = ""
    pages = [f"{game}/{m.number:03d}.html" for m in moments]
    kept = [_kept_body(files.read(page), m.fingerprint) for page, m in zip(pages, moments)]
    made = dict(zip([k for k, body in enumerate(kept) if body is None],
                    issue_bodies(folder, [m for m, body in zip(moments, kept) if body is None], names)))
    elsewhere = Markup("") if finished else Markup(render("now-elsewhere.html.j2", NOW_SCRIPT=NOW_SCRIPT))
    for k, (page, moment) in enumerate(zip(pages, moments)):
        body = kept[k]
        if body is None:
            body, web, ground = made[k]
            if ground is not None and f"{game}/{ground[0]}" not in files.seen:
                files.put(f"{game}/{ground[0]}", ground[1])
        prev, nxt = (numbers[k - 1] if k else None), (numbers[k + 1] if k + 1 < len(numbers) else None)
        nav = Markup(render("issue-nav.html.j2", number=moment.number, prev=prev, next=nxt, NEWEST=NEWEST))
        files.put(page, render("issue.html.j2", title=_issue_title(game, moment.number), root="../",
                               game=game, number=moment.number, prev=prev, next=nxt, nav=nav,
                               now=now if moment.number == last else elsewhere,
                               composer=composer if moment.number == last else "",
                               fingerprint=moment.fingerprint, body=Markup(body), date=dates.get(moment.number)))
        _copy_printed(folder, files, moment.number)
    if moments:
        files.put(f"{game}/{NEWEST}", render("newest.html.j2", title=_issue_title(game, last), root="../",
                                             game=game, last=last))
    else:
        files.drop(f"{game}/{NEWEST}")
    if elsewhere:
        files.put(f"{game}/{NOW_SCRIPT}", now_script(now))
    else:
        files.drop(f"{game}/{NOW_SCRIPT}")
    return body


def _issue_title(game: str, number: int) -> str:
    return _("{game}: newsletter {number}").format(game=game, number=f"{number:03d}")


NEWEST = "newest.html"              # leads to the newest newsletter's page
NOW_SCRIPT = "now.js"               # where the game stands, for the pages of past newsletters


def now_script(now: Markup) -> str:
    """A script that puts `now` in place of the element before it (`now-elsewhere.html.j2`), as
    the page is read, so nothing below it moves once shown."""
    return ("// Where the game stands, as the umpire last updated this site; the pages of past newsletters\n"
            "// show it from here, so that each round leaves them as they were.\n"
            "(function (now) {\n"
            "  var here = document.currentScript, shown = here && here.previousElementSibling;\n"
            "  if (shown && shown.className === \"now\") shown.outerHTML = now;\n"
            f"}})({json.dumps(str(now).strip())});\n")


def issue_bodies(folder: GameFolder, moments: list[history.Moment], names: dict) -> list[tuple]:
    """Each newsletter's page body, its WebIssue and its map's shared part ((file name, SVG) or
    None): made by forked processes where there are several to make and CPUs to make them."""
    global _JOB
    workers = worker_count(len(moments)) if len(moments) >= PARALLEL else 1
    if workers < 2 or "fork" not in multiprocessing.get_all_start_methods():
        return [_issue_body(folder, m, names) for m in moments]
    _JOB = (folder, moments, names)
    gc.freeze()                      # the workers inherit the journal and state; their collections skip it
    try:
        with forked.pool(workers) as pool:           # forked: the workers inherit _JOB, and die with us
            return list(pool.map(_inherited_body, range(len(moments))))
    finally:
        _JOB = None
        gc.unfreeze()


PARALLEL = 6                         # pages to make before it pays to fork
_JOB: tuple | None = None


def _inherited_body(index: int) -> tuple:
    folder, moments, names = _JOB
    with language.speaking(language.of_game(folder.config)):
        return _issue_body(folder, moments[index], names)


def _issue_body(folder: GameFolder, moment: history.Moment, names: dict) -> tuple:
    game = Game.of(folder)
    text = folder.read_bytes(f"newsletters/{moment.number:03d}.txt").decode("utf-8")
    at = moment.folder
    web = game.family.web_issue(at, moment.number, at.state())
    for mail, page in web.reworded:
        text = text.replace(mail, page)
    edition = read_edition(text)
    ground = None
    if web.map and web.map.ground:
        ground = (f"map-{hashlib.sha256(web.map.ground.encode()).hexdigest()[:12]}.svg", web.map.ground)
        web.map.ground = None        # written once by the caller, not sent back with every page
    orders = [(f"{names.get(p, p)} ({p})", f"{p}/index.html", t)
              for p, t in history.published_orders(at, moment.resolved)]
    accounts = account_tables(game.family.accounts(at, at.events), moment.resolved, names)
    body = render("issue-body.html.j2", edition=edition, web=web, ground=ground[0] if ground else None,
                  sections=[(h, report_blocks(lines)) for h, lines in edition.sections if h not in web.replaces],
                  map_width=readable_width(web.map.width, web.map.overlay) if web.map else 0,
                  orders=orders, accounts=accounts, links={n: f"{p}/index.html" for p, n in names.items()},
                  resolved=turn_words(moment.resolved) if moment.resolved is not None else "",
                  pdf=f"{moment.number:03d}.pdf", txt=f"{moment.number:03d}.txt", proper=_proper_names(game))
    return body, web, ground


def _proper_names(game) -> tuple[str, ...]:
    """The names a heading keeps as they are spelt: the board's places, longest first."""
    return tuple(sorted(set(game.game_map.place_names()), key=len, reverse=True))


_BOM = b"\xef\xbb\xbf"


def _copy_printed(folder: GameFolder, files: SiteFiles, number: int):
    """The newsletter as printed, copied in beside its page: the PDF as it is, the text edition
    after a UTF-8 byte order mark, by which a browser reads it as UTF-8 whatever the server says
    (Python's http.server and file:// name no charset, and a browser would guess windows-1252)."""
    source = folder.path / "newsletters" / f"{number:03d}.pdf"
    if source.is_file():
        files.copy(f"{folder.game_id}/{number:03d}.pdf", source)
    source = source.with_suffix(".txt")
    if source.is_file():
        text = source.read_bytes()
        files.put(f"{folder.game_id}/{number:03d}.txt", text if text.startswith(_BOM) else _BOM + text)


def _part(body: str, name: str) -> Markup:
    """The part of the newest page's body the game's overview shows too (its map, its standings)."""
    found = re.search(f"<!-- {name} -->\n(.*?)<!-- /{name} -->\n", body, re.DOTALL)
    return Markup(found.group(1) if found else "")


def _kept_body(page: bytes | None, fingerprint: str) -> str | None:
    """The body of a page made from the same inputs, or None."""
    if page is None:
        return None
    text = page.decode("utf-8", errors="replace")
    found = _FINGERPRINT.search(text)
    body = _MAIN.search(text)
    return body.group(1) if found and body and found.group(1) == fingerprint else None


def _drop_stale(files: SiteFiles, game: str, wanted: set[str]):
    """Newsletter pages and files of issues the game no longer has (a rollback undid them)."""
    folder = files.root / game
    if folder.is_dir():
        for path in sorted(folder.iterdir()):
            if _NUMBERED.match(path.name) and path.name not in wanted:
                files.drop(f"{game}/{path.name}")


def _issue_dates(folder: GameFolder, moments: list) -> dict[int, str]:
    """Newsletter number -> its date: in a zine's game typed in, the date of the zine's issue that
    printed its round (game.yaml `archive: issues:`; round 0 the opening, `2026-03-12`); else the
    time the journal says the command that wrote it was given (`2026-03-12T18:00:05Z`); none where
    the journal kept no time (games from before 0.4)."""
    issues = (folder.config.get("archive") or {}).get("issues") or {}
    rounds = {m.number: m.resolved if isinstance(m.resolved, int) else 0 for m in moments}
    zine = {n: str(issues[r]["date"]) for n, r in rounds.items() if r in issues and issues[r].get("date")}
    return {m.number: zine.get(m.number) or m.at for m in moments if zine.get(m.number) or m.at}


def shown_date(date: str) -> str:
    """A date as the pages print it: the zine's as it is, the journal's time in UTC to the minute;
    in another language than English, as its readers write a date (`language.long_moment`)."""
    if language.current() == language.ENGLISH:
        return f"{date[:10]} {date[11:16]} UTC" if "T" in date else date
    if "T" in date:
        at = datetime.fromisoformat(date.replace("Z", "+00:00")).astimezone(UTC)
        return _("{moment} (UTC)").format(moment=language.long_moment(at, UTC))
    try:
        return language.long_date(datetime.strptime(date, "%Y-%m-%d").date())
    except ValueError:
        return date


def _issue_list(moments: list, dates: dict[int, str], labels: dict) -> list[tuple[int, str, str]]:
    """The overview's list of newsletters: number, what it resolved (with the zine's label of the
    round, in a zine's game typed in with build turns: game.yaml `archive: turns:`), the zine's
    date where known."""
    def what(resolved) -> str:
        if resolved is None:
            words = _("the opening")
        elif resolved in labels:
            words = _("{turn} (the zine's turn {label}) resolved").format(turn=turn_words(resolved),
                                                                       label=labels[resolved])
        else:
            words = _("{turn} resolved").format(turn=turn_words(resolved))
        return words[:1].upper() + words[1:]
    return [(m.number, f"{m.number:03d}: {what(m.resolved)}", shown_date(dates[m.number]) if m.number in dates else "")
            for m in moments]


def _intro(folder: GameFolder, number: int) -> str:
    edition = read_edition(folder.read_bytes(f"newsletters/{number:03d}.txt").decode("utf-8"))
    return " ".join(edition.intro)


def _row(folder: GameFolder, where: Standing, names: dict, status: dict) -> dict:
    return game_row(folder.game_id, status.get("family", ""), _map_title(folder), where, names)


def _map_title(folder: GameFolder) -> str:
    return str(getattr(Game.of(folder).game_map, "title", None) or folder.config.get("map", ""))


def _facts(row: dict, folder: GameFolder) -> list[tuple[str, str]]:
    rules = Game.of(folder).rules
    return [(N_("family"), row["family"]), (N_("map"), row["map"]),
            (N_("rules"), str(getattr(rules, "title", rules.name)))]

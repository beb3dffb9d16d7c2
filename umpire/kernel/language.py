"""The language the umpire speaks to a game's players: English (the source) or German.

Every sentence a player reads is written in English in the code and templates, marked for
translation (`_("...")`, `ngettext`, `{{ _("...") }}` in templates), and looked up in the catalogs
of umpire/locale/<language>/LC_MESSAGES/ (gettext `.po` files, compiled to `.mo` by
`pybabel compile`; a catalog not compiled yet is compiled in memory from its `.po`). English is
the identity: an English game's bytes do not depend on the catalogs.

The language in force is the one the shell sets around what it writes for a game or a player
(`with speaking("de"): ...`); everything else (the GM's command line, logs, errors) is English.
Dates, times and numbers in a language are Babel's, by the language's locale.
"""

from __future__ import annotations

import gettext as _gettext
import io
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import date, datetime, tzinfo
from functools import cache
from pathlib import Path

ENGLISH = "en"
LANGUAGES = {"en": "English", "de": "Deutsch"}       # code -> the language's own name
LOCALE = {"en": "en_GB", "de": "de_DE"}               # Babel's locale of each language
CATALOGS = Path(__file__).resolve().parent.parent / "locale"

_current: ContextVar[str] = ContextVar("umpire_language", default=ENGLISH)


def current() -> str:
    """The language in force ('en' unless the shell set another)."""
    return _current.get()


@contextmanager
def speaking(language: str | None) -> Iterator[str]:
    """Everything written inside the block in `language` (None or '' keeps the one in force)."""
    language = language or current()
    if language not in LANGUAGES:
        raise ValueError(f"no language {language!r}: one of {', '.join(LANGUAGES)}")
    token = _current.set(language)
    try:
        yield language
    finally:
        _current.reset(token)


def check(value) -> str | None:
    """Why `value` is not a language the umpire speaks, or None (the game option's check)."""
    if value in LANGUAGES:
        return None
    return f"must be one of {', '.join(f'{k} ({v})' for k, v in LANGUAGES.items())}"


def of_game(config: dict) -> str:
    """The language of a game (its game.yaml): the option `language`, English where it has none."""
    return (config.get("options") or {}).get("language") or ENGLISH


def of_seat(config: dict, seat: str | None) -> str:
    """The language of the mail to a seat's player: his own (`--company ...:de`), else the game's."""
    own = next((c.get("language") for c in config.get("companies", ()) if c.get("id") == seat), None)
    return own or of_game(config)


class InLanguage:
    """A drawing to be done later (a PDF drawn by a worker process) in the language in force now."""

    def __init__(self, draw, language: str | None = None):
        self.draw, self.language = draw, language or current()

    def __call__(self):
        with speaking(self.language):
            return self.draw()


# -- looking words up -----------------------------------------------------------------------------
def gettext(message: str) -> str:
    """`message` in the language in force."""
    language = current()
    return message if language == ENGLISH else translations(language).gettext(message)


_ = gettext


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural of a message for `n`, by the rules of the language in force."""
    language = current()
    if language == ENGLISH:
        return singular if n == 1 else plural
    return translations(language).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """`message` in the language in force, where the same English word needs two translations."""
    language = current()
    return message if language == ENGLISH else translations(language).pgettext(context, message)


def N_(message: str) -> str:
    """A message marked for translation where it is defined, translated where it is shown (`_`)."""
    return message


@cache
def translations(language: str) -> _gettext.NullTranslations:
    """The catalogs of `language`, every domain of its folder chained (the first that knows a
    message gives it); messages no catalog has are their English."""
    folder = CATALOGS / language / "LC_MESSAGES"
    chain = _gettext.NullTranslations()
    for po in sorted(folder.glob("*.po")):
        catalog = _compiled(po)
        catalog.add_fallback(chain)
        chain = catalog
    return chain


def _compiled(po: Path) -> _gettext.GNUTranslations:
    """The compiled catalog beside `po` where it is up to date, else `po` compiled in memory."""
    mo = po.with_suffix(".mo")
    if mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
        with mo.open("rb") as f:
            return _gettext.GNUTranslations(f)
    from babel.messages import mofile, pofile
    with po.open("rb") as f:
        catalog = pofile.read_po(f)
    out = io.BytesIO()
    mofile.write_mo(out, catalog)
    out.seek(0)
    return _gettext.GNUTranslations(out)


def install(env) -> None:
    """A jinja2 environment (with the `jinja2.ext.i18n` extension) translating in the language in
    force when a template is rendered: `{{ _("Round %(n)s", n=3) }}`, `{% trans %}`."""
    env.install_gettext_callables(gettext=gettext, ngettext=ngettext, pgettext=pgettext, newstyle=True)


# -- dates, times, numbers -------------------------------------------------------------------------
def long_date(day: date) -> str:
    """'5 March 2026'; German '5. März 2026'."""
    from babel.dates import format_date
    return format_date(day, "d. MMMM y" if current() == "de" else "d MMMM y", locale=LOCALE[current()])


def long_moment(moment: datetime, zone: tzinfo) -> str:
    """A moment as a reader of the language writes it, in `zone`: 'Thursday, 5 March 2026, 20:00';
    German 'Donnerstag, 5. März 2026, 20:00 Uhr'."""
    from babel.dates import format_datetime
    pattern = "EEEE, d. MMMM y, HH:mm 'Uhr'" if current() == "de" else "EEEE, d MMMM y, HH:mm"
    return format_datetime(moment, pattern, tzinfo=zone, locale=LOCALE[current()])


def number(value: int | float) -> str:
    """A number with the language's digit grouping: 1,250 / 1.250."""
    from babel.numbers import format_decimal
    return format_decimal(value, locale=LOCALE[current()])

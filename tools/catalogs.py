"""The translators' tool: the message catalogs of umpire/locale/ kept in step with the code.

    python tools/catalogs.py update     # extract every marked message; add new ones to each .po
    python tools/catalogs.py compile    # .po -> .mo beside it (.ci/run and the wheel's build do this)
    python tools/catalogs.py check      # exit 1 if a message is new, gone, or untranslated

Messages are marked in Python (`_`, `ngettext`, `pgettext`, `N_` of umpire/kernel/language.py)
and in templates (`{{ _("...") }}`, `{% trans %}`). Each message goes to the catalog (domain) of
the first place it is found in, by the path prefixes of DOMAINS, so translators of one part of the
umpire work in one file; a game reads all of them (kernel/language.py chains them).
"""

from __future__ import annotations

import sys
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "umpire" / "locale"
KEYWORDS = {"_": None, "gettext": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2), "N_": None}
METHODS = [("umpire/**.py", "python"), ("newsletters/**.j2", "jinja2.ext:babel_extract")]
OPTIONS = {"newsletters/**.j2": {"extensions": "jinja2.ext.i18n", "trim_blocks": "1", "lstrip_blocks": "1"}}
# domain -> the path prefixes whose messages it holds; the last, "umpire", takes the rest
DOMAINS = {
    "mail": ("umpire/mail/", "umpire/timetable/"),
    "site": ("umpire/site/", "newsletters/site/", "umpire/families/dampfross/render/race_routes.py",
             "umpire/families/dampfross/render/composer.py", "umpire/families/volldampf/composer.py",
             "umpire/families/volldampf/web"),     # the families' parts of the web pages
    "dampfross": ("umpire/families/dampfross/",),
    "volldampf": ("umpire/families/volldampf/",),
    "newsletter": ("newsletters/", "umpire/render/", "umpire/usecases/publish"),
    "umpire": ("",),
}


HEADER = "# The umpire's messages in {language}: tools/catalogs.py keeps this file in step with the code."
STAMP = datetime(2026, 11, 28, tzinfo=UTC)      # fixed header dates: a file changes only by its messages


def _catalog(domain: str, language: str | None = None) -> Catalog:
    catalog = Catalog(locale=language, domain=domain, project="umpire", version="", charset="utf-8",
                      creation_date=STAMP, revision_date=STAMP, fuzzy=False,
                      header_comment=HEADER.format(language=language or "English"))
    catalog.msgid_bugs_address = ""
    catalog.last_translator = "the umpire's translators"
    catalog.language_team = ""
    return catalog


def extracted() -> dict[str, Catalog]:
    """Every marked message of the code and templates, in the template catalog of its domain."""
    templates = {domain: _catalog(domain) for domain in DOMAINS}
    for filename, lineno, message, comments, context in extract_from_dir(
            str(ROOT), method_map=METHODS, options_map=OPTIONS, keywords=KEYWORDS, comment_tags=("TRANSLATORS:",)):
        path = Path(filename).as_posix()
        domain = next(d for d, prefixes in DOMAINS.items() if any(path.startswith(p) for p in prefixes))
        key = message if isinstance(message, str) else message[0]
        known = next((c for c in templates.values() if c.get(key, context) is not None), None)
        (known or templates[domain]).add(message, locations=[(path, lineno)], auto_comments=comments,
                                         context=context)
    return templates


def languages() -> list[str]:
    return sorted(p.name for p in LOCALE.iterdir() if (p / "LC_MESSAGES").is_dir())


def _po(language: str, domain: str) -> Path:
    return LOCALE / language / "LC_MESSAGES" / f"{domain}.po"


def _read(path: Path, language: str, domain: str) -> Catalog:
    if not path.exists():
        return _catalog(domain, language)
    with path.open("rb") as f:
        return read_po(f, locale=language, domain=domain)


def _write(path: Path, catalog: Catalog):
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as f:
        write_po(f, catalog, width=100, omit_header=False, ignore_obsolete=True, sort_output=False,
                 include_previous=False, include_lineno=False)


def update() -> None:
    """Each catalog in step with its template; a message that moved to another domain keeps its
    translation."""
    templates = extracted()
    for language in languages():
        known = {(m.id, m.context): m.string for domain in DOMAINS
                 for m in _read(_po(language, domain), language, domain) if m.id and m.string}
        for domain, template in templates.items():
            path = _po(language, domain)
            catalog = _read(path, language, domain)
            catalog.update(template, no_fuzzy_matching=True, update_header_comment=False)
            for m in catalog:
                if m.id and not m.string and (m.id, m.context) in known:
                    m.string = known[(m.id, m.context)]
            if len(catalog) or path.exists():
                _write(path, catalog)


def compile_all() -> None:
    for po in sorted(LOCALE.glob("*/LC_MESSAGES/*.po")):
        with po.open("rb") as f:
            catalog = read_po(f)
        with po.with_suffix(".mo").open("wb") as f:
            write_mo(f, catalog)


def problems() -> list[str]:
    """What is out of step: messages of the code no catalog has, messages of a catalog the code
    no longer has, and messages without a translation (or marked fuzzy)."""
    wanted = {(m.id if isinstance(m.id, str) else m.id[0], m.context): domain
              for domain, t in extracted().items() for m in t if m.id}
    out = []
    for language in languages():
        have = {}
        for domain in DOMAINS:
            for m in _read(_po(language, domain), language, domain):
                if m.id:
                    have[(m.id if isinstance(m.id, str) else m.id[0], m.context)] = m
        for key in sorted(set(wanted) - set(have), key=str):
            out.append(f"{language}: not in the catalogs ({wanted[key]}.po): {key[0]!r}")
        for key in sorted(set(have) - set(wanted), key=str):
            out.append(f"{language}: in the catalogs, no longer in the code: {key[0]!r}")
        for key, m in sorted(have.items(), key=lambda kv: str(kv[0])):
            strings = m.string if isinstance(m.string, (list, tuple)) else [m.string]
            if key in wanted and (m.fuzzy or not all(strings)):
                out.append(f"{language}: no translation: {key[0]!r}")
    return out


def main(argv: list[str]) -> int:
    command = argv[1] if len(argv) > 1 else "check"
    if command == "update":
        update()
    elif command == "compile":
        compile_all()
    elif command == "check":
        found = problems()
        print("\n".join(found) if found else "catalogs in step with the code")
        return 1 if found else 0
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

"""A GM's own templates: his newsletter masthead, his welcome pages. The folder his umpire.yaml
names (`templates: DIR`) holds templates under the names of the bundled ones they replace
(`masthead.txt.j2`, `welcome/laurin.md`). When a game is made they are checked and copied into
its folder (`templates/`), as its ruleset and map are, and from then on the game is written with
its copy: it replays byte for byte wherever it is taken, whatever the GM changes in his folder
later, and a game made before he changed them goes on as it began."""

from __future__ import annotations

import os
from pathlib import Path

from ..errors import UmpireError
from ..kernel.echo import quote
from ..resources import data_dir

FOLDER = "templates"                 # in the game folder
LIMIT = 64 * 1024                    # bytes per template (the bundled text edition is 13 KB)
SUFFIXES = (".j2", ".md")


def overridable() -> list[str]:
    """The bundled templates a game may have its own of, by name (`welcome/laurin.md`); not the web
    pages' (newsletters/site/), which `umpire site` writes with templates of its own."""
    bundled = data_dir("newsletters")
    names = (p.relative_to(bundled) for p in bundled.rglob("*") if p.is_file() and p.suffix in SUFFIXES)
    return sorted(n.as_posix() for n in names if n.parts[0] != "site")


def read_folder(source: Path) -> dict[str, bytes]:
    """The GM's templates in `source` by name, each checked: a bundled template's name, at most
    LIMIT bytes, UTF-8, a template jinja2 can read. Files and folders whose names begin with a dot
    are passed over."""
    import jinja2

    from .newsletter import environment
    allowed = overridable()
    out = {}
    for path in sorted(source.rglob("*")):
        relative = path.relative_to(source)
        if any(part.startswith(".") for part in relative.parts) or path.is_dir():
            continue
        name = relative.as_posix()
        if name not in allowed:
            raise UmpireError(f"{path} is not one of the umpire's templates, so it would replace none.",
                              fix=f"Name it as the template it replaces ({', '.join(allowed)}), or move it out of "
                                  f"{source} (`umpire help newsletter`, \"Your own templates\"); nothing was created.")
        if path.stat().st_size > LIMIT:
            raise UmpireError(f"the template {path} is larger than {LIMIT // 1024} KB.",
                              fix="Shorten it; nothing was created.")
        data = path.read_bytes()
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            raise UmpireError(f"the template {path} is not UTF-8 text.",
                              fix="Save it as UTF-8; nothing was created.") from None
        try:
            environment().parse(text, name, str(path))
        except jinja2.TemplateSyntaxError as exc:
            line = text.splitlines()[exc.lineno - 1] if 0 < exc.lineno <= len(text.splitlines()) else ""
            raise UmpireError(f"the template {path}, line {exc.lineno} {quote(line.strip())}: {exc.message}.",
                              fix="Correct it (jinja2's template syntax, as in the bundled template of the same "
                                  "name); nothing was created.") from None
        out[name] = data
    return out


def own_folder(game: Path) -> str | None:
    """The game's own templates folder (an absolute path), or None where it has none."""
    folder = Path(game) / FOLDER
    return os.path.abspath(folder) if folder.is_dir() else None


def render(game: Path, name: str, values: dict) -> str:
    """The template `name` filled in with `values` for the game at `game`: its own template where it has one,
    else the bundled one. A fault in the game's own template (a name it uses that the umpire
    does not give it, a syntax error put in by hand) is refused, naming the template and line."""
    import jinja2

    from .newsletter import environment
    own = own_folder(game)
    try:
        return environment(own).get_template(name).render(values)
    except jinja2.TemplateError as exc:
        where = _own_frame(exc, own) if own else None
        if where is None:
            raise
        raise UmpireError(f"the game's own template {where}: {exc.message}.",
                          fix=f"Correct it in {Path(game) / FOLDER}, or remove it there to use the bundled template "
                              "(`umpire help newsletter` says what each template is given); then run the command "
                              "again.") from exc


def _own_frame(exc: Exception, own: str) -> str | None:
    """`NAME, line N` of the innermost place in the game's own templates the error passed, or None."""
    filename = getattr(exc, "filename", None)          # a syntax error says where it is
    if filename and Path(filename).is_relative_to(own):
        return f"{Path(filename).relative_to(own).as_posix()}, line {exc.lineno}"
    found, tb = None, exc.__traceback__
    while tb is not None:
        filename = tb.tb_frame.f_code.co_filename
        if Path(filename).is_relative_to(own):
            found = f"{Path(filename).relative_to(own).as_posix()}, line {tb.tb_lineno}"
        tb = tb.tb_next
    return found

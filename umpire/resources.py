"""Where the bundled data lives: next to the package in a checkout, inside it in a wheel."""

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def data_dir(kind: str) -> Path:
    """The folder of bundled `rules`, `maps`, `newsletters`, `games` or `docs`."""
    installed = _PACKAGE / "_data" / kind
    if installed.is_dir():
        return installed
    return _PACKAGE.parent / kind


def find_named(kind: str, name_or_path: str, suffix: str = ".yaml") -> Path:
    """A bundled file by name (`ireland`), or the path given (`./my-map.yaml`)."""
    path = Path(name_or_path)
    try:
        given = path.suffix in (".yaml", ".yml") or path.exists()
    except (OSError, ValueError):
        given = True                 # not a bundled name either; reading it says what is wrong
    if given:
        return path
    return data_dir(kind) / f"{name_or_path}{suffix}"


def bundled_names(kind: str) -> list[str]:
    return sorted(p.stem for p in data_dir(kind).glob("*.yaml"))


def doc_pages() -> dict[str, Path]:
    """The documentation pages (docs/*.md) by name, `orders` for orders.md, in name order."""
    return {p.stem: p for p in sorted(data_dir("docs").glob("*.md"), key=lambda p: p.stem)}

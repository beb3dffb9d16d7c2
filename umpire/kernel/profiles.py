"""Postal profiles: a zine's house rules shipped as a named set of game options (`--profile`)."""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import DataError
from ..resources import data_dir
from .yamlfile import load_yaml, plain


@dataclass(frozen=True)
class Profile:
    name: str
    title: str
    source: str
    options: dict


def profile_names() -> list[str]:
    return sorted(p.stem for p in (data_dir("rules") / "profiles").glob("*.yaml"))


def load_profile(name: str) -> Profile:
    path = data_dir("rules") / "profiles" / f"{name}.yaml"
    if name not in profile_names():
        raise DataError(f"no postal profile {name!r}.",
                        fix=f"The profiles are {', '.join(profile_names())}; `umpire options` lists them.")
    doc = load_yaml(path)
    if not isinstance(doc, dict) or set(doc) != {"name", "title", "source", "options"} or \
            not isinstance(doc["options"], dict):
        raise DataError("a profile has name, title, source and options.", str(path))
    return Profile(str(doc["name"]), str(doc["title"]), str(doc["source"]), plain(doc["options"]))

"""Everything a GM may set, with default and meaning: the game options, an edition's named
house rules and ruleset values, and the postal profiles (`umpire options`)."""

from __future__ import annotations

from .. import families
from ..kernel.options import SHELL_OPTIONS
from ..kernel.profiles import load_profile, profile_names
from ..kernel.yamlfile import load_yaml
from ..resources import data_dir, find_named


def meanings(family: str = "dampfross") -> dict[str, str]:
    """What each ruleset value of a family means (rules/meanings/FAMILY.yaml; none if it has no such file)."""
    path = data_dir("rules") / "meanings" / f"{family}.yaml"
    return {str(k): str(v) for k, v in load_yaml(path).items()} if path.exists() else {}


def ruleset_paths(schema: dict, prefix: str = "") -> list[str]:
    """Every settable value of a ruleset by its dotted path, in file order."""
    paths = []
    for key, rule in schema.items():
        if isinstance(rule, dict):
            paths += ruleset_paths(rule, f"{prefix}{key}.")
        elif f"{prefix}{key}" not in ("format", "name", "title", "variants"):
            paths.append(f"{prefix}{key}")
    return paths


def _value(rules, path: str):
    node = rules
    for part in path.split("."):
        node = node[part]
    return node


def _shown(value) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, (dict, list)):
        return str(value).replace(" ", "").replace("'", "")
    return repr(value) if value == "" else str(value)


def listing(rules_name: str) -> list[str]:
    """The lines `umpire options` prints."""
    family = families.of_rules(find_named("rules", rules_name))
    rules = family.load_rules(rules_name, {})
    told = meanings(family.name)
    lines = ["Game options (--option KEY=VALUE):"]
    options = {**family.options, **SHELL_OPTIONS}
    for letter in family.turn_letters(rules):
        options[f"deadline.{letter}"] = ("", f"the deadline of every turn {letter} (e.g. 3{letter}), if it differs "
                                             "from deadline")
    width = max(map(len, options))
    lines += [f"  {k:<{width}}  {_shown(default)!s:<8}  {meaning}" for k, (default, meaning) in options.items()]
    variants = rules.get("variants") or {}
    lines += ["", f"House rules of {rules.title} (--option NAME=CHOICE; the first choice is the default):"]
    if not variants:
        lines.append("  none")
    for name, choices in variants.items():
        lines.append(f"  {name} = {' | '.join(map(str, choices))}")
    lines += ["", f"Ruleset values of {rules.title} (--option PATH=VALUE; as this edition sets them):"]
    paths = ruleset_paths(family.ruleset_schema)
    width = max(map(len, paths))
    for path in paths:
        lines.append(f"  {path:<{width}}  {_shown(_value(rules, path))!s:<10}  {told.get(path, '')}")
    lines += ["", "Postal profiles (umpire new ... --profile NAME):"]
    for name in profile_names():
        profile = load_profile(name)
        sets = ", ".join(f"{k}={_shown(v)}" for k, v in profile.options.items())
        lines.append(f"  {name}: {profile.title}; sets {sets}")
    return lines

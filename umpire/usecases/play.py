"""`umpire play`: a game typed in as a folder, played round by round into a game folder.

The folder (an *archive*; the bundled demo is one) holds `game.yaml` (the game, map, rules,
options, companies in seat order, `seed:`, `dice: FILE` or `draws: FILE`, and the GM's commands) and
`orders/<round>/<company>.txt`. Each round's orders are submitted in name order and the round is
resolved, until the orders or the game end. The first round whose orders or dice do not fit stops
the play with the round, the file and what did not fit; the game so far stays in the output
folder, to be looked at with `umpire dice --next` or `umpire status`. docs/archive.md describes it.
"""

from __future__ import annotations

import datetime
import re
import shutil
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from ..errors import DataError, NotOpened, UmpireError
from ..game import Game as FolderGame
from ..kernel.ids import REASON_RULE, check_reason, shown
from ..kernel.options import ruleset_overrides
from ..kernel.words import noun
from ..kernel.yamlfile import described, line_of, load_yaml, plain
from ..render.colours import colour_named
from ..resources import data_dir
from ..store import atomic
from ..store.folder import RECORDED_FILES, GameFolder
from ..timetable.deadlines import check_turn_options
from . import actions, corrections, ledger_check

SPEC_FILES = ("game.yaml", "demo.yaml")       # demo.yaml: the bundled demos' name for it
KEYS = ("game", "map", "rules", "seed", "dice", "draws", "profile", "options", "companies", "gm", "unreadable_lines",
        "issues", "assumed", "colours", "turns")
RECORDED = ("dice", "draws")                  # recorded randomness: Dampfross's dice, Volldampf's draws
UNREADABLE = ("stop", "report")               # an order line the umpire cannot read: stop the play, or report it
SHELL_GM_COMMANDS = ("adjust",)               # besides the GM commands of the game's family (gm_commands)
VIA = "play"                                  # orders are journaled as received "via play 3/red.txt"
EARLIER_VIAS = ("play ", "demo ")             # demo: folders written before `umpire play` existed
_ROUND = re.compile(r"^(\d{1,4})([A-Za-z]?)(\d{0,2})$")
_TURN_LABEL = re.compile(r"^[0-9A-Za-z]{1,8}$")  # a build turn as the zine labelled it: 1a, 1b, 2


def round_key(name: str) -> tuple[int, str, int]:
    """Order folders in the order of play: `3` (a round), `3A`, `3A2`, `3B`, ...; `03` is `3`."""
    number, letter, extra = _ROUND.match(name).groups()
    return int(number), letter.upper(), int(extra or 0)


def turn_name(key: tuple[int, str, int]) -> str:
    """The round or turn a key orders: `3`, `3A`, `3A2`."""
    number, letter, extra = key
    return f"{number}{letter}{extra or ''}"


@dataclass
class GmCommand:
    name: str                                 # adjust, or a GM command of the family (end-construction)
    args: dict
    line: int


@dataclass
class Archive:
    """An archive folder as read and checked, before anything is played."""

    source: Path
    spec_file: Path
    game: str
    map: str
    rules: str
    seed: str | None
    dice: Path | None                         # the recorded dice or draws file beside game.yaml
    profile: str | None
    options: tuple[str, ...]
    companies: list[str]
    gm: dict[tuple, list[GmCommand]]
    rounds: dict[tuple, Path]                 # round key -> orders/<round>, in the order of play
    unreadable: str = "stop"                  # report: such lines are refused as the zine's GM refused them
    recorded: str = "dice"                    # what the recorded file holds: dice or draws
    zine: dict = field(default_factory=dict)  # the zine's issues and what was assumed (zine_facts)

    def where(self, relative: str | Path) -> str:
        return str(self.source / relative)


@dataclass
class Played:
    folder: GameFolder
    rounds: int                               # rounds resolved
    finished: bool
    notes: list[str] = field(default_factory=list)   # what the archivist should know (lines refused, unused dice)
    check: object = None                      # the published figures against the ledger (ledger_check.Check)


def spec_path(source: Path) -> Path:
    found = [source / name for name in SPEC_FILES if (source / name).is_file()]
    if not found:
        if not source.is_dir():
            raise UmpireError(f"{source} is not a folder.", fix="Give the folder that holds game.yaml and orders/.")
        raise UmpireError(f"{source} has no game.yaml.",
                          fix="An archive folder holds game.yaml and orders/<round>/<company>.txt "
                              "(see `umpire help archive`, or games/demo for an example).")
    if len(found) > 1:
        raise UmpireError(f"{source} holds both {SPEC_FILES[0]} and {SPEC_FILES[1]}.", fix="Keep one of them.")
    return found[0]


def archive_folder(source: Path) -> Path:
    """The archive folder given, or, where no folder is there by that name, the bundled archive of
    that name (`demo`, `volldampf-demo`, `archive-bavaria-1994`), so its examples run anywhere."""
    source = Path(source)
    bundled = data_dir("games") / source.name
    if not source.exists() and len(source.parts) == 1 and bundled.is_dir():
        return bundled
    return source


def read_archive(source: Path) -> Archive:
    """Read game.yaml and list the round folders; every problem is refused with file and line."""
    source = archive_folder(source)
    path = spec_path(source)
    spec = load_yaml(path)
    where = str(path)
    given = _check_keys(source, spec, where)
    text = {key: _text(spec, key, where) for key in ("game", "map", "rules", "profile", *given)
            if key in spec and (key != "profile" or spec[key])}
    map_name, rules_name = _beside(source, text["map"]), _beside(source, text["rules"])
    companies = spec["companies"]
    if not isinstance(companies, list) or not all(isinstance(c, str) for c in companies):
        raise DataError("companies: is not a list of ID:NAME or ID:NAME:EMAIL.",
                        f"{where}, line {line_of(spec, 'companies')}")
    option_specs = _archive_options(spec, rules_name, where)
    _check_building_order(spec, companies, where)
    unreadable = spec.get("unreadable_lines", "stop")
    if unreadable not in UNREADABLE:
        raise DataError(f"unreadable_lines: {described(unreadable)} is not one of {', '.join(UNREADABLE)}.",
                        f"{where}, line {line_of(spec, 'unreadable_lines')}",
                        "Write unreadable_lines: report where the zine's GM refused lines "
                        "the umpire cannot read either.")
    facts = zine_facts(spec, where)
    if "turns" in facts:
        _check_turns(rules_name, spec, where)
    named = {label.lower(): str(number) for number, label in facts.get("turns", {}).items()}
    dice, recorded = None, given[0] if given[0] in RECORDED else "dice"
    if given[0] in RECORDED:
        dice = _recorded_file(source, spec, text[recorded], recorded, where)
        _check_recorded(rules_name, spec, recorded, where)
    return Archive(source, path, text["game"], map_name, rules_name,
                   text.get("seed"), dice, text.get("profile"), option_specs, companies,
                   _gm_commands(spec.get("gm"), spec, where, _family_commands(rules_name), named),
                   _round_folders(source, named), unreadable, recorded, facts)


def _check_keys(source: Path, spec, where: str) -> list[str]:
    """Refuse a game.yaml that is no mapping, a game folder, an unknown key or a missing one; the
    key that gives the dice or draws (seed:, dice: or draws:), one and only one."""
    if not isinstance(spec, dict):
        raise DataError("is not a mapping of keys (game:, map:, rules:, ...).", where)
    if "journal.jsonl" in {p.name for p in source.iterdir()}:
        raise UmpireError(f"{source} is a game folder written by the umpire, not an archive to play.",
                          fix="Give the archive folder it was played from, "
                              f"or check the game with `umpire replay {source}`.")
    for key in spec:
        if key not in KEYS:
            raise DataError(f"unknown key {shown(str(key))}.", f"{where}, line {line_of(spec, key)}",
                            f"The keys are: {', '.join(KEYS)}.")
    for key in ("game", "map", "rules", "companies"):
        if spec.get(key) in (None, "", []):
            raise DataError(f"{key}: is missing.", where, "`umpire help archive` gives the keys of game.yaml.")
    given = [key for key in ("seed", *RECORDED) if key in spec]
    if len(given) != 1:
        raise DataError("give either seed: (seeded dice or draws), or dice: FILE or draws: FILE (the recorded "
                        "dice or draws, beside game.yaml), one of them.", where)
    return given


def _archive_options(spec: dict, rules_name: str, where: str) -> tuple[str, ...]:
    """The archive's options: as --option KEY=VALUE, each checked against its ruleset."""
    options = spec.get("options") or {}
    if not isinstance(options, dict):
        raise DataError("options: is not a mapping of KEY: VALUE.", f"{where}, line {line_of(spec, 'options')}")
    ruleset = _ruleset(rules_name) if options else None
    shapes = _ruleset_shapes(*ruleset) if ruleset else {}
    option_specs = _option_specs(options, shapes, str(spec["rules"]), where)
    if ruleset:
        _check_options(ruleset, options, option_specs, where)
    return option_specs


def _check_building_order(spec: dict, companies: list[str], where: str):
    """The option building_order (round -> companies in the zine's building order) names every
    company of companies: once in each round it gives."""
    options = spec.get("options")
    given = options.get("building_order") if isinstance(options, dict) else None
    if not isinstance(given, dict):
        return                                # none, or refused as the option's value is checked
    ids = sorted(c.split(":")[0] for c in companies)
    for number, order in given.items():
        if isinstance(order, list) and sorted(map(str, order)) != ids:
            raise DataError(f"options: building_order: round {number}: {described(order)} does not name each "
                            f"company once ({', '.join(ids)}).", f"{where}, line {line_of(given, number)}",
                            "Give every company once, in the order the zine built them.")


def _recorded_file(source: Path, spec: dict, name: str, recorded: str, where: str) -> Path:
    """The file of recorded dice or draws: one beside game.yaml (not a link), or refused."""
    dice = source / name
    _no_link(dice)
    named = Path(name)
    if named.is_absolute() or ".." in named.parts or not dice.is_file():
        raise DataError(f"the {recorded} file {shown(name)} is not beside it.",
                        f"{where}, line {line_of(spec, recorded)}", "Give the name of a file in the archive folder.")
    return dice


def _text(spec: dict, key: str, where: str) -> str:
    """The value of `key` as text: a word or a number, as written; anything else is refused."""
    value = spec[key]
    if isinstance(value, bool) or not isinstance(value, (str, int, float)) or not str(value).strip():
        raise DataError(f"{key}: {described(value)} is not a name or text.", f"{where}, line {line_of(spec, key)}",
                        f"Write it as text, in quotes where YAML would read it otherwise: {key}: \"...\".")
    return str(value)


def _check_recorded(rules_name: str, spec: dict, recorded: str, where: str):
    """Refuse recorded dice for a game that draws, and recorded draws for one that rolls dice."""
    from ..families import of_rules
    from ..resources import find_named
    try:
        family = of_rules(find_named("rules", rules_name))
    except UmpireError:
        return                                # the ruleset is refused by name when the game is created
    if family.recorded != recorded:
        raise DataError(f"{recorded}: is not for this game: its rules ({family.name}) draw {family.recorded}, "
                        f"not {recorded}.", f"{where}, line {line_of(spec, recorded)}",
                        f"Write {family.recorded}: FILE with the recorded {family.recorded}, or seed: TEXT.")


def _check_turns(rules_name: str, spec: dict, where: str):
    """Refuse `turns:` for a game whose newsletters do not print a zine's build turns (Volldampf's
    rounds have mail turns of their own)."""
    from ..families import of_rules
    from ..resources import find_named
    try:
        family = of_rules(find_named("rules", rules_name))
    except UmpireError:
        return                                # the ruleset is refused by name when the game is created
    if not family.zine_turns:
        raise DataError(f"turns: is not for this game: its rounds ({family.name}) have turns of their own, which "
                        "its newsletters name.", f"{where}, line {line_of(spec, 'turns')}",
                        "Leave turns: out; type each turn's orders in its own folder (orders/1A, orders/1B, ...).")


def _beside(source: Path, name: str) -> str:
    """A map or ruleset: a file beside game.yaml (the archive's own, not a link), or a bundled name."""
    path = source / name
    _no_link(path)
    return str(path) if path.is_file() else name


def _option_specs(options: dict, shapes: dict[str, type], rules: str, where: str) -> tuple[str, ...]:
    """The options as `--option KEY=VALUE` gives them. A value is a number, true/false or a word;
    a list or mapping only for a ruleset value that is one (`shapes`: path -> list or dict)."""
    specs = []
    for key, value in options.items():
        if isinstance(value, (list, dict)) and not isinstance(value, shapes.get(str(key), ())):
            found = "a mapping" if isinstance(value, dict) else "a list"
            takes = {list: "a list", dict: "a mapping"}.get(shapes.get(str(key)),
                                                            "one value (a number, true/false or a word)")
            raise DataError(f"options: {shown(str(key))} is given {found}, and it takes {takes}.",
                            f"{where}, line {line_of(options, key)}",
                            "Set each option by its dotted path, e.g. construction.dice.count: 2 "
                            f"(`umpire options --rules {rules}` lists them with their defaults).")
        specs.append(f"{key}={_flow(plain(value))}")
    return tuple(specs)


def _ruleset(name: str) -> tuple | None:
    """The family of the archive's rules (`name`, as the game is made with), the name and the
    ruleset; None where they are refused (by name, when the game is created)."""
    from ..families import of_rules
    from ..resources import find_named
    try:
        family = of_rules(find_named("rules", name))
        return family, name, family.load_rules(name, {})
    except UmpireError:
        return None


def _ruleset_shapes(family, name: str, rules) -> dict[str, type]:
    """The dotted paths of the ruleset's values that are lists or mappings, each with its kind."""
    from .options_list import ruleset_paths
    shapes = {}
    for path in ruleset_paths(family.ruleset_schema):
        node = rules
        for part in path.split("."):
            node = node.get(part) if isinstance(node, dict) else getattr(node, part, None)
        if isinstance(node, (list, dict)):
            shapes[path] = list if isinstance(node, list) else dict
    return shapes | family.option_shapes


def _check_options(ruleset: tuple, options: dict, specs: tuple[str, ...], where: str):
    """Refuse an option the game would refuse, one by one, at its line in game.yaml."""
    family, name, _ = ruleset
    for key, text in zip(options, specs):
        try:
            checked = actions.read_options(family, [text])
            rules = family.load_rules(name, ruleset_overrides(checked, family.options))
            check_turn_options(checked, family.turn_letters(rules), family.holds_late_orders)
        except UmpireError as exc:
            raise DataError(exc.what, f"{where}, line {line_of(options, key)}", exc.fix) from None


def _flow(value) -> str:
    """An option's value as `--option KEY=VALUE` would give it."""
    return yaml.safe_dump(value, default_flow_style=True).strip().removesuffix("...").strip()


def _family_commands(rules_name: str) -> tuple[str, ...]:
    """The names of the GM commands the family of the archive's rules adds (a ruleset refused by
    name is refused when the game is created: until then, the default family's)."""
    from ..families import family, of_rules
    from ..resources import find_named
    try:
        chosen = of_rules(find_named("rules", rules_name))
    except UmpireError:
        chosen = family()
    return tuple(c.name for c in chosen.gm_commands)


def _gm_commands(gm, spec: dict, where: str, family_commands: tuple[str, ...],
                 named: dict[str, str]) -> dict[tuple, list[GmCommand]]:
    """`gm:` maps a round (or the zine's label of it, `named`) to its GM commands: `- NAME: REASON`
    for a GM command of the game's family (`- end-construction: REASON`), or `- adjust: {company:
    ID, units: N, reason: TEXT}`."""
    if gm is None:
        return {}
    at = f"{where}, line {line_of(spec, 'gm')}"
    known = family_commands + SHELL_GM_COMMANDS
    example = (f"e.g. gm: {{7: [{family_commands[0]}: agreed by all]}}" if family_commands
               else "e.g. gm: {7: [adjust: {company: red, units: 5, reason: fee charged twice}]}")
    if not isinstance(gm, dict):
        raise DataError("gm: is not a mapping of rounds to their commands.", at, f"Write {example}.")
    out: dict[tuple, list[GmCommand]] = {}
    for round_name, commands in gm.items():
        line = line_of(gm, round_name)
        round_name = _labelled(round_name, named, f"gm: round {round_name} ({where}, line {line})",
                               "Give it as gm: {{{label}: [...]}}")
        if not _ROUND.match(str(round_name)):
            raise DataError(f"gm: {described(round_name)} is not a round.", f"{where}, line {line}",
                            f"Write {example}.")
        if round_key(str(round_name))[0] == 0:
            raise DataError(f"gm: round {round_name} is no round: the game opens with round 1.",
                            f"{where}, line {line}",
                            f"Give the round whose opening the command comes with, {example}.")
        if not isinstance(commands, list):
            commands = [commands]
        parsed = []
        for i, command in enumerate(commands):
            cline = line_of(commands, i) or line
            if not (isinstance(command, dict) and len(command) == 1 and next(iter(command)) in known):
                raise DataError(f"gm: round {round_name}: {described(command)} is not a GM command.",
                                f"{where}, line {cline}",
                                f"The commands are {' and '.join(known)}; write {example}, or "
                                "- adjust: {company: red, units: 5, reason: fee charged twice}.")
            name, args = next(iter(command.items()))
            parsed.append(GmCommand(name, _gm_args(name, args, f"gm: round {round_name}: {name}",
                                                   f"{where}, line {cline}"), cline))
        out[round_key(str(round_name))] = parsed
    return out


def _gm_args(name: str, args, what: str, at: str) -> dict:
    """A GM command's arguments, checked as the command line checks them: `NAME: REASON` for the
    family's commands (`end-construction: REASON`), `adjust: {company: ID, units: N, reason: TEXT}`."""
    if name not in SHELL_GM_COMMANDS:
        return {"reason": _gm_reason(args, what, at, f"Write - {name}: the players agreed to it.")}
    example = "Write - adjust: {company: red, units: 5, reason: fee charged twice}."
    if not (isinstance(args, dict) and set(args) == {"company", "units", "reason"}):
        raise DataError(f"{what} needs company, units and reason, and is given {described(args)}.", at, example)
    units = args["units"]
    if isinstance(units, bool) or not isinstance(units, int) or not 0 < abs(units) <= corrections.UNITS_LIMIT:
        raise DataError(f"{what}: units {described(units)} is not a correction: a whole number other than 0, "
                        f"at most {corrections.UNITS_LIMIT:,} either way.", at, example)
    if not isinstance(args["company"], str):
        raise DataError(f"{what}: the company is {described(args['company'])}, not a company id.", at, example)
    return {"company": args["company"], "units": units, "reason": _gm_reason(args["reason"], what, at, example)}


def _gm_reason(value, what: str, at: str, example: str) -> str:
    """A GM command's reason: text (a number is taken as text), by the rule of `--reason`."""
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        raise DataError(f"{what}: the reason is {described(value)}; {REASON_RULE}.", at, example)
    try:
        return check_reason(str(value), f"{what}: the reason")
    except UmpireError as exc:
        raise DataError(exc.what, at, example) from None


def _labelled(name, named: dict[str, str], what: str, fix: str):
    """The round a folder or gm: entry names: the round of the zine's label `name` (turns:, `named`),
    else `name` as given; a round that turns: labels is named by its label only."""
    if str(name).lower() in named:
        return named[str(name).lower()]
    label = next((label for label, number in named.items() if number == str(name)), None)
    if label is not None:
        raise UmpireError(f"{what}, which turns: labels {label}: a labelled round is named by its label.",
                          fix=fix.format(label=label) + ".")
    return name


def _round_folders(source: Path, named: dict[str, str]) -> dict[tuple, Path]:
    """orders/<round> (or orders/<the zine's label of it>, `named`), in the order of play."""
    orders = source / "orders"
    _no_link(orders)
    if not orders.is_dir():
        raise UmpireError(f"{source} has no orders/ folder.",
                          fix="Put each round's orders in orders/<round>/<company>.txt.")
    found: dict[tuple, Path] = {}
    for p in sorted(orders.iterdir()):
        if p.name.startswith("."):
            continue
        _no_link(p)
        name = _labelled(p.name, named, f"{p} is round {p.name}", "Name it orders/{label}")
        if not (p.is_dir() and _ROUND.match(name)):
            raise UmpireError(f"{p} is not a round folder.",
                              fix="orders/ holds one folder a round: orders/1, orders/2, ..."
                                  + (" (or its label of turns:)" if named else ""))
        key = round_key(name)
        if key[0] == 0:
            raise UmpireError(f"{p} is round {p.name}, and there is no such round: the game opens with round 1.",
                              fix="Move its orders to the round they were carried out in (orders/1 for the first).")
        if key in found:
            raise UmpireError(f"{found[key]} and {p} are the same round.", fix="Keep one of them.")
        found[key] = p
    return dict(sorted(found.items()))


def _no_link(path: Path):
    """Refuse a symbolic link among the archive's map, ruleset, orders and dice: what is played is
    the archive's own files."""
    if path.is_symlink():
        raise UmpireError(f"{path} is a symbolic link; `umpire play` reads the map, the ruleset, the orders "
                          f"and the {'/'.join(RECORDED)} only from the archive's own files and follows no link.",
                          fix="Put the file or folder itself in its place.")


def order_files(round_dir: Path) -> list[Path]:
    """The orders of one round in name order; anything else in the folder is refused (hidden files aside)."""
    files = []
    for p in sorted(round_dir.iterdir()):
        if p.name.startswith("."):
            continue
        _no_link(p)
        if not (p.is_file() and p.suffix == ".txt"):
            raise UmpireError(f"{p} is not an order file.", fix="A round folder holds one <company>.txt a company.")
        files.append(p)
    return files


def is_earlier_run(path: Path) -> bool:
    """A folder `play` (or `demo`) wrote before: every order came from the archive's files, and no
    GM undid or replaced anything by hand since."""
    folder = GameFolder(path)
    try:
        folder.require()
        return all(e.get("via", "").startswith(EARLIER_VIAS) for e in folder.events
                   if e["type"] in ("order_received", "order_refused")) \
            and not any(e["type"] in ("rollback", "company_replaced") for e in folder.journal())
    except UmpireError:
        return False


def clear_earlier_run(path: Path, label: str):
    if path.exists():
        if not is_earlier_run(path):
            raise UmpireError(f"{path} already exists and is not an earlier run of {label}.",
                              fix="Remove it, or give another OUT_DIR.")
        shutil.rmtree(path)


def transcribed(archive: Archive, published) -> dict | None:
    """What game.yaml of the game played keeps of a zine's game typed in (`archive:`): the name of
    the archive's own dice or draws file, and the figures published.yaml marks as the zine's
    errors, for the newsletters. An archive of seeded dice and no published figures (the bundled
    demos) is a game as the umpire runs it, and keeps nothing."""
    kept = ({archive.recorded: archive.dice.name} if archive.dice is not None else {}) | archive.zine
    if published is not None and published.errors:
        kept["zine_errors"] = ledger_check.zine_errors(published)
    return kept or None


def zine_facts(spec: dict, where: str) -> dict:
    """`issues:` (round -> the zine's issue that printed it: {issue: 42, date: 1994-02-19}; round 0
    the opening), `assumed:` (what the zine did not print: a note for the whole game, or
    {round: N, note: TEXT}) and `colours:` (company -> the colour of its line), as game.yaml
    `archive:` keeps them for the newsletters, the map and the site."""
    facts = {}
    issues = spec.get("issues")
    if issues is not None:
        facts["issues"] = _issues(issues, f"{where}, line {line_of(spec, 'issues')}")
    assumed = spec.get("assumed")
    if assumed is not None:
        facts["assumed"] = _assumed(assumed, f"{where}, line {line_of(spec, 'assumed')}")
    turns = spec.get("turns")
    if turns is not None:
        facts["turns"] = _turns(turns, f"{where}, line {line_of(spec, 'turns')}")
    colours = spec.get("colours")
    if colours is not None:
        ids = [str(c).split(":")[0] for c in spec.get("companies") or []]
        facts["colours"] = _colours(colours, ids, f"{where}, line {line_of(spec, 'colours')}")
    return facts


def _turns(turns, at: str) -> dict[int, str]:
    """`turns:` (round -> the build turn the zine printed it as: {1: 1a, 2: 1b, 3: 1c, 4: 2}), each
    round a number from 1, each label letters and digits, no two the same."""
    example = "Write turns: {1: 1a, 2: 1b, 3: 2}: a round of the umpire, and the zine's label of that turn."
    if not isinstance(turns, dict):
        raise DataError("turns: is not a mapping of rounds to the zine's labels of them.", at, example)
    out: dict[int, str] = {}
    for number, label in turns.items():
        if isinstance(number, bool) or not isinstance(number, int) or number < 1:
            raise DataError(f"turns: {described(number)} is not a round (a number from 1).", at, example)
        text = str(label) if isinstance(label, (int, str)) and not isinstance(label, bool) else ""
        if not _TURN_LABEL.match(text):
            raise DataError(f"turns: round {number}: {described(label)} is not a label of letters and digits.",
                            at, example)
        twin = next((n for n, t in out.items() if t.lower() == text.lower()), None)
        if twin is not None:
            raise DataError(f"turns: rounds {twin} and {number} are both labelled {text}.", at, example)
        out[number] = text
    return out


def _colours(colours, ids: list[str], at: str) -> dict[str, str]:
    """`colours:` (company id -> the colour its line is drawn in, as the zine drew it: `orange`,
    `#ffcc00`), each a company of `companies:` and a colour the umpire knows, no two the same."""
    example = "Write colours: {green: orange, red: '#d7191c'}: a CSS colour name or #rrggbb, quoted."
    if not isinstance(colours, dict):
        raise DataError("colours: is not a mapping of companies to colours.", at, example)
    out: dict[str, str] = {}
    for company, text in colours.items():
        if company not in ids:
            raise DataError(f"colours: {described(company)} is not a company of companies: "
                            f"({', '.join(ids)}).", at, example)
        if not isinstance(text, str) or colour_named(text) is None:
            raise DataError(f"colours: {company}: {described(text)} is not a colour the umpire knows.", at, example)
        twin = next((c for c, t in out.items() if colour_named(t) == colour_named(text)), None)
        if twin is not None:
            raise DataError(f"colours: {company} and {twin} are both {text.strip()}; each company's line "
                            "is drawn in a colour of its own.", at, example)
        out[company] = text.strip()
    return out


def _issues(issues, at: str) -> dict[int, dict]:
    example = "Write issues: {1: {issue: 42, date: 1994-02-19}}."
    if not isinstance(issues, dict):
        raise DataError("issues: is not a mapping of rounds to the zine's issues.", at, example)
    out = {}
    for number, given in issues.items():
        if isinstance(number, bool) or not isinstance(number, int) or number < 0 or not isinstance(given, dict) \
                or set(given) - {"issue", "date"} or "issue" not in given:
            raise DataError(f"issues: {described(number)}: {described(given)} is not a round's issue.", at, example)
        issue, date = given["issue"], given.get("date")
        if isinstance(issue, bool) or not isinstance(issue, (int, str)) or not str(issue).strip():
            raise DataError(f"issues: round {number}: the issue {described(issue)} is not a number or name.", at,
                            example)
        if date is not None and not isinstance(date, datetime.date):
            raise DataError(f"issues: round {number}: the date {described(date)} is not a date (YYYY-MM-DD).", at,
                            example)
        out[number] = {"issue": issue, **({"date": date.isoformat()} if date is not None else {})}
    return out


def _assumed(assumed, at: str) -> list[dict]:
    example = ("Write assumed: [the map: Bavaria stands in for the zine's map, {round: 3, note: the second die "
               "was not printed}].")
    if not isinstance(assumed, list):
        raise DataError("assumed: is not a list of notes.", at, example)
    out = []
    for note in assumed:
        given = note if isinstance(note, dict) else {"note": note}
        text, number = given.get("note"), given.get("round")
        if set(given) - {"round", "note"} or not isinstance(text, str) or not text.strip() \
                or (number is not None and (isinstance(number, bool) or not isinstance(number, int))):
            raise DataError(f"assumed: {described(note)} is not a note.", at, example)
        out.append({**({"round": number} if number is not None else {}), "note": " ".join(text.split())})
    return out


def _published(archive: Archive):
    """The archive's published.yaml, read and checked before anything is played; None without one."""
    path = archive.source / ledger_check.PUBLISHED_FILE
    _no_link(path)
    if not path.is_file():
        return None
    return ledger_check.read_file(path, [spec.split(":")[0] for spec in archive.companies])


def play(source: Path, out_dir: Path, step: Callable[[int, int], None] | None = None,
         label: str | None = None, language: str | None = None) -> Played:
    """Play the archive at `source` (`label`: how to name it) into OUT_DIR/<game>; an earlier run
    there is replaced. `step(done, total)` is told after each round. `language`: the language of
    its newsletters, where not the archive's own (its option `language`, else English)."""
    archive = read_archive(source)
    if language:
        archive.options = (*archive.options, f"language={language}")
    published = _published(archive)
    path = Path(out_dir) / archive.game
    clear_earlier_run(path, label or f"the archive {source}")
    try:
        recorded = {f"{archive.recorded}_file": archive.dice}
        folder, _ = actions.create_game(path, archive.map, archive.rules, archive.companies, seed=archive.seed,
                                        option_specs=archive.options, profile=archive.profile,
                                        archive=transcribed(archive, published), **recorded)
    except NotOpened as exc:                  # the folder begun is removed: nothing to look at
        raise _misfit(archive, path, exc, "round 1", "as it opened", kept=False) from None
    if published is not None:                 # kept beside the game, for `umpire verify`
        kept = (archive.source / ledger_check.PUBLISHED_FILE).read_bytes()
        atomic.write_bytes(path / ledger_check.PUBLISHED_FILE, kept)
    played = Game(archive, folder, step).play_all()
    played.check = ledger_check.check_game(folder) if published is not None else None
    return played


class Game:
    """One play of an archive: the round open, its GM commands, its orders, its resolve."""

    def __init__(self, archive: Archive, folder: GameFolder, step):
        self.archive, self.folder, self.step = archive, folder, step
        self.game = FolderGame.of(folder)
        self.rounds = dict(archive.rounds)
        self.gm = dict(archive.gm)
        self.resolved = 0
        self.notes: list[str] = []
        self.labels = archive.zine.get("turns", {})

    def play_all(self) -> Played:
        total = len(self.rounds)
        if self.step:
            self.step(0, total)
        while self.game.state().phase != "finished" and (self.rounds or self.gm):
            self.play_round()
            if self.step:
                self.step(total - len(self.rounds), total)
        state = self.game.state()
        finished = state.phase == "finished"
        if finished and (self.rounds or self.gm):
            left = self.left()
            raise UmpireError(f"the game ended in round {state.round}, but {', '.join(left)} "
                              f"{'follows' if len(left) == 1 else 'follow'}.",
                              self.archive.where(""), "Remove what follows the end, or look for a round played "
                              f"differently from the zine (the game so far is in {self.folder.path}).")
        return Played(self.folder, self.resolved, finished, self.notes + (self.unused_dice() if finished else []))

    def left(self, before: tuple | None = None) -> list[str]:
        """The round folders and GM commands not played yet (those before the round `before`)."""
        return ([str(p.relative_to(self.archive.source))
                 for k, p in self.rounds.items() if before is None or k < before]
                + [f"gm: round {turn_name(k)}" for k in self.gm if before is None or k < before])

    def play_round(self):
        state = self.game.state()
        turn = self.game.family.open_turn(state)
        key = round_key(str(turn))
        label = self.labels.get(turn)
        name = f"round {turn}" + (f" (the zine's turn {label})" if label else "")
        passed = self.left(before=key)
        if passed:
            raise self.misfit(self.archive.where(""), f"{name} is open, and {', '.join(passed)} "
                              f"{'names' if len(passed) == 1 else 'name'} no round or mail turn of this game.",
                              "Name each round as the game does: a number, or in a game whose rounds have mail "
                              "turns, the turn (orders/2A, gm: {2A: [...]}).")
        given = self.gm.pop(key, [])
        for command in given:
            self.run_gm(command, name)
        if round_key(str(self.game.family.open_turn(self.game.state()))) != key:        # the GM ended the round
            ended = self.rounds.pop(key, None)
            if ended is not None and order_files(ended):
                which = " and ".join(dict.fromkeys(c.name for c in given if c.name not in SHELL_GM_COMMANDS))
                raise self.misfit(name, f"{ended.relative_to(self.archive.source)} holds orders, but the GM's "
                                  f"{which} ended the round before they were carried out.",
                                  f"Move them to the next round, or give the {which} a round later.")
            return
        round_dir = self.rounds.pop(key, None)
        if round_dir is None:
            if not self.rounds and not self.gm:
                return
            following = next(iter(self.rounds.values()), None)
            raise self.misfit(self.archive.where("orders"),
                              f"{name} is open, and there is no orders/{label or turn} folder"
                              + (f" (the next is {following.relative_to(self.archive.source)})." if following else "."),
                              "Make a folder for every round, empty if no company ordered.")
        for order in order_files(round_dir):
            self.submit(order, name)
        try:
            actions.resolve(self.folder)
        except UmpireError as exc:
            raise _misfit(self.archive, self.folder.path, exc, name, "when it was resolved") from None
        self.resolved += 1

    def submit(self, order: Path, name: str):
        relative = order.relative_to(self.archive.source / "orders").as_posix()
        result = actions.submit(self.folder, order.read_bytes(), via=f"{VIA} {relative}")
        where = f"{name}, {order.relative_to(self.archive.source)}"
        if not result.accepted:
            raise self.misfit(where, f"the order was refused: {result.reason}", "Correct the order.")
        if result.errors and self.archive.unreadable == "stop":
            raise self.misfit(where, f"the umpire cannot read {len(result.errors)} line(s): {result.errors[0]}",
                              "Correct the line (`umpire help orders` gives every order line), or, where the zine's GM "
                              "refused it too, write unreadable_lines: report in game.yaml.")
        self.notes += [f"{where}: refused {e}" for e in result.errors]
        if result.company != order.stem.lower():
            raise self.misfit(where, f"the order is from company {result.company}, but the file is {order.name}.",
                              f"Name it {result.company}.txt, or correct its COMPANY line.")

    def run_gm(self, command: GmCommand, name: str):
        try:
            if command.name not in SHELL_GM_COMMANDS:
                actions.family_command(self.folder, command.name, actions.gm_args(command.args["reason"]))
            else:
                corrections.adjust(self.folder, command.args["company"], command.args["units"],
                                   command.args["reason"])
        except UmpireError as exc:
            if self.archive.dice and str(self.folder.path / RECORDED_FILES[self.archive.recorded]) in exc.message:
                raise _misfit(self.archive, self.folder.path, exc, name, f"when the GM's {command.name} "
                              f"({self.archive.spec_file.name} line {command.line}) was carried out") from None
            raise self.misfit(f"{name}, {self.archive.spec_file.name} line {command.line}",
                              f"the GM's {command.name} did not fit: {exc.message}", "Correct the gm: entry.") from None

    def misfit(self, where: str, what: str, fix: str) -> UmpireError:
        return UmpireError(what, where, f"{fix} {_so_far(self.folder.path, self.archive.recorded)}")

    def unused_dice(self) -> list[str]:
        if self.archive.dice is None:
            return []
        if self.archive.recorded == "draws":
            from ..kernel.draws import draws_made, read_draws_file
            outcomes, used, what = read_draws_file(self.archive.dice), draws_made(self.folder.events), "draws"
        else:
            from ..kernel.dice import read_dice_file
            outcomes, used, what = read_dice_file(self.archive.dice), self.game.state().rolls, "dice"
        if used >= len(outcomes):
            return []
        left = len(outcomes) - used
        thing = ("die" if left == 1 else "dice") if what == "dice" else noun(left, "draw")
        return [f"{left} {thing} of {self.archive.dice.name} {'was' if left == 1 else 'were'} not used "
                f"(from line {outcomes[used].line} on)."]


def _misfit(archive: Archive, path: Path, exc: UmpireError, name: str, when: str, kept: bool = True) -> UmpireError:
    """A refusal while the umpire rolled or resolved the game at `path` (`kept`: the game so far is
    there to look at), said of the archive's own dice file rather than of its copy in the game."""
    if archive.dice:
        exc = exc.renamed(str(path / RECORDED_FILES[archive.recorded]), str(archive.dice))
    text = (exc.what or "") + (f" ({exc.where})" if exc.where else "")
    return type(exc)(f"{name} did not fit {when}: {text}", str(archive.source),
                     f"{exc.fix or ''} {_so_far(path, archive.recorded) if kept else ''}".strip())


def _so_far(path: Path, recorded: str) -> str:
    return f"The game so far is in {path} (`umpire dice {path} --next` lists the {recorded} the next resolve needs)."

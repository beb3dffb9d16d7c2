"""`umpire house-rule`: a game option or ruleset value changed while the game runs, by the GM with
his reason. It is journaled (a `house_rule` event: key, value, reason, the round it was given in and
the round it takes effect from), in force from the next round, never the open one, and announced
in the next newsletter; the game folder's options are game.yaml's with the house rules in force
(store/folder.py `options`), so a resolve and its replay use the same rules."""

from __future__ import annotations

from ..game import Game
from ..kernel import ids
from ..kernel.options import (
    check_choices,
    game_option,
    house_rule_event,
    options_in_force,
    ruleset_overrides,
)
from ..store.folder import RULES_FILE, GameFolder
from ..timetable import absences, deadlines, reminders
from . import actions


def give(folder: GameFolder, text: str, reason: str) -> tuple[dict | None, int]:
    """Journal the house rule `text` (KEY=VALUE); returns its event (None: the value is in force
    from the next round already, nothing was journaled) and the round it takes effect from."""
    game, state = actions.running(folder, "over; its rules change no more.")
    reason = ids.check_reason(reason, "--reason")
    made = dict(folder.config.get("options") or {})
    then = options_in_force(made, folder.events, state.round + 1)
    event = house_rule_event(text, reason, game.family, then, state.round, lambda options: _check(folder, options))
    if event is not None:
        folder.append([event])
    return event, state.round + 1


def _check(folder: GameFolder, options: dict):
    """Refuse options that `umpire new` would refuse: the shell's checks, the family's choices, and
    the ruleset loaded with them (it names a key that is no ruleset value)."""
    from ..render.paper import paper_size
    family = Game.of(folder).family
    deadlines.check_options(options)
    absences.check_options(options)
    reminders.check_options(options)
    paper_size(game_option(options, "paper"))
    check_choices(options, family.choices)
    rules = family.load_rules(folder.path / RULES_FILE, ruleset_overrides(options, family.options))
    deadlines.check_turn_options(options, family.turn_letters(rules), family.holds_late_orders)

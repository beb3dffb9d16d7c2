"""Errors a user can act on: what went wrong, where, and what would work."""

import copy


class UmpireError(Exception):
    """A refused input. The message is one paragraph meant for a human."""

    exit_code = 1

    def __init__(self, what: str, where: str | None = None, fix: str | None = None):
        self.what, self.where, self.fix = what, where, fix
        super().__init__(self.message)

    def renamed(self, old: str, new: str) -> "UmpireError":
        """The same refusal with the path `old` called `new` (a copy's files said of their originals)."""
        other = copy.copy(self)
        other.what, other.where, other.fix = (text.replace(old, new) if text else text
                                              for text in (self.what, self.where, self.fix))
        other.args = (other.message,)
        return other

    @property
    def message(self) -> str:
        text = f"{self.where}: {self.what}" if self.where else self.what
        if self.fix:
            text += f" {self.fix}"
        return text


class DataError(UmpireError):
    """A map, ruleset or game file that cannot be used as it is."""


class DiceExhausted(UmpireError):
    """The recorded dice ran out before a roll the rules need."""

    rolled: tuple = ()                           # (number, purpose, die) of the rolls made before, in order


class DrawsExhausted(UmpireError):
    """The recorded draws ran out before a draw the rules need."""


class NotOpened(UmpireError):
    """A new game whose round 1 could not open (its recorded dice or draws did not fit); the
    folder `new` began was removed."""

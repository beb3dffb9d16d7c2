"""Errors a user can act on: what went wrong, where, and what would work."""


class UmpireError(Exception):
    """A refused input. The message is one paragraph meant for a human."""

    exit_code = 1

    def __init__(self, what: str, where: str | None = None, fix: str | None = None):
        self.what, self.where, self.fix = what, where, fix
        super().__init__(self.message)

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


class DrawsExhausted(UmpireError):
    """The recorded draws ran out before a draw the rules need."""

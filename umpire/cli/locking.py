"""Commands that change a game hold its lock while they run (see store/lock.py)."""

from __future__ import annotations

import functools
from contextlib import ExitStack

from ..store.lock import game_lock


def locking(*params: str):
    """Run the command holding the lock of the folder given in each of `params` (when given)."""
    def wrap(command):
        @functools.wraps(command)
        def run(*args, **kwargs):
            with ExitStack() as stack:
                for name in params:
                    if kwargs.get(name) is not None:
                        stack.enter_context(game_lock(kwargs[name]))
                return command(*args, **kwargs)
        return run
    return wrap

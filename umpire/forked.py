"""Worker processes that never outlive the command that forked them.

A command forks processes to draw beside it (the map picture beside the PDF, PDF workers of a
replay) or to resolve games side by side (a sweep). If the command is killed (kill -9, the OOM
killer), such a process must not go on alone: blocked on a pipe no one reads, it would never end.
Each one asks the kernel for SIGKILL when its parent dies (Linux: prctl PR_SET_PDEATHSIG), and
ends at once if the parent died before it asked. The game locks the command holds are closed in
every forked child (store/lock.py), so no child ever holds a game on its own.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import multiprocessing
import os
import signal
import sys
from concurrent.futures import ProcessPoolExecutor

_PR_SET_PDEATHSIG = 1


def pool(workers: int) -> ProcessPoolExecutor:
    """A pool of `workers` forked processes (spawned where fork is not available), each ending
    with this process."""
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    return ProcessPoolExecutor(workers, mp_context=context, initializer=die_with_parent, initargs=(os.getpid(),))


def available_cpus() -> int:
    """The CPUs this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:                     # not on Linux
        return os.cpu_count() or 1


def die_with_parent(parent: int):
    """In a worker: be killed when the process `parent` ends; end now if it already has."""
    if sys.platform.startswith("linux"):
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    if os.getppid() != parent:
        os._exit(1)

"""The versions behind what the umpire writes: its own, reportlab's (which draws the PDFs) and Python's."""

from __future__ import annotations

import platform

from . import __version__

DISTRIBUTION = "railway-umpire"


def reportlab_version() -> str:
    """The version of the reportlab that draws the PDFs in this process (its package is small to
    import; the drawing modules are not imported by it)."""
    from reportlab import Version
    return Version


def version_line() -> str:
    """What `umpire --version` prints, e.g. `umpire 0.2.0 (railway-umpire), reportlab 5.1.0, Python 3.11.7`."""
    try:
        reportlab = f"reportlab {reportlab_version()}"
    except ImportError:                      # a broken installation: say so, as --version is asked then
        reportlab = "reportlab not installed"
    return f"umpire {__version__} ({DISTRIBUTION}), {reportlab}, Python {platform.python_version()}"

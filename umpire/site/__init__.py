"""The game's web page (`umpire site`): a static site of the public newsletters, maps and accounts."""

from .build import build_site  # noqa: F401
from .update import update_site  # noqa: F401

"""umpire: the play-by-mail umpire for railway board games (Railway Rivals or Dampfross, and Volldampf)."""

__version__ = "0.3.0"

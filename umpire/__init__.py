"""umpire: the play-by-mail umpire for Railway Rivals (Dampfross)."""

__version__ = "0.1.0"

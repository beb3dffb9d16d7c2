"""Dampfross (Railway Rivals): hex maps, construction rounds, races. Its family object is in
`family.py`; its engine is umpire/engine/, its map umpire/gamemap.py, its ruleset
umpire/ruleset.py and its order body umpire/orders.py (docs/families.md)."""

"""Dampfross (Railway Rivals): hex maps, construction rounds, races. Its family object is in
`family.py`; beside it the engine (`engine/`), the hex map (`gamemap.py`, `hexgrid.py`,
`mapcheck/`), the ruleset (`ruleset.py`), the order body (`orders.py`), the confirmation
(`confirmation.py`) and the newsletter (`render/`). See docs/families.md."""

WORDS = "dampfross"          # its section of the order words in umpire/locale/keywords.yaml

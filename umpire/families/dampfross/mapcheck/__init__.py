"""Reading a map file (format 1) by what it checks: its fields (fields.py), its places (places.py:
cities, stations, junctions, special destinations and fees) and its water (water.py: rivers,
barriers, ferries). umpire/gamemap.py puts them together into a GameMap."""

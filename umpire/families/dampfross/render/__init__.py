"""The Dampfross newsletter: its facts, the map and the PDF pages (the shell writes the files)."""

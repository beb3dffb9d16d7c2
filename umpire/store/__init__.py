"""Storage: game folders on disk, written atomically, nothing received ever deleted."""

"""What the GM, the mail service and an archivist do to a game (create it, take orders, resolve,
correct, replay, play an archive, tick a host's games): the shell's use cases, above the store,
the timetable, the mail and the families."""

"""The GM's calendar: when a round's orders are due (deadlines set at a round's opening, moved by
the GM, paused, pushed past a player's absence, with a grace after them), and what the clock says.

The families and the mail service are handed its facts; none of it sends mail.
"""

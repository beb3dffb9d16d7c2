"""The kernel: formats and rules of reading every game shares (dice, draws, the ledger, the order
header, rulesets, options, names), pure: no game folder, mail, clock or drawing."""

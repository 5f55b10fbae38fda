"""立直 Riichi and its local variants: the rule sets, their analysis, and the bulk records of plain hands."""

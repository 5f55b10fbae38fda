"""立直 Riichi and its local variants: the rule sets, their analysis, hand values, and bulk records."""

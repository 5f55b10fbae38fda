"""立直 Riichi rules: hand values."""

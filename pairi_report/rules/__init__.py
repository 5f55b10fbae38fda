"""规则 Rule sets behind one interface: a registry of riichi, its local variants and GB (国标)."""

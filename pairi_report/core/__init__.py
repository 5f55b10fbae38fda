"""核 The core: the tile encoding, hands and melds, their notation, and the errors users can cause."""

"""Pictures: tile sets, hand strips and charts, drawn with Pillow (loaded by the modules that draw)."""

# Appended to a tile's picture name when the tile is wild; here, so that naming a picture needs no Pillow.
WILD_SUFFIX = "-wild"

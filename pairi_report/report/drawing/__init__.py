"""Pictures: tile sets, hand strips and charts, drawn with Pillow."""

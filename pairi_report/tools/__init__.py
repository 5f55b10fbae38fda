"""Developer tools that regenerate shipped files (the tile pictures)."""

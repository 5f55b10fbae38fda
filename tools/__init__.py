"""Developer tools that regenerate shipped files (the tile pictures); they stay out of the wheel.

Run them from the repository's root, e.g. ``python -m tools.tileart``.
"""

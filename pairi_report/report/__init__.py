"""Renderers: they consume ``Analysis`` results and never parse."""

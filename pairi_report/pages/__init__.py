"""Hands in Markdown: a Python-Markdown extension (``extensions=["pairi"]``) and an MkDocs plugin (``pairi``).

A fenced block holds one hand per line, written as a batch line (the hand, ``wild=`` and situation words,
then a title); the words after ``pairi`` on the fence choose ``full`` (the report section, the default) or
``card``, ``outlook``, ``lang=``, ``rules=`` and ``scale=``. In running text, ``:pairi[123m456p]:`` draws
the tiles.

>>> import markdown
>>> html = markdown.markdown("```pairi\\n123m456p789s1122z\\n```", extensions=["pairi"])
>>> html.startswith('<div class="pairi-report">'), "Ready" in html
(True, True)
>>> markdown.markdown("Tiles :pairi[123m]: here", extensions=["pairi"]).split(" src=")[0]
'<p>Tiles <img class="pairi-strip"'
"""

from __future__ import annotations

from typing import Any

from .extension import PairiExtension


def makeExtension(**kwargs: Any) -> PairiExtension:  # noqa: N802 - the name Python-Markdown looks for
    """Return the extension, as Python-Markdown asks a module named in ``extensions=[...]``."""
    return PairiExtension(**kwargs)


__all__ = ["PairiExtension", "makeExtension"]

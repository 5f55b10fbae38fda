"""The MkDocs plugin ``pairi``: the Markdown extension on every page, its pictures and stylesheet in the site.

Every page's blocks draw into one set of pictures (named from what they show, so equal pictures are
one file); after the build each is written once into ``<site>/<folder>/``, with the report's stylesheet
and the few lines that follow Material's light and dark palettes. Bad notation is a warning on
``mkdocs.plugins.pairi``, naming the page and the line, so ``mkdocs build --strict`` stops on it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mkdocs.config import config_options
from mkdocs.config.base import Config
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import BasePlugin
from mkdocs.structure.pages import Page

from ..report.resources import data_dir
from ..report.views.i18n import LANGUAGES
from ..rules.registry import RULE_SETS
from .extension import PageInfo, PairiExtension, write_pictures

LOGGER = "mkdocs.plugins.pairi"


class PairiConfig(Config):
    """The plugin's options in mkdocs.yml."""

    lang = config_options.Choice(tuple(LANGUAGES), default="en")
    rules = config_options.Choice(tuple(RULE_SETS), default="riichi")
    pictures = config_options.Choice(("files", "inline"), default="files")
    folder = config_options.Type(str, default="pairi")


class PairiPlugin(BasePlugin[PairiConfig]):
    """Hands in MkDocs pages: ``pairi`` blocks and ``:pairi[…]:`` strips, pictures copied into the site."""

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        """Add the extension to the site's Markdown, and its stylesheet and script to every page."""
        self.extension = PairiExtension(
            lang=self.config.lang, rules=self.config.rules, pictures=self.config.pictures, logger=LOGGER
        )
        config.markdown_extensions.append(self.extension)
        folder = self.folder
        config.extra_css.append(f"{folder}/pairi.css")
        config.extra_javascript.append(f"{folder}/pairi.js")
        return config

    @property
    def folder(self) -> str:
        """Return the site folder of the pictures and the stylesheet."""
        return self.config.folder.strip("/") or "pairi"

    def on_page_markdown(self, markdown: str, /, *, page: Page, **kwargs: Any) -> str:
        """Tell the extension which page comes next: its name, the way to the pictures, its front matter."""
        try:
            source = page.file.content_string
        except (OSError, ValueError):  # a page another plugin made up: no file to count lines in
            source = markdown
        at = source.rfind(markdown) if markdown else -1
        offset = source[:at].count("\n") if at > 0 else 0
        root = "../" * page.url.count("/") + self.folder + "/"
        self.extension.page = PageInfo(page.file.src_uri, root, offset, shared_styles=True)
        return markdown

    def on_post_build(self, *, config: MkDocsConfig) -> None:
        """Write the pictures the pages drew, the stylesheet and the script, each file once."""
        templates = data_dir("templates")
        css = (templates / "style.css").read_bytes() + (templates / "pairi-mkdocs.css").read_bytes()
        own = {"pairi.css": css, "pairi.js": (templates / "pairi-mkdocs.js").read_bytes()}
        drawn = self.extension.files if self.config.pictures == "files" else {}
        write_pictures(Path(config.site_dir) / self.folder, drawn | own)

"""The quiz: "what do you discard?" problems, and on a new page their answers, as Markdown, HTML or PDF.

The judgement runs here, before the views: a problem is answered as the hand reports recommend
(``judgement.lone``: expected points, tiles and strong players' habits), and the view only words the
answer.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...judgement.lone import judge_lone
from ...rules.analysis import Analysis
from ..formats.render import render_quiz
from ..registry import Format, Page
from ..views.i18n import labels
from ..views.opponents import opponents_runs
from ..views.quiz import quiz_answer, quiz_problem, quiz_view
from ..views.sections import value_shown, value_situation, value_worth
from .base import Hands, ReportOptions, Sink
from .hands import finish


def situation_words(a: Analysis) -> str:
    """Return the words of a hand's win that its analysis was valued in (none without a value)."""
    return a.value.situation_words if a.value is not None else ""


@dataclass(frozen=True)
class QuizReporter:
    """Writes the quiz of the hands: the problems, then the answers, with the pictures they use."""

    format: Format

    def report(self, work: Hands, options: ReportOptions, sink: Sink) -> None:
        """Write the quiz into the sink."""
        files: dict[str, bytes] = {}
        pictures = options.pictures()
        words = labels(options.lang)
        pairs = []
        for number, (line, a) in enumerate(work.entries, start=1):
            strip = pictures.strip(a.hand, files, a.wild)
            situation = value_situation(a, words)
            # A complete hand asks its value only where its situation is given (else the splits).
            worth = value_worth(a, words) if a.win and situation else None
            shown = value_shown(a) if situation else ()
            others = opponents_runs(a, words)
            problem = quiz_problem(a, strip, number, line.title, words, situation, worth, shown, others)
            pairs.append((problem, quiz_answer(a, number, line.title, words, judge_lone(a), worth)))
        title = options.title
        view = quiz_view(title, pairs, words, options.quiz_titles, options.per_page)
        pictures.tile_files(view.tiles, files)
        page = self.format.page or Page.HTML
        text = render_quiz(view, pictures, files, page, options.paper)
        if page is Page.MARKDOWN:
            files["quiz.md"] = text.encode("utf-8")
        else:
            files = finish("quiz", text, options, files, sink.scratch())
        for name, data in sorted(files.items()):
            sink.write(name, data)

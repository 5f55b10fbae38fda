"""The judgement's words: every reason kind and danger key the judgement gives has words in each language."""

from __future__ import annotations

import pytest

from pairi_report.judgement.model import tables
from pairi_report.judgement.rank import Reason
from pairi_report.report.views.i18n import JUDGEMENT_WORDS, judgement_words


@pytest.mark.parametrize("lang", sorted(JUDGEMENT_WORDS))
def test_every_risk_type_and_reason_has_words(lang: str) -> None:
    words = judgement_words(lang)
    for key in tables()["risk_rate"]["columns"]:
        assert words.danger_words([key]), key
    for reason in Reason:
        assert words.verdict_words(str(reason), None) == words.reasons[str(reason)]
    for flag in (
        "genbutsu",
        "no-wait",
        "kabe",
        "one-chance",
        "early-outside",
        "riichi-matagi",
        "riichi-suji",
    ):
        assert words.danger_words([flag]) == words.danger[flag]


def test_the_words_name_the_family_and_the_copies_left() -> None:
    en = judgement_words("en")
    assert en.danger_words(["half-suji-46-outer", "one-chance"]) == "half suji, one chance"
    assert en.danger_words(["yakuhai-2-left"]) == "yakuhai, 2 left"
    assert en.verdict_words("defence", 1234.4) == "defence, −1,234 points"
    assert en.terms_words("9s", 1180.0, 0.0, ["genbutsu"]) == "9s: 1,180 points, 0% to deal in (genbutsu)"
    assert judgement_words("ja").danger_words(["suji-28"]) == "筋"

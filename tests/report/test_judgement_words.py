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


def test_a_push_shows_the_safest_discard_beside_it() -> None:
    # rinshan.mjlog: where someone threatens, a decision lists the terms of the discard played and of
    # the recommended one, and where the recommendation is not the safest discard (a push), the safest
    # one's (the fold it was weighed against); a fold lists no third line.
    from paths import LOGS

    from pairi_report.games import read_game
    from pairi_report.report.views.i18n import review_words
    from pairi_report.report.views.review_view import reason_lines
    from pairi_report.review import review_game

    path = LOGS / "rinshan.mjlog"
    review = review_game(read_game(path.read_bytes(), path.name), path.stem)
    en, pushes, folds = judgement_words("en"), 0, 0
    for rnd in review.rounds:
        for d in rnd.decisions:
            j = d.verdict.judgement
            if j is None or not any(t.chance > 0 for t in j.terms):
                continue
            lines = reason_lines(d.verdict, review_words("en"))
            safest = min(j.terms, key=lambda t: t.chance)
            said = en.terms_words(safest.name, safest.points, safest.chance, safest.danger)
            terms = [line for line in lines if "to deal in" in line]
            shown = {d.verdict.played_terms, j.terms[0]} - {None}
            if safest.chance < j.terms[0].chance:
                pushes += 1
                assert said in terms and len(terms) == len(shown | {safest}), (d.decision.turn, terms)
            else:
                folds += 1
                assert len(terms) == len(shown), (d.decision.turn, terms)
    assert pushes >= 1 and folds >= 1

"""LAMA's game review (docs/design.md#a-game-review): every draw or quit with no card to play
is weighed with the odds panel's numbers, and its best choice is the expert's."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from mathcards.i18n import use, you
from mathcards.lama.bots import STRATEGIES
from mathcards.lama.cards import score
from mathcards.lama.moves import Draw
from mathcards.lama.odds import draw_odds
from mathcards.review import reviews
from tests.reviewed import played


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_each_draw_or_quit_is_weighed_as_the_odds_panel_and_the_expert_do(seed: int) -> None:
    setup, moves = played("lama", ["random", "bold", "cautious", "expert"], seed)
    found = 0
    for review in reviews("lama", setup, seed, moves).values():
        for decision in review.decisions:
            view = review.frames[decision.number - 1].view
            odds = draw_odds(view)
            assert odds is not None and not decision.exact
            assert Fraction(decision.situation["fits"]) == odds.fits
            assert Fraction(decision.situation["adds"]) == odds.cost
            assert decision.values["quit"] == score(view.hand, llama_scoring=view.llama_scoring)
            expert = STRATEGIES["expert"](view, [Draw()], random.Random(0))
            assert decision.best == ("draw" if isinstance(expert, Draw) else "quit")
            found += 1
    assert found


def test_a_costly_quit_is_told_with_the_odds_panel_s_numbers() -> None:
    setup, moves = played("lama", ["cautious", "expert"], 2)
    review = reviews("lama", setup, 2, moves)["P1"]
    told = review.told(player=you())
    assert told and all(words.startswith("You quit with ") for words in told)
    assert all("By the expert's reckoning, drawing was better, by " in words for words in told)
    assert all("to your points on average" in words for words in told)


def test_a_players_decision_is_told_about_them_to_the_class() -> None:
    """On the projector's debrief the class reads about a player, in the third person."""
    setup, moves = played("lama", ["cautious", "expert"], 2)
    review = reviews("lama", setup, 2, moves)["P1"]
    about = review.told()
    assert about and all(words.startswith("P1 quit with ") for words in about)
    assert all(" hand " in words and "your" not in words.lower() for words in about)
    assert review.told(player="Ola")[0].startswith("Ola quit with ")
    try:
        use("pl")
        polish = review.told(player="Ola")
    finally:
        use("en")
    assert polish[0].startswith("Ola: pas, gdy ręka była warta ")
    assert "twó" not in polish[0].lower() and "dodawała ona" in polish[0]

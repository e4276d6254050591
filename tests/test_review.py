"""The game review of the three table games (docs/design.md#a-game-review): on any game the
accuracy is a percentage, the best choice costs no more than the one made, a game of only best
choices scores 100 %, every player sees the game as they saw it, move by move; the costliest
decisions are told in words, in English and in Polish."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mathcards.i18n import use
from mathcards.replay import rules
from mathcards.review import GAMES, ScoredDecision, accuracy, costliest, reviews
from tests.reviewed import played

BEST = {"lama": "expert", "lama_dice": "best", "unikat": "greedy"}  # plays each review's best


@st.composite
def games(draw: st.DrawFn) -> tuple[str, list[str], int]:
    """A reviewed game, its computer players' strategies, and its seed."""
    game = draw(st.sampled_from(GAMES))
    most = 4 if game == "unikat" else 5
    strategies = draw(
        st.lists(st.sampled_from(sorted(rules(game).strategies)), min_size=2, max_size=most)
    )
    return game, strategies, draw(st.integers(0, 10**6))


@settings(max_examples=25)
@given(games())
def test_any_game_s_review_is_within_its_bounds(chosen: tuple[str, list[str], int]) -> None:
    game, strategies, seed = chosen
    setup, moves = played(game, strategies, seed)
    for player, review in reviews(game, setup, seed, moves).items():
        assert 0 <= review.accuracy <= 100
        assert len(review.frames) == len(moves) + 1
        assert all(frame.view.viewer == player for frame in review.frames)
        for decision in review.decisions:
            assert decision.player == player
            assert decision.values[decision.best] == min(decision.values.values())
            assert decision.values[decision.best] <= decision.values[decision.chosen]
            assert 0 <= decision.cost <= decision.stake
            assert review.frames[decision.number].move == moves[decision.number - 1]
        assert review.costliest() == costliest(review.decisions)
        assert len(review.told()) == len(review.costliest()) <= 3


@settings(max_examples=15)
@given(st.sampled_from(GAMES), st.integers(2, 4), st.integers(0, 10**6))
def test_a_game_of_only_best_choices_scores_100(game: str, seats: int, seed: int) -> None:
    setup, moves = played(game, [BEST[game]] * seats, seed)
    for review in reviews(game, setup, seed, moves).values():
        assert review.accuracy == 100
        assert review.matched == len(review.own)
        assert review.costliest() == [] and review.told() == []


def decision(chosen: str, roll: int, quit_now: int, number: int = 1) -> ScoredDecision:
    return ScoredDecision(
        "lama_dice",
        number,
        "Ann",
        1,
        chosen,
        "roll" if roll < quit_now else "quit",
        {"roll": Fraction(roll), "quit": Fraction(quit_now)},
        True,
        {},
    )


def test_the_accuracy_weighs_each_decision_by_what_was_at_stake() -> None:
    big_right = decision("quit", 10, 4)  # 6 points at stake, kept
    small_wrong = decision("roll", 5, 3)  # 2 at stake, lost
    assert accuracy([big_right, small_wrong]) == 75
    assert accuracy([]) == accuracy([decision("roll", 3, 3)]) == 100
    assert accuracy([small_wrong]) == 0


def test_the_costliest_are_the_three_that_cost_most_earliest_first() -> None:
    made = [decision("roll", 9, 3 + cost % 4, number) for number, cost in enumerate(range(8), 1)]
    assert [(d.cost, d.number) for d in costliest(made)] == [(6, 1), (6, 5), (5, 2)]
    assert costliest([decision("quit", 9, 3)]) == []


def test_a_computer_s_moves_for_an_away_student_are_not_theirs() -> None:
    setup, moves = played("lama_dice", ["bold", "best"], 4)
    first = reviews("lama_dice", setup, 4, moves)["P1"]
    taken = {first.decisions[0].number}
    review = reviews("lama_dice", setup, 4, moves, stand_ins=taken)["P1"]
    assert review.decisions[0].stand_in and len(review.own) == len(first.own) - 1
    assert review.accuracy == accuracy(first.decisions[1:])


def test_a_review_is_of_a_reviewed_game_that_replays() -> None:
    setup, moves = played("lama_dice", ["bold", "best"], 4)
    with pytest.raises(ValueError, match="a game review is for lama, lama_dice, unikat"):
        reviews("mam", setup, 4, moves)
    with pytest.raises(ValueError, match="must roll or quit"):
        reviews("lama_dice", setup, 4, [{"move": "take", "card": 1}])


@pytest.mark.parametrize("game", GAMES)
def test_the_costliest_are_told_in_english_and_in_polish(game: str) -> None:
    careless = "bold" if game == "lama_dice" else "random"
    setup, moves = played(game, [careless, careless], 11)
    costly = next(r for r in reviews(game, setup, 11, moves).values() if r.costliest())
    english = costly.told()
    try:
        use("pl")
        polish = costly.told()
    finally:
        use("en")
    assert len(english) == len(polish) >= 1
    assert all(e != p and p.strip() for e, p in zip(english, polish, strict=True))

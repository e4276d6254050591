"""The results worked out in advance for the lessons (mathcards/lama_dice/known_values.py) are
what the engine computes now: regenerate them with scripts/lama_dice_cache.py if this fails."""

from itertools import pairwise

import pytest

from mathcards.chips import LLAMA as L
from mathcards.lama_dice import known
from mathcards.lama_dice.bots import STRATEGIES
from mathcards.lama_dice.dice import LAYOUTS, parse_dice
from mathcards.lama_dice.known_values import DECISIONS, GAME_WINNERS, LAST_ROUND_TOTALS
from mathcards.lama_dice.policy import last_player
from mathcards.lama_dice.simulate import (
    average_penalties,
    games_won,
    race,
    race_totals,
    simulate_last_player,
)

USUAL = parse_dice(LAYOUTS["The usual dice"])


def test_every_layout_and_lesson_row_is_worked_out():
    for text in LAYOUTS.values():
        dice = parse_dice(text)
        for row in (*known.EXAMPLE_ROWS, known.LESSON_ROW):
            assert known.decision(row, known.LESSON_LLAMA_ROW, dice) is not None
        assert len(known.game_winners(dice, known.GAMES, known.GAMES_SEED)) == known.GAMES
    assert len(DECISIONS) == len(LAYOUTS) * (len(known.EXAMPLE_ROWS) + 1) - len(LAYOUTS)


def test_the_decisions_are_the_exact_ones():
    for (text, row, llama_row), _ in DECISIONS.items():
        if text in (LAYOUTS["The usual dice"], LAYOUTS["One llama a die"]):
            exact = last_player(row, llama_row, parse_dice(text))
            assert known.decision(row, llama_row, parse_dice(text)) == exact


def test_the_simulated_last_rounds_replay():
    for strategy in STRATEGIES:
        scores = simulate_last_player(
            known.LESSON_ROW,
            known.LESSON_LLAMA_ROW,
            strategy,
            known.LAST_ROUNDS,
            seed=known.LAST_ROUNDS_SEED,
            dice=USUAL,
        )
        key = (LAYOUTS["The usual dice"], known.LESSON_ROW, known.LESSON_LLAMA_ROW, strategy)
        assert LAST_ROUND_TOTALS[key] == sum(scores)


def test_the_race_is_each_strategy_playing_the_same_last_rounds():
    row, llama_row = (1, 2, L), known.LESSON_LLAMA_ROW
    totals = race_totals(row, llama_row, 40, seed=5, dice=USUAL)
    assert list(totals) == list(STRATEGIES)
    for strategy in STRATEGIES:
        assert totals[strategy] == sum(
            simulate_last_player(row, llama_row, strategy, 40, seed=5, dice=USUAL)
        )
    progress = list(race(row, llama_row, 40, seed=5, dice=USUAL))
    assert len(progress) == 40 * len(STRATEGIES) and progress[-1] == totals
    assert progress[39] == {**totals, "bold": 0, "best": 0}, "one strategy after another"
    assert average_penalties(totals, 40) == {s: totals[s] / 40 for s in STRATEGIES}


def test_the_lessons_race_is_known_and_the_same_as_the_engines():
    averages = known.average_penalties(
        known.LESSON_ROW, known.LESSON_LLAMA_ROW, USUAL, known.LAST_ROUNDS, known.LAST_ROUNDS_SEED
    )
    assert averages is not None and list(averages) == list(STRATEGIES)
    for strategy, average in averages.items():
        key = (LAYOUTS["The usual dice"], known.LESSON_ROW, known.LESSON_LLAMA_ROW, strategy)
        assert average == LAST_ROUND_TOTALS[key] / known.LAST_ROUNDS
    unknown = known.average_penalties((1,), (2,), USUAL, known.LAST_ROUNDS, 7)
    assert unknown is None


def test_deciding_reads_what_is_known_and_works_out_the_rest():
    for row in (*known.EXAMPLE_ROWS, known.LESSON_ROW):
        decided = known.decide(row, known.LESSON_LLAMA_ROW, USUAL)
        assert decided == known.decision(row, known.LESSON_LLAMA_ROW, USUAL)
    assert known.decide((6,), (3,), USUAL) == last_player((6,), (3,), USUAL)
    each = known.decide((L, L), (3,), USUAL, llama_scoring="each")
    assert each == last_player((L, L), (3,), USUAL, llama_scoring="each") and each.quit == 20


def test_the_first_games_replay():
    players = {strategy: strategy for strategy in STRATEGIES}
    first = [tuple(w) for w in games_won(players, 3, seed=known.GAMES_SEED, dice=USUAL)]
    assert GAME_WINNERS[LAYOUTS["The usual dice"]][:3] == first


def test_anything_else_is_not_known():
    assert known.decision((1,), (2,), USUAL) is None
    assert (
        known.average_penalty(known.LESSON_ROW, known.LESSON_LLAMA_ROW, USUAL, "bold", 10, 7)
        is None
    )
    assert known.game_winners(USUAL, 5, known.GAMES_SEED) is None


def test_the_roll_or_quit_series_goes_through_every_moment_then_again():
    moments = len(known.MOMENTS)
    series = [known.moment(6, number) for number in range(3 * moments)]
    for start in range(0, len(series), moments):
        assert sorted(series[start : start + moments]) == sorted(known.MOMENTS)
    # (seed 6: the shuffle of the second pass begins with the row that ended the first)
    assert all(a != b for a, b in pairwise(series)), "never the same row twice running"
    assert series[moments : 2 * moments] != series[:moments], "each pass in another order"


def test_the_roll_or_quit_series_is_seeded_and_worked_out_for_every_layout():
    assert [known.moment(5, n) for n in range(20)] == [known.moment(5, n) for n in range(20)]
    assert [known.moment(5, n) for n in range(7)] != [known.moment(6, n) for n in range(7)]
    for text in LAYOUTS.values():
        for row, llama_row in known.MOMENTS:
            assert known.decision(row, llama_row, parse_dice(text)) is not None
    actions = {known.decision(*moment, USUAL).action for moment in known.MOMENTS}
    assert actions == {"roll", "quit"}, "some moments call for rolling on, some for quitting"


def test_a_moment_before_the_first_is_refused():
    with pytest.raises(ValueError, match="counted from 0, not -1"):
        known.moment(1, -1)

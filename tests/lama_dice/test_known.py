"""The results worked out in advance for the lessons (mathcards/lama_dice/known_values.py) are
what the engine computes now: regenerate them with scripts/lama_dice_cache.py if this fails."""

from mathcards.lama_dice import known
from mathcards.lama_dice.bots import STRATEGIES
from mathcards.lama_dice.dice import LAYOUTS, parse_dice
from mathcards.lama_dice.known_values import DECISIONS, GAME_WINNERS, LAST_ROUND_TOTALS
from mathcards.lama_dice.policy import last_player
from mathcards.lama_dice.simulate import games_won, simulate_last_player

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

"""Exact odds, the last player's best decision, simulation against both, and random play."""

import math
import random
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mathcards.chips import LLAMA as L
from mathcards.lama_dice.bots import STRATEGIES, chip_for, discard_for, rolls_on
from mathcards.lama_dice.dice import DEFAULT_DICE, Case, outcomes, parse_dice
from mathcards.lama_dice.game import LamaDiceGame, Quit, Roll
from mathcards.lama_dice.odds import chance, roll_odds, shows, three_llamas
from mathcards.lama_dice.policy import last_player
from mathcards.lama_dice.simulate import (
    play,
    running_frequency,
    simulate_games,
    simulate_last_player,
    simulate_rolls,
)

FULL = (1, 2, 3, 4, 5, 6, L)
two_llama_dice = st.lists(
    st.permutations([1, 2, 3, 4, 5, 6]).map(lambda faces: (*sorted(faces[:4]), L, L)),
    min_size=3,
    max_size=3,
).map(tuple)
rows = st.lists(st.sampled_from(FULL), max_size=8).filter(
    lambda row: all(row.count(v) <= 5 for v in range(1, 7)) and row.count(L) <= 6
)


def test_layout_free_facts():
    chance = outcomes()
    assert sum(chance.values()) == 1
    assert sum(p for f, p in chance.items() if f == (L, L, L)) == Fraction(1, 27)
    assert sum(p for f, p in chance.items() if L in f) == Fraction(19, 27)
    for value in range(1, 7):
        assert sum(p for f, p in chance.items() if value in f) == Fraction(11, 36)


def test_what_the_dice_show_exactly():
    assert three_llamas(DEFAULT_DICE) == Fraction(1, 27)
    assert shows(DEFAULT_DICE, L) == Fraction(19, 27)
    assert all(shows(DEFAULT_DICE, value) == Fraction(11, 36) for value in range(1, 7))
    one_llama = parse_dice("12345L,12346L,12356L")
    assert three_llamas(one_llama) == Fraction(1, 216)
    assert shows(one_llama, 4) == 1 - Fraction(5, 6) ** 2, "two dice of three have a 4"
    assert chance(DEFAULT_DICE, lambda faces: L not in faces) == 1 - Fraction(19, 27)
    assert chance(DEFAULT_DICE, lambda faces: True) == 1


@settings(max_examples=40)
@given(two_llama_dice)
def test_three_llamas_is_1_in_27_whatever_the_layout_with_two_llamas_a_die(dice):
    assert roll_odds([1], FULL, dice).three_llamas == Fraction(1, 27)


def test_other_layouts_change_other_odds():
    one_llama = parse_dice("12345L,12346L,12356L")
    assert roll_odds([1], FULL, one_llama).three_llamas == Fraction(1, 216)
    assert roll_odds([1], FULL).discard != roll_odds([1], FULL, one_llama).discard


@settings(max_examples=100)
@given(rows, st.sets(st.sampled_from(FULL)), st.booleans())
def test_the_four_cases_sum_to_one(row, llama_row, alone):
    odds = roll_odds(row, sorted(llama_row), alone=alone)
    assert odds.three_llamas + odds.discard + odds.take + odds.bust == 1
    assert sum(odds.discard_up_to.values()) == odds.discard
    numbers, llamas = {card for card in row if card != L}, row.count(L)
    assert odds.penalty_now == sum(numbers) + (10 if llamas else 0)


def test_the_odds_for_a_known_row():
    odds = roll_odds([1, 1, 3, L], FULL)
    assert odds.three_llamas == Fraction(1, 27)
    assert odds.bust == 0, "every value is in the llama row"
    assert odds.take == Fraction(1, 12) and odds.discard == Fraction(95, 108)


@pytest.mark.parametrize(
    ("row", "llama_row", "message"),
    [
        ([9], FULL, "not a card"),
        ([1] * 7, FULL, "only 6 cards 1"),
        ([L] * 8, FULL, "only 7"),
        ([1], [2, 2], "at most one card of each"),
    ],
)
def test_impossible_rows_are_value_errors(row, llama_row, message):
    with pytest.raises(ValueError, match=message):
        roll_odds(row, llama_row)


def test_the_last_player_decision():
    assert last_player([6], [3]).action == "quit" and last_player([6], [3]).quit == 6
    full = last_player([1, 2, 3, 4, 5, L], FULL)
    assert full.action == "roll" and full.roll < full.quit == 25
    assert last_player([], FULL).expected_penalty == 0


def test_the_policy_value_by_hand_for_one_card():
    # One 6, llama row [3]: a roll shows a 6 with probability 11/36 (then 0 points);
    # three llamas (1/27) mean rolling again; anything else busts for 6 + 3 = 9.
    roll = last_player([6], [3]).roll
    p6, p3 = Fraction(11, 36), Fraction(1, 27)
    assert roll == (1 - p6 - p3) * 9 / (1 - p3)


@pytest.mark.parametrize(
    ("row", "llama_row"), [([1, 2, 3, 4, 5, L], FULL), ([6, 6, L], [2, 3]), ([4, 5], [1, 6, L])]
)
def test_the_policy_value_agrees_with_simulation(row, llama_row):
    exact = float(last_player(row, llama_row).expected_penalty)
    penalties = simulate_last_player(row, llama_row, "best", 4000, seed=11)
    mean = sum(penalties) / len(penalties)
    spread = math.sqrt(sum((p - mean) ** 2 for p in penalties) / (len(penalties) - 1))
    assert abs(mean - exact) < 4 * spread / math.sqrt(len(penalties)) + 1e-9


def test_best_does_no_worse_than_cautious_or_bold_in_simulation():
    means = {
        s: sum(simulate_last_player([1, 2, 3, 4, 5, L], FULL, s, 3000, seed=2)) / 3000
        for s in ("cautious", "bold", "best")
    }
    assert means["best"] <= min(means["cautious"], means["bold"])


def test_simulated_rolls_converge_to_the_exact_odds():
    row = [1, 1, 3, L]
    cases = simulate_rolls(row, FULL, 100_000, seed=4)
    odds = roll_odds(row, FULL)
    counts = Counter(cases)
    for case in Case:
        p = float(odds.of(case))
        bound = 4 * math.sqrt(p * (1 - p) / len(cases)) + 1e-9
        assert abs(counts[case] / len(cases) - p) < bound
    shares = running_frequency(cases, Case.TAKE)
    assert len(shares) == len(cases) and shares[-1] == counts[Case.TAKE] / len(cases)


def test_simulations_are_seeded():
    assert simulate_rolls([1], FULL, 50, seed=3) == simulate_rolls([1], FULL, 50, seed=3)
    with pytest.raises(ValueError, match="rolls"):
        simulate_rolls([1], FULL, -1)
    with pytest.raises(ValueError, match="unknown strategy 'reckless'"):
        simulate_last_player([1], FULL, "reckless", 1)


def test_whole_games_between_computer_players():
    wins = simulate_games({"C": "cautious", "B": "bold", "X": "best"}, 30, seed=1)
    assert 30 <= sum(wins.values()) <= 33, "every game has a winner; ties are rare"
    assert wins.most_common(1)[0][0] == "X", "the best player wins most often"
    assert wins["X"] > wins["B"] and wins["C"] > 0


# ---------------------------------------------------------------- every option reaches every part

TWO_LLAMAS = [3, L, L]


def test_llama_scoring_reaches_the_odds():
    assert roll_odds(TWO_LLAMAS, FULL).penalty_now == 13
    assert roll_odds(TWO_LLAMAS, FULL, llama_scoring="each").penalty_now == 23
    with pytest.raises(ValueError, match="llama_scoring"):
        roll_odds(TWO_LLAMAS, FULL, llama_scoring="twice")


def test_llama_scoring_reaches_the_last_player_policy():
    once = last_player([L, L], [3])
    each = last_player([L, L], [3], llama_scoring="each")
    assert (once.quit, each.quit) == (10, 20)
    assert (once.roll, each.roll) == (Fraction(76, 13), Fraction(116, 13))


def test_llama_scoring_reaches_the_computer_players():
    # Cautious quits once the row scores 12 or less: two llamas score 10, or 20 each.
    assert not rolls_on("cautious", (L, L), FULL, DEFAULT_DICE, alone=False)
    assert rolls_on("cautious", (L, L), FULL, DEFAULT_DICE, alone=False, llama_scoring="each")
    # Best keeps a 1 with its llama when a llama costs 10 in all, not when it costs 10 each.
    row, faces = (1, 1, 1, L), (6, 1, 1)
    assert discard_for("best", faces, row, FULL, DEFAULT_DICE, "once") == (1,)
    assert discard_for("best", faces, row, FULL, DEFAULT_DICE, "each") == (1, 1)


@pytest.mark.parametrize(("scoring", "move"), [("once", Quit()), ("each", Roll())])
def test_llama_scoring_reaches_a_computer_player_in_a_game(scoring, move):
    game = LamaDiceGame(["Ann", "Ben"], seed=1, llama_scoring=scoring)
    game.rows["Ann"] = (L, L)
    cautious = STRATEGIES["cautious"]
    assert cautious(game.view("Ann"), game.legal_actions("Ann"), random.Random(0)) == move


def test_llama_scoring_reaches_simulation():
    once = simulate_last_player([L, L], [3], "cautious", 50, seed=1)
    each = simulate_last_player([L, L], [3], "cautious", 50, seed=1, llama_scoring="each")
    assert set(once) <= {0, 10, 13} and 20 in each


def test_a_bot_game_ends():
    game = LamaDiceGame(["A", "B"], seed=1, dice=DEFAULT_DICE)
    play(game, {"A": "best", "B": "cautious"})
    assert game.over


@pytest.mark.parametrize(("lama20", "chip"), [(False, 10), (True, 20)])
def test_lama20_reaches_the_computer_players(lama20, chip):
    game = LamaDiceGame(["Ann", "Ben"], seed=1, lama20=lama20)
    game.points["Ann"] = 25
    assert chip_for(game.view("Ann")).chip == chip


def test_a_long_row_is_worked_out_exactly_and_an_impossible_one_refused():
    twelve = (1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, L)
    decision = last_player(twelve, [1])
    assert decision.quit == 31 and decision.action == "roll"
    assert decision.roll == Fraction(15237617839364122549829971, 3202064437135361580204032)
    with pytest.raises(ValueError, match="at most 13 cards together"):
        last_player(twelve, [1, 2])

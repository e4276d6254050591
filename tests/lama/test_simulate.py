"""LAMA's seeded simulations: dealt hands settle on the exact chance of a run; a moment to
decide comes from a real game, with no card that fits and a draw allowed."""

import pytest

from mathcards.frequency import running_frequency
from mathcards.lama import Draw, Play, is_run, run_chance
from mathcards.lama.cards import HAND_SIZE, Card, make_deck
from mathcards.lama.simulate import draw_or_quit, moment, next_moment, simulate_runs
from tests.lama.test_odds import within


@pytest.mark.parametrize("deck", ["classic", "party"])
def test_simulated_runs_settle_on_the_exact_chance(deck):
    runs = simulate_runs(deck, 20_000, seed=8)
    assert len(runs) == 20_000 and within(run_chance(deck), sum(runs), len(runs))
    shares = running_frequency(runs, True)
    assert len(shares) == len(runs) and shares[-1] == sum(runs) / len(runs)


def test_simulated_hands_are_six_cards_from_the_whole_deck_and_seeded():
    assert simulate_runs("classic", 300, seed="a") == simulate_runs("classic", 300, seed="a")
    assert simulate_runs("classic", 300, seed="a") != simulate_runs("classic", 300, seed="b")
    assert simulate_runs("classic", 0, seed=1) == []
    ones = make_deck("ones", {Card.ONE: HAND_SIZE})  # one hand only: six 1s, a run
    assert simulate_runs(ones, 3, seed=1) == [True] * 3 == [is_run([Card.ONE] * HAND_SIZE)] * 3


def test_the_moment_to_decide_is_no_card_that_fits_and_a_draw_allowed():
    assert draw_or_quit([Draw(), Play(Card.ONE)]) is False
    assert draw_or_quit([Draw()]) is True and draw_or_quit([]) is False


def test_a_moment_comes_from_a_seeded_game_played_by_bold_computers():
    seed, game = next_moment("classic", 4, ["Ty", "Ada", "Ben"])
    assert seed > 4 and game.player == "Ty" and not game.round_over
    legal = game.legal_actions()
    assert Draw() in legal and not any(isinstance(action, Play) for action in legal)
    assert moment("classic", seed, ["Ty", "Ada", "Ben"]).log == game.log, "the seed replays it"
    for skipped in range(5, seed):
        assert moment("classic", skipped, ["Ty", "Ada", "Ben"]) is None


def test_no_moment_in_fifty_games_says_so():
    always_fits = make_deck("ones", {Card.ONE: 30})
    with pytest.raises(ValueError, match="no game came to a moment to decide"):
        next_moment(always_fits, 0, ["Ty", "Ada"])

"""Computer players: legal moves from their own view only, and the expert wins most often."""

import copy
import random

import pytest

from mathcards.engine import computer_move
from mathcards.unikat.bots import STRATEGIES, check_strategy, computers, play_game, tournament
from mathcards.unikat.cards import card
from mathcards.unikat.chain import best_chain
from mathcards.unikat.game import Phase, UnikatGame
from tests.unikat.stack import deal, scramble_hidden


def choose(game, strategy, rng):
    """The move a computer player with this strategy makes now, from its own view alone."""
    player = game.current_players()[0]
    return STRATEGIES[strategy](game.view(player), game.legal_actions(player), rng)


def test_every_move_a_computer_player_makes_is_legal():
    for seed, strategies in enumerate([("random", "greedy"), ("expert", "random", "greedy")]):
        names = {f"{s} {i}": s for i, s in enumerate(strategies)}
        game = UnikatGame(list(names), seed=seed)
        rng = random.Random(seed)
        while not game.over:
            move = choose(game, names[game.current_players()[0]], rng)
            assert move in game.legal_actions()
            game.apply(move)


@pytest.mark.parametrize("strategy", sorted(STRATEGIES))
def test_a_computer_player_sees_only_its_own_view(strategy):
    for seed in range(6):
        game = UnikatGame(["Ann", "Ben", "Cy"], seed=seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(5, 60)):
            if game.round_over:
                break
            game.apply(choose(game, "greedy", rng))
        if game.round_over:
            continue
        other = copy.deepcopy(game)
        scramble_hidden(other, game.current_players()[0], random.Random(seed))
        assert other.racks != game.racks or other.bag != game.bag
        assert choose(other, strategy, random.Random(1)) == choose(game, strategy, random.Random(1))


def test_unknown_strategies_are_refused():
    with pytest.raises(ValueError, match="unknown strategy 'clever': choose one of random, greedy"):
        check_strategy("clever")
    with pytest.raises(ValueError, match="choose one of random, greedy, expert"):
        play_game({"Ann": "clever", "Ben": "greedy"}, seed=1)


def test_the_engine_moves_the_computer_player_whose_turn_it_is():
    game = UnikatGame(["Ann", "Ben"], seed=2)
    players = computers({"Ben": "greedy"})
    assert computer_move(game, players, random.Random(0)) is None, "Ann is a person"
    while game.current_players() == ["Ann"]:  # the rest of Ann's turn
        game.apply(choose(game, "greedy", random.Random(0)))
    event = computer_move(game, players, random.Random(0))
    assert event is not None and event.player == "Ben"


def cards_laid_in_one_turn(game, strategy):
    """Let a computer player take one whole turn; how many cards did it lay?"""
    player, before = game.current_players()[0], len(game.board)
    rng = random.Random(0)
    while game.current_players() == [player] and game.phase is not Phase.DRAW:
        game.apply(choose(game, strategy, rng))
    return len(game.board) - before


def a_turn_start(seed: int) -> UnikatGame:
    """A game played by greedy players until some cards lie, at the start of a turn."""
    game = UnikatGame(["Ann", "Ben"], seed=seed)
    rng = random.Random(seed)
    while not game.round_over and (len(game.board) < 15 + seed % 30 or game.phase != Phase.ACT):
        game.apply(choose(game, "greedy", rng))
    return game


def test_greedy_lays_the_longest_chain_and_the_expert_as_many_or_more():
    more = 0
    for seed in range(40):
        game = a_turn_start(seed)
        if game.round_over:
            continue
        longest = len(best_chain(game.board, game.racks[game.current_players()[0]]))
        greedy = cards_laid_in_one_turn(copy.deepcopy(game), "greedy")
        expert = cards_laid_in_one_turn(copy.deepcopy(game), "expert")
        assert greedy >= longest and expert >= greedy, seed
        more += expert > greedy
    assert more >= 3, "the expert's double moves lay more cards in some turns"


def test_the_expert_takes_a_double_move_when_it_lays_more_that_turn():
    game = deal({"Ann": "swb2 swg3 swy3 sry3", "Ben": "swb3"})
    game.racks["Ben"].remove(card("swb3"))
    game.board[(2, 0)] = card("swb3")  # a gap at 1,0 that only the medium star fills
    assert len(best_chain(game.board, game.racks["Ann"])) == 3
    assert cards_laid_in_one_turn(copy.deepcopy(game), "greedy") == 3
    assert cards_laid_in_one_turn(game, "expert") == 4, "the medium star first, then the chain"
    assert game.board[(1, 0)] == card("swb2")


def test_a_seeded_tournament_the_expert_wins_most_often():
    wins = tournament(["expert", "greedy", "random"], games=30, seed=7)
    assert wins["expert"] > 2 * wins["greedy"] and wins["greedy"] >= wins["random"], wins
    assert wins == tournament(["expert", "greedy", "random"], games=30, seed=7), "seeded"
    heads_up = tournament(["expert", "greedy"], games=30, seed=11)
    assert heads_up["expert"] > heads_up["greedy"], heads_up


def test_a_game_between_computer_players_ends_with_a_winner():
    game = play_game({"Ann": "greedy", "Ben": "expert"}, seed=3, rounds_to_play=2)
    assert game.over and game.rounds == 2 and game.winners()
    assert game.legal_actions() == []

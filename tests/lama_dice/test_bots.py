"""LAMA Dice's computer players: strategies that choose one of the legal moves from what their
player may see, `(view, legal, rng)`, never from the game."""

import ast
import random
from pathlib import Path

import pytest

from mathcards.engine import ChanceOutcome, computer_move
from mathcards.lama_dice import bots
from mathcards.lama_dice.bots import STRATEGIES, check_strategy
from mathcards.lama_dice.game import LamaDiceGame
from mathcards.lama_dice.simulate import play


def test_the_strategies_by_name():
    assert list(STRATEGIES) == ["cautious", "bold", "best"]
    assert all(check_strategy(name) == name for name in STRATEGIES)
    with pytest.raises(ValueError, match="unknown strategy 'reckless': choose one of cautious"):
        check_strategy("reckless")


@pytest.mark.parametrize("strategy", list(STRATEGIES))
def test_every_strategy_picks_a_legal_move_from_its_view(strategy):
    choose = STRATEGIES[strategy]
    for seed in range(15):
        game = LamaDiceGame(["Ann", "Ben", "Cy"], seed=seed, lama20=seed % 2 == 1, scripted=True)
        rng = random.Random(seed)
        for _ in range(300):
            if game.over:
                break
            if game.round_over:
                game.next_round()
            elif game.chance_outcomes():
                faces = rng.choice(sorted(game.chance_outcomes()))
                game.apply(ChanceOutcome(faces))
            else:
                player = game.player
                legal = game.legal_actions(player)
                move = choose(game.view(player), legal, rng)
                assert move in legal, (strategy, move, legal)
                game.apply(move)


def test_computer_players_never_read_the_game():
    """bots.py names no game: a strategy has only the view, the legal moves and an rng."""
    tree = ast.parse(Path(bots.__file__).read_text())
    names = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}
    modules = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert "LamaDiceGame" not in names and "mathcards.lama_dice.game" not in modules


def test_computer_players_play_a_whole_game_through_the_engines_one_computer_move():
    game = LamaDiceGame(["Cleo", "Bea"], seed=8)
    computers = {"Cleo": STRATEGIES["cautious"], "Bea": STRATEGIES["bold"]}
    rng = random.Random(0)
    for _ in range(10_000):
        if game.over:
            break
        if game.round_over:
            game.next_round()
        else:
            assert computer_move(game, computers, rng) is not None
    assert game.over
    replay = LamaDiceGame(["Cleo", "Bea"], seed=8)
    play(replay, {"Cleo": "cautious", "Bea": "bold"})
    assert replay.log == game.log


def test_play_refuses_an_unknown_strategy():
    with pytest.raises(ValueError, match="unknown strategy"):
        play(LamaDiceGame(["Ann", "Ben"], seed=1), {"Ann": "best", "Ben": "reckless"})

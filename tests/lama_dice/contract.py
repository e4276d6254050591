"""LAMA Dice in the shared engine contract test."""

from __future__ import annotations

import random
from collections import Counter

from mathcards.chips import LLAMA
from mathcards.engine import ChanceOutcome
from mathcards.lama_dice.dice import VALUES, parse_dice
from mathcards.lama_dice.game import (
    CARDS,
    Discard,
    LamaDiceGame,
    Phase,
    Quit,
    ReturnChip,
    Roll,
    Take,
)
from tests.contract import EngineCase

ONE_LLAMA_DICE = parse_dice("12345L,12346L,12356L")


def new_game(seed: int, scripted: bool) -> LamaDiceGame:
    """2–6 players, with every option and two dice layouts spread over the seeds."""
    rng = random.Random(f"set-up/{seed}")
    return LamaDiceGame(
        [f"P{i}" for i in range(rng.randint(2, 6))],
        seed=seed,
        scripted=scripted,
        lama20=rng.random() < 0.3,
        llama_scoring=rng.choice(["once", "each"]),
        **({"dice": ONE_LLAMA_DICE} if rng.random() < 0.2 else {}),
    )


def cards(game: LamaDiceGame) -> Counter:
    return game.all_cards()


def scramble_hidden(game: LamaDiceGame, player: str, rng: random.Random) -> None:
    """Only the cards left out of the round are face down."""
    rng.shuffle(game.out_of_round)
    game.out_of_round.reverse()


def illegal(game: LamaDiceGame, rng: random.Random) -> list:
    """Moves of the wrong phase, cards not in play, chips not held, and non-moves."""
    moves: list = ["roll", None, ReturnChip(7), Take(9), Discard((9,))]
    if game.phase is not Phase.TURN:
        moves += [Roll(), Quit()]
    if game.phase is Phase.TURN:
        moves += [Discard((1,)), Take(1)]
    if game.faces:
        unseen = next(value for value in VALUES if value not in game.faces)
        moves += [Take(unseen), Discard((unseen,))]
    if game.phase is not Phase.CHANCE:
        moves.append(ChanceOutcome((LLAMA, LLAMA, LLAMA)))
    return moves


def invariant(game: LamaDiceGame) -> None:
    assert len(set(game.llama_row)) == len(game.llama_row), "one llama-row card of each value"
    assert sum(game.all_cards().values()) == sum(CARDS.values()) == 43
    if game.over:
        assert max(game.scores().values()) >= 40


CASE = EngineCase(
    name="lama_dice",
    new_game=new_game,
    cards=cards,
    scramble_hidden=scramble_hidden,
    illegal=illegal,
    invariant=invariant,
    games=300,
)

"""Computer players for LAMA Dice: cautious, bold, and best. Each only picks legal actions.

- cautious quits early: once the row scores 12 or less, or a bust is more likely than 1 in 10;
- bold rolls while it can, and never quits;
- best rolls when the last-player calculation says rolling on costs less than quitting
  (exact when it is the last player; a good guide before that).
All of them take the llama-row card that adds the least penalty and return their largest chip;
cautious and bold discard what saves the most points now, best what leaves it best off.
"""

from __future__ import annotations

from fractions import Fraction

from mathcards.chips import penalty
from mathcards.lama_dice.dice import Dice, Faces, Row, discard_choices, without
from mathcards.lama_dice.game import (
    Action,
    Discard,
    LamaDiceGame,
    Quit,
    Roll,
    Take,
    computer_chip,
)
from mathcards.lama_dice.odds import roll_odds
from mathcards.lama_dice.policy import best_discard, last_player

STRATEGIES = ("cautious", "bold", "best")
CAUTIOUS_PENALTY = 12
CAUTIOUS_BUST = Fraction(1, 10)


def check_strategy(strategy: str) -> str:
    if strategy not in STRATEGIES:
        raise ValueError(f"unknown player {strategy!r}: choose one of {', '.join(STRATEGIES)}")
    return strategy


def rolls_on(strategy: str, row: Row, llama_row: Row, dice: Dice, *, alone: bool) -> bool:
    """Does this player roll (rather than quit) with these rows?"""
    if strategy == "bold":
        return True
    if strategy == "best":
        return last_player(row, llama_row, dice).action == "roll"
    odds = roll_odds(row, llama_row, dice, alone=alone)
    return odds.penalty_now > CAUTIOUS_PENALTY and odds.bust <= CAUTIOUS_BUST


def discard_for(strategy: str, faces: Faces, row: Row, llama_row: Row, dice: Dice) -> Row:
    """The cards this player discards after a matching roll."""
    if strategy == "best":
        return best_discard(faces, row, llama_row, dice)
    return max(
        discard_choices(faces, row),
        key=lambda cards: (penalty(row) - penalty(without(row, cards)), len(cards)),
    )


def choose(game: LamaDiceGame, strategy: str) -> Action:
    """The computer player's move, one of `game.legal_actions()`."""
    check_strategy(strategy)
    if game.pending == "chip":
        return computer_chip(game)
    if game.pending == "take":
        return min(
            game.legal_actions(), key=lambda take: (penalty((*game.row, take.card)), take.card)
        )
    if game.pending == "discard":
        return Discard(discard_for(strategy, game.faces, game.row, game.llama_row, game.dice))
    rolls = rolls_on(strategy, game.row, game.llama_row, game.dice, alone=game.alone)
    return Roll() if rolls else Quit()


__all__ = ["STRATEGIES", "Take", "choose", "discard_for", "rolls_on"]

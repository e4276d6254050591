"""Computer players for LAMA Dice: cautious, bold, and best. Each only picks legal actions.

- cautious quits early: once the row scores 12 or less, or a bust is more likely than 1 in 10;
- bold rolls while it can, and never quits;
- best rolls when the last-player calculation says rolling on costs less than quitting
  (exact when it is the last player; a good guide before that).
All of them take the llama-row card that adds the least penalty and return their largest chip;
cautious and bold discard what saves the most points now, best what leaves it best off. Every
decision uses the game's dice and llama scoring.
"""

from __future__ import annotations

from fractions import Fraction

from mathcards.chips import best_return, penalty
from mathcards.i18n import _
from mathcards.lama_dice.dice import Dice, Faces, Row, discard_choices, without
from mathcards.lama_dice.game import (
    Action,
    Discard,
    LamaDiceGame,
    Phase,
    Quit,
    ReturnChip,
    Roll,
    Take,
)
from mathcards.lama_dice.odds import roll_odds
from mathcards.lama_dice.policy import best_discard, last_player

STRATEGIES = ("cautious", "bold", "best")
CAUTIOUS_PENALTY = 12
CAUTIOUS_BUST = Fraction(1, 10)


def check_strategy(strategy: str) -> str:
    """A computer player's name must be one of STRATEGIES."""
    if strategy not in STRATEGIES:
        raise ValueError(
            _("unknown player {strategy}: choose one of {strategies}").format(
                strategy=repr(strategy), strategies=", ".join(STRATEGIES)
            )
        )
    return strategy


def rolls_on(
    strategy: str, row: Row, llama_row: Row, dice: Dice, *, alone: bool, llama_scoring: str = "once"
) -> bool:
    """Does this player roll (rather than quit) with these rows?"""
    if strategy == "bold":
        return True
    if strategy == "best":
        return last_player(row, llama_row, dice, llama_scoring=llama_scoring).action == "roll"
    odds = roll_odds(row, llama_row, dice, alone=alone, llama_scoring=llama_scoring)
    return odds.penalty_now > CAUTIOUS_PENALTY and odds.bust <= CAUTIOUS_BUST


def discard_for(
    strategy: str, faces: Faces, row: Row, llama_row: Row, dice: Dice, llama_scoring: str = "once"
) -> Row:
    """The cards this player discards after a matching roll."""
    if strategy == "best":
        return best_discard(faces, row, llama_row, dice, llama_scoring)

    def saved(cards: Row) -> tuple[int, int]:
        left = without(row, cards)
        return penalty(row, llama_scoring=llama_scoring) - penalty(
            left, llama_scoring=llama_scoring
        ), len(cards)

    return max(discard_choices(faces, row), key=saved)


def take_for(game: LamaDiceGame) -> Take:
    """The llama-row card that adds the least penalty to the row (the lower one on a tie)."""

    def added(take: Take) -> tuple[int, int]:
        return penalty((*game.row, take.card), llama_scoring=game.llama_scoring), take.card

    return min((a for a in game.legal_actions() if isinstance(a, Take)), key=added)


def chip_for(game: LamaDiceGame) -> ReturnChip:
    """Computer players return the largest chip they hold."""
    return ReturnChip(best_return(game.points[game.player], pink=game.lama20))


def choose(game: LamaDiceGame, strategy: str) -> Action:
    """The computer player's move, one of `game.legal_actions()`."""
    check_strategy(strategy)
    if game.phase is Phase.CHIP:
        return chip_for(game)
    if game.phase is Phase.TAKE:
        return take_for(game)
    if game.phase is Phase.DISCARD:
        assert game.faces is not None
        return Discard(
            discard_for(
                strategy, game.faces, game.row, game.llama_row, game.dice, game.llama_scoring
            )
        )
    rolls = rolls_on(
        strategy,
        game.row,
        game.llama_row,
        game.dice,
        alone=game.alone,
        llama_scoring=game.llama_scoring,
    )
    return Roll() if rolls else Quit()

"""Computer players for LAMA Dice: cautious, bold, and best. Each is a strategy, a function
`(view, legal, rng) -> action` that sees only `view(player)` (in LAMA Dice all of the table but
the cards out of the round) and picks one of the legal moves.

- cautious quits early: once the row scores 12 or less, or a bust is more likely than 1 in 10;
- bold rolls while it can, and never quits;
- best rolls when the last-player calculation says rolling on costs less than quitting
  (exact when it is the last player; a good guide before that).
All of them take the llama-row card that adds the least penalty and return their largest chip;
cautious and bold discard what saves the most points now, best what leaves it best off. Every
decision uses the dice and llama scoring on the table.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction

from mathcards import engine
from mathcards.chips import ReturnChip, best_return, penalty
from mathcards.engine import Quit
from mathcards.lama_dice.dice import Dice, Faces, Row, discard_choices, without
from mathcards.lama_dice.moves import Action, Discard, LamaDiceView, Phase, Roll, Take
from mathcards.lama_dice.odds import roll_odds
from mathcards.lama_dice.policy import best_discard, last_player

Strategy = Callable[[LamaDiceView, list[Action], random.Random], Action]
CAUTIOUS_PENALTY = 12
CAUTIOUS_BUST = Fraction(1, 10)


def check_strategy(strategy: object) -> str:
    """One of `STRATEGIES`, or a ValueError naming them."""
    return engine.check_strategy(strategy, STRATEGIES)


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


def take_for(view: LamaDiceView, legal: list[Action]) -> Take:
    """The llama-row card that adds the least penalty to the row (the lower one on a tie)."""

    def added(take: Take) -> tuple[int, int]:
        return penalty((*view.row, take.card), llama_scoring=view.llama_scoring), take.card

    return min((action for action in legal if isinstance(action, Take)), key=added)


def chip_for(view: LamaDiceView) -> ReturnChip:
    """Computer players return the largest chip they hold."""
    return ReturnChip(best_return(view.scores[view.viewer], pink=view.lama20))


def move(strategy: str, view: LamaDiceView, legal: list[Action]) -> Action:
    """The move `strategy` makes, one of `legal`, decided from `view` alone."""
    if view.phase is Phase.CHIP:
        return chip_for(view)
    if view.phase is Phase.TAKE:
        return take_for(view, legal)
    if view.phase is Phase.DISCARD:
        assert view.faces is not None, "the dice have been rolled"
        cards = discard_for(
            strategy, view.faces, view.row, view.llama_row, view.dice, view.llama_scoring
        )
        return Discard(cards)
    rolls = rolls_on(
        strategy,
        view.row,
        view.llama_row,
        view.dice,
        alone=view.alone,
        llama_scoring=view.llama_scoring,
    )
    return Roll() if rolls else Quit()


def cautious(view: LamaDiceView, legal: list[Action], rng: random.Random) -> Action:
    """Quit once the row scores 12 or less, or a bust is more likely than 1 in 10."""
    return move("cautious", view, legal)


def bold(view: LamaDiceView, legal: list[Action], rng: random.Random) -> Action:
    """Roll while it can; never quit."""
    return move("bold", view, legal)


def best(view: LamaDiceView, legal: list[Action], rng: random.Random) -> Action:
    """Roll when the last player's exact calculation says rolling on costs less."""
    return move("best", view, legal)


STRATEGIES: dict[str, Strategy] = {"cautious": cautious, "bold": bold, "best": best}

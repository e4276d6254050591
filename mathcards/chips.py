"""Penalty points and chips, shared by LAMA and LAMA Dice
(docs/rules.md#penalty-points-and-chips).

Chips are white (1), black (10) and, with LAMA 20 or PARTy, pink (20). Ten whites become a
black at once, so a player's score is all that needs keeping.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from mathcards.i18n import N_, _

LLAMA = 7  # a llama card or die face; it sits above 6
GAME_END = 40
LLAMA_SCORING = ("once", "each")  # one or more llamas score 10 in all, or 10 each (seed 000)
LLAMA_SCORING_WORDS = {  # each llama-scoring option as a player reads it
    "once": N_("one or more llamas score 10 in all"),
    "each": N_("every llama scores 10"),
}


@dataclass(frozen=True)
class ReturnChip:
    """Give back one of your chips (its points come off): after emptying your hand or row, or
    after three llamas in LAMA Dice."""

    chip: int


def check_llama_scoring(llama_scoring: str) -> str:
    """The llama-scoring option: 'once' (the rulebook) or 'each' (seed 000's variant)."""
    if llama_scoring not in LLAMA_SCORING:
        sentence = _("llama_scoring is 'once' or 'each', not {value}")
        raise ValueError(sentence.format(value=repr(llama_scoring)))
    return llama_scoring


def penalty(cards: Iterable[int], *, llama_scoring: str = "once") -> int:
    """Each distinct number scores its face value once; llamas score 10 (in all, or each)."""
    check_llama_scoring(llama_scoring)
    held = list(cards)
    numbers = {card for card in held if card != LLAMA}
    llamas = held.count(LLAMA)
    return sum(numbers) + 10 * (min(llamas, 1) if llama_scoring == "once" else llamas)


def chip_stack(score: int, *, pink: bool = False) -> tuple[int, ...]:
    """The chips that make a score, largest first: whites change up to blacks (and pinks)."""
    pinks, rest = divmod(score, 20) if pink else (0, score)
    blacks, whites = divmod(rest, 10)
    return (20,) * pinks + (10,) * blacks + (1,) * whites


def returnable(score: int, *, pink: bool = False) -> list[int]:
    """The chips a player with `score` holds and may return (largest first).

    Without pink chips whites are always changed up to blacks, so a white is held only when
    the score is not a multiple of ten; with LAMA 20 chips may be exchanged freely.
    """
    if score < 0:
        raise ValueError(_("a score is 0 or more, not {score}").format(score=score))
    chips = []
    if pink and score >= 20:
        chips.append(20)
    if score >= 10:
        chips.append(10)
    if score % 10 or (pink and score > 0):
        chips.append(1)
    return chips


def best_return(score: int, *, pink: bool = False) -> int:
    """The chip a sensible player returns: the largest they hold (0 when they hold none)."""
    chips = returnable(score, pink=pink)
    return chips[0] if chips else 0

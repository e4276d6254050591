"""The target game "MAM!": cards and dice, the solver, and the answer checker."""

from mathcards.mam.cards import DECK, LEVELS, Level, deal, level
from mathcards.mam.solver import (
    MAX_CARDS,
    Reach,
    Solution,
    best,
    is_solvable,
    reachable,
    simplest,
    solve,
)
from mathcards.mam.steps import MAX_POWER

__all__ = [
    "DECK",
    "LEVELS",
    "MAX_CARDS",
    "MAX_POWER",
    "Level",
    "Reach",
    "Solution",
    "best",
    "deal",
    "is_solvable",
    "level",
    "reachable",
    "simplest",
    "solve",
]

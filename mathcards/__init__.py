"""mathcards: mathematics with Reiner Knizia's card and dice games.

The engine room: rules, solver, probability and computer players, in plain Python and sympy.
"""

from mathcards.mam import (
    LEVELS,
    Level,
    Solution,
    best,
    deal,
    is_solvable,
    level,
    reachable,
    simplest,
    solve,
)
from mathcards.mam.check import Verdict, check

__version__ = "0.1.0"
__all__ = [
    "LEVELS",
    "Level",
    "Solution",
    "Verdict",
    "best",
    "check",
    "deal",
    "is_solvable",
    "level",
    "reachable",
    "simplest",
    "solve",
]

"""mathcards: mathematics with Reiner Knizia's card and dice games.

The engine room: rules, solver, probability and computer players, in plain Python and sympy.
`from mathcards import solve` and the rest of MAM!'s front door load MAM! when first used, so
that a page of another game, importing only `mathcards.i18n`, loads no MAM!
(docs/design.md#what-is-imported-late-and-why).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mathcards.lazy import lazy

if TYPE_CHECKING:
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
    from mathcards.mam.checker import Verdict, check

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

# MAM!'s front door, loaded when first used: a page of another game never loads MAM!
__getattr__, __dir__ = lazy(globals(), dict.fromkeys(__all__, "mathcards.mam"))

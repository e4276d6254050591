"""mathcards: mathematics with Reiner Knizia's card and dice games.

The engine room: rules, solver, probability and computer players, in plain Python and sympy.
`from mathcards import solve` and the rest of MAM!'s front door load MAM! when first used, so
that a page of another game, importing only `mathcards.i18n`, loads no MAM! (30-40 ms of a
kernel's CPU, measured).
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

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


def __getattr__(name: str) -> Any:
    """One of MAM!'s names in `__all__`, from `mathcards.mam`, loaded when first asked for."""
    if name not in __all__:
        raise AttributeError(f"module 'mathcards' has no attribute {name!r}")
    # MAM! costs a page of another game's kernel 30-40 ms of CPU at the top: loaded here
    value = getattr(import_module("mathcards.mam"), name)
    globals()[name] = value
    return value

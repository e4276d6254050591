"""The target game "MAM!" as ipywidgets, one module per thing a page shows: the card table, one
class per way to play (the class on the projector, against computer players, alone) picked by
`MamTable(mode=…)`, a self-paced practice session, the explorers of the solver, and the odds of
each level's targets.

Every button calls the engine in `mathcards.mam`, then re-renders from the engine's state;
the render functions are pure (state → HTML) and no rule lives here. Counting calculations
works with sympy: it is imported when a page first asks for it (`__getattr__`), so that the
other pages open without sympy.
"""

from importlib import import_module
from typing import TYPE_CHECKING, Any

from widgets.mam.cards import AnswerBox, render_preview, render_solutions, render_table
from widgets.mam.class_table import ClassTable
from widgets.mam.explorers import (
    QuickDeal,
    SameSolution,
    SolverExplorer,
    counting_table,
    render_comparison,
)
from widgets.mam.modes import MamTable
from widgets.mam.odds import AllLevels, TargetOdds, solvability_table
from widgets.mam.practice import PracticeSession, render_report
from widgets.mam.solo_table import SoloTable
from widgets.mam.table import TableOptions, TargetTable
from widgets.mam.versus_table import VersusTable

if TYPE_CHECKING:
    from widgets.mam.counting import CountingCalculations, counts_table, render_count

WITH_SYMPY = dict.fromkeys(
    ["CountingCalculations", "counts_table", "render_count"], "widgets.mam.counting"
)

__all__ = [
    "AllLevels",
    "AnswerBox",
    "ClassTable",
    "CountingCalculations",
    "MamTable",
    "PracticeSession",
    "QuickDeal",
    "SameSolution",
    "SoloTable",
    "SolverExplorer",
    "TableOptions",
    "TargetOdds",
    "TargetTable",
    "VersusTable",
    "counting_table",
    "counts_table",
    "render_comparison",
    "render_count",
    "render_preview",
    "render_report",
    "render_solutions",
    "render_table",
    "solvability_table",
]


def __getattr__(name: str) -> Any:
    """Counting calculations, imported from its module when a page first asks for it."""
    if name not in WITH_SYMPY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(WITH_SYMPY[name]), name)  # sympy: 0.2 s at first import

"""The target game "MAM!" as ipywidgets, one module per thing a page shows: the card table
(class, versus-computer and practice modes), a self-paced practice session, the explorers of
the solver, and the odds of each level's targets.

Every button calls the engine in `mathcards.mam`, then re-renders from the engine's state;
the render functions are pure (state → HTML) and no rule lives here.
"""

from widgets.mam.cards import AnswerBox, render_preview, render_solutions, render_table
from widgets.mam.counting import CountingCalculations, counts_table, render_count
from widgets.mam.explorers import (
    QuickDeal,
    SameSolution,
    SolverExplorer,
    counting_table,
    render_comparison,
)
from widgets.mam.odds import AllLevels, TargetOdds, solvability_table
from widgets.mam.practice import PracticeSession, render_report
from widgets.mam.table import MamTable

__all__ = [
    "AllLevels",
    "AnswerBox",
    "CountingCalculations",
    "MamTable",
    "PracticeSession",
    "QuickDeal",
    "SameSolution",
    "SolverExplorer",
    "TargetOdds",
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

"""The target game "MAM!" as ipywidgets, one module per thing a page shows: the card table, one
class per way to play (the class on the projector, against computer players, alone) picked by
`MamTable(mode=…)`, a self-paced practice session, the explorers of the solver, and the odds of
each level's targets.

Every button calls the engine in `mathcards.mam`, then re-renders from the engine's state;
the render functions are pure (state → HTML) and no rule lives here. Each module is imported
when a page first asks for one of its names (`__getattr__`): a page loads only what it shows,
and only counting calculations loads sympy.
"""

from typing import TYPE_CHECKING

from mathcards.lazy import lazy

if TYPE_CHECKING:
    from widgets.mam.cards import AnswerBox, render_preview, render_solutions, render_table
    from widgets.mam.class_table import ClassTable
    from widgets.mam.counting import CountingCalculations, counts_table, render_count
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

HOMES = {  # each name's module, imported when a page first asks for the name
    "AnswerBox": ".cards",
    "render_preview": ".cards",
    "render_solutions": ".cards",
    "render_table": ".cards",
    "ClassTable": ".class_table",
    "CountingCalculations": ".counting",  # sympy
    "counts_table": ".counting",
    "render_count": ".counting",
    "QuickDeal": ".explorers",
    "SameSolution": ".explorers",
    "SolverExplorer": ".explorers",
    "counting_table": ".explorers",
    "render_comparison": ".explorers",
    "MamTable": ".modes",
    "AllLevels": ".odds",
    "TargetOdds": ".odds",
    "solvability_table": ".odds",
    "PracticeSession": ".practice",
    "render_report": ".practice",
    "SoloTable": ".solo_table",
    "TableOptions": ".table",
    "TargetTable": ".table",
    "VersusTable": ".versus_table",
}

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

# a page loads what it shows: the class lesson's MamTable no explorer, only counting sympy
__getattr__, __dir__ = lazy(globals(), HOMES)

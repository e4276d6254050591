"""The target game "MAM!": cards and dice, the solver, the answer checker, the game and its
computer players."""

from mathcards.mam.bots import SKILLS, Bot, race
from mathcards.mam.cards import DECK, LEVELS, Level, deal, level
from mathcards.mam.check import Verdict, VerdictKind, check
from mathcards.mam.game import Claim, MamGame, MamView, Pass, Phase, Take
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
    "SKILLS",
    "Bot",
    "Claim",
    "Level",
    "MamGame",
    "MamView",
    "Pass",
    "Phase",
    "Reach",
    "Solution",
    "Take",
    "Verdict",
    "VerdictKind",
    "best",
    "check",
    "deal",
    "is_solvable",
    "level",
    "race",
    "reachable",
    "simplest",
    "solve",
]

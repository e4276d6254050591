"""The target game "MAM!": cards and dice, the solver, the answer checker, the game and its
computer players."""

from mathcards.mam.bots import STRATEGIES, Strategy, check_strategy, play_game, race
from mathcards.mam.cards import DECK, LEVELS, Level, deal, level, target
from mathcards.mam.check import Verdict, VerdictKind, check
from mathcards.mam.game import Claim, MamGame, MamKind, MamView, Pass, Phase, Take
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
    "STRATEGIES",
    "Claim",
    "Level",
    "MamGame",
    "MamKind",
    "MamView",
    "Pass",
    "Phase",
    "Reach",
    "Solution",
    "Strategy",
    "Take",
    "Verdict",
    "VerdictKind",
    "best",
    "check",
    "check_strategy",
    "deal",
    "is_solvable",
    "level",
    "play_game",
    "race",
    "reachable",
    "simplest",
    "solve",
    "target",
]

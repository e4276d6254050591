"""The target game "MAM!": cards and dice, the solver, the answer checker, the game and its
computer players.

A name is imported from its module when it is first asked for (`__getattr__`): a page that shows
a table before anyone deals loads the cards, not the checker, the game, its solver and its
computer players (docs/design.md#few-models-for-a-phone)."""

from typing import TYPE_CHECKING

from mathcards.lazy import lazy

if TYPE_CHECKING:
    from mathcards.mam.bots import STRATEGIES, Strategy, check_strategy, play_game, race
    from mathcards.mam.cards import DECK, LEVELS, Level, deal, level, target
    from mathcards.mam.checker import Verdict, VerdictKind, check
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

HOMES = {  # each name's module, imported when it is first asked for
    **dict.fromkeys(("STRATEGIES", "Strategy", "check_strategy", "play_game", "race"), ".bots"),
    **dict.fromkeys(("DECK", "LEVELS", "Level", "deal", "level", "target"), ".cards"),
    **dict.fromkeys(("Verdict", "VerdictKind", "check"), ".checker"),
    **dict.fromkeys(("Claim", "MamGame", "MamKind", "MamView", "Pass", "Phase", "Take"), ".game"),
    **dict.fromkeys(
        ("MAX_CARDS", "Reach", "Solution", "best", "is_solvable", "reachable", "simplest", "solve"),
        ".solver",
    ),
    "MAX_POWER": ".steps",
}

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

# a table shown before its first deal loads neither the checker nor the game and its solver
__getattr__, __dir__ = lazy(globals(), HOMES)

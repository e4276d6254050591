"""LAMA Dice (RULES.md §3): the game, its dice, exact odds, the last player's best decision,
computer players and simulation."""

from mathcards.lama_dice.bots import STRATEGIES, choose
from mathcards.lama_dice.dice import DEFAULT_DICE, Case, Dice, parse_dice, parse_value
from mathcards.lama_dice.game import (
    Discard,
    LamaDiceGame,
    LamaDiceView,
    LastRoll,
    Phase,
    Quit,
    ReturnChip,
    Roll,
    Take,
)
from mathcards.lama_dice.odds import RollOdds, roll_odds
from mathcards.lama_dice.policy import Decision, last_player

__all__ = [
    "DEFAULT_DICE",
    "STRATEGIES",
    "Case",
    "Decision",
    "Dice",
    "Discard",
    "LamaDiceGame",
    "LamaDiceView",
    "LastRoll",
    "Phase",
    "Quit",
    "ReturnChip",
    "Roll",
    "RollOdds",
    "Take",
    "choose",
    "last_player",
    "parse_dice",
    "parse_value",
    "roll_odds",
]

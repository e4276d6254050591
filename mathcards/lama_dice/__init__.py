"""LAMA Dice (docs/rules.md#lama-dice): the game, its dice, exact odds, the last player's best
decision, computer players (strategies) and simulation."""

from mathcards.chips import ReturnChip
from mathcards.engine import Quit
from mathcards.lama_dice.bots import STRATEGIES, check_strategy
from mathcards.lama_dice.dice import DEFAULT_DICE, Case, Dice, parse_dice, parse_value
from mathcards.lama_dice.game import LamaDiceGame
from mathcards.lama_dice.moves import (
    Discard,
    LamaDiceKind,
    LamaDiceView,
    LastRoll,
    Phase,
    Roll,
    Take,
)
from mathcards.lama_dice.odds import RollOdds, chance, roll_odds, shows, three_llamas
from mathcards.lama_dice.policy import Decision, last_player

__all__ = [
    "DEFAULT_DICE",
    "STRATEGIES",
    "Case",
    "Decision",
    "Dice",
    "Discard",
    "LamaDiceGame",
    "LamaDiceKind",
    "LamaDiceView",
    "LastRoll",
    "Phase",
    "Quit",
    "ReturnChip",
    "Roll",
    "RollOdds",
    "Take",
    "chance",
    "check_strategy",
    "last_player",
    "parse_dice",
    "parse_value",
    "roll_odds",
    "shows",
    "three_llamas",
]

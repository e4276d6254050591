"""LAMA Dice as the class book keeps it: a game dealt again from its settings and seed, its
moves read back (mathcards.replay)."""

from __future__ import annotations

from mathcards.lama_dice.bots import STRATEGIES
from mathcards.lama_dice.dice import check_dice
from mathcards.lama_dice.game import LamaDiceGame
from mathcards.lama_dice.moves import action_json, action_of
from mathcards.settings import Rules, Settings


def deal(settings: Settings, seed: int) -> LamaDiceGame:
    try:
        dice = check_dice(settings.value("dice", list))
    except ValueError:
        raise ValueError(settings.bad("dice")) from None
    return LamaDiceGame(
        settings.players(),
        dice=dice,
        seed=seed,
        lama20=settings.truth("lama20"),
        llama_scoring=settings.text("llama_scoring"),
        scripted=settings.truth("scripted"),
    )


RULES = Rules(
    "LAMA Dice",
    ("dice", "lama20", "llama_scoring", "scripted"),
    deal,
    STRATEGIES,
    action_json,
    action_of,
)

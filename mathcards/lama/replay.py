"""LAMA as the class book keeps it: a game dealt again from its settings and seed, its moves
read back (mathcards.replay)."""

from __future__ import annotations

from mathcards.lama.bots import STRATEGIES
from mathcards.lama.game import LamaGame
from mathcards.lama.moves import action_json, action_of
from mathcards.settings import Rules, Settings


def deal(settings: Settings, seed: int) -> LamaGame:
    return LamaGame(
        settings.players(),
        settings.text("preset"),
        llama_scoring=settings.text("llama_scoring"),
        lama20=settings.truth("lama20"),
        starter=settings.text("starter"),
        seed=seed,
    )


RULES = Rules(
    "LAMA",
    ("preset", "llama_scoring", "lama20", "starter"),
    deal,
    STRATEGIES,
    action_json,
    action_of,
)

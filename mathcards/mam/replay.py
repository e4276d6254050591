"""MAM! as the class book keeps it: a game dealt again from its settings and seed, its moves
read back (mathcards.replay)."""

from __future__ import annotations

from mathcards.mam.bots import STRATEGIES
from mathcards.mam.cards import level
from mathcards.mam.game import MamGame
from mathcards.mam.moves import action_json, action_of
from mathcards.settings import Rules, Settings


def deal(settings: Settings, seed: int) -> MamGame:
    stack = settings.settings.get("stack")
    if stack is not None and not (
        isinstance(stack, list) and all(type(card) is int for card in stack)
    ):
        raise ValueError(settings.bad("stack"))
    return MamGame(
        settings.players(),
        level=level(settings.text("level"), power=settings.truth("power")),
        seed=seed,
        scripted=settings.truth("scripted"),
        stack=stack,
    )


RULES = Rules(
    "MAM!", ("level", "power", "scripted", "stack"), deal, STRATEGIES, action_json, action_of
)

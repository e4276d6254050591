"""Unikat as the class book keeps it: a game dealt again from its settings and seed, its moves
read back (mathcards.replay)."""

from __future__ import annotations

from mathcards.settings import Rules, Settings
from mathcards.unikat.bots import STRATEGIES
from mathcards.unikat.game import UnikatGame
from mathcards.unikat.moves import action_json, action_of

MOST_ROUNDS = 20  # the most rounds a table plays


def deal(settings: Settings, seed: int) -> UnikatGame:
    rounds = settings.whole("rounds_to_play", 1, MOST_ROUNDS)
    return UnikatGame(settings.players(), seed=seed, rounds_to_play=rounds)


RULES = Rules("Unikat", ("rounds_to_play",), deal, STRATEGIES, action_json, action_of)

"""The LAMA card game and its variants (RULES.md §2): cards and decks, the game, computer
players and exact odds."""

from mathcards.lama.bots import BOTS, choose, tournament
from mathcards.lama.cards import PRESETS, Card, Deck, can_play, preset, score, score_in_words
from mathcards.lama.game import Draw, LamaGame, LamaView, Phase, Play, Quit, ReturnChip
from mathcards.lama.odds import (
    can_play_chance,
    draw_playable,
    expected_score,
    is_run,
    run_chance,
)

__all__ = [
    "BOTS",
    "PRESETS",
    "Card",
    "Deck",
    "Draw",
    "LamaGame",
    "LamaView",
    "Phase",
    "Play",
    "Quit",
    "ReturnChip",
    "can_play",
    "can_play_chance",
    "choose",
    "draw_playable",
    "expected_score",
    "is_run",
    "preset",
    "run_chance",
    "score",
    "score_in_words",
    "tournament",
]

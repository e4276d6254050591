"""The LAMA card game and its variants (RULES.md §2): cards and decks, the game, exact odds,
computer players."""

from mathcards.lama.cards import PRESETS, Card, Deck, can_play, preset, score, score_in_words
from mathcards.lama.game import Draw, LamaGame, LamaView, Phase, Play, Quit, ReturnChip

__all__ = [
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
    "preset",
    "score",
    "score_in_words",
]

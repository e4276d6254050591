"""The LAMA card game and its variants (docs/rules.md#lama-the-card-game): cards and decks, the
game, computer players and exact odds."""

from mathcards.lama.bots import STRATEGIES, check_strategy, tournament
from mathcards.lama.cards import PRESETS, Card, Deck, can_play, preset, score, score_in_words
from mathcards.lama.game import Draw, LamaGame, LamaKind, Play, Quit, ReturnChip
from mathcards.lama.odds import (
    DrawOdds,
    can_play_chance,
    draw_odds,
    draw_playable,
    expected_score,
    is_run,
    run_chance,
)
from mathcards.lama.view import LamaView, Phase

__all__ = [
    "PRESETS",
    "STRATEGIES",
    "Card",
    "Deck",
    "Draw",
    "DrawOdds",
    "LamaGame",
    "LamaKind",
    "LamaView",
    "Phase",
    "Play",
    "Quit",
    "ReturnChip",
    "can_play",
    "can_play_chance",
    "check_strategy",
    "draw_odds",
    "draw_playable",
    "expected_score",
    "is_run",
    "preset",
    "run_chance",
    "score",
    "score_in_words",
    "tournament",
]

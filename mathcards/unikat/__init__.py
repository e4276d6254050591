"""Unikat (RULES.md §4): the 81 cards, the board and its laying rule, and the game."""

from mathcards.unikat.board import Cell, fits, places, touching
from mathcards.unikat.cards import DECK, FEATURES, Card, card, neighbours, parse_cards, touches
from mathcards.unikat.game import (
    BAG,
    Draw,
    EndTurn,
    Lay,
    Phase,
    Stop,
    Swap,
    UnikatGame,
    UnikatView,
)

__all__ = [
    "BAG",
    "DECK",
    "FEATURES",
    "Card",
    "Cell",
    "Draw",
    "EndTurn",
    "Lay",
    "Phase",
    "Stop",
    "Swap",
    "UnikatGame",
    "UnikatView",
    "card",
    "fits",
    "neighbours",
    "parse_cards",
    "places",
    "touches",
    "touching",
]

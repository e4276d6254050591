"""Unikat (docs/rules.md#unikat): the 81 cards, the board and its laying rule, the game, the
longest chain, computer players, the odds of the first card, and one chain through all 81
cards."""

from mathcards.unikat.board import Cell, fits, parse_table, places, touching
from mathcards.unikat.bots import STRATEGIES, check_strategy, play_game, tournament
from mathcards.unikat.cards import DECK, FEATURES, Card, card, neighbours, parse_cards, touches
from mathcards.unikat.chain import Link, best_chain, is_chain
from mathcards.unikat.game import UnikatGame
from mathcards.unikat.gray import gray_chain, snake, squares
from mathcards.unikat.moves import BAG, Draw, EndTurn, Lay, Phase, Stop, Swap, UnikatKind
from mathcards.unikat.odds import can_lay_first, expected_neighbours
from mathcards.unikat.view import UnikatView

__all__ = [
    "BAG",
    "DECK",
    "FEATURES",
    "STRATEGIES",
    "Card",
    "Cell",
    "Draw",
    "EndTurn",
    "Lay",
    "Link",
    "Phase",
    "Stop",
    "Swap",
    "UnikatGame",
    "UnikatKind",
    "UnikatView",
    "best_chain",
    "can_lay_first",
    "card",
    "check_strategy",
    "expected_neighbours",
    "fits",
    "gray_chain",
    "is_chain",
    "neighbours",
    "parse_cards",
    "parse_table",
    "places",
    "play_game",
    "snake",
    "squares",
    "touches",
    "touching",
    "tournament",
]

"""Unikat as ipywidgets, one module per thing a page shows: the table to play against computer
players, the 81 cards and their neighbours, the chain through all 81 cards, the square checker,
and the odds that a rack can touch the start card.

Every click asks the engine in `mathcards.unikat` what is legal and what happened, then
re-renders; no rule lives here. The render functions are pure (state → HTML).
"""

from widgets.unikat.cards import draw, render_deck, render_table
from widgets.unikat.explorers import (
    GrayChainBuilder,
    NeighbourExplorer,
    SquareChecker,
    pairs_that_touch,
    squares_of_four,
)
from widgets.unikat.odds import RackOdds, render_odds_curve
from widgets.unikat.table import UnikatTable

__all__ = [
    "GrayChainBuilder",
    "NeighbourExplorer",
    "RackOdds",
    "SquareChecker",
    "UnikatTable",
    "draw",
    "pairs_that_touch",
    "render_deck",
    "render_odds_curve",
    "render_table",
    "squares_of_four",
]

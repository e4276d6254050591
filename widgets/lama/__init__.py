"""The LAMA card game as ipywidgets, one module per thing a page shows: the card table against
computer players, with an odds panel; a hand scorer; the decision "play, draw or quit?";
tournaments, dealt hands and their odds.

Every button asks the engine in `mathcards.lama` (`legal_actions()`, `view()`), then
re-renders; no rule lives here.
"""

from widgets.lama.cards import card_svg, render_hand, render_odds, render_round_end, render_seats
from widgets.lama.decision import DrawOrQuit
from widgets.lama.hands import HandScorer
from widgets.lama.odds import DealOdds, RunSimulation, TournamentChart
from widgets.lama.table import LamaTable

__all__ = [
    "DealOdds",
    "DrawOrQuit",
    "HandScorer",
    "LamaTable",
    "RunSimulation",
    "TournamentChart",
    "card_svg",
    "render_hand",
    "render_odds",
    "render_round_end",
    "render_seats",
]

"""LAMA Dice as ipywidgets, one module per thing a page shows: the dice-layout chooser and rows
picker every page shares, the dice roller, exact odds against simulation, the last player's
decision and the roll-or-quit exercise, the chances derived die by die, the computer players
compared, different dice, and the table to play at.

Every button asks the engine in `mathcards.lama_dice`, then re-renders; no rule lives here.
Heavy work (many simulated rounds or games, a chart) runs after the page is shown, behind a
progress bar (widgets.worker), so a page opens at once and buttons stay responsive. The
derivations typeset with sympy: they are imported when a page first asks for one (`__getattr__`),
so that the pages without one open without sympy.
"""

from typing import TYPE_CHECKING

from mathcards.lazy import lazy
from widgets.lama_dice.cards import read_row, render_row
from widgets.lama_dice.chooser import DiceChooser, RowsPicker
from widgets.lama_dice.exercise import RollOrQuit
from widgets.lama_dice.last_player import LastPlayer
from widgets.lama_dice.layouts import LayoutsCompared
from widgets.lama_dice.odds import OddsDemo, render_frequencies, render_odds
from widgets.lama_dice.roller import DiceRoller
from widgets.lama_dice.strategies import StrategyRace, WholeGames
from widgets.lama_dice.table import LamaDiceTable

if TYPE_CHECKING:
    from widgets.lama_dice.derivation import BustDerivation, DiceDerivation

WITH_SYMPY = {
    "BustDerivation": "widgets.lama_dice.derivation",
    "DiceDerivation": "widgets.lama_dice.derivation",
}

__all__ = [
    "BustDerivation",
    "DiceChooser",
    "DiceDerivation",
    "DiceRoller",
    "LamaDiceTable",
    "LastPlayer",
    "LayoutsCompared",
    "OddsDemo",
    "RollOrQuit",
    "RowsPicker",
    "StrategyRace",
    "WholeGames",
    "read_row",
    "render_frequencies",
    "render_odds",
    "render_row",
]

__getattr__, __dir__ = lazy(globals(), WITH_SYMPY)  # sympy, when a page first shows a derivation

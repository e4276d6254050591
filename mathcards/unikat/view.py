"""What one Unikat player sees: the common view core (engine.View) and the game's own fields."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from mathcards.engine import View
from mathcards.unikat.board import Cell
from mathcards.unikat.cards import Card
from mathcards.unikat.moves import LAYING_PHASES, Phase


@dataclass(frozen=True)
class UnikatView(View):
    """All that `viewer` sees: their own rack, the table, and the others' rack sizes only;
    `scores` are the minus points so far."""

    rack: tuple[Card, ...]
    board: Mapping[Cell, Card]
    display: tuple[Card, ...]
    bag_size: int
    rack_sizes: Mapping[str, int]
    phase: Phase
    chain: tuple[Cell, ...]
    double_move: bool
    rounds: int
    rounds_to_play: int

    @property
    def after(self) -> Cell | None:
        """The cell of the card laid just before, while action A is under way."""
        return self.chain[-1] if self.phase is Phase.LAYING and self.chain else None

    @property
    def may_lay(self) -> bool:
        """Is it the viewer's turn, at a time when cards may be laid?"""
        return self.viewer in self.to_move and self.phase in LAYING_PHASES

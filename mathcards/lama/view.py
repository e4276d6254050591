"""What a LAMA player may see (`LamaGame.view(player)`): their own hand, the discard pile, the
size of the draw pile, and every seat's count of cards, quit mark and chips; and what the game
waits for (its `Phase`)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from mathcards.engine import View
from mathcards.lama.cards import Card, Deck


class Phase(Enum):
    """What the game waits for."""

    CHANCE = "chance"  # a scripted game: the next card dealt, or the card just drawn
    TURN = "turn"  # the player to move: play, draw or quit
    CHIP = "chip"  # the player who emptied their hand: which chip to return
    ROUND_OVER = "round over"  # next_round()
    OVER = "over"  # someone has 40 points or more: the game has ended


@dataclass(frozen=True)
class PublicSeat:
    """What everyone sees of a player: cards held, quit or not, and the chips of their score."""

    name: str
    cards: int
    quit: bool
    chips: tuple[int, ...]


@dataclass(frozen=True)
class RoundScore:
    """A hand shown and scored at the end of a round."""

    player: str
    hand: tuple[Card, ...]
    points: int
    words: str


@dataclass(frozen=True)
class LamaView(View):
    """All that one player (the viewer) may see: their own hand, never another's."""

    hand: tuple[Card, ...]
    discard_pile: tuple[Card, ...]
    draw_pile: int
    seats: tuple[PublicSeat, ...]
    phase: Phase
    deck: Deck
    llama_scoring: str
    pink_chips: bool
    rounds: int
    last_round: tuple[RoundScore, ...]

    @property
    def top(self) -> Card:
        """The discard pile's top card."""
        return self.discard_pile[-1]

    @property
    def seat(self) -> PublicSeat:
        """This player's own seat."""
        return next(seat for seat in self.seats if seat.name == self.viewer)

    @property
    def others(self) -> tuple[PublicSeat, ...]:
        """Everyone else's seats, in seat order."""
        return tuple(seat for seat in self.seats if seat.name != self.viewer)

    @property
    def alone(self) -> bool:
        """Everyone else has quit: this player may play on, but not draw."""
        return all(seat.quit for seat in self.others)

    @property
    def may_draw(self) -> bool:
        """Could this player draw on their turn (the pile lasts, someone else plays on)?"""
        return may_draw(self.draw_pile, alone=self.alone)


def may_draw(draw_pile: int, *, alone: bool) -> bool:
    """A player may draw while the draw pile lasts (it is never rebuilt), unless everyone else
    has quit."""
    return draw_pile > 0 and not alone

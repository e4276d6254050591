"""What LAMA Dice's players do and see: the moves (and each move as JSON and back,
docs/design.md#moves-as-json), what the game waits for (its phases), what happened (its kinds of
event), and the table as a player sees it (the view)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum

from mathcards.chips import ReturnChip
from mathcards.codec import Move, Read, chance_json, shared_json
from mathcards.engine import ChanceOutcome, NextRound, Quit, View
from mathcards.lama_dice.dice import VALUES, Case, Dice, Faces, Row


class Phase(Enum):
    """What the game waits for."""

    TURN = "roll or quit"
    CHANCE = "the dice to land"  # a scripted game only: a ChanceOutcome(faces)
    DISCARD = "choose cards to discard"
    TAKE = "choose a card to take"
    CHIP = "return a chip"
    ROUND_OVER = "the next round"  # `next_round()` deals it
    OVER = "nothing: the game is over"


class LamaDiceKind(Enum):
    """What happened, beside the shared `Kind`s (a new round is `Kind.DEAL`, quitting
    `Kind.QUIT`, giving back a chip `Kind.RETURN_CHIP`).

    A roll's event is its case: THREE_LLAMAS, MATCH, NO_MATCH or BUST. That holds whether the
    game rolled its own dice or a scripted game's dice landed as chosen (`ChanceOutcome`): the
    landing is the roll's result, so it is never `Kind.CHANCE`. A scripted game's `Roll` alone
    is ROLL: the roll has started and waits for the dice."""

    ROLL = "roll"
    THREE_LLAMAS = "three llamas"
    MATCH = "match"
    NO_MATCH = "no match"
    BUST = "bust"
    DISCARD = "discard"
    TAKE = "take"


ROLLED = {  # the event of a roll, by the case it falls into
    Case.THREE_LLAMAS: LamaDiceKind.THREE_LLAMAS,
    Case.DISCARD: LamaDiceKind.MATCH,
    Case.TAKE: LamaDiceKind.NO_MATCH,
    Case.BUST: LamaDiceKind.BUST,
}


@dataclass(frozen=True)
class Roll:
    """Roll the three dice."""


@dataclass(frozen=True)
class Discard:
    """Discard these cards from your row (one per matching die)."""

    cards: Row


@dataclass(frozen=True)
class Take:
    """Take this card from the llama row into your row."""

    card: int


Action = Roll | Quit | Discard | Take | ReturnChip | ChanceOutcome[Faces]
MOVE_NAMES = (
    "roll",
    "quit",
    "discard",
    "take",
    "return-chip",
    "chance",
    "next-round",
)  # as JSON names each move


def action_json(action: Action | NextRound) -> Move:
    """A move of LAMA Dice as JSON: `{"move": "roll"}`, `quit`, `discard` (cards, a list of
    numbers, a llama 7), `take` (card), `return-chip` (chip), `chance` (the three faces),
    `next-round`."""
    if isinstance(action, Roll):
        return {"move": "roll"}
    if isinstance(action, Discard):
        return {"move": "discard", "cards": list(action.cards)}
    if isinstance(action, Take):
        return {"move": "take", "card": action.card}
    if isinstance(action, ChanceOutcome):
        return chance_json(action.outcome)
    shared = shared_json(action)
    if shared is None:
        raise ValueError(repr(action))
    return shared


def action_of(move: object) -> Action | NextRound:
    """The move of LAMA Dice a JSON object is, else a ValueError saying what is wrong."""
    read = Read(move, "LAMA Dice", MOVE_NAMES)
    shared = read.shared()
    if shared is not None:
        return shared
    if read.kind == "roll":
        read.only()
        return Roll()
    if read.kind == "take":
        read.only("card")
        return Take(_value(read, "card", read.whole("card")))
    if read.kind == "discard":
        read.only("cards")
        return Discard(tuple(_value(read, "cards", card) for card in read.wholes("cards")))
    first, second, third = (_value(read, "outcome", face) for face in read.wholes("outcome", 3))
    return read.chance((first, second, third))


def _value(read: Read, field: str, value: int) -> int:
    """A card or a face: 1 to 6, or a llama."""
    if value not in VALUES:
        raise read.bad(field)
    return value


@dataclass(frozen=True)
class LastRoll:
    """The last roll of the round: who rolled, what the dice show, and the case it was then.

    The case is judged once, when the dice land (after a bust the row has changed, so judging
    the same dice again would give another case)."""

    player: str
    faces: Faces
    case: Case


@dataclass(frozen=True)
class LamaDiceView(View):
    """The table as `viewer` sees it: every row lies face up in LAMA Dice, so only the cards
    left out of the round are unseen. The dice and the options are on the table too."""

    phase: Phase
    dice: Dice
    lama20: bool
    llama_scoring: str
    faces: Faces | None
    rows: Mapping[str, Row]  # every player's row, in seating order
    llama_row: Row
    discard_pile: Row
    quit: frozenset[str]
    rounds: int
    last_roll: LastRoll | None = None

    @property
    def row(self) -> Row:
        """The viewer's own row."""
        return self.rows[self.viewer]

    @property
    def alone(self) -> bool:
        """Everyone but the viewer has quit: a roll that matches nothing in the row is a bust."""
        return len(self.quit) == len(self.rows) - 1 and self.viewer not in self.quit

    @property
    def round_over(self) -> bool:
        """Has this round ended (the last one, too, when the game is over)?"""
        return self.phase in (Phase.ROUND_OVER, Phase.OVER)

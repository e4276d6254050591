"""MAM!'s moves (docs/rules.md#mam-round): a claim, a card taken after a wrong claim, a pass, and
in a scripted game the dice chosen; which of them the game waits for (`Phase`), a claim that
cannot be read (`Unreadable`); and each move as JSON and back (docs/design.md#moves-as-json)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from mathcards.codec import Move, Read, chance_json
from mathcards.engine import ChanceOutcome, IllegalAction

Dice = tuple[int, int]


class Phase(Enum):
    """What the game waits for."""

    CLAIM = "claim"  # everyone races to make the target (or all agree to pass)
    TAKE = "take"  # after a wrong claim, the others take a card each, in seating order
    CHANCE = "chance"  # a scripted game waits for the roll
    OVER = "over"


class Unreadable(IllegalAction):
    """A claim whose text cannot be read as a calculation: not judged unless confirmed."""


@dataclass(frozen=True)
class Claim:
    """`player` shouts "MAM!" and shows `answer`; `confirmed` judges even an unreadable one."""

    player: str
    answer: str
    confirmed: bool = False


@dataclass(frozen=True)
class Take:
    """After a wrong claim, `player` takes the face-up `card` of their choice."""

    player: str
    card: int


@dataclass(frozen=True)
class Pass:
    """Nobody can make the target: turn up one more card and roll again (the table agrees, so
    its event names the first player, who acts for a move that names nobody)."""


Action = Claim | Take | Pass | ChanceOutcome[Dice]
MOVE_NAMES = ("claim", "take", "pass", "chance")  # as JSON names each move


def action_json(action: Action) -> Move:
    """A move of MAM! as JSON: `{"move": "claim", "player": …, "answer": …, "confirmed": …}`,
    `take` (player, card), `pass`, `chance` (the dice, a list of two numbers)."""
    if isinstance(action, Claim):
        return {
            "move": "claim",
            "player": action.player,
            "answer": action.answer,
            "confirmed": action.confirmed,
        }
    if isinstance(action, Take):
        return {"move": "take", "player": action.player, "card": action.card}
    if isinstance(action, Pass):
        return {"move": "pass"}
    if isinstance(action, ChanceOutcome):
        return chance_json(action.outcome)
    raise ValueError(repr(action))


def action_of(move: object) -> Action:
    """The move of MAM! a JSON object is, else a ValueError saying what is wrong."""
    read = Read(move, "MAM!", MOVE_NAMES)
    if read.kind == "claim":
        read.only("player", "answer", "confirmed")
        return Claim(read.text("player"), read.text("answer"), read.truth("confirmed"))
    if read.kind == "take":
        read.only("player", "card")
        return Take(read.text("player"), read.whole("card"))
    if read.kind == "pass":
        read.only()
        return Pass()
    first, second = read.wholes("outcome", 2)
    return read.chance((first, second))

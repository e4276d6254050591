"""LAMA's moves (docs/rules.md#lama-the-card-game): play a card, draw, quit, return a chip after
emptying the hand, and in a scripted game the card chosen; and each move as JSON and back
(docs/design.md#moves-as-json)."""

from __future__ import annotations

from dataclasses import dataclass

from mathcards.chips import ReturnChip
from mathcards.codec import Move, Read, chance_json, shared_json
from mathcards.engine import ChanceOutcome, NextRound, Quit
from mathcards.lama.cards import Card


@dataclass(frozen=True)
class Play:
    """Play this card from your hand onto the discard pile."""

    card: Card


@dataclass(frozen=True)
class Draw:
    """Draw the draw pile's top card into your hand."""


Action = Play | Draw | Quit | ReturnChip
MOVE_NAMES = (
    "play",
    "draw",
    "quit",
    "return-chip",
    "chance",
    "next-round",
)  # as JSON names each move


def action_json(action: Action | ChanceOutcome[Card] | NextRound) -> Move:
    """A move of LAMA as JSON: `{"move": "play", "card": 7}` (a card by its number), `draw`,
    `quit`, `return-chip` (chip), `chance` (the card's number), `next-round`."""
    if isinstance(action, Play):
        return {"move": "play", "card": int(action.card)}
    if isinstance(action, Draw):
        return {"move": "draw"}
    if isinstance(action, ChanceOutcome):
        return chance_json(int(action.outcome))
    shared = shared_json(action)
    if shared is None:
        raise ValueError(repr(action))
    return shared


def action_of(move: object) -> Action | ChanceOutcome[Card] | NextRound:
    """The move of LAMA a JSON object is, else a ValueError saying what is wrong."""
    read = Read(move, "LAMA", MOVE_NAMES)
    shared = read.shared()
    if shared is not None:
        return shared
    if read.kind == "draw":
        read.only()
        return Draw()
    field = "card" if read.kind == "play" else "outcome"
    number = read.whole(field)
    if number not in set(Card):
        raise read.bad(field)
    if read.kind == "play":
        read.only("card")
        return Play(Card(number))
    return read.chance(Card(number))

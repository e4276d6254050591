"""Unikat's moves, the phases of a turn, and the kinds of event they make
(docs/rules.md#unikat-turn).

A move is a small frozen value: `Lay` and `Stop` (action A), `Swap` (action B), `EndTurn`, and
`Draw` at the end of a turn; a scripted game also takes a `ChanceOutcome`, the card that comes
out of the bag. `named_card` and `named_cell` read what a move names, or say why it names none;
`action_json` and `action_of` write a move as JSON and read it back
(docs/design.md#moves-as-json).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Literal

from mathcards.codec import Move, Read, chance_json, shared_json
from mathcards.engine import ChanceOutcome, IllegalAction, Kind, NextRound
from mathcards.i18n import N_, _, ngettext
from mathcards.unikat.board import Cell, Table, around, cell_text, touching
from mathcards.unikat.cards import NEIGHBOURS, Card, card, differences

BAG: Literal["bag"] = "bag"
Source = Card | Literal["bag"]


class Phase(Enum):
    """What the game waits for: the player whose turn it is, the bag, or the next round."""

    ACT = "lay or swap"
    LAYING = "lay next to the card laid just before, or stop"
    EXTRA = "take the extra action of the double move, or end the turn"
    DRAW = "draw a card from the display or the bag"
    CHANCE = "a card comes out of the bag"  # a scripted game waits for the card chosen
    ROUND_OVER = "the round is over"
    OVER = "the game is over"


LAYING_PHASES = (Phase.ACT, Phase.LAYING, Phase.EXTRA)  # when cards may be laid


class UnikatKind(Enum):
    """What a move did, in Unikat's own words (drawing, dealing and the bag are `engine.Kind`)."""

    LAY = "lay"  # a card laid on the table
    STOP = "stop"  # action A is over
    SWAP = "swap"  # action B: a rack card for a display card or one from the bag
    END_TURN = "end turn"  # the double move declined, or nothing to do


@dataclass(frozen=True)
class Lay:
    """Action A: lay `card` from your rack on the cell `at`."""

    card: Card
    at: Cell


@dataclass(frozen=True)
class Stop:
    """Stop laying cards: action A is over."""


@dataclass(frozen=True)
class Swap:
    """Action B: put `card` from your rack into the display and take `take` (a display card, or
    `BAG` for a card from the bag)."""

    card: Card
    take: Source


@dataclass(frozen=True)
class Draw:
    """End of turn with fewer than 10 cards: take one card from the display (`source`) or `BAG`."""

    source: Source


@dataclass(frozen=True)
class EndTurn:
    """End the turn now: decline the double move's extra action, or when you can do nothing."""


Action = Lay | Stop | Swap | Draw | EndTurn | ChanceOutcome[Card]
MOVE_NAMES = (
    "lay",
    "stop",
    "swap",
    "draw",
    "end-turn",
    "chance",
    "next-round",
)  # as JSON names each move
KINDS: dict[type, Enum] = {  # the kind of event each move makes
    Lay: UnikatKind.LAY,
    Stop: UnikatKind.STOP,
    Swap: UnikatKind.SWAP,
    Draw: Kind.DRAW,
    EndTurn: UnikatKind.END_TURN,
}

# What the player whose turn it is must do now, said when they try something else.
TIME_TO = {
    Phase.ACT: N_("it is time to lay cards or swap one"),
    Phase.LAYING: N_("it is time to lay a card next to the card laid just before, or stop"),
    Phase.EXTRA: N_("it is time to take the extra action of the double move, or end the turn"),
    Phase.DRAW: N_("it is time to draw a card from the display or the bag"),
}
# A move tried at the wrong time, by its kind.
NOT_NOW = {
    UnikatKind.LAY: N_("you cannot lay a card now"),
    UnikatKind.STOP: N_("you cannot stop laying now"),
    UnikatKind.SWAP: N_("you cannot swap now"),
    UnikatKind.END_TURN: N_("you cannot end the turn now"),
    Kind.DRAW: N_("you cannot draw now"),
}


def not_now(move: Enum, phase: Phase) -> IllegalAction:
    """The refusal of a move of this kind in this phase, and what is to be done instead."""
    return IllegalAction(
        _("{refusal}: {time_to}").format(refusal=_(NOT_NOW[move]), time_to=_(TIME_TO[phase]))
    )


# A card to be taken that is not there, by the move that takes it.
EMPTY_BAG = {
    UnikatKind.SWAP: N_("the bag is empty: there is nothing in it to swap for"),
    Kind.DRAW: N_("the bag is empty: there is nothing in it to draw"),
}
NOT_IN_DISPLAY = {
    UnikatKind.SWAP: N_("the {card} is not in the display to swap for"),
    Kind.DRAW: N_("the {card} is not in the display to draw"),
}


def check_lay(table: Table, rack: list[Card], laid: Card, cell: Cell, after: Cell | None) -> None:
    """The laying rule, and the chain rule of action A (next to `after`, the card laid just
    before, while one is under way), in words."""
    if laid not in rack:
        raise IllegalAction(_("the {card} is not on your rack").format(card=laid.name))
    if cell in table:
        raise IllegalAction(
            _("cell {cell} is taken by the {card}").format(
                cell=cell_text(cell), card=table[cell].name
            )
        )
    if after is not None and cell not in around(after):
        raise IllegalAction(
            _(
                "each further card goes next to the card laid just before it, at {before}; "
                "{cell} is not next to it"
            ).format(before=cell_text(after), cell=cell_text(cell))
        )
    beside = touching(table, cell)
    if not beside:
        raise IllegalAction(
            _("cell {cell} is not next to any card on the table").format(cell=cell_text(cell))
        )
    for other in beside:
        if (count := differences(laid, other)) != 1:
            raise IllegalAction(
                ngettext(
                    "the {card} differs from the {other} in {n} feature: cards side by side "
                    "differ in exactly one",
                    "the {card} differs from the {other} in {n} features: cards side by side "
                    "differ in exactly one",
                    count,
                ).format(card=laid.name, other=other.name, n=count)
            )


def check_source(source: Source, sources: list[Source], move: Enum) -> None:
    """A card taken from the display or the bag (by a swap or a draw, `move`) must be there:
    one of `sources`."""
    if source == BAG:
        if BAG not in sources:
            raise IllegalAction(_(EMPTY_BAG[move]))
    elif named_card(source) not in sources:
        raise IllegalAction(_(NOT_IN_DISPLAY[move]).format(card=card(source).name))


def named_card(named: object) -> Card:
    """The card a move names: a `Card`, or its code such as ``swb1``."""
    if isinstance(named, Card):
        if named not in NEIGHBOURS:
            raise IllegalAction(
                _("no card has the values {values}: each is 0, 1 or 2").format(values=tuple(named))
            )
        return named
    if isinstance(named, str):
        try:
            return card(named)
        except ValueError as problem:
            raise IllegalAction(str(problem)) from None
    raise IllegalAction(
        _("a move names a card by its code, like swb1, not {named}").format(named=repr(named))
    )


def named_cell(named: object) -> Cell:
    """The cell a move names: two whole numbers, its column and its row."""
    if isinstance(named, tuple) and len(named) == 2 and all(type(n) is int for n in named):
        return named[0], named[1]
    raise IllegalAction(
        _("a cell is two whole numbers, column and row, like (1, 0), not {named}").format(
            named=repr(named)
        )
    )


def action_json(action: Action | NextRound) -> Move:
    """A move of Unikat as JSON, a card by its code: `{"move": "lay", "card": "swb1", "at":
    [0, -1]}`, `stop`, `swap` (card, take: a code or "bag"), `draw` (source), `end-turn`,
    `chance` (the card's code), `next-round`."""
    if isinstance(action, Lay):
        return {"move": "lay", "card": card(action.card).code, "at": list(action.at)}
    if isinstance(action, Swap):
        return {"move": "swap", "card": card(action.card).code, "take": _source(action.take)}
    if isinstance(action, Draw):
        return {"move": "draw", "source": _source(action.source)}
    if isinstance(action, ChanceOutcome):
        return chance_json(card(action.outcome).code)
    if isinstance(action, Stop):
        return {"move": "stop"}
    if isinstance(action, EndTurn):
        return {"move": "end-turn"}
    shared = shared_json(action)
    if shared is None:
        raise ValueError(repr(action))
    return shared


def action_of(move: object) -> Action | NextRound:
    """The move of Unikat a JSON object is, else a ValueError saying what is wrong."""
    read = Read(move, "Unikat", MOVE_NAMES)
    plain: dict[str, Stop | EndTurn | NextRound] = {
        "stop": Stop(),
        "end-turn": EndTurn(),
        "next-round": NextRound(),
    }
    if read.kind in plain:
        read.only()
        return plain[read.kind]
    if read.kind == "lay":
        read.only("card", "at")
        column, row = read.wholes("at", 2)
        return Lay(_card(read, "card"), (column, row))
    if read.kind == "swap":
        read.only("card", "take")
        return Swap(_card(read, "card"), _taken(read, "take"))
    if read.kind == "draw":
        read.only("source")
        return Draw(_taken(read, "source"))
    return read.chance(_card(read, "outcome"))


def _source(source: Source) -> str:
    return BAG if source == BAG else card(source).code


def _card(read: Read, field: str) -> Card:
    """A card by its code."""
    try:
        return card(read.text(field))
    except ValueError:
        raise read.bad(field) from None


def _taken(read: Read, field: str) -> Source:
    """Where a card is taken from: the bag, or a display card by its code."""
    return BAG if read.move.get(field) == BAG else _card(read, field)

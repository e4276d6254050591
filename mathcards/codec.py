"""A move as a JSON object, and back: what the four games' codecs share
(docs/design.md#moves-as-json). A move is `{"move": its kind, …its fields}`; each game writes
its own moves with `action_json` and reads them with `action_of` (in its `moves.py`). Reading
checks every field and says in a ValueError what is wrong, so that a move read is one the engine
can be given as it is: the same move the page made, never a look-alike (`true` is no number)."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from mathcards.chips import ReturnChip
from mathcards.engine import ChanceOutcome, NextRound, Quit
from mathcards.i18n import N_, _

Move = dict[str, Any]  # a move as JSON: {"move": kind, field: value, …}
MOST_TEXT = 300  # the longest text a move holds (a MAM! claim's calculation)
SHOWN = 40  # how much of a wrong value a sentence repeats

NOT_A_MOVE = N_("a move is a JSON object naming its kind in “move”, not {value}")
NO_SUCH_MOVE = N_("{game} has no move called {move}")
BAD_FIELD = N_("the move {move} cannot have {value} as its {field}")
MISSING_FIELD = N_("the move {move} needs a field called {field}")
EXTRA_FIELD = N_("the move {move} has no field called {field}")
MISSING = object()  # a field the move does not have


def shown(value: object) -> str:
    """A value as a sentence repeats it: its start only, when it is long."""
    text = repr(value)
    return text if len(text) <= SHOWN else text[: SHOWN - 1] + "…"


def shared_json(action: object) -> Move | None:
    """A move every game may have, as JSON (else None): quit, return a chip, the next round, a
    chance outcome (its outcome already plain: a number, a text or a list of numbers)."""
    if isinstance(action, Quit):
        return {"move": "quit"}
    if isinstance(action, NextRound):
        return {"move": "next-round"}
    if isinstance(action, ReturnChip):
        return {"move": "return-chip", "chip": action.chip}
    return None


def chance_json(outcome: object) -> Move:
    """A chance outcome chosen by hand (a scripted game), its outcome written plain."""
    plain = list(outcome) if isinstance(outcome, tuple) else outcome
    return {"move": "chance", "outcome": plain}


class Read:
    """One move of `game` being read: its kind (one of `kinds`), then each field, checked."""

    def __init__(self, move: object, game: str, kinds: Collection[str]) -> None:
        if not isinstance(move, Mapping) or not isinstance(move.get("move"), str):
            raise ValueError(_(NOT_A_MOVE).format(value=shown(move)))
        self.move: Mapping[str, Any] = move
        self.kind: str = move["move"]
        if self.kind not in kinds:
            raise ValueError(_(NO_SUCH_MOVE).format(game=_(game), move=shown(self.kind)))

    def only(self, *fields: str) -> None:
        """The move has these fields and no other."""
        for field in self.move:
            if field != "move" and field not in fields:
                raise ValueError(_(EXTRA_FIELD).format(move=self.kind, field=shown(field)))

    def bad(self, field: str) -> ValueError:
        """The sentence for a field that is missing or holds what it may not."""
        if field not in self.move:
            return ValueError(_(MISSING_FIELD).format(move=self.kind, field=field))
        value = shown(self.move[field])
        return ValueError(_(BAD_FIELD).format(move=self.kind, value=value, field=field))

    def whole(self, field: str) -> int:
        """A whole number (not a truth value, not 3.0)."""
        value = self.move.get(field, MISSING)
        if type(value) is not int:
            raise self.bad(field)
        return value

    def text(self, field: str) -> str:
        """A text of at most MOST_TEXT characters."""
        value = self.move.get(field, MISSING)
        if not isinstance(value, str) or len(value) > MOST_TEXT:
            raise self.bad(field)
        return value

    def truth(self, field: str) -> bool:
        """true or false."""
        value = self.move.get(field, MISSING)
        if not isinstance(value, bool):
            raise self.bad(field)
        return value

    def wholes(self, field: str, count: int | None = None) -> tuple[int, ...]:
        """A list of whole numbers (`count` of them, if given; at most MOST_TEXT)."""
        value = self.move.get(field, MISSING)
        if (
            not isinstance(value, list)
            or len(value) > MOST_TEXT
            or (count is not None and len(value) != count)
            or any(type(item) is not int for item in value)
        ):
            raise self.bad(field)
        return tuple(value)

    def shared(self) -> Quit | NextRound | ReturnChip | None:
        """The move, if it is one every game may have (but a chance outcome); else None."""
        if self.kind == "quit":
            self.only()
            return Quit()
        if self.kind == "next-round":
            self.only()
            return NextRound()
        if self.kind == "return-chip":
            self.only("chip")
            return ReturnChip(self.whole("chip"))
        return None

    def chance(self, outcome: object) -> ChanceOutcome[Any]:
        """A chance outcome whose outcome was read (by the game's own reader) as `outcome`."""
        self.only("outcome")
        return ChanceOutcome(outcome)

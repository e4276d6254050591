"""What the tables' pages say, in the page's language: a move (as the engine writes it in JSON)
as a button's label and as a line of what happened, whose turn it is, a seat away or a
computer, a decision of a review in words, and the service's refusals. The service sends no
sentence: every word is worded here (docs/design.md#tables-in-the-class-service)."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from mathcards.classroom.protocol import CallRefusal
from mathcards.classroom.protocol.play import DecisionSeen, TableSeen
from mathcards.i18n import N_, _, ngettext, number
from mathcards.lama.cards import Card as LamaCard
from mathcards.lama_dice.game import cards_words
from mathcards.review import ScoredDecision, explained
from mathcards.unikat.cards import card as unikat_card

GAME_NAMES = {"lama": N_("LAMA"), "lama_dice": N_("LAMA Dice"), "unikat": N_("Unikat")}
REFUSALS: dict[str, str] = {  # the service's refusals of a move or a start, as the pages say them
    CallRefusal.ILLEGAL_MOVE: N_("The rules do not allow that move now."),
    CallRefusal.OUT_OF_STEP: N_("The table has moved on: look again, then move."),
    CallRefusal.NOT_TEACHER: N_(
        "This page is for the teacher only: open the teacher's address first, then this page."
    ),
    CallRefusal.NOT_OVER: N_("The review comes once the game is over."),
}
MOVES = {  # a move's label by its kind, with its fields
    "roll": N_("Roll"),
    "quit": N_("Quit"),
    "draw": N_("Draw a card"),
    "stop": N_("Stop laying"),
    "end-turn": N_("End the turn"),
    "next-round": N_("Next round"),
    "discard": N_("Discard {cards}"),
    "take": N_("Take {card}"),
    "play": N_("Play {card}"),
    "return-chip": N_("Give back a chip of {chip}"),
    "lay": N_("Lay the {card} at column {column}, row {row}"),
    "swap": N_("Swap the {card} for {taken}"),
}
UNIKAT_DRAW = N_("Draw {taken}")
FROM_THE_BAG = N_("a card from the bag")


def move_words(game: str, move: Mapping[str, Any]) -> str:
    """A move as its button says it: "Roll", "Discard 3 4", "Play llama"."""
    kind = str(move.get("move"))
    if game == "unikat" and kind == "draw":
        return _(UNIKAT_DRAW).format(taken=_unikat_source(move["source"]))
    if kind not in MOVES:
        return kind
    values: dict[str, Any] = {}
    if kind == "discard":
        values["cards"] = cards_words(move["cards"])
    elif kind == "take":
        values["card"] = cards_words([move["card"]])
    elif kind == "play":
        values["card"] = _lama_card(move["card"])
    elif kind == "return-chip":
        values["chip"] = move["chip"]
    elif kind == "lay":
        values.update(card=_unikat(move["card"]), column=move["at"][0], row=move["at"][1])
    elif kind == "swap":
        values.update(card=_unikat(move["card"]), taken=_unikat_source(move["take"]))
    return _(MOVES[kind]).format(**values)


def happened(game: str, moved: Mapping[str, Any]) -> str:
    """One of a table's newest moves, as a line: "Bob: Roll"."""
    words = move_words(game, moved["move"])
    if moved["player"] is None:
        return words
    if moved["stand_in"]:
        return _("{player} (the computer for them): {move}").format(
            player=moved["player"], move=words
        )
    return _("{player}: {move}").format(player=moved["player"], move=words)


def whose_turn(table: TableSeen, player: str | None) -> str:
    """Whose turn it is at the table, for this player ("Your turn.", "Bob's turn.")."""
    if table["over"]:
        return _("The game is over.")
    if not table["to_move"]:
        return _("The round is over: anyone may deal the next one.")
    mover = table["to_move"][0]
    if mover == player:
        return _("Your turn.")
    return _("{player}'s turn.").format(player=mover)


def seat_words(seat: Mapping[str, Any], player: str | None, points: int) -> str:
    """A seat as a list says it: its player, you, a computer or away, and its points."""
    name = seat["player"]
    marks = []
    if name == player:
        marks.append(_("you"))
    if seat["computer"]:
        marks.append(_("computer"))
    if seat["away"]:
        marks.append(_("away: the computer plays for them"))
    shown = f"{name} ({', '.join(marks)})" if marks else name
    return _("{seat}: {points} points").format(seat=shown, points=points)


def decision_words(decision: DecisionSeen, player: str | None = None) -> str:
    """A decision of a review in words a 12-year-old follows, in the page's language: the
    game's own review words it from its facts (`situation`), about `player` (the decision's
    own when None), or to the student who made it when `player` is `i18n.you()`."""
    return explained(decision_of(decision), player)


def decision_of(decision: DecisionSeen) -> ScoredDecision:
    """The decision as the review scored it, its values exact again."""
    return ScoredDecision(
        game=decision["game"],
        number=decision["number"],
        player=decision["player"],
        round=decision["round"],
        chosen=decision["chosen"],
        best=decision["best"],
        values={choice: Fraction(value) for choice, value in decision["values"].items()},
        exact=decision["exact"],
        situation=decision["situation"],
        stand_in=decision["stand_in"],
    )


def values_words(decision: DecisionSeen) -> str:
    """Each choice weighed and its value, best first: "quit 6 · roll 7.4" (lower is better)."""
    values = sorted(decision_of(decision).values.items(), key=lambda item: (item[1], item[0]))
    return " · ".join(f"{choice_words(choice)} {number(value, 1)}" for choice, value in values)


CHOICES = {"roll": N_("roll"), "quit": N_("quit"), "draw": N_("draw")}


def choice_words(choice: str) -> str:
    """A choice weighed at a decision: "roll", "quit", "draw", or in Unikat "lay 3 cards"."""
    if choice.isdigit():
        laid = int(choice)
        return ngettext("lay {n} card", "lay {n} cards", laid).format(n=laid)
    return _(CHOICES[choice]) if choice in CHOICES else choice


def _lama_card(value: int) -> str:
    return _("llama") if value == LamaCard.LLAMA else str(value)


def _unikat(code: str) -> str:
    return unikat_card(code).name


def _unikat_source(source: str) -> str:
    return _(FROM_THE_BAG) if source == "bag" else _unikat(source)

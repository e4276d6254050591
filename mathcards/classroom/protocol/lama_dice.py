"""LAMA Dice live (under `LAMA_DICE_LIVE`): the teacher's questions and rolls, a student's
guesses, and what the projector and each student see. A chance travels as its numerator and
denominator, exactly."""

from __future__ import annotations

from fractions import Fraction
from typing import Literal, NotRequired, TypedDict

from mathcards.classroom.protocol import RoomView, SeatView

Choice = Literal["roll", "quit"]


class Share(TypedDict):
    """A chance, exactly: numerator / denominator."""

    numerator: int
    denominator: int


Value = Share | Choice  # a guess or an answer: a chance, or roll or quit


def share(chance: Fraction) -> Share:
    return {"numerator": chance.numerator, "denominator": chance.denominator}


def value_of(value: Value) -> Fraction | str:
    """A value as the engine holds it: a Fraction, or the choice."""
    return value if isinstance(value, str) else Fraction(value["numerator"], value["denominator"])


def value_json(value: Fraction | str) -> Value:
    """The engine's value as it is sent."""
    if isinstance(value, Fraction):
        return share(value)
    if value not in ("roll", "quit"):
        raise ValueError(f"neither a chance nor roll or quit: {value!r}")
    return "roll" if value == "roll" else "quit"


class LamaDiceSettings(TypedDict):
    """A live LAMA Dice lesson has no settings: the teacher asks question by question."""


class QuestionView(TypedDict):
    """A moment of LAMA Dice (your row, the llama row, the dice) and what is asked about it."""

    row: list[int]
    llama_row: list[int]
    dice: list[list[int]]
    asks: str


class RealMoment(TypedDict):
    """A moment of a real game (`mathcards.lama_dice.known.moment`) and what is asked."""

    seed: int
    moment: int
    asks: str


class TypedMoment(TypedDict):
    """The teacher's own moment (the usual dice if none are given) and what is asked."""

    row: list[int]
    llama_row: list[int]
    dice: NotRequired[list[list[int]]]
    asks: str


QuestionBody = TypedMoment | RealMoment


class GuessBody(TypedDict):
    text: str


class RollsBody(TypedDict):
    count: int
    seed: NotRequired[int | None]  # None: the service picks one


class RollsView(TypedDict):
    count: int
    seed: int


class GuessView(TypedDict):
    """One student's last guess (`off`: how far from the answer, once it is revealed)."""

    seq: int
    name: str
    value: Value
    off: float | None
    team: NotRequired[int | None]  # the team it is the guess of (in teams)


class MyGuess(TypedDict):
    seq: int
    value: Value
    off: float | None


class TeamGuess(MyGuess):
    """The guess of the student's team, and whose it is (in teams)."""

    name: str


class QuestionSeen(QuestionView):
    """The question as a student sees it: with the answer and the spread once revealed."""

    number: int
    exact: Value | None
    spread: list[int] | dict[str, int] | None
    rolls: RollsView | None


class AskedView(QuestionSeen):
    """The question as the projector sees it: its guesses and who was closest too."""

    guesses: list[GuessView]
    closest: list[str] | None


class HowClose(TypedDict):
    name: str
    off: float


class LamaDiceProjectorView(RoomView):
    settings: LamaDiceSettings | None
    question: AskedView | None
    guessed: int
    guessed_of: int  # who is here, with those who guessed and left: "N of M have guessed"
    asked: int
    how_close: list[HowClose]


class LamaDiceSeatView(SeatView):
    question: QuestionSeen | None
    mine: MyGuess | None
    how_close: float | None
    team_guess: NotRequired[TeamGuess | None]  # in teams: the team's guess


class GuessKept(TypedDict):
    seq: int
    value: Value  # the guess as the service read it, once
    share: bool  # typed as a share of the rolls ("0,5"): the page says what it was read as

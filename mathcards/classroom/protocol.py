"""What passes between a page's kernel and the class service, declared once: the addresses and
the credentials a kernel sends, every request body and every view (`TypedDict`s: JSON objects,
their numbers numbers), the refusals and the kinds of a live game's events (`StrEnum`s: the
strings on the wire). The service builds these views and reads these bodies; the kernels'
client (widgets/book.py, widgets/live.py) builds these bodies and reads these views, and mypy
checks both against this module. It imports no server: a kernel imports it too."""

from __future__ import annotations

from enum import StrEnum
from fractions import Fraction
from typing import Any, Literal, NotRequired, TypedDict

# A live game's phases and refusals are the engines' own (mathcards/room.py), sent as they are.
from mathcards.room import Phase as Phase
from mathcards.room import Refusal as Refusal

# ---------------------------------------------------------------- where and who

API = "/mathcards/api/"  # the service's calls, under the server (on the Hub: its prefix + api/)
TICKET_HEADER = "X-Mathcards-Ticket"  # a page's ticket, which the server hands its kernel
TICKET_ENV = "HTTP_X_MATHCARDS_TICKET"  # the ticket as the kernel reads it (Voila passes it on)
SERVICE_ENV = "MATHCARDS_SERVICE"  # where a page's kernel finds the service (`mathcards serve`)
HUB_TOKEN_ENV = "JUPYTERHUB_API_TOKEN"  # on JupyterHub: the token of the student's own server


class BookPath(StrEnum):
    """The class book's calls, under API (`{set_id}`, `{game_id}`: a number)."""

    ME = "me"  # GET ?game=&lang= → MeView
    JOIN = "join"  # POST JoinBody → the nickname
    SETS = "sets"  # POST SetBody → the set's number
    STEPS = "sets/{set_id}/steps"  # POST StepBody → the step's number
    SET_FINISHED = "sets/{set_id}/finish"  # POST {}
    GAMES = "games"  # POST GameBody → the game's number
    GAME_OVER = "games/{game_id}"  # POST GameEnding
    DECISIONS = "decisions"  # POST DecisionBody → the decision's number


class LivePath(StrEnum):
    """A live game's calls, under API + the game's prefix (`MAM_LIVE`, `LAMA_DICE_LIVE`)."""

    JOIN = "join"  # POST LiveJoinBody → the student's view
    ME = "me"  # GET ?after=V → the student's view
    STATE = "state"  # GET ?after=V → the projector's view (the teacher's)
    LOCK = "lock"  # POST LockBody
    REMOVE = "remove"  # POST RemoveBody
    REVEAL = "reveal"  # POST {}
    GAMES = "games"  # POST MamGameBody (MAM!), {} (LAMA Dice): a new game
    ANSWERS = "answers"  # MAM!: POST AnswerBody → Judged
    ROUNDS = "rounds"  # MAM!: POST RoundBody
    PAUSE = "pause"  # MAM!: POST {}
    RESUME = "resume"  # MAM!: POST {}
    FINISH = "finish"  # MAM!: POST {}: the podium
    GUESSES = "guesses"  # LAMA Dice: POST GuessBody → GuessKept
    QUESTIONS = "questions"  # LAMA Dice: POST QuestionBody
    ROLLS = "rolls"  # LAMA Dice: POST RollsBody


MAM_LIVE = "live/"  # MAM!'s live calls, under API
LAMA_DICE_LIVE = "live/lama_dice/"  # LAMA Dice's


def route(path: str) -> str:
    """A path as the server routes it: each `{number}` a group of digits."""
    for name in ("{set_id}", "{game_id}"):
        path = path.replace(name, r"(\d+)")
    return path


# ---------------------------------------------------------------- refusals and events


class CallRefusal(StrEnum):
    """Why the service refuses a call, beside a live game's own refusals (`Refusal`)."""

    NOT_HERE = "not-here"  # a kernel calls from this machine only (on the laptop)
    NO_TICKET = "no-ticket"  # without its page's ticket
    NO_TOKEN = "no-token"  # on the Hub: without a token of a server the Hub knows
    HUB_DOWN = "hub-down"  # on the Hub: the Hub cannot say whose token it is
    NOT_TEACHER = "not-teacher"  # a teacher's call from anyone else
    NAME_TAKEN = "name-taken"  # another student of the class has that nickname
    BOOK_DOWN = "book-down"  # the class book cannot be reached now
    BAD_REQUEST = "bad-request"  # not a call the service understands
    SERVER = "server"  # the service failed


class EventKind(StrEnum):
    """What changed a live game, as the class book keeps it (mathcards/classroom/live/events.py
    holds each kind's payload)."""

    START = "start"  # the teacher started a game
    JOIN = "join"  # a student came into the room
    REMOVE = "remove"  # the teacher took a student out
    LOCK = "lock"  # the teacher locked the room, or opened it again
    REVEAL = "reveal"  # the round's answers (MAM!), the question's answer (LAMA Dice) shown
    OPEN = "open"  # MAM!: a round opened, with its countdown's end
    PAUSE = "pause"  # MAM!: the round paused, with the seconds it had left
    RESUME = "resume"  # MAM!: the round went on, with its countdown's new end
    CLOSE = "close"  # MAM!: the round's time is up
    FINISH = "finish"  # MAM!: the podium
    ANSWER = "answer"  # MAM!: a student's answer
    ASK = "ask"  # LAMA Dice: the teacher's question
    GUESS = "guess"  # LAMA Dice: a student's guess
    ROLLS = "rolls"  # LAMA Dice: the dice rolled for the revealed question


class Failure(TypedDict):
    """A refused call's answer: `{"error": key}` (`Refusal` or `CallRefusal`)."""

    error: str


# ---------------------------------------------------------------- the class book's calls


class JoinBody(TypedDict):
    nickname: str


class SetBody(TypedDict):
    """A practice set begins."""

    game: str
    level: str
    power: bool
    rounds: int
    seed: int


class StepBody(TypedDict):
    """A step of a practice set: an answer, a hint, or the next deal."""

    kind: str
    deal: int
    cards: list[int]
    target: int
    typed: NotRequired[str]
    correct: NotRequired[bool | None]
    verdict_kind: NotRequired[str | None]
    sentence: NotRequired[str]
    hints_used: NotRequired[int]
    seconds: NotRequired[float]


class GameEnding(TypedDict):
    """How a game played at a table ended."""

    scores: dict[str, int]
    winners: list[str]


class GameBody(GameEnding):
    """A game played at a table, kept as soon as it is dealt."""

    game: str
    players: list[str]
    seed: int | None
    finished: bool


class DecisionBody(TypedDict):
    """A decision exercise answered, beside the best choice."""

    game: str
    situation: dict[str, Any]
    choice: str
    best: str


class StepView(TypedDict):
    """A step as the class book kept it (`seq` and `at`, an ISO time, given by the book)."""

    kind: str
    deal: int
    cards: list[int]
    target: int
    typed: str
    correct: bool | None
    verdict_kind: str | None
    sentence: str
    hints_used: int
    seconds: float
    seq: int | None
    at: str | None


class PracticeView(TypedDict):
    """A practice set the student left open (its times in ISO form)."""

    id: int
    student: int
    game: str
    level: str
    power: bool
    rounds: int
    seed: int
    started: str
    finished: str | None
    steps: list[StepView]


class MeView(TypedDict):
    """Who this browser is in the class book (None: not joined yet, with a `suggestion` for a
    nickname) and the practice set they left open."""

    student: str | None
    suggestion: NotRequired[str]
    practice: PracticeView | None


# ---------------------------------------------------------------- a live game: both games


class LiveJoinBody(TypedDict):
    nickname: NotRequired[str]  # joining the class book first, if this browser has not yet


class LockBody(TypedDict):
    locked: bool


class RemoveBody(TypedDict):
    name: str


class RoomView(TypedDict):
    """What every projector's view begins with: the game (its number), its phase, its room;
    `class_url`, where students join on the school network ("" elsewhere)."""

    version: int
    game: int | None
    phase: Phase | None
    locked: bool
    room: list[str]
    removed: list[str]
    class_url: str


class SeatView(TypedDict):
    """What every student's view begins with: the game, its phase, this student."""

    version: int
    game: int | None
    phase: Phase | None
    name: str | None
    joined: bool
    removed: bool


# ---------------------------------------------------------------- MAM! live


class MamGameBody(TypedDict):
    level: str
    rounds: int
    scoring: str
    seed: int | None  # None: the service picks one


class MamSettings(TypedDict):
    level: str
    rounds: int
    scoring: str
    seed: int


class RoundBody(TypedDict):
    seconds: NotRequired[float | None]  # a countdown (at most an hour), or none


class AnswerBody(TypedDict):
    text: str


class RoundView(TypedDict):
    """The open round's deal; `seconds_left` on the service's clock when it was sent."""

    number: int
    level: str
    cards: list[int]
    dice: list[int]
    target: int
    power: bool
    seconds_left: float | None


class BoardAnswer(TypedDict):
    """One answer of the round, in order of arrival (`seq`)."""

    seq: int
    name: str
    text: str
    correct: bool
    points: int
    first: bool


class MineAnswer(TypedDict):
    """One of this student's own answers of the round."""

    seq: int | None
    text: str
    correct: bool
    points: int
    first: bool


class StandingView(TypedDict):
    place: int
    name: str
    points: int


class MamProjectorView(RoomView):
    settings: MamSettings | None
    round: RoundView | None
    answered: int
    board: list[BoardAnswer]
    leaderboard: list[StandingView]
    podium: list[StandingView] | None


class MamSeatView(SeatView):
    round: RoundView | None
    mine: list[MineAnswer]
    points: int
    place: int | None
    podium: list[StandingView] | None


class Judged(TypedDict):
    """An answer, once kept: its arrival number, right or not, the cards it won, first?"""

    seq: int | None
    correct: bool
    points: int
    first: bool


# ---------------------------------------------------------------- LAMA Dice live

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


class MyGuess(TypedDict):
    seq: int
    value: Value
    off: float | None


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
    asked: int
    how_close: list[HowClose]


class LamaDiceSeatView(SeatView):
    question: QuestionSeen | None
    mine: MyGuess | None
    how_close: float | None


class GuessKept(TypedDict):
    seq: int
    value: Value

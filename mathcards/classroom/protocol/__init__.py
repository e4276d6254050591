"""What passes between a page's kernel and the class service, declared once: the addresses and
the credentials a kernel sends, every request body and every view (`TypedDict`s: JSON objects,
their numbers numbers), the refusals and the kinds of a live game's events (`StrEnum`s: the
strings on the wire). The service builds these views and reads these bodies; the kernels'
client (widgets/book.py, widgets/live.py) builds these bodies and reads these views, and mypy
checks both against this package. It imports no server: a kernel imports it too.

Here what every call shares and what both live games share; `book` holds the class book's
calls, `level` practice at the student's level, `mam` and `lama_dice` each live game's own
(docs/design.md#the-protocol)."""

from __future__ import annotations

from enum import StrEnum
from typing import NotRequired, TypedDict

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
    OPEN_GAME = "games/open"  # GET ?game=&table= → GameView of the student's open game, or None
    MOVES = "games/{game_id}/moves"  # POST MoveBody → the move's number, once kept
    GAME_OVER = "games/{game_id}"  # POST {} → GameEnding, worked out from the game's moves
    DECISIONS = "decisions"  # POST DecisionBody → the decision's number
    ASSIGNMENTS = "assignments"  # GET → [AssignmentView]: the class's open ones, this student's
    LEVEL = "level"  # POST LevelBody → LevelView: the student's set at their level in a skill
    LEVEL_STEPS = "level/steps"  # POST LevelStepBody → LevelView, with what the step was


class LivePath(StrEnum):
    """A live game's calls, under API + the game's prefix (`MAM_LIVE`, `LAMA_DICE_LIVE`)."""

    JOIN = "join"  # POST LiveJoinBody → the student's view
    ME = "me"  # GET ?after=V → the student's view
    STATE = "state"  # GET ?after=V → the projector's view (the teacher's)
    LOCK = "lock"  # POST LockBody
    REMOVE = "remove"  # POST RemoveBody
    ADMIT = "admit"  # POST RemoveBody: the teacher lets back in whom they took out
    REVEAL = "reveal"  # POST {}
    GAMES = "games"  # POST MamGameBody (MAM!), {} (LAMA Dice): a new game
    ANSWERS = "answers"  # MAM!: POST AnswerBody → Judged
    ROUNDS = "rounds"  # MAM!: POST RoundBody
    PAUSE = "pause"  # MAM!: POST {}
    RESUME = "resume"  # MAM!: POST {}
    TIME = "time"  # MAM!: POST TimeBody: more time for the round, or no countdown
    FINISH = "finish"  # MAM!: POST {}: the podium
    GUESSES = "guesses"  # LAMA Dice: POST GuessBody → GuessKept
    QUESTIONS = "questions"  # LAMA Dice: POST QuestionBody
    ROLLS = "rolls"  # LAMA Dice: POST RollsBody
    TEAMS = "teams"  # POST TeamsBody: teams made (shuffled, by hand) or none
    TEAM = "team"  # POST PlaceBody: the teacher puts a student in a team


class ServerPath(StrEnum):
    """On the Hub only: the calls of a student's own server (not of its pages' kernels), under
    API, with the server's token (on the laptop the server is the service's own process)."""

    PRESENCE = "presence"  # POST PresenceBody: a page of this server came, went or ended


class PresenceBody(TypedDict):
    """A page of the caller's server, known by its kernel's id (at most `MOST_KERNEL_ID`
    characters): `here` (its connection is there) or not, and `ended` (its kernel ended)."""

    kernel: str
    here: bool
    ended: NotRequired[bool]


MOST_KERNEL_ID = 64  # characters of a page's kernel's id (Jupyter's: a UUID, 36)
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
    NAME_LOOK_ALIKE = "name-look-alike"  # one that looks like a classmate's (detail: theirs)
    NAME_EMPTY = "name-empty"  # a nickname of nothing but spaces
    NAME_TOO_LONG = "name-too-long"  # longer than `MOST_NICKNAME`
    NAME_CHARACTER = "name-character"  # a character a nickname may not hold (detail: it)
    ONE_NAME = "one-name"  # this browser joined the class under another name (detail: it)
    CLASS_FULL = "class-full"  # the class has as many students as a class book keeps
    CLASS_CLOSED = "class-closed"  # the teacher has closed the class to new names
    NEW_NAMES = "new-names"  # more new students from one address than a lesson brings
    TOO_LONG = "too-long"  # a text typed longer than `MOST_TYPED`, or a body too big
    TOO_FAST = "too-fast"  # more calls than a page makes (a script's): wait a moment
    ILLEGAL_MOVE = "illegal-move"  # a game at a table: a move the rules do not allow now
    OUT_OF_STEP = "out-of-step"  # a game at a table: a move whose number is not the next one
    TOO_MANY_MOVES = "too-many-moves"  # a game at a table: past the most moves a game has
    NOT_OVER = "not-over"  # a game at a table finished before its moves end it
    TOO_BIG = "too-big"  # a move or a game's settings past their size
    TOO_MANY_PAGES = "too-many-pages"  # on the Hub: more pages of a user there than a class has
    BOOK_DOWN = "book-down"  # the class book cannot be reached now
    BAD_REQUEST = "bad-request"  # not a call the service understands
    SERVER = "server"  # the service failed


class EventKind(StrEnum):
    """What changed a live game, as the class book keeps it (mathcards/classroom/live/events.py
    holds each kind's payload)."""

    START = "start"  # the teacher started a game
    JOIN = "join"  # a student came into the room
    REMOVE = "remove"  # the teacher took a student out
    ADMIT = "admit"  # the teacher let a student they took out back in
    LOCK = "lock"  # the teacher locked the room, or opened it again
    REVEAL = "reveal"  # the round's answers (MAM!), the question's answer (LAMA Dice) shown
    OPEN = "open"  # MAM!: a round opened, with its countdown's end
    PAUSE = "pause"  # MAM!: the round paused, with the seconds it had left
    RESUME = "resume"  # MAM!: the round went on, with its countdown's new end
    TIME = "time"  # MAM!: the teacher gave the round more time or took its countdown off
    CLOSE = "close"  # MAM!: the round's time is up
    FINISH = "finish"  # MAM!: the podium
    ANSWER = "answer"  # MAM!: a student's answer
    ASK = "ask"  # LAMA Dice: the teacher's question
    GUESS = "guess"  # LAMA Dice: a student's guess
    ROLLS = "rolls"  # LAMA Dice: the dice rolled for the revealed question
    TEAMS = "teams"  # new teams of a size (their members follow, one TEAM each), or none
    TEAM = "team"  # a student put in a team


class Failure(TypedDict):
    """A refused call's answer: `{"error": key}` (`Refusal` or `CallRefusal`), with a `detail`
    for some (the character a nickname may not hold, the look-alike classmate's name)."""

    error: str
    detail: NotRequired[str]


BACKLOG = 2048  # connections a server lets wait: a hall answering at once, none dropped
MOST_TYPED = 200  # characters: an answer, a guess, anything a student types
MOST_NICKNAME = 30  # characters of a nickname
MOST_BODY = 16 * 1024  # bytes of a call's body (a practice step, an answer: a few hundred)
MOST_DEPTH = 8  # lists and objects nested in a call's body (a guess's situation: three)
SEEDS = 2**63  # a seed a page sends is a whole number below this (what a database keeps)


# ---------------------------------------------------------------- a live game: both games


class LiveJoinBody(TypedDict):
    nickname: NotRequired[str]  # joining the class book first, if this browser has not yet


class LockBody(TypedDict):
    locked: bool


class RemoveBody(TypedDict):
    name: str


class TeamsBody(TypedDict):
    """Teams of at most `size` (2 to 4): `shuffle`d from the room, or by hand (`teams`: each a
    list of student ids; whoever is in the room and in none goes to the smallest); or `off`."""

    size: NotRequired[int]
    shuffle: NotRequired[bool]
    teams: NotRequired[list[list[int]]]
    off: NotRequired[bool]


class PlaceBody(TypedDict):
    student: int  # the student's id
    team: int  # a team's number (one more than the teams: a new one)


class MemberView(TypedDict):
    id: int
    name: str


class TeamView(TypedDict):
    """A team: its number (pages name it: "Team 1"), its members, its score (MAM!: cards won;
    LAMA Dice: how far off on average, a share), who claimed for it this round."""

    number: int
    members: list[MemberView]
    score: float | None
    claimed: str | None


class MyTeamView(TypedDict):
    """A student's team, as their page shows it."""

    number: int
    members: list[str]
    score: float | None
    claimed: str | None  # who claimed for the team this round (maybe the student)


class RoomView(TypedDict):
    """What every projector's view begins with: the game (its number), its phase, its room
    and who of it is here now; `class_url`, where students join on the school network (""
    elsewhere); the teams, if the game is played in teams (`team_size` None: alone)."""

    version: int
    game: int | None
    phase: Phase | None
    locked: bool
    room: list[str]
    here: list[str]  # who of the room has a page there now: the room's count
    removed: list[str]
    class_url: str
    team_size: int | None
    teams: list[TeamView]


class SeatView(TypedDict):
    """What every student's view begins with: the game, its phase, this student."""

    version: int
    game: int | None
    phase: Phase | None
    name: str | None
    joined: bool
    removed: bool
    team: MyTeamView | None  # their team, if the game is played in teams

"""MAM! live (under `MAM_LIVE`): the teacher's game and rounds, a student's answers, and what the
projector and each student see."""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict

from mathcards.classroom.protocol import RoomView, SeatView


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


class TimeBody(TypedDict):
    """The round's time changed by the teacher: `more` seconds (from now, when its time was
    up: the round opens again), or its countdown `off` (the round waits for every answer)."""

    more: NotRequired[float]
    off: NotRequired[bool]


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
    last: bool  # the game's last round: no next one to wait for


class ReasonView(TypedDict):
    """Why a verdict is what it is: a key and its parameters (`mathcards.mam.reasons`), which a
    page says in its own language."""

    key: str
    params: dict[str, Any]


class VerdictView(ReasonView):
    """An answer as the service judged it, once (`mathcards.mam.checker.Verdict.json`)."""

    kind: str  # `VerdictKind`: correct, syntax, not-on-table, used-too-often, step, total, …
    value: int | None  # what the calculation makes
    cards: list[int]  # the cards it used
    position: int | None  # where reading it stopped


class BoardAnswer(TypedDict):
    """One answer of the round, in order of arrival (`seq`)."""

    seq: int
    name: str
    text: str
    correct: bool
    points: int
    first: bool
    given: int  # the cards a wrong claim gave the others, one each (none once the round is won)
    verdict: VerdictView
    team: NotRequired[int | None]  # the team it claimed for (in teams)


class MineAnswer(TypedDict):
    """One of this student's own answers of the round."""

    seq: int | None
    text: str
    correct: bool
    points: int
    first: bool
    given: int
    verdict: VerdictView


class MadeIt(TypedDict):
    cards: int  # how many cards the right answers used
    names: list[str]  # who made it so, in order of arrival


class Mistaken(TypedDict):
    reason: ReasonView
    count: int


class RevealView(TypedDict):
    """The revealed round, as the service worked it out once: the best ways (canonical forms,
    `mathcards.mam.expression`), the right answers by cards used, the mistakes counted."""

    solutions: list[Any]
    right: list[MadeIt]  # the most cards first
    mistakes: list[Mistaken]  # the most common first


class StandingView(TypedDict):
    place: int
    name: str  # a team's: "Team 1" in the service's language (a page names it in its own)
    points: int
    team: NotRequired[int | None]  # a team's place, in teams


class MamProjectorView(RoomView):
    settings: MamSettings | None
    round: RoundView | None
    answered: int
    answered_of: int  # who is here, with those who answered and left: "N of M have answered"
    board: list[BoardAnswer]
    reveal: RevealView | None  # once the round is revealed
    leaderboard: list[StandingView]
    podium: list[StandingView] | None


class TeamClaim(MineAnswer):
    """The claim that counts for the student's team this round, and who made it."""

    name: str


class MamSeatView(SeatView):
    round: RoundView | None
    scoring: str  # what a claim does ("rulebook": one claim a round, a wrong one costs a card)
    mine: list[MineAnswer]
    points: int
    place: int | None
    podium: list[StandingView] | None
    accommodations: NotRequired[list[str]]  # what the teacher set for them (no countdown, …)
    team_claim: NotRequired[TeamClaim | None]  # in teams: the team's claim this round


class Judged(TypedDict):
    """An answer, once kept: its arrival number, right or not, the cards it won, first?, the
    cards it gave the others (a wrong claim, as the rulebook says, before the round is won)."""

    seq: int | None
    correct: bool
    points: int
    first: bool
    given: int
    verdict: VerdictView
    seat: NotRequired[MamSeatView]  # what the student sees once it is kept

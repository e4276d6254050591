"""LAMA Dice live in the class service: the class guesses about a moment, the dice answer
(`mathcards.lama_dice.live`): its kind (`LAMA_DICE`, with its table of events) and its views.
Its room and calls: `lama_dice_room`."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from fractions import Fraction
from typing import Any

from mathcards.book import LiveEvent
from mathcards.classroom.live.events import (
    DiceRolled,
    Guessed,
    LockChanged,
    Payload,
    QuestionAsked,
    Revealed,
    read,
)
from mathcards.classroom.live.kind import LiveKind, Snapshot
from mathcards.classroom.live.teams import TEAM_EVENTS
from mathcards.classroom.live.views import room_view, seat_view, teams_view
from mathcards.classroom.protocol import (
    SEEDS,
    EventKind,
    Phase,
    Refusal,
)
from mathcards.classroom.protocol.lama_dice import (
    AskedView,
    GuessView,
    LamaDiceProjectorView,
    LamaDiceSeatView,
    LamaDiceSettings,
    MyGuess,
    QuestionSeen,
    QuestionView,
    value_json,
)
from mathcards.collation import name_key
from mathcards.lama_dice.dice import DEFAULT_DICE
from mathcards.lama_dice.known import moment
from mathcards.lama_dice.live import Asked, BadGuess, Guess, LiveGuessing, Question
from mathcards.room import LiveRefusal

SEED_BELOW = 10**5  # a seed the service picks for the rolls: short enough to read aloud


def guess(game: LiveGuessing, event: LiveEvent) -> Guess:
    """A student's guess; one that is no chance (nor roll or quit) is refused: nothing kept."""
    guessed = read(event, Guessed)
    kept = None
    if guessed.value is not None:
        kept = Guess(event.seq, event.name, exact_of(guessed.value), guessed.share)
    try:
        if guessed.counted is not None:  # kept: the team it was the guess of
            game.teams.keep(event.name, guessed.counted)
        return game.guess(event.name, guessed.text, event.seq, kept, guessed.team)
    except BadGuess as problem:
        raise LiveRefusal(str(problem), Refusal.BAD_GUESS, problem.why) from None


def reveal(game: LiveGuessing, revealed: Revealed) -> Asked:
    """The question's answer shown, as the class book kept it (else worked out now)."""
    kept = revealed.exact
    return game.reveal(None if kept is None else exact_of(kept))


def exact_of(kept: str) -> Fraction | str:
    """An exact answer (or a guess) as the class book keeps it: "n/d", or a choice."""
    return kept if kept in ("roll", "quit") else Fraction(kept)


def roll(game: LiveGuessing, event: LiveEvent) -> list[float]:
    rolled = read(event, DiceRolled)
    return game.roll(rolled.count, rolled.seed)


EVENTS: dict[EventKind, Callable[[LiveGuessing, LiveEvent], Any]] = {  # what each event does
    EventKind.JOIN: lambda game, event: game.join(event.name),
    EventKind.REMOVE: lambda game, event: game.remove(event.name),
    EventKind.ADMIT: lambda game, event: game.admit(event.name),
    EventKind.LOCK: lambda game, event: game.lock(read(event, LockChanged).locked),
    EventKind.ASK: lambda game, event: game.ask(question_asked(read(event, QuestionAsked))),
    EventKind.GUESS: guess,
    EventKind.REVEAL: lambda game, event: reveal(game, read(event, Revealed)),
    EventKind.ROLLS: roll,
    **TEAM_EVENTS,
}


class LamaDiceLiveKind(LiveKind[LiveGuessing, LamaDiceProjectorView, LamaDiceSeatView]):
    """LAMA Dice live: questions about a moment, guessed by the class, rolled for."""

    name = "lama_dice"

    def settings(self, sent: Mapping[str, Any]) -> LamaDiceSettings:
        return {}

    def new(self, settings: Mapping[str, Any]) -> LiveGuessing:
        return LiveGuessing()

    def apply(self, game: LiveGuessing, event: LiveEvent) -> Any:
        return EVENTS[EventKind(event.kind)](game, event)

    def judged(self, payload: Payload, outcome: Any) -> Payload:
        """A reveal kept with the answer worked out for it, a guess with what it was read as."""
        if isinstance(payload, Revealed) and isinstance(outcome, Asked):
            return replace(payload, exact=str(outcome.answer()))
        if isinstance(payload, Guessed) and isinstance(outcome, Guess):
            return replace(
                payload, value=str(outcome.value), share=outcome.share, counted=outcome.team
            )
        return payload

    def players(self, game: LiveGuessing) -> list[str]:
        return list(game.room.present)

    def projector(
        self,
        game: LiveGuessing | None,
        live_id: int | None,
        version: int,
        away: frozenset[str] = frozenset(),
        ids: Mapping[str, int] | None = None,
    ) -> LamaDiceProjectorView:
        return projector_view(game, live_id, version, away, ids or {})

    def student(
        self, snapshot: Snapshot[LamaDiceProjectorView, LamaDiceSeatView], name: str | None
    ) -> LamaDiceSeatView:
        return student_view(snapshot, name)


LAMA_DICE = LamaDiceLiveKind()


# ---------------------------------------------------------------- the question


def question_of(sent: Mapping[str, Any]) -> Question:
    """The question the teacher sent: the rows and dice typed, or a moment of a real game."""
    asks = str(sent.get("asks", "bust"))
    dice = sent.get("dice") or DEFAULT_DICE
    row: Any
    llama_row: Any
    if sent.get("moment") is not None:
        seed, number = int(sent.get("seed") or 0), int(sent["moment"])
        if not 0 <= seed < SEEDS or not 0 <= number < SEEDS:
            raise ValueError("a seed and a moment are whole numbers")
        row, llama_row = moment(seed, number)
    else:
        row, llama_row = sent.get("row"), sent.get("llama_row", ())
    if not isinstance(row, list | tuple) or not isinstance(llama_row, list | tuple):
        raise ValueError("a row is a list of card values")
    return Question(tuple(int(c) for c in row), tuple(int(c) for c in llama_row), dice, asks)


def asking(question: Question) -> QuestionAsked:
    """The question as the class book keeps it."""
    dice = [list(die) for die in question.dice]
    return QuestionAsked(list(question.row), list(question.llama_row), dice, question.asks)


def question_asked(asked: QuestionAsked) -> Question:
    """The question the class book kept."""
    dice = tuple(tuple(die) for die in asked.dice)
    return Question(tuple(asked.row), tuple(asked.llama_row), dice, asked.asks)  # type: ignore[arg-type]


# ---------------------------------------------------------------- the views


def question_view(question: Question) -> QuestionView:
    return {
        "row": list(question.row),
        "llama_row": list(question.llama_row),
        "dice": [list(die) for die in question.dice],
        "asks": question.asks,
    }


def guess_view(asked: Asked, name: str, exact: Fraction | str | None) -> GuessView:
    guessed = asked.guesses[name]
    off = None if exact is None else float(guessed.off_by(exact))
    return {
        "seq": guessed.seq,
        "name": name,
        "value": value_json(guessed.value),
        "off": off,
        "team": guessed.team,
    }


def asked_view(asked: Asked, revealed: bool) -> AskedView:
    """One question and its guesses (in order of arrival); with the answer once revealed."""
    exact = asked.answer() if revealed else None
    order = sorted(asked.guesses, key=lambda name: asked.guesses[name].seq)
    return {
        "number": asked.number,
        **question_view(asked.question),
        "guesses": [guess_view(asked, name, exact) for name in order],
        "exact": None if exact is None else value_json(exact),
        "spread": asked.spread() if revealed else None,
        "closest": [g.name for g in asked.closest()] if revealed else None,
        "rolls": None if asked.rolls is None else {"count": asked.rolls[0], "seed": asked.rolls[1]},
    }


def projector_view(
    game: LiveGuessing | None,
    live_id: int | None,
    version: int,
    away: frozenset[str] = frozenset(),
    ids: Mapping[str, int] | None = None,
) -> LamaDiceProjectorView:
    """What the teacher's projector sees: the room (who of it is here: all but those `away`),
    the question, its guesses, the answer and
    its spread once revealed, the dice rolled, and how close each student was so far."""
    if game is None:
        return {
            **room_view(version, None, None),
            "settings": None,
            "question": None,
            "guessed": 0,
            "guessed_of": 0,
            "asked": 0,
            "how_close": [],
        }
    current = game.current
    claimed = current.claimed() if current is not None else {}
    scores = {team: float(off) for team, off in game.team_close().items()}
    seen = room_view(
        version, live_id, game, away, teams_view(game.teams, ids or {}, scores, claimed)
    )
    guessed = set() if current is None else set(current.guesses) & set(seen["room"])
    revealed = game.phase is Phase.REVEALED
    close = game.how_close()
    return {
        **seen,
        "settings": {},
        "question": None if current is None else asked_view(current, revealed),
        "guessed": len(guessed),
        "guessed_of": len(guessed | set(seen["here"])),
        "asked": len(game.asked),
        "how_close": [
            {"name": name, "off": float(off)}
            for name, off in sorted(close.items(), key=lambda item: (item[1], name_key(item[0])))
        ],
    }


def student_view(
    snapshot: Snapshot[LamaDiceProjectorView, LamaDiceSeatView], name: str | None
) -> LamaDiceSeatView:
    """What one student sees: the question, their own guess, the answer once revealed, the dice
    rolled, how close they were; never another student's guess."""
    projector = snapshot.projector
    question = projector["question"]
    seen: QuestionSeen | None = None
    mine: MyGuess | None = None
    if question is not None:
        seen = {
            "number": question["number"],
            "row": question["row"],
            "llama_row": question["llama_row"],
            "dice": question["dice"],
            "asks": question["asks"],
            "exact": question["exact"],
            "spread": question["spread"],
            "rolls": question["rolls"],
        }
        found = next((g for g in question["guesses"] if g["name"] == name), None)
        if found is not None:
            mine = {"seq": found["seq"], "value": found["value"], "off": found["off"]}
    close = next((c["off"] for c in projector["how_close"] if c["name"] == name), None)
    shown = seat_view(snapshot, name)
    team = shown["team"]
    theirs = None
    if team is not None and question is not None:
        found = next((g for g in question["guesses"] if g.get("team") == team["number"]), None)
        theirs = found and {
            "seq": found["seq"],
            "value": found["value"],
            "off": found["off"],
            "name": found["name"],
        }
    return {**shown, "question": seen, "mine": mine, "how_close": close, "team_guess": theirs}

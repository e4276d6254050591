"""Every guess of the class's live LAMA Dice lessons, as the teacher's page and the export read
them: each lesson replayed from the class book by LAMA Dice's live kind, each guess (not only
the last of each student) with its question, the true chance (or the better choice) and how
far off it was, in percentage points (docs/design.md#the-teachers-page)."""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from datetime import datetime
from fractions import Fraction
from typing import Any

from mathcards import i18n
from mathcards.book import LiveEvent, LiveRecord
from mathcards.classroom.live.lama_dice import LAMA_DICE
from mathcards.classroom.protocol import EventKind
from mathcards.i18n import _
from mathcards.lama_dice.live import Asked, Guess
from mathcards.room import LiveRefusal
from mathcards.teams import team_name

Row = list[object]


@dataclass(frozen=True)
class GuessLine:
    """One guess: who, in which lesson and at which question, what it was read as, the answer."""

    nickname: str
    live: int
    seq: int
    asked: Asked
    value: Fraction | str  # a chance, or roll or quit
    exact: Fraction | str
    at: datetime | None
    team: int | None = None  # the team it was the guess of (in teams); its student guessed

    @property
    def points_off(self) -> float | None:
        """How far a chance guessed is from the true chance, in percentage points."""
        if isinstance(self.value, Fraction) and isinstance(self.exact, Fraction):
            return round(float(abs(self.value - self.exact) * 100), 2)
        return None

    def judged(self) -> dict[str, object]:
        """The guess as the export carries it: as a percentage, the true chance likewise (or the
        choices), the distance in percentage points."""
        return {
            "guess": as_percent(self.value),
            "chance": as_percent(self.exact),
            "points_off": self.points_off,
            "team": self.team,
        }


def as_percent(value: Fraction | str) -> float | str:
    """A chance as a percentage (2 decimals at most), a choice as it is."""
    return value if isinstance(value, str) else round(float(value * 100), 2)


def guessed(records: list[LiveRecord]) -> list[GuessLine]:
    """Every guess these LAMA Dice lessons kept, in order of arrival."""
    found: list[GuessLine] = []
    for record in sorted(records, key=lambda record: record.id):
        if record.game == LAMA_DICE.name:
            found += _replayed(record)
    return found


def _replayed(record: LiveRecord) -> list[GuessLine]:
    """The lesson's guesses, each beside its question's answer as the class book kept it at
    the reveal (worked out here only for a question never revealed)."""
    game = LAMA_DICE.new(record.settings)
    guesses: list[tuple[Guess, Asked, LiveEvent]] = []
    for event in record.events[1:]:
        outcome: Any = None
        with contextlib.suppress(LiveRefusal):  # an event whose student was forgotten since
            outcome = LAMA_DICE.apply(game, event)
        if event.kind == EventKind.GUESS and isinstance(outcome, Guess):
            assert game.current is not None
            guesses.append((outcome, game.current, event))
    return [
        GuessLine(
            guess.name,
            record.id,
            event.seq,
            asked,
            guess.value,
            asked.answer(),
            event.at,
            guess.team,
        )
        for guess, asked, event in guesses
    ]


def judged(records: list[LiveRecord]) -> dict[tuple[int, int], dict[str, object]]:
    """What the service works out of each guess (by lesson and arrival), for the export."""
    return {(line.live, line.seq): line.judged() for line in guessed(records)}


def guess_columns() -> list[str]:
    return [
        _("when"),
        _("question"),
        _("guess"),
        _("the true chance"),
        _("how far off (percentage points)"),
    ]


def guess_rows(lines: list[GuessLine]) -> list[Row]:
    """A student's guesses, oldest first, in the page's language."""
    return [
        [
            line.at.strftime("%Y-%m-%d %H:%M") if line.at else "—",
            for_team(
                _("LAMA Dice live {game}, question {number}: {question}").format(
                    game=line.live, number=line.asked.number, question=line.asked.question.text
                ),
                line.team,
            ),
            worded(line.value),
            worded(line.exact),
            "—" if line.points_off is None else i18n.number(line.points_off, 1),
        ]
        for line in lines
    ]


def for_team(where: str, team: int | None) -> str:
    """Where an answer or a guess was, and the team it counted for (in teams)."""
    if team is None:
        return where
    return _("{where}, for {team}").format(where=where, team=team_name(team))


def worded(value: Fraction | str) -> str:
    """A chance as a percentage, a choice (roll, quit) in the page's language."""
    return i18n.percent(value, 1) if not isinstance(value, str) else _(value)

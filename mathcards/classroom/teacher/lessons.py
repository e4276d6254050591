"""The class's live MAM! games as the teacher's page reads them: each game replayed from the
class book (each answer by the verdict the service judged it by once and kept with it, never
read from a page nor judged again), every answer (the typing slips too, which are no claims)
with its verdict, its kind of mistake and the seconds since its round opened; each student's
podium places and when they were last seen in a live game (docs/design.md#the-teachers-page)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from mathcards.book import LiveRecord, Mistake
from mathcards.classroom.live.mam import MAM
from mathcards.classroom.protocol import EventKind
from mathcards.classroom.teacher import guesses
from mathcards.classroom.teacher.mistakes import mistake_of
from mathcards.room import Phase


@dataclass(frozen=True)
class LiveAnswer:
    """One answer in a live game: who, which game and round, what was typed, the verdict."""

    nickname: str
    live: int
    seq: int  # its arrival number in the class's live record
    round: int
    cards: list[int]
    target: int
    typed: str
    correct: bool
    mistake: Mistake | None
    sentence: str
    seconds: float | None  # since its round opened
    at: datetime | None
    claim: bool = True  # else a typing slip, kept for the teacher: no claim, nothing scored
    team: int | None = None  # the team it claimed for (in teams); its student claimed


@dataclass
class LiveLessons:
    """What the class's live games hold: every answer (oldest first), each student's podium
    places, and when each student was last seen in one."""

    answers: list[LiveAnswer] = field(default_factory=list)
    places: dict[str, list[int]] = field(default_factory=dict)
    seen: dict[str, datetime] = field(default_factory=dict)

    def of(self, nickname: str) -> list[LiveAnswer]:
        return [answer for answer in self.answers if answer.nickname == nickname]

    @property
    def claims(self) -> list[LiveAnswer]:
        """The answers that were claims (never a typing slip)."""
        return [answer for answer in self.answers if answer.claim]

    def judged(self) -> dict[tuple[int, int], dict[str, object]]:
        """What the service worked out of each answer (by game and arrival), for the export."""
        return {
            (answer.live, answer.seq): {
                "cards": answer.cards,
                "target": answer.target,
                "correct": answer.correct,
                "mistake": answer.mistake and answer.mistake.value,
                "sentence": answer.sentence,
                "seconds": answer.seconds,
                "team": answer.team,
            }
            for answer in self.answers
        }


def judged(records: list[LiveRecord]) -> dict[tuple[int, int], dict[str, object]]:
    """What the service works out of each live answer and guess (by game and arrival), for
    the export."""
    return {**lessons(records).judged(), **guesses.judged(records)}


def lessons(records: list[LiveRecord]) -> LiveLessons:
    """The answers, places and moments of these live games (of any game: MAM!'s replayed)."""
    found = LiveLessons()
    for record in sorted(records, key=lambda record: record.id):
        for event in record.events:
            placed = event.kind == EventKind.TEAM  # the teacher's doing: not the student seen
            if event.name and event.at is not None and not placed:
                seen = found.seen.get(event.name)
                found.seen[event.name] = event.at if seen is None else max(seen, event.at)
        if record.game == MAM.name:
            _replayed(record, found)
    return found


def _replayed(record: LiveRecord, found: LiveLessons) -> None:
    game = MAM.replayed(record)
    moments = {event.seq: event.at for event in record.events}
    opened = _round_opened(record)
    for played in game.rounds:
        deal = played.deal
        for answer in sorted([*played.answers, *played.slips], key=lambda answer: answer.seq):
            at, start = moments.get(answer.seq), opened.get(answer.seq)
            verdict = answer.verdict
            found.answers.append(
                LiveAnswer(
                    answer.name,
                    record.id,
                    answer.seq,
                    played.number,
                    list(deal.cards),
                    deal.target,
                    answer.text,
                    answer.correct,
                    mistake_of(verdict),
                    str(verdict.message),
                    None if at is None or start is None else (at - start).total_seconds(),
                    at,
                    not answer.slip,
                    answer.team,
                )
            )
    if game.phase is Phase.OVER:
        for standing in game.podium():
            found.places.setdefault(standing.name, []).append(standing.place)


def _round_opened(record: LiveRecord) -> dict[int, datetime]:
    """When the round each answer (by its arrival number) came in was opened."""
    opened: dict[int, datetime] = {}
    start: datetime | None = None
    for event in record.events:
        if event.kind == EventKind.OPEN:
            start = event.at
        elif event.kind == EventKind.ANSWER and start is not None:
            opened[event.seq] = start
    return opened

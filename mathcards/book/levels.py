"""What practice at a student's level has acknowledged and not yet kept as answers, in the class
book (a part of `Book`), so that a restart of the class service loses none of it: a roll-or-quit
set at the student's level as it stands, and the MAM! deal dealt in a set and not answered yet;
and, with the student, the games whose page they last practised at their level. All is kept by
the student's id: a forget takes it away."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import select

from mathcards.book.database import BookPart, guarded
from mathcards.book.errors import BookError, UnknownSet, UnknownStudent
from mathcards.book.models import LevelSetRow, PracticeSetRow, StudentRow
from mathcards.i18n import _

GAMES = ("mam", "lama_dice")  # the pages with practice at my level
SKILL_LENGTH = 20  # a skill's name (student_ratings.skill)
MOST_DEALT = 50  # moments in one set (mathcards.adaptive.sets.MOST_ROUNDS)
KEY_LENGTH = 80  # an item's key in the bank (item_ratings.item)


@dataclass(frozen=True)
class KeptLevelSet:
    """A roll-or-quit set at a student's level as the book keeps it: its number, skill, size
    and dice, each moment dealt with what the student did (plain data), how many they went
    on from."""

    id: int
    student: int
    skill: str
    rounds: int
    dice: str
    dealt: list[dict[str, Any]]
    moved: int


class LevelSetBook(BookPart):
    """The class book's side of the sets at a student's level held between calls."""

    @guarded
    def start_level_set(self, student: int, skill: str, *, rounds: int, dice: str = "") -> int:
        """A new roll-or-quit set at the student's level, nothing dealt yet; its number."""
        with self._writing() as session:
            if session.get(StudentRow, student) is None:
                message = _("there is no student number {student} in the class book")
                raise UnknownStudent(message.format(student=student))
            moment = self._now()
            row = LevelSetRow(
                student_id=student,
                skill=str(skill),
                rounds=int(rounds),
                dice=str(dice),
                dealt=[],
                moved=0,
                started=moment,
                at=moment,
            )
            session.add(row)
            session.flush()
            return row.id

    @guarded
    def level_set(self, student: int, skill: str) -> KeptLevelSet | None:
        """The student's newest set at their level in the skill (finished or not); else None."""
        with self._reading() as session:
            row = session.scalar(
                select(LevelSetRow)
                .where(LevelSetRow.student_id == student, LevelSetRow.skill == str(skill))
                .order_by(LevelSetRow.id.desc())
                .limit(1)
            )
            if row is None:
                return None
            dealt = [dict(one) for one in row.dealt] if isinstance(row.dealt, list) else []
            return KeptLevelSet(
                row.id, row.student_id, row.skill, row.rounds, row.dice, dealt, row.moved
            )

    @guarded
    def keep_level_set(self, set_id: int, dealt: list[dict[str, Any]], moved: int) -> None:
        """The set as it stands now: each moment dealt and what was done, how many gone on from."""
        if len(dealt) > MOST_DEALT or not 0 <= moved <= len(dealt):
            message = _("a set at one's level holds up to {most} items, not {count}")
            raise BookError(message.format(most=MOST_DEALT, count=len(dealt)))
        with self._writing() as session:
            row = session.get(LevelSetRow, set_id)
            if row is None:
                message = _("there is no set number {set} at a student's level in the class book")
                raise UnknownSet(message.format(set=set_id))
            row.dealt, row.moved, row.at = [dict(one) for one in dealt], moved, self._now()

    @guarded
    def keep_dealt(self, set_id: int, key: str | None) -> None:
        """The deal dealt in practice set `set_id` and not answered yet (None: none)."""
        if key is not None and (not isinstance(key, str) or len(key) > KEY_LENGTH):
            raise BookError(_("a deal's key is a short text, not {key}").format(key=repr(key)[:20]))
        with self._writing() as session:
            row = session.get(PracticeSetRow, set_id)
            if row is None:
                message = _("there is no practice set number {set} in the class book")
                raise UnknownSet(message.format(set=set_id))
            row.dealt = key

    @guarded
    def choose_level(self, student: int, game: str, skill: str | None) -> None:
        """The student practises the game at their level in this skill (None: at the fixed
        levels); their page opens so next time."""
        named = skill is None or (isinstance(skill, str) and len(skill) <= SKILL_LENGTH)
        if game not in GAMES or not named:
            raise BookError(
                _("a student practises {games} at their level, not {game}").format(
                    games=", ".join(GAMES), game=repr(game)[:20]
                )
            )
        with self._writing() as session:
            row = session.get(StudentRow, student)
            if row is None:
                message = _("there is no student number {student} in the class book")
                raise UnknownStudent(message.format(student=student))
            chosen = dict(row.my_level) if isinstance(row.my_level, dict) else {}
            if chosen.get(game) == skill:
                return
            chosen.pop(game, None)
            if skill is not None:
                chosen[game] = skill
            row.my_level = chosen or None

    @guarded
    def my_level(self, student: int, game: str) -> str | None:
        """The skill the student last practised the game in at their level (None: at the
        fixed levels, or never at theirs)."""
        with self._reading() as session:
            chosen = session.scalar(select(StudentRow.my_level).where(StudentRow.id == student))
            found = chosen.get(game) if isinstance(chosen, dict) else None
            return found if isinstance(found, str) else None

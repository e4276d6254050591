"""What the teacher's page shows of the class book, as table rows of plain values: each
student's work, where the class got stuck, which targets were hard, and each student's guesses
in the live LAMA Dice lessons (replayed from the class book by LAMA Dice's live kind)."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from mathcards import i18n
from mathcards.book import HardTarget, LiveRecord, Stuck, StudentSummary
from mathcards.classroom.live.lama_dice import LAMA_DICE
from mathcards.i18n import _
from mathcards.room import Phase

Row = list[object]  # a table row's cells, each shown as text


@dataclass
class StudentGuesses:
    """One student's guesses in the class's live LAMA Dice lessons."""

    name: str
    off: list[Fraction] = field(default_factory=list)  # each chance guessed: how far off
    choices: list[bool] = field(default_factory=list)  # each roll-or-quit: the better choice?
    last: tuple[Fraction | str, Fraction | str] | None = None  # the newest guess, the answer


def guesses(records: list[LiveRecord]) -> list[StudentGuesses]:
    """Each student's guesses at the revealed questions of these lessons (oldest first), by
    name."""
    found: dict[str, StudentGuesses] = {}
    for record in sorted(records, key=lambda record: record.id):
        lesson = LAMA_DICE.replayed(record)
        shown = lesson.asked[: len(lesson.asked) - (lesson.phase is Phase.OPEN)]
        for asked in shown:
            exact = asked.question.exact()
            for name, guess in sorted(asked.guesses.items(), key=lambda item: item[1].seq):
                student = found.setdefault(name, StudentGuesses(name))
                if asked.question.chance:
                    student.off.append(guess.off_by(exact))
                else:
                    student.choices.append(guess.value == exact)
                student.last = (guess.value, exact)
    return sorted(found.values(), key=lambda student: student.name.casefold())


def student_columns() -> list[str]:
    return [
        _("student"),
        _("practice sets"),
        _("deals solved"),
        _("answers"),
        _("hints used"),
        _("games"),
        _("decisions right"),
        _("last seen"),
        "",
    ]


def student_row(student: StudentSummary) -> Row:
    seen = student.last_seen.strftime("%Y-%m-%d %H:%M") if student.last_seen else "—"
    return [
        student.nickname,
        student.sets,
        student.deals_solved,
        student.answers,
        student.hints_used,
        student.games,
        f"{student.decisions_right} / {student.decisions}",
        seen,
    ]


def stuck_columns() -> list[str]:
    return [_("what the checker said"), _("times"), _("students")]


def stuck_row(stuck: Stuck) -> Row:
    return [stuck.sentence, stuck.count, ", ".join(stuck.nicknames)]


def hard_columns() -> list[str]:
    return [_("cards"), _("target"), _("answers"), _("students who solved it")]


def hard_row(hard: HardTarget) -> Row:
    cards = " ".join(map(str, hard.cards))
    return [cards, hard.target, hard.tries, f"{hard.solved} / {hard.students}"]


def guess_columns() -> list[str]:
    return [
        _("student"),
        _("chances guessed"),
        _("on average how far off"),
        _("roll or quit: the better choice"),
        _("the last guess"),
    ]


def guess_row(student: StudentGuesses) -> Row:
    """A student's guesses in the live LAMA Dice lessons, and how close they were."""
    off = sum(student.off) / len(student.off) if student.off else None
    last = "—"
    if student.last is not None:
        guess, exact = student.last
        last = _("{guess} (the answer: {exact})").format(guess=worded(guess), exact=worded(exact))
    return [
        student.name,
        len(student.off),
        "—" if off is None else i18n.percent(off, 1),
        f"{sum(student.choices)} / {len(student.choices)}",
        last,
    ]


def worded(value: Fraction | str) -> str:
    """A chance as a percentage, a choice (roll, quit) in the page's language."""
    return i18n.percent(value, 1) if not isinstance(value, str) else _(value)

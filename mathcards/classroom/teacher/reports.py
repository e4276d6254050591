"""What the teacher's page shows of the class book, as table rows of plain values: each
student's work (practice, games, live MAM! answers and podium places, LAMA Dice guesses), where
the class got stuck (grouped by the kind of mistake, what the checker said in the page's
language), which targets were hard (practice and live rounds), each student's guesses in the
live LAMA Dice lessons (replayed from the class book by LAMA Dice's live kind), and one
student's answers with the seconds each took, and their games at a table."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from datetime import datetime
from fractions import Fraction

from mathcards import i18n
from mathcards.book import HardTarget, LiveRecord, Mistake, PracticeAnswer, StudentSummary
from mathcards.book.tables import GameRecord
from mathcards.classroom.live.lama_dice import LAMA_DICE
from mathcards.classroom.teacher.guesses import for_team, worded
from mathcards.classroom.teacher.lessons import LiveAnswer, LiveLessons
from mathcards.classroom.teacher.mistakes import WORDS, mistake, reworded
from mathcards.collation import name_key
from mathcards.i18n import N_, _
from mathcards.mam.hints import answer_shown
from mathcards.room import Phase

Row = list[object]  # a table row's cells, each shown as text
GAMES = {"mam": N_("MAM!"), "lama": N_("LAMA"), "lama_dice": N_("LAMA Dice"), "unikat": "Unikat"}


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
            exact = asked.answer()  # as the class book kept it at the reveal
            for name, guess in sorted(asked.guesses.items(), key=lambda item: item[1].seq):
                student = found.setdefault(name, StudentGuesses(name))
                if asked.question.chance:
                    student.off.append(guess.off_by(exact))
                else:
                    student.choices.append(guess.value == exact)
                student.last = (guess.value, exact)
    return sorted(found.values(), key=lambda student: name_key(student.name))


def student_columns() -> list[str]:
    return [
        _("student"),
        _("practice sets"),
        _("deals solved"),
        _("answers"),
        _("hints used"),
        _("games"),
        _("decisions right"),
        _("deals shown"),
        _("live answers right"),
        _("live guesses"),
        _("podium places"),
        _("last seen"),
        "",
    ]


@dataclass(frozen=True)
class Line:
    """A student's line: their book summary, the deals a hint showed the answer of, their live
    claims (never a typing slip), guesses and podium places."""

    summary: StudentSummary
    shown: int = 0
    live: list[LiveAnswer] = field(default_factory=list)
    guesses: int = 0
    places: list[int] = field(default_factory=list)


def lines(
    summaries: list[StudentSummary],
    answers: list[PracticeAnswer],
    live: LiveLessons,
    guessed: list[StudentGuesses],
) -> list[Line]:
    """Each student's line: a deal solved only after a hint had shown its whole answer counts
    as shown, not solved; last seen in practice, games or a live game."""
    shown = Counter(name for name, _set, _deal in shown_deals(answers))
    counts = {student.name: len(student.off) + len(student.choices) for student in guessed}
    found = []
    for summary in summaries:
        name = summary.nickname
        seen = [moment for moment in (summary.last_seen, live.seen.get(name)) if moment]
        solved = summary.deals_solved - shown[name]
        summary = replace(summary, deals_solved=solved, last_seen=max(seen, default=None))
        claims = [answer for answer in live.of(name) if answer.claim]
        line = Line(summary, shown[name], claims, counts.get(name, 0), live.places.get(name, []))
        found.append(line)
    return found


def shown_deals(answers: list[PracticeAnswer]) -> set[tuple[str, int, int]]:
    """The deals (student, set, deal) answered right only once a hint had shown the whole
    answer (docs/design.md#the-teachers-page)."""
    solved = {(a.nickname, a.set_id, a.deal) for a in answers if a.correct and not _shown(a)}
    return {
        (a.nickname, a.set_id, a.deal)
        for a in answers
        if a.correct and _shown(a) and (a.nickname, a.set_id, a.deal) not in solved
    }


def _shown(answer: PracticeAnswer) -> bool:
    return answer_shown(answer.cards, answer.target, answer.hints_used, power=answer.power)


def student_row(line: Line) -> Row:
    student = line.summary
    seen = student.last_seen.strftime("%Y-%m-%d %H:%M") if student.last_seen else "—"
    right = sum(answer.correct for answer in line.live)
    return [
        student.nickname,
        student.sets,
        student.deals_solved,
        student.answers,
        student.hints_used,
        student.games,
        f"{student.decisions_right} / {student.decisions}",
        line.shown,
        f"{right} / {len(line.live)}",
        line.guesses,
        ", ".join(map(str, sorted(line.places))) or "—",
        seen,
    ]


def stuck_columns() -> list[str]:
    return [_("the kind of mistake"), _("times"), _("who, how often"), _("for example")]


@dataclass
class Stuck:
    """One kind of mistake: how often each student made it, and what the checker said."""

    kind: Mistake
    who: Counter[str] = field(default_factory=Counter)
    said: Counter[str] = field(default_factory=Counter)


def stuck(answers: list[PracticeAnswer], live: list[LiveAnswer]) -> list[Stuck]:
    """The wrong answers of practice and live games grouped by their kind of mistake (never by
    the checker's sentence, which is in the language of whoever heard it), the most made first."""
    found: dict[Mistake, Stuck] = {}
    wrong = [
        (a.nickname, mistake(a.verdict_kind, a.typed, a.power), reworded(a))
        for a in answers
        if not a.correct
    ]
    wrong += [(a.nickname, a.mistake, a.sentence) for a in live if not a.correct]
    for name, kind, sentence in wrong:
        if kind is None:
            continue
        group = found.setdefault(kind, Stuck(kind))
        group.who[name] += 1
        group.said[sentence] += 1
    order = list(WORDS)
    return sorted(found.values(), key=lambda g: (-g.who.total(), order.index(g.kind)))


def stuck_row(group: Stuck) -> Row:
    who = sorted(group.who.items(), key=lambda item: (-item[1], name_key(item[0])))
    return [
        _(WORDS[group.kind]),
        group.who.total(),
        ", ".join(f"{name} ({count})" for name, count in who),
        group.said.most_common(1)[0][0],
    ]


def hard_columns() -> list[str]:
    return [_("cards"), _("target"), _("answers"), _("students who solved it")]


def hard(answers: list[PracticeAnswer], live: list[LiveAnswer]) -> list[HardTarget]:
    """Every deal answered, in practice or in a live round (a typing slip is no answer to it):
    how many answers, how many of the students who tried it solved it; the least solved
    first."""
    tries: Counter[tuple[tuple[int, ...], int]] = Counter()
    tried: dict[tuple[tuple[int, ...], int], set[str]] = {}
    solved: dict[tuple[tuple[int, ...], int], set[str]] = {}
    every = [(a.nickname, a.cards, a.target, a.correct) for a in answers]
    every += [(a.nickname, a.cards, a.target, a.correct) for a in live if a.claim]
    for name, cards, target, correct in every:
        deal = (tuple(sorted(cards)), target)
        tries[deal] += 1
        tried.setdefault(deal, set()).add(name.casefold())
        if correct:
            solved.setdefault(deal, set()).add(name.casefold())
    return sorted(
        (
            HardTarget(cards, target, tries[deal], len(solved.get(deal, ())), len(who))
            for deal, who in tried.items()
            for cards, target in [deal]
        ),
        key=lambda deal: (deal.solved / deal.students, -deal.tries, deal.target, deal.cards),
    )


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


def answer_columns() -> list[str]:
    return [
        _("when"),
        _("where"),
        _("cards"),
        _("target"),
        _("typed"),
        _("what the checker said"),
        _("seconds"),
        _("hints"),
    ]


def answer_rows(answers: list[PracticeAnswer], live: list[LiveAnswer]) -> list[Row]:
    """One student's answers, practice and live, oldest first, with the seconds each took."""
    shown = shown_deals(answers)
    rows: list[tuple[datetime | None, Row]] = []
    for a in answers:
        hints = str(a.hints_used)
        if (a.nickname, a.set_id, a.deal) in shown and a.correct:
            hints = _("{hints}: the whole answer shown").format(hints=a.hints_used)
        where = _("practice, deal {deal}").format(deal=a.deal)
        rows.append((a.at, _answer_row(a.at, where, a, reworded(a), a.seconds, hints)))
    for b in live:
        where = for_team(
            _("MAM! live {game}, round {round}").format(game=b.live, round=b.round), b.team
        )
        if not b.claim:
            where = _("{where} (a typing slip, no claim)").format(where=where)
        rows.append((b.at, _answer_row(b.at, where, b, b.sentence, b.seconds, "—")))
    return [
        row for _at, row in sorted(rows, key=lambda item: item[0].timestamp() if item[0] else 0.0)
    ]


def _answer_row(
    at: datetime | None,
    where: str,
    answer: PracticeAnswer | LiveAnswer,
    sentence: str,
    seconds: float | None,
    hints: str,
) -> Row:
    return [
        at.strftime("%Y-%m-%d %H:%M") if at else "—",
        where,
        " ".join(map(str, answer.cards)),
        answer.target,
        answer.typed,
        ("✓ " if answer.correct else "✗ ") + sentence,
        "—" if seconds is None else i18n.number(seconds, 1),
        hints,
    ]


def game_columns() -> list[str]:
    return [_("when"), _("game"), _("players"), _("scores"), _("winners"), _("over")]


def game_row(game: GameRecord) -> Row:
    """A game played at a table: who played, the scores, who won (the computer players by
    the names the table gave them)."""
    scores = ", ".join(f"{player} {points}" for player, points in game.scores.items())
    return [
        game.at.strftime("%Y-%m-%d %H:%M"),
        _(GAMES.get(game.game, game.game)),
        ", ".join(game.players),
        scores or "—",
        ", ".join(game.winners) or "—",
        _("yes") if game.finished else _("not yet"),
    ]

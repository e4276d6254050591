"""The teacher's page's practice at each student's level (templates/level.html): what the
teacher sets for the class (the share of right answers the deals aim at, whether time counts),
each student's step on the ladder over the weeks and the class's (a small line chart drawn on
the server, with its text alternative), each student's kinds of mistake week by week, and the
deals the class finds hardest by their learned difficulty (docs/design.md#the-ladder)."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from datetime import date, tzinfo
from typing import Any

from mathcards import i18n
from mathcards.adaptive.bank import bank
from mathcards.adaptive.ladder import RUNGS, SURE, height, rung, week_of
from mathcards.adaptive.rating import Rating
from mathcards.adaptive.skills import LABELS, LOWEST, Skill
from mathcards.book import PracticeAnswer, zones
from mathcards.book.ratings import LevelSettings, RatingStep
from mathcards.classroom.service.classservice import ClassService
from mathcards.classroom.teacher.mistakes import WORDS, mistake
from mathcards.collation import name_key
from mathcards.i18n import _, ngettext, percent

DO = "level"  # the form's `do`
AIMS = [round(LOWEST + step * 0.05, 2) for step in range(7)]  # 60 % to 90 %, 5 by 5
HARDEST = 10  # deals listed
MISTAKE_WEEKS = 8  # weeks of mistakes looked at, the newest
WIDTH, TALL = 220, 56  # a chart's box, in pixels


@dataclass(frozen=True)
class LevelFound:
    """What the class book holds for the section."""

    settings: LevelSettings
    steps: list[RatingStep]
    items: dict[Skill, dict[str, Rating]]
    answers: list[PracticeAnswer]
    zone: str | None


@dataclass(frozen=True)
class Chart:
    """A line chart: its points in a WIDTH × TALL box, its dots, and what it says in words."""

    points: str
    dots: list[tuple[str, str]]
    said: str


@dataclass(frozen=True)
class StudentCurve:
    name: str
    chart: Chart
    came: str  # "step 3 → step 5 over 4 weeks"
    answers: int
    right: str


@dataclass(frozen=True)
class SkillCurves:
    label: str
    chart: Chart  # the class's
    students: list[StudentCurve]


@dataclass(frozen=True)
class LevelSection:
    """The section in the page's language."""

    aims: list[tuple[str, str, bool]]  # each choice: its value, its label, chosen?
    clock: bool
    skills: list[SkillCurves]
    curve_columns: list[str]
    mistakes: list[tuple[str, list[str]]]
    hardest: list[list[object]]
    hardest_columns: list[str]
    width: int = WIDTH
    tall: int = TALL


async def found(service: ClassService) -> LevelFound | None:
    """What the class book holds for the section (None when it cannot say)."""
    book, school = service.book_of, service.class_name

    def look() -> LevelFound:
        steps = book().rating_steps(school)
        return LevelFound(
            book().level_settings(school),
            steps,
            {skill: book().item_ratings(skill) for skill in {step.skill for step in steps}},
            book().answers(school),
            book().class_zone(school),
        )

    try:
        return await service.run(look)
    except ValueError:
        return None


def section(held: LevelFound | None) -> LevelSection | None:
    """The section in the page's language."""
    if held is None:
        return None
    where = zones.zone(held.zone)
    aim = held.settings.success
    return LevelSection(
        aims=[(f"{choice:.2f}", percent(choice, 0), abs(choice - aim) < 1e-9) for choice in AIMS],
        clock=held.settings.clock,
        skills=[curves(skill, held.steps, where) for skill in Skill if _of(held.steps, skill)],
        curve_columns=[_("student"), _("step, week by week"), _("how far"), _("answers")],
        mistakes=mistakes_by_week(held.answers, where),
        hardest=hardest(held.steps, held.items),
        hardest_columns=[_("deal"), _("practised"), _("how hard"), _("answers"), _("right")],
    )


def _of(steps: list[RatingStep], skill: Skill) -> list[RatingStep]:
    return [step for step in steps if step.skill is skill]


def curves(skill: Skill, steps: list[RatingStep], where: tzinfo) -> SkillCurves:
    """Each student's step at the end of each week they practised the skill, and the class's
    (the mean of every student's latest step by each week's end), on the class's weeks."""
    mine = _of(steps, skill)
    weeks = sorted({week_of(step.at, where) for step in mine})
    by_student: dict[str, dict[date, float]] = defaultdict(dict)
    tally: dict[str, list[bool]] = defaultdict(list)
    for step in mine:
        by_student[step.nickname][week_of(step.at, where)] = height(skill, step.rating)
        tally[step.nickname].append(step.right)
    students = [
        StudentCurve(
            name,
            chart(name, weekly, weeks),
            came(weekly),
            len(tally[name]),
            percent(sum(tally[name]) / len(tally[name]), 0),
        )
        for name, weekly in sorted(by_student.items(), key=lambda item: name_key(item[0]))
    ]
    return SkillCurves(
        _(LABELS[skill]), chart(_("the class"), _class(by_student, weeks), weeks), students
    )


def _class(by_student: dict[str, dict[date, float]], weeks: list[date]) -> dict[date, float]:
    """The class's step each week: the mean of each student's latest step by then."""
    found: dict[date, float] = {}
    for week in weeks:
        latest = [
            weekly[max(day for day in weekly if day <= week)]
            for weekly in by_student.values()
            if min(weekly) <= week
        ]
        found[week] = sum(latest) / len(latest)
    return found


def chart(who: str, weekly: dict[date, float], weeks: list[date]) -> Chart:
    """A line of `who`'s step over the class's `weeks` (x: the week, y: the step, 1 to 10)."""
    slots = max(len(weeks) - 1, 1)
    placed = []
    for index, week in enumerate(weeks):
        if week in weekly:
            x = WIDTH / 2 if len(weeks) == 1 else index * WIDTH / slots
            y = TALL - (weekly[week] - 1) / (RUNGS - 1) * TALL
            placed.append((f"{x:.1f}", f"{y:.1f}"))
    first, last = min(weekly), max(weekly)
    if first == last:
        said = _("{who}: step {last} in the week of {until}")
    else:
        said = _("{who}: step {first} in the week of {since}, step {last} in the week of {until}")
    shown = {"who": who, "first": int(weekly[first]), "last": int(weekly[last])}
    words = said.format(**shown, since=i18n.day(first), until=i18n.day(last))
    return Chart(" ".join(f"{x},{y}" for x, y in placed), placed, words)


def came(weekly: dict[date, float]) -> str:
    """How far a student came: "step 3 → step 5 over 4 weeks"."""
    first, last = min(weekly), max(weekly)
    weeks = (last - first).days // 7 + 1
    if weeks == 1:
        return _("step {step} in one week").format(step=int(weekly[last]))
    over = ngettext("over {n} week", "over {n} weeks", weeks).format(n=weeks)
    return _("step {first} → step {last} {over}").format(
        first=int(weekly[first]), last=int(weekly[last]), over=over
    )


def mistakes_by_week(answers: list[PracticeAnswer], where: tzinfo) -> list[tuple[str, list[str]]]:
    """Each student's kinds of mistake week by week, over their last MISTAKE_WEEKS weeks of
    practice: "a division that is not a whole number: 5 → 1 over 4 weeks (5, 3, 2, 1)"."""
    counted: dict[str, dict[Any, dict[date, int]]] = defaultdict(lambda: defaultdict(dict))
    practised: dict[str, set[date]] = defaultdict(set)
    for answer in answers:
        week = week_of(answer.at, where)
        practised[answer.nickname].add(week)
        kind = None if answer.correct else mistake(answer.verdict_kind, answer.typed, answer.power)
        if kind is not None:
            weekly = counted[answer.nickname][kind]
            weekly[week] = weekly.get(week, 0) + 1
    lines = []
    for name in sorted(counted, key=name_key):
        weeks = sorted(practised[name])[-MISTAKE_WEEKS:]
        said = [
            _mistake_line(kind, [weekly.get(week, 0) for week in weeks])
            for kind, weekly in sorted(
                counted[name].items(), key=lambda item: list(WORDS).index(item[0])
            )
            if any(weekly.get(week, 0) for week in weeks)
        ]
        if said:
            lines.append((name, said))
    return lines


def _mistake_line(kind: Any, counts: list[int]) -> str:
    words = _(WORDS[kind])
    if len(counts) == 1:
        return _("{kind}: {n} in one week").format(kind=words, n=counts[0])
    over = ngettext("over {n} week", "over {n} weeks", len(counts)).format(n=len(counts))
    return _("{kind}: {first} → {last} {over} ({counts})").format(
        kind=words,
        first=counts[0],
        last=counts[-1],
        over=over,
        counts=", ".join(map(str, counts)),
    )


def hardest(steps: list[RatingStep], items: dict[Skill, dict[str, Rating]]) -> list[list[object]]:
    """The deals and moments the class answered, the hardest by their learned difficulty first:
    the deal, its skill, the step a student makes it from three times in four, and how the
    class did on it."""
    tally: dict[tuple[Skill, str], list[bool]] = defaultdict(list)
    for step in steps:
        tally[step.skill, step.item].append(step.right)
    learned = [
        (items.get(skill, {}).get(item) or _prior(skill, item), skill, item)
        for skill, item in tally
    ]
    learned.sort(key=lambda found: -found[0].value)
    return [
        [
            deal_words(skill, item),
            _(LABELS[skill]),
            _("from step {step}").format(step=rung(skill, rating.value + SURE)),
            len(tally[skill, item]),
            sum(tally[skill, item]),
        ]
        for rating, skill, item in learned[:HARDEST]
    ]


def _prior(skill: Skill, item: str) -> Rating:
    return Rating(bank(skill).find(item).prior, 0.0)


def deal_words(skill: Skill, item: str) -> str:
    """A deal as the teacher reads it ("2 3 5 6 9 → 20"), or a moment ("your row 1 3, llama row
    1 2 3 4 5 6 L")."""
    if skill is not Skill.ROLL_OR_QUIT:
        cards, target = item.split("=")
        return f"{cards.replace(',', ' ')} → {target}"
    _dice, row, llama_row = item.split("/")
    named = [
        " ".join("L" if card == "7" else card for card in part.split(","))
        for part in (row, llama_row)
    ]
    return _("your row {row}, llama row {llama_row}").format(row=named[0], llama_row=named[1])


async def keep(service: ClassService, form: dict[str, str]) -> LevelSettings | str | None:
    """Keep what the teacher set: the settings now, the book's refusal, or None for a share
    that is not a number."""
    book, school = service.book_of, service.class_name
    try:
        aim = float(form.get("success", ""))
    except ValueError:
        return None
    clock = form.get("clock", "") == "on"
    try:
        return await service.run(
            lambda: book().set_level_settings(school, success=aim, clock=clock)
        )
    except ValueError as refusal:
        return str(refusal)


def said(outcome: LevelSettings | str | None) -> str:
    """What the page says it has done (or why not), in the page's language."""
    if outcome is None:
        return _("Choose a share of right answers from the list.")
    if isinstance(outcome, str):
        return outcome
    timed = _("time counts") if outcome.clock else _("no clock: only right or wrong counts")
    return _("Practice at each student's level now aims at {aim} right answers; {timed}.").format(
        aim=percent(outcome.success, 0), timed=timed
    )

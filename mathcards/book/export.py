"""The class book as a file for the teacher (`mathcards book export`): every practice step,
game and decision, every event of the class's live games, every decision made at its tables
with its values, every assignment with each student's progress, and each student's ratings of
practice at their level with what every answer did to them, as CSV (one line each, for a
spreadsheet) or JSON (class, student, set; class, live game, event; class, table, decision;
class, assignment, progress; class, student, rating and rating change).
A live answer carries what the class service worked out of it (`judged`: its deal's cards and
target, right or wrong, the kind of mistake, the checker's sentence, the seconds since its round
opened), beside the text; a live guess its value as a percentage, the true chance and the
distance in percentage points. A practice answer's kind of mistake is in the same column
(`mistake_of` works it out). The CSV is for a spreadsheet in the export's language: UTF-8 with a
byte-order mark (else Excel reads × and ł wrongly), its cells parted as that language's
spreadsheets part them (`;` and decimal commas in Polish, `,` and points in English).
A CSV cell a spreadsheet would take for a formula (it begins with = + - @, a tab or a carriage
return: what a student typed, a nickname) is written with a `'` before it, so it shows as text."""

from __future__ import annotations

import csv
import io
import json
from collections import defaultdict
from collections.abc import Callable, Mapping
from datetime import date, datetime
from fractions import Fraction
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from mathcards.accommodations import Accommodation, listed
from mathcards.book import names, zones
from mathcards.book.assignments import class_progress
from mathcards.book.errors import BookError, UnknownClass
from mathcards.book.live import LiveEvent, LiveRecord, records_of
from mathcards.book.models import (
    AccommodationRow,
    DecisionRow,
    GameRow,
    PlayDecisionRow,
    PlaySeatRow,
    PlayTableRow,
    PracticeSetRow,
    PracticeStepRow,
    RatingChangeRow,
    SchoolClassRow,
    StudentRatingRow,
    StudentRow,
)
from mathcards.book.progress import Assignment, Progress
from mathcards.collation import name_key
from mathcards.i18n import _

FORMATS = ("csv", "json")
STEP: tuple[str, ...] = ("seq", "kind", "deal", "cards", "target", "typed", "correct")
STEP += ("verdict_kind", "sentence", "hints_used", "seconds", "at")
IN_CSV = tuple("mistake" if name == "verdict_kind" else name for name in STEP)  # one kind
SET = ("game", "level", "power", "rounds", "seed", "started", "finished")
GAME = ("game", "players", "scores", "winners", "seed", "finished", "at")
DECISION = ("game", "situation", "choice", "best", "correct", "at")
RULES = ("game", "set", "level", "power", "rounds", "seed", "started")  # a step's set, in the CSV
LIVE = ("seq", "kind", "student", "payload", "at")  # a live game's event
TABLE = ("table", "game", "seed", "started", "finished", "scores", "winners")  # a table's game
PLAYED: tuple[str, ...] = ("seq", "seat", "chosen", "best", "values", "cost", "exact")
PLAYED += ("stand_in", "situation", "at")  # a decision made at a table, scored by its review
TASK = ("assignment", "title", "skill", "goal", "count", "due", "created")  # an assignment
PROGRESS = ("state", "done", "began_on", "last_on", "finished_on")  # a student's, with it
RATING = ("skill", "value", "variance", "answers", "last")  # a student's rating in a skill
CHANGE: tuple[str, ...] = ("skill", "item", "right", "seconds", "hints", "shown", "clock")
CHANGE += ("score", "expected", "student_before", "student_after", "item_before", "item_after")
CHANGE += ("at",)  # what an answer at the student's level did to both ratings
JUDGED: tuple[str, ...] = ("cards", "target", "correct", "mistake", "sentence", "seconds")
JUDGED += ("guess", "chance", "points_off")  # a live answer and guess, as the service judged
JUDGED += ("team",)  # the team it counted for (in teams): its student is who claimed
Judged = Mapping[tuple[int, int], Mapping[str, Any]]  # (live game, seq) → JUDGED's values
MistakeOf = Callable[[str | None, str, bool], str | None]  # verdict, typed, power → its kind
BOM = "\ufeff"  # the byte-order mark: a spreadsheet then reads the file as UTF-8
SEPARATORS = {"pl": ";"}  # a spreadsheet's list separator where the decimal sign is a comma
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")  # a spreadsheet reads such a cell as a formula
COLUMNS = tuple(
    dict.fromkeys(
        (
            *("record", "class", "student", *RULES, *IN_CSV),
            *(*GAME, *DECISION, "live", *LIVE, *JUDGED, *TABLE, *PLAYED, *TASK, *PROGRESS),
            *(*RATING, *CHANGE),
        )
    )
)


def export(
    session: Session,
    class_name: str | None,
    fmt: str,
    missing_ok: bool = False,
    judged: Judged | None = None,
    mistake_of: MistakeOf | None = None,
    language: str = "en",
) -> str:
    """The records of one class (or every class) as CSV or JSON text; a class that has no
    record yet is an empty file (its CSV header only) when `missing_ok`, else refused; each
    live answer with what `judged` holds of it, each practice answer with its kind of mistake
    (`mistake_of`); a CSV for a spreadsheet in `language`."""
    if fmt not in FORMATS:
        message = _("the class book is exported as {formats}, not {format}")
        raise BookError(message.format(formats=", ".join(FORMATS), format=repr(fmt)))
    query = select(SchoolClassRow).order_by(SchoolClassRow.name)
    if class_name is not None:
        query = query.where(SchoolClassRow.name == names.class_name(class_name))
    rooms = list(session.scalars(query))
    if class_name is not None and not rooms and not missing_ok:
        message = _("there is no class {name} in the class book")
        raise UnknownClass(message.format(name=class_name))
    book = [_room(session, room, judged or {}, mistake_of) for room in rooms]
    if fmt == "json":
        return json.dumps({"classes": book}, ensure_ascii=False, indent=1) + "\n"
    return _csv(book, language)


def _room(
    session: Session, room: SchoolClassRow, judged: Judged, mistake_of: MistakeOf | None
) -> dict[str, Any]:
    """A class with its students, each with their sets (and steps), games and decisions, and
    its live games (oldest first), each with its events."""
    people = sorted(
        session.scalars(select(StudentRow).where(StudentRow.class_id == room.id)),
        key=lambda person: (name_key(person.nickname), person.id),
    )
    ids = [person.id for person in people]
    sets = _grouped(
        session, PracticeSetRow, PracticeSetRow.student_id.in_(ids), PracticeSetRow.started
    )
    power = {practice.id: practice.power for group in sets.values() for practice in group}
    steps = defaultdict(list)
    for step in session.scalars(
        select(PracticeStepRow)
        .where(PracticeStepRow.set_id.in_(list(power)))
        .order_by(PracticeStepRow.set_id, PracticeStepRow.seq)
    ):
        kind = None
        if step.kind == "answer" and not step.correct and mistake_of is not None:
            kind = mistake_of(step.verdict_kind, step.typed, power[step.set_id])
        steps[step.set_id].append({**_fields(step, STEP), "mistake": kind})
    games = _grouped(session, GameRow, GameRow.student_id.in_(ids), GameRow.at)
    decisions = _grouped(session, DecisionRow, DecisionRow.student_id.in_(ids), DecisionRow.at)
    held = _grouped(
        session, AccommodationRow, AccommodationRow.student_id.in_(ids), AccommodationRow.at
    )
    ratings = _grouped(
        session, StudentRatingRow, StudentRatingRow.student_id.in_(ids), StudentRatingRow.skill
    )
    changes = _grouped(
        session, RatingChangeRow, RatingChangeRow.student_id.in_(ids), RatingChangeRow.at
    )
    return {
        "name": room.name,
        "created": _moment(room.created),
        "zone": zones.zone_said(room.zone),
        "assignments": _assignments(session, room),
        "students": [
            {
                "nickname": person.nickname,
                "joined": _moment(person.created),
                "sets": [
                    {"set": s.id, **_fields(s, SET), "steps": steps[s.id]} for s in sets[person.id]
                ],
                "games": [_fields(game, GAME) for game in games[person.id]],
                "decisions": [_fields(choice, DECISION) for choice in decisions[person.id]],
                "accommodations": _accommodations(held[person.id]),
                "own_clock": person.own_clock,  # False: they turned time off at their level
                "ratings": [_fields(rating, RATING) for rating in ratings[person.id]],
                "rating_changes": [_fields(change, CHANGE) for change in changes[person.id]],
            }
            for person in people
        ],
        "live_games": [_live(record, judged) for record in reversed(records_of(session, room.id))],
        "tables": _tables(session, room.id),
    }


def _tables(session: Session, class_id: int) -> list[dict[str, Any]]:
    """A class's tables, oldest first, each with its seats (a student's nickname now, none for
    a computer player or a student forgotten) and the decisions its review scored, in order."""
    nickname = dict(
        session.execute(
            select(StudentRow.id, StudentRow.nickname).where(StudentRow.class_id == class_id)
        ).all()
    )
    rows = session.scalars(
        select(PlayTableRow).where(PlayTableRow.class_id == class_id).order_by(PlayTableRow.id)
    )
    return [
        {
            "table": row.id,
            **{name: _moment(getattr(row, name)) for name in TABLE[1:]},
            "settings": row.settings,
            "seats": [
                nickname.get(student) if student is not None else None
                for student in session.scalars(
                    select(PlaySeatRow.student_id)
                    .where(PlaySeatRow.table_id == row.id)
                    .order_by(PlaySeatRow.seat)
                )
            ],
            "decisions": [
                _played(decision, nickname.get(decision.student_id or 0))
                for decision in session.scalars(
                    select(PlayDecisionRow)
                    .where(PlayDecisionRow.table_id == row.id)
                    .order_by(PlayDecisionRow.seq)
                )
            ],
        }
        for row in rows
    ]


def _played(decision: PlayDecisionRow, student: str | None) -> dict[str, Any]:
    """A decision at a table with its values (exact fractions as text) and its cost, what the
    choice made cost more than the best (a number)."""
    values = {choice: Fraction(value) for choice, value in decision.values.items()}
    cost = values[decision.chosen] - values[decision.best]
    fields = {name: _moment(getattr(decision, name)) for name in PLAYED if name != "cost"}
    return {**fields, "cost": round(float(cost), 4), "student": student}


def _assignments(session: Session, room: SchoolClassRow) -> list[dict[str, Any]]:
    """The class's assignments, each with every student's progress (worked out, never kept)."""
    return assignment_records(class_progress(session, room))


def assignment_records(found: list[tuple[Assignment, list[Progress]]]) -> list[dict[str, Any]]:
    """Assignments as the export holds them, each with every student's progress."""
    return [
        {
            "assignment": task.id,
            "title": task.title,
            "skill": str(task.skill),
            "goal": str(task.goal),
            "count": task.count,
            "due": task.due.isoformat(),
            "created": _moment(task.created),
            "progress": [
                {
                    "student": one.nickname,
                    "state": str(one.state),
                    "done": one.done,
                    "began_on": _day(one.began),
                    "last_on": _day(one.last),
                    "finished_on": _day(one.finished),
                }
                for one in everyone
            ],
        }
        for task, everyone in found
    ]


def assignments_file(
    class_name: str,
    zone: str,
    found: list[tuple[Assignment, list[Progress]]],
    fmt: str,
    language: str = "en",
) -> str:
    """A class's assignments with every student's progress, alone (`mathcards book
    assignments --format`): JSON, or a CSV line per student and assignment."""
    if fmt not in FORMATS:
        message = _("the class book is exported as {formats}, not {format}")
        raise BookError(message.format(formats=", ".join(FORMATS), format=repr(fmt)))
    records = assignment_records(found)
    if fmt == "json":
        whole = {"class": class_name, "zone": zone, "assignments": records}
        return json.dumps(whole, ensure_ascii=False, indent=1) + "\n"
    text = io.StringIO()
    text.write(BOM)
    separator = SEPARATORS.get(language, ",")
    columns = ("class", *TASK, "student", *PROGRESS)
    writer = csv.DictWriter(text, columns, delimiter=separator, lineterminator="\r\n")
    writer.writeheader()
    for task in records:
        asked = {key: task[key] for key in TASK}
        for one in task["progress"]:
            writer.writerow(_cells({"class": class_name, **asked, **one}, separator == ";"))
    return text.getvalue()


def _day(day: date | None) -> str | None:
    return None if day is None else day.isoformat()


def _live(record: LiveRecord, judged: Judged) -> dict[str, Any]:
    """A live game with its events in order of arrival, each with its student's nickname (an
    answer with what the service worked out of it)."""
    return {
        "live": record.id,
        "game": record.game,
        "settings": record.settings,
        "started": _moment(record.started),
        "events": [
            {**_event(happened), **judged.get((record.id, happened.seq), {})}
            for happened in record.events
        ],
    }


def _event(happened: LiveEvent) -> dict[str, Any]:
    """A live event: its student's nickname now (none for the teacher's or the game's own)."""
    fields = (happened.seq, happened.kind, happened.name, happened.payload, _moment(happened.at))
    return dict(zip(LIVE, fields, strict=True))


def _accommodations(rows: list[AccommodationRow]) -> list[str]:
    """A student's accommodations, as the teacher's page lists them (one not known: left out)."""
    return listed(Accommodation(row.kind) for row in rows if row.kind in set(Accommodation))


def _grouped(session: Session, table: Any, where: Any, moment: Any) -> dict[int, list[Any]]:
    """The rows of a table by student, oldest first."""
    grouped: dict[int, list[Any]] = defaultdict(list)
    for row in session.scalars(select(table).where(where).order_by(moment, table.id)):
        grouped[row.student_id].append(row)
    return grouped


def _fields(row: Any, fields: tuple[str, ...]) -> dict[str, Any]:
    return {name: _moment(getattr(row, name)) for name in fields}


def _moment(value: Any) -> Any:
    return value.isoformat() if isinstance(value, datetime) else value


def _csv(book: list[dict[str, Any]], language: str) -> str:
    """One line per step, game, decision, live event and student's progress with an assignment,
    each with its class (and student), for a spreadsheet in `language`."""
    text = io.StringIO()
    text.write(BOM)
    separator = SEPARATORS.get(language, ",")
    writer = csv.DictWriter(  # RFC 4180: a \r in a cell is quoted
        text, COLUMNS, delimiter=separator, lineterminator="\r\n"
    )
    writer.writeheader()
    comma = separator == ";"  # a decimal comma too
    for room in book:
        for person in room["students"]:
            who = {"class": room["name"], "student": person["nickname"]}
            for practice in person["sets"]:
                rules = {key: practice[key] for key in RULES}
                for step in practice["steps"]:
                    step = {key: value for key, value in step.items() if key != "verdict_kind"}
                    writer.writerow(_cells({"record": "step", **who, **rules, **step}, comma))
            for game in person["games"]:
                writer.writerow(_cells({"record": "game", **who, **game}, comma))
            for choice in person["decisions"]:
                writer.writerow(_cells({"record": "decision", **who, **choice}, comma))
            for rating in person["ratings"]:
                writer.writerow(_cells({"record": "rating", **who, **rating}, comma))
            for change in person["rating_changes"]:
                writer.writerow(_cells({"record": "rating-change", **who, **change}, comma))
        for table in room["tables"]:
            played = {key: table[key] for key in ("table", "game")}
            for decision in table["decisions"]:
                line = {"record": "table-decision", "class": room["name"], **played, **decision}
                writer.writerow(_cells(line, comma))
        for task in room["assignments"]:
            asked = {key: task[key] for key in TASK}
            for one in task["progress"]:
                line = {"record": "assignment", "class": room["name"], **asked, **one}
                writer.writerow(_cells(line, comma))
        for live in room["live_games"]:
            game = {key: live[key] for key in ("live", "game", "started")}
            game["class"] = room["name"]
            for happened in live["events"]:
                writer.writerow(_cells({"record": "live", **game, **happened}, comma))
    return text.getvalue()


def _cells(line: dict[str, Any], comma: bool = False) -> dict[str, Any]:
    """Lists and dicts as compact JSON in one cell; nothing as an empty cell; a fraction with a
    decimal comma if `comma`; every text safe to open in a spreadsheet."""
    return {
        key: as_text(json.dumps(value, ensure_ascii=False, separators=(",", ":")))
        if isinstance(value, list | dict)
        else ("" if value is None else as_text(_decimal(value, comma)))
        for key, value in line.items()
    }


def _decimal(value: Any, comma: bool) -> Any:
    """A fraction as the spreadsheet reads one: 12,5 where the decimal sign is a comma."""
    return str(value).replace(".", ",") if comma and isinstance(value, float) else value


def as_text(value: Any) -> Any:
    """A text a spreadsheet shows as it is, never runs as a formula: a `'` before one that
    begins as a formula does (numbers, true and false stay as they are)."""
    if isinstance(value, str) and value.startswith(FORMULA_START):
        return "'" + value
    return value

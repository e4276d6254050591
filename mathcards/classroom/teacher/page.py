"""The teacher's page: what the class did, from the class book, rendered from its template
(templates/teacher.html, every value escaped). Only for the teacher: it needs the teacher's
code (in the address once, `/mathcards/teacher?code=…`, then a cookie), which is not the class
code. At its top, links to the lessons and both projectors. Per student what they practised,
deals solved (a deal whose answer a hint showed counts as shown), hints used, decisions right,
live MAM! answers, LAMA Dice guesses and podium places; where the class got stuck (grouped by
the kind of mistake); which targets were hard, in practice and live; each student's guesses in
the live LAMA Dice lessons; a page per student (`/student?name=…`) with every answer and the
seconds it took, their guesses and their games; filters by date and game; renaming, or
removing a student once the teacher has said yes a second time; freeing a device's seats; the
same as a file. In the language the teacher's browser asks for
(docs/design.md#the-teachers-page)."""

from __future__ import annotations

import datetime as dt
import hashlib
import html
import math
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import jinja2
import tornado.web
from markupsafe import Markup

from mathcards import i18n
from mathcards.classroom.server.clients import TEACHER_COOKIE, Throttle, address_of, same
from mathcards.classroom.server.refused import reader_language, refused_page
from mathcards.classroom.service.classservice import ClassService
from mathcards.classroom.teacher import (
    accommodations,
    assignments,
    guesses,
    level,
    play,
    reports,
    roster,
)
from mathcards.classroom.teacher.lessons import LiveLessons, judged, lessons
from mathcards.classroom.teacher.mistakes import kind_of
from mathcards.collation import name_key
from mathcards.i18n import N_, _, ngettext

TEACHER = "/mathcards/teacher"
GAMES = reports.GAMES
EXPORTS = (("csv", "CSV"), ("json", "JSON"))
DONE = "done"  # the query parameter of the page shown after a change: what was done
ONE_DAY = dt.timedelta(days=1)
CONFIRM = "confirm"  # the query parameter of the page that asks before removing a student
LESSONS = "/voila/render"  # where Voila serves the lessons (on the Hub: through user-redirect)
LINKS = (  # the pages a teacher opens from their page: the lessons, the two projectors
    ("index.ipynb", N_("The lessons")),
    ("live/projector.ipynb", N_("MAM! live: the projector")),
    ("live/guess-projector.ipynb", N_("LAMA Dice live: the projector")),
    ("live/tables-projector.ipynb", N_("Playing at tables: the projector")),
)


def escaped(value: object) -> object:
    """A value as the page shows it: escaped as Python's `html.escape` does (`&#x27;`), unless
    it is markup already."""
    return value if hasattr(value, "__html__") else Markup(html.escape(str(value)))


TEMPLATES = jinja2.Environment(
    loader=jinja2.FileSystemLoader(Path(__file__).resolve().parent / "templates"),
    autoescape=True,
    finalize=escaped,
    extensions=["jinja2.ext.i18n"],
    undefined=jinja2.StrictUndefined,
    keep_trailing_newline=True,
)
TEMPLATES.install_gettext_callables(_, ngettext, newstyle=False)  # type: ignore[attr-defined]


@dataclass(frozen=True)
class StudentLine:
    """A student's line: their work (`cells`), and the name their rename and remove forms send."""

    name: str
    cells: reports.Row


@dataclass(frozen=True)
class SeatLine:
    """Who holds pages open and how many (`cells`), and the seat the form frees."""

    cells: reports.Row
    seat: str


@dataclass(frozen=True)
class BookSections:
    """What the class did, as the filters ask: each section's columns and rows."""

    since: object
    until: object
    game: str
    students: list[StudentLine]
    stuck: list[reports.Row]
    hard: list[reports.Row]
    guesses: list[reports.Row]
    student_columns: list[str]
    stuck_columns: list[str]
    hard_columns: list[str]
    guess_columns: list[str]


class TeacherPage(tornado.web.RequestHandler):
    """GET: the class book of this class, filtered, and the seats taken now; POST: rename or
    remove a student, or free the seats of a device."""

    def initialize(
        self,
        service: ClassService,
        code: str,
        home: str = TEACHER,
        lessons: str = LESSONS,
        wrong_codes: Throttle | None = None,
    ) -> None:
        self.service, self.code, self.home, self.lessons = service, code, home, lessons
        self.wrong_codes = wrong_codes or Throttle()  # wrong teacher's codes, per address

    async def prepare(self) -> None:
        self.set_header("Cache-Control", "no-store")
        address = address_of(self.request)
        if self.wrong_codes.refused(address):
            self.set_header("Retry-After", str(math.ceil(self.wrong_codes.wait(address)) or 1))
            self.set_status(429)
            self.finish(
                refused_page(
                    _("Too many wrong codes"),
                    _("Wait a minute, then open the teacher's address exactly as it was shown."),
                )
            )
            return
        offered = self.get_query_argument("code", "")
        if offered and same(offered, self.code):
            secure = self.request.protocol == "https"  # never sent again over plain HTTP
            self.set_cookie(
                TEACHER_COOKIE, self.code, httponly=True, samesite="Strict", secure=secure
            )
            self.redirect(self.request.path)
            return
        cookie = self.get_cookie(TEACHER_COOKIE) or ""
        if not (self.code and cookie and same(cookie, self.code)):
            if offered or cookie:
                self.wrong_codes.wrong(address)  # the tenth in a minute: refused for a minute
            self.set_status(403)
            self.finish(
                refused_page(
                    _("For the teacher only"),
                    _(
                        "The teacher's page needs the teacher's address, shown where the "
                        "server runs."
                    ),
                )
            )

    async def get(self) -> None:
        if self.request.path.endswith("/export"):
            await self.export()
            return
        if self.request.path.endswith("/student"):
            await self.student_page()
            return
        seats = await self.seats()
        held = await accommodations.held(self.service)
        closed, free = await roster.closed(self.service), await roster.free(self.service)
        tasks = await assignments.found(self.service)
        practised = await level.found(self.service)
        played = await play.report(self.service)
        book, problem = None, None
        try:
            found = await self.gathered()
        except ValueError as refusal:
            problem = str(refusal)
        with speaking(reader_language(self.request)):
            if problem is None:
                book = self.book_sections(*found)
            here = self.page(book, problem, seats, held, (closed, free), tasks, practised, played)
            self.finish(here)

    async def gathered(self) -> tuple[Any, ...]:
        """What the class book holds for the page, as the filters ask."""
        filters = self.filters()
        book = self.service.book_of
        name = self.service.class_name
        students = await self.service.run(lambda: book().students(name, **filters))
        answers = await self.service.run(lambda: book().answers(name, **filters))
        records = await self.service.run(lambda: book().live_records(name))
        return filters, students, answers, records

    def book_sections(
        self, filters: dict[str, Any], students: Any, answers: Any, records: Any
    ) -> BookSections:
        """What the class did, as the filters ask, in the page's language."""
        live = live_lessons(records, filters)
        guessed = reports.guesses([r for r in records if r.game == "lama_dice"])
        if filters.get("game") not in (None, "lama_dice"):
            guessed = []
        lines = reports.lines(students, answers, live, guessed)
        return BookSections(
            since=filters["since"].date() if "since" in filters else "",
            until=(filters["until"] - ONE_DAY).date() if "until" in filters else "",
            game=filters.get("game", ""),
            students=[
                StudentLine(line.summary.nickname, reports.student_row(line)) for line in lines
            ],
            stuck=[reports.stuck_row(found) for found in reports.stuck(answers, live.answers)],
            hard=[reports.hard_row(found) for found in reports.hard(answers, live.answers)],
            guesses=[reports.guess_row(student) for student in guessed],
            student_columns=reports.student_columns(),
            stuck_columns=reports.stuck_columns(),
            hard_columns=reports.hard_columns(),
            guess_columns=reports.guess_columns(),
        )

    async def student_page(self) -> None:
        """One student's answers, practice and live, with the seconds each took; their guesses
        in the live LAMA Dice lessons; their games played at a table."""
        nickname = self.get_query_argument("name", "")
        book, name = self.service.book_of, self.service.class_name
        problem: str | None = None
        try:
            answers = await self.service.run(lambda: book().answers(name, nickname))
            records = await self.service.run(lambda: book().live_records(name))
            games = await self.service.run(lambda: book().games_of(name, nickname))
        except ValueError as refusal:
            answers, records, games, problem = [], [], [], str(refusal)
        with speaking(reader_language(self.request)):
            live = live_lessons(records, {})
            known = {answer.nickname for answer in answers} | {a.nickname for a in live.answers}
            mine = [a for a in live.answers if a.nickname == nickname]
            rows = reports.answer_rows(answers, mine) if nickname in known else []
            guessed = [line for line in guesses.guessed(records) if line.nickname == nickname]
            self.finish(
                TEMPLATES.get_template("student.html").render(
                    language=i18n.language(),
                    title=_("{name}'s answers").format(name=nickname),
                    problem=problem,
                    columns=reports.answer_columns(),
                    rows=rows,
                    guess_columns=guesses.guess_columns(),
                    guesses=guesses.guess_rows(guessed),
                    game_columns=reports.game_columns(),
                    games=[reports.game_row(game) for game in games],
                    home=self.home,
                    back=_("Back to the class book"),
                )
            )

    async def seats(self) -> list[SeatLine] | None:
        """Who holds the pages open now, each with what frees their seats (None: no seats here,
        as on the Hub)."""
        places = getattr(self.application, "places", None)
        if places is None:
            return None
        held = places.clients()
        names = await self.nicknames(list(held))
        with speaking(reader_language(self.request)):
            unknown = _("a device not in the class book")
        return [
            SeatLine([names.get(client) or unknown, count], seat_of(client))
            for client, count in sorted(
                held.items(), key=lambda item: name_key(names.get(item[0]) or "")
            )
        ]

    async def nicknames(self, clients: list[str]) -> dict[str, str]:
        """The nickname of each client that joined the class (none when the book is down)."""
        book, name = self.service.book_of, self.service.class_name

        def look_up() -> dict[str, str]:
            found = {client: book().student_for(client, name) for client in clients}
            return {client: student.nickname for client, student in found.items() if student}

        try:
            return await self.service.run(look_up)
        except ValueError:
            return {}

    async def post(self) -> None:
        self.check_xsrf_cookie()
        nickname = self.get_body_argument("student", "")
        new = " ".join(self.get_body_argument("new", "").split())
        book, name = self.service.book_of, self.service.class_name
        do = self.get_body_argument("do", "")
        if do == "remove":  # asks once more: the page says what would go, and waits for a yes
            await self.ask_to_remove()
            return
        if do in (roster.CLOSE, roster.OPEN, roster.CLASS_LIST, "forget"):
            await self.roster(do)
            return
        if do == accommodations.DO:
            await self.accommodate(nickname)
            return
        if do == level.DO:  # the class's aim and clock at each student's level
            form = {name: self.get_body_argument(name, "") for name in ("success", "clock")}
            kept = await level.keep(self.service, form)
            with speaking(reader_language(self.request)):
                done = level.said(kept)
            self.redirect(f"{self.home}?{urlencode({DONE: done})}#mc-level")
            return
        if do in assignments.DOES:  # set, ask before removing, remove; the class's time zone
            form = {name: self.get_body_argument(name, "") for name in assignments.SENT}
            outcome = await assignments.act(self.service, do, form)
            with speaking(reader_language(self.request)):
                query = assignments.query(outcome, form, DONE)
            self.redirect(f"{self.home}?{urlencode(query)}#mc-assignments")
            return
        if do not in ("free", "rename"):
            self.redirect(self.home)
            return
        freed = 0
        try:
            if do == "free":
                freed = await self.free(self.get_body_argument("seat", ""))
            else:
                await self.service.run(lambda: book().rename(name, nickname, new))
                await self.service.reach_live()
        except ValueError as refusal:
            done = str(refusal)
        else:
            with speaking(reader_language(self.request)):
                done = said(do, nickname, new, freed)
        self.redirect(f"{self.home}?{urlencode({DONE: done})}")

    async def ask_to_remove(self) -> None:
        """The page again, asking once more before the students chosen go."""
        names = roster.chosen(self.get_body_arguments("student"))
        if not names:
            with speaking(reader_language(self.request)):
                done = _("Choose the students to remove first.")
            self.redirect(f"{self.home}?{urlencode({DONE: done})}")
            return
        self.redirect(f"{self.home}?{urlencode({CONFIRM: names}, doseq=True)}")

    async def roster(self, do: str) -> None:
        """Forget the students the teacher said yes to, close or open the class, or give it a
        class list."""
        language = reader_language(self.request)
        try:
            if do == "forget":
                forgotten = await roster.forget(self.service, self.get_body_arguments("student"))
                with speaking(language):
                    done = roster.removed(*forgotten)
            elif do == roster.CLASS_LIST:
                uploaded = [file.body for file in self.request.files.get("file", [])][:1]
                pasted = self.get_body_argument("names", "")
                added = await roster.class_list(self.service, pasted, b"".join(uploaded))
                with speaking(language):
                    done = roster.said_listed(added)
            else:
                await roster.close(self.service, do == roster.CLOSE)
                with speaking(language):
                    done = roster.said_closed(do == roster.CLOSE)
        except ValueError as refusal:
            done = str(refusal)
        self.redirect(f"{self.home}?{urlencode({DONE: done})}")

    async def accommodate(self, nickname: str) -> None:
        """Set the student's accommodations to those ticked, and say so."""
        chosen = self.get_body_arguments(accommodations.FIELD)
        try:
            now = await accommodations.accommodate(self.service, nickname, chosen)
        except ValueError as refusal:
            done = str(refusal)
        else:
            with speaking(reader_language(self.request)):
                done = accommodations.said(nickname, now)
        self.redirect(f"{self.home}?{urlencode({DONE: done})}")

    async def free(self, seat: str) -> int:
        """Shut the pages of the client with this seat down, so that it can open others: how
        many."""
        places = getattr(self.application, "places", None)
        chosen = [c for c in (places.clients() if places else {}) if seat_of(c) == seat]
        return sum([await places.free(client) for client in chosen]) if places else 0

    async def export(self) -> None:
        """The whole class book as a file, each live answer and guess with what the service
        judged, for a spreadsheet in the teacher's language."""
        fmt = "json" if self.get_query_argument("format", "csv") == "json" else "csv"
        name = self.service.class_name
        book = self.service.book_of
        records = await self.service.run(lambda: book().live_records(name))
        language = reader_language(self.request)
        with speaking(language):
            verdicts = judged(records)
        text = await self.service.run(
            lambda: book().export(
                name,
                fmt=fmt,
                missing_ok=True,
                judged=verdicts,
                mistake_of=kind_of,
                language=language,
            )
        )
        kind = "application/json" if fmt == "json" else "text/csv"
        self.set_header("Content-Type", f"{kind}; charset=utf-8")
        self.set_header("Content-Disposition", f'attachment; filename="classbook.{fmt}"')
        self.finish(text)

    def filters(self) -> dict[str, Any]:
        """The page's filters: from and to a day (both included, from and to this server's
        midnights), and one game."""
        chosen: dict[str, Any] = {}
        for name in ("since", "until"):
            try:
                day = dt.date.fromisoformat(self.get_query_argument(name, ""))
            except ValueError:
                continue
            chosen[name] = midnight(day) + (ONE_DAY if name == "until" else dt.timedelta())
        if (game := self.get_query_argument("game", "")) in GAMES:
            chosen["game"] = game
        return chosen

    def page(
        self,
        book: BookSections | None,
        problem: str | None,
        seats: list[SeatLine] | None,
        held: dict[str, Any] | None = None,
        closed: tuple[bool | None, list[str] | None] = (None, None),
        tasks: assignments.AssignmentsFound | None = None,
        practised: level.LevelFound | None = None,
        played: play.PlayReport | None = None,
    ) -> str:
        """The page, from its template, in the server's language."""
        return TEMPLATES.get_template("teacher.html").render(
            language=i18n.language(),
            title=_("The class book of {name}").format(name=self.service.class_name),
            message=self.get_query_argument(DONE, ""),
            confirm=roster.chosen(self.get_query_arguments(CONFIRM)),
            closed=closed[0],
            free=closed[1],
            problem=problem,
            book=book,
            seats=seats,
            seat_columns=[_("who"), _("pages open"), ""],
            accommodations=accommodations.lines(held),
            assignments=assignments.section(
                tasks,
                self.get_query_argument(assignments.ASKING, ""),
                {name: self.get_query_argument(name, "") for name in assignments.FIELDS},
            ),
            level=level.section(practised),
            played=play.sections(played),
            games=[(key, _(label)) for key, label in GAMES.items()],
            exports=EXPORTS,
            home=self.home,
            links=links(self.lessons),
            xsrf=Markup(self.xsrf_form_html()),
        )


def links(lessons: str) -> list[tuple[str, str]]:
    """The lessons' landing page and the projectors, in the page's language."""
    return [(f"{lessons}/{i18n.language()}/{page}", _(label)) for page, label in LINKS]


def said(do: str, nickname: str, new: str, freed: int) -> str:
    """What the page says it has done."""
    if do == "free":
        return ngettext(
            "{n} page closed: its seat is free.", "{n} pages closed: their seats are free.", freed
        ).format(n=freed)
    return _("{old} is now {new}.").format(old=nickname, new=new)


@contextmanager
def speaking(language: str) -> Iterator[None]:
    """Speak `language` in this block only (no await in it: the process speaks the server's
    language everywhere else)."""
    before = i18n.language()
    i18n.use(language)
    try:
        yield
    finally:
        i18n.use(before)


def midnight(day: dt.date) -> dt.datetime:
    """The moment `day` begins on this server's clock; the calendar's ends stay moments the
    class book can compare in UTC (`?until=9999-12-31` is the end of time)."""
    day = min(max(day, dt.date.min + ONE_DAY), dt.date.max - ONE_DAY)
    return dt.datetime.combine(day, dt.time()).astimezone()


def live_lessons(records: list[Any], filters: dict[str, Any]) -> LiveLessons:
    """The class's live MAM! answers in the filters' dates and game."""
    found = lessons(records)
    since, until = filters.get("since"), filters.get("until")
    found.answers = [
        answer
        for answer in found.answers
        if filters.get("game") in (None, "mam")
        and (since is None or (answer.at is not None and answer.at >= since))
        and (until is None or (answer.at is not None and answer.at < until))
    ]
    return found


def seat_of(client: str) -> str:
    """A client as the teacher's page names it in a form: never its cookie itself."""
    return hashlib.sha256(client.encode()).hexdigest()[:16]


def routes(service: ClassService, code: str) -> list[tuple[str, type, dict[str, Any]]]:
    """The teacher's page, its wrong codes slowed per address as the class code's are."""
    page = {"service": service, "code": code, "wrong_codes": Throttle()}
    return [(rf"{TEACHER}(?:/export|/student)?", TeacherPage, page)]

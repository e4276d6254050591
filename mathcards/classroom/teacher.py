"""The teacher's page: what the class did, from the class book. Only for the teacher: it needs
the teacher's code (in the address once, `/mathcards/teacher?code=…`, then a cookie), which is
not the class code. Per student what they practised, deals solved, hints used and decisions
right; where the class got stuck (the checker's sentences, grouped); which targets were hard;
filters by date and game; renaming or removing a student; the same as a file."""

from __future__ import annotations

import datetime as dt
import hashlib
import html
from fractions import Fraction
from typing import Any
from urllib.parse import urlencode

import tornado.web

from mathcards import i18n
from mathcards.classroom.clients import TEACHER_COOKIE, same
from mathcards.classroom.live_guess import GAME as GUESSING
from mathcards.classroom.live_guess import Guessed, guessed
from mathcards.classroom.refused import refused_page
from mathcards.classroom.service import ClassService
from mathcards.i18n import N_, _, ngettext

TEACHER = "/mathcards/teacher"
__all__ = ["TEACHER", "TEACHER_COOKIE", "TeacherPage", "routes"]
GAMES = {"mam": N_("MAM!"), "lama": N_("LAMA"), "lama_dice": N_("LAMA Dice"), "unikat": "Unikat"}
PAGE = """<!DOCTYPE html>
<html lang="{language}"><head><meta charset="utf-8"><title>{title}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body {{ font: 1rem/1.45 system-ui, sans-serif; color: #1d2b36; margin: 0 auto; padding: 1rem;
  max-width: 72rem; }}
h1 {{ font-size: 1.6rem; }} h2 {{ font-size: 1.2rem; margin-top: 2rem; }}
.mc-scroll {{ overflow-x: auto; }}
table {{ border-collapse: collapse; min-width: 100%; }}
th, td {{ text-align: left; padding: .35rem .6rem; border-bottom: 1px solid #d5dde3;
  vertical-align: top; }}
th {{ background: #eef3f6; }} form {{ display: inline; }}
.mc-filters {{ display: flex; flex-wrap: wrap; gap: .6rem 1rem; align-items: end; }}
.mc-filters label {{ display: flex; flex-direction: column; font-size: .9rem; }}
input, select, button {{ font: inherit; padding: .3rem .5rem; min-height: 2.2rem; }}
.mc-said {{ background: #e6f4ea; padding: .5rem .8rem; border-radius: .3rem; }}
.mc-none {{ color: #5b6b76; }}
</style></head>
<body class="mc-teacher"><h1>{title}</h1>{said}{body}</body></html>
"""


class TeacherPage(tornado.web.RequestHandler):
    """GET: the class book of this class, filtered, and the seats taken now; POST: rename or
    remove a student, or free the seats of a device."""

    def initialize(self, service: ClassService, code: str, home: str = TEACHER) -> None:
        self.service, self.code, self.home = service, code, home

    async def prepare(self) -> None:
        self.set_header("Cache-Control", "no-store")
        offered = self.get_query_argument("code", "")
        if offered and same(offered, self.code):
            self.set_cookie(TEACHER_COOKIE, self.code, httponly=True, samesite="Strict")
            self.redirect(self.request.path)
            return
        cookie = self.get_cookie(TEACHER_COOKIE) or ""
        if not (self.code and cookie and same(cookie, self.code)):
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
        said = self.get_query_argument("said", "")
        seats = await self.seats()
        try:
            body = await self.book_sections()
        except ValueError as problem:
            body = f"<p class='mc-said' role='status'>{html.escape(str(problem))}</p>"
        self.finish(self.page(body + seats, said=said))

    async def book_sections(self) -> str:
        """What the class did, as the filters ask."""
        filters = self.filters()
        book = self.service.book_of
        name = self.service.class_name
        students = await self.service.run(lambda: book().students(name, **filters))
        stuck = await self.service.run(lambda: book().stuck(name, **filters))
        hard = await self.service.run(lambda: book().hard_targets(name, **filters))
        guesses = await self.service.run(lambda: guessed(book().live_records(name, GUESSING)))
        return "".join(
            [
                self.filter_form(filters),
                section(_("Students"), student_rows(students, self.xsrf_form_html(), self.home)),
                section(_("Where the class got stuck"), stuck_rows(stuck)),
                section(_("Targets the class found hard"), hard_rows(hard)),
                section(_("LAMA Dice live: the class's guesses"), guess_rows(guesses)),
                self.export_links(),
            ]
        )

    async def seats(self) -> str:
        """Who holds the pages open now, each with a button that frees their seats."""
        places = getattr(self.application, "places", None)
        if places is None:
            return ""
        held = places.clients()
        names = await self.nicknames(list(held))
        free = escaped(_("Free"))
        rows = [
            cells(names.get(client) or _("a device not in the class book"), count).removesuffix(
                "</tr>"
            )
            + f"<td><form method='post' action='{self.home}'>{self.xsrf_form_html()}"
            f"<input type='hidden' name='seat' value='{seat_of(client)}'>"
            f"<button name='do' value='free'>{free}</button></form></td></tr>"
            for client, count in sorted(held.items(), key=lambda item: names.get(item[0]) or "")
        ]
        return section(_("Seats"), table([_("who"), _("pages open"), ""], rows))

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
        try:
            if self.get_body_argument("do", "") == "free":
                said = await self.free(self.get_body_argument("seat", ""))
            elif self.get_body_argument("do", "") == "rename":
                await self.service.run(lambda: book().rename(name, nickname, new))
                said = _("{old} is now {new}.").format(old=nickname, new=new)
            else:
                await self.service.run(lambda: book().forget(name, nickname))
                said = _("{name} and all their work are removed.").format(name=nickname)
        except ValueError as problem:
            said = str(problem)
        self.redirect(f"{self.home}?{urlencode({'said': said})}")

    async def free(self, seat: str) -> str:
        """Shut the pages of the client with this seat down, so that it can open others."""
        places = getattr(self.application, "places", None)
        chosen = [c for c in (places.clients() if places else {}) if seat_of(c) == seat]
        freed = sum([await places.free(client) for client in chosen]) if places else 0
        return ngettext(
            "{n} page closed: its seat is free.", "{n} pages closed: their seats are free.", freed
        ).format(n=freed)

    async def export(self) -> None:
        fmt = "json" if self.get_query_argument("format", "csv") == "json" else "csv"
        name = self.service.class_name
        book = self.service.book_of
        text = await self.service.run(lambda: book().export(name, fmt=fmt))
        self.set_header("Content-Type", f"{'application/json' if fmt == 'json' else 'text/csv'}")
        self.set_header("Content-Disposition", f'attachment; filename="classbook.{fmt}"')
        self.finish(text)

    def filters(self) -> dict[str, Any]:
        """The page's filters: from and to a day (both included), and one game."""
        chosen: dict[str, Any] = {}
        for name in ("since", "until"):
            try:
                day = dt.date.fromisoformat(self.get_query_argument(name, ""))
            except ValueError:
                continue
            chosen[name] = day if name == "since" else day + dt.timedelta(days=1)
        if (game := self.get_query_argument("game", "")) in GAMES:
            chosen["game"] = game
        return chosen

    def filter_form(self, filters: dict[str, Any]) -> str:
        since = filters.get("since", "")
        until = filters["until"] - dt.timedelta(days=1) if "until" in filters else ""
        games = "".join(
            f"<option value='{key}'{' selected' if filters.get('game') == key else ''}>"
            f"{escaped(_(label))}</option>"
            for key, label in GAMES.items()
        )
        start, end, game, every, show = map(
            escaped, (_("from"), _("to"), _("game"), _("every game"), _("Show"))
        )
        return (
            f"<form class='mc-filters' method='get' action='{self.home}'>"
            f"<label>{start}<input type='date' name='since' value='{since}'></label>"
            f"<label>{end}<input type='date' name='until' value='{until}'></label>"
            f"<label>{game}<select name='game'><option value=''>{every}</option>{games}"
            f"</select></label><button type='submit'>{show}</button></form>"
        )

    def export_links(self) -> str:
        links = " · ".join(
            f"<a href='{self.home}/export?format={fmt}'>{label}</a>" for fmt, label in EXPORTS
        )
        return section(_("The whole class book as a file"), f"<p>{links}</p>")

    def page(self, body: str, said: str = "") -> str:
        title = _("The class book of {name}").format(name=self.service.class_name)
        note = f"<p class='mc-said' role='status'>{html.escape(said)}</p>" if said else ""
        return PAGE.format(language=i18n.language(), title=html.escape(title), said=note, body=body)


EXPORTS = (("csv", "CSV"), ("json", "JSON"))


def seat_of(client: str) -> str:
    """A client as the teacher's page names it in a form: never its cookie itself."""
    return hashlib.sha256(client.encode()).hexdigest()[:16]


def escaped(words: str) -> str:
    return html.escape(words, quote=True)


def section(title: str, body: str) -> str:
    return f"<h2>{html.escape(title)}</h2>{body}"


def table(columns: list[str], rows: list[str]) -> str:
    if not rows:
        return "<p class='mc-none'>" + escaped(_("Nothing yet.")) + "</p>"
    head = "".join(f"<th scope='col'>{html.escape(column)}</th>" for column in columns)
    return f"<div class='mc-scroll'><table><tr>{head}</tr>{''.join(rows)}</table></div>"


def cells(*values: object) -> str:
    return "<tr>" + "".join(f"<td>{html.escape(str(value))}</td>" for value in values) + "</tr>"


def student_rows(students: list[Any], xsrf: str, home: str = TEACHER) -> str:
    rows = []
    for student in students:
        name = html.escape(student.nickname, quote=True)
        new_name, rename, remove = map(escaped, (_("new name"), _("Rename"), _("Remove")))
        actions = (
            f"<form method='post' action='{home}'>{xsrf}<input type='hidden' name='student' "
            f"value='{name}'><input name='new' aria-label='{new_name}' "
            f"placeholder='{new_name}' size='10'>"
            f"<button name='do' value='rename'>{rename}</button>"
            f"<button name='do' value='remove'>{remove}</button></form>"
        )
        rows.append(
            cells(
                student.nickname,
                student.sets,
                student.deals_solved,
                student.answers,
                student.hints_used,
                student.games,
                f"{student.decisions_right} / {student.decisions}",
                student.last_seen.strftime("%Y-%m-%d %H:%M") if student.last_seen else "—",
            ).removesuffix("</tr>")
            + f"<td>{actions}</td></tr>"
        )
    columns = [
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
    return table(columns, rows)


def stuck_rows(stuck: list[Any]) -> str:
    rows = [cells(sentence, count, ", ".join(names)) for _kind, sentence, count, names in stuck]
    return table([_("what the checker said"), _("times"), _("students")], rows)


def hard_rows(hard: list[Any]) -> str:
    rows = [
        cells(" ".join(map(str, cards)), target, tries, f"{solved} / {students}")
        for cards, target, tries, solved, students in hard
    ]
    return table([_("cards"), _("target"), _("answers"), _("students who solved it")], rows)


def guess_rows(students: list[Guessed]) -> str:
    """Each student's guesses in the live LAMA Dice lessons, and how close they were."""

    def said(value: Fraction | str) -> str:
        return i18n.percent(value, 1) if not isinstance(value, str) else _(value)

    rows = []
    for student in students:
        off = sum(student.off) / len(student.off) if student.off else None
        last = "—"
        if student.last is not None:
            guess, exact = student.last
            last = _("{guess} (the answer: {exact})").format(guess=said(guess), exact=said(exact))
        rows.append(
            cells(
                student.name,
                len(student.off),
                "—" if off is None else i18n.percent(off, 1),
                f"{sum(student.choices)} / {len(student.choices)}",
                last,
            )
        )
    columns = [
        _("student"),
        _("chances guessed"),
        _("on average how far off"),
        _("roll or quit: the better choice"),
        _("the last guess"),
    ]
    return table(columns, rows)


def routes(service: ClassService, code: str) -> list[tuple[str, type, dict[str, Any]]]:
    return [(rf"{TEACHER}(?:/export)?", TeacherPage, {"service": service, "code": code})]

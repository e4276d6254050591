"""The teacher's page: what the class did, from the class book. Only for the teacher: it needs
the teacher's code (in the address once, `/mathcards/teacher?code=…`, then a cookie), which is
not the class code. Per student what they practised, deals solved, hints used and decisions
right; where the class got stuck (the checker's sentences, grouped); which targets were hard;
filters by date and game; renaming or removing a student; the same as a file."""

from __future__ import annotations

import datetime as dt
import hmac
import html
from typing import Any
from urllib.parse import urlencode

import tornado.web

from mathcards import i18n
from mathcards.classroom.refused import refused_page
from mathcards.classroom.service import ClassService
from mathcards.i18n import N_, _

TEACHER = "/mathcards/teacher"
TEACHER_COOKIE = "mathcards-teacher"
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
    """GET: the class book of this class, filtered; POST: rename or remove a student."""

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
        filters = self.filters()
        book = self.service.book_of
        name = self.service.class_name
        try:
            students = await self.service.run(lambda: book().students(name, **filters))
            stuck = await self.service.run(lambda: book().stuck(name, **filters))
            hard = await self.service.run(lambda: book().hard_targets(name, **filters))
        except ValueError as problem:
            self.finish(self.page(f"<p>{html.escape(str(problem))}</p>"))
            return
        body = [
            self.filter_form(filters),
            section(_("Students"), student_rows(students, self.xsrf_form_html(), self.home)),
            section(_("Where the class got stuck"), stuck_rows(stuck)),
            section(_("Targets the class found hard"), hard_rows(hard)),
            self.export_links(filters),
        ]
        self.finish(self.page("".join(body), said=self.get_query_argument("said", "")))

    async def post(self) -> None:
        self.check_xsrf_cookie()
        nickname = self.get_body_argument("student", "")
        new = " ".join(self.get_body_argument("new", "").split())
        book, name = self.service.book_of, self.service.class_name
        try:
            if self.get_body_argument("do", "") == "rename":
                await self.service.run(lambda: book().rename(name, nickname, new))
                said = _("{old} is now {new}.").format(old=nickname, new=new)
            else:
                await self.service.run(lambda: book().forget(name, nickname))
                said = _("{name} and all their work are removed.").format(name=nickname)
        except ValueError as problem:
            said = str(problem)
        self.redirect(f"{self.home}?{urlencode({'said': said})}")

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
            f"{html.escape(_(label))}</option>"
            for key, label in GAMES.items()
        )
        return (
            f"<form class='mc-filters' method='get' action='{self.home}'>"
            f"<label>{html.escape(_('from'))}<input type='date' name='since' value='{since}'>"
            f"</label><label>{html.escape(_('to'))}<input type='date' name='until' "
            f"value='{until}'></label><label>{html.escape(_('game'))}<select name='game'>"
            f"<option value=''>{html.escape(_('every game'))}</option>{games}</select></label>"
            f"<button type='submit'>{html.escape(_('Show'))}</button></form>"
        )

    def export_links(self, filters: dict[str, Any]) -> str:
        links = " · ".join(
            f"<a href='{self.home}/export?format={fmt}'>{label}</a>" for fmt, label in EXPORTS
        )
        return section(_("The whole class book as a file"), f"<p>{links}</p>")

    def page(self, body: str, said: str = "") -> str:
        title = _("The class book of {name}").format(name=self.service.class_name)
        note = f"<p class='mc-said' role='status'>{html.escape(said)}</p>" if said else ""
        return PAGE.format(language=i18n.language(), title=html.escape(title), said=note, body=body)


EXPORTS = (("csv", "CSV"), ("json", "JSON"))


def same(offered: str, code: str) -> bool:
    """Whether the offered code is the teacher's (in constant time: no guessing by timing)."""
    return hmac.compare_digest(offered.encode(), code.encode())


def section(title: str, body: str) -> str:
    return f"<h2>{html.escape(title)}</h2>{body}"


def table(columns: list[str], rows: list[str]) -> str:
    if not rows:
        return f"<p class='mc-none'>{html.escape(_('Nothing yet.'))}</p>"
    head = "".join(f"<th scope='col'>{html.escape(column)}</th>" for column in columns)
    return f"<div class='mc-scroll'><table><tr>{head}</tr>{''.join(rows)}</table></div>"


def cells(*values: object) -> str:
    return "<tr>" + "".join(f"<td>{html.escape(str(value))}</td>" for value in values) + "</tr>"


def student_rows(students: list[Any], xsrf: str, home: str = TEACHER) -> str:
    rows = []
    for student in students:
        name = html.escape(student.nickname, quote=True)
        actions = (
            f"<form method='post' action='{home}'>{xsrf}<input type='hidden' name='student' "
            f"value='{name}'><input name='new' aria-label='{html.escape(_('new name'))}' "
            f"size='10'><button name='do' value='rename'>{html.escape(_('Rename'))}</button>"
            f"<button name='do' value='remove'>{html.escape(_('Remove'))}</button></form>"
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


def routes(service: ClassService, code: str) -> list[tuple[str, type, dict[str, Any]]]:
    return [(rf"{TEACHER}(?:/export)?", TeacherPage, {"service": service, "code": code})]

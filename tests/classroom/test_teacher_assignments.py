"""The teacher's page's assignments (issue #51): an assignment set for the whole class with one
form, then each student under it as finished, on the way or not begun, with their days; a form
refused comes back as typed under the sentence that says why; removing one asks once more; the
class's time zone set on the page. Over real HTTP, on a real class book."""

from __future__ import annotations

from datetime import timedelta
from urllib.parse import parse_qs, urlencode, urlsplit

from mathcards.book import Step
from mathcards.classroom.teacher import page as teacher_page
from tests.classroom import threaded
from tests.classroom.test_forget_live import CODE, live  # noqa: F401 - the fixture

TEACHER = {"mathcards-teacher": CODE, "_xsrf": "token"}


def send(live, *form: tuple[str, str]) -> dict[str, list[str]]:  # noqa: F811
    """A form of the teacher's page sent; the query of the page it leads to."""
    body = urlencode([*form, ("_xsrf", "token")])
    status, headers, _ = threaded.post(live.port, teacher_page.TEACHER, body, TEACHER)
    assert status == 302, status
    return parse_qs(urlsplit(headers["Location"]).query)


def page(live, query: dict[str, list[str]] | None = None) -> str:  # noqa: F811
    address = teacher_page.TEACHER + (f"?{urlencode(query, doseq=True)}" if query else "")
    status, _, shown = threaded.get(live.port, address, TEACHER)
    assert status == 200
    return shown


def section(shown: str) -> str:
    """The assignments' part of the page."""
    return shown[shown.index("id='mc-assignments'") : shown.index("id='mc-zone-hint'")]


def assign(live, **fields: str) -> dict[str, list[str]]:  # noqa: F811
    return send(live, ("do", "assign"), *fields.items())


def test_the_teacher_sets_an_assignment_and_sees_where_each_student_stands(live):  # noqa: F811
    book = live.service.book_of()
    book.set_class_zone("5b", "Europe/Warsaw")
    due = (book.class_today("5b") + timedelta(days=4)).isoformat()
    students = {name: book.join("5b", name, f"device-of-{name}").id for name in ("Ada", "Bo", "Cy")}
    said = assign(live, title="Two deals", skill="mam", goal="deals", count="2", due=due)
    (done,) = said["done"]
    assert done.startswith("“Two deals” is set for the whole class, due ")
    practice = book.start_set(students["Ada"], level="normal", power=False, rounds=8, seed=1)
    for deal in (1, 2):
        book.record_step(practice, Step("answer", deal, [1, 2, 3], 6, "1+2+3", True, "correct"))
    bo = book.start_set(students["Bo"], level="normal", power=False, rounds=8, seed=2)
    book.record_step(bo, Step("answer", 1, [1, 2, 3], 6, "1+2", False, "total"))

    shown = section(page(live, said))
    assert "MAM! without powers · 2 deals solved · due " in shown
    assert "finished: 1 · on the way: 1 · not begun: 1" in shown
    rows = shown.split("<tr>")[2:]
    assert [row.split("<td>")[1].split("</td>")[0] for row in rows] == ["Ada", "Bo", "Cy"]
    assert "<td>finished</td><td>2 of 2</td>" in rows[0]
    assert "<td>on the way</td><td>0 of 2</td>" in rows[1]
    assert "<td>not begun</td><td>0 of 2</td><td>—</td>" in rows[2]
    assert "Europe/Warsaw" in shown


def test_a_refused_assignment_comes_back_as_typed_with_the_reason(live):  # noqa: F811
    said = assign(
        live, title="Daily", skill="roll-or-quit", goal="days", count="90", due="2026-12-24"
    )
    assert said["done"] == ["an assignment asks for 1 to 60 days of practice, not 90"]
    shown = section(page(live, said))
    assert "value='Daily'" in shown and "value='90'" in shown
    assert "<option value='roll-or-quit' selected>" in shown
    assert "value='days' checked" in shown
    assert live.service.book_of().assignments("5b") == []
    bad = assign(live, title="x", skill="mam", goal="deals", count="eight", due="2026-12-24")
    assert bad["done"] == ["“eight” is not a whole number"]


def test_removing_an_assignment_asks_once_more(live):  # noqa: F811
    book = live.service.book_of()
    due = (book.class_today("5b") + timedelta(days=1)).isoformat()
    task = book.assign("5b", "Friday's deals", "mam", "deals", 8, due)
    asked = send(live, ("do", "unassign"), ("number", str(task.id)))
    assert asked == {"assignment": [str(task.id)]}
    box = page(live, asked)
    box = box[box.index("class='mc-confirm'") :].split("</form>")[0]
    assert "Remove the assignment “Friday&#x27;s deals”? The students&#x27; work stays." in box
    assert book.assignments("5b") == [task], "nothing gone yet"
    done = send(live, ("do", "unassign-yes"), ("number", str(task.id)))
    assert done["done"] == ["The assignment “Friday's deals” is removed; the students' work stays."]
    assert book.assignments("5b") == []
    again = send(live, ("do", "unassign-yes"), ("number", str(task.id)))
    assert again["done"] == [f"there is no assignment number {task.id} in the class 5b"]


def test_the_class_s_time_zone_is_set_on_the_page(live):  # noqa: F811
    assert send(live, ("do", "zone"), ("zone", "Asia/Tokyo"))["done"] == [
        "The class's time zone is now Asia/Tokyo."
    ]
    assert live.service.book_of().class_zone("5b") == "Asia/Tokyo"
    refused = send(live, ("do", "zone"), ("zone", "Narnia"))["done"][0]
    assert "there is no time zone called 'Narnia'" in refused
    send(live, ("do", "zone"), ("zone", ""))
    assert live.service.book_of().class_zone("5b") is None


def test_the_page_speaks_polish_to_a_polish_browser(live):  # noqa: F811
    book = live.service.book_of()
    book.assign("5b", "Dni", "roll-or-quit", "days", 2, book.class_today("5b") + timedelta(days=3))
    status, _, shown = threaded.get(
        live.port, teacher_page.TEACHER, TEACHER, **{"Accept-Language": "pl"}
    )
    assert status == 200
    shown = section(shown)
    assert (
        "Zadania" in shown
        and "LAMA kostkowa: rzucać czy pasować? · ćwiczenia w 2 różne dni" in shown
    )

"""The teacher's say over who is in the class (issue #50): many students removed at once after a
second yes, and the class closed to new names, so that a script's invented browsers join as no
one while the class's own students come in. Over real HTTP, on a real class book."""

from __future__ import annotations

from urllib.parse import parse_qs, urlencode, urlsplit

from mathcards.classroom.teacher import page as teacher_page
from tests.classroom import threaded
from tests.classroom.test_forget_live import CODE, live  # noqa: F401 - the fixture
from tests.classroom.test_live import GAME

TEACHER = {"mathcards-teacher": CODE, "_xsrf": "token"}


def send(live, *form: tuple[str, str]) -> dict[str, list[str]]:  # noqa: F811
    """A form of the teacher's page sent, fields repeated as a form repeats them; the query of
    the page it leads to."""
    body = urlencode([*form, ("_xsrf", "token")])
    status, headers, _ = threaded.post(live.port, teacher_page.TEACHER, body, TEACHER)
    assert status == 302, status
    return parse_qs(urlsplit(headers["Location"]).query)


def page(live, query: dict[str, list[str]] | None = None) -> str:  # noqa: F811
    address = teacher_page.TEACHER + (f"?{urlencode(query, doseq=True)}" if query else "")
    return threaded.get(live.port, address, TEACHER)[2]


def joined(live, name: str) -> str:  # noqa: F811
    """A student joined through the class book's door: their ticket."""
    ticket = live.service.tickets.issue(f"device-of-{name.lower()}-0123456789")
    assert live.ok("join", ticket, {"nickname": name}) == name
    return ticket


def test_the_teacher_removes_the_chosen_students_at_once_after_a_second_yes(live):  # noqa: F811
    for name in ("Ada", "Bo", "Cy", "Dan"):
        joined(live, name)
    asked = send(live, ("do", "remove"), ("student", "Bo"), ("student", "Dan"), ("student", "Bo"))
    assert asked == {"confirm": ["Bo", "Dan"]}, "each once, nothing gone yet"
    shown = page(live, asked)
    assert "Remove these 2 students and all their work: Bo, Dan?" in shown
    box = shown[shown.index("class='mc-confirm'") :].split("</form>")[0]
    assert "value='Bo'" in box and "value='Dan'" in box and "value='Ada'" not in box
    assert "Yes, remove 2 students" in box
    assert {s.nickname for s in live.service.book_of().students("5b")} == {"Ada", "Bo", "Cy", "Dan"}

    done = send(live, ("do", "forget"), ("student", "Bo"), ("student", "Dan"))
    assert done["done"] == ["2 students and all their work are removed: Bo, Dan."]
    assert {s.nickname for s in live.service.book_of().students("5b")} == {"Ada", "Cy"}
    again = send(live, ("do", "forget"), ("student", "Bo"), ("student", "Cy"))
    assert again["done"][0].startswith("Cy and all their work are removed. ")
    assert "Bo" in again["done"][0], "the one removed already is named"


def test_removing_with_no_student_chosen_says_to_choose_first(live):  # noqa: F811
    joined(live, "Ada")
    assert send(live, ("do", "remove")) == {"done": ["Choose the students to remove first."]}
    assert [s.nickname for s in live.service.book_of().students("5b")] == ["Ada"]


def test_a_class_closed_to_new_names_lets_its_students_in_and_no_one_else(live):  # noqa: F811
    teacher = live.service.tickets.issue("device-of-the-teacher-0123", teacher=True)
    live.ok("live/games", teacher, GAME)
    ada = live.student("Ada", "device-of-ada-000000000000")
    assert "Close the class to new names" in page(live)

    said = send(live, ("do", "close"))
    assert said["done"] == ["The class is closed to new names: only its students come in."]
    assert "Open the class to new names" in page(live)
    script = live.service.tickets.issue("an-invented-cookie-0000000")
    assert live.call("live/join", script, {"nickname": "Mallory"}) == (
        403,
        {"error": "class-closed"},
    )
    assert live.call("join", script, {"nickname": "Mallory"}) == (403, {"error": "class-closed"})
    assert live.ok("live/join", ada, {})["joined"], "her own browser comes in"
    assert [s.nickname for s in live.service.book_of().students("5b")] == ["Ada"]

    send(live, ("do", "open"))
    assert live.ok("join", script, {"nickname": "Mallory"}) == "Mallory"


def multipart(fields: list[tuple[str, str]], file: bytes | None = None) -> tuple[str, str]:
    """A form sent as a browser sends one with a file: its body and its content type."""
    boundary = "mathcards-boundary-7"
    parts = [
        f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'
        for name, value in [*fields, ("_xsrf", "token")]
    ]
    if file is not None:
        parts.append(
            f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="5b.csv"\r\n'
            f"Content-Type: text/csv\r\n\r\n{file.decode('latin-1')}\r\n"
        )
    return "".join(parts) + f"--{boundary}--\r\n", f"multipart/form-data; boundary={boundary}"


def listed(live, pasted: str, file: bytes | None = None) -> str:  # noqa: F811
    body, kind = multipart([("do", "class-list"), ("names", pasted)], file)
    status, headers, _ = threaded.send(
        live.port, "POST", teacher_page.TEACHER, body.encode("latin-1"), TEACHER,
        **{"Content-Type": kind},
    )  # fmt: skip
    assert status == 302, status
    return parse_qs(urlsplit(headers["Location"]).query)["done"][0]


def test_the_teacher_pastes_a_class_list_or_imports_one_and_the_class_closes(live):  # noqa: F811
    joined(live, "Ada")
    said = listed(live, "Bo\nCy\n\nada\n", "Dan;Lis\nEla;Nowak\n".encode("cp1250"))
    assert said == "4 names added to the class list: the class is closed to other names."
    book = live.service.book_of()
    assert book.class_closed("5b")
    assert book.free_names("5b") == ["Bo", "Cy", "Dan Lis", "Ela Nowak"]
    shown = page(live)
    assert "Not picked by anyone yet: Bo, Cy, Dan Lis, Ela Nowak." in shown
    assert "enctype='multipart/form-data'" in shown
    refused = listed(live, "Fay\nGus/Hal\n")
    assert refused == "line 2 of the class list: A name cannot hold “/” (U+002F)."
    assert book.nicknames("5b") == {"Ada", "Bo", "Cy", "Dan Lis", "Ela Nowak"}, "nothing added"
    cy = live.service.tickets.issue("device-of-cy-0123456789")
    assert live.ok("me", cy)["names"] == ["Bo", "Cy", "Dan Lis", "Ela Nowak"]
    assert live.ok("join", cy, {"nickname": "Cy"}) == "Cy"
    assert "Not picked by anyone yet: Bo, Dan Lis, Ela Nowak." in page(live)

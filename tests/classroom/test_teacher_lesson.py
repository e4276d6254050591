"""The teacher's page and its exports after a whole lesson (issue 49), over real HTTP on a real
class book: the links to the lessons and both projectors; a student's guesses and games on
their page; a live typing slip kept and shown, never a claim; the live rounds among the hard
targets; a Polish student's practice verdict in the teacher's language (an old row's English
text still shown); the CSV as a Polish spreadsheet reads it, and the JSON with the same facts."""

from __future__ import annotations

import csv
import io
import json
import re
from urllib.parse import quote

import pytest

from mathcards import cli
from mathcards.book import Step
from mathcards.classroom.teacher import page as teacher
from tests.classroom import threaded
from tests.classroom.teacher_lesson import SLIP, Held, whole_lesson
from tests.classroom.test_live_guess import Lesson

COOKIE = {"mathcards-teacher": "TEACHER7KQ"}
POLISH = {"Accept-Language": "pl-PL,pl;q=0.9"}


@pytest.fixture
def lesson(tmp_path):
    served = Lesson(f"sqlite:///{tmp_path / 'book.sqlite'}")
    with served.serve() as port:
        served.port = port
        served.held = whole_lesson(served)
        yield served


def page(lesson: Lesson, address: str = teacher.TEACHER, **headers: str) -> str:
    status, _, text = threaded.get(lesson.port, address, COOKIE, **headers)
    assert status == 200, status
    return text


def student(lesson: Lesson, name: str, **headers: str) -> str:
    return page(lesson, f"{teacher.TEACHER}/student?name={quote(name)}", **headers)


def section(text: str, heading: str) -> str:
    """The part of a page under a heading, to the next one."""
    start = text.index(f"<h2>{heading}</h2>")
    end = text.find("<h2>", start + 1)
    return text[start : end if end > 0 else len(text)]


def test_the_teachers_page_links_the_lessons_and_both_projectors_at_its_top(lesson):
    english, polish = page(lesson), page(lesson, **POLISH)
    for text, language in ((english, "en"), (polish, "pl")):
        top = text[: text.index("<h2>")]
        for path in ("index.ipynb", "live/projector.ipynb", "live/guess-projector.ipynb"):
            assert f"href='/voila/render/{language}/{path}'" in top
    assert ">MAM! live: the projector</a>" in english
    assert ">MAM! na żywo: rzutnik</a>" in polish


def test_a_students_page_shows_their_guesses_with_the_chance_and_distance_and_games(lesson):
    ola = section(student(lesson, "Ola"), "LAMA Dice live: their guesses")
    assert "Nothing yet" not in ola
    cells = re.findall(r"<td>([^<]*)</td>", ola)
    assert cells[2:] == ["60.0%", "53.7%", "6.3"]  # the guess, the true chance, points off
    kim = student(lesson, "Kim")
    assert "<td>35.0%</td><td>53.7%</td><td>18.7</td>" in section(
        kim, "LAMA Dice live: their guesses"
    )
    games = section(kim, "Games at a table")
    assert "<td>LAMA</td><td>Kim, Computer 1</td><td>Kim 12, Computer 1 31</td>" in games
    polish = student(lesson, "Ola", **POLISH)
    assert "<td>60,0%</td><td>53,7%</td><td>6,3</td>" in polish


def test_a_live_typing_slip_is_kept_and_shown_but_is_no_claim(lesson):
    records = lesson.service.book_of().live_records("5b")
    texts = [event.payload.get("text") for record in records for event in record.events]
    assert SLIP in texts  # kept in the class book
    kim = student(lesson, "Kim")
    assert f"<td>{SLIP}</td>" in kim and "a typing slip, no claim" in kim
    line = page(lesson)
    start = line.index(">Kim</a></td>")
    cells = re.findall(r"<td>([^<]*)</td>", line[start : line.index("</tr>", start)])
    assert cells[7] == "0 / 1"  # one claim, wrong: the slip is none
    stuck = section(line, "Where the class got stuck")
    assert "<td>a typing slip</td><td>1</td><td>Kim (1)</td>" in stuck


def test_the_targets_the_class_found_hard_hold_the_live_rounds(lesson):
    held: Held = lesson.held
    cards = " ".join(map(str, sorted(held.round["cards"])))
    hard = section(page(lesson), "Targets the class found hard")
    assert f"<td>{cards}</td><td>{held.round['target']}</td><td>2</td><td>1 / 2</td>" in hard
    practice = " ".join(map(str, sorted(held.cards)))
    assert f"<td>{practice}</td><td>{held.target}</td><td>1</td><td>0 / 1</td>" in hard


def test_a_polish_students_verdict_is_shown_in_the_teachers_language(lesson):
    held: Held = lesson.held
    (kept,) = lesson.service.book_of().answers("5b", "Ola")
    assert kept.sentence.startswith("you used")  # the service judged in English
    polish = student(lesson, "Ola", **POLISH)
    assert f"<td>{held.typed}</td><td>✗ liczba" in polish and "you used" not in polish
    assert "you used" in student(lesson, "Ola")
    assert "<td>liczba" in section(page(lesson, **POLISH), "Gdzie klasa utknęła")


def test_an_old_rows_sentence_is_still_shown_as_it_was_kept(lesson):
    held: Held = lesson.held
    book = lesson.service.book_of()
    ola = book.student_for("device-of-Ola-0123456789", "5b")
    practice = book.start_set(ola.id, level="normal", power=False, rounds=2, seed=5)
    old = Step("answer", 1, held.cards, held.target, "1+", False, None, "an old sentence")
    book.record_step(practice, old)
    assert "✗ an old sentence" in student(lesson, "Ola", **POLISH)


def spreadsheet(data: bytes, separator: str) -> list[dict[str, str]]:
    """The file as a spreadsheet reads it: UTF-8 after its byte-order mark, cells parted by
    `separator`."""
    assert data.startswith("\ufeff".encode())
    return list(csv.DictReader(io.StringIO(data.decode("utf-8-sig")), delimiter=separator))


def exported(lesson: Lesson, fmt: str = "csv", **headers: str) -> bytes:
    connection = threaded.http.client.HTTPConnection("127.0.0.1", lesson.port, timeout=30)
    cookie = "; ".join(f"{k}={v}" for k, v in COOKIE.items())
    try:
        connection.request(
            "GET", f"{teacher.TEACHER}/export?format={fmt}", headers={"Cookie": cookie, **headers}
        )
        answer = connection.getresponse()
        assert answer.status == 200
        return answer.read()
    finally:
        connection.close()


def test_the_csv_opens_in_a_polish_spreadsheet(lesson):
    held: Held = lesson.held
    lesson.service.book_of().rename("5b", "Kim", "Michał")
    lines = spreadsheet(exported(lesson, **POLISH), ";")
    assert "verdict_kind" not in lines[0] and "mistake" in lines[0]  # one column for the kind
    assert {line["student"] for line in lines} >= {"Michał", "Ola"}
    right = next(line for line in lines if line["kind"] == "answer" and line["correct"] == "True")
    assert "×" in right["sentence"] or "+" in right["sentence"]
    assert right["cards"] == json.dumps(held.round["cards"], separators=(",", ":"))
    assert right["target"] == str(held.round["target"])
    assert re.fullmatch(r"\d+,\d+|\d+", right["seconds"])  # a decimal comma
    slip = next(line for line in lines if line["kind"] == "answer" and line["mistake"] == "slip")
    assert slip["student"] == "Michał" and slip["correct"] == "False"
    step = next(line for line in lines if line["record"] == "step")
    assert step["mistake"] == "used-twice" and step["seconds"] == "9,5"
    guesses = {line["student"]: line for line in lines if line["kind"] == "guess"}
    assert (guesses["Ola"]["guess"], guesses["Ola"]["chance"]) == ("60,0", "53,7")
    assert guesses["Ola"]["points_off"] == "6,3" and guesses["Michał"]["guess"] == "35,0"


def test_the_csv_in_english_keeps_commas_and_points(lesson):
    lines = spreadsheet(exported(lesson), ",")
    guesses = {line["student"]: line for line in lines if line["kind"] == "guess"}
    assert (guesses["Ola"]["guess"], guesses["Ola"]["points_off"]) == ("60.0", "6.3")
    assert any("×" in line["sentence"] for line in lines)  # the right answer's


def test_the_json_export_carries_the_same_facts(lesson):
    held: Held = lesson.held
    (room,) = json.loads(exported(lesson, "json"))["classes"]
    events = [event for live in room["live_games"] for event in live["events"]]
    answers = [event for event in events if event["kind"] == "answer"]
    assert all(a["cards"] == held.round["cards"] for a in answers)
    assert [a["mistake"] for a in answers] == ["slip", "total", None]
    ola = next(e for e in events if e["kind"] == "guess" and e["student"] == "Ola")
    assert (ola["guess"], ola["chance"], ola["points_off"]) == (60.0, 53.7, 6.3)
    (step,) = next(s for s in room["students"] if s["nickname"] == "Ola")["sets"][0]["steps"]
    assert step["mistake"] == "used-twice"


def test_the_book_export_command_writes_a_polish_spreadsheet_too(lesson, capsys):
    url = lesson.url
    assert cli.main(["--lang", "pl", "book", "export", "--db", url, "--class", "5b"]) == 0
    lines = spreadsheet(capsys.readouterr().out.encode(), ";")
    guesses = {line["student"]: line for line in lines if line["kind"] == "guess"}
    assert guesses["Ola"]["chance"] == "53,7"
    step = next(line for line in lines if line["record"] == "step")
    assert step["mistake"] == "used-twice"

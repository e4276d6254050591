"""The teacher's report of a lesson (issue 31): the wrong answers grouped by the kind of
mistake whatever the language they were told in; a deal whose whole answer a hint had shown
counted as shown, never solved; a live MAM! game replayed into each student's line, the grouped
mistakes, a page per student and the export; "Remove" asking once; the page in the browser's
language. Over real HTTP, on a real class book, for the live game."""

from __future__ import annotations

import csv
import io
import json
import re
from datetime import UTC, datetime
from urllib.parse import parse_qs, quote, urlsplit

import pytest

from mathcards import cli
from mathcards.book import Mistake, PracticeAnswer, StudentSummary
from mathcards.book.export import BOM
from mathcards.classroom.teacher import page as teacher_page
from mathcards.classroom.teacher import reports
from mathcards.classroom.teacher.lessons import LiveLessons
from mathcards.classroom.teacher.mistakes import mistake
from mathcards.mam import level
from mathcards.mam.hints import rungs
from mathcards.mam.practice import PracticeSet
from tests.classroom import threaded
from tests.classroom.test_forget_live import CODE, LiveClass
from tests.classroom.test_live import GAME, right, wrong

HARD, MOMENT = [7, 6, 12, 2, 15], datetime(2026, 9, 1, 8, 0, tzinfo=UTC)
TEACHER = {"mathcards-teacher": CODE}


def said(
    name: str,
    typed: str,
    kind: str | None,
    sentence: str,
    *,
    correct: bool = False,
    deal: int = 1,
    cards: list[int] = HARD,
    target: int = 32,
    hints: int = 0,
) -> PracticeAnswer:
    return PracticeAnswer(
        name, 1, deal, cards, target, False, typed, correct, kind, sentence, hints, 12.5, MOMENT
    )


def test_each_rule_a_step_breaks_is_its_own_kind_of_mistake():
    assert mistake("step", "15 / 2") is Mistake.NOT_WHOLE
    assert mistake("step", "2 - 7 + 15") is Mistake.BELOW_ZERO
    assert mistake("step", "12 / (7 - 7)") is Mistake.FORBIDDEN
    assert mistake("used-too-often", "7 + 7") is Mistake.USED_TWICE
    assert mistake("syntax", "1+") is Mistake.SLIP
    assert mistake("correct", "7*6-12+2") is None


def test_the_class_got_stuck_grouped_by_kind_whatever_the_language():
    answers = [
        said("Ala", "7+7+12+6", "used-too-often", "you used 7 twice"),
        said("Ola", "7+7+12+6", "used-too-often", "użyłeś 7 dwa razy"),
        said("Ala", "7+7+15+2+1", "used-too-often", "you used 7 twice"),
        said("Bartek", "15 / 2", "step", "15 ÷ 2 is not a whole number"),
        said("Ola", "15 : 2", "step", "15 : 2 nie dzieli się bez reszty"),
        said("Ola", "2 - 7 + 15", "step", "2 − 7 goes below zero"),
        said("Bartek", "7*6-12+2", "correct", "Correct!", correct=True),
    ]
    groups = reports.stuck(answers, [])
    assert [(group.kind, group.who.total()) for group in groups] == [
        (Mistake.USED_TWICE, 3),
        (Mistake.NOT_WHOLE, 2),
        (Mistake.BELOW_ZERO, 1),
    ]
    assert reports.stuck_row(groups[0])[:3] == ["a card used twice", 3, "Ala (2), Ola (1)"]
    assert groups[1].who == {"Bartek": 1, "Ola": 1}


def test_a_deal_solved_once_a_hint_had_shown_the_whole_answer_counts_as_shown():
    shown, solved = PracticeSet(level("normal"), rounds=2, seed=3).exercises
    every = rungs(tuple(shown.cards), shown.target, False)
    answers = [
        said("Ala", "x", "correct", "", correct=True, deal=1, hints=every, **deal_of(shown)),
        said("Ala", "x", "correct", "", correct=True, deal=2, hints=1, **deal_of(solved)),
    ]
    assert reports.shown_deals(answers) == {("Ala", 1, 1)}
    summary = StudentSummary(1, "Ala", 1, 2, 2, every + 1, 0, 0, 0, MOMENT)
    (line,) = reports.lines([summary], answers, LiveLessons(), [])
    row = reports.student_row(line)
    assert (row[2], line.shown) == (1, 1)  # one deal solved, one shown
    assert "the whole answer shown" in reports.answer_rows(answers, [])[0][-1]


def deal_of(exercise) -> dict:
    return {"cards": list(exercise.cards), "target": exercise.target}


@pytest.fixture
def live(tmp_path):
    served = LiveClass(f"sqlite:///{tmp_path / 'book.sqlite'}")
    with threaded.serving(served.app) as port:
        served.port, served.url = port, f"sqlite:///{tmp_path / 'book.sqlite'}"
        yield served


def lesson(live) -> None:
    """A live game of two rounds: Ala right, Bartek wrong, then Bartek right; the podium."""
    teacher = live.service.tickets.issue("device-of-the-teacher-0123", teacher=True)
    live.ok("live/games", teacher, GAME)
    ala = live.student("Ala", "device-of-ala-0123456789")
    bartek = live.student("Bartek", "device-of-bartek-0123456")
    for first, second in ((ala, bartek), (bartek, ala)):
        view = live.ok("live/rounds", teacher, {})
        assert live.ok("live/answers", second, {"text": wrong(view)})["correct"] is False
        assert live.ok("live/answers", first, {"text": right(view)})["correct"] is True
        live.ok("live/reveal", teacher, {})
    live.ok("live/finish", teacher, {})


def row_of(page: str, name: str) -> list[str]:
    """The cells of a student's line on the teacher's page, after their name."""
    start = page.index(f">{name}</a></td>")
    return re.findall(r"<td>([^<]*)</td>", page[start : page.index("</tr>", start)])


def test_a_live_game_is_in_the_teachers_report_the_students_page_and_the_export(live):
    lesson(live)
    status, _, page = threaded.get(live.port, teacher_page.TEACHER, TEACHER)
    assert status == 200
    ala, bartek = row_of(page, "Ala"), row_of(page, "Bartek")
    assert ala[7] == bartek[7] == "1 / 2"  # live answers right
    assert {ala[9], bartek[9]} == {"1", "2"}  # podium places
    assert ala[10] != "—"  # last seen, in the live game
    assert "<td>the wrong total</td><td>2</td><td>Ala (1), Bartek (1)</td>" in page
    address = f"{teacher_page.TEACHER}/student?name=Bartek"
    status, _, mine = threaded.get(live.port, address, TEACHER)
    assert status == 200 and mine.count("MAM! live") == 2 and "✗ that makes" in mine
    status, _, text = threaded.get(live.port, f"{teacher_page.TEACHER}/export", TEACHER)
    answers = [
        line
        for line in csv.DictReader(io.StringIO(text.removeprefix(BOM)))
        if line["kind"] == "answer"
    ]
    assert [(a["student"], a["correct"], a["mistake"]) for a in answers] == [
        ("Bartek", "False", "total"),
        ("Ala", "True", ""),
        ("Ala", "False", "total"),
        ("Bartek", "True", ""),
    ]
    assert all(float(a["seconds"]) >= 0 for a in answers)
    address = f"{teacher_page.TEACHER}/export?format=json"
    events = json.loads(threaded.get(live.port, address, TEACHER)[2])["classes"][0]
    kept = [e for e in events["live_games"][0]["events"] if e["kind"] == "answer"]
    assert kept[0]["sentence"].startswith("that makes") and kept[0]["mistake"] == "total"


def test_the_book_export_command_carries_the_services_verdicts_too(live, capsys):
    lesson(live)
    assert cli.main(["book", "export", "--db", live.url, "--format", "csv"]) == 0
    lines = csv.DictReader(io.StringIO(capsys.readouterr().out.removeprefix(BOM)))
    answers = [line for line in lines if line["kind"] == "answer"]
    assert [(a["student"], a["correct"], a["mistake"]) for a in answers] == [
        ("Bartek", "False", "total"),
        ("Ala", "True", ""),
        ("Ala", "False", "total"),
        ("Bartek", "True", ""),
    ]
    assert cli.main(["book", "export", "--db", live.url, "--class", "5b", "--format", "json"]) == 0
    events = json.loads(capsys.readouterr().out)["classes"][0]["live_games"][0]["events"]
    said = [event["sentence"] for event in events if event["kind"] == "answer"]
    assert said[0].startswith("that makes") and len(said) == 4


def test_remove_asks_once_before_a_student_and_their_work_go(live):
    lesson(live)
    asked = live.teacher_does(do="remove", student="Bartek")
    assert parse_qs(urlsplit(asked).query) == {"confirm": ["Bartek"]}
    page = threaded.get(live.port, asked, TEACHER)[2]
    assert "Remove Bartek and all their work?" in page and "value='forget'" in page
    assert ">Bartek</a>" in threaded.get(live.port, teacher_page.TEACHER, TEACHER)[2]
    done = live.teacher_does(do="forget", student="Bartek")
    assert "removed" in parse_qs(urlsplit(done).query)["done"][0]
    assert ">Bartek</a>" not in threaded.get(live.port, teacher_page.TEACHER, TEACHER)[2]


def test_the_teachers_page_speaks_the_browsers_language(live):
    lesson(live)
    polish = {"Accept-Language": "pl-PL,pl;q=0.9,en;q=0.8"}
    page = threaded.get(live.port, teacher_page.TEACHER, TEACHER, **polish)[2]
    assert '<html lang="pl">' in page and "zeszyt klasy" in page.casefold()
    address = f"{teacher_page.TEACHER}/student?name={quote('Ala')}"
    assert '<html lang="pl">' in threaded.get(live.port, address, TEACHER, **polish)[2]
    assert '<html lang="en">' in threaded.get(live.port, teacher_page.TEACHER, TEACHER)[2]

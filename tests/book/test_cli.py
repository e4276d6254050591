"""`mathcards book upgrade|export|forget|purge`, on SQLite and on PostgreSQL: what each prints,
the book found by --db or $MATHCARDS_DB, one-line errors with exit status 2, in English and in
Polish; and the other commands never load SQLAlchemy."""

from __future__ import annotations

import csv
import io
import json
import sqlite3
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from mathcards.book import ENVIRONMENT, Book, Step, head
from mathcards.book.export import BOM
from mathcards.cli import main
from tests.book.test_migrations import FIRST, at_first_revision

ROOT = Path(__file__).resolve().parents[2]


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def lesson(book_url, school_clock) -> str:
    """A class book where Ann answered once and played a game, and Bo answered once, 100 days
    ago (the commands read the real clock)."""
    school_clock.now = datetime.now(UTC) - timedelta(days=100)
    with Book.create(book_url, clock=school_clock) as book:
        for name in ("Ann", "Bo"):
            student = book.join("5b", name, f"{name}-cookie")
            practice = book.start_set(student.id, level="normal", power=False, rounds=8, seed=1)
            book.record_step(practice, Step("answer", 1, [1, 2, 3], 6, "1+2+3", True, "correct"))
        book.record_game(
            1, "mam", players=["Ann"], scores={"Ann": 5}, winners=["Ann"], seed=9, finished=True
        )
    return book_url


def test_upgrade_makes_a_new_book_then_has_nothing_to_do(capsys, book_url):
    code, out, _ = run(capsys, "book", "upgrade", "--db", book_url)
    assert code == 0 and out.startswith("made the class book at ") and f"revision {head()}" in out
    code, out, _ = run(capsys, "book", "upgrade", "--db", book_url)
    assert code == 0 and out.endswith(f"is at revision {head()}: nothing to do\n")


def test_upgrade_from_the_first_revision_says_where_the_backup_is(capsys, tmp_path):
    url = f"sqlite:///{tmp_path / 'classbook.sqlite'}"
    at_first_revision(url).dispose()
    code, out, _ = run(capsys, "book", "upgrade", "--db", url)
    assert code == 0
    assert out.splitlines() == [
        f"upgraded the class book at {tmp_path / 'classbook.sqlite'} from revision {FIRST} "
        f"to {head()}",
        f"the book as it was is in {tmp_path / f'classbook.sqlite.{FIRST}.bak'}",
    ]


def test_export_prints_every_answer_and_game(capsys, lesson):
    code, out, _ = run(capsys, "book", "export", "--db", lesson)
    lines = list(csv.DictReader(io.StringIO(out.removeprefix(BOM))))
    assert code == 0
    assert [(line["record"], line["student"]) for line in lines] == [
        ("step", "Ann"),
        ("game", "Ann"),
        ("step", "Bo"),
    ]
    code, out, _ = run(
        capsys, "book", "export", "--db", lesson, "--format", "json", "--class", "5b"
    )
    (room,) = json.loads(out)["classes"]
    assert code == 0 and [student["nickname"] for student in room["students"]] == ["Ann", "Bo"]


def test_the_book_is_found_by_the_environment(capsys, lesson, monkeypatch):
    monkeypatch.setenv(ENVIRONMENT, lesson)
    code, out, _ = run(capsys, "book", "export", "--format", "json")
    assert code == 0 and json.loads(out)["classes"][0]["name"] == "5b"


def test_forget_deletes_a_student_and_says_how_many_records_went(capsys, lesson):
    code, out, _ = run(capsys, "book", "forget", "Bo", "--class", "5b", "--db", lesson)
    assert (code, out) == (0, "forgot Bo: 4 records deleted\n")  # step, set, device, student
    _, exported, _ = run(capsys, "book", "export", "--db", lesson)
    assert {
        line["student"] for line in csv.DictReader(io.StringIO(exported.removeprefix(BOM)))
    } == {"Ann"}
    code, out, err = run(capsys, "book", "forget", "Bo", "--db", lesson)
    assert (code, out) == (2, "")
    assert err == "mathcards: error: there is no student called Bo in the class book\n"


def test_purge_deletes_what_is_older_than_the_days_kept(capsys, lesson):
    code, out, _ = run(capsys, "book", "purge", "--db", lesson)  # a year by default
    assert (code, out) == (0, "0 records older than the days kept (365) deleted\n")
    code, out, _ = run(capsys, "book", "purge", "--keep-days", "30", "--db", lesson)
    everything = 2 + 2 + 1 + 2 + 2 + 1  # steps, sets, the game, devices, students, the class
    assert (code, out) == (0, f"{everything} records older than the days kept (30) deleted\n")
    _, exported, _ = run(capsys, "book", "export", "--db", lesson, "--format", "json")
    assert json.loads(exported) == {"classes": []}
    code, _, err = run(capsys, "book", "purge", "--keep-days", "0", "--db", lesson)
    assert code == 2 and "--keep-days must be a whole number of days, at least 1, not '0'" in err


def test_errors_are_one_line_and_exit_2(capsys, tmp_path):
    missing = f"sqlite:///{tmp_path / 'nothing.sqlite'}"
    code, out, err = run(capsys, "book", "export", "--db", missing)
    assert (code, out) == (2, "")
    assert err == (
        f"mathcards: error: there is no class book at {tmp_path / 'nothing.sqlite'} yet: "
        "run `mathcards book upgrade`\n"
    )
    code, _, err = run(capsys, "book", "export", "--db", "mysql://teacher@db/book")
    assert code == 2 and err.count("\n") == 1 and "SQLite or PostgreSQL" in err
    code, _, err = run(capsys, "book")
    assert code == 2 and err.count("\n") == 1


def test_the_book_commands_speak_polish(capsys, lesson):
    code, out, _ = run(capsys, "--lang", "pl", "book", "forget", "Bo", "--db", lesson)
    assert (code, out) == (0, "zapomniano Bo: usunięto 4 wpisy\n")
    code, out, _ = run(capsys, "--lang", "pl", "book", "purge", "--db", lesson)
    assert out == "usunięto 0 wpisów starszych niż przechowywane dni (365)\n"
    code, _, err = run(capsys, "--lang", "pl", "book", "forget", "Zed", "--db", lesson)
    assert err == "mathcards: błąd: w zeszycie klasy nie ma ucznia o pseudonimie Zed\n"


def test_the_other_commands_never_load_sqlalchemy():
    probe = "import sys; from mathcards import cli; cli.parser(); print(*sorted(sys.modules))"
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT, check=True
    )
    loaded = {name.split(".")[0] for name in done.stdout.split()}
    assert not loaded & {"sqlalchemy", "alembic", "psycopg"}


def test_serve_refuses_a_book_of_an_older_revision_in_one_line(capsys, book_url, tmp_path):
    engine = at_first_revision(book_url)
    try:
        code, out, err = run(capsys, "serve", "--db", book_url, "--warm", "none")
    finally:
        engine.dispose()
    assert code == 2 and out == "" and "Traceback" not in err
    (line,) = err.strip().splitlines()
    assert f"revision {FIRST}" in line and "mathcards book upgrade" in line


def test_forget_removes_the_student_from_the_copies_made_before_an_upgrade_and_says_so(
    capsys, tmp_path
):
    url = f"sqlite:///{tmp_path / 'classbook.sqlite'}"
    with Book.create(url) as book:
        book.join("5b", "Bolesław", "Bo-cookie")
        book.join("5b", "Ann", "Ann-cookie")
    copy = tmp_path / "classbook.sqlite.0003.bak"
    copy.write_bytes((tmp_path / "classbook.sqlite").read_bytes())
    code, out, _ = run(capsys, "book", "forget", "Bolesław", "--db", url)
    assert code == 0 and out.splitlines()[0].startswith("forgot Bolesław: ")
    assert out.splitlines()[1] == (
        f"nothing of Bolesław is left in the copy made before an upgrade either: {copy}"
    )
    assert "Bolesław".encode() not in copy.read_bytes()
    with sqlite3.connect(copy) as kept:
        assert kept.execute("SELECT nickname FROM students").fetchall() == [("Ann",)]
    kept.close()


def test_forget_names_a_copy_it_cannot_change_for_the_school_to_delete(capsys, tmp_path):
    url = f"sqlite:///{tmp_path / 'classbook.sqlite'}"
    with Book.create(url) as book:
        book.join("5b", "Bo", "Bo-cookie")
    copy = tmp_path / "classbook.sqlite.0003.bak"
    copy.write_text("not a class book any more")
    code, out, err = run(capsys, "book", "forget", "Bo", "--db", url)
    assert (code, out) == (2, "")
    assert err == (
        f"mathcards: error: Bo is forgotten in the class book, but the copy {copy} could not be"
        " changed: delete it\n"
    )
    with Book(url) as book:
        assert book.student_for("Bo-cookie") is None, "forgotten in the book all the same"


@pytest.fixture
def assigned(book_url, school_clock) -> str:
    """Class 5b in Warsaw with a class list (Ann, Bo, Cy) and an assignment due in a week,
    which Ann has finished (the commands read the real clock)."""
    school_clock.now = datetime.now(UTC)
    with Book.create(book_url, clock=school_clock) as book:
        book.set_class_zone("5b", "Europe/Warsaw")
        book.class_list("5b", ["Ann", "Bo", "Cy"])
        due = book.class_today("5b") + timedelta(days=7)
        book.assign("5b", "A week of deals", "mam", "deals", 1, due)
        ann = book.join("5b", "Ann", "Ann-cookie")
        practice = book.start_set(ann.id, level="normal", power=False, rounds=8, seed=1)
        book.record_step(practice, Step("answer", 1, [1, 2, 3], 6, "1+2+3", True, "correct"))
    return book_url


def test_assignments_lists_who_finished_who_is_on_the_way_and_who_has_not_begun(capsys, assigned):
    code, out, _ = run(capsys, "book", "assignments", "5b", "--db", assigned)
    lines = out.splitlines()
    assert code == 0 and lines[0] == "the class 5b, in the time zone Europe/Warsaw"
    assert lines[1].startswith("1. A week of deals (MAM! without powers): 1 deal solved, due ")
    assert lines[2].startswith("   finished: Ann (")
    assert lines[3:] == ["   on the way: —", "   not begun: Bo, Cy"]
    code, out, _ = run(capsys, "--lang", "pl", "book", "assignments", "5b", "--db", assigned)
    assert code == 0 and "nie zaczęli: Bo, Cy" in out


def test_assignments_exports_as_csv_and_json_and_sets_the_zone(capsys, assigned):
    code, out, err = run(
        capsys, "book", "assignments", "5b", "--format", "json", "--zone", "Asia/Tokyo",
        "--db", assigned,
    )  # fmt: skip
    kept = json.loads(out)
    assert code == 0 and kept["zone"] == "Asia/Tokyo" and "Asia/Tokyo" in err
    (task,) = kept["assignments"]
    assert [(p["student"], p["state"]) for p in task["progress"]] == [
        ("Ann", "finished"),
        ("Bo", "not-begun"),
        ("Cy", "not-begun"),
    ]
    code, out, _ = run(capsys, "book", "assignments", "5b", "--format", "csv", "--db", assigned)
    lines = list(csv.DictReader(io.StringIO(out.removeprefix(BOM))))
    assert code == 0 and [(line["student"], line["done"]) for line in lines] == [
        ("Ann", "1"),
        ("Bo", "0"),
        ("Cy", "0"),
    ]
    code, out, _ = run(capsys, "book", "assignments", "5b", "--zone", "local", "--db", assigned)
    assert code == 0 and "Europe/Warsaw" not in out


def test_class_list_reads_a_file_and_closes_the_class(capsys, book_url, tmp_path):
    Book.create(book_url).close()
    names = tmp_path / "5b.csv"
    names.write_bytes("Ola;Nowak\nŁucja;Lis\n".encode("cp1250"))
    code, out, _ = run(capsys, "book", "class-list", "5b", str(names), "--db", book_url)
    assert code == 0 and out.splitlines() == [
        "2 names added to the class list of 5b",
        "the class is closed to other names: students pick theirs from the list",
        "not yet chosen by a student: Łucja Lis, Ola Nowak",
    ]
    with Book(book_url) as book:
        assert book.class_closed("5b") and book.free_names("5b") == ["Łucja Lis", "Ola Nowak"]


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (("assignments", "5b", "--zone", "Mars/Base"), "no time zone called 'Mars/Base'"),
        (("class-list", "5b", "no-such-file.txt"), "cannot read no-such-file.txt"),
        (("class-list", "5b", "BAD"), "line 2 of the class list: A name cannot hold “/”"),
    ],
)
def test_the_class_s_commands_say_what_is_wrong_in_one_line(capsys, book_url, tmp_path, argv, said):
    Book.create(book_url).close()
    (tmp_path / "BAD").write_text("Ola\nOla/Kim\n")
    argv = tuple(str(tmp_path / word) if word == "BAD" else word for word in argv)
    code, out, err = run(capsys, "book", *argv, "--db", book_url)
    assert code == 2 and out == "" and err.count("\n") == 1 and said in err

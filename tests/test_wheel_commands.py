"""What a teacher who installed the wheel types, without a server: `mathcards lessons FOLDER`
(a copy of the lessons to change), `serve --lessons FOLDER` (serving that copy), `--version`
and `python -m mathcards`. tests/browser/test_wheel.py installs the wheel and serves it for real."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import mathcards
from mathcards.classroom.server import cli as classroom_cli
from mathcards.classroom.server import lessons
from mathcards.cli import main

ROOT = Path(__file__).resolve().parent.parent


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_lessons_copies_both_languages_into_a_new_folder(capsys, tmp_path):
    copy = tmp_path / "our lessons"
    code, out, err = run(capsys, "lessons", str(copy))
    assert code == 0 and err == ""
    assert lessons.pages(copy) == lessons.pages(ROOT / "lessons")
    assert {page.parts[0] for page in lessons.pages(copy)} == {"en", "pl"}
    assert (copy / "pl" / "mam" / "2-practice.ipynb").read_bytes() == (
        ROOT / "lessons" / "pl" / "mam" / "2-practice.ipynb"
    ).read_bytes()
    notebooks = len(list((ROOT / "lessons").rglob("*.ipynb")))
    assert out == (
        f'{notebooks} notebooks copied into "{copy}".\n'
        f'Change them in JupyterLab, then serve them with: mathcards serve --lessons "{copy}"\n'
    )


def test_lessons_copies_into_an_empty_folder_and_leaves_out_leftovers(capsys, tmp_path):
    source = tmp_path / "source"
    (source / "en" / ".ipynb_checkpoints").mkdir(parents=True)
    (source / "en" / "index.ipynb").write_text("{}")
    (source / "en" / "picture.svg").write_text("<svg/>")
    (source / "en" / ".ipynb_checkpoints" / "index-checkpoint.ipynb").write_text("{}")
    (tmp_path / "empty").mkdir()
    assert lessons.copy(source, tmp_path / "empty") == 1
    assert lessons.pages(tmp_path / "empty") == [Path("en/index.ipynb"), Path("en/picture.svg")]


def test_lessons_never_copies_over_a_folder_that_holds_something(capsys, tmp_path):
    (tmp_path / "mine.ipynb").write_text("my own lesson")
    code, out, err = run(capsys, "lessons", str(tmp_path))
    assert code == 2 and out == "" and err.count("\n") == 1
    assert (
        err
        == f"mathcards: error: {tmp_path} is not empty: name a new folder (nothing was copied)\n"
    )
    assert [p.name for p in tmp_path.iterdir()] == ["mine.ipynb"]
    assert (tmp_path / "mine.ipynb").read_text() == "my own lesson"


def test_lessons_refuses_a_file_in_polish(capsys, tmp_path):
    (tmp_path / "notes.txt").write_text("")
    code, out, err = run(capsys, "--lang", "pl", "lessons", str(tmp_path / "notes.txt"))
    assert code == 2 and out == ""
    assert err == f"mathcards: błąd: {tmp_path / 'notes.txt'} to plik: podaj nowy folder\n"


def test_lessons_speaks_polish(capsys, tmp_path):
    code, out, _ = run(capsys, "--lang", "pl", "lessons", str(tmp_path / "lekcje"))
    notebooks = len(list((ROOT / "lessons").rglob("*.ipynb")))
    few = notebooks % 10 in (2, 3, 4) and notebooks % 100 not in (12, 13, 14)  # Polish plurals
    assert code == 0
    assert out.startswith(f"Skopiowano {notebooks} {'notatniki' if few else 'notatników'} do ")
    assert "Zmień je w JupyterLab, a potem udostępnij poleceniem: mathcards serve --lessons" in out


def test_serve_refuses_a_folder_that_does_not_exist(capsys, tmp_path):
    code, out, err = run(capsys, "serve", "--lessons", str(tmp_path / "nowhere"))
    assert code == 2 and out == ""
    assert err == f"mathcards: error: no lessons found: there is no folder {tmp_path / 'nowhere'}\n"
    code, _, err = run(capsys, "--lang", "pl", "serve", "--lessons", str(tmp_path / "nowhere"))
    assert code == 2 and err.startswith("mathcards: błąd: nie znaleziono lekcji: nie ma folderu ")


class Served(Exception):
    """What `serve` would have run instead of itself (os.execve, stopped in the test)."""


def served_command(monkeypatch, capsys, *argv) -> list[str]:
    def execve(path, command, environment):
        raise Served(command, environment)

    monkeypatch.setattr(classroom_cli.os, "execve", execve)
    with pytest.raises(Served) as served:
        main(list(argv))
    capsys.readouterr()
    command, environment = served.value.args
    assert environment["JUPYTER_PATH"].split(os.pathsep)[0] == str(classroom_cli.TEMPLATES)
    return command


def test_serve_lessons_serves_the_copy_with_its_warm_pages(monkeypatch, capsys, tmp_path):
    copy = tmp_path / "copy"
    assert run(capsys, "lessons", str(copy))[0] == 0
    command = served_command(monkeypatch, capsys, "serve", "--lessons", str(copy), "--lang", "pl")
    assert command[command.index("mathcards.classroom") + 1] == str(copy)
    warm = [part.removeprefix("--ClassroomVoila.warm=") for part in command if "warm=" in part]
    assert warm == [page.as_posix() for page in lessons.pages(copy) if page.parts[0] == "pl"]
    assert "--ClassroomVoila.language=pl" in command


def test_serve_without_lessons_serves_the_lessons_this_package_has(monkeypatch, capsys):
    command = served_command(monkeypatch, capsys, "serve", "--warm", "none")
    assert command[command.index("mathcards.classroom") + 1] == str(ROOT / "lessons")


def test_the_lessons_are_the_wheel_s_copy_else_the_checkout_s(monkeypatch, tmp_path):
    assert lessons.home() == ROOT / "lessons"  # this checkout: nothing copied into the package
    package = tmp_path / "site-packages" / "mathcards"
    monkeypatch.setattr(lessons, "PACKAGE", package)
    assert lessons.home() == tmp_path / "site-packages" / "lessons"
    (package / "lessons" / "en").mkdir(parents=True)
    assert lessons.home() == package / "lessons"


def test_named_warm_pages_are_written_as_the_address_writes_them(tmp_path):
    (tmp_path / "en" / "mam").mkdir(parents=True)
    (tmp_path / "en" / "mam" / "1.ipynb").write_text("{}")
    pages = ["./en/mam/1.ipynb", str(Path("en", "mam", "1.ipynb"))]
    assert classroom_cli.warm_pages(tmp_path, "en", pages) == ["en/mam/1.ipynb"] * 2


def test_where_there_is_no_exec_the_server_runs_as_a_child(monkeypatch, capsys, tmp_path):
    stops = [sys.executable, "-c", "raise SystemExit(3)"]
    assert classroom_cli.serve_in_child(stops, dict(os.environ)) == 3
    children = []
    monkeypatch.setattr(classroom_cli, "REPLACES_ITSELF", False)
    monkeypatch.setattr(classroom_cli, "serve_in_child", lambda *args: children.append(args) or 0)
    assert run(capsys, "serve", "--warm", "none")[0] == 0
    [(command, environment)] = children
    assert command[1:3] == ["-m", "mathcards.classroom"] and "JUPYTER_PATH" in environment


def test_version_is_the_package_s_and_pyproject_reads_it_from_there(capsys):
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr().out == f"mathcards {mathcards.__version__}\n"
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert "version" not in project["project"] and "version" in project["project"]["dynamic"]
    dynamic = project["tool"]["setuptools"]["dynamic"]["version"]
    assert dynamic == {"attr": "mathcards.__version__"}


def test_python_m_mathcards_is_the_mathcards_command(tmp_path):
    def python_m(*argv: str) -> subprocess.CompletedProcess[str]:
        command = [sys.executable, "-m", "mathcards", *argv]
        environment = {**os.environ, "PYTHONPATH": str(ROOT)}
        return subprocess.run(
            command, capture_output=True, text=True, cwd=tmp_path, env=environment, timeout=120
        )

    assert python_m("--version").stdout == f"mathcards {mathcards.__version__}\n"
    done = python_m("check", "7×6−12+2", "--cards", "7", "6", "12", "2", "15", "--target", "32")
    assert done.returncode == 0 and done.stdout.startswith("Correct!")
    (tmp_path / "mine.ipynb").write_text("")
    wrong = python_m("--lang", "pl", "lessons", str(tmp_path))
    assert wrong.returncode == 2 and wrong.stderr.count("\n") == 1
    assert wrong.stderr.startswith("mathcards: błąd: ") and "Traceback" not in wrong.stderr

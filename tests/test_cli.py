"""The `mathcards` command: output, JSON shape, exit codes, and one-line errors, in English and
in Polish (`--lang pl` anywhere on the line, or LANG)."""

import argparse
import gettext
import importlib
import json
import re
import shutil
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from mathcards import i18n
from mathcards.argparse_i18n import speaking
from mathcards.arguments import UsageError
from mathcards.chips import LLAMA_SCORING
from mathcards.classroom.server import handover
from mathcards.classroom.server.cli import TEMPLATES, voila_command, warm_pages
from mathcards.cli import _Parser, main
from tests.english import english_words


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_solve_prints_solutions_grouped_by_cards_used(capsys):
    code, out, _ = run(capsys, "solve", "7", "6", "12", "2", "15", "--target", "32")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "7 6 12 2 15 → 32: 23 solutions"
    assert "5 cards (12):" in lines
    assert "4 cards (11):" in lines
    assert "  15 + 12 + 7 − 2" in lines


def test_solve_lists_the_best_and_counts_the_rest(capsys):
    code, out, _ = run(capsys, "solve", "7", "6", "12", "2", "15", "--target", "32", "--limit", "3")
    assert code == 0 and out.startswith("7 6 12 2 15 → 32: 23 solutions, the best 3 listed")
    assert out.count("\n  ") == 3
    table = ["3", "4", "7", "8", "9", "10", "11", "16", "--target", "34", "--power"]
    code, out, _ = run(capsys, "solve", *table, "--limit", "2", "--json")
    record = json.loads(out)
    assert code == 0 and record["complete"] is False and len(record["solutions"]) == 2
    code, _, err = run(capsys, "solve", "7", "--target", "7", "--limit", "0")
    assert code == 2 and "--limit must be a positive whole number" in err


def test_solve_json_is_one_object_with_ascii_expressions(capsys):
    code, out, _ = run(capsys, "solve", "7", "6", "12", "2", "15", "--target", "32", "--json")
    assert code == 0
    record = json.loads(out)
    assert set(record) == {"cards", "target", "power", "total", "complete", "solutions"}
    assert record["total"] == 23 and record["complete"] is True
    assert record["cards"] == [7, 6, 12, 2, 15]
    assert record["target"] == 32 and record["power"] is False
    assert len(record["solutions"]) == 23
    for solution in record["solutions"]:
        assert set(solution) == {"expression", "cards", "latex"}
        assert set(solution["expression"]) <= set("0123456789+-*/^()")
    assert {
        "expression": "7*6+2-12",
        "cards": [7, 6, 2, 12],
        "latex": "7 \\times 6 + 2 - 12",
    } in record["solutions"]


def test_solve_json_with_the_exponent_variant(capsys):
    argv = ["solve", "7", "6", "12", "2", "15", "--target", "32", "--power", "--json"]
    record = json.loads(run(capsys, *argv)[1])
    assert record["power"] is True
    assert "7^(12/6)-15-2" in [s["expression"] for s in record["solutions"]]


def test_max_power_limits_powers(capsys):
    argv = ["solve", "2", "10", "--target", "1024", "--power", "--json"]
    assert json.loads(run(capsys, *argv)[1])["solutions"]
    assert not json.loads(run(capsys, *argv, "--max-power", "1000")[1])["solutions"]


def test_solve_writes_its_solutions_as_text_latex_mathml_or_json(capsys):
    table = ["solve", "7", "6", "12", "2", "15", "--target", "32", "--power"]
    text = run(capsys, *table)[1]
    assert text == run(capsys, *table, "--format", "text")[1] and "  7^(12 ÷ 6) − 15 − 2" in text
    code, latex, _ = run(capsys, *table, "--format", "latex")
    assert code == 0 and "  7^{12 \\div 6} - 15 - 2" in latex.splitlines()
    code, mathml, _ = run(capsys, *table, "--format", "mathml")
    lines = mathml.splitlines()
    assert code == 0 and lines[:2] == text.splitlines()[:2] and lines[1].startswith("5 cards (")
    power = "  <math><mrow><mrow><msup><mn>7</mn><mrow><mn>12</mn><mo>&#247;</mo><mn>6</mn>"
    assert any(line.startswith(power) for line in lines)
    assert all(line.startswith("  <math>") for line in lines if line.startswith("  "))
    assert json.loads(run(capsys, *table, "--format", "json")[1]) == json.loads(
        run(capsys, *table, "--json")[1]
    )


def test_check_writes_the_calculation_in_its_verdict_as_latex_or_mathml(capsys):
    argv = ["check", "7^(12:6)-15-2", "--cards", "7", "6", "12", "2", "15", "--target", "32"]
    code, out, _ = run(capsys, *argv, "--power", "--format", "latex")
    assert (code, out) == (0, "Correct! $7^{12 \\div 6} - 15 - 2$ = 32 uses 5 cards.\n")
    code, out, _ = run(capsys, *argv, "--power", "--format", "mathml")
    assert code == 0 and out.startswith("Correct! <math><mrow><mrow><msup><mn>7</mn>")
    assert out.endswith("</math> = 32 uses 5 cards.\n")
    code, out, _ = run(capsys, "check", "15:2", "--cards", "15", "2", "--target", "7", "--format",
                       "latex", "--lang", "pl")  # fmt: skip
    assert (code, out) == (1, "$15 \\mathbin{:} 2$ nie dzieli się bez reszty\n")
    code, out, _ = run(capsys, "check", "7", "--cards", "7", "--target", "8", "--format", "mathml")
    assert (code, out) == (1, "that makes 7, not 8\n")


def test_solve_says_when_there_is_no_solution(capsys):
    assert run(capsys, "solve", "7", "2", "--target", "3")[:2] == (0, "7 2 → 3: no solution\n")


def test_check_a_correct_answer_exits_0(capsys):
    code, out, _ = run(
        capsys, "check", "7×6−12+2", "--cards", "7", "6", "12", "2", "15", "--target", "32"
    )
    assert code == 0
    assert out == "Correct! 7 × 6 + 2 − 12 = 32 uses 4 cards.\n"


def test_check_a_wrong_answer_exits_1_with_the_reason(capsys):
    code, out, _ = run(
        capsys, "check", "7×6−12", "--cards", "7", "6", "12", "2", "15", "--target", "32"
    )
    assert (code, out) == (1, "that makes 30, not 32\n")
    code, out, _ = run(capsys, "check", "7^2", "--cards", "7", "2", "--target", "49")
    assert code == 1 and "exponent variant" in out
    assert run(capsys, "check", "7^2", "--cards", "7", "2", "--target", "49", "--power")[0] == 0


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["solve", "--target", "3"], "required: CARD"),
        (["solve", "0", "2", "--target", "3"], "positive whole number, not '0'"),
        (["solve", "two", "--target", "3"], "positive whole number, not 'two'"),
        (["solve", "2", "--target", "-3"], "0 or more, not '-3'"),
        (["solve", "2", "--target", "x"], "0 or more, not 'x'"),
        (["solve", "2", "--target", "3", "--bogus"], "unrecognized arguments: --bogus"),
        (["solve", *"123456789", "--target", "3"], "at most 8"),
        (["check", "1+1", "--target", "2"], "required: --cards"),
        (["frobnicate"], "invalid choice"),
        ([], "required: COMMAND"),
        (["deal", "--level", "medium"], "invalid choice"),
        (["serve", "--port", "70000"], "at most 65535"),
        (["solve", "2", "--target", "2", "--format", "yaml"], "invalid choice: 'yaml'"),
        (["solve", "2", "--target", "2", "--json", "--format", "latex"], "leave out --format"),
        (["check", "2", "--cards", "2", "--target", "2", "--format", "json"], "invalid choice"),
    ],
)
def test_bad_arguments_give_one_line_and_exit_2(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("mathcards: error:")
    assert message in err


def test_deal_is_the_same_for_the_same_seed(capsys):
    first = run(capsys, "deal", "--seed", "7", "--level", "easy")[1]
    assert first == run(capsys, "deal", "--seed", "7", "--level", "easy")[1]
    assert first.startswith("cards: ") and "target" in first


def test_serve_refuses_a_folder_without_lessons(capsys, tmp_path):
    code, _, err = run(capsys, "serve", "--lessons", str(tmp_path))
    assert code == 2 and "has no en/index.ipynb" in err


def test_voila_serves_the_folder_on_loopback_and_culls_idle_kernels():
    command = voila_command(Path("lessons"), 8866)
    assert "--Voila.ip=127.0.0.1" in command and "--port=8866" in command
    assert "--template=mathcards" in command
    assert (TEMPLATES / "voila" / "templates" / "mathcards" / "conf.json").is_file()
    assert "--MappingKernelManager.cull_idle_timeout=30" in command
    assert "--MappingKernelManager.cull_interval=10" in command
    assert "--MappingKernelManager.cull_connected=False" in command, "an open page keeps it"
    brief = voila_command(Path("lessons"), 8866, keep=3)
    assert "--MappingKernelManager.cull_idle_timeout=3" in brief
    assert "--MappingKernelManager.cull_interval=1" in brief, "looked at often enough"


def test_keep_kernel_is_a_positive_whole_number_of_seconds(capsys):
    code, _, err = run(capsys, "serve", "--keep-kernel", "0")
    assert code == 2 and "--keep-kernel must be a positive whole number, not '0'" in err


def test_voila_runs_one_copy_of_the_classes_it_loads_by_name():
    """Voila loads the kernel manager by its name: the module run as `-m` (as `__main__`) must not
    define it, else two copies of the seats would not see each other's pages being opened."""
    command = voila_command(Path("lessons"), 8866)
    run = command[command.index("-m") + 1]
    option = "--VoilaConfiguration.multi_kernel_manager_class="
    manager = next(p for p in command if p.startswith(option)).removeprefix(option)
    home, _, name = manager.rpartition(".")
    assert home not in (run, f"{run}.__main__")
    assert getattr(importlib.import_module(home), name).__module__ == home


SERVER_IMPORTS = """
import sys
from mathcards.classroom.__main__ import IRI_GRAMMARS, without_iri_grammars
without_iri_grammars()
import jsonschema
from mathcards.classroom.server.voila import ClassroomVoila
checks = jsonschema.FormatChecker.checkers
print(sys.modules[IRI_GRAMMARS] is None, "iri" in checks, "uri" in checks)
"""


def test_the_server_loads_voila_without_building_the_iri_grammars():
    """2 s of CPU at every server start (mathcards.classroom.__main__); every other format of
    jsonschema is checked as before."""
    done = subprocess.run(
        [sys.executable, "-c", SERVER_IMPORTS], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["True", "False", "True"]


def test_the_installed_command_runs_without_a_traceback():
    command = shutil.which("mathcards", path=str(Path(sys.executable).parent))
    assert command, "the mathcards console script is installed next to python"
    done = subprocess.run([command, "solve", "1", "--target", "x"], capture_output=True, text=True)
    assert done.returncode == 2
    assert "Traceback" not in done.stderr and done.stderr.count("\n") == 1


LLAMA_ROW = ["--llama-row", "1", "2", "3", "4", "5", "6", "L"]


def test_lama_dice_odds_json_gives_exact_fractions(capsys):
    code, out, _ = run(
        capsys,
        "lama-dice",
        "odds",
        "--row",
        "1",
        "1",
        "3",
        "L",
        *LLAMA_ROW,
        "--dice",
        "3456LL,1256LL,1234LL",
        "--json",
    )
    assert code == 0
    assert json.loads(out) == {
        "three_llamas": "1/27",
        "discard": "95/108",
        "take": "1/12",
        "bust": "0",
    }


def test_lama_dice_last_player_json(capsys):
    code, out, _ = run(
        capsys, "lama-dice", "last-player", "--row", "6", "--llama-row", "3", "--json"
    )
    record = json.loads(out)
    assert code == 0 and record["action"] == "quit"
    assert record["quit"] == "6" and record["expected_penalty"] == "6"
    six, three_llamas = Fraction(11, 36), Fraction(1, 27)
    assert record["roll"] == str((1 - six - three_llamas) * 9 / (1 - three_llamas)) == "639/104"


@pytest.mark.parametrize(("scoring", "quit_now"), [("once", "10"), ("each", "20")])
def test_lama_dice_llama_scoring_reaches_the_command_line(capsys, scoring, quit_now):
    row = ["--row", "L", "L", "--llama-row", "3", "--llama-scoring", scoring, "--json"]
    code, out, _ = run(capsys, "lama-dice", "last-player", *row)
    assert code == 0 and json.loads(out)["quit"] == quit_now
    code, out, _ = run(capsys, "lama-dice", "odds", *row)
    assert code == 0 and json.loads(out)["bust"] == "1/6", "(3 × 4 × 3) / 216: no llama, no 3"


def test_lama_dice_text_output(capsys):
    code, out, _ = run(capsys, "lama-dice", "odds", "--row", "1", "1", "3", "L", *LLAMA_ROW)
    assert code == 0 and "three llamas: 1/27 (3.7%)" in out and "penalty if you quit now: 14" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["lama-dice", "odds", "--row", "9", *LLAMA_ROW], "'9' is not a card"),
        (["lama-dice", "odds", "--row", *"1111111", *LLAMA_ROW], "only 6 cards 1"),
        (
            ["lama-dice", "odds", "--row", "1", *LLAMA_ROW, "--dice", "12"],
            "three dice of six faces",
        ),
        (["lama-dice", "odds", "--row", "1"], "required: --llama-row"),
        (
            [
                "lama-dice",
                "last-player",
                "--row",
                "1",
                *LLAMA_ROW,
                "--dice",
                "LLLLLL,LLLLLL,LLLLLL",
            ],
            "at least one number",
        ),
        (["solve", "٣", "--target", "3"], "a card must be a positive whole number"),
        (["solve", "3", "--target", "9" * 40], "the target must be a whole number"),
        (["lama-dice"], "required: QUESTION"),
    ],
)
def test_lama_dice_bad_rows_are_one_line_and_exit_2(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and err.count("\n") == 1 and message in err


def test_every_page_of_the_served_language_is_warm_unless_the_teacher_names_some(tmp_path):
    for page in ("en/index.ipynb", "en/mam/1.ipynb", "pl/index.ipynb", "one.ipynb"):
        (tmp_path / page).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / page).write_text("{}")
    assert warm_pages(tmp_path, "en", None) == ["en/index.ipynb", "en/mam/1.ipynb"]
    assert warm_pages(tmp_path, "pl", None) == ["pl/index.ipynb"]
    assert warm_pages(tmp_path, "en", ["none"]) == []
    assert len(warm_pages(tmp_path, "en", ["all"])) == 4
    assert warm_pages(tmp_path, "en", ["one.ipynb"]) == ["one.ipynb"]
    (tmp_path.parent / "outside.ipynb").write_text("{}")
    for wrong in ("two.ipynb", "../outside.ipynb", "en/../../outside.ipynb", "/etc/passwd"):
        with pytest.raises(UsageError, match="--warm: there is no page"):
            warm_pages(tmp_path, "en", [wrong])


def test_serve_refuses_a_warm_page_that_is_not_there(capsys, tmp_path):
    (tmp_path / "en").mkdir()
    (tmp_path / "en" / "index.ipynb").write_text("{}")
    code, _, err = run(capsys, "serve", "--lessons", str(tmp_path), "--warm", "nope.ipynb")
    assert code == 2 and err.count("\n") == 1 and "--warm: there is no page nope.ipynb" in err


def test_serve_refuses_more_warm_kernels_than_the_machine_holds(capsys, tmp_path):
    (tmp_path / "en").mkdir()
    (tmp_path / "en" / "index.ipynb").write_text("{}")
    options = ("--warm-kernels", "3", "--max-kernels", "2")
    code, _, err = run(capsys, "serve", "--lessons", str(tmp_path), *options)
    assert code == 2 and "--warm asks for 3 warm kernels" in err and "holds (2)" in err


def landing_only(folder: Path) -> Path:
    (folder / "en").mkdir()
    (folder / "en" / "index.ipynb").write_text("{}")
    return folder


HANDED = ("MATHCARDS_CLASS_CODE", "MATHCARDS_TEACHER_CODE", "MATHCARDS_DB")


@pytest.fixture
def started(monkeypatch):
    """What `mathcards serve` would start: its command line and its environment (nothing is
    started)."""
    seen: dict = {}

    def execve(path, command, environment):
        handed = handover.take(dict(environment), HANDED)  # the server's read of the pipe
        seen.update(command=command, environment=environment, secrets=handed)
        return 0

    monkeypatch.setattr("mathcards.classroom.server.cli.os.execve", execve)
    monkeypatch.setattr("mathcards.classroom.server.cli.REPLACES_ITSELF", True)
    monkeypatch.delenv("MATHCARDS_CLASS_CODE", raising=False)
    return seen


def test_the_class_code_reaches_the_server_outside_its_environment_and_command_line(
    capsys, tmp_path, started
):
    lessons = landing_only(tmp_path)
    options = ["--lan", "--address", "10.0.0.5", "--max-kernels", "3", "--warm", "none"]
    run(capsys, "serve", "--lessons", str(lessons), *options, "--class-code", "k7q2hm")
    assert started["secrets"]["MATHCARDS_CLASS_CODE"] == "K7Q2HM"
    assert not any("K7Q2HM" in part.upper() for part in started["command"])
    assert not any("K7Q2HM" in value.upper() for value in started["environment"].values())
    assert "--ClassroomVoila.seats_per_client=2" in started["command"]
    assert "--ClassroomVoila.seats_per_address=2" in started["command"], "three quarters of 3"
    run(
        capsys,
        "serve",
        "--lessons",
        str(lessons),
        *options[:3],
        "--max-kernels",
        "40",
        "--warm",
        "none",
    )
    assert "--ClassroomVoila.seats_per_address=30" in started["command"], "a quarter for others"
    out = run(
        capsys,
        "serve",
        "--lessons",
        str(lessons),
        *options[:3],
        "--max-kernels",
        "200",
        "--warm",
        "none",
    )
    assert "--ClassroomVoila.seats_per_address=60" in started["command"], "60 at most"
    assert "At most 60 pages open at once from one address (--seats-per-address)" in out[1]
    out = run(capsys, "serve", "--lessons", str(lessons), *options)[1]
    code = started["secrets"]["MATHCARDS_CLASS_CODE"]
    assert len(code) == 6 and code.isalnum(), "a new code of 6 by default"
    assert code not in out, "the server prints the address once it answers there"
    assert "At most 2 pages open at once on one device (--seats-per-client)" in out


def test_the_teacher_may_give_the_class_code_in_the_environment(
    capsys, tmp_path, started, monkeypatch
):
    lessons = landing_only(tmp_path)
    monkeypatch.setenv("MATHCARDS_CLASS_CODE", "ab34cd")
    options = ["--lan", "--address", "10.0.0.5", "--max-kernels", "3", "--warm", "none"]
    seats = ["--seats-per-client", "3", "--seats-per-address", "0"]
    run(capsys, "serve", "--lessons", str(lessons), *options, *seats)
    assert started["secrets"]["MATHCARDS_CLASS_CODE"] == "AB34CD"
    assert "MATHCARDS_CLASS_CODE" not in started["environment"], "the teacher's, not the server's"
    assert "--ClassroomVoila.seats_per_client=3" in started["command"]
    assert "--ClassroomVoila.seats_per_address=0" in started["command"], "no cap by address"
    run(capsys, "serve", "--lessons", str(lessons), "--max-kernels", "3", "--warm", "none")
    assert not started["secrets"]["MATHCARDS_CLASS_CODE"], "no code off the school network"
    monkeypatch.setenv("MATHCARDS_CLASS_CODE", "ab!")
    code, _, err = run(capsys, "serve", "--lessons", str(lessons), *options)
    assert code == 2 and err == (
        "mathcards: error: MATHCARDS_CLASS_CODE: a class code is 6 to 12 letters and digits\n"
    )


def test_on_the_school_network_a_page_without_a_connection_keeps_its_kernel_five_minutes(
    capsys, tmp_path, started
):
    """A phone whose screen locked finds its page's kernel for 5 minutes on the school network;
    on the laptop alone, 30 s as before; --keep-kernel says otherwise for either."""
    lessons = str(landing_only(tmp_path))
    cases = {
        (): ("30", "10"),
        ("--lan", "--address", "10.0.0.5"): ("300", "10"),
        ("--lan", "--address", "10.0.0.5", "--keep-kernel", "12"): ("12", "4"),
        ("--keep-kernel", "90"): ("90", "10"),
    }
    for options, (keep, every) in cases.items():
        run(capsys, "serve", "--lessons", lessons, "--max-kernels", "3", "--warm", "none", *options)
        assert f"--MappingKernelManager.cull_idle_timeout={keep}" in started["command"], options
        assert f"--MappingKernelManager.cull_interval={every}" in started["command"], options


def test_on_the_school_network_the_pages_a_class_opens_together_are_warm_for_the_class(
    capsys, tmp_path, started
):
    """--class-size N: N warm kernels for each of the live and practice pages of the language
    served (those in the folder); by default as many as the memory holds, at most 30."""
    lessons = landing_only(tmp_path)
    for page in ("en/live/1-mam-live.ipynb", "en/mam/2-practice.ipynb", "pl/mam/2-practice.ipynb"):
        (lessons / page).parent.mkdir(parents=True, exist_ok=True)
        (lessons / page).write_text("{}")
    lan = ["--lan", "--address", "10.0.0.5", "--max-kernels", "40"]
    out = run(capsys, "serve", "--lessons", str(lessons), *lan, "--class-size", "4")[1]
    command = started["command"]
    assert "--ClassroomVoila.class_size=4" in command
    chosen = [part for part in command if part.startswith("--ClassroomVoila.class_pages=")]
    assert chosen == [
        "--ClassroomVoila.class_pages=en/live/1-mam-live.ipynb",
        "--ClassroomVoila.class_pages=en/mam/2-practice.ipynb",
    ]
    assert "4 warm kernels ready for each page the class opens together (--class-size)" in out
    run(capsys, "serve", "--lessons", str(lessons), "--lan", "--address", "10.0.0.5")
    size = int(next(p for p in started["command"] if "class_size=" in p).split("=")[1])
    assert 1 <= size <= 30, "as many as the memory holds, at most 30"
    run(capsys, "serve", "--lessons", str(lessons), *lan, "--warm", "none")
    assert "--ClassroomVoila.class_size=0" in started["command"], "--warm none: no warm kernel"
    run(capsys, "serve", "--lessons", str(lessons), "--max-kernels", "40")
    assert "--ClassroomVoila.class_size=0" in started["command"], "the laptop alone: none"
    code, _, err = run(capsys, "serve", "--lessons", str(lessons), *lan, "--class-size", "30")
    assert code == 2 and "--warm asks for 61 warm kernels" in err, "2 pages of 30, the landing"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--lan", "--class-code", "K7Q2"], "6 to 12 letters and digits"),
        (["--lan", "--class-code", "K7Q2HM7Q2HM7Q"], "6 to 12 letters and digits"),
        (["--lan", "--seats-per-client", "0"], "--seats-per-client must be a positive whole"),
        (["--seats-per-client", "3"], "--class-size go with --lan"),
        (["--class-size", "3"], "--class-size go with --lan"),
        (["--lan", "--class-size", "0"], "--class-size must be a positive whole"),
        (["--seats-per-address", "0"], "--class-size go with --lan"),
        (["--lan", "--seats-per-address", "-1"], "--seats-per-address must be a whole number"),
        (["--certfile", "c.pem", "--keyfile", "k.pem"], "--certfile and --keyfile go with --lan"),
        (["--lan", "--certfile", "c.pem"], "--certfile and --keyfile go together: give both"),
        (["--lan", "--keyfile", "k.pem"], "--certfile and --keyfile go together: give both"),
        (["--lan", "--certfile", "c.pem", "--keyfile", "k.pem"], "cannot serve HTTPS"),
    ],
)
def test_serve_refuses_a_short_class_code_and_seats_off_the_network(
    capsys, tmp_path, argv, message
):
    code, out, err = run(capsys, "serve", "--lessons", str(landing_only(tmp_path)), *argv)
    assert code == 2 and out == "" and err.count("\n") == 1 and message in err


def test_serve_with_a_certificate_serves_https_on_the_school_network(capsys, tmp_path, started):
    """The class's address says https://; the server is given the certificate and its key and
    serves the laptop's address (HTTPS), its loopback staying plain for the kernels."""
    openssl = shutil.which("openssl")
    if openssl is None:
        pytest.skip("no openssl to make a certificate with")
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    made = ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=10.0.0.5"]
    subprocess.run(
        [openssl, *made, "-keyout", str(key), "-out", str(cert)],
        check=True,
        capture_output=True,
        timeout=120,
    )
    (tmp_path / "lessons").mkdir()
    lessons = str(landing_only(tmp_path / "lessons"))
    options = ["--lan", "--address", "10.0.0.5", "--certfile", str(cert), "--keyfile", str(key)]
    run(capsys, "serve", "--lessons", lessons, "--warm", "none", *options)
    # the server prints the https:// address once it answers there (voila.py's `announce`)
    assert f"--ClassroomVoila.certfile={cert}" in started["command"]
    assert f"--ClassroomVoila.keyfile={key}" in started["command"]
    assert "--Voila.ip=10.0.0.5" in started["command"]


# ---------------------------------------------------------------- in Polish


@pytest.fixture
def no_language_in_the_environment(monkeypatch):
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)


def prose(text: str) -> str:
    """The words of a help text or message, without flags and choices (they are code)."""
    return re.sub(r"--?[\w-]+|\{[^}]*\}|'[^']*'", " ", text)


DEAL = ["7", "6", "12", "2", "15", "--target", "32"]


@pytest.mark.parametrize(
    "argv",
    [
        ["--lang", "pl", "solve", *DEAL],
        ["solve", *DEAL, "--lang", "pl"],
        ["solve", "--lang=pl", *DEAL],
    ],
)
def test_lang_chooses_polish_before_or_after_the_command(capsys, argv):
    code, out, _ = run(capsys, *argv)
    lines = out.splitlines()
    assert code == 0 and lines[0] == "7 6 12 2 15 → 32: 23 rozwiązania"
    assert "5 kart (12):" in lines and "4 karty (11):" in lines
    assert i18n.language() == "en", "the command's language ends with the command"


def test_lang_from_the_environment(capsys, monkeypatch, no_language_in_the_environment):
    monkeypatch.setenv("LANG", "pl_PL.UTF-8")
    assert (
        run(capsys, "solve", "7", "--target", "7")[1] == "7 → 7: 1 rozwiązanie\n1 karta (1):\n  7\n"
    )
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    assert run(capsys, "solve", "7", "--target", "7")[1] == "7 → 7: 1 solution\n1 card (1):\n  7\n"


def test_polish_plurals_of_solutions_and_cards(capsys):
    out = run(capsys, "--lang", "pl", "solve", *DEAL, "--limit", "5")[1]
    assert out.startswith("7 6 12 2 15 → 32: 23 rozwiązania, pokazane najlepsze: 5\n5 kart (5):")
    out = run(capsys, "--lang", "pl", "solve", "2", "3", "--target", "5")[1]
    assert out == "2 3 → 5: 1 rozwiązanie\n2 karty (1):\n  3 + 2\n"
    assert run(capsys, "--lang", "pl", "solve", "7", "2", "--target", "3")[1] == (
        "7 2 → 3: brak rozwiązania\n"
    )


@pytest.mark.parametrize(
    ("argv", "line"),
    [
        (
            ["serve", "--port", "70000"],
            "argument --port: port może wynosić najwyżej 65535, a nie 70000",
        ),
        (
            ["solve", "0", "--target", "3"],
            "argument KARTA: karta musi być dodatnią liczbą całkowitą, a nie '0'",
        ),
        (
            ["solve", "2", "--target", "x"],
            "argument --target: wynik musi być liczbą całkowitą, co najmniej 0, a nie 'x'",
        ),
        (["solve", "--target", "3"], "brakuje wymaganych argumentów: KARTA"),
        ([], "brakuje wymaganych argumentów: POLECENIE"),
        (["lama-dice"], "brakuje wymaganych argumentów: PYTANIE"),
        (["solve", "2", "--target", "3", "--bogus"], "nieznane argumenty: --bogus"),
        (
            ["solve", "2", "--target", "3", "--json=yes"],
            "argument --json: ta opcja nie przyjmuje wartości 'yes'",
        ),
        (
            ["deal", "--seed", "x"],
            "argument --seed: numer gry musi być liczbą całkowitą, a nie 'x'",
        ),
        (
            ["frobnicate"],
            "argument POLECENIE: nieprawidłowy wybór: 'frobnicate' (do wyboru: ",
        ),
        (
            ["deal", "--level", "medium"],
            "argument --level: nieprawidłowy wybór: 'medium' (do wyboru: ",
        ),
        (
            ["serve", "--address", "10.0.0.1"],
            "--address, --class-code, --seats-per-client, --seats-per-address i --class-size "
            "działają tylko razem z --lan",
        ),
    ],
)
def test_bad_arguments_are_one_polish_line(capsys, argv, line):
    code, out, err = run(capsys, "--lang", "pl", *argv)
    assert code == 2 and out == "" and err.count("\n") == 1
    assert err.startswith(f"mathcards: błąd: {line}")
    assert not english_words(prose(err)), err


def test_help_is_polish(capsys):
    with pytest.raises(SystemExit) as done:
        main(["--lang", "pl", "--help"])
    out = capsys.readouterr().out
    assert done.value.code == 0 and out.startswith(
        "użycie: mathcards [-h] [--lang {en,pl}] [--version] POLECENIE"
    )
    assert "argumenty pozycyjne:" in out and "opcje:" in out and "pokaż tę pomoc i zakończ" in out
    for command in (
        ["solve"],
        ["check"],
        ["deal"],
        ["serve"],
        ["lessons"],
        ["lama-dice", "odds"],
        ["lama-dice", "last-player"],
    ):
        with pytest.raises(SystemExit):
            main(["--lang", "pl", *command, "--help"])
        out = capsys.readouterr().out
        assert out.startswith(f"użycie: mathcards {' '.join(command)}")
        code_words = {*command, "normal", *LLAMA_SCORING}  # commands and option values are code
        assert not english_words(prose(out), code_words), (command, out)
    assert vars(argparse)["_"] is gettext.gettext, "argparse speaks as before once the command ends"


def test_lama_dice_in_polish_has_the_decimal_comma(capsys):
    code, out, _ = run(
        capsys, "--lang", "pl", "lama-dice", "odds", "--row", "1", "1", "3", "L", *LLAMA_ROW
    )
    assert code == 0 and "trzy lamy: 1/27 (3,7%)" in out and "odrzucisz najwyżej 2 karty: " in out
    assert "punkty karne, jeśli teraz spasujesz: 14" in out and not english_words(out)
    out = run(capsys, "--lang", "pl", "lama-dice", "last-player", "--row", "6", "--llama-row", "3")[
        1
    ]
    assert out.splitlines() == [
        "najlepiej: pasuj",
        "oczekiwane punkty karne, jeśli rzucasz dalej: 639/104 (6,14)",
        "punkty karne, jeśli teraz spasujesz: 6",
    ]


def test_deal_in_polish(capsys):
    out = run(capsys, "--lang", "pl", "deal", "--seed", "7", "--level", "easy")[1]
    cards, dice = out.splitlines()
    assert cards.startswith("karty: ") and re.fullmatch(r"kości: \d+ \+ \d+ = wynik \d+", dice)


def test_argparse_counts_in_polish():
    """argparse's own plural ("expected 2 arguments") comes from our catalogue too."""
    pair = _Parser(prog="pair")
    pair.add_argument("--pair", nargs=2)
    i18n.use("pl")
    try:
        with (
            speaking(),
            pytest.raises(UsageError, match=r"^argument --pair: potrzebne są 2 wartości$"),
        ):
            pair.parse_args(["--pair", "1"])
    finally:
        i18n.use("en")
    with pytest.raises(UsageError, match=r"^argument --pair: expected 2 arguments$"):
        pair.parse_args(["--pair", "1"])


def test_serve_looks_for_the_landing_page_of_its_language(capsys, tmp_path):
    code, _, err = run(capsys, "serve", "--lessons", str(tmp_path), "--lang", "pl")
    assert (
        code == 2
        and err == f"mathcards: błąd: nie znaleziono lekcji: w {tmp_path} nie ma pl/index.ipynb\n"
    )

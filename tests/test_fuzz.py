"""Arbitrary input never gets past the documented errors: the checker answers any text with a
verdict, and every command answers any arguments with output or one line and exit status 2."""

from __future__ import annotations

import io
from contextlib import redirect_stderr, redirect_stdout

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mathcards.cli import main
from mathcards.mam.checker import check

COMMANDS = [
    ["solve"],
    ["check"],
    ["deal"],
    ["lama-dice", "odds"],
    ["lama-dice", "last-player"],
    ["lama", "score"],
    ["lama", "deal-odds"],
    ["lama", "draw-odds"],
    ["lama", "tournament"],
    ["unikat", "best"],
    ["unikat", "odds"],
]
# Words a user might type: real flags and values, and things that are almost right.
WORDS = [
    "--target", "--cards", "--power", "--json", "--limit", "--max-power", "--level", "--seed",
    "--row", "--llama-row", "--dice", "--alone", "--llama-scoring", "--preset", "--top",
    "--hand", "--seen", "--players", "--games", "--table", "--rack", "--rack-size",
    "1", "2", "3", "7", "12", "15", "20", "0", "-1", "99", "1e3", "٣", "²", "L", "P", "3+",
    "7×6−12+2", "((", "7++", "=", "3456LL,1256LL,1234LL", "LLLLLL,LLLLLL,LLLLLL", "once", "each",
    "classic", "party", "easy", "hard", "expert,random", "swb1", "swb1@0,0", "cwb1@1,0",
    "cwb2", "zzz9", "swb1@0,0,1", "80", "81", "",
]  # fmt: skip


@settings(max_examples=200, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=80), st.lists(st.integers(-5, 40), max_size=9), st.integers(-5, 200))
def test_the_checker_answers_any_text(answer, cards, target):
    try:
        verdict = check(answer, cards, target, power=True)
    except ValueError as problem:  # the documented error: cards or target that cannot be
        assert str(problem)
        return
    assert verdict.message.strip()


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(COMMANDS), st.lists(st.sampled_from(WORDS), max_size=8))
def test_every_command_answers_any_arguments(command, words):
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main([*command, *words])
    out, err = out.getvalue(), err.getvalue()
    assert code in (0, 1, 2)
    assert "Traceback" not in out + err
    if code == 2:
        assert err.startswith("mathcards: error: ") and err.count("\n") == 1, err


@pytest.mark.parametrize("words", [["solve", "7", "--target", "9" * 5000]])
def test_huge_numbers_are_refused_in_one_line(capsys, words):
    assert main(words) == 2
    assert capsys.readouterr().err.count("\n") == 1

"""What the LAMA Dice projector says at Reveal, as the room reads it: how far a guess was, in
percentage points (a difference of two percentages), with each language's plural forms; every
guess as close as the best starred; no student's name beside a guess or a distance."""

from __future__ import annotations

from fractions import Fraction

import pytest

from mathcards import i18n
from mathcards.lama_dice.live import NAMED_MOMENTS, named_moment
from tests.widgets.in_process import InProcessClass
from tests.widgets.test_lama_dice_live import follow, guess, projector, seat
from widgets.lama_dice.live_views import off_words, points_off

EXACT = named_moment(next(iter(NAMED_MOMENTS))).exact()


@pytest.fixture
def polish():
    i18n.use("pl")
    yield
    i18n.use("en")


@pytest.mark.parametrize(
    ("off", "english", "polish_words"),
    [
        (Fraction(1, 100), "1 percentage point", "1 punkt procentowy"),
        (Fraction(3, 100), "3 percentage points", "3 punkty procentowe"),
        (Fraction(5, 100), "5 percentage points", "5 punktów procentowych"),
        (Fraction(12, 100), "12 percentage points", "12 punktów procentowych"),
        (Fraction(22, 100), "22 percentage points", "22 punkty procentowe"),
        (Fraction(37, 1000), "3.7 percentage points", "3,7 punktu procentowego"),
        (Fraction(4, 10000), "0.04 percentage points", "0,04 punktu procentowego"),
    ],
)
def test_a_distance_is_in_percentage_points_with_the_plural_form(off, english, polish_words):
    assert points_off(float(off)) == english
    i18n.use("pl")
    try:
        assert points_off(float(off)) == polish_words
    finally:
        i18n.use("en")


def test_too_low_is_said_in_percentage_points_in_both_languages(polish):
    said = off_words(Fraction(40, 100), Fraction(437, 1000))
    assert said == "Twój typ: 40,0%, o 3,7 punktu procentowego za nisko."
    i18n.use("en")
    said = off_words(Fraction(40, 100), Fraction(437, 1000))
    assert said == "You guessed 40.0%: 3.7 percentage points too low."
    assert off_words(Fraction(45, 100), Fraction(43, 100)).endswith("2 percentage points too high.")


def reveal(service: InProcessClass, guesses: dict[str, str]):
    """The projector at Reveal after these students' guesses."""
    teacher = projector(service)
    students = {name: seat(service, f"phone {name}", name) for name in guesses}
    teacher.ask_button.click()
    follow(teacher, *students.values())
    for name, text in guesses.items():
        guess(students[name], text)
    teacher.reveal_button.click()
    follow(teacher, *students.values())
    return teacher, students


def test_every_guess_as_close_as_the_best_is_starred_and_no_name_is_shown(service):
    assert isinstance(EXACT, Fraction)
    below, above = EXACT - Fraction(1, 20), EXACT + Fraction(1, 20)
    teacher, students = reveal(
        service,
        {
            "Ala": "90",
            "Ola": f"{below.numerator}/{below.denominator}",
            "Ela": f"{above.numerator}/{above.denominator}",
            "Iza": "1",
        },
    )
    closest = teacher.closest.value
    assert closest.count("★") == 2 and "2 guesses were the closest" in closest
    assert i18n.percent(below, 1) in closest and i18n.percent(above, 1) in closest
    for part in (teacher.closest, teacher.spread, teacher.exact, teacher.count):
        assert not any(name in part.value for name in students)
    assert "Very close" in students["Ola"].said.value  # each told on their own phone


def test_two_equal_best_guesses_are_both_starred(service):
    teacher, _students = reveal(service, {"Ala": "40", "Ola": "40", "Ela": "95"})
    assert teacher.closest.value.count("★") == 2
    assert teacher.closest.value.count("40.0%") == 2

"""The LAMA Dice live pages against the real class service in process (its rooms called without
HTTP, tests/widgets/in_process.py): students join and guess, each told privately that their
guess is in; the projector counts the guesses, reveals the spread beside the exact answer and
who was closest, and rolls the dice the same as every student's page; anyone but the teacher is
refused. Each page follows one `follower.step()` at a time, never a thread."""

from __future__ import annotations

from fractions import Fraction

import pytest

from mathcards import i18n
from mathcards.classroom.protocol.lama_dice import share
from mathcards.lama_dice.live import NAMED_MOMENTS, named_moment
from tests.widgets.in_process import InProcessClass
from tests.widgets.test_mam_polish import english_in
from widgets.lama_dice.live import GuessProjector, GuessSeat

FIRST = named_moment(next(iter(NAMED_MOMENTS)))  # the projector's own first moment
EXACT = FIRST.exact()


def projector(service: InProcessClass) -> GuessProjector:
    shown = GuessProjector(service.guess_client("teacher"), follow=False, address="")
    shown.follower.step()
    return shown


def seat(service: InProcessClass, device: str, name: str | None = None) -> GuessSeat:
    page = GuessSeat(service.guess_client(device), follow=False)
    if name is not None:
        page.bar.name.value = name
        page.bar.join_button.click()
    page.follower.step()
    return page


def follow(*pages) -> None:
    for page in pages:
        page.follower.step()


def guess(page: GuessSeat, text: str) -> None:
    page.text.value = text
    page.send.click()


@pytest.fixture
def room(service):
    """The teacher asks about a moment (the lesson started by the first question); three
    students are in the room."""
    teacher = projector(service)
    students = [seat(service, f"phone {n}", name) for n, name in enumerate(("Ala", "Ola", "Ela"))]
    teacher.ask_button.click()  # the projector's first moment, as it opens
    follow(teacher, *students)
    return teacher, students


def test_the_class_sees_the_moment_and_each_guess_is_told_only_to_its_sender(service, room):
    teacher, (ala, ola, ela) = room
    assert service.lesson().room.names() == ["Ala", "Ola", "Ela"]
    assert "discard" in ala.question.value and "card 6" in ala.moment.value
    assert ala.chance_box.layout.display == "" and ala.choice_box.layout.display == "none"
    guess(ala, "90")
    guess(ala, "40 %")  # the last guess counts
    guess(ola, "1/2")
    assert "Your guess is in: 40.0%" in ala.said.value and ola.said.value != ala.said.value
    assert ela.said.value == ""
    follow(teacher, ala, ola, ela)
    assert "2 of 3 have guessed" in teacher.count.value
    assert teacher.exact.value == teacher.spread.value == ""  # nothing told before the reveal
    assert "40" not in str(ola.view) and "Ala" not in str(ola.view)
    assert str(share(Fraction(2, 5))) not in str(ola.view)  # Ala's 40 %, as the service sends it
    assert "Your guess is in: 40.0%" in ala.said.value  # the service's view keeps it


def test_a_guess_that_is_not_a_chance_is_told_and_not_sent(service, room):
    _teacher, (ala, *_) = room
    guess(ala, "a lot")
    assert "percentage" in ala.said.value and "mc-error" in ala.said.value
    assert service.lesson().current.guesses == {}


def test_the_reveal_shows_the_spread_beside_the_exact_answer_and_the_closest_guess(service, room):
    teacher, (ala, ola, ela) = room
    guess(ala, "40")
    guess(ola, "90")
    teacher.reveal_button.click()
    follow(teacher, ala, ola, ela)
    exact = Fraction(EXACT)  # type: ignore[arg-type]
    assert f"{i18n.percent(exact, 1)}" in teacher.exact.value
    assert (
        teacher.spread.value.count("mc-bar-row") == 10
        and 'data-exact="true"' in teacher.spread.value
    )
    closest = teacher.closest.value
    first = "40.0%" if abs(Fraction(40, 100) - exact) <= abs(Fraction(90, 100) - exact) else "90.0%"
    assert closest.count("★") == 1 and first in closest
    assert "1 guess was the closest" in closest
    low = f"{float((exact - Fraction(40, 100)) * 100):.1f} percentage points"
    assert f"You guessed 40.0%: {low} too low." in ala.said.value
    assert "mc-error" not in ala.said.value + ola.said.value  # a far guess is not red
    assert "★" in closest and "well done" in closest
    assert teacher.why.value.count("<td") == 216
    assert teacher.why.value.count("●") == 216 * exact + 1  # and the legend
    assert "You did not guess" in ela.said.value
    assert ala.guessing.layout.display == "none"
    wall = [teacher.question, teacher.count, teacher.moment, teacher.exact, teacher.why]
    wall += [teacher.spread, teacher.closest, teacher.rolled]
    assert not any(name in part.value for name in ("Ala", "Ola") for part in wall)


def test_the_dice_roll_the_same_on_the_projector_and_every_page(service, room):
    teacher, (ala, *_) = room
    guess(ala, "40")
    assert teacher.rolling.layout.display == "none"
    teacher.reveal_button.click()
    follow(teacher)
    assert teacher.rolling.layout.display == ""
    teacher.roll_buttons[2].click()  # 1 000 rolls
    follow(teacher, ala)
    rolls = teacher.view["question"]["rolls"]  # the seed the service picked
    assert rolls["count"] == 1000
    shares = FIRST.rolled(1000, rolls["seed"])
    said = i18n.percent(shares[-1], 1)
    assert "rolled 1,000 times" in teacher.rolled.value and said in teacher.rolled.value
    assert teacher.rolled.value == ala.rolls.value
    assert "<img" in teacher.chart.value


def test_roll_or_quit_is_asked_with_two_buttons(service, room):
    teacher, (ala, ola, _ela) = room
    teacher.reveal_button.click()
    teacher.asks.value = "roll-or-quit"
    teacher.ask_button.click()
    follow(teacher, ala, ola)
    assert ala.choice_box.layout.display == "" and ala.chance_box.layout.display == "none"
    ala.roll.click()
    ola.quit.click()
    assert "Your guess is in: roll" in ala.said.value
    teacher.reveal_button.click()
    follow(teacher, ala)
    better = service.lesson().current.question.exact()
    assert f"The better choice: {better}" in teacher.exact.value
    assert teacher.rolling.layout.display == "none"  # a choice is not rolled for
    assert ("right!" in ala.said.value) == (better == "roll")


def test_a_moment_from_a_real_game_fills_the_rows_and_asks_roll_or_quit(service):
    teacher = projector(service)
    teacher.moment_button.click()
    assert teacher.rows.valid and teacher.rows.row_text.value != "2 2 6"
    assert teacher.asks.value == "roll-or-quit"


def test_a_named_moment_sets_up_its_rows_and_question(service):
    teacher = projector(service)
    teacher.named.value = "Bust with one card left"
    assert (teacher.rows.row, teacher.rows.llama_row, teacher.asks.value) == ((6,), (1,), "bust")


def test_a_guess_typed_as_a_decimal_is_said_back_as_a_share(service, room):
    _teacher, (ala, *_) = room
    guess(ala, "0,5")
    assert "You typed 0,5: that is 50.0% of the rolls." in ala.said.value
    assert "Your guess is in: 50.0%" in ala.said.value


def test_the_phones_show_the_dice_of_the_moment(service, room):
    _teacher, (ala, *_) = room
    assert ala.moment.value.count("mc-layout-die") == 3


def test_the_projector_is_for_the_teacher_only(service):
    page = GuessProjector(service.guess_client("phone 9"), follow=False, address="")
    assert not page.follower.step()
    assert "teacher only" in page.message.value and page.controls.layout.display == "none"


def test_both_pages_are_polish_on_a_polish_page(service, room):
    i18n.use("pl")
    try:
        teacher = projector(service)
        student = seat(service, "phone 0")
        guess(student, "40")
        teacher.reveal_button.click()
        teacher.roll_buttons[0].click()
        follow(teacher, student)
        names = {"Ala", "Ola", "Ela"}
        assert not english_in(teacher, names) and not english_in(student, names)
        assert "odrzucić kartę" in student.question.value
    finally:
        i18n.use("en")


def test_the_guesses_are_counted_of_who_is_here(service, room):
    """Issue 49: "3 of 9 have guessed" with 4 present: now of those here (and who guessed)."""
    teacher, (ala, _ola, _ela) = room
    guess(ala, "40 %")
    service.leave("Ola", "Ela")
    follow(teacher)
    assert "In the room: 1" in teacher.room_title.value
    assert "1 of 1 has guessed" in teacher.count.value
    service.leave("Ala")  # Ala guessed and left; Ela is back
    service.come_back("Ela")
    follow(teacher)
    assert "1 of 2 has guessed" in teacher.count.value


def test_the_projector_gives_its_own_lesson_and_keeps_the_room(service, room):
    _teacher, (_ala, ola, _ela) = room
    service.class_url = "http://10.0.0.5:8866/?class=K7Q2HM"
    shown = GuessProjector(service.guess_client("teacher"), follow=False)
    shown.follower.step()
    assert "/en/lama?class=K7Q2HM" in shown.address.value  # the short address
    assert "In the room: 3" in shown.room_title.value
    shown.lock_box.value = True
    shown.room.children[1].children[1].click()  # remove Ola
    follow(shown, ola)
    assert shown.lock_box.value
    assert "In the room: 2" in shown.room_title.value
    assert ola.status.value == "The teacher has taken you out of the room."

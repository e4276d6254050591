"""Practice at my level on the practice pages (widgets/level.py, widgets/mam/my_level.py,
widgets/lama_dice/my_level.py), against the real class service in this process
(tests/widgets/level_service.py): the student's step on a staircase and in words a ten-year-old
reads, in English and Polish, never a rating in logits; a deal dealt by the service, the verdict
worded by the page, hints and skips as the service counted them; a finished set; the
assignments moving on; roll or quit at one's level; the student's own clock, off and on again;
and a page without a class book saying it needs one."""

from __future__ import annotations

import re

import pytest

from mathcards import i18n
from mathcards.adaptive.bank import bank
from mathcards.adaptive.skills import Skill
from mathcards.mam.solver import simplest
from tests.widgets.level_service import InProcessBook, class_service
from widgets.controls import announcer
from widgets.lama_dice import RollOrQuit
from widgets.level import (
    LEVEL_STYLE,
    climbed,
    clock_words,
    render_clock,
    render_curve,
    render_ladder,
    render_progress,
    trend,
)
from widgets.mam import PracticeSession


def view(**changed):
    return {
        "skill": "mam",
        "set": 1,
        "rounds": 10,
        "position": 0,
        "deal": None,
        "moment": None,
        "hints": 0,
        "tries": 0,
        "results": [],
        "clock": True,
        "clock_choice": True,
        "height": 4.6,
        "before": 3.2,
        "weeks": [{"week": "2026-11-30", "height": 3.2}, {"week": "2026-12-07", "height": 4.6}],
        **changed,
    }


@pytest.fixture
def polish():
    i18n.use("pl")
    yield
    i18n.use("en")


def test_the_step_is_a_staircase_with_a_star_named_for_a_screen_reader():
    drawn = render_ladder(4.6)
    assert 'aria-label="Your step: 4 of 10"' in drawn and 'data-step="4"' in drawn
    assert drawn.count("<rect") == 10 and drawn.count('fill="#0f766e"') == 4 and "★" in drawn
    assert 'data-step="1"' in render_ladder(0.2) and 'data-step="10"' in render_ladder(10.0)


def test_progress_is_said_in_words_never_a_rating():
    shown = render_progress(view())
    assert trend(view()) == (
        "You are getting better at MAM! without powers: you climbed from step 3 to step 4."
    )
    assert "Quick answers count a little more" in shown
    assert "a stretch" in trend(view(height=2.5, before=4.0))
    assert trend(view(height=4.1, before=4.9)) == (
        "You are on step 4 of 10 in MAM! without powers. Each one you get right helps you climb."
    )
    untimed = render_progress(view(clock=False))
    assert "Take your time: only right or wrong counts." in untimed and "Quick" not in untimed
    assert not re.search(r"\d\.\d", re.sub(r"<svg.*?</svg>", "", shown)), "no rating in numbers"


def test_the_weeks_are_a_line_with_a_text_alternative():
    drawn = render_curve(view()["weeks"])
    assert drawn.startswith('<svg class="mc-curve" role="img"') and "<polyline" in drawn
    assert (
        "Your step week by week: step 3 in the week of Monday 30 November, "
        "step 4 in the week of Monday 7 December."
    ) in drawn
    assert render_curve([]) == ""
    one = render_curve(view()["weeks"][1:])
    assert "Your step week by week: step 4 in the week of Monday 7 December." in one
    assert climbed(view(height=3.9), view(height=5.2)) == "You climbed to step 5!"
    assert climbed(view(height=5.2), view(height=3.9)) == ""


def test_the_words_in_polish(polish):
    assert render_ladder(4.6).count("Twój stopień: 4 z 10") == 2
    assert trend(view()).startswith("Coraz lepiej idzie ci MAM! bez potęgowania")
    assert "tydzień" in render_curve(view()["weeks"])


def right_answer(session: PracticeSession) -> str:
    deal = session.my_level.view["deal"]
    found = simplest(deal["cards"], deal["target"], power=deal["power"])
    return str(found.pretty)


def at_my_level(tmp_path, name="Ola"):
    service = class_service(tmp_path)
    book = InProcessBook(service, f"phone-of-{name}")
    session = PracticeSession("my-level", rounds=3, book=book)
    session.book.name.value = name
    session.book.join_button.click()
    return service, session


def test_a_student_practises_at_their_level_from_the_practice_page(tmp_path):
    service, session = at_my_level(tmp_path)
    desk = session.my_level
    assert desk is not None and session.fixed_desk.layout.display == "none"
    assert 'class="mc-card' in desk.table.value and "mc-ladder" in desk.progress.value
    assert "Deal 1 of 3" in desk.line.value
    desk.answer.text.value = "1+"
    desk.answer.submit.click()
    assert "Not yet" in desk.answer.message.value and "mc-error" in desk.answer.message.value
    desk.hint_button.click()
    assert "Hint:" in desk.hint_text.value and "count half" in desk.hint_text.value
    desk.answer.text.value = right_answer(session)
    desk.answer.submit.click()
    assert "mc-ok" in desk.answer.message.value and "solved 1" in desk.line.value
    desk.next_button.click()
    assert "Deal 2 of 3" in desk.line.value and desk.hint_text.value == ""
    desk.next_button.click()
    assert "not solved yet: skip it?" in desk.confirm.children[0].value
    desk.confirm.children[1].click()  # Skip it
    desk.next_button.click()
    desk.confirm.children[1].click()
    assert "Set done! You solved 1 of 3 deals." in desk.summary.value
    assert desk.answer.layout.display == "none"
    (kept,) = [s for s in service.book_of().rating_steps("5b") if s.right]
    assert kept.hints == 1, "the hint the service counted"
    session.new_button.click()
    assert "Deal 1 of 3" in desk.line.value and desk.answer.layout.display == ""


def test_the_assignment_moves_on_and_a_climb_is_said_aloud(tmp_path):
    service = class_service(tmp_path)
    today = service.book_of().class_today("5b")
    service.book_of().assign("5b", "Three deals", "mam", "deals", 3, today)
    book = InProcessBook(service, "phone-of-bo")
    session = PracticeSession("my-level", rounds=10, book=book)
    session.book.name.value = "Bo"
    session.book.join_button.click()
    assert "0 of 3 deals solved" in session.assignments.view.value
    desk = session.my_level
    for _ in range(3):
        desk.answer.text.value = right_answer(session)
        desk.answer.submit.click()
        desk.next_button.click()
    assert "Done! 3 of 3 deals solved." in session.assignments.view.value
    assert "You climbed to step" in announcer().text or "Assignment done" in announcer().text


def test_a_page_behind_the_service_shows_the_deal_the_service_holds(tmp_path):
    _service, session = at_my_level(tmp_path)
    desk = session.my_level
    held = dict(desk.view["deal"])
    desk.view["deal"]["key"] = "1,3,4,9,10=4" if held["key"] != "1,3,4,9,10=4" else "x"
    desk.answer.text.value = "1+1"
    desk.answer.submit.click()
    assert "was behind the class book" in desk.answer.message.value
    assert desk.view["deal"] == held and desk.view["tries"] == 0


def test_a_fixed_level_again_shows_the_fixed_set(tmp_path):
    _service, session = at_my_level(tmp_path)
    session.level_choice.value = "easy"
    session.new_button.click()
    assert session.fixed_desk.layout.display == "" and session.my_level.layout.display == "none"
    assert "Deal 1 of 3" in session.progress.value


def test_without_a_class_book_the_page_says_it_needs_one():
    session = PracticeSession("easy", rounds=2, book=None)
    session.level_choice.value = "my-level"
    session.new_button.click()
    assert "needs the class book" in session.answer.message.value
    assert session.my_level is None


def test_roll_or_quit_at_my_level_with_the_page_s_dice(tmp_path):
    service = class_service(tmp_path)
    service.book_of().join("5b", "Eva", "phone-of-eva")
    exercise = RollOrQuit(seed=3, book=InProcessBook(service, "phone-of-eva"))
    exercise.mine.value = True
    desk = exercise.my_level
    assert desk is not None and exercise.series.layout.display == "none"
    moment = desk.view["moment"]
    assert moment["dice"] == "3456LL,1256LL,1234LL" and "Moment 1" in desk.heading.value
    assert "3456LL" not in desk.heading.value, "the dice drawn, not written as a code"
    assert 'aria-label="die 1: 3, 4, 5, 6, llama, llama"' in desk.heading.value
    best = bank(Skill.ROLL_OR_QUIT).find(moment["key"]).best
    (desk.roll_on if best == "roll" else desk.quit).click()
    assert (
        "That was the better choice." in desk.verdict.value and "Rolling on" in desk.verdict.value
    )
    assert desk.choices.layout.display == "none" and desk.going_on.layout.display == ""
    assert "better choices 1" in desk.line.value
    assert "better choice" not in desk.message.value, "the verdict said once, not twice"
    desk.again.click()
    assert "Moment 2" in desk.heading.value and desk.verdict.value == ""
    (kept,) = service.book_of().rating_steps("5b")
    assert kept.right and kept.skill == Skill.ROLL_OR_QUIT
    exercise.mine.value = False
    assert exercise.series.layout.display == "" and desk.layout.display == "none"


def test_roll_or_quit_at_my_level_asks_to_join_first(tmp_path):
    exercise = RollOrQuit(seed=3, book=InProcessBook(class_service(tmp_path), "phone-of-x"))
    exercise.mine.value = True
    assert "join the class on the MAM! practice page first" in exercise.my_level.message.value


def test_the_next_visit_opens_at_my_level_until_the_student_picks_a_fixed_level(tmp_path):
    service, session = at_my_level(tmp_path)
    session.power_choice.value = True
    session.new_button.click()
    dealt = session.my_level.view["deal"]
    assert dealt["power"] is True
    back = PracticeSession("normal", rounds=3, book=InProcessBook(service, "phone-of-Ola"))
    assert back.level_choice.value == "my-level" and back.power_choice.value is True
    assert back.my_level is not None and back.fixed_desk.layout.display == "none"
    assert back.my_level.view["deal"] == dealt, "the same deal, where she left it"
    back.level_choice.value = "easy"
    back.new_button.click()
    again = PracticeSession("normal", rounds=3, book=InProcessBook(service, "phone-of-Ola"))
    assert again.level_choice.value == "easy" and again.my_level is None, "the fixed set"
    assert "Welcome back" in again.answer.message.value


def test_roll_or_quit_opens_at_my_level_again_until_a_moment_of_the_series(tmp_path):
    service = class_service(tmp_path)
    service.book_of().join("5b", "Eva", "phone-of-eva")
    exercise = RollOrQuit(seed=3, book=InProcessBook(service, "phone-of-eva"))
    assert exercise.mine.value is False, "never practised at her level yet"
    exercise.mine.value = True
    moment = exercise.my_level.view["moment"]
    back = RollOrQuit(seed=3, book=InProcessBook(service, "phone-of-eva"))
    assert back.mine.value is True and back.my_level.view["moment"] == moment
    back.mine.value = False
    back.roll_on.click()  # a moment of the seeded series
    assert RollOrQuit(seed=3, book=InProcessBook(service, "phone-of-eva")).mine.value is False


def test_a_clock_counted_by_the_browser_shows_only_while_time_counts():
    dealt = {"key": "1,3,4,9,10=4", "cards": [1, 3, 4, 9, 10], "dice": [], "target": 4}
    shown = render_clock(view(deal=dealt), 12.7)
    assert 'role="timer"' in shown and 'aria-live="off"' in shown, "never announced"
    assert 'aria-label="Time on this one"' in shown and "animation-delay:-12s" in shown
    assert '<svg class="mc-level-watch" aria-hidden="true"' in shown, "a watch drawn"
    assert "⏱" not in shown, "no character a laptop's fonts may lack"
    assert "paused" in render_clock(view(deal=dealt), 30, running=False)
    assert render_clock(view(deal=dealt, clock=False), 12) == "", "clock off: none"
    assert render_clock(view(), 12) == "", "the set is done: none"
    assert "@property --mc-seconds" in LEVEL_STYLE and "counter(mc-s" in LEVEL_STYLE


def test_the_pages_show_the_clock_and_stop_it_once_the_item_is_done(tmp_path):
    service, session = at_my_level(tmp_path)
    desk = session.my_level
    assert desk.line.value.count('class="mc-level-timer"') == 1
    assert "paused" not in desk.line.value and "mc-level-timer" not in announcer().text
    desk.answer.text.value = right_answer(session)
    desk.answer.submit.click()
    assert "animation-play-state:paused" in desk.line.value, "solved: the clock stands"
    desk.next_button.click()
    assert "mc-level-timer" in desk.line.value and "paused" not in desk.line.value
    service.book_of().join("5b", "Eva", "phone-of-eva")
    exercise = RollOrQuit(seed=3, book=InProcessBook(service, "phone-of-eva"))
    exercise.mine.value = True
    moments = exercise.my_level
    assert "mc-level-timer" in moments.line.value and "paused" not in moments.line.value
    moments.roll_on.click()
    assert "paused" in moments.line.value, "chosen: the clock stands"


def test_no_clock_anywhere_for_a_student_with_no_countdown_or_the_clock_off(tmp_path):
    service = class_service(tmp_path)
    book = service.book_of()
    book.join("5b", "Ida", "phone-of-ida")
    book.accommodate("5b", "Ida", ["no-countdown"])
    session = PracticeSession("my-level", rounds=3, book=InProcessBook(service, "phone-of-ida"))
    assert session.my_level.view["deal"] is not None
    assert "mc-level-timer" not in session.my_level.line.value
    assert "Take your time" in session.my_level.progress.value
    book.join("5b", "Eva", "phone-of-eva")
    book.set_level_settings("5b", clock=False)
    exercise = RollOrQuit(seed=3, book=InProcessBook(service, "phone-of-eva"))
    exercise.mine.value = True
    assert exercise.my_level.view["moment"] is not None
    assert "mc-level-timer" not in exercise.my_level.line.value


def test_the_clock_words_say_when_the_teacher_turned_it_off(polish):
    teacher = render_progress(view(clock=False, clock_choice=False))
    assert "Nauczyciel wyłączył zegar." in teacher
    i18n.use("en")
    assert clock_words(view(clock=False, clock_choice=False)) == (
        "Your teacher turned the clock off. Take your time: only right or wrong counts."
    )
    assert clock_words(view(clock=False)) == "Take your time: only right or wrong counts."


def test_a_student_turns_their_own_clock_off_and_finds_it_off_after_a_reload(tmp_path):
    service, session = at_my_level(tmp_path)
    desk = session.my_level
    own = desk.own_clock
    assert own.layout.display == "" and own.box.value is True
    assert own.box.description == "Count my time" and "Your time counts" in own.words.value
    own.box.value = False
    assert "mc-level-timer" not in desk.line.value, "the clock is gone at once"
    assert "Take your time: only right or wrong counts." in desk.progress.value
    assert "No clock now" in own.words.value
    assert announcer().text.count("The clock is off: only right or wrong counts now.") == 1
    student = service.book_of().student_for("phone-of-Ola")
    assert not service.book_of().clock_for(student.id)
    desk.answer.text.value = right_answer(session)
    desk.answer.submit.click()
    assert "mc-level-timer" not in desk.line.value
    back = PracticeSession("normal", rounds=3, book=InProcessBook(service, "phone-of-Ola"))
    assert back.my_level.own_clock.box.value is False, "kept in the book"
    assert "mc-level-timer" not in back.my_level.line.value
    back.my_level.own_clock.box.value = True
    assert "mc-level-timer" in back.my_level.line.value
    assert "The clock is on: your time counts again." in announcer().text
    assert service.book_of().clock_for(student.id)


def test_roll_or_quit_at_my_level_has_the_same_box(tmp_path):
    service = class_service(tmp_path)
    service.book_of().join("5b", "Eva", "phone-of-eva")
    exercise = RollOrQuit(seed=3, book=InProcessBook(service, "phone-of-eva"))
    exercise.mine.value = True
    desk = exercise.my_level
    moment = desk.view["moment"]
    desk.own_clock.box.value = False
    assert "mc-level-timer" not in desk.line.value and desk.view["moment"] == moment
    assert desk.view["clock"] is False and desk.own_clock.box.value is False


def test_no_box_when_the_teacher_turned_the_clock_off(tmp_path):
    service = class_service(tmp_path)
    book = service.book_of()
    book.join("5b", "Ida", "phone-of-ida")
    book.accommodate("5b", "Ida", ["no-countdown"])
    session = PracticeSession("my-level", rounds=3, book=InProcessBook(service, "phone-of-ida"))
    desk = session.my_level
    assert desk.own_clock.layout.display == "none"
    assert "Your teacher turned the clock off" in desk.progress.value


def test_a_box_the_service_could_not_hear_goes_back_as_it_was(tmp_path):
    _service, session = at_my_level(tmp_path)
    own = session.my_level.own_clock
    own.turn = lambda _on: None
    own.box.value = False
    assert own.box.value is True

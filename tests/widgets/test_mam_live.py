"""The MAM! live pages against the real class service in process (its rooms called without HTTP,
tests/widgets/in_process.py): a student joins, sees the deal, answers and is told privately; the
projector shows the room, the board, the reveal, the leaderboard and the podium, and refuses
anyone but the teacher. Each page follows the game one `follower.step()` at a time, never a
thread."""

from __future__ import annotations

import re
import sys
from html import unescape
from typing import Any

import pytest

from mathcards import i18n
from mathcards.accommodations import Accommodation
from mathcards.mam import checker, solver
from mathcards.mam.solver import find_solutions
from tests.conftest import FakeClock
from tests.widgets.in_process import InProcessClass
from tests.widgets.test_mam_polish import english_in
from widgets.live import LiveRefused, page_address
from widgets.mam.live import LiveSeat
from widgets.mam.live_projector import LiveProjector
from widgets.mam.live_views import time_note


def projector(service: InProcessClass, **options) -> LiveProjector:
    shown = LiveProjector(service.client("teacher"), follow=False, address="", **options)
    shown.follower.step()
    return shown


def seat(service: InProcessClass, device: str, name: str | None = None) -> LiveSeat:
    page = LiveSeat(service.client(device), follow=False, clock=FakeClock())
    if name is not None:
        page.bar.name.value = name
        page.bar.join_button.click()
    page.follower.step()
    return page


def follow(*pages) -> None:
    for page in pages:
        page.follower.step()


def right_answer(service: InProcessClass) -> str:
    deal = service.game().round.deal
    return find_solutions(deal.cards, deal.target, power=deal.power).solutions[0].pretty


def wrong_answer(service: InProcessClass) -> str:
    cards = service.game().round.deal.cards
    return f"{cards[0]}+{cards[1]}+{cards[2]}+{cards[3]}+{cards[4]}+1"


def play(page: LiveSeat, text: str) -> None:
    page.answer.text.value = text
    page.answer.submit.click()


@pytest.fixture
def room(service):
    """A teacher's projector with a new game, and three students in the room."""
    teacher = projector(service)
    teacher.seed.value = "2026"
    teacher.new_game_button.click()
    students = [seat(service, f"phone {n}", name) for n, name in enumerate(("Ala", "Ola", "Ela"))]
    follow(teacher, *students)
    return teacher, students


def test_students_join_with_their_class_book_name_and_the_projector_sees_them(service, room):
    teacher, students = room
    assert service.game().room.names() == ["Ala", "Ola", "Ela"]
    assert [row.children[0].value for row in teacher.room.children] == ["Ala", "Ola", "Ela"]
    assert "In the room: 3" in teacher.room_title.value
    assert "seed 2026" in teacher.settings.value
    assert teacher.setup.selected_index is None  # a game under way: its settings folded away
    assert "Wait for the teacher" in students[0].status.value
    assert students[0].playing.layout.display == "none"


def test_the_room_counts_who_is_here_and_keeps_the_scores_of_who_left(service, room):
    """Issue 49: "In the room" counted everyone who ever joined, not who is there."""
    teacher, students = room
    teacher.start_button.click()
    follow(teacher, *students)
    play(students[0], right_answer(service))
    service.leave("Ala", "Ola")  # their pages gone: Ala answered, Ola did not
    follow(teacher)
    assert "In the room: 1" in teacher.room_title.value
    assert "1 of 2 have answered" in teacher.answered.value  # Ela here, and Ala's answer
    assert [row.children[0].value for row in teacher.room.children] == ["Ala", "Ola", "Ela"]
    service.come_back("Ala")
    follow(teacher)
    assert "In the room: 2" in teacher.room_title.value
    assert "1 of 2 have answered" in teacher.answered.value


def test_a_round_shows_the_same_deal_and_the_first_right_answer_wins(service, room):
    teacher, (ala, ola, ela) = room
    teacher.start_button.click()
    follow(teacher, ala, ola, ela)
    deal = service.game().round.deal
    for page in (ala, ola, ela):
        values = re.findall(r'class="mc-card [^>]*data-value="(\d+)"', page.table.value)
        assert sorted(map(int, values)) == sorted(deal.cards)
        assert f'data-target="{deal.target}"' in page.table.value
    assert f'data-target="{deal.target}"' in teacher.round_view.value
    play(ola, wrong_answer(service))
    play(ala, right_answer(service))
    play(ela, right_answer(service))
    follow(teacher, ala, ola, ela)
    assert "Not quite" in ola.verdict.value and "mc-error" in ola.verdict.value
    assert "You were first" in ala.verdict.value and "mc-ok" in ala.verdict.value
    assert "Someone was faster" in ela.verdict.value
    assert "3 of 3 have answered · <span class='mc-live-right'>2 right" in teacher.answered.value
    for name in ("Ola", "Ala", "Ela"):  # the wall names nobody before Reveal
        assert name not in teacher.board.value + teacher.first.value + teacher.answered.value
    teacher.reveal_button.click()
    follow(teacher)
    rows = re.findall(r"<tr( data-name='\w+')? data-correct='(\w+)'>", teacher.board.value)
    assert rows == [("", "false"), (" data-name='Ala'", "true"), (" data-name='Ela'", "true")]
    assert "Ola" not in teacher.board.value  # a wrong answer's name only if the teacher asks
    assert re.findall(r"<tr[^>]*><td>(\d+)</td>", teacher.board.value) == ["1", "2", "3"]
    assert "First right answer: Ala" in teacher.first.value
    teacher.wrong_names.value = True
    assert "data-name='Ola' data-correct='false'" in teacher.board.value


def test_a_wrong_answer_is_told_only_to_its_sender_and_no_text_is_shown_before_the_reveal(
    service, room
):
    teacher, (ala, ola, _ela) = room
    teacher.scoring.value = "every"
    teacher.new_game_button.click()
    follow(teacher, ala, ola)
    teacher.start_button.click()
    follow(teacher, ala, ola)
    wrong = wrong_answer(service)
    play(ola, wrong)
    follow(teacher, ala, ola)
    assert "Not quite" in ola.verdict.value
    assert ala.verdict.value == "" or "Not quite" not in ala.verdict.value
    assert wrong not in teacher.board.value and "Ola" not in teacher.board.value
    assert "1 of 2 have answered" in teacher.answered.value
    play(ola, right_answer(service))  # every right answer scores: a second try is allowed
    follow(teacher, ola)
    assert right_answer(service) not in teacher.first.value  # nobody copies it from the wall
    teacher.reveal_button.click()
    follow(teacher, ola)
    assert wrong in teacher.board.value
    assert "The best ways" in teacher.revealed.value and "Ola" in teacher.revealed.value
    assert "Common mistakes" in teacher.revealed.value and "(×1)" in teacher.revealed.value
    assert "Look at the projector" in ola.status.value


def test_a_text_that_is_not_a_calculation_is_no_claim(service, room):
    """The service judges it, once: no claim, nothing scored, the box open with what was typed
    and the checker's sentence, as the service's reason says it."""
    teacher, (ala, *_rest) = room
    teacher.start_button.click()
    follow(ala)
    play(ala, "seven times six")
    assert service.game().round.answers == [] and "mc-error" in ala.verdict.value
    assert (
        "read “s”: use numbers" in ala.verdict.value and ala.answer.text.value == "seven times six"
    )
    assert ala.answer.children[0].layout.display == ""  # no claim: the box stays


def test_a_student_who_reopens_the_page_keeps_their_score_and_verdict(service, room):
    teacher, (ala, *_rest) = room
    teacher.start_button.click()
    follow(ala)
    play(ala, right_answer(service))
    follow(ala)
    won = service.game().players["Ala"].points
    assert f"You have {won} cards, place 1." in ala.score.value
    again = seat(service, "phone 0")
    assert again.bar.student == "Ala"
    assert f"You have {won} cards, place 1." in again.score.value
    assert "You were first" in again.verdict.value
    assert again.answer.layout.display == ""


def test_a_refusal_is_said_in_the_page_s_language(service, room):
    teacher, (ala, *_rest) = room
    teacher.start_button.click()
    teacher.pause_button.click()
    follow(teacher, ala)
    assert teacher.pause_button.description == "Resume"
    i18n.use("pl")
    try:
        play(ala, right_answer(service))
        assert "Nauczyciel wstrzymał grę" in ala.verdict.value
        teacher.pause_button.click()  # resume
        teacher.start_button.click()  # a round is open: refused
        assert "Runda wciąż trwa" in teacher.message.value
    finally:
        i18n.use("en")


def test_the_teacher_locks_the_room_and_removes_a_name(service, room):
    teacher, (_ala, ola, _ela) = room
    teacher.lock_box.value = True
    assert service.game().locked
    late = seat(service, "phone late", "Ula")
    assert "locked the room" in late.message.value
    teacher.room.children[1].children[1].click()  # remove Ola
    follow(teacher, ola)
    assert service.game().room.names() == ["Ala", "Ela"]
    assert [row.children[0].value for row in teacher.room.children] == ["Ala", "Ela"]
    assert ola.status.value == "The teacher has taken you out of the room."
    teacher.start_button.click()
    follow(ola)
    play(ola, right_answer(service))
    assert "taken you out of the room" in ola.verdict.value


def test_the_teacher_lets_a_student_taken_out_back_in(service, room):
    teacher, (_ala, ola, _ela) = room
    teacher.room.children[1].children[1].click()  # remove Ola
    follow(teacher)
    (taken_out,) = teacher.removed_box.children
    assert "Ola" in taken_out.children[0].value
    taken_out.children[1].click()  # let her in
    follow(teacher, ola)
    assert service.game().room.names() == ["Ala", "Ola", "Ela"]
    assert teacher.removed_box.children == ()


def test_the_podium_at_the_end_and_a_leaderboard_of_a_chosen_length(service, room):
    teacher, (ala, ola, ela) = room
    teacher.start_button.click()
    follow(ala, ela)
    play(ala, right_answer(service))
    teacher.reveal_button.click()
    teacher.start_button.click()
    follow(ala, ela)
    play(ela, right_answer(service))
    follow(teacher)
    assert teacher.leaderboard.layout.display == "none"  # mid-round: nobody's standing moves
    teacher.reveal_button.click()
    follow(teacher)
    assert teacher.leaderboard.layout.display == ""
    assert teacher.leaderboard.value.count("<tr data-name") == 3
    teacher.board_length.value = 0
    assert teacher.leaderboard.value == ""
    teacher.finish_button.click()
    follow(teacher, ala, ola, ela)
    standings = service.game().standings()
    places = re.findall(r"data-place='(\d)' data-name='(\w+)'", teacher.podium.value)
    assert places == [(str(s.place), s.name) for s in standings[:3]]
    assert places[0][1] == "Ela"  # the same cards: the last winning answer breaks the tie
    assert teacher.podium.value == ala.podium.value == ela.podium.value
    assert "The game is over" in ola.status.value
    assert ola.playing.layout.display == "none" and teacher.board.layout.display == "none"


def test_the_projector_refuses_anyone_but_the_teacher(service):
    page = LiveProjector(service.client("phone 9"), follow=False, address="")
    assert not page.follower.step()
    assert "for the teacher only" in page.message.value
    assert page.controls.layout.display == "none"


def test_the_countdown_counts_the_service_s_seconds_down(service, room):
    teacher, (_ala, *_rest) = room
    teacher.seconds.value = 30
    teacher.start_button.click()
    clock = FakeClock()
    page = LiveSeat(service.client("phone 0"), follow=False, clock=clock)
    page.follower.step()
    assert "30 seconds left" in page.countdown.view.value
    clock.step()
    clock.step()
    assert "28 seconds left" in page.countdown.view.value


def test_the_teacher_gives_more_time_or_turns_the_countdown_off_and_the_phones_say_so(
    service, room
):
    teacher, (ala, *_rest) = room
    assert "“+30 s” gives everyone more time" in shown_text(teacher.time_help)
    assert "“No countdown” turns it off" in shown_text(teacher.time_help)
    teacher.seconds.value = 30
    teacher.start_button.click()
    follow(teacher, ala)
    assert teacher.time_buttons.layout.display == ""
    assert shown_text(ala.time_note) == "The teacher can give more time or turn the countdown off."
    more, off = teacher.time_buttons.children
    assert more.description == "+30 s" and off.description == "No countdown"
    assert "mc-key-t" in more._dom_classes and "mc-key-o" in off._dom_classes
    assert more.tooltip == "Give everyone 30 seconds more (key T)"
    more.click()
    follow(teacher, ala)
    assert "60 seconds left" in ala.countdown.view.value
    off.click()
    follow(teacher, ala)
    assert ala.countdown.view.value == "" and teacher.time_buttons.layout.display == "none"
    assert shown_text(ala.time_note) == "This round has no countdown: take your time."
    teacher.reveal_button.click()
    follow(teacher, ala)
    assert ala.time_note.value == "", "only a round's time is told"


def test_a_phone_whose_round_s_time_is_up_says_the_teacher_can_still_give_more(service, room):
    teacher, (ala, *_rest) = room
    teacher.start_button.click()
    follow(ala)
    closed = {**ala.view, "phase": "closed"}  # the service closed the round: time's up
    assert time_note(closed) == "The teacher can still give more time."
    assert time_note({**closed, "joined": False}) == "", "told to those in the room"


def shown_text(widget) -> str:
    return unescape(re.sub("<[^>]+>", "", widget.value))


def test_the_join_address_is_the_live_page_with_the_class_code(service):
    class_url = "http://10.0.0.5:8866/?class=K7Q2HM"
    assert page_address("en/live/1-mam-live.ipynb", class_url) == (
        "http://10.0.0.5:8866/en/mam?class=K7Q2HM"  # short, to type from the projector
    )
    assert page_address("pl/mam/2-practice.ipynb", class_url) == (
        "http://10.0.0.5:8866/voila/render/pl/mam/2-practice.ipynb?class=K7Q2HM"
    )
    assert page_address("en/live/1-mam-live.ipynb", "") == ""
    service.class_url = class_url  # what the service tells the teacher's projector only
    shown = LiveProjector(service.client("teacher"), follow=False)
    assert "data:image/svg+xml" not in shown.address.value
    shown.follower.step()
    assert "data:image/svg+xml" in shown.address.value
    assert "/en/mam?class=K7Q2HM" in shown.address.value
    assert "class_url" not in service.client("phone 1").seat(), "a student is never told it"


def test_a_service_that_cannot_be_reached_costs_a_sentence(service, room):
    _teacher, (ala, *_rest) = room
    service.unreachable = True
    assert not ala.follower.step()
    assert "cannot be reached" in ala.message.value
    service.unreachable = False
    with pytest.raises(LiveRefused):
        service.client("phone 0").answer("1")  # no round is open


def test_both_pages_are_polish_on_a_polish_page(service, room):
    i18n.use("pl")
    try:
        teacher = projector(service)
        student = seat(service, "phone 0")
        teacher.start_button.click()
        follow(teacher, student)
        play(student, wrong_answer(service))
        teacher.reveal_button.click()
        teacher.finish_button.click()
        follow(teacher, student)
        names = {"Ala", "Ola", "Ela", "MAM"}
        assert not english_in(teacher, names) and not english_in(student, names)
        assert "Niezupełnie" in student.verdict.value or "Podium" in teacher.podium.value
    finally:
        i18n.use("en")


def test_after_a_wrong_claim_the_box_closes_and_says_the_other_players_each_take_a_card(
    service, room
):
    teacher, (ala, ola, _ela) = room
    teacher.start_button.click()
    follow(ala, ola)
    play(ola, wrong_answer(service))
    follow(ola)
    assert "The 2 other players each take a card." in ola.verdict.value
    assert "Wait for the next round." in ola.verdict.value
    assert ola.answer.children[0].layout.display == "none"
    assert ola.status.value == ""  # one message at a time
    again = seat(service, "phone 1")  # a reload: the same verdict, the box still closed
    assert "The 2 other players each take a card." in again.verdict.value
    assert again.answer.children[0].layout.display == "none"
    play(ala, right_answer(service))
    follow(ala)
    assert "Wait for the next round." in ala.verdict.value
    assert ala.answer.children[0].layout.display == "none"
    teacher.reveal_button.click()
    teacher.start_button.click()
    follow(ola)
    assert ola.answer.children[0].layout.display == "" and ola.verdict.value == ""


def test_the_answer_pad_types_the_round_s_cards_and_signs(service, room):
    teacher, (ala, *_rest) = room
    teacher.start_button.click()
    follow(ala)
    cards = [int(key.description) for key in ala.pad.cards.children]
    assert sorted(cards) == sorted(service.game().round.deal.cards)
    ala.pad.cards.children[0].click()
    signs = {key.description: key for key in ala.pad.children[1].children}
    signs["×"].click()
    signs["("].click()
    assert ala.answer.text.value == f"{cards[0]}×("
    signs["⌫"].click()
    assert ala.answer.text.value == f"{cards[0]}×"


def test_a_late_joiner_in_a_locked_room_reads_only_that_it_is_locked(service, room):
    teacher, _students = room
    teacher.lock_box.value = True
    late = seat(service, "phone late", "Ula")
    assert "locked the room" in late.message.value
    assert late.status.value == ""


def test_a_new_lesson_opening_onto_an_unfinished_game_offers_to_go_on_or_start_anew(service, room):
    teacher, _students = room
    waiting = projector(service)
    assert "waiting for its first round" in waiting.choice_line.value
    teacher.start_button.click()
    again = projector(service)
    assert again.choice.layout.display == ""
    assert "round 1 of 5" in again.choice_line.value
    again.fresh.click()
    assert again.choice.layout.display == "none" and again.setup.selected_index == 0
    third = projector(service)
    third.go_on.click()
    assert third.choice.layout.display == "none"
    assert teacher.choice.layout.display == "none"  # the page that started it is not asked


def test_the_projector_says_time_s_up_when_the_countdown_ends(service, room):
    teacher, _students = room
    clock = FakeClock()
    shown = LiveProjector(service.client("teacher"), follow=False, address="", clock=clock)
    teacher.seconds.value = 2
    teacher.start_button.click()
    shown.follower.step()
    assert "2 seconds left" in shown.countdown.view.value
    clock.step()
    clock.step()
    assert "Time&#x27;s up!" in shown.countdown.view.value


def test_the_answer_pad_divides_as_a_polish_class_writes_it(service, room):
    teacher, _students = room
    i18n.use("pl")
    try:
        page = seat(service, "phone 0")
        teacher.start_button.click()
        follow(page)
        signs = [key.description for key in page.pad.children[1].children]
        assert ":" in signs and "÷" not in signs
    finally:
        i18n.use("en")


def test_a_phone_with_no_countdown_shows_no_clock_and_takes_answers_after_the_time(service, room):
    """The accommodations (issue 49): the teacher set no countdown and larger cards for Ala."""
    teacher, (ala, ola, _ela) = room
    service.accommodate("Ala", Accommodation.NO_COUNTDOWN, Accommodation.LARGER)
    teacher.seconds.value = 30
    teacher.start_button.click()
    follow(teacher, ala, ola)
    assert "30 seconds left" in ola.countdown.view.value
    assert ala.countdown.view.value == ""
    assert shown_text(ala.time_note) == "This round has no countdown: take your time."
    assert "mc-live-larger" in ala._dom_classes and "mc-live-larger" not in ola._dom_classes
    service.later(31)  # the round's time is up
    follow(ala, ola)
    assert "Time is up" in ola.status.value and ola.answer.layout.display == "none"
    assert ala.countdown.view.value == "" and ala.answer.layout.display == ""
    assert "Time is up" not in ala.status.value
    play(ala, right_answer(service))
    assert "You were first" in ala.verdict.value


def test_a_wrong_claim_that_costs_nobody_says_the_others_take_no_card(service, room):
    teacher, (ala, _ola, _ela) = room
    service.accommodate("Ala", Accommodation.COSTS_NOBODY)
    teacher.start_button.click()
    follow(ala)
    play(ala, wrong_answer(service))
    assert "The others take no card for it." in ala.verdict.value
    assert {s.name: s.points for s in service.game().standings()} == {"Ala": 0, "Ola": 0, "Ela": 0}


@pytest.mark.parametrize("typed", ["²", "-3", "9" * 30])
def test_a_seed_the_service_would_refuse_is_said_beside_it(service, typed):
    """Issue 50: "²" is a digit to str.isdigit and no number to int() (the click failed), and
    a seed of 2**63 or more is refused by the service: the page says what a seed is."""
    teacher = projector(service)
    teacher.seed.value = typed
    teacher.new_game_button.click()
    assert "The seed is a whole number" in teacher.message.value
    assert teacher.seed.value == typed


def test_the_pages_judge_nothing_the_service_judges_each_answer_once(service, room, monkeypatch):
    """Issue #52, on the pages themselves: phones that answer, a phone opened again, the
    projector at Reveal, every page in Polish too: the checker runs once an answer, the solver
    once a round, both in the service."""
    runs = {"check": 0, "find_solutions": 0}
    watched = {"check": checker.check, "find_solutions": solver.find_solutions}

    def counting(name: str) -> Any:
        def run(*args: Any, **kwargs: Any) -> Any:
            runs[name] += 1
            return watched[name](*args, **kwargs)

        return run

    for module in [m for n, m in sys.modules.items() if n.startswith(("mathcards", "widgets"))]:
        for name, real in watched.items():
            if getattr(module, name, None) is real:
                monkeypatch.setattr(module, name, counting(name))
    teacher, (ala, ola, ela) = room
    teacher.scoring.value = "every"
    teacher.new_game_button.click()
    teacher.start_button.click()
    follow(teacher, ala, ola, ela)
    right = right_answer(service)
    for page, text in ((ola, wrong_answer(service)), (ola, "7 + ("), (ala, right), (ela, right)):
        play(page, text)
    assert runs == {"check": 4, "find_solutions": 0}
    seat(service, "phone 1")  # Ola's page opened again: her last verdict said again
    teacher.reveal_button.click()
    for language in ("pl", "en"):
        i18n.use(language)
        try:
            follow(teacher, ala, ola, ela, teacher)
        finally:
            i18n.use("en")
    assert "Common mistakes" in teacher.revealed.value
    assert runs == {"check": 4, "find_solutions": 1}  # the service's, once, at Reveal

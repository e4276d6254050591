"""The practice page with a class book: joining, every step kept, a set resumed where it was
left, and a book that is down costing one sentence, never the page. The class service is the
real one in process, on a real class book (tests/widgets/in_process.py); over HTTP it is in
tests/classroom/test_service.py and tests/browser/test_book_pages.py."""

from __future__ import annotations

import http.server
import json
import re
import threading
from typing import ClassVar

import pytest

from mathcards.book import database
from mathcards.classroom.protocol import MOST_TYPED, SERVICE_ENV, TICKET_ENV, TICKET_HEADER
from mathcards.mam import checker
from tests.conftest import FakeClock
from tests.widgets.in_process import InProcessClass
from widgets.book import TIMEOUT_SECONDS, BookBar, ClassBook
from widgets.mam import MamTable, PracticeSession


def practice(service: InProcessClass, device: str = "phone-of-ola") -> PracticeSession:
    return PracticeSession("easy", rounds=3, seed=11, book=service.book_client(device))


def joined(page: PracticeSession | MamTable) -> bool:
    """Does the page's bar say the name the student joined under?"""
    name = page.book.student
    return name is not None and name in page.book.status.value


def solve(session: PracticeSession) -> None:
    exercise = session.practice.current
    session.answer.text.value = exercise.good_answer()
    session.answer.submit.click()


def test_without_a_class_book_there_is_no_name_box():
    session = PracticeSession("easy", rounds=2, seed=1, book=None)
    assert session.book.layout.display == "none" and session.desk.layout.display == ""
    assert "Deal 1 of 2" in session.progress.value


def test_a_student_joins_under_a_nickname_before_the_first_deal(service):
    session = practice(service)
    assert session.desk.layout.display == "none"
    assert re.fullmatch(r"\w+ \d+", session.book.name.value)  # made up for them, theirs to change
    session.book.name.value = "  Ola   K "
    session.book.join_button.click()
    assert session.book.student == "Ola K" and service.sets[0]["student"] == "Ola K"
    assert session.desk.layout.display == "" and "Ola K" in session.book.status.value
    assert service.sets[0]["level"] == "easy" and service.sets[0]["seed"] == 11


def test_every_answer_hint_and_next_deal_is_kept(service):
    session = practice(service)
    session.book.join_button.click()
    session.answer.text.value = "99+"
    session.answer.submit.click()
    session.hint_button.click()
    solve(session)
    session.next_button.click()
    steps = service.sets[0]["steps"]
    assert [step["kind"] for step in steps] == ["answer", "hint", "answer", "next"]
    wrong = steps[0]
    assert wrong["typed"] == "99+" and not wrong["correct"] and wrong["verdict_kind"] == "syntax"
    assert (
        wrong["sentence"]
        and wrong["deal"] == 1
        and wrong["target"] == session.practice.exercises[0].target
    )
    assert steps[2]["correct"] and steps[2]["hints_used"] == 1


def test_an_answer_too_long_is_said_by_the_box_kept_there_and_the_rest_is_saved(service):
    session = practice(service)
    session.book.join_button.click()
    session.answer.text.value = "99+"
    session.answer.submit.click()
    long = "1+" * 120 + "1"
    session.answer.text.value = long
    session.answer.submit.click()
    said = session.answer.message.value
    assert "too long" in said and "200" in said and str(len(long)) in said
    assert "mc-error" not in said, "a refusal is not a wrong answer"
    assert session.answer.text.value == long, "what the student typed stays in the box"
    assert session.practice.current.tries == 1, "it was not checked"
    assert joined(session) and "Saved: 2" in session.book.status.value
    solve(session)
    session.next_button.click()
    session.answer.text.value = "99+"
    session.answer.submit.click()
    kinds = [step["kind"] for step in service.sets[0]["steps"]]
    assert kinds == ["answer", "answer", "next", "answer"] and session.book.saved == 5
    assert "Saved: 5" in session.book.status.value
    assert checker.MAX_LENGTH == MOST_TYPED, "the preview, the page and the book: one bound"


def test_a_step_the_book_refuses_is_let_go_and_the_steps_after_it_are_kept(monkeypatch, service):
    """Were the page's bound ever past the service's, the step refused costs only itself."""
    monkeypatch.setattr("widgets.mam.practice.MOST_TYPED", 10 * MOST_TYPED)
    session = practice(service)
    session.book.join_button.click()
    session.answer.text.value = "1+" * 120 + "1"
    session.answer.submit.click()
    status = session.book.status.value
    assert joined(session) and "too long" in status and "not being saved" not in status
    session.hint_button.click()
    solve(session)
    session.next_button.click()
    kinds = [step["kind"] for step in service.sets[0]["steps"]]
    assert kinds == ["hint", "answer", "next"] and session.kept.unkept == []
    assert "too long" not in session.book.status.value and "Saved: 4" in session.book.status.value


def a_set_left(service: InProcessClass) -> PracticeSession:
    """A student joins, solves the first deal and goes on to the second."""
    first = practice(service)
    first.book.join_button.click()
    solve(first)
    first.next_button.click()
    return first


def test_a_student_who_comes_back_finds_the_set_where_they_left_it(service):
    first = a_set_left(service)
    first.hint_button.click()
    left = (first.practice.position, first.practice.score(), first.progress.value)

    again = practice(service)  # the page closed and opened again, on the same phone
    assert again.desk.layout.display == "" and again.book.name_box.layout.display == "none"
    assert (again.practice.position, again.practice.score(), again.progress.value) == left
    assert "where you left off" in again.answer.message.value
    assert "mc-hint" in again.hint_text.value  # the hint taken is shown again
    solve(again)
    assert len(service.sets) == 1 and service.sets[0]["steps"][-1]["correct"]


def test_a_finished_set_is_closed_and_the_next_visit_starts_a_new_one(service):
    session = practice(service)
    session.book.join_button.click()
    for _ in range(3):
        session.next_button.click()
        session.confirm.children[1].click()  # "Skip it": the deal counts as not solved
    assert session.practice.finished and service.sets[0]["finished"]
    assert practice(service).kept.id == 2


def test_a_page_asks_who_the_student_is_once_until_it_sends_something(service):
    book = service.book_client("phone-of-ola")
    first, second = BookBar(book, "mam"), BookBar(book, "mam", invite=False)
    assert service.asked == ["me"], "two bars, one question"
    assert first.student is None and second.layout.display == "none"
    first.name.value = "Ola"
    first.join()
    third = BookBar(book, "mam", invite=False)
    assert service.asked == ["me", "join", "me"]
    assert third.student == "Ola" and third.layout.display == ""
    BookBar(book, "lama", invite=False)
    assert len(service.asked) == 4, "another game's bar asks for itself"


def test_every_widget_of_a_page_shares_the_page_s_class_book():
    page = {SERVICE_ENV: "http://127.0.0.1:8866/mathcards/api/", TICKET_ENV: "ticket-of-ola"}
    assert ClassBook.here(page) is ClassBook.here(dict(page))
    assert ClassBook.here({**page, TICKET_ENV: "ticket-of-ela"}) is not ClassBook.here(page)
    assert ClassBook.here({SERVICE_ENV: page[SERVICE_ENV]}) is None, "no ticket, no Hub: none"


def test_a_name_someone_has_is_refused_next_to_the_box_and_kept_there(service):
    first = practice(service)
    first.book.join_button.click()
    other = practice(service, device="laptop-of-kim")
    other.book.name.value = first.book.student  # a classmate's name
    other.book.join_button.click()
    assert "already has that name" in other.book.message.value
    assert other.book.name.value == first.book.student and other.desk.layout.display == "none"


def test_a_page_waits_for_the_service_longer_than_the_service_waits_for_its_database():
    """A step is called not saved when the service says so, not while it is still keeping it."""
    assert TIMEOUT_SECONDS >= 2 * database.TIMEOUT


@pytest.mark.parametrize("when", ["at the start", "while practising"])
def test_a_book_that_is_down_costs_one_sentence_never_the_page(when, service):
    service.down = when == "at the start"
    session = practice(service)
    if when == "while practising":
        session.book.join_button.click()
        service.down = True
    session.answer.text.value = "1+2"
    session.answer.submit.click()
    assert "not being saved right now" in session.book.status.value
    assert session.desk.layout.display == "" and session.answer.text.value == "1+2"
    assert "Not yet" in session.answer.message.value or "MAM" in session.answer.message.value


class Answering(http.server.BaseHTTPRequestHandler):
    """The service's end of one call: who the browser is (no one yet), and the ticket it was
    asked with."""

    tickets: ClassVar[list[str | None]] = []

    def do_GET(self) -> None:
        self.tickets.append(self.headers.get(TICKET_HEADER))
        body = json.dumps({"result": {"student": None, "suggestion": "Ola", "practice": None}})
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.end_headers()
        self.wfile.write(body.encode())

    def log_message(self, *_args: object) -> None:
        """Quiet."""


def test_a_page_reaches_its_class_book_past_a_proxy_the_environment_names(proxy_nobody_runs):
    """Voila hands every kernel the server's environment: a school's `http_proxy` too, which
    would refuse or not know the service's address."""
    Answering.tickets = []
    service = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Answering)
    serving = threading.Thread(target=service.serve_forever, daemon=True)
    serving.start()
    try:
        book = ClassBook(f"http://127.0.0.1:{service.server_address[1]}/book", "ticket-of-ola")
        assert book.me("mam") == {"student": None, "suggestion": "Ola", "practice": None}
    finally:
        service.shutdown()
        serving.join(10)
    assert Answering.tickets == ["ticket-of-ola"]


def retry(page: PracticeSession | MamTable):
    """The bar's "Try again" button, shown only while the book could not be reached."""
    offered = [shown for shown in page.book.children if "mc-book-retry" in shown._dom_classes]
    return offered[0] if offered else None


def test_a_page_that_could_not_reach_the_book_tries_again_and_keeps_what_was_done_meanwhile(
    service,
):
    service.down = True
    session = practice(service)
    assert "not being saved right now" in session.book.status.value
    assert session.desk.layout.display == "", "the page goes on without the book"
    session.answer.text.value = "99+"
    session.answer.submit.click()
    solve(session)
    retry(session).click()  # still down: the same sentence, the same button
    assert "not being saved right now" in session.book.status.value and retry(session)

    service.down = False
    retry(session).click()
    assert retry(session) is None and session.book.name_box.layout.display == ""
    session.book.join_button.click()  # the name made up for them
    assert [kept["kind"] for kept in service.sets[0]["steps"]] == ["answer", "answer"]
    assert service.sets[0]["seed"] == 11 and service.sets[0]["steps"][1]["correct"]
    assert "solved 1" in session.progress.value, "the set on the page is the one kept"
    session.next_button.click()
    assert [kept["kind"] for kept in service.sets[0]["steps"]][-1] == "next"
    assert len(service.sets) == 1 and session.book.saved == 4


def test_a_known_student_whose_page_opened_without_the_book_comes_back_to_the_set_left(service):
    a_set_left(service)
    service.down = True
    again = practice(service)  # a new set on the page, nothing done in it yet
    service.down = False
    retry(again).click()
    assert "where you left off" in again.answer.message.value
    assert again.kept.id == 1 and again.practice.position == 1 and len(service.sets) == 1
    assert joined(again)


def test_steps_the_book_could_not_keep_go_in_order_with_the_next_one(service):
    session = practice(service)
    session.book.join_button.click()
    service.down = True
    session.answer.text.value = "99+"
    session.answer.submit.click()
    session.hint_button.click()
    assert "not being saved right now" in session.book.status.value
    assert retry(session) is None, "the student is known: the next step tries again"
    service.down = False
    solve(session)
    steps = service.sets[0]["steps"]
    assert [step["kind"] for step in steps] == ["answer", "hint", "answer"]
    assert steps[0]["typed"] == "99+" and steps[2]["hints_used"] == 1
    assert joined(session) and session.book.saved == 4


def start_again(confirm) -> None:
    """Yes to the question a page asks before it throws away a set or game under way."""
    next(b for b in confirm.children[1:] if b.description.startswith("Yes")).click()


def test_a_set_left_for_a_new_one_while_the_book_was_down_is_kept_before_it(service):
    session = practice(service)
    session.book.join_button.click()  # set 1 kept
    service.down = True
    session.answer.text.value = "99+"
    session.answer.submit.click()
    session.new_button.click()
    start_again(session.new_confirm)  # set 2, on the page only
    solve(session)
    assert len(service.sets) == 1 and service.sets[0]["steps"] == []
    service.down = False
    session.next_button.click()
    first, second = service.sets
    assert [(step["kind"], step["typed"]) for step in first["steps"]] == [("answer", "99+")]
    assert not first["finished"], "left, not finished"
    assert (second["seed"], [step["kind"] for step in second["steps"]]) == (12, ["answer", "next"])
    assert second["steps"][0]["correct"] and session.book.saved == 5


def test_a_game_left_for_a_new_one_while_the_book_was_down_is_kept_before_it(service):
    practice(service).book.join_button.click()  # the browser joined the class on another page
    table = MamTable(
        mode="versus", seed=4, clock=FakeClock(), book=service.book_client("phone-of-ola")
    )
    table.deal_button.click()  # game 1 kept
    service.down = True
    table.answer.text.value = "1+2"
    table.answer.submit.click()
    played = list(table.scorebook.moves)
    table.deal_button.click()
    start_again(table.confirm)  # game 2, on the table only
    table.answer.text.value = "3+4"
    table.answer.submit.click()
    assert played and [game["moves"] for game in service.games] == [[]]
    service.down = False
    table.answer.text.value = "5+6"
    table.answer.submit.click()
    first, second = service.games
    assert first["seed"] == 4 and first["moves"] == played
    assert second["seed"] == 5 and second["moves"] == table.scorebook.moves
    claims = [move["answer"] for move in second["moves"] if move["move"] == "claim"]
    assert claims == ["3+4", "5+6"] and table.scorebook.behind == []


def test_a_game_at_a_table_is_kept_when_dealt_and_its_result_when_it_ends(service):
    practice(service).book.join_button.click()  # the browser joined the class on another page
    clock = FakeClock()
    table = MamTable(
        mode="versus",
        opponents=("good", "expert"),
        seed=4,
        clock=clock,
        book=service.book_client("phone-of-ola"),
    )
    assert table.book.layout.display == "" and joined(table)
    table.deal_button.click()
    (dealt,) = service.games
    assert (dealt["game"], dealt["seed"], dealt["finished"]) == ("mam", 4, False)
    table.answer.text.value = "1+"
    table.answer.submit.click()
    for _round in range(200):  # the computers play on to the end of the game
        clock.run()
        if table.game.over:
            break
        table.none_button.click()  # a target no one can make: the next round
    (ended,) = service.games
    assert table.game.over and ended["finished"] and ended["winners"] == table.game.winners()
    assert ended["scores"] == table.game.scores()


def test_a_table_that_could_not_reach_the_book_keeps_its_game_once_it_answers(service):
    practice(service).book.join_button.click()  # the browser joined the class on another page
    service.down = True
    table = MamTable(
        mode="versus", seed=4, clock=FakeClock(), book=service.book_client("phone-of-ola")
    )
    assert "not being saved right now" in table.book.status.value
    table.deal_button.click()
    table.answer.text.value = "1+2"
    table.answer.submit.click()
    played = list(table.scorebook.moves)
    assert played and service.games == []
    service.down = False
    retry(table).click()
    assert retry(table) is None and joined(table)
    (kept,) = service.games
    assert kept["seed"] == 4 and kept["moves"] == played


def test_a_table_that_could_not_reach_the_book_brings_back_the_game_left_open(service):
    practice(service).book.join_button.click()
    first = MamTable(
        mode="versus", seed=4, clock=FakeClock(), book=service.book_client("phone-of-ola")
    )
    first.deal_button.click()
    first.answer.text.value = "1+2"
    first.answer.submit.click()
    service.down = True
    again = MamTable(
        mode="versus", seed=9, clock=FakeClock(), book=service.book_client("phone-of-ola")
    )
    service.down = False
    retry(again).click()
    assert "back where you left it" in again.back_message.value
    assert again.seed == 4 and again.scorebook.moves == first.scorebook.moves
    assert len(service.games) == 1


def test_a_table_shows_no_name_box_and_keeps_nothing_until_the_browser_joined(service):
    table = MamTable(
        mode="versus", seed=4, clock=FakeClock(), book=service.book_client("phone-of-ola")
    )
    table.deal_button.click()
    assert table.book.layout.display == "none" and service.games == []


def test_with_a_class_list_the_student_picks_her_name_instead_of_typing_one(service):
    service.book.class_list("5b", ["Bo", "Ola"])
    session = practice(service)
    bar = session.book
    assert bar.pick is not None and bar.pick.options == (
        ("Choose your name", ""),
        ("Bo", "Bo"),
        ("Ola", "Ola"),
    )
    assert bar.name not in bar.joining.children, "no box to type a name in"
    assert "Choose your name from the class list" in bar.status.value
    bar.join_button.click()
    assert "Choose your name first." in bar.message.value
    assert service.book.student_for("phone-of-ola", "5b") is None
    service.book_client("phone-of-bo").join("Bo")  # Bo's phone took her name meanwhile
    bar.pick.value = "Bo"
    bar.join_button.click()
    assert "already has that name" in bar.message.value
    assert [value for _label, value in bar.pick.options] == ["", "Ola"], "the names still free"
    bar.pick.value = "Ola"
    bar.join_button.click()
    assert service.book.student_for("phone-of-ola", "5b").nickname == "Ola"
    assert "Ola" in bar.status.value and session.desk.layout.display == ""


def test_a_class_list_with_every_name_taken_says_to_ask_the_teacher(service):
    service.book.class_list("5b", ["Bo"])
    service.book_client("phone-of-bo").join("Bo")
    session = practice(service)
    assert "Every name on the class list is taken: ask your teacher." in session.book.status.value

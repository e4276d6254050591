"""The background worker and the pacing of computer moves, without a browser.

On the kernel's clock the worker really starts a thread; each test gates that thread with an
Event it controls, so what it asserts is an outcome, never a race."""

import threading

import ipywidgets as w

from mathcards.i18n import use
from widgets.controls import Complains, html, kernel_clock
from widgets.pacing import Pacing
from widgets.worker import Background

WAIT = 60  # seconds: far more than any step here takes, so only a bug waits this long


class Page(Complains):
    """A widget with a message line, a result and a worker, as the LAMA Dice widgets have."""

    def __init__(self, clock=kernel_clock) -> None:
        self.message = html("mc-message-box")
        self.result = w.HTML()
        self.work = Background(clock, self.complain)

    def show(self, text: str):
        return lambda: setattr(self.result, "value", text)


def gated(release: threading.Event, threads: list, shares=(0.5, 1.0), problem=None):
    """Steps that note the thread they run on and wait for `release` before their first share."""
    threads.append(threading.current_thread())
    assert release.wait(WAIT), "the test never released the work"
    if problem is not None:
        raise problem
    yield from shares


def test_on_the_kernels_clock_the_work_runs_on_a_thread_and_its_result_reaches_the_page():
    page, release, threads = Page(), threading.Event(), []
    page.work.start("Working…", gated(release, threads), page.show("done"))
    assert page.work.busy and page.work.layout.display == "" and "Working…" in page.work.label.value
    assert page.result.value == "", "nothing is shown before the work is done"
    release.set()
    page.work.join(WAIT)
    assert threads and threads[0] is not threading.current_thread(), "a worker thread did it"
    assert page.result.value == "done" and page.message.value == ""
    assert not page.work.busy and page.work.layout.display == "none"


def test_an_error_in_the_work_reaches_the_message_line():
    page, release, threads = Page(), threading.Event(), []
    page.work.start("…", gated(release, threads, problem=ValueError("no such row")), page.show("x"))
    release.set()
    page.work.join(WAIT)
    assert "no such row" in page.message.value and "mc-error" in page.message.value
    assert page.result.value == "" and not page.work.busy


def test_a_bug_in_the_work_or_in_showing_it_reaches_the_message_line_by_name():
    page, release, threads = Page(), threading.Event(), []
    page.work.start("…", gated(release, threads, problem=RuntimeError("x")), page.show("x"))
    release.set()
    page.work.join(WAIT)
    assert "Something went wrong: RuntimeError(&#x27;x&#x27;)" in page.message.value

    def broken() -> None:
        raise KeyError("chart")

    page.work.start("…", iter([1.0]), broken)
    page.work.join(WAIT)
    assert "Something went wrong: KeyError(&#x27;chart&#x27;)" in page.message.value


def test_a_bug_reaches_the_page_in_polish():
    use("pl")
    try:
        page = Page()
        page.work.start("…", iter([1.0]), lambda: 1 / 0)
        page.work.join(WAIT)
        assert "Coś poszło nie tak: ZeroDivisionError" in page.message.value
    finally:
        use("en")


def test_a_second_request_supersedes_the_first():
    page, first_release, threads = Page(), threading.Event(), []
    page.work.start("first", gated(first_release, threads), page.show("first"))
    first = page.work.thread
    page.work.start("second", iter([0.5, 1.0]), page.show("second"))
    page.work.join(WAIT)
    assert page.result.value == "second" and not page.work.busy
    first_release.set()
    assert first is not None and first is not page.work.thread
    first.join(WAIT)
    assert not first.is_alive()
    assert page.result.value == "second", "the first request's result is never shown"
    assert page.message.value == "" and not page.work.busy


def test_cancelled_work_never_shows_its_result():
    page, release, threads = Page(), threading.Event(), []
    page.work.start("…", gated(release, threads), page.show("late"))
    page.work.cancel()
    assert not page.work.busy and page.work.layout.display == "none"
    release.set()
    page.work.join(WAIT)
    assert page.result.value == "" and page.message.value == ""


def test_on_a_tests_clock_the_work_runs_in_slices_and_never_on_a_thread(clock):
    page, ran_on = Page(clock), []

    def steps():
        for share in (0.25, 0.5, 1.0):
            ran_on.append(threading.current_thread())
            yield share

    page.work.start("…", steps(), page.show("done"))
    assert page.work.busy and page.result.value == "" and page.work.thread is None
    clock.run()
    assert page.result.value == "done" and not page.work.busy
    assert set(ran_on) == {threading.current_thread()}


def test_on_a_tests_clock_a_second_request_supersedes_the_first(clock):
    page = Page(clock)
    page.work.start("first", iter([0.5, 1.0]), page.show("first"))
    page.work.start("second", iter([1.0]), page.show("second"))
    clock.run()
    assert page.result.value == "second"


# ---------------------------------------------------------------- pacing


class Table:
    """Three computer moves to make, then it is your move."""

    def __init__(self, clock, pause: float) -> None:
        self.computer_moves, self.renders, self.complaints = 3, 0, []
        self.pacing = Pacing(
            clock,
            pause,
            computer_to_move=lambda: self.computer_moves > 0,
            move=self.move,
            render=self.render,
            complain=self.complaints.append,
        )

    def move(self) -> None:
        self.computer_moves -= 1

    def render(self) -> None:
        self.renders += 1


def test_computer_moves_come_one_a_pause_apart_until_it_is_your_move(clock):
    table = Table(clock, pause=0.8)
    table.pacing.start()
    assert table.computer_moves == 3 and table.pacing.busy and table.renders == 1
    assert [timer.seconds for timer in clock.waiting] == [0.8]
    clock.step()
    assert table.computer_moves == 2 and table.renders == 2, "one move a pause, then shown"
    clock.run()
    assert table.computer_moves == 0 and not table.pacing.busy and not clock.waiting


def test_without_a_pause_the_computers_move_at_once(clock):
    table = Table(clock, pause=0)
    table.pacing.start()
    assert table.computer_moves == 0 and table.renders == 1 and not clock.pending


def test_stopping_forgets_the_waiting_move(clock):
    table = Table(clock, pause=1)
    table.pacing.start()
    table.pacing.stop()
    clock.run()
    assert table.computer_moves == 3 and not table.pacing.busy


def test_an_error_in_a_computer_move_reaches_the_page_and_the_computers_stop(clock):
    table = Table(clock, pause=1)

    def broken() -> None:
        raise ValueError("that card is not in the hand")

    table.pacing.move = broken
    table.pacing.start()
    clock.run()
    assert table.complaints == ["that card is not in the hand"] and not table.pacing.busy

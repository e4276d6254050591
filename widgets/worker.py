"""Slow work (many simulated rounds, a chart) done after the page is shown, so a page opens at
once and its buttons stay responsive.

On a page (the kernel's clock) the work runs on a worker thread; a test passes its own clock
and the same work runs in slices on it instead, one slice per tick.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from html import escape
from typing import Any

import ipywidgets as w

from widgets.controls import Clock, html, kernel_clock, trouble

SLICE = 0.05  # seconds of work between two looks at the page's buttons (on a test's clock)
SHOWN = 0.2  # seconds between two moves of the progress bar (on the worker thread)


def background(seconds: float, callback: Callable[[], None]) -> threading.Timer:
    """Call back on a thread of its own after `seconds`, so the page stays usable while slow
    work (drawing a chart) is done; the handle can `cancel()` it."""
    timer = threading.Timer(seconds, callback)
    timer.daemon = True
    timer.start()
    return timer


@dataclass(eq=False)
class Job:
    """One request for work: its steps (each yields the share done, 0 to 1), and what shows
    the result when they end."""

    steps: Iterator[float]
    done: Callable[[], None]


class Background(w.HBox):
    """Heavy work behind a progress bar.

    `start(what, steps, done)`: `steps` yields the share done so far; when it ends, `done()`
    shows the result. Starting again, or `cancel()`, supersedes the work under way: its result
    is never shown. An error in the work or in `done` reaches `complain`, never vanishes."""

    def __init__(self, clock: Clock, complain: Callable[[str], None]) -> None:
        self.clock, self.complain = clock, complain
        self.bar = w.FloatProgress(value=0, min=0, max=1)
        self.label = html("mc-progress")
        self.lock = threading.Lock()  # the worker thread and the page agree on `job`
        self.job: Job | None = None
        self.timer: Any = None
        self.thread: threading.Thread | None = None
        super().__init__(  # shown while a job is under way
            [self.label, self.bar], layout=w.Layout(display="none"), _dom_classes=("mc-background",)
        )

    @property
    def busy(self) -> bool:
        return self.job is not None

    def start(self, what: str, steps: Iterator[float], done: Callable[[], None]) -> None:
        self.cancel()
        job = self.job = Job(steps, done)
        self.label.value = escape(what)
        self.bar.value = 0
        self.layout.display = ""
        if self.clock is kernel_clock:
            self.thread = threading.Thread(target=self._work, args=(job,), daemon=True)
            self.thread.start()
        else:
            self.timer = self.clock(0, lambda: self._slice(job))

    def cancel(self) -> None:
        with self.lock:
            self._forget()

    def join(self, timeout: float | None = None) -> None:
        """Wait for the worker thread to end (a script or a test; a page never waits)."""
        if self.thread is not None:
            self.thread.join(timeout)

    def _forget(self) -> None:
        if self.timer is not None:
            self.timer.cancel()
        self.timer, self.job = None, None
        self.layout.display = "none"

    def _work(self, job: Job) -> None:
        """On the worker thread: all the steps, the bar moved a few times a second."""
        shown = 0.0
        try:
            for fraction in job.steps:
                if self.job is not job:
                    return  # superseded: newer work has started
                if time.perf_counter() - shown > SHOWN:
                    self.bar.value, shown = min(1.0, fraction), time.perf_counter()
        except Exception as problem:
            self._failed(job, problem)
            return
        self._finish(job)

    def _slice(self, job: Job) -> None:
        """On a test's clock: work for about SLICE seconds, then let the page have its turn."""
        if self.job is not job:
            return
        self.timer = None
        deadline = time.perf_counter() + SLICE
        try:
            while time.perf_counter() < deadline:
                self.bar.value = min(1.0, next(job.steps))
        except StopIteration:
            self._finish(job)
            return
        except Exception as problem:
            self._failed(job, problem)
            return
        self.timer = self.clock(0, lambda: self._slice(job))

    def _ended(self, job: Job) -> bool:
        """The job ends now, unless newer work superseded it (then it ends silently)."""
        with self.lock:
            if self.job is not job:
                return False
            self._forget()
            return True

    def _failed(self, job: Job, problem: Exception) -> None:
        if self._ended(job):
            self.complain(trouble(problem))

    def _finish(self, job: Job) -> None:
        if not self._ended(job):
            return
        try:
            job.done()
        except Exception as problem:  # a bug must still reach the page
            self.complain(trouble(problem))

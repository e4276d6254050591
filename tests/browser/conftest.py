"""A Voila server serving the lessons, and a real Chromium driven by Playwright.

Chromium is `$MATHCARDS_CHROMIUM`, else Debian's headless shell, else Debian's Chromium, else
Playwright's own (`make test` makes sure one of them is there).
"""

from __future__ import annotations

import os
import re
import time
from collections.abc import Callable, Iterator
from contextlib import suppress
from pathlib import Path
from typing import TypeVar

import psutil
import pytest

from tests.servers import ROOT, Served, is_kernel, serving

FIRST_RENDER_MS = 60_000
Held = TypeVar("Held")  # what a condition gives once it holds
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


def join(page, name: str) -> None:
    """Join the class under `name` on a page of the class book, as a student does."""
    page.locator(".mc-join-name input").fill(name)
    page.locator("button.mc-join").click()
    page.locator(".mc-book-who", has_text=name).wait_for()


SENT = """async () => {
  const models = await Promise.all(Object.values(window.jupyterapp.widgetManager._models));
  return models.every(model => !model._pending_msgs
    && !Object.keys(model._buffered_state_diff || {}).length);
}"""


def sent(page) -> None:
    """Until the page has sent its kernel every change made on it (a box typed in, a box
    ticked) and the kernel has taken them: ipywidgets holds a change back while the kernel is
    busy (order.js sends it before an event, but a test then reads what the kernel made)."""
    page.wait_for_function(SENT, timeout=FIRST_RENDER_MS)


def until(
    condition: Callable[[], Held],
    seconds: float,
    what: str,
    seen: Callable[[], str] = str,
    pause: Callable[[float], object] = time.sleep,
) -> Held:
    """Wait for `condition` to hold (a condition, not a sleep: however slowly the machine runs,
    it has happened when it holds), and what it gave then; if it never does within `seconds`,
    the failure says `what`, and what is `seen` (`pause`: how to wait between two looks)."""
    deadline = time.monotonic() + seconds
    while not (held := condition()):
        assert time.monotonic() < deadline, f"not within {seconds:.0f} s: {what}{seen()}"
        pause(0.2)
    return held


def in_playwright(page) -> Callable[[float], object]:
    """A pause of `until` that lets Playwright run: a page's route handlers run only while
    Playwright is called."""
    return lambda seconds: page.wait_for_timeout(seconds * 1000)


def wait_until_warm(log: Path, page: str, times: int = 1, seconds: float = 300) -> None:
    """Until the server's log says the page's warm kernels have been ready `times` times."""
    filled = f"Kernel pool of {page} is filled"
    until(lambda: log.read_text().count(filled) >= times, seconds, f"{page}: no warm kernel")


def warm_pages(lessons: Path, language: str) -> list[str]:
    """The pages `mathcards serve --lang language` keeps warm kernels for: every page of the
    language."""
    return sorted(p.relative_to(lessons).as_posix() for p in (lessons / language).rglob("*.ipynb"))


@pytest.fixture(scope="session")
def server(tmp_path_factory) -> Iterator[str]:
    """The lessons, served as `make serve` serves them, once the warm kernels have run their
    pages (a first page opened while twenty kernels start would wait for all of them)."""
    with serving(ROOT / "lessons", tmp_path_factory.mktemp("voila")) as served:
        for page in warm_pages(ROOT / "lessons", "en"):
            wait_until_warm(served.log, page)
        yield served.base


# How long the live server keeps the kernel of a page that lost its connection: longer than all
# the bounded waits of a test that cuts a page off put together (five of at most 60 s), so the
# kernel is there when the page comes back however slowly the machine runs the test.
LIVE_KEEP_SECONDS = 600


@pytest.fixture(scope="session")
def live_server(tmp_path_factory) -> Iterator[Served]:
    """The lessons served for the live class and the class book's pages: no warm kernels (the
    pages a live test opens start their kernels side by side, none waits behind a pool), a
    kernel kept LIVE_KEEP_SECONDS without its page; each test starts a game of its own, with
    students of its own (`live_class`)."""
    options = ("--warm", "none", "--keep-kernel", str(LIVE_KEEP_SECONDS))
    with serving(ROOT / "lessons", tmp_path_factory.mktemp("live"), *options) as served:
        yield served


def kernels(served: Served) -> set[int]:
    """The kernels a server runs now (its pages' and its warm ones), by process id."""
    return {child.pid for child in served.family.children(recursive=True) if is_kernel(child)}


class LiveClass:
    """The shared live server as one test's class uses it: the browser contexts it opens (the
    teacher's, each student's), all closed when the test ends; then every kernel their pages
    started is gone, so that no page of this class joins the next test's game."""

    def __init__(self, served: Served, browser) -> None:
        self.served, self.browser = served, browser
        self.base = served.base
        self.contexts: list = []
        self.kernels = kernels(served)

    def context(self, **options):
        self.contexts.append(self.browser.new_context(**options))
        return self.contexts[-1]

    def teacher_url(self) -> str:
        return self.served.teacher_url()

    def projector(self, language: str, seed: int, rounds: int = 2):
        """The teacher's projector at 1280 × 800 (the teacher's cookie taken first), a new live
        MAM! game started on it: deal number `seed`, `rounds` rounds."""
        from playwright.sync_api import expect

        shown = self.context(viewport={"width": 1280, "height": 800}).new_page()
        shown.goto(self.teacher_url())  # the teacher's cookie
        shown.goto(f"{self.base}/voila/render/{language}/live/projector.ipynb")
        expect(shown.locator(".mc-live-room-title")).not_to_be_empty()  # the service's view
        new_live_game(shown, seed, rounds)
        return shown

    def leave(self, seconds: float = 60) -> None:
        """Every page unloads (it asks the server to end its kernel); the contexts close only
        once those kernels are gone, so that closing one cannot cut off a request an unloading
        page still has on the way. Kernels left behind are named with what the server said of
        each (CI once saw one outlive its page, cause unseen)."""
        for context in self.contexts:
            for page in context.pages:
                page.goto("about:blank")
        try:
            until(
                lambda: not kernels(self.served) - self.kernels,
                seconds,
                "every page's kernel ended\n",
                lambda: self.left_behind(kernels(self.served) - self.kernels),
            )
        finally:
            for context in self.contexts:
                context.close()

    def left_behind(self, pids: set[int]) -> str:
        """The kernels the class's pages left behind, with what the server said of each."""
        said = self.served.said().splitlines()
        told = [f"the class's pages left {len(pids)} kernels behind"]
        for pid in pids:
            with suppress(psutil.NoSuchProcess):
                named = re.search(
                    r"kernel-([0-9a-f-]+)\.json", " ".join(psutil.Process(pid).cmdline())
                )
                kernel = named.group(1) if named else "?"
                told += [
                    f"kernel {kernel} (process {pid}):",
                    *(line for line in said if kernel in line),
                ]
        return "\n".join(told)


@pytest.fixture
def live_class(live_server, browser) -> Iterator[LiveClass]:
    """A class on the shared live server (see LiveClass)."""
    opened = LiveClass(live_server, browser)
    yield opened
    opened.leave()


def assert_not_blank(screenshot: Path) -> None:
    """A page that rendered has many shades, not one flat colour."""
    from PIL import Image

    colours = Image.open(screenshot).convert("L").getcolors(maxcolors=1 << 16)
    assert colours is None or len(colours) > 8, f"{screenshot} is blank"


SIZES = {"projector": (1280, 800), "phone": (390, 844), "small phone": (360, 800)}

# Every visible control must lie inside the window and show its whole label; neither the page
# nor anything on it scrolls sideways or is cut (a table, a formula, a row of controls): wide
# things reflow or stack. Only a Unikat board, a plane of cards, scrolls inside its own box.
LAYOUT_PROBLEMS = """() => {
  const problems = [];
  const width = window.innerWidth;
  const page = document.documentElement.scrollWidth;
  if (page > width + 1) problems.push(`the page is ${page}px wide in a ${width}px window`);
  const boxes = document.querySelectorAll('#rendered_cells, #rendered_cells *');
  for (const box of boxes) {
    if (getComputedStyle(box).overflowX === 'visible' || !box.clientWidth) continue;
    if (box.scrollWidth <= box.clientWidth + 1 || box.closest('.mc-unikat-board')) continue;
    const hidden = getComputedStyle(box).clipPath !== 'none' && box.clientWidth <= 1;
    if (hidden) continue;  // visually hidden on purpose: the plain text for a screen reader
    const what = (box.innerText || box.textContent || '').trim().replace(/\\s+/g, ' ').slice(0, 40);
    const named = `${box.tagName.toLowerCase()}.${[...box.classList].join('.')}`;
    problems.push(`"${what}" (${named}) is cut: ${box.scrollWidth}px wide in ${box.clientWidth}px`);
  }
  const controls = document.querySelectorAll(['button', 'input', 'select', 'textarea']
    .map(tag => `#rendered_cells ${tag}`).join(', '));
  for (const control of controls) {
    const box = control.getBoundingClientRect();
    if (!box.width || !box.height || getComputedStyle(control).visibility === 'hidden') continue;
    const name = (control.innerText || control.value || control.placeholder || control.type || '')
      .trim().slice(0, 30);
    const output = control.closest('.jp-OutputArea-output') || document.body;
    const room = output.getBoundingClientRect();
    if (box.left < Math.max(room.left, 0) - 1 || box.right > Math.min(room.right, width) + 1)
      problems.push(`"${name}" is cut off: ${Math.round(box.left)}..${Math.round(box.right)}px`);
    const [needs, has] = [control.scrollWidth, control.clientWidth];
    if (control.tagName === 'BUTTON' && needs > has + 2)
      problems.push(`"${name}" does not fit its label (${needs} > ${has}px)`);
  }
  return problems;
}"""


def resized(page, width: int, height: int) -> None:
    """The window at this size, once the page has laid itself out again (two frames drawn:
    the styles and container queries applied, the widgets' resize handlers run)."""
    page.set_viewport_size({"width": width, "height": height})
    page.evaluate(
        "() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))"
    )


def layout_problems(page) -> list[str]:
    """What a reader at this window size cannot reach or read (an empty list: none)."""
    return page.evaluate(LAYOUT_PROBLEMS)


# Debian's builds of Chromium: the headless shell is the same Blink and V8 without the browser
# around them (what Playwright itself runs headless); it opens a lesson page with about 40% less
# CPU (1.0 to 1.4 s against 1.5 to 2.5 s, measured), and the browser tests are mostly opening pages.
SHELL, BROWSER = "/usr/bin/chromium-headless-shell", "/usr/bin/chromium"


def chromium_path(*preferred: str) -> str | None:
    """`$MATHCARDS_CHROMIUM`, else the first of `preferred` on this machine (the tests': the
    headless shell, then the browser); None: Playwright's own Chromium."""
    chosen = os.environ.get("MATHCARDS_CHROMIUM")
    found = (chosen,) if chosen else preferred or (SHELL, BROWSER)
    return next((path for path in found if Path(path).exists()), None)


class Patient:
    """Chromium whose pages wait up to FIRST_RENDER_MS for what they are told to click, fill or
    choose, as `expect` waits for what they show: on a loaded machine a page's widgets may
    come later than Playwright's 30 s."""

    def __init__(self, chromium) -> None:
        self.chromium = chromium

    def new_context(self, **options):
        context = self.chromium.new_context(**options)
        context.set_default_timeout(FIRST_RENDER_MS)
        return context

    def new_page(self, **options):
        page = self.chromium.new_page(**options)
        page.set_default_timeout(FIRST_RENDER_MS)
        return page

    def __getattr__(self, name: str):
        return getattr(self.chromium, name)


def wait_patiently() -> None:
    """`expect` waits up to FIRST_RENDER_MS: what a page shows may come a moment later."""
    from playwright.sync_api import expect

    expect.set_options(timeout=FIRST_RENDER_MS)


def launch(playwright) -> Patient:
    """Chromium as the tests use it (CHROMIUM_FLAGS), patient (see Patient)."""
    wait_patiently()
    return Patient(playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_FLAGS))


@pytest.fixture(scope="session")
def playwright():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="session")
def browser(playwright):
    chromium = launch(playwright)
    yield chromium
    chromium.close()


class Visit:
    """A page opened in the browser, with every request and console error it made."""

    def __init__(self, page):
        self.page = page
        self.requests: list[str] = []
        self.errors: list[str] = []
        page.on("request", lambda request: self.requests.append(request.url))
        page.on("pageerror", lambda error: self.errors.append(str(error)))
        page.on("console", self._console)

    def _console(self, message) -> None:
        if message.type == "error":
            self.errors.append(f"{message.text} ({message.location.get('url')})")

    def open(self, url: str, lands_on: str | None = None) -> None:
        """Go to `url` and wait until the notebook (at `lands_on`, if it redirects) is ready."""
        self.page.goto(url, timeout=FIRST_RENDER_MS)
        if lands_on:
            self.page.wait_for_url(lands_on, timeout=FIRST_RENDER_MS)
        self.page.wait_for_selector("#loading", state="hidden", timeout=FIRST_RENDER_MS)
        self.page.wait_for_function(
            "!document.body.innerText.includes('Loading widget')", timeout=FIRST_RENDER_MS
        )

    def offsite_requests(self) -> list[str]:
        """Requests that would need the internet: a classroom page makes none."""
        on_this_machine = ("http://127.0.0.1", "ws://127.0.0.1", "data:", "blob:", "about:")
        return [url for url in self.requests if not url.startswith(on_this_machine)]


@pytest.fixture(scope="session")
def browsing(playwright, tmp_path_factory):
    """One browser profile on disk for the tests' visits, as a student's browser is: Voila's
    scripts are fetched once (the server says to keep them a year), and V8 keeps their compiled
    code, which it never does in a private window like `browser.new_context()`'s (a practice
    page opened again then costs Chromium 0.8 s of CPU instead of 1.1, measured)."""
    context = playwright.chromium.launch_persistent_context(
        tmp_path_factory.mktemp("profile"),
        executable_path=chromium_path(),
        args=CHROMIUM_FLAGS,
        viewport={"width": 1280, "height": 900},
    )
    context.set_default_timeout(FIRST_RENDER_MS)
    wait_patiently()
    yield context
    context.close()


@pytest.fixture
def visit(browsing):
    """A page of its own, as a new student's: no cookie from an earlier visit (no device, no
    class book name). It unloads when the test ends, ending its kernel."""
    browsing.clear_cookies()
    page = browsing.new_page()
    yield Visit(page)
    page.goto("about:blank")
    page.close()


@pytest.fixture
def first_visit(browser):
    """A page in a browser that has never seen the server: every script and style fetched, as
    on a student's first visit (what a page loads, and how, is seen in full)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    yield Visit(context.new_page())
    context.close()


def new_live_game(projector, seed: int, rounds: int) -> None:
    """On an open MAM! live projector, a new game: deal number `seed`, `rounds` rounds."""
    from playwright.sync_api import expect

    if projector.locator(".mc-live-seed input").is_hidden():  # the last game's settings folded
        projector.locator(".mc-live-setup-box .jupyter-widget-Collapse-header").click()
    projector.locator(".mc-live-seed input").fill(str(seed))
    projector.locator(".mc-live-rounds input").fill(str(rounds))
    projector.locator(".mc-live-rounds input").press("Enter")
    projector.locator("button.mc-live-new").click()
    expect(projector.locator(".mc-live-settings")).to_contain_text(str(seed))

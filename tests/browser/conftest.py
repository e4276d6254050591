"""A Voila server serving the lessons, and a real Chromium driven by Playwright.

Chromium is `$MATHCARDS_CHROMIUM`, else `/usr/bin/chromium`, else Playwright's own
(`make test` makes sure one of them is there).
"""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FIRST_RENDER_MS = 60_000
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


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_until_up(url: str, server: subprocess.Popen, seconds: float = 90) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"the server stopped with exit status {server.returncode}")
        try:
            with urllib.request.urlopen(url, timeout=2):
                return
        except OSError:
            time.sleep(0.3)
    raise RuntimeError(f"no answer from {url} after {seconds} s")


@contextmanager
def serving(lessons: Path, log_folder: Path, *options: str, db: str | None = None):
    """`mathcards serve` for a lessons folder on a free loopback port (with more `options`, such
    as `--warm all`), its class book in `db` (else a new file beside its log); yields its base
    URL."""
    port = free_port()
    log = (log_folder / "server.log").open("w")
    book = db or f"sqlite:///{log_folder / 'classbook.sqlite'}"
    command = [
        sys.executable,
        "-m",
        "mathcards.cli",
        "serve",
        "--port",
        str(port),
        "--lessons",
        str(lessons),
        *options,
    ]
    process = subprocess.Popen(
        command,
        cwd=ROOT,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
        env={**os.environ, "MATHCARDS_DB": book},
    )
    base = f"http://127.0.0.1:{port}"
    SERVERS[base] = process
    try:
        wait_until_up(base + "/mathcards/class.json", process)  # not a page: no kernel taken
        yield base
    finally:
        stop_server(process)
        log.close()


SERVERS: dict[str, subprocess.Popen] = {}  # by base URL: each server `serving` started


def stop_server(process: subprocess.Popen, how: signal.Signals = signal.SIGTERM) -> None:
    """Stop a server and everything it started (a server already killed is left as it is)."""
    try:
        os.killpg(process.pid, how)
        process.wait(timeout=20)
    except ProcessLookupError:
        return
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=20)


def teacher_url(log: Path) -> str:
    """The teacher's page, as the server printed it for the teacher (with the teacher's code)."""
    found = re.search(r"http://\S+/mathcards/teacher\?code=\w+", log.read_text())
    assert found, f"no teacher's address in {log}"
    return found.group()


def join(page, name: str) -> None:
    """Join the class under `name` on a page of the class book, as a student does."""
    page.locator(".mc-join-name input").fill(name)
    page.locator("button.mc-join").click()
    page.locator(".mc-book-who", has_text=name).wait_for()


def wait_until_warm(log: Path, page: str, times: int = 1, seconds: float = 300) -> None:
    """Until the server's log says the page's warm kernels have been ready `times` times."""
    deadline = time.monotonic() + seconds
    while log.read_text().count(f"Kernel pool of {page} is filled") < times:
        if time.monotonic() > deadline:
            raise TimeoutError(f"{page}: no warm kernel after {seconds:.0f} s")
        time.sleep(0.5)


def quiet(seconds: float = 300, busy_percent: float = 20) -> None:
    """Until the processors are nearly idle for a second (warm kernels have run their pages),
    or `seconds` have passed."""
    import psutil

    deadline = time.monotonic() + seconds
    while psutil.cpu_percent(interval=1) > busy_percent and time.monotonic() < deadline:
        pass


@pytest.fixture(scope="session")
def server(tmp_path_factory) -> str:
    """The lessons, served as `make serve` serves them, once their warm kernels have run their
    pages (a first page opened while twenty kernels start would wait for all of them)."""
    with serving(ROOT / "lessons", tmp_path_factory.mktemp("voila")) as base:
        quiet()
        yield base


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


def layout_problems(page) -> list[str]:
    """What a reader at this window size cannot reach or read (an empty list: none)."""
    return page.evaluate(LAYOUT_PROBLEMS)


def chromium_path() -> str | None:
    chosen = os.environ.get("MATHCARDS_CHROMIUM") or "/usr/bin/chromium"
    return chosen if Path(chosen).exists() else None  # None: Playwright's own Chromium


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


def launch(playwright) -> Patient:
    """Chromium as the tests use it (CHROMIUM_FLAGS), patient (see Patient)."""
    from playwright.sync_api import expect

    expect.set_options(timeout=FIRST_RENDER_MS)  # what a page shows may come a moment later
    return Patient(playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_FLAGS))


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
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


@pytest.fixture
def visit(browser):
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    yield Visit(page)
    page.close()

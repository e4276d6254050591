"""A Voila server serving the lessons, and a real Chromium driven by Playwright.

Chromium is `$MATHCARDS_CHROMIUM`, else `/usr/bin/chromium`, else Playwright's own
(`make test` makes sure one of them is there).
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FIRST_RENDER_MS = 60_000
# Voila's templates link Font Awesome from a CDN; offline that fails harmlessly.
FONT_AWESOME = (
    "https://cdn.jsdelivr.net/npm/font-awesome@",
    "https://cdn.jsdelivr.net/npm/@fortawesome/fontawesome-free@",
)
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


@pytest.fixture(scope="session")
def server(tmp_path_factory) -> str:
    """`mathcards serve` on a free loopback port; yields its base URL."""
    port = free_port()
    log = (tmp_path_factory.mktemp("voila") / "server.log").open("w")
    process = subprocess.Popen(
        [sys.executable, "-m", "mathcards.cli", "serve", "--port", str(port)],
        cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
    )  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    try:
        wait_until_up(base + "/", process)
        yield base
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
        log.close()


def chromium_path() -> str | None:
    chosen = os.environ.get("MATHCARDS_CHROMIUM") or "/usr/bin/chromium"
    return chosen if Path(chosen).exists() else None  # None: Playwright's own Chromium


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_FLAGS)
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
        if message.type == "error" and not is_font_awesome(message.location.get("url", "")):
            self.errors.append(message.text)

    def open(self, url: str) -> None:
        self.page.goto(url)
        self.page.wait_for_selector("#loading", state="hidden", timeout=FIRST_RENDER_MS)

    def offsite_requests(self) -> list[str]:
        """Requests that would need the internet (Voila's own Font Awesome link excepted)."""
        allowed = ("http://127.0.0.1", "data:", "blob:", "about:", *FONT_AWESOME)
        return [url for url in self.requests if not url.startswith(allowed)]


def is_font_awesome(url: str) -> bool:
    return url.startswith(FONT_AWESOME)


@pytest.fixture
def visit(browser):
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    yield Visit(page)
    page.close()

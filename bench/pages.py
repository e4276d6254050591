"""Time to interactive of every lesson page, in a real Chromium against `mathcards serve`.

Run: ``make bench-pages`` (or ``.venv/bin/python -m bench.pages [--runs N] [PAGE ...]``).
For each page: the median and worst seconds from asking for the page until its widgets are on
the screen, and the ratio of the median to the 3-second goal (under 1 is within it). One user
at a time in one browser, as `make serve` serves them: the pages in English are warm (a kernel
waits for each, having run it), so each is opened once its warm kernel is ready and the machine
is quiet; the Polish pages are cold. The first row is the floor: a cold notebook with one button
(what Voila and a new kernel cost before any lesson code runs); a warm-up opens it first, so the
browser has Voila's scripts in its cache, as it has after the first page of a lesson.
"""

from __future__ import annotations

import argparse
import shutil
import tempfile
import time
from pathlib import Path
from statistics import median

from mathcards.classroom import warm_pages
from mathcards.i18n import DEFAULT
from tests.browser.conftest import CHROMIUM_FLAGS, chromium_path, quiet, serving, wait_until_warm

LESSONS = Path(__file__).resolve().parent.parent / "lessons"
GOAL_SECONDS = 3.0
WAIT_MS = 120_000


FLOOR = "floor.ipynb"


def floor_notebook() -> str:
    """A notebook with one button: the least a served page can be."""
    import nbformat

    notebook = nbformat.v4.new_notebook(
        cells=[
            nbformat.v4.new_code_cell('import ipywidgets\n\nipywidgets.Button(description="ok")')
        ]
    )
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
    return nbformat.writes(notebook)


def pages() -> list[str]:
    """Every lesson, as Voila serves it."""
    return sorted(str(path.relative_to(LESSONS)) for path in LESSONS.rglob("*.ipynb"))


def time_to_interactive(browser, url: str) -> float:
    """Seconds until the page has run and its widgets are drawn, in a tab of the user's browser
    (a Playwright context: its cache holds Voila's scripts once a first page has loaded them)."""
    page = browser.new_page()
    start = time.perf_counter()
    page.goto(url, timeout=WAIT_MS)
    page.wait_for_selector("#loading", state="hidden", timeout=WAIT_MS)
    page.wait_for_function("!document.body.innerText.includes('Loading widget')", timeout=WAIT_MS)
    seconds = time.perf_counter() - start
    page.close()
    return seconds


def opening(browser, base: str, log: Path, name: str, done: int, warm: bool) -> float:
    """One user opening the page: a warm page once its warm kernel is ready (again, after `done`
    openings); a cold page's kernel starts when it is asked for."""
    if warm:
        wait_until_warm(log, name, times=done + 1)
    quiet()  # a warm kernel has run its page, and nothing else is busy
    return time_to_interactive(browser, f"{base}/voila/render/{name}")


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__)
    options.add_argument("--runs", type=int, default=3, help="openings per page")
    options.add_argument("pages", nargs="*", default=pages(), metavar="PAGE")
    args = options.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        served = Path(folder) / "lessons"
        shutil.copytree(LESSONS, served)
        (served / FLOOR).write_text(floor_notebook(), encoding="utf-8")
        measure(served, Path(folder), [FLOOR, *args.pages], args.runs)


def measure(served: Path, logs: Path, names: list[str], runs: int) -> None:
    """Serve the folder, open each page `runs` times, print one line a page."""
    from playwright.sync_api import sync_playwright

    warm = set(warm_pages(served, DEFAULT, None))  # as `make serve` warms them
    with serving(served, logs) as base, sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_FLAGS)
        browser = chromium.new_context(viewport={"width": 1280, "height": 800})  # one user's
        time_to_interactive(browser, f"{base}/voila/render/{FLOOR}")  # warm-up
        print(f"{'page':<48} {'median':>7} {'worst':>7} {'/ 3 s':>6}")
        for name in names:
            log, is_warm = logs / "server.log", name in warm
            times = [opening(browser, base, log, name, n, is_warm) for n in range(runs)]
            ratio = median(times) / GOAL_SECONDS
            print(f"{name:<48} {median(times):>6.2f}s {max(times):>6.2f}s {ratio:>6.2f}")
        chromium.close()


if __name__ == "__main__":
    main()

"""Time to interactive of every lesson page, in a real Chromium against `mathcards serve`.

Run: ``make bench-pages`` (or ``.venv/bin/python -m bench.pages [--runs N] [--in-a-row] [PAGE
...]``, a PAGE named within a language: ``mam/2-practice.ipynb``).

Every page, in both languages, is served warm (``--warm``: a kernel waits for each page, having
run it, as `mathcards serve --lang en` or `--lang pl` serves its language), and opened by
one user at a time, each opening once the page's warm kernel is ready and the machine is quiet:

- *warm*: in the user's browser, whose cache holds Voila's scripts (a page after the first);
- *empty*: in a browser with an empty cache (the first page a student opens).

The time is from asking for the page until its widgets are on the screen, the median of the
runs. The first row is the floor: a notebook with a single button, served the same way; beside
each time its ratio to the floor's in the same column. Goals on a 2-core machine: every lesson
within 1.3× the floor, a warm page under 1.2 s, a page with an empty cache under 2.5 s.

`--in-a-row` measures what a warm pool's refill does to the pages opened after it: the server
settled first (every warm kernel has run its page, the machine is quiet), the floor and then
every English page are opened one after another in the user's browser, each on its warm
kernel, with no wait between them, so that each page's refill comes while the next ones are
asked for. Each run prints every page's time and ratio to the floor's, and its slowest page;
then the spread of the slowest ratios over the runs (goal: every one within 1.3×).
"""

from __future__ import annotations

import argparse
import shutil
import tempfile
import time
from collections import Counter
from pathlib import Path
from statistics import median

from bench.machine import load, quiet, stop_cleanly
from tests.browser.conftest import CHROMIUM_FLAGS, chromium_path, wait_until_warm
from tests.servers import serving

LESSONS = Path(__file__).resolve().parent.parent / "lessons"
LANGUAGES = ("en", "pl")
MODES = ("warm", "empty")
GOALS = {"ratio": 1.3, "warm": 1.2, "empty": 2.5}
WAIT_MS = 120_000
QUIET_SECONDS = 60  # at most, for the machine to calm down before an opening
VIEWPORT = {"width": 1280, "height": 800}
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
    """Every lesson, named within its language (lessons/en and lessons/pl hold the same)."""
    return sorted(str(path.relative_to(LESSONS / "en")) for path in LESSONS.glob("en/**/*.ipynb"))


def time_to_interactive(context, url: str) -> float:
    """Seconds until the page has run and its widgets are drawn, in a tab of a browser (a
    Playwright context: its cache holds Voila's scripts once a first page has loaded them)."""
    page = context.new_page()
    start = time.perf_counter()
    page.goto(url, timeout=WAIT_MS)
    page.wait_for_selector("#loading", state="hidden", timeout=WAIT_MS)
    page.wait_for_function("!document.body.innerText.includes('Loading widget')", timeout=WAIT_MS)
    seconds = time.perf_counter() - start
    page.close()
    return seconds


class User:
    """One user opening pages on the server, in their own browser or in a fresh one."""

    def __init__(self, chromium, base: str, log: Path) -> None:
        self.chromium, self.base, self.log = chromium, base, log
        self.browser = chromium.new_context(viewport=VIEWPORT)  # the user's: its cache kept
        self.opened: Counter[str] = Counter()

    def open(self, name: str, mode: str) -> float:
        """Open the page once its warm kernel is ready and the machine is quiet."""
        wait_until_warm(self.log, name, times=self.opened[name] + 1)
        self.opened[name] += 1
        quiet(seconds=QUIET_SECONDS)
        url = f"{self.base}/voila/render/{name}"
        if mode == "warm":
            return time_to_interactive(self.browser, url)
        fresh = self.chromium.new_context(viewport=VIEWPORT)  # an empty cache
        try:
            return time_to_interactive(fresh, url)
        finally:
            fresh.close()


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__)
    options.add_argument("--runs", type=int, default=2, help="openings per page and column")
    options.add_argument(
        "--in-a-row", action="store_true", help="the English pages one after another, no wait"
    )
    options.add_argument("pages", nargs="*", default=pages(), metavar="PAGE")
    args = options.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        served = Path(folder) / "lessons"
        shutil.copytree(LESSONS, served)
        (served / FLOOR).write_text(floor_notebook(), encoding="utf-8")
        if args.in_a_row:
            spread(in_a_row(served, Path(folder), [f"en/{name}" for name in args.pages], args.runs))
        else:
            report(measure(served, Path(folder), args.pages, args.runs), args.pages)


def in_a_row(served: Path, logs: Path, names: list[str], runs: int) -> list[dict[str, float]]:
    """Each run: once every pool is full again and the machine quiet, the floor and the pages
    opened one after another in the user's browser; every page's seconds, run by run."""
    from playwright.sync_api import sync_playwright

    print(f"load average before: {load()}", flush=True)
    warm, times = [FLOOR, *names], []
    with serving(served, logs, "--warm", *warm) as server, sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_FLAGS)
        browser = chromium.new_context(viewport=VIEWPORT)
        wait_until_warm(logs / "server.log", FLOOR)
        time_to_interactive(browser, f"{server.base}/voila/render/{FLOOR}")  # the scripts cached
        for run in range(runs):
            for name in warm:  # settled: every pool full again (the floor's once more)
                wait_until_warm(logs / "server.log", name, times=run + 1 + (name == FLOOR))
            quiet(seconds=QUIET_SECONDS)
            url = f"{server.base}/voila/render/"
            times.append({name: time_to_interactive(browser, url + name) for name in warm})
            row(times[-1], run)
        chromium.close()
    print(f"load average after: {load()}", flush=True)
    return times


def row(times: dict[str, float], run: int) -> None:
    """One run: every page's seconds and ratio to the floor's, and the slowest."""
    floor = times[FLOOR]
    print(f"run {run + 1}: the floor {floor:.2f}s", flush=True)
    for name, seconds in times.items():
        if name != FLOOR:
            print(f"  {name:<55}{seconds:>7.2f}s {seconds / floor:>5.2f}×", flush=True)
    slowest = max((name for name in times if name != FLOOR), key=times.__getitem__)
    print(f"  slowest: {slowest} at {times[slowest] / floor:.2f}× the floor", flush=True)


def spread(runs: list[dict[str, float]]) -> None:
    """The slowest page's ratio to the floor in each run, and how far apart they are."""
    worst = [
        max(seconds / times[FLOOR] for name, seconds in times.items() if name != FLOOR)
        for times in runs
    ]
    shown = ", ".join(f"{ratio:.2f}×" for ratio in worst)
    verdict = "met" if max(worst) <= GOALS["ratio"] else "NOT met"
    print(
        f"slowest page, run by run: {shown}; spread {max(worst) - min(worst):.2f}; "
        f"goal {GOALS['ratio']}×: {verdict}"
    )


def measure(served: Path, logs: Path, names: list[str], runs: int) -> dict:
    """Serve every page warm, open each `runs` times in every column; the times by column."""
    from playwright.sync_api import sync_playwright

    times: dict[tuple[str, str, str], list[float]] = {}
    print(f"load average before: {load()}", flush=True)
    warm = [FLOOR, *(f"{language}/{name}" for language in LANGUAGES for name in names)]
    with serving(served, logs, "--warm", *warm) as server, sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_FLAGS)
        user = User(chromium, server.base, logs / "server.log")
        user.open(FLOOR, "warm")  # the browser now holds Voila's scripts
        for _run in range(runs):
            for mode in MODES:
                for language in LANGUAGES:
                    for name in [FLOOR, *names]:
                        page = name if name == FLOOR else f"{language}/{name}"
                        seconds = user.open(page, mode)
                        times.setdefault((name, language, mode), []).append(seconds)
        chromium.close()
    print(f"load average after: {load()}", flush=True)
    return times


def report(times: dict, names: list[str]) -> None:
    """One line a page: each column's median seconds and its ratio to the floor's."""
    columns = [(language, mode) for language in LANGUAGES for mode in MODES]
    floor = {column: median(times[(FLOOR, *column)]) for column in columns}
    head = "".join(f"{f'{language} {mode}':>16}" for language, mode in columns)
    print(f"{'page':<50}{head}")
    worst = {"ratio": (0.0, ""), "warm": (0.0, ""), "empty": (0.0, "")}
    for name in [FLOOR, *names]:
        cells = ""
        for column in columns:
            seconds = median(times[(name, *column)])
            ratio = seconds / floor[column]
            cells += f"{seconds:>9.2f}s {ratio:>4.2f}×"
            if name != FLOOR:
                page = f"{column[0]}/{name}"
                worst["ratio"] = max(worst["ratio"], (ratio, page))
                worst[column[1]] = max(worst[column[1]], (seconds, page))
        print(f"{'one button (the floor)' if name == FLOOR else name:<50}{cells}")
    for what, (value, page) in worst.items():
        unit = "×" if what == "ratio" else " s"
        verdict = "met" if value < GOALS[what] else "NOT met"
        print(f"worst {what}: {value:.2f}{unit} ({page}); goal {GOALS[what]}{unit}: {verdict}")


if __name__ == "__main__":
    stop_cleanly()
    main()

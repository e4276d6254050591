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

`--phone` opens the pages as a mid-range phone would: a 390 × 844 touch screen, the processor
slowed 4× (Chromium's CPU throttling). The floor is opened before every page and after the last,
so that a page's ratio is to the mean of the floors just before and after it: a machine that
others load slows both alike. Each opening prints the page's seconds, its ratio and what the
browser did (script, layout and style seconds, DOM nodes, widget views); then every page's
median over the runs. `--quiet S` waits at most S seconds for a quiet machine before each
opening (60 unless told).
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
from tests.browser.conftest import BROWSER, CHROMIUM_FLAGS, SHELL, chromium_path, wait_until_warm
from tests.servers import serving

LESSONS = Path(__file__).resolve().parent.parent / "lessons"
LANGUAGES = ("en", "pl")
MODES = ("warm", "empty")
GOALS = {"ratio": 1.3, "warm": 1.2, "empty": 2.5}
WAIT_MS = 120_000
QUIET_SECONDS = 60  # at most, for the machine to calm down before an opening
VIEWPORT = {"width": 1280, "height": 800}
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
PHONE_SLOWER = 4  # Chromium's CPU throttling rate: a mid-range phone's processor
FLOOR = "floor.ipynb"
METRICS = ("ScriptDuration", "LayoutDuration", "RecalcStyleDuration", "Nodes")
VIEWS = "document.querySelectorAll('.jupyter-widgets, .lm-Widget.jupyter-widgets').length"


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
    interactive(page, url)
    seconds = time.perf_counter() - start
    page.close()
    return seconds


def interactive(page, url: str) -> None:
    """Open `url` in the tab and wait until its widgets are drawn."""
    page.goto(url, timeout=WAIT_MS)
    page.wait_for_selector("#loading", state="hidden", timeout=WAIT_MS)
    page.wait_for_function("!document.body.innerText.includes('Loading widget')", timeout=WAIT_MS)


def on_a_phone(context, url: str) -> tuple[float, dict[str, float]]:
    """Seconds until the page is interactive in a tab whose processor is PHONE_SLOWER times
    slower, and what the browser did by then: script, layout and style seconds, DOM nodes and
    widget views."""
    page = context.new_page()
    devtools = context.new_cdp_session(page)
    devtools.send("Emulation.setCPUThrottlingRate", {"rate": PHONE_SLOWER})
    devtools.send("Performance.enable")
    start = time.perf_counter()
    interactive(page, url)
    seconds = time.perf_counter() - start
    measured = {m["name"]: m["value"] for m in devtools.send("Performance.getMetrics")["metrics"]}
    work = {name: measured[name] for name in METRICS}
    work["views"] = page.evaluate(VIEWS)
    page.close()
    return seconds, work


class User:
    """One user opening pages on the server, in their own browser or in a fresh one."""

    def __init__(
        self, chromium, base: str, log: Path, quiet_seconds: float = QUIET_SECONDS
    ) -> None:
        self.chromium, self.base, self.log = chromium, base, log
        self.quiet_seconds = quiet_seconds
        self.browser = chromium.new_context(viewport=VIEWPORT)  # the user's: its cache kept
        self.phone = chromium.new_context(**PHONE)  # the phone's: its cache kept too
        self.opened: Counter[str] = Counter()

    def ready(self, name: str) -> str:
        """The page's address, once its warm kernel is ready, every page opened before has its
        warm kernel again (no refill runs beside the opening) and the machine is quiet."""
        for opened in {name, *self.opened}:
            wait_until_warm(self.log, opened, times=self.opened[opened] + 1)
        self.opened[name] += 1
        quiet(seconds=self.quiet_seconds)
        return f"{self.base}/voila/render/{name}"

    def open_on_phone(self, name: str) -> tuple[float, dict[str, float]]:
        """Open the page on the phone (its cache holding Voila's scripts after the first)."""
        return on_a_phone(self.phone, self.ready(name))

    def open(self, name: str, mode: str) -> float:
        """Open the page once its warm kernel is ready and the machine is quiet."""
        url = self.ready(name)
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
    options.add_argument(
        "--phone", action="store_true", help="on an emulated phone (390 × 844, CPU 4× slower)"
    )
    options.add_argument("--lang", choices=LANGUAGES, default="en", help="--phone: its pages")
    options.add_argument(
        "--quiet", type=float, default=QUIET_SECONDS, help="seconds, at most, waiting for quiet"
    )
    options.add_argument("pages", nargs="*", default=pages(), metavar="PAGE")
    args = options.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        served = Path(folder) / "lessons"
        shutil.copytree(LESSONS, served)
        (served / FLOOR).write_text(floor_notebook(), encoding="utf-8")
        if args.phone:
            names = [f"{args.lang}/{name}" for name in args.pages]
            phone_report(phone(served, Path(folder), names, args.runs, args.quiet))
        elif args.in_a_row:
            spread(in_a_row(served, Path(folder), [f"en/{name}" for name in args.pages], args.runs))
        else:
            report(measure(served, Path(folder), args.pages, args.runs), args.pages)


def students_chromium(playwright):
    """Debian's Chromium itself where it is installed, as a student's browser draws a page (the
    tests drive its headless shell, which draws less)."""
    return playwright.chromium.launch(
        executable_path=chromium_path(BROWSER, SHELL), args=CHROMIUM_FLAGS
    )


def in_a_row(served: Path, logs: Path, names: list[str], runs: int) -> list[dict[str, float]]:
    """Each run: once every pool is full again and the machine quiet, the floor and the pages
    opened one after another in the user's browser; every page's seconds, run by run."""
    from playwright.sync_api import sync_playwright

    print(f"load average before: {load()}", flush=True)
    warm, times = [FLOOR, *names], []
    with serving(served, logs, "--warm", *warm) as server, sync_playwright() as playwright:
        chromium = students_chromium(playwright)
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
        chromium = students_chromium(playwright)
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


def phone(
    served: Path, logs: Path, names: list[str], runs: int, quiet_seconds: float
) -> dict[str, list[tuple[float, float]]]:
    """Each run: the floor, then each page followed by the floor again, on the phone; every
    page's seconds and ratio to the mean of the floors around it, run by run (the floor's own
    seconds, ratio 1)."""
    from playwright.sync_api import sync_playwright

    print(f"load average before: {load()}", flush=True)
    times: dict[str, list[tuple[float, float]]] = {FLOOR: []}
    with serving(served, logs, "--warm", FLOOR, *names) as server, sync_playwright() as playwright:
        chromium = students_chromium(playwright)
        user = User(chromium, server.base, logs / "server.log", quiet_seconds)
        user.open_on_phone(FLOOR)  # the phone now holds Voila's scripts
        for run in range(runs):
            before = shown(FLOOR, *user.open_on_phone(FLOOR))
            times[FLOOR].append((before, 1.0))
            for name in names:
                seconds, work = user.open_on_phone(name)
                after = shown(FLOOR, *user.open_on_phone(FLOOR))
                times[FLOOR].append((after, 1.0))
                ratio = seconds / ((before + after) / 2)
                times.setdefault(name, []).append((seconds, ratio))
                shown(name, seconds, work, ratio)
                before = after
            print(f"run {run + 1} done; load average {load()}", flush=True)
        chromium.close()
    print(f"load average after: {load()}", flush=True)
    return times


def shown(name: str, seconds: float, work: dict[str, float], ratio: float | None = None) -> float:
    """One opening on the phone: its seconds, its ratio to the floors, what the browser did."""
    times = "".join(f" {work[m]:5.2f}" for m in METRICS[:3])
    said = "" if ratio is None else f"{ratio:5.2f}×"
    print(
        f"  {name:<50}{seconds:6.2f}s {said:>6} script/layout/style{times}s "
        f"nodes {work['Nodes']:5.0f} views {work['views']:3.0f}",
        flush=True,
    )
    return seconds


def phone_report(times: dict[str, list[tuple[float, float]]]) -> None:
    """Every page's median seconds and ratio to the floor on the phone, the slowest first, and
    the goal."""
    floor = median(seconds for seconds, _ in times.pop(FLOOR))
    medians = sorted(
        (
            (median(r for _, r in runs), median(s for s, _ in runs), name)
            for name, runs in times.items()
        ),
        reverse=True,
    )
    print(f"on the phone, medians: the floor {floor:.2f}s")
    for ratio, seconds, name in medians:
        print(f"  {name:<55}{seconds:>6.2f}s {ratio:>5.2f}×")
    worst, _, name = medians[0]
    verdict = "met" if worst <= GOALS["ratio"] else "NOT met"
    print(f"worst: {worst:.2f}× ({name}); goal {GOALS['ratio']}×: {verdict}")


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

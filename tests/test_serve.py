"""`mathcards serve` as a class meets it: stopping it leaves nothing running, a closed page's
kernel ends within a minute while an open page keeps its own. Loopback only; every server is
stopped, with everything it started, even when a test fails."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import nbformat
import psutil
import pytest

from tests.browser.conftest import CHROMIUM_FLAGS, ROOT, chromium_path, free_port, wait_until_up

ONE_WIDGET = "import ipywidgets\nipywidgets.IntSlider(description='mc-ready')"


def lessons_folder(folder: Path) -> Path:
    """A landing page and a one-widget page: the smallest lessons folder a class can open."""
    for name, source in (("index.ipynb", "print('lessons')"), ("one.ipynb", ONE_WIDGET)):
        notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(source)])
        nbformat.write(notebook, folder / name)
    return folder


@contextmanager
def serve(lessons: Path, log_folder: Path, *options: str) -> Iterator[tuple[str, psutil.Process]]:
    """`mathcards serve` on a free loopback port; yields its base URL and its process. Ends by
    killing the server and every process it started, if anything is still there."""
    port = free_port()
    command = [sys.executable, "-m", "mathcards.cli", "serve", "--port", str(port)]
    with (log_folder / "server.log").open("w") as log:
        process = subprocess.Popen(
            [*command, "--lessons", str(lessons), *options],
            cwd=ROOT,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        server = psutil.Process(process.pid)
        started: list[psutil.Process] = []
        try:
            wait_until_up(f"http://127.0.0.1:{port}/", process)
            yield f"http://127.0.0.1:{port}", server
        finally:
            if process.poll() is None:
                started = server.children(recursive=True)
                process.kill()
            process.wait(timeout=30)
            for leftover in started:
                leftover.kill() if leftover.is_running() else None


def get(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=60) as answer:
            return answer.status, answer.read().decode()
    except urllib.error.HTTPError as refused:
        return refused.code, refused.read().decode()


def kernel_id(page: str) -> str:
    found = re.search(r'"kernelId": "([0-9a-f-]{36})"', page)
    assert found, "the rendered page names its kernel"
    return found.group(1)


def kernel_alive(base: str, kernel: str) -> bool:
    return get(f"{base}/api/kernels/{kernel}")[0] == 200


def wait_for(condition, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(1)
    return condition()


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "Ctrl-C"])
def test_stopping_serve_stops_voila_and_every_kernel(tmp_path, stop):
    lessons = lessons_folder(tmp_path)
    with serve(lessons, tmp_path) as (base, server):
        for _ in range(2):  # two students: two kernels
            status, page = get(f"{base}/voila/render/one.ipynb")
            assert status == 200 and kernel_alive(base, kernel_id(page))
        everything = server.children(recursive=True)
        kernels = [child for child in everything if "ipykernel" in " ".join(child.cmdline())]
        assert len(kernels) == 2, f"two kernels run: {[p.cmdline() for p in everything]}"
        os.kill(server.pid, stop)
        server.wait(timeout=30)
        _, alive = psutil.wait_procs(everything, timeout=15)
        assert not alive, f"left running: {[p.cmdline() for p in alive]}"


def test_the_culler_passes_over_a_kernel_that_is_still_starting():
    import asyncio

    from mathcards.serve import ClassroomKernelManager

    manager = ClassroomKernelManager()

    class Starting:
        last_activity = None

    manager._kernels["k"] = Starting()
    asyncio.run(manager.cull_kernel_if_idle("k"))  # no TypeError, nothing culled
    assert "k" in manager._kernels


@pytest.fixture
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_FLAGS)
        yield chromium
        chromium.close()


@pytest.mark.browser
def test_a_closed_page_loses_its_kernel_and_an_open_page_keeps_it(tmp_path, browser):
    lessons = lessons_folder(tmp_path)
    with serve(lessons, tmp_path) as (base, _):
        pages = []
        for _ in range(2):
            page = browser.new_page()
            page.goto(f"{base}/voila/render/one.ipynb", timeout=60_000)
            page.wait_for_selector("text=mc-ready", timeout=60_000)
            pages.append((page, kernel_id(page.content())))
        (closing, closed_kernel), (staying, open_kernel) = pages
        # a page that never connected (its browser went away at once): only the culler ends it
        status, html = get(f"{base}/voila/render/one.ipynb")
        assert status == 200
        never_connected = kernel_id(html)
        closing.goto("about:blank")  # the page unloads, as when its tab closes
        closing.close()
        assert wait_for(lambda: not kernel_alive(base, closed_kernel), 10), (
            "the closed page's own shutdown request ends its kernel"
        )
        assert wait_for(lambda: not kernel_alive(base, never_connected), 80), (
            "the culler ends a kernel with no page within about a minute"
        )
        assert kernel_alive(base, open_kernel), "the open page keeps its kernel"
        foreign = urllib.request.Request(
            f"{base}/voila/api/shutdown/{open_kernel}",
            method="POST",
            headers={"Origin": "http://elsewhere.example"},
        )
        with pytest.raises(urllib.error.HTTPError, match="403"):
            urllib.request.urlopen(foreign, timeout=10)
        assert kernel_alive(base, open_kernel), "another site cannot end a student's kernel"
        assert staying.locator("text=mc-ready").count() == 1
        staying.close()

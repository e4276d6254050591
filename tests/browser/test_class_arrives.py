"""A class that arrives at once: the address is printed only once the server answers there, the
pages a class opens together have a class's worth of warm kernels, refilled as they are taken,
and a refill never starts while a page is being made. Loopback only; every server is stopped,
with everything it started, even when a test fails."""

from __future__ import annotations

import contextlib
import os
import queue
import re
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import nbformat
import pytest

from tests.browser.conftest import kernels, wait_until_warm
from tests.browser.test_serve import (
    CODE,
    ONE_WIDGET,
    get,
    kernel_id,
    lessons_folder,
    request,
    wait_for,
)
from tests.servers import ROOT, free_port, serving, stop

PRINTED_SECONDS = 90  # for the server to print its address
REFILL_LOOKED_SECONDS = 10  # a refill that did not wait for calm starts well within this
SLOW_PAGE = (  # a page being made until the test lets it finish (a file `go` beside it)
    "import pathlib, time\nwhile not pathlib.Path('go').exists():\n    time.sleep(0.1)\n"
    "print('made')"
)


def answers(url: str) -> bool:
    """Whether the server answers `url` at all (a refusal is an answer), at once."""
    try:
        with urllib.request.urlopen(url, timeout=30):
            return True
    except urllib.error.HTTPError:
        return True
    except OSError:
        return False


def printed_address(lines: queue.Queue[str], said: list[str], start: str) -> str:
    """The address on the first line the server prints that starts with `start` (every line
    read is kept in `said`)."""
    deadline = time.monotonic() + PRINTED_SECONDS
    while time.monotonic() < deadline:
        with contextlib.suppress(queue.Empty):
            said.append(lines.get(timeout=1))
            if said[-1].startswith(start):
                found = re.search(r"http://\S+", said[-1])
                assert found, said[-1]
                return found.group()
    raise AssertionError(f"nothing printed starting with {start!r}:\n{''.join(said)}")


def reading(server: subprocess.Popen) -> queue.Queue[str]:
    """The lines the server prints, as it prints them."""
    lines: queue.Queue[str] = queue.Queue()
    assert server.stdout is not None
    output = server.stdout
    threading.Thread(target=lambda: [lines.put(line) for line in output], daemon=True).start()
    return lines


@pytest.mark.server
@pytest.mark.parametrize(
    ("options", "start"),
    [
        (("--lan", "--address", "127.0.0.1", "--class-code", CODE), "Students open"),
        ((), "Serving the lessons at"),
    ],
    ids=["school network", "laptop alone"],
)
def test_the_address_is_printed_once_the_server_answers_there(tmp_path, options, start):
    lessons = lessons_folder(tmp_path)
    command = [sys.executable, "-m", "mathcards.cli", "serve", "--port", str(free_port())]
    command += ["--lessons", str(lessons), "--warm", "none", *options]
    environment = {"MATHCARDS_DB": f"sqlite:///{tmp_path / 'book.sqlite'}"}
    server = subprocess.Popen(
        command,
        cwd=ROOT,
        env={**os.environ, **environment},
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        start_new_session=True,
    )
    said: list[str] = []
    try:
        address = printed_address(reading(server), said, start)
        assert answers(address), f"{address} printed before the server answered there"
        if "--lan" in options:
            assert "█" in "".join(said[:-1]), "a QR code is drawn above the address"
            assert request(address)[0] == 302, "the class code lets the student in"
    finally:
        stop(server)


def class_folder(folder: Path) -> Path:
    """The smallest lessons folder, with the practice page a class opens together (one widget)."""
    lessons = lessons_folder(folder)
    (lessons / "en" / "mam").mkdir()
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(ONE_WIDGET)])
    nbformat.write(notebook, lessons / "en" / "mam" / "2-practice.ipynb")
    return lessons


@pytest.mark.server
def test_on_the_school_network_a_class_has_warm_kernels_refilled_as_they_are_taken(tmp_path):
    practice = "en/mam/2-practice.ipynb"
    options = ("--lan", "--address", "127.0.0.1", "--class-code", CODE, "--class-size", "2")
    with serving(class_folder(tmp_path), tmp_path, *options, "--warm", "none") as served:
        wait_until_warm(served.log, practice)
        assert "2 warm kernels ready for each page the class opens together" in served.said()
        assert f"Kernel pool of {practice} is filled with 2 kernel(s)" in served.said()
        assert len(kernels(served)) == 2, "the class's pages only (--warm none)"
        _, headers, _ = request(f"{served.base}/?class={CODE}")
        cookies = "; ".join(c.split(";")[0] for c in headers.get_all("Set-Cookie"))
        for _student in range(2):
            status, _, page = request(f"{served.base}/voila/render/{practice}", cookie=cookies)
            assert status == 200 and kernel_id(page)
        assert served.said().count("Using pre-heated kernel") == 2, "both on warm kernels"
        wait_until_warm(served.log, practice, times=2, seconds=120)
        assert wait_for(lambda: len(kernels(served)) == 4, 30), "2 taken, 2 ready again"


@pytest.mark.server
def test_a_warm_kernel_taken_is_replaced_only_once_no_page_is_being_made(tmp_path):
    lessons = lessons_folder(tmp_path)
    slow = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(SLOW_PAGE)])
    nbformat.write(slow, lessons / "slow.ipynb")
    with serving(lessons, tmp_path, "--warm", "one.ipynb") as served:
        wait_until_warm(served.log, "one.ipynb")
        made: list[tuple[int, str]] = []
        page = f"{served.base}/voila/render/slow.ipynb"
        being_made = threading.Thread(target=lambda: made.append(get(page)))
        being_made.start()
        try:
            assert wait_for(lambda: len(kernels(served)) == 2, 60), "the slow page's own kernel"
            status, taken = get(f"{served.base}/voila/render/one.ipynb")
            assert status == 200 and kernel_id(taken), "a page on the warm kernel"
            before = kernels(served)
            refilled = wait_for(lambda: kernels(served) - before, REFILL_LOOKED_SECONDS)
            assert not refilled, "no kernel starts for the pool while a page is being made"
        finally:
            (lessons / "go").touch()
            being_made.join(timeout=60)
        assert made and made[0][0] == 200 and "made" in made[0][1]
        wait_until_warm(served.log, "one.ipynb", times=2, seconds=120)

"""`mathcards serve` as a class meets it: stopping it leaves nothing running, a closed page's
kernel ends within a minute while an open page keeps its own. Loopback only; every server is
stopped, with everything it started, even when a test fails."""

from __future__ import annotations

import http.client
import json
import os
import re
import signal
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import nbformat
import psutil
import pytest
from playwright.sync_api import expect
from tornado.websocket import websocket_connect

from mathcards.classroom.server.address import lan_address
from tests.browser.axe import assert_accessible
from tests.classroom.threaded import run_apart
from tests.servers import is_kernel, serving

ONE_WIDGET = "import ipywidgets\nipywidgets.IntSlider(description='mc-ready')"
GREEDY_WIDGET = """import ipywidgets
taken = []
take = ipywidgets.Button(description='mc-take')
take.on_click(lambda _: taken.append(bytearray(b'x' * 400 * 2**20)))
take"""
PROTOCOL = "v1.kernel.websocket.jupyter.org"  # a page's kernel websocket, as JupyterLab's
FIRST_CONNECTION = {"first_connection_seconds": 3}  # AliveKernels, in a Jupyter config file


def lessons_folder(folder: Path) -> Path:
    """A landing page and a one-widget page: the smallest lessons folder a class can open."""
    (folder / "en").mkdir(exist_ok=True)
    for name, source in (("en/index.ipynb", "print('lessons')"), ("one.ipynb", ONE_WIDGET)):
        notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(source)])
        nbformat.write(notebook, folder / name)
    return folder


@contextmanager
def serve(
    lessons: Path, folder: Path, *options: str, env: dict[str, str] | None = None
) -> Iterator[tuple[str, psutil.Process]]:
    """`mathcards serve` for these lessons (tests/servers.py): its base URL and its process."""
    with serving(lessons, folder, *options, env=env) as served:
        yield served.base, served.family


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
        time.sleep(0.2)
    return condition()


@pytest.mark.server
@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "Ctrl-C"])
def test_stopping_serve_stops_voila_and_every_kernel(tmp_path, stop):
    lessons = lessons_folder(tmp_path)
    with serve(lessons, tmp_path, "--warm", "none") as (base, server):
        for _ in range(2):  # two students: two kernels
            status, page = get(f"{base}/voila/render/one.ipynb")
            assert status == 200 and kernel_alive(base, kernel_id(page))
        everything = server.children(recursive=True)
        kernels = [child for child in everything if is_kernel(child)]
        assert len(kernels) == 2, f"two kernels run: {[p.cmdline() for p in everything]}"
        for kernel in kernels:  # ipykernel without its debugger (widgets/kernel.py)
            assert kernel.cmdline()[1:3] == ["-m", "widgets.kernel"], kernel.cmdline()
        os.kill(server.pid, stop)
        server.wait(timeout=30)
        _, alive = psutil.wait_procs(everything, timeout=15)
        assert not alive, f"left running: {[p.cmdline() for p in alive]}"


def test_the_culler_passes_over_a_kernel_that_is_still_starting():
    import asyncio
    from concurrent.futures import ThreadPoolExecutor

    from mathcards.classroom.server.seats import ClassroomKernelManager

    manager = ClassroomKernelManager()

    class Starting:
        last_activity = None

    manager._kernels["k"] = Starting()
    # on a thread of its own: the browser tests' Playwright owns this thread's event loop
    with ThreadPoolExecutor(1) as worker:
        worker.submit(asyncio.run, manager.cull_kernel_if_idle("k")).result()
    # no TypeError, nothing culled
    assert "k" in manager._kernels


@pytest.mark.browser
def test_a_kernel_that_takes_too_much_memory_is_ended_and_its_page_says_so(tmp_path, browser):
    """A kernel over its memory (here 400 MB, taken at a click) is ended, and its page says it
    lost its connection, as for a kernel that died (issue #50: a page grew its kernel to 214
    MB)."""
    lessons = lessons_folder(tmp_path)
    cell = nbformat.v4.new_code_cell(GREEDY_WIDGET)
    nbformat.write(nbformat.v4.new_notebook(cells=[cell]), lessons / "greedy.ipynb")
    config = tmp_path / "jupyter-config"
    config.mkdir()
    greedy = {"kernel_memory": 300 * 2**20, "memory_seconds": 0.5}
    (config / "voila.json").write_text(json.dumps({"AliveKernels": greedy}))
    env = {"JUPYTER_CONFIG_DIR": str(config)}
    with serve(lessons, tmp_path, "--warm", "none", env=env) as (base, _):
        page = browser.new_page()
        page.goto(f"{base}/voila/render/greedy.ipynb", timeout=60_000)
        page.get_by_role("button", name="mc-take").click(timeout=60_000)
        lost = page.get_by_text("This page lost its connection: reload it to carry on.")
        expect(lost).to_be_visible(timeout=60_000)
        page.close()
    assert "more than 300 MB a page may: ended" in (tmp_path / "server.log").read_text()


@pytest.mark.browser
def test_a_closed_page_loses_its_kernel_and_an_open_page_keeps_it(tmp_path, browser):
    lessons = lessons_folder(tmp_path)
    config = tmp_path / "jupyter-config"  # a page has 3 s to connect, not the production 30
    config.mkdir()
    (config / "voila.json").write_text(json.dumps({"AliveKernels": FIRST_CONNECTION}))
    env = {"JUPYTER_CONFIG_DIR": str(config)}
    with serve(lessons, tmp_path, "--keep-kernel", "3", env=env) as (base, _):
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
        assert wait_for(lambda: not kernel_alive(base, never_connected), 90), (
            "the culler ends a kernel whose page never came, once its first connection's while "
            "is over (its first_connection_seconds: --keep-kernel 3 is no shorter)"
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
        expect(staying.locator("text=mc-ready")).to_have_count(1)
        staying.close()


@pytest.mark.server
def test_a_warm_page_opens_on_a_kernel_that_ran_it_before_anyone_asked(tmp_path):
    options = ("--warm", "one.ipynb", "--max-kernels", "1")
    log = tmp_path / "server.log"
    with serve(lessons_folder(tmp_path), tmp_path, *options) as (base, server):
        assert wait_for(lambda: "one.ipynb is filled with 1 kernel" in log.read_text(), 90)
        status, page = get(f"{base}/voila/render/one.ipynb")
        assert status == 200, "the warm kernel takes no seat: the first student gets in"
        first = kernel_id(page)
        assert f"Using pre-heated kernel: {first} for one.ipynb" in log.read_text()
        assert wait_for(lambda: log.read_text().count("filled with 1 kernel") == 2, 90)
        status, page = get(f"{base}/voila/render/one.ipynb")
        assert status == 503, "the first student's kernel has the only seat; the new warm one none"
        everything = server.children(recursive=True)
        assert sum(is_kernel(p) for p in everything) == 2
        os.kill(server.pid, signal.SIGTERM)
        server.wait(timeout=30)
        _, alive = psutil.wait_procs(everything, timeout=15)
        assert not alive, "stopping ends the warm kernels too"


@pytest.mark.server
def test_the_teacher_reads_no_notebook_is_not_trusted_above_the_class_address(tmp_path):
    """Issue 49: a warning a page (45 for a class's lessons) above the address the teacher has
    to read. A warm page and a page opened: the contents manager read both."""
    log = tmp_path / "server.log"
    with serve(lessons_folder(tmp_path), tmp_path, "--warm", "one.ipynb") as (base, _server):
        assert wait_for(lambda: "one.ipynb is filled with 1 kernel" in log.read_text(), 90)
        status, _page = get(f"{base}/voila/render/en/index.ipynb")
        assert status == 200
        said = log.read_text()
    assert "is not trusted" not in said


def test_a_warm_kernel_handed_to_a_page_has_a_whole_idle_period_to_connect():
    """The culler restarts a waiting warm kernel's clock every round: a page given one after a
    quiet hour is not culled in the second before its browser connects."""
    import asyncio
    from concurrent.futures import ThreadPoolExecutor
    from datetime import timedelta

    from jupyter_server._tz import utcnow

    from mathcards.classroom.server.seats import ClassroomKernelManager

    manager = ClassroomKernelManager()
    hour_ago = utcnow() - timedelta(hours=1)

    class Kernel:
        last_activity = hour_ago
        execution_state = "idle"
        kernel_name = "python3"

    async def cull_once() -> None:
        ready = asyncio.get_running_loop().create_future()
        ready.set_result({"kernel_id": "warm"})
        manager._pools = {"one.ipynb": [ready]}
        manager._kernels["warm"] = Kernel()
        await manager.cull_kernels()

    with ThreadPoolExecutor(1) as worker:  # the browser tests' Playwright owns this loop
        worker.submit(asyncio.run, cull_once()).result()
    assert "warm" in manager._kernels and manager._kernels["warm"].last_activity > hour_ago
    assert manager.warm() == ["warm"]


CODE = "K7Q2HM"


def request(url: str, host: str | None = None, cookie: str | None = None):
    """One GET without following redirects: (status, headers, body)."""
    parts = urllib.parse.urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=60)
    headers = {"Host": host} if host else {}
    if cookie:
        headers["Cookie"] = cookie
    try:
        connection.request(
            "GET", parts.path + (f"?{parts.query}" if parts.query else ""), headers=headers
        )
        answer = connection.getresponse()
        return answer.status, answer.headers, answer.read().decode()
    finally:
        connection.close()


@pytest.mark.server
def test_on_the_school_network_only_the_class_gets_in(tmp_path):
    lessons = lessons_folder(tmp_path)
    options = ("--lan", "--address", "127.0.0.1", "--class-code", CODE)
    with serve(lessons, tmp_path, *options) as (base, _):
        for stranger in ("/", "/voila/render/one.ipynb", "/?class=WRONG"):
            status, _, page = request(base + stranger)
            assert status == 403 and "Ask your teacher for the class address" in page, stranger
            assert CODE not in page
        status, headers, _ = request(f"{base}/?class={CODE.lower()}")
        assert status == 302 and headers["Location"] == "/"
        cookie = headers.get_all("Set-Cookie")[0].split(";")[0]
        status, headers, _ = request(f"{base}//elsewhere.example/?class={CODE}")
        assert status == 302 and headers["Location"] == "/elsewhere.example/", "stays on the site"
        class_cookie, device_cookie = headers.get_all("Set-Cookie")
        assert cookie == f"mathcards-class={CODE}" and "httponly" in class_cookie.lower()
        assert device_cookie.startswith("mathcards-device=") and "httponly" in device_cookie.lower()
        status, _, page = request(f"{base}/voila/render/one.ipynb", cookie=cookie)
        assert status == 200 and kernel_id(page)
        status, _, page = request(f"{base}/mathcards/class.json", cookie=cookie)
        assert status == 200 and f"http://127.0.0.1:{base.rsplit(':', 1)[1]}/?class={CODE}" in page
        shown = json.loads(request(f"{base}/mathcards/class.json?lang=pl", cookie=cookie)[2])
        assert (shown["before"], shown["after"]) == (
            "Uczniowie wpisują adres ",
            " albo skanują kod.",
        )
        status, _, page = request(f"{base}/", host="attacker.example", cookie=cookie)
        assert status == 403 and "only at its own address" in page
        for dead_end in ("/logout", "/login/", "/voila/templates/x", "/voila/templates/x/y"):
            status, _, page = request(base + dead_end, cookie=cookie)
            assert status == 404 and "There is nothing at this address" in page, dead_end
    printed = (tmp_path / "server.log").read_text()
    assert "Traceback" not in printed, "no request of a student's device was a server error"
    assert f"Students open {base}/?class={CODE}" in printed
    assert "█" in printed.split("Students open")[0], "a QR code is drawn above the address"


@pytest.mark.server
def test_without_lan_loopback_needs_no_code_and_refuses_foreign_hosts(tmp_path):
    with serve(lessons_folder(tmp_path), tmp_path) as (base, _):
        status, headers, _ = request(f"{base}/")  # the way to the landing page, no code asked
        assert (status, headers["Location"]) == (302, "/voila/render/en/index.ipynb")
        status, _, answer = request(f"{base}/mathcards/class.json")
        assert status == 200 and json.loads(answer) == {"url": None}, "no address to show"
        port = base.rsplit(":", 1)[1]
        assert request(f"{base}/", host=f"localhost:{port}")[0] == 302
        status, _, page = request(f"{base}/", host=f"rebound.example:{port}")
        assert status == 403 and "only at its own address" in page
        status, _, page = request(f"{base}/voila/render/one.ipynb")
        channels = f"{base.replace('http', 'ws')}/api/kernels/{kernel_id(page)}/channels"
        assert run_apart(refused_message(channels)) == 1009, "too big: the socket is closed"


async def refused_message(channels: str) -> int | None:
    """Send a page's kernel a message of 300 KB, as a script might: how the server closes the
    websocket (1009: too big; None: it read the message)."""
    socket = await websocket_connect(
        f"{channels}?session_id={uuid.uuid4().hex}", subprotocols=[PROTOCOL]
    )
    try:
        await socket.write_message(b"\0" * 300_000, binary=True)
        while await socket.read_message() is not None:
            pass  # the kernel's status, until the server closes the socket
        return socket.close_code
    finally:
        socket.close()


@pytest.mark.server
def test_in_polish_the_root_opens_the_polish_landing_page_and_refusals_are_polish(tmp_path):
    lessons = lessons_folder(tmp_path)
    (lessons / "pl").mkdir()
    (lessons / "en" / "index.ipynb").rename(lessons / "pl" / "index.ipynb")
    with serve(lessons, tmp_path, "--lang", "pl") as (base, _):
        status, headers, _ = request(f"{base}/")
        assert (status, headers["Location"]) == (302, "/voila/render/pl/index.ipynb")
        status, _, page = request(f"{base}/", host="attacker.example")
        assert status == 403 and "Ten serwer odpowiada tylko pod własnym adresem." in page
        assert '<html lang="pl">' in page


def test_class_options_go_with_lan(capsys, tmp_path):
    from mathcards.cli import main

    lessons = lessons_folder(tmp_path)
    assert main(["serve", "--lessons", str(lessons), "--class-code", "ABCDEF"]) == 2
    assert "go with --lan" in capsys.readouterr().err
    assert main(["serve", "--lessons", str(lessons), "--lan", "--class-code", "no!"]) == 2
    assert "6 to 12 letters and digits" in capsys.readouterr().err


@pytest.mark.browser
def test_the_landing_page_shows_the_class_address_and_its_qr_code(tmp_path, browser):
    lessons = lessons_folder(tmp_path)
    options = ("--lan", "--address", "127.0.0.1", "--class-code", CODE)
    with serve(lessons, tmp_path, *options) as (base, _):
        page = browser.new_page()
        refused = page.goto(f"{base}/", timeout=60_000)  # a stranger, without the class code
        assert refused is not None and refused.status == 403
        expect(page.locator("h1")).to_be_visible()
        assert_accessible(page)  # the page that says why
        page.goto(f"{base}/?class={CODE}", timeout=60_000)
        page.wait_for_url(f"{base}/voila/render/en/index.ipynb", timeout=60_000)
        box = page.locator(".mc-class-address")
        box.wait_for(timeout=60_000)
        expect(box).to_contain_text(f"{base}/?class={CODE}")
        page.wait_for_function(  # the QR code is drawn (an image that loaded)
            "document.querySelector('.mc-class-address img').naturalWidth > 0", timeout=60_000
        )
        page.screenshot(path=tmp_path / "landing.png")
        assert_accessible(page)  # the class address and its QR code
        page.close()


@pytest.mark.server
def test_beyond_the_kernel_cap_a_student_is_told_at_once_that_the_class_is_full(tmp_path):
    with serve(lessons_folder(tmp_path), tmp_path, "--max-kernels", "1") as (base, _):
        status, headers, page = request(f"{base}/voila/render/one.ipynb")
        assert status == 200
        device = headers["Set-Cookie"]
        assert device.startswith("mathcards-device=") and "httponly" in device.lower()
        assert "samesite=lax" in device.lower() and "expires=" in device.lower()
        first = kernel_id(page)
        status, page = get(f"{base}/voila/render/one.ipynb")
        assert status == 503 and "The class is full" in page and "Try again in a moment" in page
        assert request(f"{base}/")[0] == 302, "the rest of the site still answers"
        leaving = urllib.request.Request(
            f"{base}/voila/api/shutdown/{first}", method="POST", headers={"Origin": base}
        )
        with urllib.request.urlopen(leaving, timeout=30) as answer:
            assert answer.status == 204
        status, page = get(f"{base}/voila/render/one.ipynb")
        assert status == 200, "a seat comes free when a page closes"
    assert "At most 1 page open at once" in (tmp_path / "server.log").read_text()


@pytest.mark.server
def test_the_class_code_is_in_neither_ps_nor_the_log_and_guesses_are_slowed(tmp_path):
    lessons = lessons_folder(tmp_path)
    options = ("--lan", "--address", "127.0.0.1", "--warm", "none")
    with serve(lessons, tmp_path, *options, env={"MATHCARDS_CLASS_CODE": CODE}) as (base, server):
        status, headers, _ = request(f"{base}/?class={CODE}")
        cookies = "; ".join(c.split(";")[0] for c in headers.get_all("Set-Cookie"))
        status, _, page = request(f"{base}/voila/render/one.ipynb", cookie=cookies)
        assert status == 200 and kernel_id(page)
        for process in [server, *server.children(recursive=True)]:
            assert CODE not in " ".join(process.cmdline()), process.cmdline()
            if process.pid != server.pid:
                assert CODE not in str(process.environ()), "a kernel never sees the code"
        for guess in range(9):
            assert request(f"{base}/?class=WRONG{guess}")[0] == 403
        status, headers, page = request(f"{base}/?class=WRONGX")
        assert status == 429 and "Too many wrong class codes" in page
        assert request(f"{base}/?class={CODE}")[0] == 429, "the right code waits too"
        status, _, page = request(f"{base}/voila/render/one.ipynb", cookie=cookies)
        assert status == 200, "a student who came in goes on"
    printed = (tmp_path / "server.log").read_text().splitlines()
    said = [line for line in printed if "wrong class codes" in line]
    assert said == ["10 wrong class codes from 127.0.0.1 in a minute: refused for a minute"]
    logged = [line for line in printed if not line.startswith("Students open")]
    assert any("class=[secret]" in line for line in logged), "refused requests are logged"
    assert not any(CODE in line for line in logged), "but never the class code"


def school_address() -> str:
    """This machine's address on its network, as `--lan` serves it; the test is skipped on a
    machine with none but loopback."""
    address = lan_address()
    if address == "127.0.0.1":
        pytest.skip("this machine has no address but loopback")
    return address


@pytest.mark.server
def test_served_at_one_address_the_kernels_still_reach_the_class_service(tmp_path):
    """`--address` serves the school network at that address only; the pages' kernels call
    the class service on this machine's loopback, which the server answers too."""
    address = school_address()
    options = ("--lan", "--address", address, "--class-code", CODE, "--warm", "none")
    with serve(lessons_folder(tmp_path), tmp_path, *options) as (base, _):
        assert request(f"{base}/")[0] == 403, "a stranger on the network needs the class code"
        port = base.rsplit(":", 1)[1]
        status, _, answer = request(f"http://127.0.0.1:{port}/mathcards/api/me")
        assert (status, json.loads(answer)) == (401, {"error": "no-ticket"}), "the service"


@pytest.mark.browser
def test_one_device_holds_at_most_two_pages_on_the_school_network(tmp_path, browser):
    address = school_address()
    options = ("--lan", "--address", address, "--class-code", CODE, "--warm", "none")
    with serve(lessons_folder(tmp_path), tmp_path, *options) as (base, _):
        device = browser.new_context()
        landing = device.new_page()
        landing.goto(f"{base}/?class={CODE}", timeout=60_000)
        landing.wait_for_url(f"{base}/voila/render/en/index.ipynb", timeout=60_000)
        landing.wait_for_selector("text=lessons", timeout=60_000)
        second = device.new_page()
        second.goto(f"{base}/voila/render/one.ipynb", timeout=60_000)
        second.wait_for_selector("text=mc-ready", timeout=60_000)
        third = device.new_page()
        answer = third.goto(f"{base}/voila/render/one.ipynb", timeout=60_000)
        assert answer is not None and answer.status == 429
        expect(third.locator("h1")).to_have_text("Your pages are open already")
        expect(third.locator("p")).to_contain_text("This device has 2 lesson pages open already")
        assert_accessible(third)
        classmate = browser.new_context().new_page()
        classmate.goto(f"{base}/?class={CODE}", timeout=60_000)
        classmate.wait_for_selector("text=lessons", timeout=60_000)
        second.goto("about:blank")  # the page unloads: its kernel ends, its seat is free
        second.close()

        def opens() -> bool:
            reply = third.goto(f"{base}/voila/render/one.ipynb", timeout=60_000)
            return reply is not None and reply.status == 200

        assert wait_for(opens, 30), "a seat of this device comes free when one of its pages closes"
        third.wait_for_selector("text=mc-ready", timeout=60_000)
        device.close()
        classmate.context.close()


@pytest.mark.server
def test_no_kernel_holds_a_secret_the_teachers_code_the_class_book_nor_the_class_code(tmp_path):
    lessons = lessons_folder(tmp_path)
    book = f"sqlite:///{tmp_path / 'secret-book.sqlite'}"
    options = ("--lan", "--address", "127.0.0.1", "--class-code", CODE, "--warm", "none")
    with serving(lessons, tmp_path, *options, db=book) as served:
        teacher_code = served.teacher_url().rsplit("=", 1)[1]
        status, headers, _ = request(f"{served.base}/?class={CODE}")
        cookies = "; ".join(c.split(";")[0] for c in headers.get_all("Set-Cookie"))
        status, _, page = request(f"{served.base}/voila/render/one.ipynb", cookie=cookies)
        assert status == 200 and kernel_id(page)
        kernels = [
            process for process in served.family.children(recursive=True) if is_kernel(process)
        ]
        assert kernels, "the page's kernel runs"
        for kernel in kernels:
            environment = kernel.environ()
            for name in ("MATHCARDS_DB", "MATHCARDS_TEACHER_CODE", "MATHCARDS_CLASS_CODE"):
                assert name not in environment, name
            seen = str(environment)
            assert teacher_code not in seen and CODE not in seen and "secret-book" not in seen
            assert environment["MATHCARDS_SERVICE"].startswith("http://127.0.0.1:")
        server = served.family.environ()  # its first environment, as /proc/<pid>/environ is
        for name in ("MATHCARDS_DB", "MATHCARDS_TEACHER_CODE", "MATHCARDS_CLASS_CODE"):
            assert name not in server, name
        seen = str(server)
        assert teacher_code not in seen and CODE not in seen and "secret-book" not in seen
        assert served.family.cmdline()[1:3] == ["-m", "mathcards.classroom"], "the server itself"


@pytest.mark.server
def test_the_teachers_printed_address_works_in_a_fresh_browser_on_the_school_network(tmp_path):
    options = ("--lan", "--address", "127.0.0.1", "--class-code", CODE, "--warm", "none")
    with serving(lessons_folder(tmp_path), tmp_path, *options) as served:
        printed = served.teacher_url()  # as the terminal shows it: 127.0.0.1, the code
        status, headers, _ = request(printed)  # a fresh browser: no cookie at all
        assert status == 302 and headers["Location"] == "/mathcards/teacher"
        teacher = headers["Set-Cookie"].split(";")[0]
        status, _, page = request(f"{served.base}/mathcards/teacher", cookie=teacher)
        assert status == 200 and "The class book of class" in page
        status, _, page = request(f"{served.base}/voila/render/one.ipynb", cookie=teacher)
        assert status == 200 and kernel_id(page), "then the projector opens for the teacher"
        status, _, page = request(f"{served.base}/voila/render/one.ipynb")
        assert status == 403 and "Ask your teacher" in page, "a stranger still needs the code"
        status, _, page = request(f"{served.base}/mathcards/teacher")
        assert status == 403 and "For the teacher only" in page

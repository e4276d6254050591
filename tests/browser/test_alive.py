"""A page never hangs and never dies in silence (issue 17, §3 and §4).

A kernel that dies while starting (as one whose port was taken under a crowd) is replaced and
the page opens; a page no kernel will start for, or whose kernel dies while it is made, says at
once, in its own language, to reload. In Chromium: a page cut off says so and comes back to its
own kernel; a page whose kernel went (shut down, or killed and restarted) reloads to a fresh
one. Every wait is bounded; nothing is timed."""

from __future__ import annotations

import json
import os
import signal
import sys
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import nbformat
import pytest

from tests.browser.test_serve import get, kernel_alive, kernel_id, lessons_folder, serve, wait_for

FRAGILE = '''"""A kernel that fails as one can under a crowd: `once` dies at its first start
(as a kernel whose port was taken between being picked and being bound), `always` at every
start, `after-answering` as a second client asks it (once a first one has had its answer)."""
import os
import sys

mode = sys.argv.pop(1)
died = os.path.join(os.path.dirname(os.path.abspath(__file__)), "died")
if mode == "always" or (mode == "once" and not os.path.exists(died)):
    open(died, "w").close()
    sys.exit("zmq.error.ZMQError: Address already in use")
if mode == "after-answering":
    from ipykernel.ipkernel import IPythonKernel
    from ipykernel.kernelapp import IPKernelApp

    class AnswersOneClient(IPythonKernel):
        sessions = set()

        async def kernel_info_request(self, stream, ident, parent):
            self.sessions.add(parent["header"]["session"])
            if len(self.sessions) > 1:
                os._exit(1)
            await super().kernel_info_request(stream, ident, parent)

    IPKernelApp.launch_instance(kernel_class=AnswersOneClient)
else:
    from ipykernel.kernelapp import launch_new_instance

    launch_new_instance()
'''
CHECK = """import ipywidgets
check = ipywidgets.Button(description='mc-check')
said = ipywidgets.Label('answered 0')
check.on_click(lambda _: setattr(said, 'value', f"answered {int(said.value.split()[1]) + 1}"))
ipywidgets.VBox([check, said])"""
CODE = "K7Q2"
ANSWER_MS = 60_000


def fragile_kernel(folder: Path, mode: str) -> dict[str, str]:
    """A `python3` kernel, found before the real one, that fails as `mode` says: the
    environment that has the server start it."""
    folder.mkdir()
    (folder / "fragile.py").write_text(FRAGILE)
    spec = folder / "jupyter" / "kernels" / "python3"
    spec.mkdir(parents=True)
    argv = [sys.executable, str(folder / "fragile.py"), mode, "-f", "{connection_file}"]
    kernel = {"argv": argv, "display_name": "Python 3", "language": "python"}
    (spec / "kernel.json").write_text(json.dumps(kernel))
    return {"JUPYTER_PATH": str(folder / "jupyter")}


def whole_page(url: str, seconds: float = 120) -> tuple[int, str]:
    """The page's status and the whole of it, which must come within `seconds`: a waiting
    page's connection is kept alive (Voila's heartbeat), so no read on its own would time out."""
    worker = ThreadPoolExecutor(1)
    try:
        return worker.submit(get, url).result(timeout=seconds)
    except TimeoutError:
        raise AssertionError(f"{url} hung: not all of it came in {seconds:.0f} s") from None
    finally:
        worker.shutdown(wait=False)  # a hung read ends with the server


def fragile_processes(server) -> list:
    return [p for p in server.children(recursive=True) if "fragile.py" in " ".join(p.cmdline())]


WARM = {"cold": ("--warm", "none"), "warm": ("--warm", "one.ipynb")}


@pytest.mark.parametrize("start", WARM)
def test_a_kernel_that_dies_at_start_is_replaced_and_the_page_opens(tmp_path, start):
    lessons = lessons_folder(tmp_path)
    environment = fragile_kernel(tmp_path / "kernel", "once")
    log = tmp_path / "server.log"
    with serve(lessons, tmp_path, *WARM[start], environment=environment) as (base, _):
        if start == "warm":
            assert wait_for(lambda: "one.ipynb is filled with 1 kernel" in log.read_text(), 90)
        status, page = whole_page(f"{base}/voila/render/one.ipynb")
        assert status == 200 and "mc-ready" in page, "the page opens on the kernel started anew"
        assert kernel_alive(base, kernel_id(page))
    said = log.read_text()
    assert "died while starting (attempt 1 of 3)" in said
    assert ("Using pre-heated kernel" in said) == (start == "warm")


@pytest.mark.parametrize("start", WARM)
def test_a_page_no_kernel_will_start_for_says_at_once_in_its_language_to_reload(tmp_path, start):
    lessons = lessons_folder(tmp_path)
    (lessons / "pl").mkdir()
    (lessons / "one.ipynb").rename(lessons / "pl" / "one.ipynb")
    environment = fragile_kernel(tmp_path / "kernel", "always")
    log = tmp_path / "server.log"
    warm = ("--warm", "pl/one.ipynb") if start == "warm" else ("--warm", "none")
    with serve(lessons, tmp_path, *warm, environment=environment) as (base, server):
        if start == "warm":  # the warm kernel would not start either: the pool is mended
            assert wait_for(lambda: "attempt 3 of 3" in log.read_text(), 90)
        status, page = whole_page(f"{base}/voila/render/pl/one.ipynb")
        assert status == 503 and '<html lang="pl">' in page
        assert "Ta strona się nie otworzyła" in page and "Odśwież stronę" in page
        assert "mc-ready" not in page
        assert get(f"{base}/mathcards/class.json")[0] == 200, "the server still answers"
        assert wait_for(lambda: not fragile_processes(server), 30), "no kernel is left running"
    if start == "warm":
        assert "warm kernel(s) of pl/one.ipynb would not start" in log.read_text()


def test_a_page_whose_kernel_dies_while_it_is_made_says_to_reload(tmp_path):
    """The kernel answered, then died as the page's own client asked it: Voila's page would
    wait for ever; it ends with the same words, put in the place of what was sent."""
    lessons = lessons_folder(tmp_path)
    environment = fragile_kernel(tmp_path / "kernel", "after-answering")
    with serve(lessons, tmp_path, "--warm", "none", environment=environment) as (base, _):
        status, page = whole_page(f"{base}/voila/render/one.ipynb")
        assert status == 200, "the page had begun"
        assert "This page did not open" in page and "Reload the page" in page
        assert page.rstrip().endswith("</script>") and "DOMParser" in page
        assert "mc-ready" not in page


@pytest.mark.skipif(sys.platform == "win32", reason="Windows keeps TCP")
def test_the_kernels_of_warm_and_cold_pages_take_no_port(tmp_path):
    """No port to be taken between being picked by the server and bound by the kernel: the
    server reaches its kernels, warm (Voila's pools) and cold, through files in its own
    private folder."""
    log = tmp_path / "server.log"
    with serve(lessons_folder(tmp_path), tmp_path, "--warm", "one.ipynb") as (base, server):
        assert wait_for(lambda: "one.ipynb is filled with 1 kernel" in log.read_text(), 90)
        warm = kernel_id(whole_page(f"{base}/voila/render/one.ipynb")[1])
        cold = kernel_id(whole_page(f"{base}/voila/render/en/index.ipynb")[1])
        kernels = [
            p for p in server.children(recursive=True) if "ipykernel" in " ".join(p.cmdline())
        ]
        files = {Path(p.cmdline()[p.cmdline().index("-f") + 1]) for p in kernels}
        (folder,) = {file.parent for file in files}
        assert folder.stat().st_mode & 0o777 == 0o700, "a folder only the server can open"
        pages = {folder / f"kernel-{warm}.json", folder / f"kernel-{cold}.json"}
        assert pages <= files
        for file in pages:  # the five channels: sockets the kernel made itself, in the folder
            connection = json.loads(file.read_text())
            assert connection["transport"] == "ipc" and connection["ip"].startswith(str(folder))
            for channel in ("shell", "iopub", "stdin", "control", "hb"):
                assert Path(f"{connection['ip']}-{connection[channel + '_port']}").is_socket()
        os.kill(server.pid, signal.SIGTERM)
        server.wait(timeout=30)
    assert not folder.exists(), "the folder goes with the server that stops"


def test_a_page_that_loses_its_connection_has_a_whole_idle_period_to_come_back():
    from datetime import timedelta

    from jupyter_server._tz import utcnow

    from mathcards.classroom.seats import ClassroomKernelManager

    manager = ClassroomKernelManager()
    hour_ago = utcnow() - timedelta(hours=1)

    class Kernel:
        last_activity = hour_ago

    manager._kernels["k"] = Kernel()
    manager._kernel_connections["k"] = 1
    manager.notify_disconnect("k")
    assert manager._kernel_connections["k"] == 0
    assert manager._kernels["k"].last_activity > hour_ago, "the idle clock starts again"


def cut_lessons(folder: Path) -> Path:
    """A landing page and a page whose button the kernel answers, in English and Polish."""
    lessons = lessons_folder(folder)
    (lessons / "pl").mkdir()
    for name in ("one.ipynb", "pl/one.ipynb"):
        notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(CHECK)])
        nbformat.write(notebook, lessons / name)
    return lessons


def open_page(browser, url: str):
    page = browser.new_page()
    page.goto(url, timeout=ANSWER_MS)
    page.wait_for_selector("text=answered 0", timeout=ANSWER_MS)
    page.wait_for_function(CONNECTED, timeout=ANSWER_MS)
    return page


CONNECTED = """() => {
  const manager = window.jupyterapp && window.jupyterapp.widgetManager;
  return !!manager && manager.kernel.connectionStatus === 'connected';
}"""


def page_kernel(page) -> str:
    return json.loads(page.locator("#jupyter-config-data").text_content())["kernelId"]


def answers(page, times: int) -> None:
    """The page's button reaches its kernel and the kernel answers."""
    page.get_by_role("button", name="mc-check").click()
    page.wait_for_selector(f"text=answered {times}", timeout=ANSWER_MS)


def banner(page, words: str) -> None:
    page.locator(".mc-connection:not([hidden])", has_text=words).wait_for(timeout=ANSWER_MS)


def fresh_page(page, kernel: str) -> str:
    """Until the page has reloaded onto a kernel other than `kernel`, working: its kernel."""
    page.wait_for_function(
        "gone => { const found = document.getElementById('jupyter-config-data');"
        " return !!found && !found.textContent.includes(gone); }",
        arg=kernel,
        timeout=ANSWER_MS,
    )
    page.wait_for_selector("text=answered 0", timeout=ANSWER_MS)
    page.wait_for_function(CONNECTED, timeout=ANSWER_MS)
    return page_kernel(page)


LAN = ("--lan", "--address", "127.0.0.1", "--class-code", CODE, "--warm", "none")


@pytest.mark.browser
def test_a_page_cut_off_says_so_and_comes_back_to_its_own_kernel(tmp_path, browser):
    with serve(cut_lessons(tmp_path), tmp_path, *LAN) as (base, _):
        page = open_page(browser, f"{base}/voila/render/one.ipynb?class={CODE}")
        kernel = page_kernel(page)
        answers(page, 1)
        page.evaluate("window.mcNotReloaded = true")
        page.context.set_offline(True)
        banner(page, "Reconnecting…")
        page.context.set_offline(False)
        page.locator(".mc-connection[hidden]").wait_for(state="attached", timeout=ANSWER_MS)
        page.wait_for_function(CONNECTED, timeout=ANSWER_MS)
        assert page.evaluate("window.mcNotReloaded") and page_kernel(page) == kernel
        answers(page, 2)  # "Check" works again, on the same kernel and its state
        page.close()


@pytest.mark.browser
def test_a_page_whose_kernel_went_while_it_was_cut_off_says_so_then_opens_anew(tmp_path, browser):
    with serve(cut_lessons(tmp_path), tmp_path, *LAN) as (base, _):
        page = open_page(browser, f"{base}/voila/render/pl/one.ipynb?class={CODE}")
        kernel = page_kernel(page)
        page.context.set_offline(True)
        banner(page, "Ponowne łączenie…")
        banner(page, "Ta strona straciła połączenie — odśwież ją")
        assert page.get_by_role("button", name="Odśwież stronę").is_visible()
        cookie = {"Cookie": f"mathcards-class={CODE}", "Origin": base}
        ending = urllib.request.Request(
            f"{base}/voila/api/shutdown/{kernel}", method="POST", headers=cookie
        )
        with urllib.request.urlopen(ending, timeout=30) as answer:
            assert answer.status == 204
        page.context.set_offline(False)
        assert fresh_page(page, kernel) != kernel
        answers(page, 1)
        page.close()


@pytest.mark.browser
def test_a_page_whose_kernel_died_reloads_onto_a_fresh_one(tmp_path, browser):
    """The kernel is killed: the server restarts it, and with it the page's work is gone; the
    page reloads onto a fresh kernel, and the restarted one is shut down, not left behind."""
    with serve(cut_lessons(tmp_path), tmp_path, *LAN) as (base, server):
        page = open_page(browser, f"{base}/voila/render/one.ipynb?class={CODE}")
        kernel = page_kernel(page)
        (process,) = [p for p in server.children(recursive=True) if kernel in " ".join(p.cmdline())]
        process.kill()
        assert fresh_page(page, kernel) != kernel
        answers(page, 1)
        cookie = f"mathcards-class={CODE}"

        def ended() -> bool:
            asking = urllib.request.Request(
                f"{base}/api/kernels/{kernel}", headers={"Cookie": cookie}
            )
            try:
                urllib.request.urlopen(asking, timeout=30).close()
            except urllib.error.HTTPError as answer:
                return answer.code == 404
            return False

        assert wait_for(ended, 60), "the restarted kernel was shut down by its page"
        page.close()

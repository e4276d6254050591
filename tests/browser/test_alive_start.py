"""A page never hangs (issue 29, §1): a kernel that dies while starting is replaced and the page
opens; a page no kernel will start for, or whose kernel dies while it is made, says so at once,
in its own language, with a link that reloads it, instead of Voila's endless spinner.

The kernels are a `python3` kernel of the test's own, found before the real one, that fails
as told. Every wait is bounded; a kernel that died is never inspected (it may be a zombie
until the server reaps it).
"""

from __future__ import annotations

import json
import sys
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import TimeoutError as Late
from contextlib import suppress
from pathlib import Path

import psutil
import pytest
from playwright.sync_api import expect

from tests.browser.test_serve import get, kernel_alive, kernel_id, lessons_folder, serve, wait_for

FRAGILE = '''"""A kernel that fails as one can under a crowd: `once` dies at its first start (as a
kernel whose port was taken between being picked and being bound), `always` at every start,
`after-answering` as a second client asks it (once a first one has had its answer), and then
at every start (the server's restarts of it too)."""
import os
import sys

mode = sys.argv.pop(1)
died = os.path.join(os.path.dirname(os.path.abspath(__file__)), "died")
first = not os.path.exists(died)
if mode == "always" or (mode == "once" and first) or (mode == "after-answering" and not first):
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
                open(died, "w").close()
                os._exit(1)
            await super().kernel_info_request(stream, ident, parent)

    IPKernelApp.launch_instance(kernel_class=AnswersOneClient)
else:
    from ipykernel.kernelapp import launch_new_instance

    launch_new_instance()
'''
WARM = {"cold": ("--warm", "none"), "warm": ("--warm", "one.ipynb")}
PHONE = {"width": 390, "height": 844}
OPEN_SECONDS = 120  # a page that has not come whole by then hangs


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


def whole_page(url: str) -> tuple[int, str]:
    """The page's status and the whole of it, which must come within OPEN_SECONDS: a waiting
    page's connection is kept alive (Voila's heartbeat), so no read on its own would time out."""
    worker = ThreadPoolExecutor(1)
    try:
        return worker.submit(get, url).result(timeout=OPEN_SECONDS)
    except Late:
        raise AssertionError(f"{url} hung: not all of it came in {OPEN_SECONDS} s") from None
    finally:
        worker.shutdown(wait=False)  # a hung read ends with the server


def fragile_kernels(server: psutil.Process) -> list[psutil.Process]:
    """The test's kernels still running. One that died may be a zombie until the server reaps
    it: it runs no more, and is not looked into."""
    running = []
    for child in server.children(recursive=True):
        with suppress(psutil.Error):  # gone meanwhile, or a zombie whose command line is gone
            if child.status() == psutil.STATUS_ZOMBIE:
                continue
            if "fragile.py" in " ".join(child.cmdline()):
                running.append(child)
    return running


def polish(lessons: Path) -> Path:
    """The one-widget page moved to pl/: a Polish page."""
    (lessons / "pl").mkdir()
    (lessons / "one.ipynb").rename(lessons / "pl" / "one.ipynb")
    return lessons


@pytest.mark.server
@pytest.mark.parametrize("start", WARM)
def test_a_kernel_that_dies_at_start_is_replaced_and_the_page_opens(tmp_path, start):
    environment = fragile_kernel(tmp_path / "kernel", "once")
    log = tmp_path / "server.log"
    with serve(lessons_folder(tmp_path), tmp_path, *WARM[start], env=environment) as (base, _):
        if start == "warm":
            assert wait_for(lambda: "one.ipynb is filled with 1 kernel" in log.read_text(), 90)
        status, page = whole_page(f"{base}/voila/render/one.ipynb")
        assert status == 200 and "mc-ready" in page, "the page opens on the kernel started anew"
        assert kernel_alive(base, kernel_id(page))
    said = log.read_text()
    assert "died while starting (attempt 1 of 3)" in said
    assert ("Using pre-heated kernel" in said) == (start == "warm")


@pytest.mark.browser
@pytest.mark.parametrize("start", WARM)
def test_a_page_no_kernel_will_start_for_says_so_at_once_in_its_language(tmp_path, browser, start):
    environment = fragile_kernel(tmp_path / "kernel", "always")
    log = tmp_path / "server.log"
    warm = ("--warm", "pl/one.ipynb") if start == "warm" else WARM["cold"]
    lessons = polish(lessons_folder(tmp_path))
    with serve(lessons, tmp_path, *warm, env=environment) as (base, server):
        if start == "warm":  # its warm kernel would not start either
            assert wait_for(lambda: "attempt 3 of 3" in log.read_text(), 90)
        status, page = whole_page(f"{base}/voila/render/pl/one.ipynb")
        assert status == 503 and '<html lang="pl">' in page
        assert "Ta strona się nie otworzyła" in page and "mc-ready" not in page
        assert get(f"{base}/mathcards/class.json")[0] == 200, "the server still answers"

        phone = browser.new_context(viewport=PHONE)
        shown = phone.new_page()
        answer = shown.goto(f"{base}/voila/render/pl/one.ipynb", timeout=OPEN_SECONDS * 1000)
        assert answer is not None and answer.status == 503
        expect(shown.locator("h1")).to_have_text("Ta strona się nie otworzyła")
        expect(shown.locator("p").first).to_contain_text("Odśwież stronę, aby spróbować")
        reload = shown.get_by_role("link", name="Odśwież stronę")
        expect(reload).to_be_in_viewport()
        reload.click()  # it asks again, and is told again
        expect(shown.locator("h1")).to_have_text("Ta strona się nie otworzyła")
        phone.close()
        assert wait_for(lambda: not fragile_kernels(server), 30), "no kernel is left running"
    assert "died while starting (attempt 3 of 3)" in log.read_text()


@pytest.mark.browser
def test_a_page_whose_kernel_dies_while_it_is_made_says_to_reload(tmp_path, browser):
    """The kernel answered, then died as the page's own client asked it: Voila's page would
    wait for ever; it ends with the same words, put in the place of what was sent."""
    environment = fragile_kernel(tmp_path / "kernel", "after-answering")
    with serve(lessons_folder(tmp_path), tmp_path, "--warm", "none", env=environment) as (base, _):
        status, page = whole_page(f"{base}/voila/render/one.ipynb")
        assert status == 200, "the page had begun"
        assert "This page did not open" in page and page.rstrip().endswith("</script>")
        assert "mc-ready" not in page

        phone = browser.new_context(viewport=PHONE)
        shown = phone.new_page()
        shown.goto(f"{base}/voila/render/one.ipynb", timeout=OPEN_SECONDS * 1000)
        expect(shown.locator("h1")).to_have_text("This page did not open")
        expect(shown.get_by_role("link", name="Reload the page")).to_be_in_viewport()
        phone.close()


def test_a_page_that_loses_its_connection_has_the_whole_keep_to_come_back():
    """A page looked at quietly for an hour, then its phone's screen locks: the kernel's idle
    clock starts again when the connection goes, not from the page's last click."""
    from datetime import timedelta

    from jupyter_server._tz import utcnow

    from mathcards.classroom.server.seats import ClassroomKernelManager

    manager = ClassroomKernelManager()
    hour_ago = utcnow() - timedelta(hours=1)

    class Kernel:
        last_activity = hour_ago

    manager._kernels["k"] = Kernel()
    manager._kernel_connections["k"] = 1
    manager.notify_disconnect("k")
    assert manager._kernel_connections["k"] == 0
    assert manager._kernels["k"].last_activity > hour_ago, "the idle clock starts again"


def test_a_page_carries_what_it_says_when_its_connection_drops_in_every_language():
    """A page without a connection cannot ask for its words: the template carries them all."""
    from mathcards.classroom.server.alive import connection_words

    carried = json.loads(str(connection_words()))
    assert set(carried) == {"en", "pl"}
    for words in carried.values():
        assert set(words) == {"reconnecting", "lost", "reload"}
    assert carried["pl"]["reload"] == "Odśwież stronę"
    assert "<" not in str(connection_words()), "nothing that could end the page's script"

"""A real JupyterHub on this machine: three students log in and work with a lesson through it.

The Hub runs on loopback on free ports, in a temporary folder, with its real proxy
(configurable-http-proxy, from npm: `make test` and `make hub-test` install it), the local
process spawner, the shared-password login and, for every student, a single-user server that
opens the lessons through Voila with the same settings as the image (deploy/). Chromium logs
each student in through the Hub's login form and works with the landing page.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager, suppress
from pathlib import Path

import psutil
import pytest

from mathcards.cli import TEMPLATES
from tests.browser.conftest import CHROMIUM_FLAGS, FIRST_RENDER_MS, Visit, chromium_path, free_port

pytestmark = pytest.mark.hub

ROOT = Path(__file__).resolve().parents[2]
PROXY = ROOT / ".venv" / "chp" / "node_modules" / ".bin" / "configurable-http-proxy"
PASSWORD = "a-class-password"
STUDENTS = ["ada", "bruno", "chen"]
HUB_UP_SECONDS = 60
PLAY_SECONDS = 240  # the three students, from the login form to the solutions
STOP_SECONDS = 30


def proxy_command() -> str:
    """configurable-http-proxy: $MATHCARDS_PROXY, the one `make` installs, or one on PATH."""
    chosen = os.environ.get("MATHCARDS_PROXY")
    if chosen:
        return chosen
    if PROXY.exists():
        return str(PROXY)
    on_path = shutil.which("configurable-http-proxy")
    if on_path:
        return on_path
    if not shutil.which("node"):
        pytest.skip("no Node.js here, so no configurable-http-proxy for JupyterHub")
    pytest.fail("configurable-http-proxy is not installed: `make hub-test` installs it from npm")


HUB_CONFIG = """\
c = get_config()  # noqa
c.JupyterHub.ip = "127.0.0.1"
c.JupyterHub.port = {port}
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = {hub_port}
c.JupyterHub.db_url = "sqlite:///{folder}/jupyterhub.sqlite"
c.JupyterHub.cookie_secret_file = "{folder}/jupyterhub_cookie_secret"
c.JupyterHub.pid_file = "{folder}/jupyterhub.pid"
c.ConfigurableHTTPProxy.command = [{proxy!r}]
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{proxy_api_port}"
c.ConfigurableHTTPProxy.pid_file = "{folder}/proxy.pid"
c.JupyterHub.authenticator_class = "shared-password"
c.SharedPasswordAuthenticator.user_password = {password!r}
c.Authenticator.allowed_users = {students!r}
c.JupyterHub.spawner_class = "simple"
c.SimpleLocalProcessSpawner.home_dir_template = "{folder}/home/{{username}}"
c.Spawner.cmd = [{python!r}, "-m", "jupyterhub.singleuser"]
c.Spawner.ip = "127.0.0.1"
c.Spawner.args = {server_args!r}
c.Spawner.notebook_dir = {lessons!r}
c.Spawner.default_url = "/voila/render/en/index.ipynb"
c.Spawner.environment = {{"JUPYTER_PATH": {templates!r}, "JUPYTER_CONFIG_PATH": {config_path!r}}}
c.Spawner.start_timeout = 120
c.Spawner.http_timeout = 120
"""


def write_config(folder: Path, port: int) -> Path:
    """The Hub's config, and the single-user servers' settings: the image's own (deploy/)."""
    (folder / "etc").mkdir()
    shutil.copy(ROOT / "deploy" / "jupyter_server_config.json", folder / "etc")
    config = folder / "jupyterhub_config.py"
    config.write_text(
        HUB_CONFIG.format(
            port=port,
            hub_port=free_port(),
            proxy_api_port=free_port(),
            folder=folder,
            proxy=proxy_command(),
            password=PASSWORD,
            students=set(STUDENTS),
            python=sys.executable,
            lessons=str(ROOT / "lessons"),  # the command line's root dir wins over the image's
            templates=str(TEMPLATES),
            config_path=str(folder / "etc"),
            server_args=["--allow-root"] if os.geteuid() == 0 else [],  # a container's root
        )
    )
    return config


def wait_until_up(url: str, hub: subprocess.Popen, log: Path) -> None:
    deadline = time.monotonic() + HUB_UP_SECONDS
    while time.monotonic() < deadline:
        if hub.poll() is not None:
            raise RuntimeError(f"JupyterHub stopped ({hub.returncode}):\n{log.read_text()[-3000:]}")
        try:
            with urllib.request.urlopen(url, timeout=2):
                return
        except OSError:
            time.sleep(0.3)
    raise RuntimeError(f"no answer from {url} after {HUB_UP_SECONDS} s:\n{log.read_text()[-3000:]}")


def family(pid: int) -> list[psutil.Process]:
    """A process and everything it started (the proxy, the servers, their kernels)."""
    try:
        parent = psutil.Process(pid)
        return [parent, *parent.children(recursive=True)]
    except psutil.NoSuchProcess:
        return []


def stop(hub: subprocess.Popen) -> list[str]:
    """Stop the Hub as an administrator would (SIGTERM: it stops the servers and the proxy),
    then kill whatever it left; returns what it left."""
    started = family(hub.pid)  # the Hub, the proxy, the students' servers and their kernels
    if hub.poll() is None:
        os.killpg(hub.pid, signal.SIGTERM)
        try:
            hub.wait(timeout=STOP_SECONDS)
        except subprocess.TimeoutExpired:
            os.killpg(hub.pid, signal.SIGKILL)
            hub.wait(timeout=STOP_SECONDS)
    _, alive = psutil.wait_procs(started, timeout=STOP_SECONDS)
    left = []
    for process in alive:
        with suppress(psutil.NoSuchProcess):
            left.append(f"{process.pid} {' '.join(process.cmdline()[:4])}")
            process.kill()
    psutil.wait_procs(alive, timeout=STOP_SECONDS)
    return left


@contextmanager
def jupyterhub(folder: Path) -> Iterator[tuple[str, int]]:
    """A running Hub; yields its address and its process id. Nothing it started outlives it."""
    port = free_port()
    config = write_config(folder, port)
    log = folder / "jupyterhub.log"
    with log.open("w") as output:
        hub = subprocess.Popen(
            [sys.executable, "-m", "jupyterhub", "-f", str(config)],
            cwd=folder,
            stdin=subprocess.DEVNULL,  # a server on a terminal would ask before it stops
            stdout=output,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    base = f"http://127.0.0.1:{port}"
    try:
        wait_until_up(base + "/hub/api", hub, log)
        yield base, hub.pid
    except BaseException:
        print(log.read_text()[-8000:])  # the Hub's and the servers' log, shown on failure
        stop(hub)
        raise
    left = stop(hub)
    assert not left, f"still running after JupyterHub stopped: {left}"


def log_in(page, base: str, student: str) -> None:
    """The Hub's own login form, as a student fills it in."""
    page.goto(base + "/hub/login", timeout=FIRST_RENDER_MS)
    page.fill("#username_input", student)
    page.fill("#password_input", PASSWORD)
    page.click("#login_submit")


def wait_until_ready(page) -> None:
    """The notebook is rendered and its widgets are drawn (as `Visit.open`, without reloading)."""
    page.wait_for_selector("#loading", state="hidden", timeout=FIRST_RENDER_MS)
    page.wait_for_function(
        "!document.body.innerText.includes('Loading widget')", timeout=FIRST_RENDER_MS
    )


def students_play(base: str) -> None:
    """Three students log in (all before any page is waited for) and play the landing page.

    Runs in a thread of its own: Playwright's sync API refuses to start where another one (the
    browser tests' session browser) already runs."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_FLAGS)
        try:
            visits = {}
            for student in STUDENTS:
                page = chromium.new_context(viewport={"width": 1280, "height": 900}).new_page()
                visits[student] = Visit(page)
                log_in(page, base, student)
            for student, visit in visits.items():
                landing = f"{base}/user/{student}/voila/render/en/index.ipynb"
                visit.page.wait_for_url(landing, timeout=FIRST_RENDER_MS * 2)  # sent by the Hub
                wait_until_ready(visit.page)
                deal = visit.page.locator(".mc-quick-deal")
                deal.locator("svg.mc-card").first.wait_for(timeout=FIRST_RENDER_MS)
                assert deal.locator("svg.mc-card").count() == 5, student
                deal.locator("button.mc-show-all").click()  # answered by the student's kernel
                deal.locator(".mc-solutions").wait_for(timeout=FIRST_RENDER_MS)
                assert visit.errors == [], (student, visit.errors)
                assert visit.offsite_requests() == [], (student, visit.offsite_requests())
        finally:
            chromium.close()


def test_three_students_log_in_and_play_a_lesson_through_the_hub(tmp_path):
    with jupyterhub(tmp_path) as (base, hub), ThreadPoolExecutor(1) as pool:
        pool.submit(students_play, base).result(timeout=PLAY_SECONDS)
        # Each student has a single-user server of their own, started by the Hub.
        servers = [p for p in family(hub) if "jupyterhub.singleuser" in p.cmdline()]
        assert sorted(p.environ()["JUPYTERHUB_USER"] for p in servers) == STUDENTS

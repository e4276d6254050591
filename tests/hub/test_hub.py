"""A real JupyterHub on this machine: three students log in and work with a lesson through it,
and get nothing else; the teacher opens the Hub's admin page.

The Hub runs on loopback on free ports, in a temporary folder, with its real proxy
(configurable-http-proxy, from npm: `make test` and `make hub-test` install it), the local
process spawner, the example's login (deploy/values.yaml's `hub.config`, with a class list made
here: a password for each student and the teacher) and, for every student, a single-user server
that opens the lessons through Voila with the same settings as the image (deploy/). Chromium
logs each student in through the Hub's login form and works with the landing page; JupyterLab,
the terminals, the contents and kernels APIs and code sent to the page's kernel are refused.
"""

from __future__ import annotations

import json
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
import yaml

from mathcards.classroom.hub.classlist import hash_password, new_password
from mathcards.cli import TEMPLATES
from tests.browser.conftest import FIRST_RENDER_MS, Visit, launch
from tests.servers import free_port

pytestmark = pytest.mark.hub

ROOT = Path(__file__).resolve().parents[2]
PROXY = ROOT / ".venv" / "chp" / "node_modules" / ".bin" / "configurable-http-proxy"
# The class list of the Hub the hub tests share (tests/hub/conftest.py): each test's students
# and teachers of its own, so that what one test does (a server started, a name changed in the
# class book) is not what another asserts; the teachers are the Hub's admins.
STUDENTS = ["ada", "bruno", "chen"]  # this module's: they play the landing page
TEACHER = "teacher"  # goes straight to the Hub's admin page (and the service's teacher page)
LIVE_STUDENTS, LIVE_TEACHER = ["dora", "emil", "fay"], "tina"  # test_hub_live.py's
PRACTISING = "gosia"  # test_hub_service.py's student
WAKING = "hana"  # test_hub_alive.py's: her phone's page loses its connection, and comes back
LEVEL_STUDENTS, LEVEL_TEACHER = {"en": "iga", "pl": "jola"}, "lena"  # test_hub_level.py's
TABLE_STUDENTS, TABLE_TEACHER = ["ines", "jan", "kuba"], "tola"  # test_hub_tables.py's
TEAM_STUDENTS, TEAM_TEACHER = ["lea", "max", "noa", "oto"], "vera"  # test_hub_teams.py's
TEAM_LEAVER = "pia"  # test_hub_teams.py's too: she joins the room and closes her page
TEACHERS = {TEACHER, LIVE_TEACHER, LEVEL_TEACHER, TABLE_TEACHER, TEAM_TEACHER}
LEARNERS = [
    *STUDENTS,
    *LIVE_STUDENTS,
    PRACTISING,
    WAKING,
    *LEVEL_STUDENTS.values(),
    *TABLE_STUDENTS,
    *TEAM_STUDENTS,
    TEAM_LEAVER,
]
PASSWORDS = {name: new_password() for name in [*LEARNERS, *TEACHERS]}  # each their own
HUB_UP_SECONDS = 60
AWAY_SECONDS = 2  # a page's connection gone this long: its student is away (the image: 60)
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
for section, settings in {example!r}.items():  # deploy/values.yaml's, as Zero to JupyterHub
    c[section].update(settings)
c.ClassListAuthenticator.password_hashes.update({hashes!r})  # the class list, if there is one
c.Authenticator.admin_users = {teachers!r}
c.JupyterHub.spawner_class = "simple"
c.SimpleLocalProcessSpawner.home_dir_template = "{folder}/home/{{username}}"
c.Spawner.cmd = [{python!r}, "-m", "jupyterhub.singleuser"]
c.Spawner.ip = "127.0.0.1"
c.Spawner.args = {server_args!r}
c.Spawner.notebook_dir = {lessons!r}
c.Spawner.default_url = "/voila/render/en/index.ipynb"
c.Spawner.environment = {{"JUPYTER_PATH": {templates!r}, "JUPYTER_CONFIG_PATH": {config_path!r}}}
c.Spawner.environment["MATHCARDS_SERVICE"] = {kernels_call!r}  # singleuser.extraEnv's
c.Spawner.start_timeout = 120
c.Spawner.http_timeout = 120
c.JupyterHub.services, c.JupyterHub.load_roles = [], []  # then hub.services, hub.loadRoles
for name, service in {services!r}.items():  # as Zero to JupyterHub's jupyterhub_config.py
    c.JupyterHub.services.append({{"name": name, **service}})
for name, role in {roles!r}.items():
    c.JupyterHub.load_roles.append({{"name": name, **role}})
"""


def example_hub() -> dict:
    """The Hub's part of deploy/values.yaml (Zero to JupyterHub's `hub`)."""
    return yaml.safe_load((ROOT / "deploy" / "values.yaml").read_text())["hub"]


def example_hub_config() -> dict:
    """The Hub's settings in deploy/values.yaml (Zero to JupyterHub's `hub.config`)."""
    return example_hub()["config"]


def example_services(port: int) -> dict[str, dict]:
    """The example's Hub services (the class service), on this machine: on a port of
    127.0.0.1 instead of the Hub's Kubernetes Service, run by this Python."""
    services = example_hub()["services"]
    for service in services.values():
        service["url"] = f"http://127.0.0.1:{port}"
        service["command"] = [sys.executable, *service["command"][1:]]
    return services


def class_list() -> tuple[dict[str, str], set[str]]:
    """What `mathcards class-list` would install: each name's hash, and the teachers."""
    return {name: hash_password(password) for name, password in PASSWORDS.items()}, TEACHERS


def write_config(
    folder: Path, port: int, classes: tuple[dict[str, str], set[str]], service_port: int
) -> Path:
    """The Hub's config, and the single-user servers' settings: the image's own (deploy/)."""
    (folder / "etc").mkdir()
    servers = json.loads((ROOT / "deploy" / "jupyter_server_config.json").read_text())
    servers["AliveKernels"] = {"away_seconds": AWAY_SECONDS}  # a page closed: soon away
    (folder / "etc" / "jupyter_server_config.json").write_text(json.dumps(servers, indent=2))
    config = folder / "jupyterhub_config.py"
    extra = "\n".join(example_hub()["extraConfig"].values())  # hub.extraConfig, run last
    config.write_text(
        HUB_CONFIG.format(
            port=port,
            hub_port=free_port(),
            proxy_api_port=free_port(),
            folder=folder,
            proxy=proxy_command(),
            example=example_hub_config(),
            hashes=classes[0],
            teachers=classes[1],
            python=sys.executable,
            lessons=str(ROOT / "lessons"),  # the command line's root dir wins over the image's
            templates=str(TEMPLATES),
            config_path=str(folder / "etc"),
            server_args=["--allow-root"] if os.geteuid() == 0 else [],  # a container's root
            kernels_call=f"http://127.0.0.1:{service_port}/services/mathcards/api/",
            services=example_services(service_port),
            roles=example_hub()["loadRoles"],
        )
        + extra
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


def start_hub(
    folder: Path, classes: tuple[dict[str, str], set[str]], book: str = "", service_port: int = 0
) -> tuple[int, subprocess.Popen]:
    """The Hub, started on a free port with this class list and the class service over this
    class book (hub.extraEnv's MATHCARDS_DB: the Hub's environment); its port and process."""
    port = free_port()
    config = write_config(folder, port, classes, service_port or free_port())
    book = book or f"sqlite:///{folder / 'classbook.sqlite'}"
    with (folder / "jupyterhub.log").open("w") as output:
        hub = subprocess.Popen(
            [sys.executable, "-m", "jupyterhub", "-f", str(config)],
            cwd=folder,
            env={**os.environ, "MATHCARDS_DB": book},
            stdin=subprocess.DEVNULL,  # a server on a terminal would ask before it stops
            stdout=output,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    return port, hub


@contextmanager
def jupyterhub(folder: Path, book: str = "", service_port: int = 0) -> Iterator[tuple[str, int]]:
    """A running Hub; yields its address and its process id. Nothing it started outlives it."""
    port, hub = start_hub(folder, class_list(), book, service_port)
    log = folder / "jupyterhub.log"
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


def log_in(page, base: str, name: str, password: str, then: str = "") -> None:
    """The Hub's own login form, as a student (or the teacher) fills it in."""
    page.goto(base + "/hub/login" + (f"?next={then}" if then else ""), timeout=FIRST_RENDER_MS)
    page.fill("#username_input", name)
    page.fill("#password_input", password)
    page.click("#login_submit")


def cannot_log_in_as_a_classmate(page, base: str) -> None:
    """The first student types a classmate's name with her own password: the Hub says no."""
    log_in(page, base, STUDENTS[1], PASSWORDS[STUDENTS[0]])
    refusal = page.locator("p.login_error")
    refusal.wait_for(timeout=FIRST_RENDER_MS)
    assert "Invalid username or password" in refusal.inner_text()
    assert "/hub/login" in page.url


def wait_until_ready(page) -> None:
    """The notebook is rendered and its widgets are drawn (as `Visit.open`, without reloading)."""
    page.wait_for_selector("#loading", state="hidden", timeout=FIRST_RENDER_MS)
    page.wait_for_function(
        "!document.body.innerText.includes('Loading widget')", timeout=FIRST_RENDER_MS
    )


# Under a student's server: JupyterLab, the file tree, terminals, the contents, sessions and
# kernels APIs, files and conversions. Without the lockdown the server answers each of them.
REFUSED = [
    "lab",
    "tree",
    "api/terminals",
    "api/contents",
    "api/contents/en/index.ipynb",
    "api/sessions",
    "api/kernels",
    "api/kernelspecs",
    "files/en/index.ipynb",
    "nbconvert/html/en/index.ipynb",
]
STARTED_BY_POST = ["api/kernels", "api/terminals", "api/sessions"]  # a kernel, a shell


def refused_answers(page, server: str) -> dict[str, int]:
    """What the student's server answers, with the student's own login (and XSRF token), to
    each address it must refuse, and to the requests that would start a kernel or a shell."""
    xsrf = next((c["value"] for c in page.context.cookies() if c["name"] == "_xsrf"), "")
    answers = {path: page.request.get(server + path).status for path in REFUSED}
    for path in STARTED_BY_POST:
        answer = page.request.post(server + path, headers={"X-XSRFToken": xsrf}, data={})
        answers[f"POST {path}"] = answer.status
    return answers


# A page sends its own kernel an `execute_request` that would write a file, then asks for the
# kernel's info: the shell channel answers in order, so a kernel that ran the code has sent its
# `execute_reply` (and written the file) before the `kernel_info_reply`.
EXECUTE = """async (file) => {
  const config = JSON.parse(document.getElementById('jupyter-config-data').textContent);
  const url = `ws://${location.host}${config.baseUrl}api/kernels/${config.kernelId}/channels`;
  const socket = new WebSocket(url);
  const session = crypto.randomUUID();
  const message = (type, content) => ({
    header: {msg_id: crypto.randomUUID(), msg_type: type, username: '', session,
             date: new Date().toISOString(), version: '5.3'},
    parent_header: {}, metadata: {}, content, channel: 'shell', buffers: []});
  const code = `open(${JSON.stringify(file)}, 'w').write('ran')`;
  const execute = message('execute_request', {code, silent: false, store_history: false,
    user_expressions: {}, allow_stdin: false, stop_on_error: true});
  const info = message('kernel_info_request', {});
  const answers = [];
  return await new Promise((resolve) => {
    socket.onmessage = (event) => {
      const reply = JSON.parse(event.data);
      const to = reply.parent_header.msg_id;
      if (to === execute.header.msg_id) answers.push(reply.msg_type);
      if (to === info.header.msg_id && reply.msg_type === 'kernel_info_reply') {
        socket.close();
        resolve({answers, kernel: 'answered'});
      }
    };
    socket.onclose = () => resolve({answers, kernel: 'closed the connection'});
    socket.onopen = () => {
      socket.send(JSON.stringify(execute));
      socket.send(JSON.stringify(info));
    };
  });
}"""


def sent_code_runs(page, witness: Path) -> dict:
    """Send the page's kernel code that would write `witness`; what came back."""
    return page.evaluate(EXECUTE, str(witness))


def students_play(base: str, folder: Path) -> None:
    """Three students log in (all before any page is waited for) and play the landing page,
    and get nothing but the lessons; then the teacher opens the Hub's admin page.

    Runs in a thread of its own: Playwright's sync API refuses to start where another one (the
    browser tests' session browser) already runs."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = launch(playwright)
        try:
            cannot_log_in_as_a_classmate(chromium.new_context().new_page(), base)
            visits = {}
            for student in STUDENTS:
                page = chromium.new_context(viewport={"width": 1280, "height": 900}).new_page()
                visits[student] = Visit(page)
                log_in(page, base, student, PASSWORDS[student])
            for student, visit in visits.items():
                server = f"{base}/user/{student}/"
                visit.page.wait_for_url(
                    server + "voila/render/en/index.ipynb", timeout=FIRST_RENDER_MS * 2
                )
                wait_until_ready(visit.page)
                assert set(refused_answers(visit.page, server).values()) == {404}, student
                witness = folder / f"code-sent-by-{student}-ran"
                assert sent_code_runs(visit.page, witness) == {"answers": [], "kernel": "answered"}
                assert not witness.exists(), student
                deal = visit.page.locator(".mc-quick-deal")  # and the lesson still works
                deal.locator("svg.mc-card").first.wait_for(timeout=FIRST_RENDER_MS)
                assert deal.locator("svg.mc-card").count() == 5, student
                deal.locator("button.mc-show-all").click()  # answered by the student's kernel
                deal.locator(".mc-solutions").wait_for(timeout=FIRST_RENDER_MS)
                assert visit.errors == [], (student, visit.errors)
                assert visit.offsite_requests() == [], (student, visit.offsite_requests())
            teacher_sees_the_class(chromium.new_context().new_page(), base)
        finally:
            chromium.close()


def teacher_sees_the_class(page, base: str) -> None:
    """The teacher logs in, straight to the Hub's admin page, which lists every student."""
    log_in(page, base, TEACHER, PASSWORDS[TEACHER], then="/hub/admin")
    page.wait_for_url(f"{base}/hub/admin*", timeout=FIRST_RENDER_MS)
    names = page.locator('[data-testid="user-row-name"]')
    for student in STUDENTS:
        names.filter(has_text=student).first.wait_for(timeout=FIRST_RENDER_MS)


def test_three_students_log_in_and_play_a_lesson_through_the_hub_and_get_nothing_else(
    hub, tmp_path
):
    with ThreadPoolExecutor(1) as pool:
        pool.submit(students_play, hub.base, tmp_path).result(timeout=PLAY_SECONDS)
    # Each student has a single-user server of their own, started by the Hub; the teacher,
    # who went straight to the admin page, has none.
    servers = [p for p in family(hub.pid) if "jupyterhub.singleuser" in p.cmdline()]
    users = [p.environ()["JUPYTERHUB_USER"] for p in servers]
    assert sorted(user for user in users if user in [*STUDENTS, TEACHER]) == STUDENTS


def test_the_hub_does_not_start_with_the_example_s_class_list(tmp_path):
    """deploy/values.yaml as it is, with no class list installed: no password works, and the
    Hub says why instead of starting."""
    _, hub = start_hub(tmp_path, ({}, set()))
    try:
        hub.wait(timeout=HUB_UP_SECONDS)
    finally:
        left = stop(hub)
    log = (tmp_path / "jupyterhub.log").read_text()
    assert hub.returncode != 0, log[-3000:]
    assert "ClassListError: the class list is empty, so nobody could log in" in log, log[-3000:]
    assert not left, left

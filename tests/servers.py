"""The servers the tests start themselves: each on a free port of 127.0.0.1, its output in a log,
in a process group of its own that is stopped with everything it started, even when a test
fails. `serving` is `mathcards serve` (from this checkout, or another installation's command);
`launched` any other server."""

from __future__ import annotations

import os
import re
import signal
import socket
import ssl
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parent.parent
UP_SECONDS = 90  # a server that has not answered by then has failed to start
STOP_SECONDS = 20
CHECKOUT = (sys.executable, "-m", "mathcards.cli")  # `mathcards` as this checkout runs it


def free_port() -> int:
    """A port of 127.0.0.1 that nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def wait_for(condition, seconds: float) -> bool:
    """Whether `condition()` comes true within `seconds` (asked five times a second)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.2)
    return condition()


def wait_until_answering(
    url: str, process: subprocess.Popen, log: Path, tls: ssl.SSLContext | None = None
) -> None:
    """Until the server answers `url` at all (a refusal is an answer: on the school network a
    stranger gets a 403), over HTTPS trusting `tls`'s certificates; a server that stops first,
    or never answers, fails with its log."""
    deadline = time.monotonic() + UP_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the server stopped ({process.returncode}):\n{log.read_text()}")
        try:
            with urllib.request.urlopen(url, timeout=5, context=tls):
                return
        except urllib.error.HTTPError:
            return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"no answer from {url} after {UP_SECONDS} s:\n{log.read_text()}")


def stop(process: subprocess.Popen, how: signal.Signals = signal.SIGTERM) -> list[str]:
    """Stop a server's process group with `how`, then kill whatever it started that is still
    there (a kernel in a session of its own); what had to be killed. A server already gone is
    left as it is."""
    try:
        started = psutil.Process(process.pid).children(recursive=True)
    except psutil.NoSuchProcess:
        started = []
    with suppress(ProcessLookupError):
        os.killpg(process.pid, how)
    try:
        process.wait(timeout=STOP_SECONDS)
    except subprocess.TimeoutExpired:
        with suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=STOP_SECONDS)
    _, alive = psutil.wait_procs(started, timeout=STOP_SECONDS)
    left = []
    for leftover in alive:
        with suppress(psutil.NoSuchProcess):
            left.append(" ".join(leftover.cmdline()[:4]))
            leftover.kill()
    return left


# How a page's kernel runs: `mathcards serve` runs ipykernel as widgets.kernel (no debugger), a
# Hub's student server through ipykernel's own launcher
KERNEL_MODULES = ("widgets.kernel", "ipykernel_launcher")


def is_kernel(process: psutil.Process) -> bool:
    """Whether a process is a page's kernel (False for one that has ended)."""
    with suppress(psutil.Error):
        return any(module in process.cmdline() for module in KERNEL_MODULES)
    return False


@dataclass
class Served:
    """A server the tests started: its address, its process and its log."""

    base: str
    process: subprocess.Popen
    log: Path

    @property
    def family(self) -> psutil.Process:
        return psutil.Process(self.process.pid)

    def said(self) -> str:
        return self.log.read_text()

    def teacher_url(self) -> str:
        """The teacher's page, as the server printed it for the teacher (with the code)."""
        found = re.search(r"https?://\S+/mathcards/teacher\?code=\w+", self.said())
        assert found, f"no teacher's address in {self.log}"
        return found.group()


@contextmanager
def launched(
    command: Sequence[str | Path],
    log: Path,
    ready: str,
    *,
    env: Mapping[str, str] | None = None,
    cwd: Path = ROOT,
    tls: ssl.SSLContext | None = None,
) -> Iterator[Served]:
    """`command` running in `cwd`, in the environment `env` (else this one), once it answers the
    address `ready` (`{port}` in the command and in `ready` is a free port; HTTPS trusting
    `tls`'s certificates); stopped with everything it started when the block ends."""
    port = free_port()
    words = [str(word).format(port=port) for word in command]
    with log.open("w") as written:
        process = subprocess.Popen(
            words,
            cwd=cwd,
            env=dict(os.environ if env is None else env),
            stdin=subprocess.DEVNULL,
            stdout=written,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        wait_until_answering(ready.format(port=port), process, log, tls)
        yield Served(_base(ready, port), process, log)
    finally:
        stop(process)


def _base(ready: str, port: int) -> str:
    """The server's base address (scheme, host and port) of its `ready` address."""
    scheme, _, host = ready.format(port=port).split("/", 3)[:3]
    return f"{scheme}//{host}"


@contextmanager
def serving(
    lessons: Path | None,
    folder: Path,
    *options: str,
    db: str | None = None,
    env: Mapping[str, str] | None = None,
    mathcards: Sequence[str | Path] = CHECKOUT,
    cwd: Path = ROOT,
    tls: ssl.SSLContext | None = None,
) -> Iterator[Served]:
    """`mathcards serve` for a lessons folder (None: the installation's own), with more
    `options` (such as `--warm all`), its class book `db` (else a new file in `folder`), more
    variables `env` in its environment, its log `folder/server.log`; over HTTPS trusting
    `tls`'s certificates when it has one (`--certfile`). It is ready once it answers at all: a
    page that takes no kernel (on the school network, a refusal)."""
    book = db or f"sqlite:///{folder / 'classbook.sqlite'}"
    host = options[options.index("--address") + 1] if "--address" in options else "127.0.0.1"
    folder_words = [] if lessons is None else ["--lessons", lessons]
    command = [*mathcards, "serve", "--port", "{port}", *folder_words, *options]
    scheme = "https" if "--certfile" in options else "http"
    ready = f"{scheme}://{host}:{{port}}/mathcards/class.json"
    environment = {**os.environ, "MATHCARDS_DB": book, **(env or {})}
    log = folder / "server.log"
    with launched(command, log, ready, env=environment, cwd=cwd, tls=tls) as served:
        yield served

"""A real PostgreSQL server for the tests, started by the suite itself: Debian's `initdb` and
`pg_ctl` (on PATH, else /usr/lib/postgresql/*/bin) in a temporary folder, on a free port of
127.0.0.1 with its socket in that folder, as a user that is not root (PostgreSQL refuses root:
`runuser`/`setpriv` to $MATHCARDS_PG_USER, default `nobody`). Each test gets a database of its
own; the server stops when the session ends. Without PostgreSQL the tests that need it are
skipped, saying how to get it (`make postgres`)."""

from __future__ import annotations

import itertools
import os
import pwd
import re
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.servers import free_port

PROGRAMS = ("initdb", "pg_ctl", "pg_isready")
DEBIAN = Path("/usr/lib/postgresql")
USER = "mathcards"  # the server's superuser, trusted on 127.0.0.1 only
MISSING = "no PostgreSQL server programs (initdb, pg_ctl): `make postgres` installs Debian's"


def programs() -> Path | None:
    """The folder of PostgreSQL's server programs: the one `initdb` on PATH is in, else the
    newest of Debian's /usr/lib/postgresql/<version>/bin."""
    folders = []
    if found := shutil.which("initdb"):
        folders.append(Path(found).resolve().parent)
    versions = DEBIAN.glob("*/bin") if DEBIAN.is_dir() else []
    folders += sorted(versions, key=lambda bin: _version(bin.parent.name), reverse=True)
    return next((f for f in folders if all((f / p).is_file() for p in PROGRAMS)), None)


def _version(name: str) -> tuple[int, ...]:
    return tuple(int(part) for part in re.findall(r"\d+", name))


def not_root() -> tuple[list[str], int | None]:
    """The words that run a program as a user that is not root (none when we are not root),
    and that user's number (to own the server's folder)."""
    if os.geteuid() != 0:
        return [], None
    user = pwd.getpwnam(os.environ.get("MATHCARDS_PG_USER", "nobody"))
    if shutil.which("runuser"):
        return ["runuser", "-u", user.pw_name, "--"], user.pw_uid
    words = ["setpriv", f"--reuid={user.pw_uid}", f"--regid={user.pw_gid}", "--clear-groups"]
    return words, user.pw_uid


class Server:
    """A PostgreSQL server in a folder of its own; `database()` makes a fresh database."""

    def __init__(self, bin: Path) -> None:
        self.bin = bin
        self.prefix, owner = not_root()
        self.folder = Path(tempfile.mkdtemp(prefix="mathcards-pg-"))
        if owner is not None:
            os.chown(self.folder, owner, -1)
        self.data, self.log = self.folder / "data", self.folder / "server.log"
        self.port, self.running = 0, False
        self.names = itertools.count(1)

    def run(self, program: str, *words: str, timeout: float = 120) -> str:
        command = [*self.prefix, str(self.bin / program), *words]
        environment = {**os.environ, "LC_ALL": "C", "LANG": "C", "PGTZ": "UTC"}
        done = subprocess.run(
            command,
            cwd=self.folder,
            env=environment,
            capture_output=True,
            text=True,
            timeout=timeout,
        )
        if done.returncode != 0:
            log = self.log.read_text() if self.log.exists() else ""
            raise RuntimeError(f"{' '.join(command)} failed:\n{done.stdout}{done.stderr}{log}")
        return done.stdout

    def start(self) -> None:
        """Make the cluster (the first time) and start the server: on the port it had, else on
        a free one."""
        if not self.data.exists():
            self.run("initdb", "-D", str(self.data), "-U", USER, "-A", "trust", "-E", "UTF8")
        for attempt in range(5):  # another program may take the free port first
            self.port = self.port or free_port()
            settings = (
                f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 "
                "-c fsync=off -c max_connections=200"
            )
            start = ["-D", str(self.data), "-l", str(self.log), "-o", settings, "-w", "-t", "60"]
            try:
                self.run("pg_ctl", *start, "start")
                break
            except RuntimeError:
                if attempt == 4:
                    raise
                self.port = 0
        self.run("pg_isready", "-h", "127.0.0.1", "-p", str(self.port), "-t", "30")
        self.running = True

    def halt(self) -> None:
        """Stop the server, keeping its data (`start` starts it again)."""
        if self.running:
            self.run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "-t", "60", "stop")
            self.running = False

    def stop(self) -> None:
        try:
            self.halt()
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)

    def url(self, database: str = "postgres") -> str:
        return f"postgresql+psycopg://{USER}@127.0.0.1:{self.port}/{database}"

    def database(self) -> str:
        """The URL of a new, empty database."""
        import psycopg

        name = f"book_{next(self.names)}"
        with psycopg.connect(self.url().replace("+psycopg", ""), autocommit=True) as admin:
            admin.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)


@pytest.fixture(scope="session")
def postgres() -> Iterator[Server]:
    """The session's PostgreSQL server (skipped, saying why, where there is none)."""
    bin = programs()
    if bin is None:
        pytest.skip(MISSING)
    server = Server(bin)
    try:
        server.start()
        yield server
    finally:
        server.stop()

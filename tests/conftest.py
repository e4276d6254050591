"""Shared test settings: hypothesis without per-example deadlines (CI machines are loaded), the
one fake clock every widget test winds by hand, and which tests share a worker of `pytest -n`."""

from __future__ import annotations

import gc
import os
import tempfile
from collections.abc import Callable, Iterator

import pytest
from hypothesis import settings

from tests.servers import free_port

# The garbage collector looks at the young objects every 10,000 made, not every 700: a test
# process makes millions, nearly all freed by their counts (1,066 tests in one process spent
# 8.2 s collecting with Python's default, 3.6 s with this: the whole run 147 s, then 131 s).
gc.set_threshold(10_000, 10, 10)

settings.register_profile("mathcards", deadline=None, print_blob=True)
settings.register_profile("ci", deadline=None, print_blob=True, derandomize=True)
settings.load_profile("ci" if os.environ.get("CI") else "mathcards")


class Timer:
    """A callback a widget set on the fake clock; the widget may `cancel()` it."""

    def __init__(self, seconds: float, callback: Callable[[], None]) -> None:
        self.seconds, self.callback, self.cancelled = seconds, callback, False

    def cancel(self) -> None:
        self.cancelled = True


class FakeClock:
    """A widget's clock that never runs by itself: it collects what the widget sets on it;
    `step()` fires the next one that is not cancelled, `run()` fires them until none is left.
    A `Background` worker on this clock works in slices, one a step, never on a thread."""

    def __init__(self) -> None:
        self.pending: list[Timer] = []

    def __call__(self, seconds: float, callback: Callable[[], None]) -> Timer:
        timer = Timer(seconds, callback)
        self.pending.append(timer)
        return timer

    @property
    def waiting(self) -> list[Timer]:
        """The timers still to fire."""
        return [timer for timer in self.pending if not timer.cancelled]

    def step(self) -> Timer | None:
        while self.pending:
            timer = self.pending.pop(0)
            if not timer.cancelled:
                timer.callback()
                return timer
        return None

    def run(self, limit: int = 100_000) -> None:
        for _ in range(limit):
            if self.step() is None:
                return
        raise AssertionError("the timers never stopped")


@pytest.fixture
def sockets() -> Iterator[str]:
    """Where a test's kernel listens: Unix sockets in a folder of its own (`transport="ipc"`).
    A TCP port chosen free may be taken by another test before the kernel binds it, and the
    test then waits for a kernel that died ("Address already in use")."""
    with tempfile.TemporaryDirectory(prefix="mc-") as folder:
        yield os.path.join(folder, "kernel")


@pytest.fixture
def proxy_nobody_runs(monkeypatch) -> str:
    """The environment names a proxy for every address, as a school's network may, and nothing
    answers there: a call that goes through it fails."""
    proxy = f"http://127.0.0.1:{free_port()}"
    for name in ("http_proxy", "https_proxy", "all_proxy"):
        monkeypatch.setenv(name, proxy)
        monkeypatch.setenv(name.upper(), proxy)
    for name in ("no_proxy", "NO_PROXY"):
        monkeypatch.delenv(name, raising=False)
    return proxy


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture(scope="session", autouse=True)
def class_book_of_the_tests(tmp_path_factory):
    """Every server and command the tests start keeps its class book in a folder of the tests'
    own (unless the test names one), never in the user's data folder."""
    if "MATHCARDS_DB" not in os.environ:
        folder = tmp_path_factory.mktemp("classbook")
        os.environ["MATHCARDS_DB"] = f"sqlite:///{folder / 'classbook.sqlite'}"
    yield


# The servers that tests share, each started once a worker: the tests that use one run on the
# same worker of `pytest -n 3 --dist loadgroup` (`make test`), each group one after another,
# beside the tests that start no server on the other workers.
SHARED = {  # fixture: group
    "server": "lessons",
    "live_server": "live",
    "culling_server": "alive",  # tests/browser/test_alive.py: a kernel kept 3 s
    "installed": "wheel",
}
UNGROUPED = pytest.StashKey[bool]()  # a test whose group pytest-xdist did not take


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist's, which reads the groups
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Each test that uses a shared server joins that server's group."""
    for item in items:
        names = getattr(item, "fixturenames", ())
        group = next((SHARED[name] for name in names if name in SHARED), None)
        if group is None and item.get_closest_marker("hub"):
            group = "hub"  # JupyterHubs with their students' servers: one at a time
        if group is not None:
            item.add_marker(pytest.mark.xdist_group(group))


@pytest.hookimpl(trylast=True)
def pytest_collection_finish(session: pytest.Session) -> None:
    """What the run made to collect its tests (the packages, the tests themselves) is frozen
    out of the garbage collector, as a served kernel's start is. On a worker of `--dist
    loadgroup`, notes the tests whose group did not take: each would start its group's
    servers again (pytest 9.2 ignores the node id pytest-xdist 3.8 writes the group into,
    pytest-dev/pytest-xdist#1386; pyproject.toml keeps pytest below it)."""
    gc.freeze()
    if getattr(session.config.option, "loadgroup", False):
        for item in session.items:
            if item.get_closest_marker("xdist_group") and "@" not in item.nodeid:
                item.stash[UNGROUPED] = True


def pytest_runtest_setup(item: pytest.Item) -> None:
    if item.stash.get(UNGROUPED, False):
        pytest.fail("pytest-xdist did not put this test in its group (see tests/conftest.py)")

"""A student's server on the Hub tells the class service whose pages are there
(mathcards/classroom/hub/alive.py): its kernel manager is the laptop's `AliveKernels`, whose
notices (a page came, went past `away_seconds`, its kernel ended) are POSTed to
$MATHCARDS_SERVICE's `presence` with the server's token, in order, without holding up the
server; a failure is said once and dropped. Against a stand-in service on a thread of its own
(the real one: tests/hub/test_pages_service.py; the real Hub: tests/hub/test_hub_teams.py)."""

from __future__ import annotations

import asyncio
import contextlib
import json
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
import tornado.web
from tornado.web import HTTPError

from mathcards.classroom.hub.alive import HubAliveKernels, ToTheService
from mathcards.classroom.protocol import HUB_TOKEN_ENV, SERVICE_ENV
from mathcards.classroom.server.alive import AliveKernels
from tests.classroom.test_presence import Timers
from tests.classroom.threaded import on_loop, run_apart, serving
from tests.servers import free_port

DEPLOY = Path(__file__).parents[2] / "deploy"


class Told:
    """The stand-in service's record: each notice and the credentials it came with; held
    (answering none) while `held` is not set, refusing all while `refusing`."""

    def __init__(self) -> None:
        self.notices: list[tuple[str, dict[str, Any]]] = []
        self.held: asyncio.Event | None = None
        self.refusing = False


class Notice(tornado.web.RequestHandler):
    def initialize(self, told: Told) -> None:
        self.told = told

    async def post(self) -> None:
        if self.told.held is not None:
            await self.told.held.wait()
        if self.told.refusing:
            raise HTTPError(503)
        sent = json.loads(self.request.body)
        self.told.notices.append((self.request.headers.get("Authorization", ""), sent))
        self.finish({"result": None})


@pytest.fixture
def service():
    told = Told()

    def make(_port: int) -> tornado.web.Application:
        return tornado.web.Application([("/hub/api/presence", Notice, {"told": told})])

    with serving(make) as port:
        yield port, told


class Log:
    def __init__(self) -> None:
        self.said: list[str] = []

    def warning(self, text: str, *args: Any) -> None:
        self.said.append(text % args)


def hub_kernels(monkeypatch, port: int) -> HubAliveKernels:
    monkeypatch.setenv(SERVICE_ENV, f"http://127.0.0.1:{port}/hub/api/")
    monkeypatch.setenv(HUB_TOKEN_ENV, "ada-server")
    kernels = HubAliveKernels()
    kernels.later = (timers := Timers()).later
    kernels.timers = timers  # type: ignore[attr-defined]
    kernels._kernel_connections["k1"] = 0
    return kernels


async def all_sent(presence: Any) -> None:
    while presence.waiting:
        await asyncio.gather(*presence.waiting)


def test_a_page_that_came_went_and_ended_is_told_in_order_with_the_servers_token(
    service, monkeypatch
):
    port, told = service
    kernels = hub_kernels(monkeypatch, port)

    async def a_page() -> None:
        kernels.notify_connect("k1")
        kernels.notify_disconnect("k1")
        kernels.timers.run()  # type: ignore[attr-defined] # its connection gone past the bound
        kernels.notify_connect("k1")
        with contextlib.suppress(KeyError, HTTPError):  # no kernel behind it to shut down
            await kernels.shutdown_kernel("k1")
        await all_sent(kernels.presence)

    run_apart(a_page())
    assert told.notices == [
        ("token ada-server", {"kernel": "k1", "here": True}),
        ("token ada-server", {"kernel": "k1", "here": False}),
        ("token ada-server", {"kernel": "k1", "here": True}),
        ("token ada-server", {"kernel": "k1", "here": False, "ended": True}),
    ]


def test_telling_never_holds_the_server_up(service):
    port, told = service
    told.held = on_loop(port, asyncio.Event)
    log = Log()
    presence = ToTheService(f"http://127.0.0.1:{port}/hub/api", "t", log)

    async def told_while_held() -> int:
        for kernel in ("k1", "k2", "k3"):
            presence.came(kernel)  # returns at once, the service answering none yet
        await asyncio.sleep(0)
        waiting = len(presence.waiting)
        assert told.held is not None
        on_loop(port, told.held.set)
        await all_sent(presence)
        return waiting

    assert run_apart(told_while_held()) == 3
    assert [sent["kernel"] for _token, sent in told.notices] == ["k1", "k2", "k3"]
    assert log.said == []


def test_a_notice_that_fails_is_said_once_and_dropped_and_the_next_is_told(service):
    port, told = service
    log = Log()
    told.refusing = True
    refused = ToTheService(f"http://127.0.0.1:{port}/hub/api/", "t", log)
    nobody = ToTheService(f"http://127.0.0.1:{free_port()}/hub/api/", "t", log)
    slow = ToTheService(f"http://127.0.0.1:{port}/hub/api/", "t", log, seconds=0.5)

    async def failing(presence: ToTheService) -> None:
        presence.came("k1")
        presence.went("k1")
        await all_sent(presence)

    run_apart(failing(refused))
    run_apart(failing(nobody))
    told.held = on_loop(port, asyncio.Event)  # never set: no answer in time
    run_apart(failing(slow))
    assert len(log.said) == 3, log.said  # each once, however many notices failed
    assert "503" in log.said[0] and "Timeout" in log.said[2], log.said
    assert told.notices == [], "dropped"
    told.held, told.refusing = None, False
    run_apart(tell_one(refused))
    assert told.notices == [("token t", {"kernel": "k2", "here": True})]
    assert not refused.failing, "told again: a later failure is said again"


async def tell_one(presence: ToTheService, went: bool = False) -> None:
    (presence.went if went else presence.came)("k2")
    await all_sent(presence)


def test_without_the_service_s_address_a_server_tells_nobody(monkeypatch):
    monkeypatch.delenv(SERVICE_ENV, raising=False)
    monkeypatch.setenv(HUB_TOKEN_ENV, "t")
    assert HubAliveKernels().presence is None
    monkeypatch.setenv(SERVICE_ENV, "http://hub:8181/services/mathcards/api/")
    told = HubAliveKernels().presence
    assert isinstance(told, ToTheService)
    assert told.url == "http://hub:8181/services/mathcards/api/presence"


def test_the_image_s_servers_keep_their_kernels_so():
    config = json.loads((DEPLOY / "jupyter_server_config.json").read_text())
    named = config["ServerApp"]["kernel_manager_class"]
    assert named == f"{HubAliveKernels.__module__}.{HubAliveKernels.__name__}"
    assert issubclass(HubAliveKernels, AliveKernels)


def test_a_notice_with_no_loop_running_is_dropped_and_said():
    log = Log()
    presence = ToTheService("http://127.0.0.1:1/hub/api/", "t", log)
    with ThreadPoolExecutor(1) as elsewhere:  # no loop there (a browser test's may run here)
        elsewhere.submit(presence.ended, "k1").result(timeout=30)  # the server stopping
    assert presence.waiting == set() and len(log.said) == 1

"""A student's server on the Hub keeps its pages alive as the laptop does (`AliveKernels`), and
tells the class service whose pages are there (`ToTheService`): a page connected, its
connection gone `away_seconds`, its kernel ended, each a POST of `PresenceBody` to
$MATHCARDS_SERVICE's `presence`, with the server's own token ($JUPYTERHUB_API_TOKEN). Telling
never holds up the server: each notice is sent on its loop, in order, within `SEND_SECONDS`; one
that fails is logged (once, until one is told again) and dropped: the page's next connection
tells it again.

deploy/jupyter_server_config.json names `HubAliveKernels` the server's kernel manager."""

from __future__ import annotations

import asyncio
import json
import logging
import os
from typing import Any

from tornado.httpclient import AsyncHTTPClient

from mathcards.classroom.protocol import HUB_TOKEN_ENV, SERVICE_ENV, PresenceBody, ServerPath
from mathcards.classroom.server.alive import AliveKernels

SEND_SECONDS = 10.0  # a notice not told within this is dropped
MOST_WAITING = 200  # notices waiting to be sent at most (the service down): beyond, dropped


class ToTheService:
    """The `presence` of a student's server: its pages' comings and goings, told to the class
    service at `url` (its calls' address) with `token`."""

    def __init__(
        self, url: str, token: str, log: logging.Logger | Any, seconds: float = SEND_SECONDS
    ) -> None:
        self.url = url.rstrip("/") + "/" + ServerPath.PRESENCE
        self.token, self.log, self.seconds = token, log, seconds
        self.turn = asyncio.Lock()  # one notice at a time, in the order told
        self.waiting: set[asyncio.Task[None]] = set()
        self.failing = False  # the last notice failed (and was said so)

    def came(self, kernel: str) -> None:
        self.tell({"kernel": kernel, "here": True})

    def went(self, kernel: str) -> None:
        self.tell({"kernel": kernel, "here": False})

    def ended(self, kernel: str) -> None:
        self.tell({"kernel": kernel, "here": False, "ended": True})

    def tell(self, notice: PresenceBody) -> None:
        """Send `notice` in its turn, on the server's loop; never waits, never raises."""
        if len(self.waiting) >= MOST_WAITING:
            self.failed(f"{MOST_WAITING} notices waiting")
            return
        sending = self.send(notice)
        try:
            task = asyncio.get_running_loop().create_task(sending)
        except RuntimeError:  # no loop running (the server stopping): nothing can be sent
            sending.close()
            self.failed("the server's loop is not running")
            return
        self.waiting.add(task)
        task.add_done_callback(self.waiting.discard)

    async def send(self, notice: PresenceBody) -> None:
        async with self.turn:
            try:
                await AsyncHTTPClient().fetch(
                    self.url,
                    method="POST",
                    body=json.dumps(notice),
                    headers={
                        "Authorization": f"token {self.token}",
                        "Content-Type": "application/json",
                    },
                    connect_timeout=self.seconds,
                    request_timeout=self.seconds,
                )
            except Exception as problem:  # refused, down, slow: the next connection repairs it
                self.failed(str(problem))
            else:
                self.failing = False

    def failed(self, problem: str) -> None:
        if not self.failing:
            self.log.warning("mathcards: the class service was not told of a page: %s", problem)
        self.failing = True


def to_the_service(log: logging.Logger | Any) -> ToTheService | None:
    """The class service's presence, where $MATHCARDS_SERVICE and the server's token say."""
    url, token = os.environ.get(SERVICE_ENV, ""), os.environ.get(HUB_TOKEN_ENV, "")
    return ToTheService(url, token, log) if url and token else None


class HubAliveKernels(AliveKernels):
    """The laptop's kernels (`AliveKernels`), their pages told to the class service."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.presence = to_the_service(self.log)

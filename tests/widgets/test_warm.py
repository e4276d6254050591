"""A warm kernel waits for the page it is handed to, and takes that request's variables."""

from __future__ import annotations

import asyncio
import json
import os
import threading
from collections.abc import Iterator

import pytest
import websockets

from tests.servers import free_port
from widgets import warm

KERNEL = "k-1"


@pytest.fixture
def preheated(monkeypatch) -> Iterator[dict[str, str]]:
    """A kernel as Voila preheats it (its variables), not yet handed a page."""
    port = free_port()
    variables = {"VOILA_PREHEAT": "True", "VOILA_APP_PORT": str(port), "VOILA_KERNEL_ID": KERNEL}
    variables |= {"VOILA_SERVER_URL": "/base/"}
    for name, value in variables.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setattr(warm, "PAGE_SEEN", False)
    yield variables


def handing(port: int, request: dict[str, str]) -> tuple[threading.Thread, list[str]]:
    """Voila's end: a websocket server that hands `request` to the first kernel that asks,
    and keeps the path it was asked at."""
    asked: list[str] = []
    ready = threading.Event()

    async def hand(connection) -> None:
        asked.append(connection.request.path)
        await connection.send(json.dumps(request))

    async def serve() -> None:
        async with websockets.serve(hand, "127.0.0.1", port) as server:
            ready.set()
            while not asked:
                await asyncio.sleep(0.01)
            server.close()

    thread = threading.Thread(target=asyncio.run, args=(serve(),), daemon=True)
    thread.start()
    assert ready.wait(10)
    return thread, asked


def test_a_warm_kernel_takes_the_request_of_the_page_it_is_handed_to(preheated, monkeypatch):
    request = {"QUERY_STRING": "lang=pl", "MATHCARDS_TICKET": "t-42"}
    monkeypatch.delenv("MATHCARDS_TICKET", raising=False)
    thread, asked = handing(int(preheated["VOILA_APP_PORT"]), request)
    warm.wait_for_page()
    thread.join(10)
    assert asked == [f"/base/voila/query/{KERNEL}"]

    assert os.environ["MATHCARDS_TICKET"] == "t-42" and os.environ["QUERY_STRING"] == "lang=pl"
    warm.wait_for_page()  # once per kernel: it asks no more
    assert asked == [f"/base/voila/query/{KERNEL}"]


def test_a_warm_kernel_is_handed_its_page_past_a_proxy_the_environment_names(
    preheated, monkeypatch, proxy_nobody_runs
):
    request = {"MATHCARDS_TICKET": "t-43"}
    monkeypatch.delenv("MATHCARDS_TICKET", raising=False)
    thread, asked = handing(int(preheated["VOILA_APP_PORT"]), request)
    warm.wait_for_page()
    thread.join(10)

    assert asked == [f"/base/voila/query/{KERNEL}"]
    assert os.environ["MATHCARDS_TICKET"] == "t-43"


def test_a_kernel_nobody_hands_a_request_to_goes_on_without_one(preheated, monkeypatch):
    monkeypatch.delenv("MATHCARDS_TICKET", raising=False)
    warm.wait_for_page()  # nothing listens on the port: refused at once

    assert "MATHCARDS_TICKET" not in os.environ and warm.PAGE_SEEN


def test_a_kernel_that_was_not_preheated_waits_for_nothing(monkeypatch):
    monkeypatch.setenv("VOILA_PREHEAT", "False")
    monkeypatch.setattr(warm, "PAGE_SEEN", False)
    warm.wait_for_page()
    assert not warm.PAGE_SEEN

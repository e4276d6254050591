"""Who is in the room is who has a page there now (issue 49): the server's notices of its pages'
connections (a page connected, gone longer than its bound, its kernel ended) make the room's
count and "N of M have answered"; a student who left keeps their place and scores, and counts
again once back. Driven by the notices themselves and a stand-in for the server's clock."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

import pytest
from tornado.web import HTTPError

from mathcards.classroom.protocol import API, TICKET_HEADER
from mathcards.classroom.server.alive import AWAY_SECONDS, AliveKernels
from mathcards.classroom.service.presence import Presence
from tests.classroom import threaded
from tests.classroom.test_live import GAME, Class, right, wrong
from tests.classroom.threaded import on_loop, run_apart


def device(kernel: str) -> str:
    return f"device-of-{kernel.removeprefix('kernel-of-')}"


def test_a_browser_is_away_once_its_last_page_is_gone_and_back_when_one_connects():
    told: list[str] = []
    presence = Presence(lambda kernel: {"k1": "ola", "k2": "ola", "k3": "ala"}.get(kernel))
    presence.listeners.append(told.append)
    assert not presence.away("ola"), "a browser with no page noticed counts as there"
    presence.came("k1")
    presence.came("k2")  # a second page of the same phone
    presence.came("k3")
    assert told == [], "coming for the first time changes no count"
    presence.went("k1")
    assert not presence.away("ola") and told == []
    presence.ended("k2")
    assert presence.away("ola") and told == ["ola"]
    presence.went("k2")  # gone already: nothing new
    assert told == ["ola"]
    presence.came("k1")
    assert not presence.away("ola") and told == ["ola", "ola"]
    presence.came("unknown-kernel")  # a page with no ticket (the teacher's laptop's own test)
    assert not presence.away("nobody") and not presence.away("ala")


class Timers:
    """A stand-in for the server loop's `call_later`: each timer runs when the test says."""

    def __init__(self) -> None:
        self.waiting: list[tuple[float, Callable[[], None]]] = []

    def later(self, seconds: float, then: Callable[[], None]) -> Any:
        timer = (seconds, then)
        self.waiting.append(timer)
        timers = self

        class Handle:
            def cancel(self) -> None:
                if timer in timers.waiting:
                    timers.waiting.remove(timer)

        return Handle()

    def run(self) -> list[float]:
        ran, self.waiting = self.waiting, []
        for _seconds, then in ran:
            then()
        return [seconds for seconds, _then in ran]


@pytest.fixture
def kernels():
    kernels = AliveKernels()
    kernels.presence = Presence(device)
    kernels.later = (timers := Timers()).later
    kernels.timers = timers
    for kernel in ("kernel-of-ola", "kernel-of-ala"):
        kernels._kernel_connections[kernel] = 0
    return kernels


def test_a_page_whose_connection_went_is_gone_only_after_the_server_s_bound(kernels):
    presence = kernels.presence
    kernels.notify_connect("kernel-of-ola")
    kernels.notify_disconnect("kernel-of-ola")
    assert not presence.away("device-of-ola"), "a moment without its connection: still here"
    kernels.notify_connect("kernel-of-ola")  # back within the bound
    assert kernels.timers.run() == [] and not presence.away("device-of-ola")
    kernels.notify_disconnect("kernel-of-ola")
    assert kernels.timers.run() == [AWAY_SECONDS]
    assert presence.away("device-of-ola"), "gone longer than the bound: not in the room"
    kernels.notify_connect("kernel-of-ola")
    assert not presence.away("device-of-ola"), "the phone woke: in the room again"


def test_a_page_whose_kernel_ended_is_gone_at_once(kernels):
    kernels.notify_connect("kernel-of-ala")
    kernels.notify_disconnect("kernel-of-ala")  # the page closed: its kernel is ended at once
    with contextlib.suppress(KeyError, HTTPError):  # no kernel behind it to shut down
        run_apart(kernels.shutdown_kernel("kernel-of-ala"))
    assert kernels.presence.away("device-of-ala"), "not after the bound: at once"
    assert kernels.timers.run() == [], "its going, due after the bound, is over"


def test_the_bound_is_a_setting():
    assert AliveKernels(away_seconds=5).away_seconds == 5


def page(room: Class, nickname: str) -> str:
    """A student's page with its kernel (`kernel-of-name`), joined, and connected."""
    ticket = room.service.tickets.issue(f"device-of-{nickname}", kernel=f"kernel-of-{nickname}")
    sent = {"nickname": nickname}
    assert threaded.call(room.port, f"{API}join", sent, **{TICKET_HEADER: ticket})[0] == 200
    assert room.call("join", ticket, {})[0] == 200
    on_loop(room.port, room.service.presence.came, f"kernel-of-{nickname}")
    return ticket


def next_state(room: Class, teacher: str, state: dict[str, Any]) -> dict[str, Any]:
    """The projector's next view, once the game has moved past `state` (a long-poll)."""
    return room.ok(f"state?after={state['version']}", teacher)


def test_the_projector_counts_who_is_here_and_keeps_who_left(room):
    teacher = room.teacher()
    room.ok("games", teacher, GAME)
    ala, ola, ela = (page(room, name) for name in ("Ala", "Ola", "Ela"))
    view = room.ok("rounds", teacher, {})
    room.ok("answers", ala, {"text": right(view)})
    room.ok("answers", ela, {"text": wrong(view)})
    state = room.ok("state", teacher)
    assert state["here"] == ["Ala", "Ola", "Ela"] and state["answered_of"] == 3
    on_loop(room.port, room.service.presence.ended, "kernel-of-Ala")  # culled, or closed
    state = next_state(room, teacher, state)
    on_loop(room.port, room.service.presence.went, "kernel-of-Ola")  # gone past the bound
    state = next_state(room, teacher, state)
    assert state["room"] == ["Ala", "Ola", "Ela"], "who left keeps their place"
    assert state["here"] == ["Ela"]
    assert (state["answered"], state["answered_of"]) == (2, 2), "Ala's answer still counts"
    assert state["leaderboard"][0]["name"] == "Ala", "and her score"
    on_loop(room.port, room.service.presence.came, "kernel-of-Ola")  # the phone woke
    state = next_state(room, teacher, state)
    assert state["here"] == ["Ola", "Ela"] and state["answered_of"] == 3
    seat = room.ok("me", ola)
    assert seat["joined"], "Ola's own page never saw her leave"


def test_on_the_laptop_no_page_may_say_whose_pages_are_there(room):
    """The Hub's servers' `presence` call: on the laptop the server tells it itself."""
    ticket = room.service.tickets.issue("device-of-ola", kernel="kernel-of-ola")
    sent = '{"kernel": "kernel-of-ola", "here": false}'
    status, _headers, _body = threaded.send(
        room.port, "POST", f"{API}presence", sent, **{TICKET_HEADER: ticket}
    )
    assert status == 404

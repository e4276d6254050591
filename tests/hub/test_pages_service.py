"""Whose pages are there on the Hub (mathcards/classroom/hub/pages.py), without a Hub: each
student's server tells the class service, with its own token, when a page of its connects,
goes or ends; a student whose pages are gone is away from the live room (not here on the
projector, left out of teams), as on the laptop. A server speaks only for its own user's
pages, and only so many of them. The server's side is tests/hub/test_hub_alive_kernels.py's."""

from __future__ import annotations

from typing import Any

import pytest

from mathcards.classroom.hub.pages import MOST_PAGES, HubPages
from mathcards.classroom.protocol import MOST_KERNEL_ID, TICKET_HEADER
from mathcards.classroom.service.presence import Presence
from tests.classroom import threaded
from tests.classroom.test_live import GAME
from tests.hub.test_live_service import LiveHub, class_hub  # noqa: F401 - the fixture
from tests.hub.test_service import PREFIX, token


def tell(hub: LiveHub, server: str, sent: Any) -> tuple[int, Any]:
    return threaded.call(hub.port, f"{PREFIX}api/presence", sent, **token(server))


def here(hub: LiveHub, state: dict[str, Any] | None = None) -> list[str]:
    """Who the projector counts here (once the game moved past `state`, if given)."""
    after = f"?after={state['version']}" if state else ""
    return list(hub.ok(f"state{after}", "teacher-server")["here"])


def test_a_student_whose_page_went_is_not_here_nor_put_in_a_team(class_hub):  # noqa: F811
    hub = class_hub
    hub.ok("games", "teacher-server", GAME)
    for server in ("ada-server", "bruno-server", "chen-server"):
        hub.ok("join", server, {})
        assert tell(hub, server, {"kernel": "k1", "here": True}) == (200, {"result": None})
    state = hub.ok("state", "teacher-server")
    assert state["here"] == ["ada", "bruno school.example", "chen"]
    assert tell(hub, "bruno-server", {"kernel": "k1", "here": False})[0] == 200
    state = hub.ok(f"state?after={state['version']}", "teacher-server")
    assert state["here"] == ["ada", "chen"], "bruno's page went: not here"
    assert state["room"] == ["ada", "bruno school.example", "chen"], "but keeps his place"
    hub.ok("teams", "teacher-server", {"size": 2, "shuffle": True})
    teams = hub.ok("state", "teacher-server")["teams"]
    members = sorted(m["name"] for team in teams for m in team["members"])
    assert members == ["ada", "chen"], "Make teams takes the students here only"
    assert tell(hub, "bruno-server", {"kernel": "k1", "here": True})[0] == 200
    assert "bruno school.example" in here(hub), "his page came back"
    assert tell(hub, "chen-server", {"kernel": "k1", "here": False, "ended": True})[0] == 200
    assert "chen" not in here(hub), "her page's kernel ended"


def test_a_server_speaks_only_for_its_own_users_pages(class_hub):  # noqa: F811
    hub = class_hub
    hub.ok("games", "teacher-server", GAME)
    for server in ("ada-server", "chen-server"):
        hub.ok("join", server, {})
        tell(hub, server, {"kernel": "same-id", "here": True})
    tell(hub, "ada-server", {"kernel": "same-id", "here": False, "ended": True})
    assert here(hub) == ["chen"], "ada's own page ended, not chen's of the same id"
    for headers in ({}, token("made-up"), {TICKET_HEADER: "a-ticket"}):
        sent = {"kernel": "same-id", "here": False}
        path = f"{PREFIX}api/presence"
        assert threaded.call(hub.port, path, sent, **headers) == (401, {"error": "no-token"})
    assert here(hub) == ["chen"]


@pytest.mark.parametrize(
    "sent",
    [
        {"here": True},
        {"kernel": "", "here": True},
        {"kernel": 7, "here": True},
        {"kernel": "k", "here": "yes"},
        {"kernel": "k", "here": True, "ended": 1},
        {"kernel": "k"},
    ],
)
def test_a_notice_not_understood_is_refused(class_hub, sent):  # noqa: F811
    assert tell(class_hub, "ada-server", sent) == (400, {"error": "bad-request"})


def test_a_kernel_id_is_bounded(class_hub):  # noqa: F811
    long = {"kernel": "k" * (MOST_KERNEL_ID + 1), "here": True}
    assert tell(class_hub, "ada-server", long) == (413, {"error": "too-long"})
    assert tell(class_hub, "ada-server", {**long, "kernel": "k" * MOST_KERNEL_ID})[0] == 200


def test_so_many_pages_of_a_user_are_remembered_those_gone_forgotten_first():
    presence = Presence()
    pages = HubPages(presence, most=3)
    assert all(pages.came("ada", kernel) for kernel in ("k1", "k2", "k3"))
    assert not pages.came("ada", "k4"), "three pages there: a fourth is refused"
    assert pages.came("bea", "k4"), "another user's are their own"
    assert pages.came("ada", "k2"), "one known comes again"
    pages.went("ada", "k1")
    assert pages.came("ada", "k4"), "the page gone is forgotten for the new one"
    assert list(pages.of["ada"]) == ["ada/k2", "ada/k3", "ada/k4"]
    assert "ada/k1" not in presence.pages
    pages.ended("ada", "k2")
    pages.ended("ada", "k3")
    pages.ended("ada", "k4")
    assert "ada" not in pages.of and presence.away("ada")


def test_too_many_pages_of_a_user_are_refused(class_hub):  # noqa: F811
    for kernel in range(MOST_PAGES):
        assert tell(class_hub, "ada-server", {"kernel": f"k{kernel}", "here": True})[0] == 200
    refused = tell(class_hub, "ada-server", {"kernel": "one-more", "here": True})
    assert refused == (409, {"error": "too-many-pages"})
    assert tell(class_hub, "chen-server", {"kernel": "one-more", "here": True})[0] == 200


def test_presence_is_told_the_device_of_a_page_directly():
    told: list[str] = []
    presence = Presence()  # no tickets: the Hub's
    presence.listeners.append(told.append)
    presence.came("ada/k1", "ada")
    presence.went("ada/k1")
    assert presence.away("ada") and told == ["ada"]
    presence.came("ada/k1")  # known already: its device remembered
    assert not presence.away("ada") and told == ["ada", "ada"]

"""Teams in MAM! live on the real JupyterHub of tests/hub/test_hub.py (its proxy, its login, each
student's server a process of its own), through the example's class service over a real
PostgreSQL database (issue 53): the teacher (a Hub admin) opens the projector on her own server,
four students open the live page on theirs, the teacher makes two teams of two, opens a round;
one of a team claims right for it, the teammate's phone says who answered for the team and its
box is closed; the projector shows the teams, not the children. A fifth student joins the
room and closes her page: once her server says her page is gone, the projector no longer counts
her, and the teams are made of the four here (as are any earlier test's students whose pages
closed). English only (the Polish is
tests/browser/test_live_teams_pages.py's, on the laptop)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest
from playwright.sync_api import expect

from mathcards.mam.live import LiveGame
from tests.browser.conftest import Visit, launch, new_live_game
from tests.browser.test_live_pages import SEED
from tests.browser.test_live_teams_pages import (
    SAID,
    make_two_teams,
    one_claims_for_team_1,
    teams_of,
)
from tests.hub.test_hub import AWAY_SECONDS, TEAM_LEAVER, TEAM_STUDENTS, TEAM_TEACHER
from tests.hub.test_hub_live import PROJECTOR, SEAT, logged_in, open_lesson
from tests.postgres import postgres  # noqa: F401 - the session's PostgreSQL server

pytestmark = pytest.mark.hub

ROUNDS = 2
PLAY_SECONDS = 600  # six servers started, six pages, teams made and a claim
GONE_MS = (AWAY_SECONDS + 60) * 1000  # a closed page told away, and the projector told


def teams_through_the_hub(base: str) -> None:
    """Runs in a thread of its own (Playwright's sync API, as tests/hub/test_hub.py)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = launch(playwright)
        try:
            play(chromium, base)
        finally:
            chromium.close()


def play(chromium, base: str) -> None:
    said = SAID["en"]
    projector = logged_in(chromium, base, TEAM_TEACHER, {"width": 1280, "height": 800})
    phones = {
        name: logged_in(chromium, base, name, {"width": 390, "height": 844})
        for name in TEAM_STUDENTS
    }
    visits = {name: Visit(page) for name, page in phones.items()}
    open_lesson(projector, base, TEAM_TEACHER, PROJECTOR)  # her own server's token: a teacher's
    new_live_game(projector, SEED, ROUNDS)
    for name, phone in phones.items():  # each in the room under their Hub name, no name box
        open_lesson(phone, base, name, SEAT)
        expect(phone.locator(".mc-book-who")).to_contain_text(name)
        expect(phone.locator(".mc-join-name input")).to_be_hidden()
    for name in TEAM_STUDENTS:
        expect(projector.locator(".mc-live-room")).to_contain_text(name)

    leaves_the_room(chromium, base, projector)
    only_these_here(projector, TEAM_STUDENTS)
    wall = make_two_teams(projector, TEAM_STUDENTS, said)
    teams = teams_of(phones, said)
    projector.locator("button.mc-live-start").click()
    deal = LiveGame("normal", rounds=ROUNDS, seed=SEED).open_round().deal
    one_claims_for_team_1(wall, phones, teams, deal, said)
    for name in teams[2]:  # the other team's members: no name of theirs on the wall
        assert name not in wall.inner_text()
    for name, visit in visits.items():
        assert visit.errors == [], (name, visit.errors)


def leaves_the_room(chromium, base: str, projector) -> None:
    """The leaver joins the room (her Hub name in it), then closes her page: she keeps her
    place in the room."""
    phone = logged_in(chromium, base, TEAM_LEAVER, {"width": 390, "height": 844})
    open_lesson(phone, base, TEAM_LEAVER, SEAT)
    expect(phone.locator(".mc-book-who")).to_contain_text(TEAM_LEAVER)
    expect(projector.locator(".mc-live-room")).to_contain_text(TEAM_LEAVER)
    phone.context.close()


def only_these_here(projector, names: list[str]) -> None:
    """The room locked; the projector counts only `names` here: the leaver, and the Hub's
    earlier tests' students (whose pages followed the class's new game, then closed), are
    away once their servers said their pages were gone."""
    if projector.locator("button.mc-teams-make").is_hidden():  # the room folded away
        projector.locator(".mc-live-join-box .jupyter-widget-Collapse-header").click()
    projector.locator(".mc-live-lock input").check()
    rows = projector.locator(".mc-live-room .mc-live-seat-row")
    expect(rows.filter(has_text=TEAM_LEAVER)).to_have_count(1)  # she keeps her place
    title = f"In the room: {len(names)}"
    expect(projector.locator(".mc-live-room-title")).to_have_text(title, timeout=GONE_MS)


def test_two_teams_of_two_one_claims_and_the_teammate_is_told_through_the_hub(hub):
    with ThreadPoolExecutor(1) as pool:
        pool.submit(teams_through_the_hub, hub.base).result(timeout=PLAY_SECONDS)

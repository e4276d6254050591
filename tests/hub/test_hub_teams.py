"""Teams in MAM! live on the real JupyterHub of tests/hub/test_hub.py (its proxy, its login, each
student's server a process of its own), through the example's class service over a real
PostgreSQL database (issue 53): the teacher (a Hub admin) opens the projector on her own server,
four students open the live page on theirs, the teacher makes two teams of two, opens a round;
one of a team claims right for it, the teammate's phone says who answered for the team and its
box is closed; the projector shows the teams, not the children. English only (the Polish is
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
from tests.hub.test_hub import TEAM_STUDENTS, TEAM_TEACHER
from tests.hub.test_hub_live import PROJECTOR, SEAT, logged_in, open_lesson
from tests.postgres import postgres  # noqa: F401 - the session's PostgreSQL server

pytestmark = pytest.mark.hub

ROUNDS = 2
PLAY_SECONDS = 600  # five servers started, five pages, teams made and a claim


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

    only_these_in_the_room(projector, TEAM_STUDENTS)
    wall = make_two_teams(projector, TEAM_STUDENTS, said)
    teams = teams_of(phones, said)
    projector.locator("button.mc-live-start").click()
    deal = LiveGame("normal", rounds=ROUNDS, seed=SEED).open_round().deal
    one_claims_for_team_1(wall, phones, teams, deal, said)
    for name in teams[2]:  # the other team's members: no name of theirs on the wall
        assert name not in wall.inner_text()
    for name, visit in visits.items():
        assert visit.errors == [], (name, visit.errors)


def only_these_in_the_room(projector, names: list[str]) -> None:
    """The room locked, and anyone else in it taken out by the teacher: the Hub's earlier tests
    leave their students' servers running, and their pages follow the class's new game too."""
    if projector.locator("button.mc-teams-make").is_hidden():  # the room folded away
        projector.locator(".mc-live-join-box .jupyter-widget-Collapse-header").click()
    projector.locator(".mc-live-lock input").check()
    rows = projector.locator(".mc-live-room .mc-live-seat-row")
    expect(rows.first).to_be_visible()
    strays = [n for n in rows.locator(".mc-live-name").all_inner_texts() if n not in names]
    for stray in strays:
        row = rows.filter(has=projector.get_by_text(stray, exact=True))
        row.locator("button.mc-live-remove").click()
        expect(row).to_have_count(0)
    expect(rows).to_have_count(len(names))


def test_two_teams_of_two_one_claims_and_the_teammate_is_told_through_the_hub(hub):
    with ThreadPoolExecutor(1) as pool:
        pool.submit(teams_through_the_hub, hub.base).result(timeout=PLAY_SECONDS)

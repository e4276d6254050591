"""MAM! live on the real JupyterHub of tests/hub/test_hub.py (its proxy, its login, each
student's server a process of its own), through the example's class service over a real
PostgreSQL database (tests/postgres.py): the teacher (the Hub's admin) opens the projector on
her own server, three students open the live page on theirs and are in the room under their Hub
names (no name box), and they play a round through the Hub's proxy: a wrong answer is told only
to its sender, the first right answer wins, the board is in order of arrival, the podium is
right on every page; a student who opens the projector is refused it; the class book keeps the
game's events.
"""

from __future__ import annotations

import re
from concurrent.futures import ThreadPoolExecutor

import pytest
from playwright.sync_api import expect

from mathcards.accommodations import Accommodation
from mathcards.book import Book
from mathcards.mam.live import LiveGame
from tests.browser.conftest import FIRST_RENDER_MS, Visit, launch
from tests.browser.test_live_pages import SAID, answer, board_rows, right, wrong
from tests.hub.test_hub import (
    PASSWORDS,
    STUDENTS,
    TEACHER,
    log_in,
    wait_until_ready,
)
from tests.postgres import postgres  # noqa: F401 - the session's PostgreSQL server

pytestmark = pytest.mark.hub

SEED = 2026
PROJECTOR = "en/live/projector.ipynb"
SEAT = "en/live/1-mam-live.ipynb"
PLAY_SECONDS = 600  # four servers started, four pages, a round and the podium
CLASS = "class"  # deploy/values.yaml's `--class=class`


def logged_in(chromium, base: str, name: str, viewport: dict[str, int]):
    """A browser context of its own, logged in to the Hub as `name` (their server starting)."""
    page = chromium.new_context(viewport=viewport).new_page()
    log_in(page, base, name, PASSWORDS[name])
    return page


def open_lesson(page, base: str, name: str, lesson: str) -> None:
    """Once `name`'s server is up (the landing page), open `lesson` on it."""
    server = f"{base}/user/{name}/voila/render/"
    page.wait_for_url(f"{server}en/index.ipynb", timeout=FIRST_RENDER_MS * 3)
    page.goto(server + lesson, timeout=FIRST_RENDER_MS)
    wait_until_ready(page)


def a_round_through_the_hub(base: str) -> None:
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
    game = LiveGame("normal", rounds=1, seed=SEED)  # the same game, played here alongside
    projector = logged_in(chromium, base, TEACHER, {"width": 1280, "height": 800})
    seats = {
        name: logged_in(chromium, base, name, {"width": 390, "height": 844}) for name in STUDENTS
    }
    visits = {name: Visit(page) for name, page in seats.items()}

    open_lesson(projector, base, TEACHER, PROJECTOR)  # her own server's token: the teacher's
    projector.locator(".mc-live-seed input").fill(str(SEED))
    projector.locator(".mc-live-rounds input").fill("1")
    projector.locator(".mc-live-rounds input").press("Enter")
    projector.locator("button.mc-live-new").click()
    expect(projector.locator(".mc-live-settings")).to_contain_text(str(SEED))

    for name, seat in seats.items():  # each in the room under their Hub name, no name box
        open_lesson(seat, base, name, SEAT)
        expect(seat.locator(".mc-book-who")).to_contain_text(name)
        expect(seat.locator(".mc-join-name input")).to_be_hidden()
        expect(seat.locator(".mc-live-status")).to_contain_text(said["wait"])
        game.join(name)
    for name in STUDENTS:
        expect(projector.locator(".mc-live-room")).to_contain_text(name)
    dora, emil, fay = STUDENTS
    accommodate(projector.context.new_page(), base, fay)
    expect(seats[fay].locator(".mc-live-seat")).to_have_class(re.compile("mc-live-larger"))

    # the round: fay claims wrongly (costing nobody a card), dora is first right, emil right but
    # late
    projector.locator("button.mc-live-start").click()
    deal = game.open_round().deal
    for seat in seats.values():
        expect(seat.locator(f".mc-target[data-target='{deal.target}']")).to_be_visible()
        shown = seat.locator(".mc-card").evaluate_all("cards => cards.map(c => +c.dataset.value)")
        assert sorted(shown) == sorted(deal.cards)
    answer(seats[fay], wrong(deal))
    expect(seats[fay].locator(".mc-verdict")).to_contain_text(said["wrong"])
    expect(seats[fay].locator(".mc-verdict")).to_contain_text("The others take no card for it.")
    expect(projector.locator(".mc-live-answered")).to_contain_text("1")  # a count, no name
    answer(seats[dora], right(deal))
    expect(seats[dora].locator(".mc-verdict")).to_contain_text(said["first"])
    answer(seats[emil], right(deal))
    expect(seats[emil].locator(".mc-verdict")).to_contain_text(said["late"])
    expect(seats[fay].locator(".mc-verdict")).to_contain_text(said["wrong"])  # hers, still
    spared = frozenset({Accommodation.COSTS_NOBODY, Accommodation.LARGER})
    for seq, (name, text) in enumerate(
        [(fay, wrong(deal)), (dora, right(deal)), (emil, right(deal))], 1
    ):
        game.answer(name, text, seq, held=spared if name == fay else frozenset())
    expect(projector.locator(".mc-live-right")).to_contain_text("2")
    wall = projector.locator(".mc-live-projector").inner_text()
    assert fay not in wall and dora not in wall and right(deal) not in wall  # before Reveal

    projector.locator("button.mc-live-reveal").click()
    game.reveal()
    expect(projector.locator(".mc-live-board tr[data-correct]")).to_have_count(3)
    assert board_rows(projector) == [(None, "false"), (dora, "true"), (emil, "true")]
    expect(projector.locator(".mc-live-first")).to_contain_text(
        said["first right"].format(name=dora)
    )
    expect(projector.locator(".mc-live-revealed")).to_contain_text(said["best"])
    projector.locator("button.mc-live-finish").click()
    podium = [(str(s.place), s.name) for s in game.finish()]
    for page in (projector, *seats.values()):
        places = page.locator(".mc-podium li")
        expect(places).to_have_count(len(podium))
        shown = [
            (li.get_attribute("data-place"), li.get_attribute("data-name")) for li in places.all()
        ]
        assert shown == podium
    for name, visit in visits.items():
        assert visit.errors == [], (name, visit.errors)

    # a student who opens the projector on her own server is refused it
    refused = seats[fay].context.new_page()
    refused.goto(f"{base}/user/{fay}/voila/render/{PROJECTOR}", timeout=FIRST_RENDER_MS)
    wait_until_ready(refused)
    expect(refused.locator(".mc-live-projector")).to_contain_text("for the teacher only")
    expect(refused.locator("button.mc-live-start")).to_be_hidden()


def accommodate(page, base: str, name: str) -> None:
    """On the service's teacher's page (the teacher logged in to the Hub), `name`'s wrong claim
    costs nobody a card and their phone shows larger cards and text."""
    page.goto(f"{base}/services/mathcards/teacher", timeout=FIRST_RENDER_MS)
    theirs = page.locator(".mc-accommodations fieldset", has=page.locator("legend", has_text=name))
    theirs.get_by_label("a wrong claim costs nobody a card").check()
    theirs.get_by_label("larger cards and text").check()
    page.get_by_role("button", name=f"Save for {name}").click()
    expect(page.locator(".mc-said")).to_contain_text(name)
    page.close()


def test_a_teacher_and_three_students_play_mam_live_through_the_hub(hub):
    with ThreadPoolExecutor(1) as pool:
        pool.submit(a_round_through_the_hub, hub.base).result(timeout=PLAY_SECONDS)
    # the class book (the PostgreSQL database) keeps the game, its answers in order of arrival
    with Book(hub.book) as kept:
        live = kept.newest_live(CLASS)
        assert live is not None
        events = [(event.kind, event.name) for event in live.events]
        names = sorted(student.nickname for student in kept.students(CLASS))
    assert events[0][0] == "start"
    assert [e for e in events if e[0] == "answer"] == [
        ("answer", STUDENTS[2]),
        ("answer", STUDENTS[0]),
        ("answer", STUDENTS[1]),
    ]
    assert sorted(name for kind, name in events if kind == "join") == STUDENTS
    assert set(STUDENTS) <= set(names)  # each under their Hub name

"""Playing at tables on the real JupyterHub of tests/hub/test_hub.py (its proxy, its login, each
student's server a process of its own), through the example's class service over a real
PostgreSQL database (issue 53): the teacher (a Hub admin) opens the tables' projector on her
own server, three students open the play-at-tables lesson on theirs and are in the room under
their Hub names, the teacher makes one table of three for LAMA Dice, they play it to the end in
Chromium, each sees their review, the projector shows the table finished; the class book keeps
the table, its moves and its decisions. English only (the phones' Polish is
tests/browser/test_play_tables.py's, on the laptop)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest
from playwright.sync_api import expect

from mathcards.book import Book
from tests.browser.conftest import FIRST_RENDER_MS, Visit, launch
from tests.browser.test_play_tables import SAID, TURNS, moves_once
from tests.hub.test_hub import TABLE_STUDENTS, TABLE_TEACHER
from tests.hub.test_hub_live import CLASS, logged_in, open_lesson
from tests.postgres import postgres  # noqa: F401 - the session's PostgreSQL server
from tests.servers import wait_for

pytestmark = pytest.mark.hub

PROJECTOR = "en/live/tables-projector.ipynb"
SEAT = "en/live/3-play-at-tables.ipynb"
PLAY_SECONDS = 900  # four servers started, four pages, a game of LAMA Dice played to its end


def tables_through_the_hub(base: str) -> None:
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
    projector = logged_in(chromium, base, TABLE_TEACHER, {"width": 1280, "height": 800})
    seats = {
        name: logged_in(chromium, base, name, {"width": 390, "height": 844})
        for name in TABLE_STUDENTS
    }
    visits = {name: Visit(page) for name, page in seats.items()}
    open_lesson(projector, base, TABLE_TEACHER, PROJECTOR)  # her own server's token: a teacher's
    for name, seat in seats.items():  # each in the room under their Hub name, no name box
        open_lesson(seat, base, name, SEAT)
        expect(seat.locator(".mc-book-who")).to_contain_text(name)
        expect(seat.locator(".mc-join-name input")).to_be_hidden()
        expect(seat.locator(".mc-play-status-line")).to_contain_text(said["wait"])
    for name in TABLE_STUDENTS:
        expect(projector.locator(".mc-play-room")).to_contain_text(name)

    projector.locator(".mc-play-size select").select_option("3")
    projector.locator(".mc-play-by-hand textarea").fill(", ".join(TABLE_STUDENTS))
    projector.locator("button.mc-play-start").click()
    expect(projector.locator(".mc-play-glance")).to_have_count(1)
    for seat in seats.values():
        expect(seat.locator(".mc-play-status")).to_be_visible()
    over = projector.locator(".mc-play-glance.mc-over")

    def someone_may_move() -> bool:
        may = any(seat.locator("button.mc-play-move").count() for seat in seats.values())
        return may or over.count() == 1

    for _turn in range(TURNS):
        if not wait_for(someone_may_move, FIRST_RENDER_MS / 1000):
            wall = projector.locator(".mc-play-tables").inner_text()
            raise AssertionError(f"the table stands still:\n{wall}")
        if over.count():
            break
        for seat in seats.values():
            moves_once(seat, keyboard=False)
    else:
        raise AssertionError("the table never ended")

    for seat in seats.values():
        expect(seat.locator(".mc-play-review")).to_contain_text("%")
        expect(seat.locator(".mc-play-accuracy")).to_contain_text(said["review"], ignore_case=True)
        seat.locator("button.mc-play-next").click()
        expect(seat.locator(".mc-play-where")).to_contain_text("1")
    expect(over).to_have_count(1)
    for name in TABLE_STUDENTS:
        expect(over).to_contain_text(name)
    expect(projector.locator(".mc-play-debrief")).to_contain_text(said["debrief"])
    assert "mc-play-hand" not in projector.content()
    for name, visit in visits.items():
        assert visit.errors == [], (name, visit.errors)


def test_a_table_of_three_plays_lama_dice_through_the_hub_in_chromium(hub):
    with ThreadPoolExecutor(1) as pool:
        pool.submit(tables_through_the_hub, hub.base).result(timeout=PLAY_SECONDS)
    with Book(hub.book) as kept:  # the class book (the PostgreSQL database) keeps the table
        (table,) = kept.newest_sitting(CLASS)
        decided = {made.student for made in kept.decisions_kept(CLASS) if made.table == table.id}
    assert table.game == "lama_dice" and table.finished and table.moves
    assert sorted(table.settings["players"]) == sorted(TABLE_STUDENTS)
    assert decided and decided <= set(TABLE_STUDENTS), "the students' decisions, scored"

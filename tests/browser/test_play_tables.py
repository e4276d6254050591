"""Playing at tables in a real browser, against `mathcards serve` and its class book (issue 53): a
class of six joins on phones, the teacher's projector makes two tables of three for LAMA Dice,
they play to the end (one phone sleeps, frozen as a phone's page is when its screen locks: a
computer takes its turn, then it comes back), one student plays by the keyboard alone; each
sees their review and steps through their game, the projector shows the tables and the class
debrief, the teacher's page and its export hold the games and the decisions. The projector in
one language, the phones in both; 390 × 844 and 1280 × 800; axe-checked."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from tests.browser.axe import assert_accessible
from tests.browser.conftest import FIRST_RENDER_MS, join, layout_problems, resized
from tests.browser.test_keyboard import press
from tests.browser.test_live_pages import in_first_screen
from tests.servers import wait_for

pytestmark = pytest.mark.browser
CLASSES = {  # each run's students, joined to the book of the server the live tests share
    "en": ("Abe", "Bix", "Cam", "Dex", "Eli", "Fay"),
    "pl": ("Gabi", "Hubi", "Igor", "Jola", "Karol", "Lusia"),
}
SAID = {
    "en": {
        "wait": "Wait for your teacher",
        "debrief": "The class made",
        "review": "accuracy",
        "none": "this game had no decision of yours",
    },
    "pl": {
        "wait": "Poczekaj, aż nauczyciel",
        "debrief": "Klasa podjęła",
        "review": "trafność",
        "none": "w tej grze nie było twojej decyzji",
    },
}
AWAY_SECONDS = 2  # the teacher's: a sleeping phone's seat waits this long for it
TURNS = 400  # moves the class makes at most before every table is over
LATE_MS = 5_000  # a move button that went (a tablemate moved first) is not waited for longer


def open_page(context, url: str):
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector("#loading", state="hidden")
    return page


def sleep_page(page):
    """The page asleep, as a phone's page is when its screen locks: its scripts and timers stop
    (the debugger pauses it: the headless shell freezes no visible page). `.send("Debugger.
    resume")` on what it returns wakes it."""
    session = page.context.new_cdp_session(page)
    session.send("Debugger.enable")
    session.send("Debugger.pause")
    return session


def seat_of(projector, name: str) -> int:
    """The number of the table the projector shows `name` at."""
    for table in projector.locator(".mc-play-glance").all():
        if name in table.inner_text():
            return int(table.get_attribute("data-table") or 0)
    raise AssertionError(f"{name} is at no table")


def moves_once(page, keyboard: bool) -> bool:
    """If a move button shows, the student makes the last move offered (a quit, a discard:
    the rounds end soon), by the keyboard or by a tap; whether the table took it (`made`)."""
    buttons = page.locator("button.mc-play-move")
    if not buttons.count():
        return False
    seen, told = moves_seen(page), notice(page).count()
    try:
        if keyboard:
            press(page, "button.mc-play-move:last-of-type")
        else:
            buttons.last.click(timeout=LATE_MS)
    except (PlaywrightTimeout, AssertionError):  # a tablemate dealt the next round first
        return False
    return made(page, seen, told)


def moves_seen(page) -> str:
    """The moves made at the table as the page shows it now."""
    return page.locator(".mc-play-status").get_attribute("data-moves") or ""


def notice(page):
    """The page's notice, if it shows one (a move refused)."""
    return page.locator(".mc-play-seat > .mc-message-line").filter(has_text=re.compile(r"\S"))


def made(page, seen: str, told: int) -> bool:
    """Once the page answers a move made when it showed `seen` moves (and `told` notices):
    whether the table took it. A button a moment behind the table (the status is drawn
    before the buttons) is refused, and the page says so; after a notice already shown, a
    refusal says nothing new, and LATE_MS tells."""
    moved = page.locator(f".mc-play-status:not([data-moves='{seen}'])")
    try:
        if told:
            expect(moved).to_be_visible(timeout=LATE_MS)
        else:
            expect(moved.or_(notice(page)).first).to_be_visible()
    except AssertionError:
        return False
    return moved.count() > 0


def stands_in(page, sleeper: str) -> bool:
    """Does the page say the computer moved for `sleeper` (their seat away)?"""
    newest = page.locator(".mc-play-newest li")
    return any(sleeper in line and "(" in line for line in newest.all_inner_texts())


def all_over(projector) -> bool:
    tables = projector.locator(".mc-play-glance")
    return tables.count() == 2 and projector.locator(".mc-play-glance.mc-over").count() == 2


@pytest.mark.parametrize("language", ["en", "pl"])
def test_a_class_of_six_plays_lama_dice_at_two_tables(live_class, tmp_path, language):
    other = "pl" if language == "en" else "en"
    names = CLASSES[language]
    spoken = {name: (language if n % 2 == 0 else other) for n, name in enumerate(names)}
    base = live_class.base
    teacher = live_class.context(viewport={"width": 1280, "height": 800})
    projector = teacher.new_page()
    projector.goto(live_class.teacher_url())  # the teacher's cookie
    projector.goto(f"{base}/voila/render/{language}/live/tables-projector.ipynb")
    projector.wait_for_selector("#loading", state="hidden")

    pages = {}
    for name in names:
        context = live_class.context(viewport={"width": 390, "height": 844})
        pages[name] = open_page(
            context, f"{base}/voila/render/{spoken[name]}/live/3-play-at-tables.ipynb"
        )
        join(pages[name], name)
        expect(pages[name].locator(".mc-play-status-line")).to_contain_text(
            SAID[spoken[name]]["wait"]
        )
    for name in names:
        expect(projector.locator(".mc-play-room")).to_contain_text(name)
    assert_accessible(projector)
    assert_accessible(pages[names[0]])

    projector.locator(".mc-play-size select").select_option("3")
    projector.locator(".mc-play-away input").fill(str(AWAY_SECONDS))
    projector.locator(".mc-play-away input").press("Enter")
    projector.locator("button.mc-play-start").click()
    expect(projector.locator(".mc-play-glance")).to_have_count(2)
    for page in pages.values():
        expect(page.locator(".mc-play-status")).to_be_visible()
    assert "mc-play-hand" not in projector.content()
    sleeper = names[0]
    mate = next(n for n in names[1:] if seat_of(projector, n) == seat_of(projector, sleeper))
    typist = next(n for n in names[1:] if seat_of(projector, n) != seat_of(projector, sleeper))
    assert_accessible(pages[typist])
    assert not layout_problems(pages[typist])
    assert not layout_problems(projector)
    for page in pages.values():  # the table in a phone's first screen: how to play folded
        in_first_screen(page, ".mc-play-status-line")

    asleep = sleep_page(pages[sleeper])
    awake = [name for name in names if name != sleeper]
    stood_in, typed = False, 0

    def someone_may_move() -> bool:
        may = any(pages[name].locator("button.mc-play-move").count() for name in awake)
        return may or all_over(projector) or (not stood_in and stands_in(pages[mate], sleeper))

    for _turn in range(TURNS):
        if not wait_for(someone_may_move, FIRST_RENDER_MS / 1000):
            wall = projector.locator(".mc-play-tables").inner_text()
            raise AssertionError(f"the tables stand still:\n{wall}")
        if all_over(projector):
            break
        for name in awake:
            moved = moves_once(pages[name], keyboard=name == typist)
            typed += moved and name == typist
        if not stood_in and stands_in(pages[mate], sleeper):
            stood_in = True
            asleep.send("Debugger.resume")  # the phone wakes: its seat is back
            awake.append(sleeper)
            away = pages[mate].locator(f".mc-play-seat.mc-away[data-player='{sleeper}']")
            expect(away).to_have_count(0)
    else:
        raise AssertionError("the tables never ended")
    assert stood_in, "the computer moved for the sleeping phone"
    assert typed, "a student played by the keyboard alone"

    for name, page in pages.items():
        review = page.locator(".mc-play-review")
        if name == sleeper:  # woken once the computer stood in: the game may end before its turn
            expect(review).to_contain_text(re.compile(f"%|{SAID[spoken[name]]['none']}"))
        else:
            expect(review).to_contain_text("%")
        expect(page.locator(".mc-play-accuracy")).to_contain_text(
            SAID[spoken[name]]["review"], ignore_case=True
        )
        page.locator("button.mc-play-next").click()
        expect(page.locator(".mc-play-where")).to_contain_text("1")
    assert_accessible(pages[typist])
    assert not layout_problems(pages[typist])
    resized(pages[typist], 1280, 800)
    assert not layout_problems(pages[typist])
    pages[typist].screenshot(path=str(tmp_path / f"play-seat-{language}.png"), full_page=True)

    expect(projector.locator(".mc-play-debrief")).to_contain_text(SAID[language]["debrief"])
    debrief = projector.locator(".mc-play-debrief").inner_text()
    assert not any(name in debrief for name in names), "no name until the teacher shows it"
    if projector.locator(".mc-play-named input").is_visible():  # a decision cost something
        projector.locator(".mc-play-named input").check()
        named = re.compile("|".join(map(re.escape, names)))
        expect(projector.locator(".mc-play-debrief h4 + p")).to_contain_text(named)
    assert_accessible(projector)
    assert not layout_problems(projector)
    projector.screenshot(path=str(tmp_path / f"play-projector-{language}.png"), full_page=True)
    resized(projector, 390, 844)  # the debrief on a phone: its exact costs wrap, none cut
    assert not layout_problems(projector)
    resized(projector, 1280, 800)

    report = teacher.new_page()
    report.goto(f"{base}/mathcards/teacher")
    expect(report.locator("#mc-tables")).to_be_visible()
    for name in names:
        expect(report.locator("body")).to_contain_text(name)
    export = report.request.get(f"{base}/mathcards/teacher/export?format=json")
    rooms = json.loads(export.text())["classes"]
    played = [t for room in rooms for t in room["tables"] if set(t["seats"]) & set(names)]
    assert len(played) == 2 and all(t["decisions"] for t in played)
    assert all(d["values"] and "cost" in d for t in played for d in t["decisions"])

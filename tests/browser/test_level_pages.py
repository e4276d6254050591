"""Practice at my level in Chromium (issue #51), in English and in Polish, on the school network
(`--lan` with a class code) against `mathcards serve` and a real class book: the teacher sets an
assignment; a student joins on a phone, chooses "at my level" by keyboard and practises, right
four times, then wrong four times: the deals the service dealt (read from the class book, their
learned difficulty as it was dealt) get harder, then easier; her assignment moves on; the
teacher's page shows her weeks as a chart and the assignment finished, and the export holds
both. Roll or quit at one's level, ticked by keyboard. Every page at 1280 × 800 and 390 × 844,
axe-checked. She turns her own clock off by keyboard: it is gone, and still gone after a reload,
until she ticks the box again."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime, timedelta

import pytest
from playwright.sync_api import expect

from mathcards.book import Book
from mathcards.classroom.server.cli import DEFAULT_CLASS
from tests.browser.conftest import sent
from tests.browser.test_assignment_pages import checked, typed
from tests.browser.test_book_pages import good_answer
from tests.servers import ROOT, serving

pytestmark = pytest.mark.browser
CODE = "K7Q2HM"
WORDS = {
    "en": {
        "title": "Title",
        "count": "How many",
        "due": "Deadline (the end of that day)",
        "set": "Set the assignment",
        "is set": "“Four deals” is set for the whole class",
        "deal": "Deal {n} of 10",
        "at my level": "at my level",
        "done": "Done! 4 of 4 deals solved.",
        "step": "Your step: ",
        "skip": "Skip it",
        "finished": "finished",
        "weeks": "MAM! without powers",
        "better": "That was the better choice.",
        "worse": "The other choice was better.",
        "count my time": "Count my time",
        "clock off": "The clock is off: only right or wrong counts now.",
        "clock on": "The clock is on: your time counts again.",
    },
    "pl": {
        "title": "Tytuł",
        "count": "Ile",
        "due": "Termin (do końca tego dnia)",
        "set": "Zadaj",
        "is set": "„Four deals” jest zadane całej klasie",
        "deal": "Rozdanie {n} z 10",
        "at my level": "na moim poziomie",
        "done": "Gotowe! Rozwiązane rozdania: 4 z 4.",
        "step": "Twój stopień: ",
        "skip": "Pomiń",
        "finished": "gotowe",
        "weeks": "MAM! bez potęgowania",
        "better": "To był lepszy wybór.",
        "worse": "Lepszy był drugi wybór.",
        "count my time": "Licz mój czas",
        "clock off": "Zegar jest wyłączony: teraz liczy się tylko, czy odpowiedź jest dobra.",
        "clock on": "Zegar jest włączony: twój czas znowu się liczy.",
    },
}


def answer(desk, text: str) -> None:
    """Type an answer in one change, then press Enter, as a student does by keyboard."""
    box = desk.locator(".mc-answer input")
    box.fill(text)
    expect(box).to_have_value(text)
    sent(desk.page)
    box.focus()
    desk.page.keyboard.press("Enter")


CLOCK = """timer => {
    const running = timer.getAnimations().map(one => one.playState);
    for (const one of timer.getAnimations()) { one.pause(); one.currentTime = 125000; }
    const style = getComputedStyle(timer);
    const live = timer.closest('[aria-live]:not([aria-live="off"])');
    return [running, style.getPropertyValue("--mc-minutes").trim(),
        style.getPropertyValue("--mc-seconds").trim(), live === null];
}"""


def clock_of(desk) -> tuple[list[str], str, str, bool]:
    """The clock's animations (running or paused), what it shows 2 min 5 s in (set there,
    never waited for), and whether it is outside every live region."""
    timer = desk.locator(".mc-level-timer")
    expect(timer).to_have_count(1)
    expect(timer).to_have_attribute("role", "timer")
    expect(timer).to_have_attribute("aria-label", re.compile(r"\S"))
    return tuple(timer.evaluate(CLOCK))


def pressed(page, button) -> None:
    """A button pressed by the keyboard."""
    sent(page)
    button.focus()
    page.keyboard.press("Enter")


@pytest.mark.parametrize("language", ["en", "pl"])
def test_a_student_practises_at_her_level_and_the_teacher_sees_her_weeks(
    browser, tmp_path, language
):
    words = WORDS[language]
    options = ("--lan", "--address", "127.0.0.1", "--class-code", CODE, "--warm", "none")
    with serving(ROOT / "lessons", tmp_path, *options) as served:
        teacher = browser.new_context(locale=language, viewport={"width": 1280, "height": 800})
        desk = teacher.new_page()
        desk.goto(served.teacher_url())
        typed(desk, words["title"], "Four deals")
        typed(desk, words["count"], "4")
        due = datetime.now(UTC).date() + timedelta(days=3)
        desk.get_by_label(words["due"], exact=True).fill(due.isoformat())
        desk.get_by_role("button", name=words["set"], exact=True).focus()
        desk.keyboard.press("Enter")
        expect(desk.get_by_role("status")).to_contain_text(words["is set"])

        phone = browser.new_context(locale=language, viewport={"width": 390, "height": 844})
        ana = phone.new_page()
        ana.goto(f"{served.base}/voila/render/{language}/mam/2-practice.ipynb?class={CODE}")
        name = ana.locator(".mc-join-name input")
        name.fill("Ana")
        expect(name).to_have_value("Ana")
        pressed(ana, ana.locator("button.mc-join"))
        expect(ana.locator(".mc-book-who")).to_contain_text("Ana")
        practice = ana.locator(".mc-practice")
        expect(practice.locator(".mc-progress")).to_be_visible()
        level = practice.locator(".widget-dropdown select").first
        level.focus()
        ana.keyboard.press("End")  # "at my level", the last of the levels
        expect(level).to_have_value(words["at my level"])  # its option's label
        ana.locator("input[type=number]").first.fill("10")  # ten deals in the set
        pressed(ana, practice.locator("button.mc-new-set"))
        mine = practice.locator(".mc-my-level")
        expect(mine.locator(".mc-level-line")).to_contain_text(words["deal"].format(n=1))
        ladder = mine.locator("svg.mc-ladder")
        expect(ladder).to_have_attribute("aria-label", re.compile("^" + words["step"]))
        assert clock_of(mine) == (["running", "running"], "2", "5", True), "counted by the page"
        checked(ana, f"ana-{language}", tmp_path)

        for n in range(1, 5):
            answer(mine, good_answer(mine))
            expect(mine.locator(".mc-message.mc-ok")).to_be_visible()
            if n == 1:
                assert clock_of(mine)[0] == ["paused", "paused"], "solved: the clock stands"
            pressed(ana, mine.locator("button.mc-next"))
            expect(mine.locator(".mc-level-line")).to_contain_text(words["deal"].format(n=n + 1))
        expect(practice.locator(".mc-assignments-box")).to_contain_text(words["done"])
        for n in range(5, 9):
            answer(mine, "1+1")
            expect(mine.locator(".mc-message.mc-error")).to_be_visible()
            pressed(ana, mine.locator("button.mc-next"))
            pressed(ana, mine.get_by_role("button", name=words["skip"], exact=True))
            expect(mine.locator(".mc-level-line")).to_contain_text(words["deal"].format(n=n + 1))
        expect(mine.locator("svg.mc-curve")).to_be_visible()
        checked(ana, f"ana-later-{language}", tmp_path)
        ana.reload()  # the next visit: at her level again, at the deal she was at
        expect(mine.locator(".mc-level-line")).to_contain_text(words["deal"].format(n=9))
        expect(level).to_have_value(words["at my level"])
        own_clock(ana, mine, words, f"ana-no-clock-{language}", tmp_path)

        with Book(f"sqlite:///{tmp_path / 'classbook.sqlite'}") as book:
            kept = book.rating_steps(DEFAULT_CLASS, "Ana")
        hard = [step.difficulty for step in kept]
        assert [step.right for step in kept] == [True] * 4 + [False] * 4
        assert hard[3] > hard[0] and hard[7] < hard[4], hard

        desk.reload()
        anas = desk.get_by_role("cell", name="Ana", exact=True)
        ana_row = desk.locator(".mc-progress tr", has=anas)
        expect(ana_row).to_contain_text(words["finished"])
        expect(desk.locator("#mc-level")).to_be_visible()
        chart = desk.locator(".mc-curves svg.mc-chart").first
        expect(chart).to_have_attribute("aria-label", re.compile(r"^Ana: "))
        expect(desk.locator(".mc-level-skill h3").first).to_have_text(words["weeks"])
        checked(desk, f"teacher-{language}", tmp_path)

        exported = desk.request.get(f"{served.base}/mathcards/teacher/export?format=json")
        whole = json.loads(exported.text())["classes"][0]
        (her,) = [one for one in whole["students"] if one["nickname"] == "Ana"]
        assert len(her["rating_changes"]) == 8 and her["ratings"][0]["answers"] == 8
        (task,) = whole["assignments"]
        assert [(one["student"], one["state"]) for one in task["progress"]] == [("Ana", "finished")]

        if language == "en":
            roll_or_quit(phone, served.base, words, tmp_path)
        for context in (teacher, phone):
            context.close()


def own_clock(page, desk, words: dict[str, str], name: str, tmp_path) -> None:
    """She unticks "Count my time" by keyboard: the clock is gone at once and the change said
    once; after a reload it is still gone, until she ticks the box again."""
    box = desk.get_by_label(words["count my time"], exact=True)
    expect(box).to_be_checked()
    sent(page)
    box.focus()
    page.keyboard.press("Space")
    expect(box).not_to_be_checked()
    expect(desk.locator(".mc-level-timer")).to_have_count(0)
    said = page.locator(".mc-announcer")
    expect(said).to_contain_text(words["clock off"])
    assert said.inner_text().count(words["clock off"]) == 1, "said once"
    checked(page, name, tmp_path)
    page.reload()
    expect(box).not_to_be_checked()
    expect(desk.locator(".mc-level-line")).to_be_visible()
    expect(page.locator(".mc-level-timer")).to_have_count(0)
    box.focus()
    page.keyboard.press("Space")
    expect(box).to_be_checked()
    expect(desk.locator(".mc-level-timer")).to_have_count(1)
    expect(said).to_contain_text(words["clock on"])


def roll_or_quit(phone, base: str, words: dict[str, str], tmp_path) -> None:
    """Roll or quit at her level: ticked by keyboard, a choice judged by the service."""
    page = phone.new_page()
    page.goto(f"{base}/voila/render/en/lama_dice/3-roll-or-quit.ipynb?class={CODE}")
    tick = page.locator(".mc-my-level-choice input")
    tick.focus()
    page.keyboard.press("Space")
    desk = page.locator(".mc-roll-or-quit .mc-my-level")
    expect(desk.locator(".mc-moment")).to_contain_text("Moment 1")
    usual = desk.locator(".mc-moment [aria-label='die 1: 3, 4, 5, 6, llama, llama']")
    expect(usual, "the page's dice, drawn").to_have_count(1)
    pressed(page, desk.locator("button.mc-roll-on"))
    expect(desk.locator(".mc-verdict")).to_contain_text("Rolling on scores")
    expect(desk.locator(".mc-level-line")).to_contain_text("Moment 1 of 10")
    checked(page, "roll-or-quit", tmp_path)
    pressed(page, desk.locator("button.mc-another"))
    expect(desk.locator(".mc-moment")).to_contain_text("Moment 2")
    assert clock_of(desk)[0] == ["running", "running"]
    with Book(f"sqlite:///{tmp_path / 'classbook.sqlite'}") as book:
        book.set_level_settings(DEFAULT_CLASS, clock=False)  # the teacher turns the clock off
    page.reload()  # at her level again, at the same moment, and no clock anywhere
    expect(desk.locator(".mc-moment")).to_contain_text("Moment 2")
    expect(desk).to_contain_text("Your teacher turned the clock off. Take your time")
    expect(page.locator(".mc-level-timer")).to_have_count(0)
    expect(desk.get_by_label("Count my time", exact=True)).to_be_hidden()  # not hers to choose
    checked(page, "roll-or-quit-no-clock", tmp_path)

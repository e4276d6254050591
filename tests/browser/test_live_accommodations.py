"""The accommodations in a real browser, against `mathcards serve` and its class book (issue
49): the teacher ticks "no countdown" and "larger cards and text" for Kuba on the teacher's
page, by the keyboard; at the next round Kuba's phone shows no clock and larger cards while
Lena's counts down, and once the class's time is up Kuba may still answer until the reveal.
The teacher's page is seen in English and, for a Polish browser, in Polish."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from mathcards.mam.live import LiveGame
from tests.browser.axe import assert_accessible
from tests.browser.conftest import join, layout_problems
from tests.browser.test_live_pages import answer, open_page, right

pytestmark = pytest.mark.browser
SEED = 49


def test_the_teacher_ticks_no_countdown_and_that_phone_alone_shows_no_clock(live_class, tmp_path):
    game = LiveGame("normal", rounds=2, seed=SEED)
    projector = live_class.projector("en", SEED)
    phones = {}
    for name in ("Kuba", "Lena"):
        phones[name] = open_page(
            live_class.context(viewport={"width": 390, "height": 844}),
            f"{live_class.base}/voila/render/en/live/1-mam-live.ipynb",
        )
        join(phones[name], name)
        expect(projector.locator(".mc-live-room")).to_contain_text(name)

    teacher = projector.context.new_page()
    teacher.goto(live_class.teacher_url())
    section = teacher.locator(".mc-accommodations")
    expect(section).to_contain_text("Kuba")
    assert_accessible(teacher)
    kuba = section.locator("fieldset", has=teacher.locator("legend", has_text="Kuba"))
    lena = section.locator("fieldset", has=teacher.locator("legend", has_text="Lena"))
    kuba.get_by_label("no countdown").focus()
    teacher.keyboard.press("Space")
    teacher.keyboard.press("Tab")  # a wrong claim costs nobody a card: left as it is
    teacher.keyboard.press("Tab")
    teacher.keyboard.press("Space")  # larger cards and text
    teacher.keyboard.press("Tab")
    expect(teacher.get_by_role("button", name="Save for Kuba")).to_be_focused()
    teacher.keyboard.press("Enter")
    expect(teacher.locator(".mc-said")).to_have_text("Kuba: no countdown, larger cards and text.")
    expect(kuba.get_by_label("no countdown")).to_be_checked()
    expect(kuba.get_by_label("larger cards and text")).to_be_checked()
    expect(kuba.get_by_label("a wrong claim costs nobody a card")).not_to_be_checked()
    expect(lena.get_by_label("no countdown")).not_to_be_checked()
    for size in ((1280, 800), (390, 844)):
        teacher.set_viewport_size({"width": size[0], "height": size[1]})
        teacher.locator(".mc-accommodations").scroll_into_view_if_needed()
        teacher.screenshot(path=str(tmp_path / f"teacher-en-{size[0]}.png"))
    polish = live_class.context(locale="pl-PL", viewport={"width": 390, "height": 844}).new_page()
    polish.goto(live_class.teacher_url())
    polish_kuba = polish.locator("fieldset", has=polish.locator("legend", has_text="Kuba"))
    expect(polish_kuba.get_by_label("bez odliczania")).to_be_checked()
    assert_accessible(polish)
    polish.locator(".mc-accommodations").scroll_into_view_if_needed()
    polish.screenshot(path=str(tmp_path / "teacher-pl-390.png"))

    # round 1, with a countdown: Lena's phone counts down, Kuba's shows no clock, larger cards
    if projector.locator(".mc-live-seconds input").is_hidden():  # the settings folded
        projector.locator(".mc-live-setup-box .jupyter-widget-Collapse-header").click()
    projector.locator(".mc-live-seconds input").fill("600")
    projector.locator(".mc-live-seconds input").press("Enter")
    projector.locator("button.mc-live-start").click()
    deal = game.open_round().deal
    for phone in phones.values():
        expect(phone.locator(f".mc-target[data-target='{deal.target}']")).to_be_visible()
    expect(phones["Lena"].locator(".mc-countdown")).to_contain_text("seconds left")
    expect(phones["Kuba"].locator(".mc-live-time-note")).to_have_text(
        "This round has no countdown: take your time."
    )
    expect(phones["Kuba"].locator(".mc-countdown")).to_have_text("")
    expect(phones["Kuba"].locator(".mc-live-seat")).to_have_class(re.compile("mc-live-larger"))
    expect(phones["Lena"].locator(".mc-live-seat")).not_to_have_class(re.compile("mc-live-larger"))
    for name, phone in phones.items():
        phone.locator(".mc-book-who").scroll_into_view_if_needed()
        phone.screenshot(path=str(tmp_path / f"phone-{name}.png"), full_page=True)
        assert not layout_problems(phone)
    assert_accessible(phones["Kuba"])
    projector.keyboard.press("r")
    game.reveal()

    # round 2, of 2 seconds: once Lena's time is up, Kuba still answers until the reveal
    if projector.locator(".mc-live-seconds input").is_hidden():
        projector.locator(".mc-live-setup-box .jupyter-widget-Collapse-header").click()
    projector.locator(".mc-live-seconds input").fill("2")
    projector.locator(".mc-live-seconds input").press("Enter")
    projector.locator("button.mc-live-start").click()
    deal = game.open_round().deal
    expect(phones["Lena"].locator(".mc-live-status")).to_contain_text("Time is up")
    expect(phones["Lena"].locator(".mc-answer input")).to_be_hidden()
    expect(phones["Kuba"].locator(f".mc-target[data-target='{deal.target}']")).to_be_visible()
    answer(phones["Kuba"], right(deal))
    expect(phones["Kuba"].locator(".mc-verdict")).to_contain_text("You were first")

"""The LAMA Dice pages in a real browser: the dice chooser, typed rows, rolls and the table,
clicked through at the projector and phone sizes with no control cut off."""

import pytest
from playwright.sync_api import expect

from tests.browser.axe import assert_accessible
from tests.browser.conftest import SIZES, assert_not_blank, join, layout_problems, resized
from tests.browser.targets import small_targets

pytestmark = pytest.mark.browser
WAIT_MS = 60_000
PAGE = "{server}/voila/render/en/lama_dice/{name}"


def type_into(page, css: str, text: str, nth: int = 0) -> None:
    """Type into a text box and press Enter (the boxes read what is typed on Enter)."""
    box = page.locator(f"{css} input").nth(nth)
    box.fill(text)
    box.press("Enter")


def check_both_sizes(visit, tmp_path, name: str) -> None:
    """Screenshots at both sizes; every control reachable and labelled at each, and the page as
    it is now meets WCAG 2.1 A and AA (axe-core) on the projector and on a phone."""
    page = visit.page
    for size, (width, height) in SIZES.items():
        resized(page, width, height)
        assert layout_problems(page) == [], (size, layout_problems(page))
        if size in ("projector", "phone"):
            assert_accessible(page)
        if size == "phone":
            assert not small_targets(page), small_targets(page)
        shot = tmp_path / f"{name}-{size}.png"
        page.screenshot(path=shot, full_page=True)
        assert_not_blank(shot)
    assert not visit.errors, visit.errors
    assert not visit.offsite_requests()


def test_the_play_page_chooses_dice_rolls_and_plays(server, visit, tmp_path):
    visit.open(PAGE.format(server=server, name="1-play-lama-dice.ipynb"))
    page = visit.page
    expect(page.locator(".mc-layout-view svg.mc-die")).to_have_count(18)
    page.locator(".mc-layout-choice select").select_option("One llama a die")
    page.locator(".mc-dice-input input").first.wait_for()
    page.wait_for_function(
        "document.querySelector('.mc-dice-input input').value === '12345L,12346L,12356L'",
        timeout=WAIT_MS,
    )
    page.locator(".mc-layout-view [aria-label='die 1: 1, 2, 3, 4, 5, llama']").wait_for(
        timeout=WAIT_MS
    )

    roller = page.locator(".mc-dice-roller")
    roller.locator("button.mc-roll").click()
    roller.locator(".mc-tally", has_text="So far, 1 roll ").wait_for(timeout=WAIT_MS)
    expect(roller.locator(".mc-case")).not_to_be_empty()

    table = page.locator(".mc-lama-dice-table")
    expect(table.locator(".mc-odds-panel")).to_contain_text("next roll")
    expect(table.locator(".mc-llama-row svg.mc-card")).to_have_count(7)
    new_dice = table.locator(".mc-scores [aria-label='die 1: 1, 2, 3, 4, 5, llama']")
    expect(new_dice, "the new dice, drawn").to_have_count(1)
    table.locator(".mc-deal-number input").fill("2026")  # the number the teacher gives
    table.locator("button.mc-deal").click()
    table.locator("button.mc-roll").click()
    table.locator(".mc-seat[data-player='You'] svg.mc-die").nth(2).wait_for(timeout=WAIT_MS)
    # deal 2026: you start, and your roll asks you which dice to discard; then the computer
    # players move on the kernel's clock, a second apart, and you see them do it
    table.locator("button.mc-discard").first.click()
    table.locator(".mc-headline", has_text="Cautious Cleo is playing").wait_for(timeout=WAIT_MS)
    table.locator(".mc-status", has_text="Cautious Cleo").wait_for(timeout=WAIT_MS)
    table.locator(".mc-headline", has_text="Your turn").wait_for(timeout=WAIT_MS)
    table.locator("button.mc-roll").wait_for(timeout=WAIT_MS)
    assert "You's" not in table.inner_text() and "You starts" not in table.inner_text()
    check_both_sizes(visit, tmp_path, "play")


def test_the_bust_page_simulates_and_clears_odds_for_a_bad_row(server, visit, tmp_path):
    visit.open(PAGE.format(server=server, name="2-how-likely-is-a-bust.ipynb"))
    page = visit.page
    odds = page.locator(".mc-odds").first
    expect(odds).to_contain_text("Bust")
    expect(odds).to_contain_text("of 216")
    expect(page.locator(".mc-rows-view svg.mc-card"), "6 6 L and 2 3, drawn").to_have_count(5)
    page.locator("button.mc-roll-100").click()
    page.locator(".mc-frequencies", has_text="After 100 rolls").wait_for(timeout=WAIT_MS)
    expect(page.locator(".mc-chart .mc-chart-shapes"), "two charts").to_have_count(2)

    type_into(page, ".mc-row-input", "6 6 X")
    page.locator(".mc-message.mc-error", has_text="is not a card").wait_for(timeout=WAIT_MS)
    assert page.locator(".mc-row-input input").input_value() == "6 6 X", "what was typed stays"
    page.wait_for_function(
        "document.querySelector('.mc-odds').innerText.trim() === ''", timeout=WAIT_MS
    )
    type_into(page, ".mc-dice-input", "3456LL,1256L,1234LL")
    page.locator(".mc-dice-chooser .mc-error", has_text="die 2 has 5 faces").wait_for(
        timeout=WAIT_MS
    )
    check_both_sizes(visit, tmp_path, "bust")


def test_the_roll_or_quit_page_answers_for_typed_rows(server, visit, tmp_path):
    visit.open(PAGE.format(server=server, name="3-roll-or-quit.ipynb"))
    page = visit.page
    expect(page.locator(".mc-decision")).to_contain_text("Best: roll on")
    page.locator(".mc-decisions svg.mc-card").nth(10).wait_for(timeout=WAIT_MS)  # example rows
    expect(page.locator(".mc-strategy-result")).to_contain_text("Best Bo (best)")
    expect(page.locator(".mc-games-result")).to_contain_text("games won of 60")
    type_into(page, ".mc-row-input", "6")
    page.locator(".mc-decision", has_text="Best: quit").wait_for(timeout=WAIT_MS)
    page.locator(".mc-strategy-result", has_text="Your row 6,").wait_for(timeout=WAIT_MS)
    check_both_sizes(visit, tmp_path, "roll-or-quit")


def test_the_roll_or_quit_exercise_answers_and_the_class_book_keeps_it(server, visit, tmp_path):
    """A student who joined the class on the practice page answers the exercise at once; the
    class book acknowledges the answer."""
    page = visit.page
    visit.open(f"{server}/voila/render/en/mam/2-practice.ipynb")
    join(page, "Rolla")
    visit.open(PAGE.format(server=server, name="3-roll-or-quit.ipynb"))
    exercise = page.locator(".mc-roll-or-quit")
    expect(exercise.locator(".mc-book-who")).to_contain_text("You are Rolla")
    expect(exercise.locator(".mc-moment")).to_contain_text("Moment 1")
    exercise.locator("button.mc-roll-on").click()
    verdict = exercise.locator(".mc-verdict")
    expect(verdict).to_contain_text("You chose to roll on")
    expect(verdict).to_contain_text("Rolling on scores")
    expect(exercise.locator(".mc-exercise-score")).to_contain_text("of 1")
    expect(exercise.locator(".mc-saved")).to_have_text("Saved: 1")
    assert_accessible(page)  # a decision's result, and the score so far
    exercise.locator("button.mc-another").click()
    expect(exercise.locator(".mc-moment")).to_contain_text("Moment 2")
    expect(exercise.locator("button.mc-quit")).to_be_enabled()
    exercise.locator("button.mc-quit").click()
    expect(exercise.locator(".mc-saved")).to_have_text("Saved: 2")
    assert not visit.errors, visit.errors
    assert not visit.offsite_requests()


def test_the_different_dice_page_adds_your_own_layout(server, visit, tmp_path):
    visit.open(PAGE.format(server=server, name="4-what-if-the-dice-were-different.ipynb"))
    page = visit.page
    chances = page.locator(".mc-dice-chances")
    expect(chances).to_contain_text("19/27")
    expect(chances).to_contain_text("11/36")
    type_into(page, ".mc-dice-input", "1212LL,3434LL,5656LL")
    page.locator(".mc-dice-chances", has_text="Your own dice").wait_for(timeout=WAIT_MS)
    page.locator(".mc-layout-odds", has_text="Your own dice").wait_for(timeout=WAIT_MS)
    type_into(page, ".mc-row-input", "1 1")
    page.locator(".mc-rows-view svg.mc-card").first.wait_for(timeout=WAIT_MS)
    check_both_sizes(visit, tmp_path, "different-dice")

"""The LAMA pages in a real browser: deal and play a card, decide with odds, a tournament
chart, scoring a hand, and a simulation converging."""

import pytest
from playwright.sync_api import expect

from tests.browser.axe import assert_accessible
from tests.browser.conftest import (
    FIRST_RENDER_MS,
    SIZES,
    assert_not_blank,
    join,
    layout_problems,
    resized,
)
from tests.browser.targets import small_targets

pytestmark = pytest.mark.browser
WAIT_MS = FIRST_RENDER_MS  # what a page shows may come late on a loaded machine
PHONES_AND_PROJECTOR = {**SIZES, "small phone": (360, 800)}

# Your own hand: the biggest cards on the page, each a target of at least 44 px, drawn whole
# (a card is 100 x 145), and a card that does not fit now dimmed but never faded out.
HAND_PROBLEMS = """() => {
  const problems = [];
  const hand = [...document.querySelectorAll('.mc-lama-hand button.mc-hand-card')];
  const others = [...document.querySelectorAll('.mc-lama-table svg.mc-lama-card')]
    .map(card => card.getBoundingClientRect().width);
  const biggest = Math.max(0, ...others);
  for (const card of hand) {
    const box = card.getBoundingClientRect();
    const name = card.innerText || card.className;
    if (box.width < 44 || box.height < 44)
      problems.push(`${name} is ${Math.round(box.width)}x${Math.round(box.height)}px`);
    if (box.width <= biggest)
      problems.push(`${name} (${Math.round(box.width)}px) is not bigger than ${biggest}px`);
    if (Math.abs(box.height / box.width - 1.45) > 0.05)
      problems.push(`${name} is drawn ${Math.round(box.width)}x${Math.round(box.height)}px`);
    if (Number(getComputedStyle(card).opacity) < 0.9)
      problems.push(`${name} is faded to ${getComputedStyle(card).opacity}`);
  }
  return problems;
}"""

# A control's label shown whole, never cut to "Your na…".
CUT_LABELS = """(root) => [...document.querySelectorAll(`${root} .widget-label, ${root} label`)]
  .filter(label => label.offsetWidth && label.scrollWidth > label.clientWidth + 1)
  .map(label => label.textContent)"""


def test_the_play_page_deals_and_plays_by_clicking_cards(server, visit, tmp_path):
    visit.open(f"{server}/voila/render/en/lama/1-play-lama.ipynb")
    page = visit.page
    expect(page).to_have_title("Play LAMA")  # the lesson's title, not "1-play-lama"
    page.locator(".mc-lama-setup .mc-preset select").wait_for(timeout=FIRST_RENDER_MS)
    for size, (width, height) in PHONES_AND_PROJECTOR.items():
        page.set_viewport_size({"width": width, "height": height})
        assert not page.evaluate(CUT_LABELS, ".mc-lama-setup"), size
    page.locator(".mc-lama-setup .mc-preset select").select_option("party")
    page.locator(".mc-lama-setup .mc-deal-number input").fill("2026")  # the teacher's number:
    page.locator("button.mc-deal").click()  # you start, and your first card is no + card
    hand = page.locator(".mc-lama-hand button.mc-hand-card")
    hand.nth(5).wait_for(timeout=WAIT_MS)
    expect(page.locator(".mc-opponents")).to_contain_text("Ada (cautious)")
    expect(page.locator(".mc-discard-pile svg.mc-lama-card")).to_have_count(1)
    # the odds show when it is your move (the computer players may move first)
    page.locator(".mc-odds-panel", has_text="Quitting now costs").wait_for(timeout=WAIT_MS)
    assert_accessible(page)  # a dealt table, your turn, the odds panel open
    playable = page.locator(".mc-lama-hand button.mc-hand-card:enabled")
    move = playable.first if playable.count() else page.locator("button.mc-draw")
    move.click()
    page.locator(".mc-lama-feed", has_text="Ada (cautious)").wait_for(timeout=WAIT_MS)
    page.locator(".mc-score-words", has_text="3, 3, 5, llama → 3 + 5 + 10 = 18").wait_for()
    for size, (width, height) in PHONES_AND_PROJECTOR.items():  # the dealt table fits them all
        resized(page, width, height)
        page.screenshot(path=tmp_path / f"play-{size}.png", full_page=True)
        assert_not_blank(tmp_path / f"play-{size}.png")
        assert not layout_problems(page), (size, layout_problems(page))
        assert not page.evaluate(HAND_PROBLEMS), (size, page.evaluate(HAND_PROBLEMS))
        if size == "phone":
            assert_accessible(page)
            assert not small_targets(page), small_targets(page)
    assert not visit.errors and not visit.offsite_requests()


def test_the_decision_page_shows_odds_and_plays_a_tournament(server, visit, tmp_path):
    visit.open(f"{server}/voila/render/en/lama/2-play-draw-or-quit.ipynb")
    page = visit.page
    expect(page.locator(".mc-decision-odds")).to_contain_text("fits on the")
    page.locator("button.mc-quit").first.click()
    page.locator(".mc-verdict", has_text="You chose to quit").wait_for(timeout=WAIT_MS)
    assert_accessible(page)  # a decision and its verdict
    page.locator("button.mc-play-tournament").click()
    page.locator(".mc-standings-table", has_text="expert").wait_for(timeout=WAIT_MS)
    page.locator(".mc-chart img.mc-chart-wide").wait_for(timeout=WAIT_MS)
    assert_accessible(page)  # the tournament's standings and chart
    page.screenshot(path=tmp_path / "decide.png", full_page=True)
    assert_not_blank(tmp_path / "decide.png")
    assert not visit.errors and not visit.offsite_requests()


def test_a_draw_or_quit_decision_is_kept_in_the_class_book(server, visit):
    """A student who joined the class on the practice page decides; the class book
    acknowledges the decision."""
    page = visit.page
    visit.open(f"{server}/voila/render/en/mam/2-practice.ipynb")
    join(page, "Dora")
    visit.open(f"{server}/voila/render/en/lama/2-play-draw-or-quit.ipynb")
    expect(page.locator(".mc-book-who")).to_contain_text("You are Dora")
    page.locator("button.mc-draw").first.click()
    page.locator(".mc-verdict", has_text="You chose to draw").wait_for(timeout=WAIT_MS)
    expect(page.locator(".mc-saved")).to_have_text("Saved: 1")
    assert not visit.errors and not visit.offsite_requests()


def test_the_counting_page_scores_hands_and_converges(server, visit, tmp_path):
    visit.open(f"{server}/voila/render/en/lama/3-counting-hands.ipynb")
    page = visit.page
    expect(page.locator(".mc-score-words")).to_contain_text("4, 4, 4 → 4 = 4")
    page.locator("button.mc-add-card", has_text="+ 5").click()
    page.locator(".mc-score-words", has_text="4, 4, 4, 5 → 4 + 5 = 9").wait_for(timeout=WAIT_MS)
    expect(page.locator(".mc-deal-odds")).to_contain_text("924 different hands")
    page.locator("button.mc-deal-1000").click()
    page.locator(".mc-dealt", has_text="in 1,000 hands dealt").wait_for(timeout=WAIT_MS)
    page.locator(".mc-chart img.mc-chart-wide").wait_for(timeout=WAIT_MS)
    assert_accessible(page)  # a hand scored, 1,000 hands dealt
    page.screenshot(path=tmp_path / "count.png", full_page=True)
    assert_not_blank(tmp_path / "count.png")
    assert not visit.errors and not visit.offsite_requests()

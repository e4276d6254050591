"""The Unikat pages in a real browser: lay a card by clicks, the 81 cards, the chain of 81."""

import pytest
from playwright.sync_api import expect

from mathcards.unikat.game import Lay, UnikatGame
from tests.browser.axe import assert_accessible
from tests.browser.conftest import FIRST_RENDER_MS, assert_not_blank
from tests.browser.targets import small_targets

pytestmark = pytest.mark.browser
WAIT_MS = FIRST_RENDER_MS  # what a page shows may come late on a loaded machine


DEALT = UnikatGame(["You", "Computer 1 (greedy)", "Computer 2 (expert)"], seed=2026)


def first_lay_on_the_play_page() -> Lay:
    """Deal number 2026's game: a card you may lay at once, as the engine says."""
    return next(move for move in DEALT.legal_actions() if isinstance(move, Lay))


def test_the_play_page_lays_a_card_by_clicks_and_the_computers_answer(server, visit, tmp_path):
    visit.open(f"{server}/voila/render/en/unikat/1-play-unikat.ipynb")
    page = visit.page
    table = page.locator(".mc-unikat-table")
    expect(table.locator(".mc-unikat-rack button.mc-unikat-pick")).to_have_count(10)
    table.locator(".mc-deal-number input").fill("2026")  # the number the teacher gives
    table.locator("button.mc-deal").click()
    rack = sorted(f"mc-u-{card.code}" for card in DEALT.racks["You"])
    dealt = """(rack) => [...document.querySelectorAll('.mc-unikat-rack .mc-unikat-pick')]
        .map(pick => [...pick.classList].find(name => /^mc-u-/.test(name))).sort().join()
        === rack.join()"""
    page.wait_for_function(dealt, arg=rack, timeout=WAIT_MS)  # deal 2026's rack, as the engine's
    expect(table.locator(".mc-unikat-board svg.mc-unikat-card"), "the start card").to_have_count(1)
    lay = first_lay_on_the_play_page()
    chosen, pressed = table.locator(f".mc-unikat-rack .mc-u-{lay.card.code}"), "aria-pressed"
    expect(table.locator(".mc-unikat-rack button[aria-pressed='false']")).to_have_count(10)
    for press in ("true", "false", "true"):  # chosen, put back, chosen: as a screen reader hears
        chosen.click()
        expect(chosen).to_have_attribute(pressed, press)
    expect(table.locator(".mc-unikat-rack button[aria-pressed='true']")).to_have_count(1)
    table.locator(".mc-unikat-slot").first.wait_for(timeout=WAIT_MS)
    assert_accessible(page)  # a dealt table, a rack card chosen, its cells lit
    table.locator(".mc-unikat-slot").first.click()
    page.locator(".mc-unikat-board svg.mc-unikat-card").nth(1).wait_for(timeout=WAIT_MS)
    table.locator("button.mc-stop").click()
    table.locator(".mc-unikat-display button.mc-unikat-pick:not([disabled])").first.click()
    page.locator(".mc-unikat-log", has_text="Computer 2 (expert) to play").wait_for(timeout=WAIT_MS)
    page.locator(".mc-unikat-status", has_text="You: lay or swap").wait_for(timeout=60_000)
    table.locator("button.mc-hint").click()
    page.locator(".mc-message", has_text="card").wait_for(timeout=WAIT_MS)
    assert_accessible(page)  # the computers' moves, your turn again, a hint
    page.set_viewport_size({"width": 390, "height": 844})
    assert not small_targets(page), small_targets(page)
    assert_accessible(page)
    page.screenshot(path=tmp_path / "play.png", full_page=True)
    assert_not_blank(tmp_path / "play.png")
    assert not visit.errors and not visit.offsite_requests()


def test_the_81_cards_page_shows_neighbours_and_deals_racks(server, visit, tmp_path):
    visit.open(f"{server}/voila/render/en/unikat/2-81-cards.ipynb")
    page = visit.page
    expect(page.locator(".mc-unikat-deck svg.mc-unikat-card")).to_have_count(81)
    expect(page.get_by_text("counted one by one: 324")).to_be_visible()
    page.locator(".mc-unikat-shape select").select_option("square")
    page.locator(".mc-unikat-neighbours", has_text="small blue square on white").wait_for(
        timeout=WAIT_MS
    )
    expect(page.locator(".mc-unikat-neighbours svg")).to_have_count(9)
    page.locator("button.mc-deal-1000").click()
    page.locator(".mc-unikat-simulated", has_text="of 1,000 simulated racks").wait_for(
        timeout=WAIT_MS
    )
    expect(page.locator(".mc-unikat-exact")).to_contain_text("13669361/20271005")
    assert_accessible(page)  # a card's neighbours, 1,000 racks dealt
    page.screenshot(path=tmp_path / "cards.png", full_page=True)
    assert_not_blank(tmp_path / "cards.png")
    assert not visit.errors and not visit.offsite_requests()


def test_the_chain_page_builds_81_cards_lays_a_snake_and_checks_squares(server, visit, tmp_path):
    visit.open(f"{server}/voila/render/en/unikat/3-one-chain-through-all-81-cards.ipynb")
    page = visit.page
    page.locator("button.mc-all-81").click()
    page.locator(".mc-unikat-chain-count", has_text="81 cards of 81").wait_for(timeout=WAIT_MS)
    page.locator("button.mc-lay-snake").click()
    page.locator(".mc-unikat-snake svg.mc-unikat-card").nth(80).wait_for(timeout=WAIT_MS)
    expect(page.locator(".mc-unikat-verdict", has_text="Yes, a square")).to_be_visible()
    corner = page.locator(".mc-unikat-square-input input").nth(3)
    corner.fill("srb3")
    page.locator(".mc-unikat-verdict", has_text="No:").wait_for(timeout=WAIT_MS)
    corner.fill("srb9")
    page.locator(".mc-message.mc-error", has_text="is not a card").wait_for(timeout=WAIT_MS)
    expect(page.get_by_text("form a 2 × 2 square: 486")).to_be_visible()
    assert_accessible(page)  # the chain, the snake, a verdict and a refusal
    page.screenshot(path=tmp_path / "chain.png", full_page=True)
    assert_not_blank(tmp_path / "chain.png")
    assert not visit.errors and not visit.offsite_requests()

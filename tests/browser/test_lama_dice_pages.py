"""The LAMA Dice pages in a real browser: play a turn, odds panel, simulation converging."""

import pytest

from tests.browser.conftest import assert_not_blank

pytestmark = pytest.mark.browser
WAIT_MS = 30_000


def test_the_play_page_rolls_and_shows_the_odds(server, visit, tmp_path):
    visit.open(f"{server}/voila/render/lama_dice/1-play-lama-dice.ipynb")
    page = visit.page
    roller = page.locator(".mc-roll").first
    roller.click()
    page.locator(".mc-case").first.filter(has_text="!").or_(
        page.locator(".mc-case").first.filter(has_text=":")
    ).wait_for(timeout=WAIT_MS)

    table = page.locator(".mc-lama-dice-table")
    assert "next roll" in table.locator(".mc-odds-panel").inner_text()
    assert table.locator(".mc-llama-row svg.mc-card").count() == 7
    table.locator("button.mc-roll").click()
    table.locator(".mc-dice svg.mc-die").nth(2).wait_for(timeout=WAIT_MS)
    page.screenshot(path=tmp_path / "play.png", full_page=True)
    assert_not_blank(tmp_path / "play.png")
    assert not visit.errors and not visit.offsite_requests()


def test_the_bust_page_simulates_and_converges(server, visit, tmp_path):
    visit.open(f"{server}/voila/render/lama_dice/2-how-likely-is-a-bust.ipynb")
    page = visit.page
    demo = page.locator(".mc-odds").first
    assert "bust" in demo.inner_text()
    page.locator("button.mc-roll-100").click()
    page.locator(".mc-frequencies", has_text="share of 100 rolls").wait_for(timeout=WAIT_MS)
    page.locator(".mc-chart img").wait_for(timeout=WAIT_MS)

    row = page.locator(".mc-row-input input")
    row.fill("6 6 X")
    page.locator(".mc-message.mc-error", has_text="is not a card").wait_for(timeout=WAIT_MS)
    assert row.input_value() == "6 6 X", "what was typed stays"
    page.screenshot(path=tmp_path / "bust.png", full_page=True)
    assert_not_blank(tmp_path / "bust.png")
    assert not visit.errors and not visit.offsite_requests()

"""LAMA and Unikat at tables in a real browser, against `mathcards serve` and its class book (issue
53; LAMA Dice is tests/browser/test_play_tables.py's): the teacher's projector seats a table by
hand, its students play on 390 × 844 phones to the end of the game (LAMA: everyone quits, a few
rounds; Unikat: one round, a card laid whenever one may be, its many moves chosen from the
page's list), each phone ends in its review; a table's page is axe-checked mid-game and
reflows on the phone."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from tests.browser.axe import assert_accessible
from tests.browser.conftest import FIRST_RENDER_MS, join, layout_problems, sent
from tests.browser.test_play_tables import (
    LATE_MS,
    made,
    moves_once,
    moves_seen,
    notice,
    open_page,
)
from tests.servers import wait_for

pytestmark = pytest.mark.browser
TABLES = {  # each game's table: its students (unique across the live tests), its moves at most
    "lama": (("Mira", "Nils", "Olek"), 60),
    "unikat": (("Quin", "Rafa"), 600),
}
GAME_LABELS = {"lama": "LAMA", "unikat": "Unikat"}
UNIKAT_LIKES = ("lay", "draw", "stop", "end-turn", "next-round")  # swap only when nothing else
SAID = ("Lay the", "Draw", "Stop laying", "End the turn", "Next round")  # their words, in order
# The move liked best among those the page's list offers now (its words spaced by no-break
# spaces), chosen as a student does (the list told of it): read whole, never by a position.
CHOOSE = """(list, liked) => {
  const offered = [...list.options].map(option => option.text.replace(/\\s/g, ' '));
  const found = liked.map(said => offered.findIndex(text => text.startsWith(said)));
  list.selectedIndex = found.find(at => at >= 0) ?? offered.length - 1;
  list.dispatchEvent(new Event('change', {bubbles: true}));
}"""


def unikat_once(page) -> bool:
    """If it is this student's move, they lay a card if they may (else draw, stop, end the
    turn; a swap last), by its button or, among many moves, from the page's list; whether
    the table took it."""
    buttons = page.locator("button.mc-play-move")
    listed = page.locator(".mc-play-choice select")
    many = listed.is_visible()
    if not buttons.count() and not many:
        return False
    seen, told = moves_seen(page), notice(page).count()
    try:
        if many:
            listed.evaluate(CHOOSE, list(SAID))
            sent(page)
            page.locator("button.mc-play-make").click(timeout=LATE_MS)
        else:
            liked = [page.locator(f"button.mc-play-{kind}") for kind in UNIKAT_LIKES]
            button = next((b.first for b in liked if b.count()), buttons.last)
            button.click(timeout=LATE_MS)
    except PlaywrightTimeout:  # the page moved on meanwhile
        return False
    return made(page, seen, told)


SCORED = re.compile(r"\d%|no decision of yours to check")


@pytest.mark.parametrize("game", ["lama", "unikat"])
def test_a_table_plays_lama_or_unikat_to_the_end_on_phones(live_class, game):
    names, most = TABLES[game]
    base = live_class.base
    teacher = live_class.context(viewport={"width": 1280, "height": 800})
    projector = teacher.new_page()
    projector.goto(live_class.teacher_url())  # the teacher's cookie
    projector.goto(f"{base}/voila/render/en/live/tables-projector.ipynb")
    projector.wait_for_selector("#loading", state="hidden")
    pages = {}
    for name in names:
        context = live_class.context(viewport={"width": 390, "height": 844})
        pages[name] = open_page(context, f"{base}/voila/render/en/live/3-play-at-tables.ipynb")
        join(pages[name], name)
    for name in names:
        expect(projector.locator(".mc-play-room")).to_contain_text(name)

    projector.locator(".mc-play-game select").select_option(label=GAME_LABELS[game])
    projector.locator(".mc-play-size select").select_option(str(len(names)))
    projector.locator(".mc-play-by-hand textarea").fill(", ".join(names))
    sent(projector)
    projector.locator("button.mc-play-start").click()
    expect(projector.locator(".mc-play-tables h2")).to_contain_text(GAME_LABELS[game])
    table = projector.locator(".mc-play-glance")
    expect(table).to_have_count(1)
    over = projector.locator(".mc-play-glance.mc-over")
    for page in pages.values():
        expect(page.locator(".mc-play-status")).to_contain_text(GAME_LABELS[game])
    first = pages[names[0]]
    expect(first.locator(".mc-play-table")).not_to_be_empty()
    assert_accessible(first)  # a table of this game, mid-game, on a phone
    assert not layout_problems(first)

    def someone_may_move() -> bool:
        shown = any(
            page.locator("button.mc-play-move").count()
            or page.locator(".mc-play-choice select").is_visible()
            for page in pages.values()
        )
        return shown or over.count() == 1

    made = 0
    for _turn in range(most):
        if not wait_for(someone_may_move, FIRST_RENDER_MS / 1000):
            raise AssertionError(f"the table stands still:\n{table.inner_text()}")
        if over.count():
            break
        for page in pages.values():
            made += moves_once(page, keyboard=False) if game == "lama" else unikat_once(page)
    else:
        raise AssertionError(f"the table never ended after {made} moves")

    for page in pages.values():
        # an accuracy, or none when the game gave this player no decision to weigh
        expect(page.locator(".mc-play-review")).to_contain_text(SCORED)
        expect(page.locator(".mc-play-accuracy")).to_contain_text("accuracy", ignore_case=True)
        page.locator("button.mc-play-next").click()
        expect(page.locator(".mc-play-where")).to_contain_text("1")
    assert_accessible(first)  # the review, on a phone
    assert not layout_problems(first)
    for name in names:
        expect(over).to_contain_text(name)

"""The MAM! projector as the room reads it, at a laptop's 1280 × 800 and a projector's
1920 × 1080, in both languages: no line of the wall runs into another (the countdown, the
"answered" line, the cards, the target, the reveal's lines; measured from the boxes their text
and pictures fill, not from their widgets' boxes), the round uses the screen, and the
presentation view shows the round alone, the teacher's controls reachable again by key and
by a button; on a phone's 390 px, the revealed board shows every column."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from mathcards.mam.live import LiveGame
from tests.browser.axe import assert_accessible
from tests.browser.conftest import join, layout_problems, resized
from tests.browser.test_live_pages import answer, open_page, right, wrong

pytestmark = pytest.mark.browser
SEED = 4242
CLASSES = {"en": ("Tomek", "Teo"), "pl": ("Staś", "Wiktor")}  # no other test's names
SIZES = ((1280, 800), (1920, 1080))
ROUND_PARTS = (
    ".mc-live-projector .mc-countdown",
    ".mc-live-projector .mc-live-answered",
    ".mc-live-projector .mc-live-round-number",
    ".mc-live-projector .mc-cards svg",
    ".mc-live-projector .mc-dice svg",
    ".mc-live-projector .mc-target-number",
    ".mc-live-projector .mc-live-bar",
)
PRESENTATION_PARTS = (*ROUND_PARTS[:-1], ".mc-live-projector button.mc-live-present")
REVEAL_PARTS = (
    *ROUND_PARTS,
    ".mc-live-projector .mc-live-first",
    ".mc-live-projector .mc-live-board tr",
    ".mc-live-projector .mc-live-revealed h3",
    ".mc-live-projector .mc-live-revealed li",
    ".mc-live-projector .mc-live-revealed p",
)
# Each part's box is what its content fills (a text's line boxes, a picture's box), so a line
# that overflows its widget's box is caught where it is drawn; two parts overlap when they share
# more than a pixel both ways, unless one holds the other.
OVERLAPS = """(selectors) => {
  const parts = [];
  for (const selector of selectors) {
    for (const part of document.querySelectorAll(selector)) {
      if (!part.checkVisibility({visibilityProperty: true})) continue;
      const range = document.createRange();
      range.selectNodeContents(part);
      const filled = range.getBoundingClientRect();
      const box = filled.width && filled.height ? filled : part.getBoundingClientRect();
      if (!box.width || !box.height) continue;
      const said = (part.textContent || part.getAttribute('aria-label') || '').trim();
      parts.push({part, box, name: `${selector} "${said.slice(0, 30)}"`});
    }
  }
  const found = [];
  for (let i = 0; i < parts.length; i++) {
    for (let j = i + 1; j < parts.length; j++) {
      const [a, b] = [parts[i], parts[j]];
      if (a.part.contains(b.part) || b.part.contains(a.part)) continue;
      const across = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
      const down = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
      if (across > 1 && down > 1) found.push(`${a.name} overlaps ${b.name}`);
    }
  }
  return found;
}"""


# A cell of the board or the leaderboard that passes its widget's edge or the window's, unless it
# is visually hidden on purpose (1 px, clipped: there for a screen reader)
CUT_CELLS = """() => {
  const cut = [];
  for (const cell of document.querySelectorAll(
      '.mc-live-projector :is(.mc-live-board, .mc-live-leaderboard) :is(td, th)')) {
    const box = cell.getBoundingClientRect();
    if (box.width <= 1) continue;
    const room = cell.closest('.widget-html').getBoundingClientRect();
    if (box.right > Math.min(room.right, window.innerWidth) + 1 || box.left < room.left - 1)
      cut.push(`"${cell.textContent.trim()}" ${Math.round(box.left)}..${Math.round(box.right)}`);
  }
  return cut;
}"""


def overlaps(page, parts: tuple[str, ...]) -> list[str]:
    return page.evaluate(OVERLAPS, list(parts))


def span(page, selector: str) -> dict[str, float]:
    """The box all of `selector`'s elements fill together."""
    return page.evaluate(
        """(selector) => {
          const boxes = [...document.querySelectorAll(selector)]
            .map(e => e.getBoundingClientRect()).filter(b => b.width && b.height);
          return {left: Math.min(...boxes.map(b => b.left)),
                  right: Math.max(...boxes.map(b => b.right)),
                  top: Math.min(...boxes.map(b => b.top)),
                  bottom: Math.max(...boxes.map(b => b.bottom))};
        }""",
        selector,
    )


def the_round_uses_the_screen(projector, width: int, height: int) -> None:
    """Cards, dice and target across most of the screen's width; the countdown and the
    "answered" line read from the back row; all of it in the first screen."""
    cards = span(projector, ".mc-live-projector .mc-cards svg")
    table = span(projector, ".mc-live-projector .mc-dice svg, .mc-live-projector .mc-cards svg")
    assert cards["right"] - cards["left"] >= 0.6 * width, cards
    assert table["bottom"] <= height + 1, table
    assert cards["bottom"] - cards["top"] >= 0.18 * height, cards
    for part, least in ((".mc-countdown", 0.05), (".mc-live-answered", 0.04)):
        size = projector.locator(f".mc-live-projector {part}").evaluate(
            "e => parseFloat(getComputedStyle(e).fontSize)"
        )
        assert size >= least * height, (part, size)


def no_overlaps_at_each_size(projector, parts, shots, name: str) -> None:
    for width, height in SIZES:
        resized(projector, width, height)
        projector.evaluate("window.scrollTo(0, 0)")
        projector.screenshot(path=str(shots / f"{name}-{width}.png"))
        assert not overlaps(projector, parts), (width, overlaps(projector, parts))
        if name.startswith("round"):
            the_round_uses_the_screen(projector, width, height)
    resized(projector, *SIZES[0])


def the_presentation_fills_the_screen(projector, shots, language: str) -> None:
    """Key V: the round alone, larger, nothing else on the screen; Tab brings the teacher's
    buttons back, and a visible button returns to the controls."""
    before = span(projector, ".mc-live-projector .mc-cards svg")
    projector.keyboard.press("v")
    expect(projector.locator(".mc-live-projector.mc-presenting")).to_be_attached()
    for hidden in (".mc-live-answered", ".mc-live-setup-box", ".mc-live-join-box", "h1"):
        expect(projector.locator(hidden).first).to_be_hidden()
    present = projector.locator("button.mc-live-present")
    expect(present).to_be_visible()
    expect(present).to_be_focused()
    projector.wait_for_function(  # the other buttons there for their keys, not to be seen
        "() => document.querySelector('button.mc-live-reveal').offsetWidth <= 4"
    )
    for width, height in SIZES:
        resized(projector, width, height)
        projector.screenshot(path=str(shots / f"presentation-{language}-{width}.png"))
        assert not overlaps(projector, PRESENTATION_PARTS), overlaps(projector, PRESENTATION_PARTS)
        cards = span(projector, ".mc-live-projector .mc-cards svg")
        table = span(projector, ".mc-live-projector .mc-dice svg, .mc-live-projector .mc-cards svg")
        countdown = span(projector, ".mc-live-projector .mc-countdown")
        assert cards["bottom"] - cards["top"] >= 0.4 * height, cards
        assert max(table["bottom"], countdown["bottom"]) <= height + 1, (table, countdown)
        if width == SIZES[0][0]:
            assert cards["bottom"] - cards["top"] > before["bottom"] - before["top"]
    resized(projector, *SIZES[0])
    present.focus()
    projector.keyboard.press("Shift+Tab")  # the buttons before it come back with the focus
    expect(projector.locator("button.mc-live-no-countdown")).to_be_focused()
    projector.wait_for_function(
        "() => document.querySelector('button.mc-live-no-countdown').offsetWidth > 20"
    )
    assert_accessible(projector)
    present.click()  # back to the controls
    expect(projector.locator(".mc-live-answered")).to_be_visible()
    expect(projector.locator(".mc-live-projector.mc-presenting")).to_have_count(0)


@pytest.mark.parametrize("language", ["en", "pl"])
def test_the_projector_s_lines_do_not_overlap(live_class, tmp_path, language):
    ala, ola = CLASSES[language]
    game = LiveGame("normal", rounds=2, seed=SEED)
    projector = live_class.projector(language, SEED)
    phones = {}
    for name in (ala, ola):
        phones[name] = open_page(
            live_class.context(viewport={"width": 390, "height": 844}),
            f"{live_class.base}/voila/render/{language}/live/1-mam-live.ipynb",
        )
        join(phones[name], name)
        expect(projector.locator(".mc-live-room")).to_contain_text(name)
    if projector.locator(".mc-live-seconds input").is_hidden():
        projector.locator(".mc-live-setup-box .jupyter-widget-Collapse-header").click()
    projector.locator(".mc-live-seconds input").fill("600")
    projector.locator(".mc-live-seconds input").press("Enter")
    projector.locator("button.mc-live-start").click()
    deal = game.open_round().deal
    expect(projector.locator(f".mc-target[data-target='{deal.target}']")).to_be_visible()
    expect(projector.locator(".mc-live-projector .mc-countdown")).not_to_be_empty()
    no_overlaps_at_each_size(projector, ROUND_PARTS, tmp_path, f"round-{language}")
    the_presentation_fills_the_screen(projector, tmp_path, language)

    answer(phones[ola], wrong(deal))
    answer(phones[ala], right(deal))
    expect(projector.locator(".mc-live-right")).to_contain_text("1")
    projector.locator("button.mc-live-reveal").click()
    expect(projector.locator(".mc-live-board tr[data-correct]")).to_have_count(2)
    no_overlaps_at_each_size(projector, REVEAL_PARTS, tmp_path, f"reveal-{language}")
    the_board_fits_a_phone(projector, tmp_path, language)


def the_board_fits_a_phone(projector, shots, language: str) -> None:
    """On a phone's 390 px (the teacher's, in hand) every column of the revealed board and of
    the leaderboard shows whole: none cut at the screen's edge."""
    resized(projector, 390, 844)
    projector.locator(".mc-live-board").scroll_into_view_if_needed()
    projector.screenshot(path=str(shots / f"reveal-{language}-390.png"), full_page=True)
    cut = projector.evaluate(CUT_CELLS)
    problems = [p for p in layout_problems(projector) if "mc-live-board" in p or "leader" in p]
    resized(projector, *SIZES[0])
    assert not cut and not problems, (cut, problems)

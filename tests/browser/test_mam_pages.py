"""The target game's pages in a real browser: deal, roll, answer, hints, all solutions."""

import re

import pytest
from playwright.sync_api import expect

from mathcards.mam import best, level
from mathcards.mam.game import MamGame
from mathcards.mam.practice import PracticeSet
from tests.browser.axe import assert_accessible
from tests.browser.conftest import (
    FIRST_RENDER_MS,
    SIZES,
    assert_not_blank,
    join,
    layout_problems,
    resized,
    sent,
)
from tests.browser.test_page_assets import Recorder

pytestmark = pytest.mark.browser
WAIT_MS = FIRST_RENDER_MS  # what a page shows may come late on a loaded machine


def table_state(scope):
    """The face-up cards and the target, read from the page as a player sees them."""
    cards = [
        int(v)
        for v in scope.locator("svg.mc-card").evaluate_all(
            "cards => cards.map(card => card.dataset.value)"
        )
    ]
    target = int(scope.locator(".mc-target").get_attribute("data-target"))
    return cards, target


def deal_number(scope, typed):
    """Type a deal number in the table's box and deal it, as the whole class would."""
    box = scope.locator(".mc-deal-number input")
    box.fill(typed)
    scope.locator("button.mc-deal").click()
    return box


def answer(scope, text):
    box = scope.locator(".mc-answer input")
    box.fill(text)
    scope.locator("button.mc-mam").click()
    return box


def test_the_class_page_deals_rolls_and_judges_answers(server, visit, tmp_path):
    visit.open(f"{server}/voila/render/en/mam/1-the-target-game-in-class.ipynb")
    page = visit.page
    table = page.locator(".mc-target-table").first
    fresh = table.locator(".mc-deal-number input").input_value()
    assert fresh.isdigit() and 1 <= int(fresh) <= 99_999, "a fresh number, short to read out"
    box = deal_number(table, "20x6")
    table.locator(".mc-deal-message .mc-error", has_text="whole number").wait_for(timeout=WAIT_MS)
    assert box.input_value() == "20x6", "what was typed stays"
    expect(table.locator("svg.mc-card")).to_have_count(0)
    deal_number(table, "2026")  # the teacher gives the class a number: the same deal for all
    table.locator("svg.mc-card").nth(4).wait_for(timeout=WAIT_MS)
    expect(table.locator(".mc-deal-message")).to_be_empty()
    cards, target = table_state(table)
    seeded = MamGame(["Team A", "Team B", "Team C"], seed=2026)
    assert (cards, target) == (seeded.face_up, seeded.target)
    expect(table.locator("svg.mc-die")).to_have_count(2)

    table.locator("button.mc-hint").click()
    table.locator(".mc-hint-text", has_text="You can make").wait_for(timeout=WAIT_MS)
    table.locator("button.mc-show-all").click()
    table.locator(".mc-solutions", has_text=f"to make {target}").wait_for(timeout=WAIT_MS)

    solution = best(cards, target)
    answer(table, solution.text)
    table.locator(".mc-message.mc-ok", has_text="Correct!").wait_for(timeout=WAIT_MS)
    expect(table.locator(".mc-scores")).to_contain_text("Team A")
    assert_accessible(page)  # a dealt table, its hint and solutions, a right answer

    box = answer(table, "99+1")
    table.locator(".mc-message.mc-error", has_text="99 is not on the table").wait_for(
        timeout=WAIT_MS
    )
    assert box.input_value() == "99+1", "the typed answer stays in the box"
    table.locator("button.mc-take").first.wait_for(timeout=WAIT_MS)
    assert_accessible(page)  # a wrong answer, and the cards the others take
    page.screenshot(path=tmp_path / "class.png", full_page=True)
    assert_not_blank(tmp_path / "class.png")
    takes = table.locator("button.mc-take")
    for _ in range(2):  # Ben and the next team take their cards, one after the other
        offered = takes.count()
        takes.first.click()
        expect(takes).not_to_have_count(offered)  # taken: one card fewer, or none to take

    answer(table, "7++")  # a slip of the pen: not judged until the teacher says so
    table.locator(".mc-message.mc-error", has_text="not judged").wait_for(timeout=WAIT_MS)
    table.locator("button.mc-judge-anyway").wait_for(timeout=WAIT_MS)
    expect(table.locator("button.mc-take"), "nobody takes a card for a slip").to_have_count(0)

    table.locator("button.mc-new-game").click()
    table.locator(".mc-confirm", has_text="Start a new game?").wait_for(timeout=WAIT_MS)
    table.locator("button.mc-keep").click()
    expect(table.locator(".mc-scores")).to_contain_text("Team A")
    assert_not_blank(tmp_path / "class.png")
    assert not visit.errors and not visit.offsite_requests()


def test_the_answer_box_is_named_and_previews_the_typed_calculation(server, visit):
    visit.open(f"{server}/voila/render/en/mam/1-the-target-game-in-class.ipynb")
    table = visit.page.locator(".mc-target-table").first
    table.locator("button.mc-new-game").click()
    box = table.get_by_role("textbox", name="Your calculation")  # its label, not its example
    expect(box).to_have_attribute("placeholder", "type a calculation, e.g. 7×6−12+2")
    label = table.locator(".mc-answer > .widget-label").bounding_box()
    assert label is not None and label["width"] <= 1, "the label is read, not seen"
    box.fill("7×6−")
    preview = table.locator(".mc-preview")
    preview.locator("math msup, math mo").first.wait_for(timeout=WAIT_MS)  # MathML, no script
    expect(preview).to_contain_text("so far 42")


def test_the_computer_counts_down_in_the_browser_and_waits_with_no_limit(server, visit):
    visit.open(f"{server}/voila/render/en/mam/1-the-target-game-in-class.ipynb")
    versus = visit.page.locator(".mc-target-table").nth(1)
    versus.locator("button.mc-new-game").click()
    countdown = versus.locator(".mc-countdown")
    countdown.filter(has_text="is thinking").wait_for(timeout=WAIT_MS)
    first = int(re.search(r"(\d+) s", countdown.inner_text()).group(1))
    ticked = """([first]) => {  // the countdown ticks on the kernel's clock, or the computer claims
        const text = document.querySelectorAll('.mc-target-table')[1]
            .querySelector('.mc-countdown').innerText;
        const seconds = text.match(/(\\d+) s/);
        return !text.includes('thinking') || (seconds && Number(seconds[1]) < first);
    }"""
    visit.page.wait_for_function(ticked, arg=[first], timeout=WAIT_MS)
    assert_accessible(visit.page)  # playing the computers, against their countdown

    # the student's own time to think: with no limit the computers wait until asked
    versus.locator(".mc-thinking-time select").select_option(label="no limit")
    waiting = "No time limit: the computer players wait until you ask them."
    countdown.filter(has_text=waiting).wait_for(timeout=WAIT_MS)
    asking = versus.locator("button.mc-computers-answer")
    expect(asking).to_be_visible()
    assert_accessible(visit.page)  # the waiting line and the button that asks
    asking.click()
    versus.locator(".mc-message", has_text=re.compile("as you asked|found nothing")).wait_for(
        timeout=WAIT_MS
    )


def test_the_practice_page_checks_answers_gives_hints_and_keeps_score(server, visit, tmp_path):
    visit.open(f"{server}/voila/render/en/mam/2-practice.ipynb")
    page = visit.page
    join(page, "Kim")
    session = page.locator(".mc-practice")
    session.locator("svg.mc-card").nth(4).wait_for(timeout=WAIT_MS)
    expect(session.locator(".mc-progress")).to_contain_text("Deal 1 of 8")
    deal_number(session, "2026")  # the whole class practises set 2026
    first = PracticeSet(level("normal"), rounds=8, seed=2026).exercises[0]
    for card, value in zip(session.locator("svg.mc-card").all(), first.cards, strict=True):
        expect(card).to_have_attribute("data-value", str(value))
    expect(session.locator(".mc-target")).to_have_attribute("data-target", str(first.target))

    box = answer(session, "1+")
    session.locator(".mc-message.mc-error", has_text="Not yet").wait_for(timeout=WAIT_MS)
    assert box.input_value() == "1+"
    session.locator("button.mc-hint").click()
    session.locator(".mc-hint-text", has_text="You can make").wait_for(timeout=WAIT_MS)

    cards, target = table_state(session)
    answer(session, best(cards, target).text)
    session.locator(".mc-message.mc-ok", has_text="Correct!").wait_for(timeout=WAIT_MS)
    session.locator(".mc-progress", has_text="solved 1").wait_for(timeout=WAIT_MS)
    expect(session.locator(".mc-progress")).to_contain_text("hints used 1")
    assert_accessible(page)  # a hint, then a right answer

    session.locator("button.mc-next").click()
    session.locator(".mc-progress", has_text="Deal 2 of 8").wait_for(timeout=WAIT_MS)
    page.screenshot(path=tmp_path / "practice.png", full_page=True)
    assert_not_blank(tmp_path / "practice.png")
    assert not visit.errors and not visit.offsite_requests()


def test_the_solver_page_answers_what_the_reader_types(server, visit):
    visit.open(f"{server}/voila/render/en/mam/3-how-the-solver-thinks.ipynb")
    page = visit.page
    expect(page.locator(".mc-counting")).to_contain_text("430,080")
    same = page.locator(".mc-same-solution")
    same.locator(".mc-same-verdict", has_text="the same solution").wait_for(timeout=WAIT_MS)
    second = same.locator("input").nth(3)  # cards, target, first, second
    second.fill("7 × 6 − 12 + 2")
    same.locator(".mc-same-verdict", has_text="two different solutions").wait_for(timeout=WAIT_MS)
    explorer = page.locator(".mc-solver-explorer")
    explorer.locator(".mc-solutions", has_text="23 ways to make 32").wait_for(timeout=WAIT_MS)
    explorer.locator("input[type=checkbox]").check()
    explorer.locator(".mc-solutions", has_text="40 ways to make 32").wait_for(timeout=WAIT_MS)
    cards = explorer.locator("input").first
    cards.fill("7 99")
    explorer.locator(".mc-message.mc-error", has_text="is not a card").wait_for(timeout=WAIT_MS)
    assert cards.input_value() == "7 99"
    assert_accessible(page)  # two verdicts, a list of solutions and a refusal
    assert not visit.errors and not visit.offsite_requests()


def test_the_targets_page_redraws_for_the_chosen_level(server, visit):
    visit.open(f"{server}/voila/render/en/mam/4-which-targets-are-easy.ipynb")
    odds = visit.page.locator(".mc-target-odds")
    odds.locator(".mc-odds-summary", has_text="98.4%").wait_for(timeout=WAIT_MS)
    odds.locator("select").select_option("hard")
    odds.locator(".mc-odds-summary", has_text="Level hard").wait_for(timeout=WAIT_MS)
    expect(odds.locator(".mc-chart-shapes"), "two charts").to_have_count(2)
    levels = visit.page.locator(".mc-all-levels")
    levels.locator("img.mc-chart-wide").wait_for(timeout=WAIT_MS)
    expect(levels).to_contain_text("98.4%")
    assert_accessible(visit.page)  # the odds of another level, and every level's chart


def test_a_practice_set_ends_with_every_deal_listed(server, visit):
    visit.open(f"{server}/voila/render/en/mam/2-practice.ipynb")
    join(visit.page, "Ola")
    practice = visit.page.locator(".mc-practice").first
    rounds = practice.locator("input[type=number]")
    rounds.fill("2")
    rounds.press("Enter")
    practice.locator("button.mc-new-set").click()
    practice.locator(".mc-progress", has_text="Deal 1 of 2").wait_for(timeout=WAIT_MS)
    practice.locator("button.mc-hint").click()
    practice.locator(".mc-hint-text", has_text="costs one card").wait_for(timeout=WAIT_MS)
    for deal in (1, 2):
        practice.locator("button.mc-next").click()
        asked = practice.locator(".mc-confirm", has_text=f"Deal {deal} is not solved yet")
        asked.locator("button.mc-skip").click()
    report = practice.locator(".mc-report")
    report.wait_for(timeout=WAIT_MS)
    expect(report.locator("tr")).to_have_count(3)
    expect(report).to_contain_text("one good answer")
    assert_accessible(visit.page)  # a finished set and its report
    for size, (width, height) in SIZES.items():  # the report reflows: nothing cut on a phone
        resized(visit.page, width, height)
        assert not layout_problems(visit.page), (size, layout_problems(visit.page))
    assert_accessible(visit.page)  # the report stacked on a small phone
    practice.locator("button.mc-next").click()
    practice.locator(".mc-message.mc-error", has_text="the set is finished").wait_for(
        timeout=WAIT_MS
    )


def test_every_calculation_is_mathml_a_power_solution_the_preview_and_a_verdict(
    server, first_visit
):
    loaded = Recorder(first_visit.page)
    first_visit.open(f"{server}/voila/render/en/mam/3-how-the-solver-thinks.ipynb")
    explorer = first_visit.page.locator(".mc-solver-explorer")
    explorer.locator("input[type=checkbox]").check()
    explorer.locator(".mc-solutions", has_text="40 ways to make 32").wait_for(timeout=WAIT_MS)
    power = explorer.locator(".mc-solutions li", has_text="7^(12 ÷ 6) − 15 − 2")
    expect(power.locator("math msup mn").first).to_have_text("7")  # a superscript, drawn
    assert power.locator("math msup").bounding_box()["height"] > 10
    assert not loaded.mathjax(), "MathJax was loaded"

    first_visit.open(f"{server}/voila/render/en/mam/1-the-target-game-in-class.ipynb")
    table = first_visit.page.locator(".mc-target-table").first
    table.locator("input[type=checkbox]").first.check()  # the exponent variant
    sent(first_visit.page)  # the kernel has the variant before New game deals
    table.locator("button.mc-new-game").click()
    table.locator("svg.mc-card").nth(4).wait_for(timeout=WAIT_MS)
    table.locator(".mc-answer input").fill("2^(3×2)")
    table.locator(".mc-preview math msup").wait_for(timeout=WAIT_MS)
    cards, target = table_state(table)
    solution = best(cards, target, power=True)
    answer(table, solution.text)
    verdict = table.locator(".mc-message.mc-ok", has_text="Correct!")
    verdict.wait_for(timeout=WAIT_MS)
    if len(solution.cards) > 1:
        expect(verdict.locator("math")).to_have_count(1)
        expect(verdict.locator(".mc-said")).to_have_text(solution.pretty)
    assert first_visit.page.locator("mjx-container").count() == 0
    assert not loaded.mathjax(), "MathJax was loaded"
    assert not first_visit.errors and not first_visit.offsite_requests()


@pytest.mark.parametrize("language", ["en", "pl"])
def test_new_set_with_a_set_under_way_asks_first_and_keep_going_keeps_deal_3(
    server, visit, tmp_path, language
):
    said = {
        "en": ("Deal {n} of 8", "Deal {n} is not solved yet", "Start a new set?"),
        "pl": ("Rozdanie {n} z 8", "Rozdanie {n} nie jest jeszcze", "Zacząć nowy zestaw?"),
    }[language]
    visit.open(f"{server}/voila/render/{language}/mam/2-practice.ipynb")
    join(visit.page, {"en": "Ewa", "pl": "Iga"}[language])  # one class book: a name each
    practice = visit.page.locator(".mc-practice").first
    progress = practice.locator(".mc-progress")
    expect(progress).to_contain_text(said[0].format(n=1), timeout=WAIT_MS)
    for deal in (1, 2):  # two deals passed: deal 3 of 8
        practice.locator("button.mc-next").click()
        asked = practice.locator(".mc-confirm", has_text=said[1].format(n=deal))
        asked.locator("button.mc-skip").click()
        expect(progress).to_contain_text(said[0].format(n=deal + 1))
    practice.locator(".mc-answer input").fill("1+1")  # deal 3 answered
    practice.locator("button.mc-mam").click()  # "Check"
    practice.locator(".mc-message.mc-error").wait_for(timeout=WAIT_MS)
    practice.locator("button.mc-new-set").click()
    asked = practice.locator(".mc-confirm", has_text=said[2])
    expect(asked).to_be_visible()
    expect(progress).to_contain_text(said[0].format(n=3))  # nothing lost by the tap
    assert_accessible(visit.page)
    visit.page.screenshot(path=tmp_path / f"new-set-asks-{language}.png")
    asked.locator("button.mc-keep").click()
    expect(practice.locator(".mc-confirm button")).to_have_count(0)
    expect(progress).to_contain_text(said[0].format(n=3))
    expect(practice.locator(".mc-answer input")).to_have_value("1+1")

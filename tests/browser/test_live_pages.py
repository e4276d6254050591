"""MAM! live in a real browser, against `mathcards serve` and its class book: a teacher (the
projector) and three students, each in a browser context of their own, play two rounds; the
first right answer wins; a wrong answer is told only to its sender; a student who reloads keeps
their score; the podium is right. Each run has the projector in one language and the students'
pages in both."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from mathcards.mam.live import LiveGame
from mathcards.mam.solver import find_solutions
from tests.browser.axe import assert_accessible
from tests.browser.conftest import join, layout_problems

pytestmark = pytest.mark.browser
SEED = 2026
# each run's students, joined to the class book of the server the live tests share
CLASSES = {"en": ("Ala", "Ola", "Ela"), "pl": ("Ada", "Iga", "Ewa")}
SAID = {
    "en": {
        "wait": "Wait for the teacher",
        "wrong": "Not quite",
        "first": "You were first",
        "late": "Someone was faster",
        "have": "You have {n} cards",
        "best": "The best ways",
        "over": "The game is over",
        "first right": "First right answer: {name}",
        "others": "The 2 other players each take a card.",
    },
    "pl": {
        "wait": "Poczekaj, aż nauczyciel",
        "wrong": "Niezupełnie",
        "first": "Twoja odpowiedź była pierwsza",
        "late": "Ktoś był szybszy",
        "have": "Masz {n} kar",
        "best": "Najlepsze sposoby",
        "over": "Gra się skończyła",
        "first right": "Pierwsza dobra odpowiedź: {name}",
        "others": "Pozostali 2 gracze dostają po karcie.",
    },
}


def right(deal) -> str:
    return find_solutions(deal.cards, deal.target, power=deal.power).solutions[0].pretty


def wrong(deal) -> str:
    text = "+".join(map(str, deal.cards))
    return text + "+1" if not deal.check(text).correct else text + "+2"


def answer(page, text: str) -> None:
    page.locator(".mc-answer input").fill(text)
    page.locator("button.mc-mam").click()


def open_page(context, url: str):
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector("#loading", state="hidden")
    return page


def board_rows(projector) -> list[tuple[str | None, str | None]]:
    rows = projector.locator(".mc-live-board tr[data-correct]")
    return [
        (row.get_attribute("data-name"), row.get_attribute("data-correct")) for row in rows.all()
    ]


def in_first_screen(page, selector: str) -> dict:
    """The first of `selector`'s box, asserted inside the window as the page opens."""
    box = page.locator(selector).first.bounding_box()
    window = page.viewport_size
    assert box is not None, selector
    assert box["x"] >= 0 and box["x"] + box["width"] <= window["width"] + 1, (selector, box)
    assert box["y"] >= 0 and box["y"] + box["height"] <= window["height"] + 1, (selector, box)
    return box


def round_fills_the_projector(projector) -> None:
    """The round in the projector's first screen, cards and target ≥ 8% of its height."""
    projector.evaluate("window.scrollTo(0, 0)")
    height = projector.viewport_size["height"]
    for part in (".mc-live-bar", ".mc-dice", ".mc-live-answered"):
        in_first_screen(projector, part)
    for card in projector.locator(".mc-live-projector .mc-cards svg").all():
        assert card.bounding_box()["height"] >= 0.08 * height  # type: ignore[index]
        in_first_screen(projector, ".mc-live-projector .mc-cards svg")
    target = projector.locator(".mc-live-projector .mc-target-number")
    size = target.evaluate("t => parseFloat(getComputedStyle(t).fontSize)")
    assert size >= 0.08 * height, size
    assert projector.locator(".mc-live-setup-box .mc-live-seed input").is_hidden()
    assert projector.locator(".mc-live-room").is_hidden()  # the room folded: its count in the bar


@pytest.mark.parametrize("language", ["en", "pl"])
def test_a_class_plays_two_rounds_live(live_class, tmp_path, language):
    other = "pl" if language == "en" else "en"
    ala, ola, ela = CLASSES[language]
    students = {ala: language, ola: other, ela: language}  # both languages in the room
    game = LiveGame("normal", rounds=2, seed=SEED)  # the same game, played here alongside
    base = live_class.base
    projector = live_class.projector(language, SEED)

    pages = {}
    for name, spoken in students.items():
        pages[name] = open_page(
            live_class.context(viewport={"width": 390, "height": 844}),
            f"{base}/voila/render/{spoken}/live/1-mam-live.ipynb",
        )
        join(pages[name], name)
        expect(pages[name].locator(".mc-live-status")).to_contain_text(SAID[spoken]["wait"])
        game.join(name)
    for name in students:
        expect(projector.locator(".mc-live-room")).to_contain_text(name)

    # round 1: Ola claims wrongly, Ala is first right, Ela right but late
    projector.locator("button.mc-live-start").click()
    deal = game.open_round().deal
    for page in pages.values():
        expect(page.locator(f".mc-target[data-target='{deal.target}']")).to_be_visible()
        shown = page.locator(".mc-card").evaluate_all("cards => cards.map(c => +c.dataset.value)")
        assert sorted(shown) == sorted(deal.cards)
    pages[ela].evaluate("window.scrollTo(0, 0)")  # a phone's first screen holds the game
    pages[ela].screenshot(path=str(tmp_path / f"seat-{language}-first-screen.png"))
    for part in (".mc-book-who", ".mc-target", ".mc-cards", ".mc-answer input", "button.mc-mam"):
        in_first_screen(pages[ela], part)
    expect(projector.locator(f".mc-target[data-target='{deal.target}']")).to_be_visible()
    projector.screenshot(path=str(tmp_path / f"projector-{language}-first-screen.png"))
    round_fills_the_projector(projector)
    projector.set_viewport_size({"width": 1920, "height": 1080})
    round_fills_the_projector(projector)
    projector.set_viewport_size({"width": 1280, "height": 800})
    assert projector.locator("button.mc-live-reveal").get_attribute("aria-keyshortcuts") == "R"
    answer(pages[ola], wrong(deal))
    expect(pages[ola].locator(".mc-verdict")).to_contain_text(SAID[other]["wrong"])
    expect(pages[ola].locator(".mc-verdict")).to_contain_text(SAID[other]["others"])
    expect(pages[ola].locator(".mc-answer input")).to_be_hidden()  # one claim a round
    expect(projector.locator(".mc-live-answered")).to_contain_text("1")
    for name in (ala, ela):  # told only to its sender
        expect(pages[name].locator(".mc-verdict")).not_to_contain_text(SAID[language]["wrong"])
    answer(pages[ala], right(deal))
    expect(pages[ala].locator(".mc-verdict")).to_contain_text(SAID[language]["first"])
    answer(pages[ela], right(deal))
    expect(pages[ela].locator(".mc-verdict")).to_contain_text(SAID[language]["late"])
    for seq, (name, text) in enumerate(
        [(ola, wrong(deal)), (ala, right(deal)), (ela, right(deal))], 1
    ):
        game.answer(name, text, seq)
    expect(projector.locator(".mc-live-right")).to_contain_text("2")
    wall = projector.locator(".mc-live-projector").inner_text()
    assert ola not in wall and ala not in wall and right(deal) not in wall  # before Reveal
    for page in (projector, pages[ola], pages[ala]):  # the wall; a wrong, a right seat
        assert_accessible(page)

    # Ala reloads: the same game, the same score
    ala_points = game.players[ala].points
    pages[ala].reload()
    pages[ala].wait_for_selector("#loading", state="hidden")
    have = SAID[language]["have"].format(n=ala_points)
    expect(pages[ala].locator(".mc-live-score")).to_contain_text(have)
    expect(pages[ala].locator(".mc-verdict")).to_contain_text(SAID[language]["first"])

    projector.keyboard.press("r")  # Reveal, by its key
    game.reveal()
    expect(projector.locator(".mc-live-revealed")).to_contain_text(SAID[language]["best"])
    expect(projector.locator(".mc-live-board tr[data-correct]")).to_have_count(3)
    assert board_rows(projector) == [(None, "false"), (ala, "true"), (ela, "true")]
    first_right = SAID[language]["first right"].format(name=ala)
    expect(projector.locator(".mc-live-first")).to_contain_text(first_right)
    assert_accessible(projector)  # the reveal
    projector.screenshot(path=str(tmp_path / f"projector-{language}-reveal.png"), full_page=True)

    # round 2: Ela is first right
    projector.locator("button.mc-live-start").click()
    deal = game.open_round().deal
    expect(pages[ela].locator(f".mc-target[data-target='{deal.target}']")).to_be_visible()
    pages[ela].screenshot(path=str(tmp_path / f"seat-{language}-round.png"), full_page=True)
    expect(pages[ela].locator(".mc-answer input")).to_have_attribute("inputmode", "tel")
    pages[ela].locator("button.mc-pad-card").first.click()  # the answer pad, on a phone
    pages[ela].locator("button.mc-pad-sign", has_text="×").click()
    card = pages[ela].locator("button.mc-pad-card").first.inner_text()
    expect(pages[ela].locator(".mc-answer input")).to_have_value(f"{card}×")
    assert not layout_problems(pages[ela])
    answer(pages[ela], right(deal))
    expect(pages[ela].locator(".mc-verdict")).to_contain_text(SAID[language]["first"])
    game.answer(ela, right(deal), 4)
    expect(projector.locator(".mc-live-answered")).to_contain_text("1")
    assert not layout_problems(projector)
    if language == "en":  # the README's picture of the projector, as the room sees it
        projector.evaluate("window.scrollTo(0, 0)")
        projector.screenshot(path=str(tmp_path / "projector.png"))

    projector.locator("button.mc-live-finish").click()
    podium = [(str(s.place), s.name) for s in game.finish()]
    for page in (projector, *pages.values()):
        places = page.locator(".mc-podium li")
        expect(places).to_have_count(len(podium))
        shown = [
            (li.get_attribute("data-place"), li.get_attribute("data-name")) for li in places.all()
        ]
        assert shown == podium
    expect(pages[ola].locator(".mc-live-status")).to_contain_text(SAID[other]["over"])
    for page in (projector, pages[ola]):  # the podium, in both languages
        assert_accessible(page)
    pages[ola].screenshot(path=str(tmp_path / f"seat-{other}-podium.png"), full_page=True)
    projector.screenshot(path=str(tmp_path / f"projector-{language}-podium.png"), full_page=True)
    assert re.search(r"\d", projector.locator(".mc-live-leaderboard").inner_text())
    for page, size, shot in (
        (projector, (390, 844), "projector"),
        (pages[ala], (1280, 800), "seat"),
    ):
        page.set_viewport_size({"width": size[0], "height": size[1]})
        page.screenshot(path=str(tmp_path / f"{shot}-{language}-{size[0]}.png"), full_page=True)
        assert not layout_problems(page)


def test_the_phone_says_how_the_teacher_can_change_the_round_s_time(live_class):
    """WCAG 2.2.1: the projector's settings name how a countdown changes, its "+30 s" and "No
    countdown" change the round's time on every phone, and the phone says so in a sentence."""
    projector = live_class.projector("en", SEED)
    phone = open_page(
        live_class.context(viewport={"width": 390, "height": 844}),
        f"{live_class.base}/voila/render/pl/live/1-mam-live.ipynb",
    )
    join(phone, "Hela")  # a name no other test of the shared class takes
    expect(projector.locator(".mc-live-room")).to_contain_text("Hela")
    if projector.locator(".mc-live-seconds input").is_hidden():  # the settings folded
        projector.locator(".mc-live-setup-box .jupyter-widget-Collapse-header").click()
    expect(projector.locator(".mc-live-time-help")).to_contain_text("“No countdown” turns it off")
    projector.locator(".mc-live-seconds input").fill("600")
    projector.locator(".mc-live-seconds input").press("Enter")
    projector.locator("button.mc-live-start").click()

    note = phone.locator(".mc-live-time-note")
    expect(note).to_have_text("Nauczyciel może dać więcej czasu albo wyłączyć odliczanie.")
    assert_accessible(phone)  # the countdown and the sentence about it
    for _press in range(2):
        projector.locator("button.mc-live-more-time").click()
    lengthened = """() => {  // 600 s and twice 30 s more: past 600 however slow the page
        const seconds = document.querySelector('.mc-countdown').innerText.match(/\\d+/);
        return seconds !== null && Number(seconds[0]) > 600;
    }"""
    phone.wait_for_function(lengthened, timeout=20_000)
    assert (
        projector.locator("button.mc-live-no-countdown").get_attribute("aria-keyshortcuts") == "O"
    )
    projector.keyboard.press("o")  # No countdown, by its key
    expect(note).to_have_text("Ta runda nie ma odliczania: nie spiesz się.")
    expect(phone.locator(".mc-countdown")).to_have_text("")
    expect(projector.locator(".mc-live-time")).to_be_hidden()


def test_the_room_counts_the_phones_there_after_two_leave(live_class, tmp_path):
    """Issue 49: "In the room" counted everyone who ever joined, not who is there."""
    projector = live_class.projector("en", SEED)
    room = projector.locator(".mc-live-room-title")
    phones = {}
    for name in ("Nel", "Tim", "Eva"):
        phones[name] = open_page(
            live_class.context(viewport={"width": 390, "height": 844}),
            f"{live_class.base}/voila/render/en/live/1-mam-live.ipynb",
        )
        join(phones[name], name)
    expect(room).to_have_text("In the room: 3")
    projector.locator("button.mc-live-start").click()
    expect(phones["Nel"].locator(".mc-answer input")).to_be_visible()
    answer(phones["Nel"], "1+1")
    expect(projector.locator(".mc-live-answered")).to_contain_text("1 of 3 have answered")
    for name in ("Nel", "Tim"):  # their pages close: the server ends their kernels
        phones[name].goto("about:blank")
    expect(room).to_have_text("In the room: 1")
    expect(projector.locator(".mc-live-answered")).to_contain_text("1 of 2 have answered")
    expect(projector.locator(".mc-live-room")).to_contain_text("Tim")  # who left keeps a place
    projector.screenshot(path=str(tmp_path / "projector-two-left.png"))
    phones["Tim"].goto(f"{live_class.base}/voila/render/en/live/1-mam-live.ipynb")
    expect(phones["Tim"].locator(".mc-book-who")).to_contain_text("Tim")
    expect(room).to_have_text("In the room: 2")  # back
    expect(projector.locator(".mc-live-answered")).to_contain_text("1 of 3 have answered")

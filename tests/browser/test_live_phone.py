"""The student's phone in a live MAM! race, in a real browser against `mathcards serve` (the
live class's server, `live_class`): its first screen holds the whole round and the answer pad,
a wrong claim says what it really cost the others, Pause holds its countdown at the service's
seconds, and a refusal is a notice, never a wrong answer's ✗."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from mathcards.mam.live import LiveGame
from tests.browser.axe import assert_accessible
from tests.browser.conftest import in_playwright, join, layout_problems, resized, until
from tests.browser.test_live_pages import SEED, answer, open_page, right, wrong

pytestmark = pytest.mark.browser
PHONE = {"width": 390, "height": 844}
SAID = {
    "en": {
        "none": "The others take no card for it.",
        "two": "The 2 other players each take a card.",
        "paused": "The teacher has paused the game",
        "open": "A round is still open",
    },
    "pl": {
        "none": "Pozostali gracze nie dostają za to karty.",
        "two": "Pozostali 2 gracze dostają po karcie.",
        "paused": "Nauczyciel wstrzymał grę",
        "open": "Runda wciąż trwa",
    },
}
NUMBER = re.compile(r"\d+")


def phone(live_class, language: str, name: str):
    """A student's phone at 390 × 844, joined to the class as `name`."""
    page = open_page(
        live_class.context(viewport=PHONE),
        f"{live_class.base}/voila/render/{language}/live/1-mam-live.ipynb",
    )
    join(page, name)
    return page


def box(page, selector: str) -> dict:
    found = page.locator(selector).first.bounding_box()
    assert found is not None, selector
    return found


def round_of_ten_minutes(projector):
    """A round opened on the projector with a countdown of 600 s: its deal."""
    if projector.locator(".mc-live-seconds input").is_hidden():  # the settings folded
        projector.locator(".mc-live-setup-box .jupyter-widget-Collapse-header").click()
    projector.locator(".mc-live-seconds input").fill("600")
    projector.locator(".mc-live-seconds input").press("Enter")
    projector.locator("button.mc-live-start").click()
    return LiveGame("normal", rounds=2, seed=SEED).open_round().deal


def inside_first_screen(page, selector: str) -> dict:
    """`selector`'s box, wholly inside the phone's first screen (390 × 844)."""
    shown = box(page, selector)
    assert shown["x"] >= 0 and shown["x"] + shown["width"] <= PHONE["width"] + 1, (selector, shown)
    bottom = shown["y"] + shown["height"]
    assert shown["y"] >= 0 and bottom <= PHONE["height"] + 1, (selector, shown)
    return shown


def seconds_shown(page) -> int:
    return int(NUMBER.findall(page.locator(".mc-countdown").inner_text())[0])


@pytest.mark.parametrize("language", ["en", "pl"])
def test_the_phone_s_first_screen_holds_the_round_the_box_its_message_and_the_whole_pad(
    live_class, tmp_path, language
):
    """At 390 × 844, a countdown running and a slip told: the cards, the target, the box, the
    preview and the slip's message right under the box, and both rows of the pad (⌫ too)."""
    projector = live_class.projector(language, SEED)
    name = {"en": "Fenna", "pl": "Franka"}[language]  # names no other test of the class takes
    page = phone(live_class, language, name)
    expect(projector.locator(".mc-live-room")).to_contain_text(name)
    deal = round_of_ten_minutes(projector)
    expect(page.locator(f".mc-target[data-target='{deal.target}']")).to_be_visible()
    expect(page.locator(".mc-countdown")).to_contain_text(NUMBER)
    card = page.locator("button.mc-pad-card").first
    card.click()  # a slip, as a thumb makes it: "9+" and MAM!
    page.locator("button.mc-pad-sign", has_text="+").click()
    expect(page.locator(".mc-answer input")).to_have_value(f"{card.inner_text()}+")
    expect(page.locator(".mc-preview")).not_to_be_empty()
    page.locator("button.mc-mam").click()
    expect(page.locator(".mc-verdict .mc-message")).not_to_be_empty()
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(tmp_path / f"phone-{language}-first-screen.png"))
    for part in (".mc-target", ".mc-cards", ".mc-countdown", ".mc-answer input", "button.mc-mam"):
        inside_first_screen(page, part)
    typed = inside_first_screen(page, ".mc-answer input")
    preview = inside_first_screen(page, ".mc-preview")
    message = inside_first_screen(page, ".mc-verdict")
    cards = inside_first_screen(page, ".mc-pad-cards")
    signs = inside_first_screen(page, ".mc-pad-signs")
    inside_first_screen(page, "button.mc-pad-delete")
    for key in page.locator(".mc-live-pad button").all():  # every key, none below the fold
        assert key.bounding_box()["y"] + key.bounding_box()["height"] <= PHONE["height"] + 1
    assert typed["y"] + typed["height"] <= preview["y"] + 1  # the preview under the box,
    assert preview["y"] + preview["height"] <= message["y"] + 1  # the message under it,
    assert message["y"] + message["height"] <= cards["y"] + 1  # then the pad: cards, signs
    assert cards["y"] + cards["height"] <= signs["y"] + 1
    assert not layout_problems(page)
    assert_accessible(page)
    resized(page, 1280, 800)  # a laptop: the pad hidden, the preview and message under the box
    page.screenshot(path=str(tmp_path / f"seat-{language}-1280-round.png"))
    expect(page.locator(".mc-live-pad")).to_be_hidden()
    assert box(page, ".mc-verdict")["y"] >= box(page, ".mc-preview")["y"]
    assert not layout_problems(page)


def test_a_wrong_claim_says_what_it_cost_the_others_and_the_scores_agree(live_class):
    """Before the round is won a wrong claim gives each other player a card, and the phone says
    how many took one; once it is won, a wrong claim costs nothing and the phone says so."""
    projector = live_class.projector("en", SEED)
    names = {"Wanda": "en", "Wiola": "pl", "Wera": "en"}  # names no other test takes
    pages = {name: phone(live_class, spoken, name) for name, spoken in names.items()}
    game = LiveGame("normal", rounds=2, seed=SEED)
    for name in names:
        expect(projector.locator(".mc-live-room")).to_contain_text(name)
        game.join(name)
    projector.locator("button.mc-live-start").click()
    deal = game.open_round().deal
    for page in pages.values():
        expect(page.locator(f".mc-target[data-target='{deal.target}']")).to_be_visible()

    answer(pages["Wiola"], wrong(deal))  # before anyone is right: a card to each of the others
    told = pages["Wiola"].locator(".mc-verdict")
    expect(told).to_contain_text(SAID["pl"]["two"])
    expect(told).to_contain_text(re.compile(r"Niezupełnie: [^.]+\. Pozostali"))  # a full stop
    answer(pages["Wanda"], right(deal))
    expect(pages["Wanda"].locator(".mc-verdict")).to_contain_text("You were first")
    game.answer("Wiola", wrong(deal), 1)
    game.answer("Wanda", right(deal), 2)
    before = {name: player.points for name, player in game.players.items()}
    for name, page in pages.items():
        cards = before[name]
        expect(page.locator(".mc-live-score")).to_contain_text(re.compile(rf"\b{cards}\b"))

    answer(pages["Wera"], wrong(deal))  # the round is won: the claim costs nothing
    late = pages["Wera"].locator(".mc-verdict")
    expect(late).to_contain_text(SAID["en"]["none"])
    expect(late).not_to_contain_text("take a card")
    expect(late).to_contain_text(re.compile(r"Not quite: [^.]+\. The others take no card"))
    assert game.answer("Wera", wrong(deal), 3).given == 0
    assert {name: player.points for name, player in game.players.items()} == before
    expect(projector.locator(".mc-live-answered")).to_contain_text("3")
    projector.keyboard.press("r")  # Reveal: the leaderboard, as the service scored the round
    for name, cards in before.items():
        points = projector.locator(f".mc-live-leaderboard tr[data-name='{name}'] td").nth(2)
        expect(points).to_have_text(str(cards))
    for name, page in pages.items():  # and each phone's own line, unchanged
        expect(page.locator(".mc-live-score")).to_contain_text(re.compile(rf"\b{before[name]}\b"))


# The server's clock, as its answers' Date header says it (whole seconds): `fetch(SERVER_CLOCK)`
SERVER_CLOCK = """() => fetch('/api', {cache: 'no-store'})
    .then(answer => Date.parse(answer.headers.get('date')) / 1000)"""


def server_clock_moves_on(page, seconds: int, patience: float = 60) -> None:
    """Until the server's clock has moved on `seconds` from now (a condition, not a sleep:
    however slowly the machine runs, the time has passed when it holds)."""
    start = page.evaluate(SERVER_CLOCK)

    def moved() -> bool:
        return bool(page.evaluate(SERVER_CLOCK) >= start + seconds)

    until(moved, patience, "the server's clock moves on", pause=in_playwright(page))


WATCH_COUNTDOWN = """() => {  // every value the phone's countdown shows from now on
    window.mcSeconds = [];
    const countdown = document.querySelector('.mc-countdown');
    const seen = () => {
        const number = countdown.innerText.match(/\\d+/);
        if (number !== null) window.mcSeconds.push(Number(number[0]));
    };
    new MutationObserver(seen).observe(countdown, {childList: true, subtree: true,
                                                   characterData: true});
    seen();
}"""


@pytest.mark.parametrize("language", ["pl"])
def test_pause_holds_the_phone_s_countdown_and_a_refusal_is_a_notice(
    live_class, tmp_path, language
):
    """During Pause the phone shows the service's seconds, standing still while the server's
    clock moves on; MAM! pressed then is a notice (no ✗); on Resume the countdown goes on from
    the service's seconds, never back up. The projector's refusal is a notice too."""
    projector = live_class.projector("en", SEED)
    page = phone(live_class, language, "Pola")  # a name no other test takes
    expect(projector.locator(".mc-live-room")).to_contain_text("Pola")
    deal = round_of_ten_minutes(projector)
    expect(page.locator(".mc-countdown")).to_contain_text(NUMBER)

    projector.locator("button.mc-live-start").click()  # a round is open: refused, as a notice
    refused = projector.locator(".mc-message-line .mc-message")
    expect(refused).to_contain_text("A round is still open")
    expect(refused).to_have_class(re.compile("mc-notice"))
    expect(refused).not_to_contain_text("✗")
    projector.screenshot(path=str(tmp_path / "projector-en-refused.png"))

    projector.keyboard.press("p")  # Pause
    expect(page.locator(".mc-live-status")).to_contain_text(SAID[language]["paused"])
    page.evaluate(WATCH_COUNTDOWN)
    held = seconds_shown(page)
    server_clock_moves_on(page, 4)  # the server's clock moves on; the phone's countdown not
    assert seconds_shown(page) == held
    assert set(page.evaluate("window.mcSeconds")) == {held}

    answer(page, right(deal))  # MAM! while paused: a notice, not a wrong answer
    notice = page.locator(".mc-verdict .mc-message")
    expect(notice).to_contain_text(SAID[language]["paused"])
    expect(notice).to_have_class(re.compile("mc-notice"))
    expect(notice).not_to_contain_text("✗")
    expect(page.locator(".mc-verdict .mc-error")).to_have_count(0)
    page.screenshot(path=str(tmp_path / f"phone-{language}-paused.png"))
    assert_accessible(page)

    projector.keyboard.press("p")  # Resume
    expect(page.locator(".mc-live-status")).not_to_contain_text(SAID[language]["paused"])
    page.wait_for_function(f"window.mcSeconds.some(s => s < {held})")  # it goes on
    assert max(page.evaluate("window.mcSeconds")) <= held  # from the service's, never back up
    expect(page.locator(".mc-verdict .mc-notice")).to_have_count(0)  # the notice is gone
    expect(page.locator(".mc-answer input")).to_be_visible()  # the answer was never taken

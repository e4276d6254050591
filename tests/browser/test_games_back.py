"""A game under way at each of the four tables comes back as it was, in a real browser against
`mathcards serve` and its class book, on a phone-sized page, in both languages: a student who
has joined the class plays a few moves, reloads the page (a new kernel), and finds the same
cards, chips and turn, and one sentence saying the game is back; then the page's kernel is
killed (`kill -9`) and the page reloaded once more, with the same result; the game plays on."""

from __future__ import annotations

import os
import re
import signal
from collections.abc import Callable

import pytest
from playwright.sync_api import Locator, Page, expect

from mathcards import i18n
from tests.browser.conftest import SIZES, in_playwright, join, kernels, layout_problems, until

pytestmark = pytest.mark.browser
BACK = "Your game is back where you left it."
WAIT_MS = 60_000


def words(language: str, message: str) -> str:
    """A message of the page as it reads in `language`."""
    return i18n.catalogue(language).gettext(message)


def settled(changing: Locator, before: str) -> None:
    """Until the kernel has answered a click: `changing` (a table's log) is no longer `before`."""
    expect(changing).not_to_have_text(before, use_inner_text=True, timeout=WAIT_MS)


def start_mam(page: Page, language: str) -> None:
    """The class's table (the first on the page): a new game, and a wrong claim by the first
    team, so that each other team takes a card."""
    table = page.locator(".mc-target-table").first
    table.locator("button.mc-new-game").click()
    table.locator("svg.mc-card").nth(4).wait_for()
    table.locator(".mc-answer input").fill("1+1")
    table.locator("button.mc-mam").click()
    table.locator("button.mc-take").first.wait_for()


def move_mam(page: Page, language: str) -> None:
    """The team whose turn it is takes a card."""
    table = page.locator(".mc-target-table").first
    scores = table.locator(".mc-scores").inner_text()
    table.locator("button.mc-take").first.click()
    settled(table.locator(".mc-scores"), scores)


def start_lama(page: Page, language: str) -> None:
    """Deal: the computer players move until it is your move."""
    page.locator(".mc-lama-setup button.mc-deal").click()
    your_lama_turn(page, language)


def move_lama(page: Page, language: str) -> None:
    """A card that fits, else a draw; then the computer players, until it is your move again:
    the game's log ends with your turn and your hand says so (the log is drawn before the hand,
    which may still say "your move" from before your click)."""
    feed = page.locator(".mc-lama-feed")
    before = feed.inner_text()
    playable = page.locator(".mc-lama-hand button.mc-hand-card:enabled")
    (playable.first if playable.count() else page.locator("button.mc-draw")).click()
    settled(feed, before)
    title = page.locator(".mc-you .mc-seat-name").inner_text()
    me = title.partition("(")[2].partition(")")[0]
    turn = words(language, "{player}'s turn.").format(player=me)
    expect(feed).to_contain_text(re.compile(re.escape(turn) + r"\s*$"), timeout=WAIT_MS)
    your_lama_turn(page, language)


def your_lama_turn(page: Page, language: str) -> None:
    """Until it is your move (the computer players wait for you)."""
    expect(page.locator(".mc-you")).to_contain_text(words(language, "your move"), timeout=WAIT_MS)


def start_lama_dice(page: Page, language: str) -> None:
    """The page deals at once, and you start: your buttons are there."""
    page.locator(f"{LAMA_DICE} .mc-actions button").first.wait_for(timeout=WAIT_MS)


def move_lama_dice(page: Page, language: str) -> None:
    """The first move your buttons offer (roll, discard, …); then the computer players, until
    your buttons are back."""
    log = page.locator(f"{LAMA_DICE} .mc-status")
    before = log.inner_text()
    page.locator(f"{LAMA_DICE} .mc-actions button").first.click()
    settled(log, before)
    start_lama_dice(page, language)


def start_unikat(page: Page, language: str) -> None:
    """The page deals at once, and you start."""
    your_unikat_turn(page, language)


def move_unikat(page: Page, language: str) -> None:
    """Swap your first rack card with the bag, end the turn as the table offers, then the
    computer players, until it is your turn again."""
    log = page.locator(".mc-unikat-log")
    page.locator(".mc-unikat-rack-card").first.click()
    before = log.inner_text()
    page.locator("button.mc-unikat-bag").click()  # the kernel has the card chosen: in order
    settled(log, before)
    end_turn = page.locator("button.mc-end-turn")
    drawing = page.locator("button.mc-unikat-bag:enabled", has_text=DRAW_WORDS[language])
    for finish in (end_turn, drawing):
        if finish.count():
            before = log.inner_text()
            finish.click()
            settled(log, before)
    your_unikat_turn(page, language)


def your_unikat_turn(page: Page, language: str) -> None:
    your_turn = words(language, "You: lay or swap.")
    expect(page.locator(".mc-unikat-status")).to_contain_text(your_turn, timeout=WAIT_MS)


LAMA_DICE = ".mc-lama-dice-table"
SAID_AT = {"mam": ".mc-target-table >> nth=0 >> .mc-game-back"}  # the page shows two tables
DRAW_WORDS = {  # the bag's button when a card is to be drawn: "Draw from the bag (n)"
    language: words(language, "Draw from the bag ({count})").split("(")[0].strip()
    for language in ("en", "pl")
}
Play = Callable[[Page, str], None]
TABLES: dict[str, tuple[str, Play, Play, list[str]]] = {
    # the table's page, its first deal, one move, and what shows the game (each as drawn)
    "mam": (
        "mam/1-the-target-game-in-class.ipynb",
        start_mam,
        move_mam,
        [f".mc-target-table >> nth=0 >> {part}" for part in (".mc-table", ".mc-scores",
                                                            ".mc-takes")],
    ),
    "lama": (
        "lama/1-play-lama.ipynb",
        start_lama,
        move_lama,
        [".mc-opponents", ".mc-piles", ".mc-you", ".mc-lama-hand", ".mc-lama-feed"],
    ),
    "lama_dice": (
        "lama_dice/1-play-lama-dice.ipynb",
        start_lama_dice,
        move_lama_dice,
        [f"{LAMA_DICE} {part}" for part in (".mc-scores", ".mc-llama-row", ".mc-rows",
                                            ".mc-actions", ".mc-status")],
    ),
    "unikat": (
        "unikat/1-play-unikat.ipynb",
        start_unikat,
        move_unikat,
        [".mc-unikat-status", ".mc-unikat-board", ".mc-unikat-rack", ".mc-unikat-display",
         ".mc-unikat-log"],
    ),
}  # fmt: skip


def drawn(page: Page, parts: list[str]) -> list[str]:
    """What the page shows of the game: each part's HTML (cards, chips, dice, whose turn)."""
    return [page.locator(part).inner_html() for part in parts]


# A question to the page's kernel whose answer comes after everything the kernel sent before
# it: the widgets' states, asked as the page's widget manager asks them on its control channel.
# The page handles its kernel's messages one after another, so once the answer is handled (and
# two frames drawn) so is every change the kernel sent before it.
ROUND_TRIP = """async () => {
  const kernel = window.jupyterapp.widgetManager.kernel;
  const control = kernel.createComm('jupyter.widget.control');
  const answered = new Promise(done => { control.onMsg = done; });
  control.open({}, {version: '1.0.0'});
  control.send({method: 'request_states'}, {version: '1.0.0'});
  await answered;
  control.close();
  await new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)));
}"""


def steady(page: Page, parts: list[str]) -> list[str]:
    """What the page shows of the game once it has drawn everything its kernel sent: the game
    waits for you (each move ends so), and the kernel has answered a question asked after."""
    page.evaluate(ROUND_TRIP)
    return drawn(page, parts)


def comes_to(page: Page, parts: list[str], shown: list[str], how: str) -> None:
    """Until the page shows the game as `shown` (it draws what its kernel replayed)."""
    until(
        lambda: drawn(page, parts) == shown,
        WAIT_MS / 1000,
        how,
        lambda: f": {drawn(page, parts)}, not {shown}",
        in_playwright(page),
    )


def opened(page: Page, url: str | None = None) -> None:
    """The page opened (or reloaded), its widgets drawn."""
    if url is None:
        page.reload()
    else:
        page.goto(url)
    page.wait_for_selector("#loading", state="hidden", timeout=WAIT_MS)
    page.wait_for_function("!document.body.innerText.includes('Loading widget')")


def page_kernel(live_class, before: set[int]) -> int:
    """The kernel of the page opened since `before` was taken (a server's kernels, by pid)."""
    (kernel,) = until(lambda: kernels(live_class.served) - before, 30, "a kernel for the page")
    return kernel


@pytest.mark.parametrize("language", ["en", "pl"])
@pytest.mark.parametrize("table", TABLES)
def test_a_game_under_way_comes_back_as_it_was(live_class, table, language):
    lesson, start, move, parts = TABLES[table]
    base = f"{live_class.base}/voila/render/{language}"
    width, height = SIZES["phone"]
    context = live_class.context(viewport={"width": width, "height": height})
    page = context.new_page()
    opened(page, f"{base}/mam/2-practice.ipynb")
    join(page, f"Tola {table.replace('_', ' ')} {language}")  # the class, on the practice page
    before = kernels(live_class.served)
    opened(page, f"{base}/{lesson}")
    start(page, language)
    move(page, language)
    shown = steady(page, parts)
    back, said = words(language, BACK), page.locator(SAID_AT.get(table, ".mc-game-back"))
    expect(said).to_be_empty()

    for kill in (False, True):
        kernel = page_kernel(live_class, before)
        if kill:
            os.kill(kernel, signal.SIGKILL)  # the page's kernel dies; its page is reloaded
        before = kernels(live_class.served)
        opened(page)
        expect(said).to_have_text(back)
        if table == "mam":  # the page's other table, against computer players, has no game
            expect(page.locator(".mc-target-table >> nth=1 >> .mc-game-back")).to_be_empty()
        comes_to(page, parts, shown, f"{table} {language}: {'killed' if kill else 'reloaded'}")
        assert not layout_problems(page), layout_problems(page)
    move(page, language)  # the game plays on from where it was

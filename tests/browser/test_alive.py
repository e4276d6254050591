"""A page never dies in silence (issue 29, §1 and §4), on a phone-sized page, in both languages,
for a practice page, a live student's page and a game table (LAMA Dice's).

The network between the browser and the server is a proxy the test cuts (tests/browser/
network.py): the page's websocket drops, as a phone's does when its screen locks, and every new
connection waits. Cut for longer than the server keeps a page's kernel (`--keep-kernel 3`), the
page says it lost its connection once the network is back, and its one button reloads it to
where the student was. Cut for ten seconds, on a server that keeps the kernel longer than the
test can run (tests/browser/conftest.py, LIVE_KEEP_SECONDS), the page comes back by itself and
the next answer gets its verdict, with no error in the console. A browser that knows it is
offline (`set_offline`) says so at once and asks nothing until it is back. Every wait is for a
condition; nothing is timed.
"""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import suppress

import psutil
import pytest
from playwright.sync_api import expect

from mathcards.mam import best
from mathcards.mam.live import LiveGame
from tests.browser.conftest import FIRST_RENDER_MS, LiveClass, Visit, in_playwright, join, until
from tests.browser.network import Network, has_ipv6_loopback, network
from tests.servers import ROOT, Served, serving

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not has_ipv6_loopback(), reason="the cut network listens on [::1]"),
]
PHONE = {"width": 390, "height": 844}
KEEP_SECONDS = 3  # the culling server's --keep-kernel: a cut longer than this loses the kernel
OUTAGE_SECONDS = 10  # the short cut, far shorter than the shared live server's keep
GONE_SECONDS = 60  # a kernel kept 3 s is gone within this (the culler looks every second)
SEED = 2029
SAID = {
    "en": {
        "reconnecting": "Reconnecting…",
        "lost": "This page lost its connection: reload it to carry on.",
        "reload": "Reload the page",
        "first": "You were first",
        "have": "You have {n} cards",
    },
    "pl": {
        "reconnecting": "Ponowne łączenie…",
        "lost": "Ta strona straciła połączenie: odśwież ją, aby kontynuować.",
        "reload": "Odśwież stronę",
        "first": "Twoja odpowiedź była pierwsza",
        "have": "Masz {n} kart",
    },
}
# The contrast of a text with the background it is drawn on (WCAG 2's relative luminance).
CONTRAST = """element => {
  const rgb = text => text.match(/[\\d.]+/g).slice(0, 3).map(Number);
  const light = ([r, g, b]) => [r, g, b].map(v => v / 255)
    .map(v => v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)
    .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
  let box = element;
  while (getComputedStyle(box).backgroundColor === 'rgba(0, 0, 0, 0)') box = box.parentElement;
  const [a, b] = [light(rgb(getComputedStyle(element).color)),
                  light(rgb(getComputedStyle(box).backgroundColor))].sort((x, y) => y - x);
  return (a + 0.05) / (b + 0.05);
}"""


# The page's kernel connection, given up for good (not only a server silent for a while).
GIVEN_UP = "() => window.jupyterapp.widgetManager.kernel.isDisposed"


@pytest.fixture(scope="session")
def culling_server(tmp_path_factory) -> Iterator[Served]:
    """The lessons served with a page's kernel kept 3 s once its connection is gone."""
    folder = tmp_path_factory.mktemp("culling")
    keep = ("--keep-kernel", str(KEEP_SECONDS), "--warm", "none")
    with serving(ROOT / "lessons", folder, *keep) as served:
        yield served


@pytest.fixture
def culling_network(culling_server) -> Iterator[Network]:
    """The network to the culling server, which the test cuts."""
    with network(culling_server.base) as net:
        yield net


@pytest.fixture
def culling_class(culling_server, culling_network, browser) -> Iterator[LiveClass]:
    """A class on the culling server: its pages leave (their kernels end) before the network
    to the server goes."""
    classroom = LiveClass(culling_server, browser)
    yield classroom
    classroom.leave()


@pytest.fixture
def live_network(live_server) -> Iterator[Network]:
    """The network to the shared live server; a test asks for it before `live_class`, so that
    the class's pages leave across it before it goes."""
    with network(live_server.base) as net:
        yield net


def page_kernel(page) -> str:
    return json.loads(page.locator("#jupyter-config-data").text_content())["kernelId"]


def kernel_there(base: str, kernel: str) -> bool:
    """Whether the server has the kernel (asked straight, not over the network the test cuts)."""
    try:
        with urllib.request.urlopen(f"{base}/api/kernels/{kernel}", timeout=30):
            return True
    except urllib.error.HTTPError as answer:
        assert answer.code == 404, answer
        return False


def connection_count(base: str, kernel: str) -> int:
    """How many connections the server counts to the kernel (0 once it is gone)."""
    try:
        with urllib.request.urlopen(f"{base}/api/kernels/{kernel}", timeout=30) as answer:
            return int(json.load(answer)["connections"])
    except urllib.error.HTTPError as answer:
        assert answer.code == 404, answer
        return 0


def good_answer(page) -> str:
    """A right answer to the deal the page shows, read from its cards and target."""
    cards = page.locator("svg.mc-card")
    cards.nth(4).wait_for()
    values = cards.evaluate_all("cards => cards.map(c => +c.dataset.value)")
    target = page.locator(".mc-target").first.get_attribute("data-target")
    return best(values, int(target or 0)).text


def answer(box, text: str) -> None:
    box.locator(".mc-answer input").fill(text)
    box.locator("button.mc-mam").click()


class Practice:
    """MAM!'s practice page: the student joins the class book, answers a deal; a reload comes
    back to the same deal with the same score."""

    def __init__(self, classroom: LiveClass, language: str) -> None:
        self.path = f"{language}/mam/2-practice.ipynb"

    def start(self, page, name: str) -> None:
        join(page, name)
        page.locator(".mc-practice .mc-progress").wait_for()

    def move(self, page) -> None:
        practice = page.locator(".mc-practice")
        progress = practice.locator(".mc-progress")
        before = progress.inner_text()
        answer(practice, good_answer(practice))
        expect(practice.locator(".mc-message.mc-ok")).to_be_visible()
        expect(progress).not_to_have_text(before)  # the verdict is drawn before the score

    def where(self, page) -> list[str]:
        return [page.locator(".mc-practice .mc-progress").inner_text()]

    def again(self, page) -> None:
        progress = page.locator(".mc-practice .mc-progress")
        before = progress.inner_text()
        page.locator(".mc-practice button.mc-next").click()
        expect(progress).not_to_have_text(before)


class LiveSeat:
    """MAM! live, a student's page: the teacher starts a game and a round on the projector (not
    across the cut network), the student joins and answers; a reload comes back to the same
    game, score and verdict, and the next round is played on it."""

    def __init__(self, classroom: LiveClass, language: str) -> None:
        self.path = f"{language}/live/1-mam-live.ipynb"
        self.first, self.have = SAID[language]["first"], SAID[language]["have"]
        self.game = LiveGame("normal", rounds=2, seed=SEED)  # the same game, played alongside
        self.answers = 0
        self.projector = classroom.projector(language, SEED)

    def start(self, page, name: str) -> None:
        join(page, name)
        expect(self.projector.locator(".mc-live-room")).to_contain_text(name)
        self.name = name
        self.game.join(name)
        self._round(page)

    def _round(self, page) -> None:
        self.projector.locator("button.mc-live-start").click()
        self.deal = self.game.open_round().deal
        expect(page.locator(f".mc-target[data-target='{self.deal.target}']")).to_be_visible()
        expect(page.locator(".mc-verdict")).not_to_contain_text(self.first)
        # the round's last new views drawn: a view whose making is in flight when the network
        # goes is lost with it, and its next change is an error in the page's console
        expect(page.locator("button.mc-pad-card")).to_have_count(len(self.deal.cards))

    def move(self, page) -> None:
        text = best(self.deal.cards, self.deal.target, power=self.deal.power).text
        answer(page, text)
        expect(page.locator(".mc-verdict")).to_contain_text(self.first)
        self.answers += 1
        self.game.answer(self.name, text, self.answers)
        have = self.have.format(n=self.game.players[self.name].points)
        expect(page.locator(".mc-live-score")).to_contain_text(have)

    def where(self, page) -> list[str]:
        return [
            page.locator(".mc-live-score").inner_text(),
            page.locator(".mc-verdict").inner_text(),
        ]

    def again(self, page) -> None:
        self.projector.locator("button.mc-live-reveal").click()
        self.game.reveal()
        expect(self.projector.locator(".mc-live-revealed")).not_to_be_empty()
        self._round(page)
        self.move(page)


class Table:
    """LAMA Dice's table: deal 2026 (you start), roll, and your dice are on the table."""

    def __init__(self, classroom: LiveClass, language: str) -> None:
        self.path = f"{language}/lama_dice/1-play-lama-dice.ipynb"

    def start(self, page, name: str) -> None:
        page.locator(".mc-lama-dice-table .mc-deal-number input").wait_for()

    def move(self, page) -> None:
        table = page.locator(".mc-lama-dice-table")
        table.locator(".mc-deal-number input").fill("2026")
        table.locator("button.mc-deal").click()
        table.locator("button.mc-roll").click()
        table.locator(".mc-seat.mc-to-move svg.mc-die").nth(2).wait_for()

    def where(self, page) -> list[str]:
        return []  # a game under way comes back as it was: tests/browser/test_*_pages.py

    def again(self, page) -> None:
        self.move(page)


KINDS = {"practice": Practice, "live": LiveSeat, "table": Table}


def open_page(classroom: LiveClass, net: Network, path: str) -> Visit:
    """The page opened across the network the test cuts, on a phone, widgets drawn and its
    kernel connection open; with every console error it meets."""
    visit = Visit(classroom.context(viewport=PHONE).new_page())
    visit.open(f"{net.base}/voila/render/{path}")
    connected(visit.page)
    visit.page.wait_for_function("() => window.jupyterapp.widgetManager.restoredStatus")
    return visit


def connected(page) -> None:
    """The page's kernel connection is open, and the page knows its kernel (its session): a
    kernel restarted later is told apart."""
    page.wait_for_function(
        "() => { const m = window.jupyterapp && window.jupyterapp.widgetManager;"
        " return !!m && !!m.kernel && m.kernel.connectionStatus === 'connected'; }"
    )
    expect(banner(page)).to_have_attribute("data-kernel", "known")


def banner(page):
    return page.locator(".mc-connection[role='status'][aria-live='polite']")


def cut_off(page, net: Network, base: str, kernel: str, language: str) -> None:
    """Cut the network: the page says it is reconnecting, the server sees it go, and the page
    is trying to come back."""
    net.cut()
    expect(banner(page)).to_have_text(SAID[language]["reconnecting"])
    expect(banner(page)).to_have_class("mc-connection mc-reconnecting")
    until(lambda: connection_count(base, kernel) == 0, 60, "the server sees the page go")
    until(lambda: net.waiting() > 0, 60, "the page tries to come back")


def tab_to(page, control) -> None:
    """Press Tab until the control has the keyboard's focus."""
    for _ in range(20):
        if control.evaluate("element => element === document.activeElement"):
            return
        page.keyboard.press("Tab")
    raise AssertionError("the control cannot be reached with the keyboard")


@pytest.mark.parametrize("language", ["en", "pl"])
@pytest.mark.parametrize("kind", KINDS)
def test_a_page_whose_kernel_went_while_it_was_cut_off_says_so_and_reloads(
    culling_server, culling_network, culling_class, kind, language
):
    net, base, words = culling_network, culling_server.base, SAID[language]
    shown = KINDS[kind](culling_class, language)
    visit = open_page(culling_class, net, shown.path)
    page = visit.page
    shown.start(page, f"Gone {kind} {language}")
    shown.move(page)
    where, kernel = shown.where(page), page_kernel(page)
    expect(banner(page)).to_be_empty()  # all is well: nothing said

    cut_off(page, net, base, kernel, language)
    until(lambda: not kernel_there(base, kernel), GONE_SECONDS, "the kernel is culled")
    net.restore()

    expect(banner(page)).to_have_class("mc-connection mc-lost")
    expect(banner(page)).to_contain_text(words["lost"])
    reload = banner(page).get_by_role("button")
    expect(reload).to_have_count(1)
    expect(reload).to_have_text(words["reload"])
    expect(reload).to_be_in_viewport()
    for said in (banner(page).locator("span"), reload):
        assert said.evaluate(CONTRAST) >= 4.5, said
    assert page.locator("#rendered_cells").evaluate("cells => cells.inert"), "a dead page"
    assert page.evaluate(GIVEN_UP), "no more tries at a kernel that is gone"
    assert all(kernel in error for error in visit.errors), visit.errors
    assert len(visit.errors) < 5, f"a console filled with errors: {visit.errors}"

    tab_to(page, reload)
    page.keyboard.press("Enter")
    page.wait_for_function(
        "gone => { const found = document.getElementById('jupyter-config-data');"
        " return !!found && !found.textContent.includes(gone); }",
        arg=kernel,
    )
    page.wait_for_selector("#loading", state="hidden")
    connected(page)
    until(
        lambda: shown.where(page) == where,
        60,
        "the student is where they were",
        lambda: f": {shown.where(page)} for {where}",
    )
    expect(banner(page)).to_be_empty()
    shown.again(page)


@pytest.mark.parametrize("language", ["en", "pl"])
@pytest.mark.parametrize("kind", KINDS)
def test_a_page_cut_off_for_ten_seconds_comes_back_by_itself(
    live_network, live_class, kind, language
):
    net = live_network
    shown = KINDS[kind](live_class, language)
    visit = open_page(live_class, net, shown.path)
    page = visit.page
    shown.start(page, f"Back {kind} {language}")
    kernel = page_kernel(page)
    page.evaluate("window.mcStayed = true")

    cut_at = time.monotonic()
    cut_off(page, net, live_class.base, kernel, language)
    until(lambda: time.monotonic() - cut_at >= OUTAGE_SECONDS, 60, "ten seconds cut off")
    assert kernel_there(live_class.base, kernel), "kept: the page may come back to it"
    net.restore()

    expect(banner(page)).to_be_empty()
    connected(page)
    assert page.evaluate("window.mcStayed === true"), "it came back without a reload"
    assert page_kernel(page) == kernel
    shown.move(page)
    assert connection_count(live_class.base, kernel) == 1
    assert visit.errors == [], visit.errors


@pytest.mark.parametrize("language", ["en", "pl"])
def test_a_browser_that_knows_it_is_offline_says_so_at_once_and_goes_on_when_back(
    live_network, live_class, language
):
    """A phone's browser often knows when its network has gone (`offline`): the page says so
    at once (its websocket may look open meanwhile: Chromium's, offline, only holds its
    messages); back online, the connection is checked (it answers) and the page goes on, with
    no request of the watcher failed meanwhile."""
    net = live_network
    visit = open_page(live_class, net, f"{language}/index.ipynb")
    page = visit.page
    page.context.set_offline(True)
    expect(banner(page)).to_have_text(SAID[language]["reconnecting"])
    page.context.set_offline(False)
    expect(banner(page)).to_be_empty()
    deal = page.locator(".mc-quick-deal")
    deal.locator("button.mc-show-all").click()
    expect(deal.locator(".mc-solutions")).not_to_be_empty()
    assert visit.errors == [], visit.errors


WIDGETS_ASKED = (b'"comm_open"', b'"comm_info_request"')  # ipywidgets fetching a page's widgets


def test_a_page_whose_connection_drops_while_its_widgets_are_fetched_draws_them_when_back(
    live_server, live_class
):
    """A phone's first connection may drop while ipywidgets is still fetching the page's widgets:
    what it asked is lost with the connection, and it would wait for the answer for ever, the
    page saying "Loading widget..." and nothing else. Back on a new connection, the page asks
    again and its widgets are drawn."""
    page = live_class.context(viewport=PHONE).new_page()
    visit, lost, sockets = Visit(page), [], []

    def first_loses_what_widgets_ask(socket) -> None:
        server, first = socket.connect_to_server(), not sockets
        sockets.append(socket)

        def to_server(message: str | bytes) -> None:
            data = message if isinstance(message, bytes) else message.encode()
            if first and any(asked in data for asked in WIDGETS_ASKED):
                lost.append(data)
            else:
                server.send(message)

        socket.on_message(to_server)

    page.route_web_socket("**/api/kernels/*/channels*", first_loses_what_widgets_ask)
    page.goto(f"{live_server.base}/voila/render/en/index.ipynb", timeout=FIRST_RENDER_MS)
    # All the states asked, no answer in ipywidgets' 4 s, then each widget's: both lost. The
    # handler above runs only while playwright is called: the wait is playwright's.
    until(
        lambda: len(lost) == len(WIDGETS_ASKED),
        60,
        "ipywidgets asks for the widgets both ways",
        pause=in_playwright(page),
    )
    assert page.evaluate("() => !window.jupyterapp.widgetManager.restoredStatus")
    expect(page.get_by_text("Loading widget...").first).to_be_visible()

    sockets[0].close()  # the connection drops; the page makes another

    deal = page.locator(".mc-quick-deal")
    deal.locator("button.mc-show-all").click()
    expect(deal.locator(".mc-solutions")).not_to_be_empty()
    expect(page.get_by_text("Loading widget...")).to_have_count(0)
    expect(banner(page)).to_be_empty()
    assert len(sockets) == 2, "one connection made again"
    assert visit.errors == [], visit.errors


def kernel_processes(served: Served, kernel: str) -> list[psutil.Process]:
    """The processes running the kernel now. One that was killed may be a zombie until the
    server reaps it: it runs no more, and is not looked into."""
    running = []
    for child in served.family.children(recursive=True):
        with suppress(psutil.Error):  # gone meanwhile
            if child.status() != psutil.STATUS_ZOMBIE and f"kernel-{kernel}" in " ".join(
                child.cmdline()
            ):
                running.append(child)
    return running


def test_a_page_whose_kernel_was_restarted_while_it_was_cut_off_says_so(
    live_server, live_network, live_class
):
    """The kernel died while the page was cut off (a phone asleep) and the server started it
    again under the same id: the page connects to it, sees that it is another process (its
    messages come in another session, its widgets are gone) and says so, for good."""
    visit = open_page(live_class, live_network, "en/index.ipynb")
    page, kernel = visit.page, page_kernel(visit.page)
    cut_off(page, live_network, live_server.base, kernel, "en")
    (process,) = kernel_processes(live_server, kernel)
    process.kill()
    until(
        lambda: [p.pid for p in kernel_processes(live_server, kernel)] not in ([], [process.pid]),
        60,
        "the server starts the kernel again",
    )
    live_network.restore()
    expect(banner(page)).to_have_class("mc-connection mc-lost")
    expect(banner(page)).to_contain_text(SAID["en"]["lost"])
    assert page.evaluate(GIVEN_UP)
    assert kernel_there(live_server.base, kernel), "the server has a kernel of that id"
    assert visit.errors == [], visit.errors

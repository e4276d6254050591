"""The four games played to their end with the keyboard alone (Tab, Shift+Tab, Enter and typing;
no click), as a student who cannot use a mouse plays them: the table read as a screen reader
reads it (the accessibility tree), every move said by the page's one polite live region, and
the focus kept inside the table whenever it redraws (docs/design.md#the-announcer).

Each game is dealt by its number, so that the same moves play the same game every time; the
moves are chosen from what the page says, as a student would."""

import re

import pytest
from playwright.sync_api import expect

from mathcards import i18n
from mathcards.mam.solver import find_solutions
from tests.browser.conftest import FIRST_RENDER_MS, sent
from widgets.lama_dice import LamaDiceTable
from widgets.unikat import UnikatTable

pytestmark = pytest.mark.browser
PRESSES = 200  # Tab presses to reach any control of a page, round its end and back

# Every text the page's live region shows, kept as it changes (a computer player's move
# replaces yours a moment later: the test must not miss it).
LISTEN = """() => {
  const live = document.querySelectorAll('#rendered_cells [aria-live="polite"]');
  window.mcSaid = [];
  const heard = () => {
    const text = live[0].textContent.trim();
    if (text) window.mcSaid.push(text);
  };
  new MutationObserver(heard)
    .observe(live[0], {childList: true, subtree: true, characterData: true});
  return [...live].map(region => region.getAttribute('role'));
}"""


def listen(page) -> None:
    """Exactly one polite live region on the page's widgets, a status, there from the start:
    keep everything it says in `window.mcSaid`."""
    page.locator(".mc-announcer[aria-live='polite']").wait_for(state="attached")
    assert page.evaluate(LISTEN) == ["status"], "one polite live region a page"


def said_so_far(page) -> int:
    """How many times the live region has spoken."""
    return page.evaluate("window.mcSaid.length")


def heard(page, words: str, since: int = 0) -> None:
    """The live region has said `words` (in a sentence of its own or among others), after it
    had spoken `since` times."""
    page.wait_for_function(
        "([words, since]) => window.mcSaid.slice(since).some(text => text.includes(words))",
        arg=[words, since],
        timeout=FIRST_RENDER_MS,
    )


def tab_to(page, css: str, *, back: bool = False) -> None:
    """Press Tab (Shift+Tab `back`) until the control the keyboard is on matches `css`."""
    for _ in range(PRESSES):
        page.keyboard.press("Shift+Tab" if back else "Tab")
        if page.evaluate("(css) => document.activeElement.matches(css)", css):
            return
    raise AssertionError(f"Tab never reaches {css}")


def press(page, css: str, *, back: bool = False) -> None:
    """Enter on the control matching `css`, reached by Tab unless the keyboard is on it."""
    if not page.evaluate("(css) => document.activeElement.matches(css)", css):
        tab_to(page, css, back=back)
    page.keyboard.press("Enter")


def focus_inside(page, table: str) -> None:
    """Once the table is drawn again, the keyboard is still on a control inside it."""
    page.wait_for_function(
        "(table) => document.activeElement && document.activeElement.closest(table)",
        arg=table,
        timeout=FIRST_RENDER_MS,
    )


def deal(page, table: str, number: int) -> None:
    """Type the deal number into the table's box (Tab selects what it holds), then Deal, once
    the page has sent its kernel the number typed: ipywidgets holds a box's changes back while
    its kernel is busy (a table's computer players moving as the page opens) but sends a click
    at once, so Deal dealt the number half typed ("1" of "14": seen in the suite)."""
    tab_to(page, f"{table} .mc-deal-number input")
    page.keyboard.type(str(number))
    typed = page.evaluate("() => document.activeElement.value")
    assert typed == str(number), f"the deal box holds {typed!r}, not {number}"
    sent(page)
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.matches('button.mc-deal')")
    page.keyboard.press("Enter")


DEALT_OR_ASKED = """([table, css, names, attribute]) => {
  if (document.querySelector(table + ' button.mc-confirm-new')) return 'asked';
  const shown = [...document.querySelectorAll(css)]
    .map(one => attribute ? one.getAttribute(attribute) : one.textContent.trim());
  return shown.join('|') === names.join('|') ? 'dealt' : false;
}"""


def drawn(page, table: str, css: str, names: list[str], attribute: str = "") -> None:
    """Until the table shows `names` (`css`'s text, or its `attribute`): the deal typed is
    drawn. A table that dealt a game as its page opened may have had moves made in it already
    (a computer player started): then the deal asks "Start again?" first, and Yes it is."""
    said = page.wait_for_function(
        DEALT_OR_ASKED, arg=[table, css, names, attribute], timeout=FIRST_RENDER_MS
    ).json_value()
    if said == "asked":
        press(page, f"{table} button.mc-confirm-new")
        page.wait_for_function(
            DEALT_OR_ASKED, arg=[table, css, names, attribute], timeout=FIRST_RENDER_MS
        )


def dealt_here(make, language: str):
    """The table `make` makes in this process (no class book, no pauses), in `language`: what
    a page's table shows once it has dealt the same number. A table that dealt a game as its
    page opened looks the same, to a test, before the new deal is drawn as after: the test
    waits for what this one shows, else its first key may go to a control being drawn anew."""
    spoken = i18n.language()
    i18n.use(language)
    try:
        return make()
    finally:
        i18n.use(spoken)


def test_lama_played_to_the_round_end_by_keyboard(server, visit):
    table = ".mc-lama-table"
    visit.open(f"{server}/voila/render/en/lama/1-play-lama.ipynb")
    page = visit.page
    listen(page)
    deal(page, ".mc-lama-setup", 2026)  # Kim starts: the hand is the first thing Tab reaches
    page.locator(".mc-lama-hand button.mc-hand-card").first.wait_for()
    focus_inside(page, table)  # the setup the keyboard was on is gone: the focus is not lost
    read = page.locator(table).aria_snapshot()
    assert "Your hand (Kim)" in read and re.search(r'img "card \d"', read), "the pile's top"
    assert re.search(r'button "(\d|llama)"', read) and "Draw pile (" in read
    assert "Ada (cautious)" in read and "points" in read, "the others and the scores"
    moves = 0
    while True:
        page.wait_for_function(
            """() => document.querySelector('.mc-lama-table button.mc-next-round')
              || document.querySelector('.mc-lama-table .mc-you').innerText.includes('your move')
                 && document.querySelector('.mc-lama-table .mc-actions button:enabled')"""
        )
        if page.locator(f"{table} button.mc-next-round").count():
            break
        focus_inside(page, table)
        before = said_so_far(page)
        if page.evaluate("() => document.activeElement.matches('.mc-hand-card:enabled')"):
            pressed = page.evaluate_handle("() => document.activeElement")
            page.keyboard.press("Enter")  # the card the keyboard is on fits: play it
            heard(page, "Kim plays", before)
            page.wait_for_function("(card) => !card.isConnected", arg=pressed)  # drawn anew
        else:
            press(page, f"{table} button.mc-quit")  # nothing fits: quit the round
            heard(page, "Kim quits", before)
            page.wait_for_function(
                "() => document.querySelector('.mc-lama-table .mc-you').innerText"
                ".includes('you quit')"
            )
        moves += 1
        assert moves < 40, "the round goes on and on"
    expect(page.locator(f"{table} .mc-actions")).to_contain_text("The round is over.")
    heard(page, "The round is over.")
    assert any("Ada (cautious)" in text for text in page.evaluate("window.mcSaid")), "computers"
    focus_inside(page, table)
    press(page, f"{table} button.mc-next-round")  # the next round, by the keyboard too
    heard(page, "Round 2")
    focus_inside(page, table)
    assert not visit.errors and not visit.offsite_requests()


def test_mam_a_round_won_by_keyboard_at_the_class_table(server, visit):
    visit.open(f"{server}/voila/render/en/mam/1-the-target-game-in-class.ipynb")
    page = visit.page
    listen(page)
    deal(page, ".mc-target-table", 7)
    read_table = page.locator(".mc-target-table").first  # the class's table, the page's first
    expect(read_table.get_by_role("img", name=re.compile(r"^card \d+$"))).to_have_count(5)
    read = read_table.aria_snapshot()
    cards = [int(card) for card in re.findall(r'img "card (\d+)"', read)]
    dice = re.findall(r'img "blue die showing (\d+)"', read)
    after_dice = read[read.rindex("blue die showing") :]  # past the options' "2³ = 2×2×2"
    target = int(re.search(r"= (\d+)", after_dice)[1])
    assert len(dice) == 2 and sum(map(int, dice)) == target, "the dice and the target, read"
    assert 'row "Team A 0 cards"' in read, "the scores, read"
    calculation = str(find_solutions(cards, target).solutions[0])
    tab_to(page, ".mc-target-table .mc-answer input")
    page.keyboard.type(calculation)
    page.keyboard.press("Enter")  # at once: what was typed goes before Enter (order.js)
    expect(read_table.locator(".mc-message-box")).to_contain_text("Correct!")
    heard(page, "Team A: Correct!")
    heard(page, "New target")
    assert not any(text.count("Correct!") > 1 for text in page.evaluate("window.mcSaid"))
    expect(read_table.get_by_role("row", name="Team A 5 cards")).to_be_visible()
    focus_inside(page, ".mc-target-table")
    assert not visit.errors and not visit.offsite_requests()


def test_lama_dice_played_to_the_round_end_by_keyboard_in_polish(server, visit):
    table = ".mc-lama-dice-table"
    visit.open(f"{server}/voila/render/pl/lama_dice/1-play-lama-dice.ipynb")
    page = visit.page
    listen(page)
    deal(page, table, 6)
    same = dealt_here(lambda: LamaDiceTable(("cautious", "best"), seed=6, book=None, pace=0), "pl")
    cards = re.findall(r'role="img" aria-label="([^"]+)"', same.rows_view.value)
    drawn(page, table, f"{table} .mc-rows [role=img]", cards, "aria-label")  # every player's row
    expect(page.locator(f"{table} .mc-rows")).to_contain_text("Ty")
    read = page.locator(table).aria_snapshot()
    assert "Środkowy szereg" in read and re.search(r'img "karta \d"', read), "the rows, read"
    assert "Punkty karne" in read and "teraz ruch" in read, "the scores and whose turn"
    moves = 0
    mine = f"{table} .mc-actions button:not(:disabled)"
    while True:
        page.wait_for_function(
            "() => document.querySelector('.mc-lama-dice-table .mc-actions button')"
        )
        if page.locator(f"{table} button.mc-next-round").count():
            break
        focus_inside(page, table)
        if not page.evaluate("(css) => document.activeElement.matches(css)", mine):
            tab_to(page, mine)
        pressed = page.evaluate_handle("() => document.activeElement")
        page.keyboard.press("Enter")  # the first thing you may do: roll, discard, take, …
        page.wait_for_function("(button) => !button.isConnected", arg=pressed)  # drawn anew
        moves += 1
        if moves == 1:
            heard(page, "Wyrzucasz")  # your roll, said
            expect(
                page.locator(table).get_by_role("img", name=re.compile("kość"))
            ).not_to_have_count(0)
        assert moves < 40, "the round goes on and on"
    expect(page.locator(f"{table} button.mc-next-round")).to_have_text("Następna runda")
    heard(page, "Runda skończona.")
    focus_inside(page, table)
    assert not visit.errors and not visit.offsite_requests()


UNIKAT_TURN = """() => {
  const table = document.querySelector('.mc-unikat-table');
  if (table.querySelector('button.mc-next-round') || table.querySelector('.mc-actions b'))
    return true;
  const status = table.querySelector('.mc-unikat-status').innerText;
  const held = status.match(/You: (\\d+) card/);  // the rack drawn whole, as the status counts it
  return status.startsWith('You:') && held
    && table.querySelectorAll('.mc-unikat-rack-card').length === Number(held[1]);
}"""


def unikat_act(page, css: str, *, back: bool = False) -> None:
    """Enter on a Unikat control that moves (lay, stop, end the turn, draw, swap), then wait
    for the table to say what changed (the rack sizes, the phase, whose turn)."""
    status = page.locator(".mc-unikat-table .mc-unikat-status").inner_text()
    press(page, css, back=back)
    page.wait_for_function(
        "(was) => document.querySelector('.mc-unikat-table .mc-unikat-status').innerText !== was",
        arg=status,
    )


def test_unikat_played_to_the_round_end_by_keyboard(server, visit):
    """Each turn: choose the rack cards in turn (Enter) until one lights up cells, lay it on
    the cell Shift+Tab reaches first; with none to lay, stop, end the turn, draw from the bag,
    or swap the first card with the bag."""
    table = ".mc-unikat-table"
    visit.open(f"{server}/voila/render/en/unikat/1-play-unikat.ipynb")
    page = visit.page
    listen(page)
    deal(page, table, 14)
    same = dealt_here(lambda: UnikatTable(("greedy", "expert"), seed=14, book=None, pace=0), "en")
    cards = [card.name for card in same.game.view(same.you).rack]
    drawn(page, table, f"{table} button.mc-unikat-rack-card", cards)  # deal 14
    expect(page.locator(f"{table} .mc-unikat-status")).to_contain_text("You: lay or swap.")
    read = page.locator(table).aria_snapshot()
    assert re.search(r'button "(small|medium|large) \w+ \w+ on \w+"', read), "the rack, named"
    assert "Bag: 47" in read and "Minus points" in read and "The table's cards" in read
    rack = f"{table} button.mc-unikat-rack-card"
    for _ in range(40):
        page.wait_for_function(UNIKAT_TURN)
        if page.locator(f"{table} button.mc-next-round, {table} .mc-actions b").count():
            break
        focus_inside(page, table)
        status = page.locator(f"{table} .mc-unikat-status").inner_text()
        if status.startswith("You: draw"):
            unikat_act(page, f"{table} button.mc-unikat-bag")
            continue
        for number in range(page.locator(rack).count()):
            tab_to(page, f".mc-unikat-rack > :nth-child({number + 1} of .mc-unikat-rack-card)")
            card = page.evaluate("() => document.activeElement.textContent.trim()")
            before = said_so_far(page)
            page.keyboard.press("Enter")  # chosen: the cells it fits light up, and are said
            heard(page, f"The {card} is chosen", before)
            chosen = page.evaluate(
                "([card, since]) => window.mcSaid.slice(since).find(text => text.includes(card))",
                [f"The {card} is chosen", before],
            )
            cells = int(re.search(r"it fits (\d+) cell", chosen)[1])
            expect(page.locator(f"{table} button.mc-unikat-slot")).to_have_count(cells)
            if cells:
                unikat_act(page, f"{table} button.mc-unikat-slot", back=True)
                heard(page, f"You lay the {card}")
                break
        else:
            if page.locator(f"{table} button.mc-stop").count():
                unikat_act(page, f"{table} button.mc-stop")
            elif page.locator(f"{table} button.mc-end-turn").count():
                unikat_act(page, f"{table} button.mc-end-turn")
            else:  # no card fits: swap the chosen card (the last one tried) with the bag
                unikat_act(page, f"{table} button.mc-unikat-bag")
    else:
        raise AssertionError("the round goes on and on")
    heard(page, "Game over")
    focus_inside(page, table)
    assert not visit.errors and not visit.offsite_requests()

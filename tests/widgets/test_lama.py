"""The LAMA card table and its pieces, driven like a user would: clicks, chosen values; in
English and in Polish."""

import html
import re

import ipywidgets
import pytest

from mathcards import i18n
from mathcards.i18n import you
from mathcards.lama import Card, Draw, LamaGame, Play
from mathcards.lama.cards import preset
from tests.english import english_words
from widgets.lama import (
    DealOdds,
    DrawOrQuit,
    HandScorer,
    LamaTable,
    RunSimulation,
    TournamentChart,
    card_svg,
    render_hand,
    render_odds,
    render_round_end,
    render_seats,
)


def test_cards_are_drawn_in_the_games_look_and_labelled():
    assert 'aria-label="card 3"' in card_svg(Card.THREE)
    assert "play it and go again" in card_svg(Card.THREE_PLUS)
    assert "pink llama" in card_svg(Card.PINK_LLAMA) and "llama card" in card_svg(Card.LLAMA)
    assert "mosquito" in card_svg(Card.MOSQUITO)
    hand = render_hand([Card.SIX, Card.ONE])
    assert hand.index('aria-label="card 1"') < hand.index('aria-label="card 6"'), "sorted"


def test_the_others_are_backs_counts_quit_marks_and_chips():
    game = LamaGame(["Ann", "Bob", "Cleo"], seed=2, starting_scores={"Bob": 21})
    game.apply(game.legal_actions()[-1])  # Ann quits
    seats = render_seats(game.view("Cleo"))
    assert seats.count('class="mc-seat"') == 2 and "6 cards" in seats
    assert 'data-player="Ann"' in seats and "quit" in seats
    assert seats.count('aria-label="10-point chip"') == 2 and "21 points" in seats
    assert "mc-lama-number" not in seats and 'aria-label="card' not in seats, "no faces shown"


def test_the_odds_panel_and_the_round_end_in_words():
    game = LamaGame(["Ann", "Bob"], stacked=[*"123456", *"222222", "4", "3"])
    odds = render_odds(game.view("Ann"))
    assert "fits on the 4 with chance <b>13/49</b>" in odds  # 6 fours, 7 fives of 49
    assert "Quitting now costs <b>21</b> points" in odds
    while not game.round_over:
        game.apply(game.legal_actions()[-1])
    assert "1, 2, 3, 4, 5, 6 → 1 + 2 + 3 + 4 + 5 + 6 = 21" in render_round_end(game.view("Bob"))


def _table(**options) -> LamaTable:
    table = LamaTable(seed=3, pause=0, **options)
    table.deal_button.click()
    return table


def _buttons(table, css):
    return [b for b in table.actions.children if css in getattr(b, "_dom_classes", ())]


def test_dealing_shows_your_hand_as_cards_and_greys_those_that_do_not_fit():
    table = LamaTable(seed=3, pause=0)
    assert table.setup.layout.display is None and table.table.layout.display == "none"
    table.preset.value = "party"
    table.deal_button.click()
    assert table.table.layout.display is None and table.game.preset == "party"
    view = table.game.view(table.me)
    cards = table.hand.children
    assert [b.description for b in cards] == [card.word for card in view.hand]
    fits = {b.description for b in cards if not b.disabled}
    assert fits == {a.card.word for a in table.game.legal_actions(table.me) if isinstance(a, Play)}
    assert "Ada (cautious)" in table.others.value and "Ben (expert)" in table.others.value


def test_clicking_a_card_that_does_not_fit_says_why_next_to_the_hand():
    table = _table(preset="classic")  # seed 3: your 1, 2, 3, 3, 5 do not fit, the 6 does
    greyed = [b for b in table.hand.children if b.disabled]
    assert [b.description for b in greyed] == ["1", "2", "3", "3", "5"]
    greyed[0].click()  # a click the browser would not even send
    assert "mc-error" in table.message.value and "a 1 cannot go on a " in table.message.value
    assert len(table.game.view(table.me).hand) == 6, "nothing was played"


def _first_move(table):
    """The first button a player may press now: next round, a chip, a card, draw, then quit."""
    buttons = [*_buttons(table, "mc-next-round"), *_buttons(table, "mc-return-chip")]
    buttons += [b for b in table.hand.children if not b.disabled]
    buttons += [b for b in _buttons(table, "mc-draw") if not b.disabled]
    return [*buttons, *_buttons(table, "mc-quit")][0]


def test_a_whole_game_by_clicking():
    table = _table(opponents=("bold", "expert", "random"))
    for _ in range(2000):
        game = table.game
        if game.over:
            break
        _first_move(table).click()
        assert "mc-error" not in table.message.value, table.message.value
    assert table.game.over and "Game over" in table.actions.children[0].value
    assert "→" in table.actions.children[0].value, "every hand scored in words"


def test_computer_turns_come_one_after_another_with_a_pause(clock):
    table = LamaTable(("bold", "bold"), seed=5, pause=0.5, clock=clock)
    table.deal_button.click()
    assert table.game.player == table.me == "Kim" and not clock.waiting
    next(b for b in _buttons(table, "mc-quit")).click()
    before = len(table.game.log)
    assert len(clock.waiting) == 1, "one computer move waits for the pause"
    clock.step()
    assert len(table.game.log) == before + 1 and len(clock.waiting) <= 1
    assert table.feed.value.count("<br>") >= 2


def test_you_play_under_your_name_and_a_name_is_needed():
    table = LamaTable(("bold",), pause=0, seed=1)
    table.name.value = "  Zoe "
    table.deal_button.click()
    assert table.game.players == ["Zoe", "Ada (bold)"] and "Round 1: Zoe starts" in table.feed.value
    assert "Your hand (Zoe)" in table.you.value
    table.new_game()
    table.name.value = ""
    table.deal_button.click()
    assert "every player needs a name" in table.message.value


def test_no_opponent_is_an_error_next_to_the_deal_button():
    table = LamaTable(pause=0)
    for seat in table.seats:
        seat.value = "—"
    table.deal_button.click()
    assert "choose at least one computer player" in table.message.value and table.game is None


def test_new_game_is_away_from_draw_and_quit_and_asks_first_with_a_game_under_way():
    table = _table()
    assert not _buttons(table, "mc-new-game"), "not next to Draw and Quit"
    again = table.again.children[0]
    table.act(Draw())
    again.click()
    question, _yes, keep = table.confirm.children
    assert "Start again?" in question.value and table.game is not None
    keep.click()
    assert table.confirm.children == () and table.game is not None
    again.click()
    table.confirm.children[1].click()
    assert table.setup.layout.display is None and table.game is None


def test_the_table_calls_you_by_the_name_you_joined_under(service):
    service.book_client("phone").join("Ewa")  # on the practice page, the same browser
    table = LamaTable(seed=3, pause=0, book=service.book_client("phone"))
    assert table.name.value == "Ewa"
    table.deal_button.click()
    assert table.me == "Ewa" and "Kim" not in table.you.value
    table.preset.value = "lato-z-komarami"
    table.deal_button.click()
    assert table.game.deck == preset("lato-z-komarami") and table.games == 2


def _click(box, description):
    found = [b for b in box.children if getattr(b, "description", None) == description]
    assert found, f"no button {description!r}"
    found[0].click()


def test_the_hand_scorer_shows_that_three_fours_score_four():
    scorer = HandScorer("4 4 4")
    assert "4, 4, 4 → 4 = 4" in scorer.words.value
    _click(scorer.card_keys, "+ llama")
    assert "4, 4, 4, llama → 4 + 10 = 14" in scorer.words.value
    scorer.llama_scoring.value = "each"
    _click(scorer.card_keys, "+ llama")
    assert "→ 4 + 10 + 10 = 24" in scorer.words.value
    _click(scorer.card_keys, "+ 1")
    scorer.children[3].children[0].click()  # take back: the card added last
    assert scorer.cards == [Card.FOUR] * 3 + [Card.LLAMA] * 2
    scorer.children[3].children[1].click()  # clear
    assert "no cards → 0" in scorer.words.value


def test_the_hand_scorer_refuses_more_copies_than_the_deck_holds():
    scorer = HandScorer("", preset="party")
    _click(scorer.card_keys, "+ pink llama")
    _click(scorer.card_keys, "+ pink llama")
    assert "holds 1 pink llama card, not 2" in scorer.message.value
    scorer.preset.value = "classic"
    assert scorer.cards == [] and "+ pink llama" not in [
        b.description for b in scorer.card_keys.children
    ]


def test_draw_or_quit_reveals_the_expert_and_the_card_that_came():
    decision = DrawOrQuit(seed=4)
    view = decision.game.view(you())
    assert Draw() in decision.game.legal_actions() and "chance <b>" in decision.odds_view.value
    assert not any(isinstance(a, Play) for a in decision.game.legal_actions())
    decision.draw.click()
    assert "You chose to <b>draw</b>" in decision.verdict.value and decision.draw.disabled
    assert view.hand == decision.game.view(you()).hand, "the game itself is not changed"
    decision.again.click()  # another moment
    assert decision.verdict.value == "" and not decision.quit.disabled


def test_a_tournament_chart_on_a_click():
    chart = TournamentChart(games=10)
    assert chart.table.value == "", "nothing heavy before the click"
    assert chart.chart.layout.display == "none", "no broken-image icon before the chart"
    chart.play_button.click()
    assert chart.table.value.count("<tr>") == 5
    assert chart.figure.axes[0].get_title() == "10 games, deck classic: mean penalty ± spread"
    assert chart.chart.value.count("<img") == 2 and chart.chart.layout.display == ""
    assert "mc-error" not in chart.message.value


def test_the_run_simulation_converges_and_starts_again_for_another_deck():
    simulation = RunSimulation()
    assert "342491/1159587" in simulation.exact.value
    assert simulation.chart.layout.display == "none", "no broken-image icon before the chart"
    _click(simulation.children[3], "Deal 1,000")
    assert len(simulation.runs) == 1000 and "in 1,000 hands dealt" in simulation.dealt.value
    assert len(simulation.figure.axes[0].lines[0].get_xdata()) == 1000
    assert simulation.chart.value.count('src="data:image/png;base64,') == 2
    simulation.preset.value = "party"
    assert simulation.runs == [] and "7129/21879" in simulation.exact.value
    assert simulation.chart.value == "", "the old chart goes with the old deck"
    assert simulation.chart.layout.display == "none"


def test_the_deal_odds_per_deck_and_llama_scoring():
    odds = DealOdds()
    assert "924 different hands" in odds.answer.value and "32,468,436 deals" in odds.answer.value
    before = odds.answer.value
    odds.llama_scoring.value = "each"
    assert odds.answer.value != before


def test_every_deck_compared_on_a_click():
    odds = DealOdds()
    assert odds.comparison.value == ""
    odds.compare_button.click()
    assert odds.comparison.value.count("<tr>") == 5 and "Lato z komarami" in odds.comparison.value
    assert "<td>19.28</td>" in odds.comparison.value  # classic, llamas once


def test_while_the_computers_move_your_buttons_and_the_odds_panel_wait(clock):
    table = LamaTable(("bold",), seed=5, pause=0.5, clock=clock)
    table.deal_button.click()
    assert "Quitting now costs" in table.odds_panel.value
    table.odds_switch.value = False
    assert table.odds_panel.value == ""
    table.odds_switch.value = True
    next(b for b in _buttons(table, "mc-draw")).click()
    assert clock.waiting and table.game.player == "Ada (bold)"
    assert all(b.disabled for b in _buttons(table, "mc-draw") + _buttons(table, "mc-quit"))
    assert all(card.disabled for card in table.hand.children)
    assert table.odds_panel.value == ""


def test_alone_you_may_play_on_but_the_draw_button_is_off():
    for seed in range(50):  # a seed where the cautious player quits after your first draw
        table = LamaTable(("cautious",), seed=seed, pause=0)
        table.deal_button.click()
        next(b for b in _buttons(table, "mc-draw")).click()
        if table.game.alone and not table.game.round_over:
            break
    assert table.game.alone and table.game.player == table.me
    assert all(b.disabled for b in _buttons(table, "mc-draw"))
    assert not any(b.disabled for b in _buttons(table, "mc-quit"))
    assert "You cannot draw now" in table.odds_panel.value


# ---------------------------------------------------------------- in Polish

NAMES = {"Ada", "Ben", "Cleo", "Dev", "Eli", "Kim", "Ty", "LAMA", "PARTy"}


@pytest.fixture
def polish():
    i18n.use("pl")
    yield
    i18n.use("en")


def words_shown(widget) -> str:
    """Every word a widget shows or speaks: values, descriptions, tooltips, choices. The cards'
    and chips' own drawings (widgets/svg.py) are left out: their words are tested there."""
    shown = []
    for part in [widget, *_descendants(widget)]:
        labels = list(getattr(part, "_options_labels", ()))  # a choice shows labels, not values
        for attribute in (
            ("description", "tooltip") if labels else ("value", "description", "tooltip")
        ):
            if isinstance(text := getattr(part, attribute, None), str):
                shown.append(text)
        shown += labels
    text = re.sub(r"<style>.*?</style>|<svg.*?</svg>", " ", " ".join(shown), flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", text))


def _descendants(widget):
    for child in getattr(widget, "children", ()):
        yield child
        yield from _descendants(child)


def assert_polish(widget) -> str:
    text = words_shown(widget)
    assert not english_words(text, NAMES), english_words(text, NAMES)
    return text


def test_a_whole_game_by_clicking_in_polish(polish):
    table = LamaTable(("bold", "expert", "random"), seed=7, pause=0, name=you())
    assert "Wybierz talię, zasady i przeciwników" in assert_polish(table)
    assert [label for label, _ in table.seats[0].options][:2] == ["—", "losowy"]
    assert table.llama_scoring.label == "10 za wszystkie" and table.preset.label == "klasyczna"
    table.deal_button.click()
    # how a computer plays, in words that need no agreement with the name's gender
    assert table.game.players[1:] == [
        "Ada (gra śmiało)",
        "Ben (gra jak ekspert)",
        "Cleo (gra na chybił trafił)",
    ]
    seen = set()
    for _ in range(2000):
        if table.game.over:
            break
        seen.add(assert_polish(table))
        _first_move(table).click()
        assert "mc-error" not in table.message.value, table.message.value
    assert "Koniec gry" in assert_polish(table) and "→" in table.actions.children[0].value
    shown = " ".join(seen)
    for words in ("Zagrywasz", "Twój ruch", "Odkryty stos", "Zakryty stos", "Spasowanie teraz"):
        assert words in shown
    assert re.search(r"\d+ kart\b", shown) and re.search(r"\d+ punkt(y|ów)?\b", shown)


def test_odds_in_polish_with_a_decimal_comma(polish):
    game = LamaGame(["Ann", "Bob"], stacked=[*"123456", *"222222", "4", "3"])
    odds = render_odds(game.view("Ann"))
    assert "Kartę dobraną teraz można zagrać na 4 z szansą <b>13/49</b> ≈ 27%" in odds
    assert "średnio dodaje ona do twojej ręki 1,6 pkt." in odds
    assert "Spasowanie teraz kosztuje <b>21</b> punktów (1, 2, 3, 4, 5, 6 →" in odds
    one = LamaGame(["Ann", "Bob"], stacked=[*"111111", *"222222", "3"])
    assert "kosztuje <b>1</b> punkt (" in render_odds(one.view("Ann"))


def test_refusals_next_to_the_table_in_polish(polish):
    table = _table(preset="classic")  # seed 3: your 1, 2, 3, 3, 5 do not fit, the 6 does
    greyed = [b for b in table.hand.children if b.disabled]
    assert greyed[0].tooltip == "teraz nie pasuje: 1"
    assert next(b for b in table.hand.children if not b.disabled).tooltip == "zagraj 6"
    greyed[0].click()
    assert "1 nie pasuje na 6: na 6 można zagrać 6 albo lamę" in table.message.value
    table.new_game()
    for seat in table.seats:
        seat.value = "—"
    table.deal_button.click()
    assert "wybierz co najmniej jednego gracza komputerowego" in table.message.value


def test_draw_or_quit_seats_you_in_polish(polish):
    decision = DrawOrQuit(seed=4)
    assert decision.game.players[0] == "Ty" and decision.game.player == "Ty"
    assert "Twoja ręka" in assert_polish(decision)
    decision.quit.click()
    assert_polish(decision)
    verdict = decision.verdict.value
    assert "Decydujesz się <b>spasować</b>." in verdict and "Ekspert w tej sytuacji" in verdict
    assert "Na wierzchu zakrytego stosu leżała karta <svg" in verdict


def test_the_hand_scorer_in_polish(polish):
    scorer = HandScorer("3 3 5 L", preset="party")
    assert "3, 3, 5, lama → 3 + 5 + 10 = 18" in assert_polish(scorer)
    _click(scorer.card_keys, "+ różowa lama")
    _click(scorer.card_keys, "+ różowa lama")
    assert "talia PARTy ma 1 kartę „różowa lama”, a nie 2" in scorer.message.value
    scorer.children[3].children[1].click()  # Wyczyść
    assert "brak kart → 0" in assert_polish(scorer)


def test_charts_and_tables_in_polish_numbers(polish):
    chart = TournamentChart(games=10)
    chart.play_button.click()
    assert "gracz punkty na rundę rozrzut rundy wygrane partie" in " ".join(
        assert_polish(chart).split()
    )
    axes = chart.figure.axes[0]
    assert axes.get_title() == "10 partii, talia klasyczna: średnia kara ± rozrzut"
    assert axes.get_ylabel() == "punkty na rundę" and axes.yaxis.get_major_formatter()(2.5) == "2,5"
    assert {tick.get_text() for tick in axes.get_xticklabels()} == {
        "losowy",
        "ostrożny",
        "śmiały",
        "ekspert",
    }
    simulation = RunSimulation()
    assert "29,54%" in assert_polish(simulation)
    _click(simulation.children[3], "Rozdaj 1\xa0000")
    assert "w 1\xa0000 rozdanych rękach" in assert_polish(simulation)
    axes = simulation.figure.axes[0]
    assert axes.get_xlabel() == "rozdane ręce" and axes.get_ylabel() == "udział ciągów"
    assert [line.get_label() for line in axes.lines] == ["udział do tej pory", "dokładnie 0,2954"]
    assert [b.description for b in simulation.children[3].children][2] == "Rozdaj 10\xa0000"


def test_deal_odds_in_polish(polish):
    odds = DealOdds()
    shown = assert_polish(odds)
    assert "Talia klasyczna: można z niej rozdać 924 różne ręce" in shown
    assert "wszystkich rozdań jest 32\xa0468\xa0436" in shown
    odds.compare_button.click()
    assert "<td>19,28</td>" in odds.comparison.value and "Lato z komarami" in assert_polish(odds)


def _menus(widget):
    """Every option menu on a widget: its options as the page shows them."""
    return [box for box in _descendants(widget) if isinstance(box, ipywidgets.Dropdown)]


@pytest.mark.parametrize("language", ["en", "pl"])
def test_option_menus_show_words_never_the_codes_names(language):
    """A menu shows words: never the code's names (left-of-dealer, party-box, once)."""
    i18n.use(language)
    try:
        for widget in (LamaTable(), HandScorer(), DealOdds(), DrawOrQuit(), RunSimulation()):
            for menu in _menus(widget):
                for shown, value in menu.options:
                    assert not re.search(r"[a-z]-[a-z]", shown), (menu.description, shown)
                    assert value not in ("once", "each") or "10" in shown, shown
    finally:
        i18n.use("en")

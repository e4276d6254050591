"""Unikat widgets, driven like a user would: click cards and cells, move sliders, type."""

import re
from html import unescape

import pytest

from mathcards import i18n
from mathcards.unikat.board import side_of
from mathcards.unikat.cards import DECK, card
from mathcards.unikat.chain import best_chain
from mathcards.unikat.game import Draw, Lay, Phase
from tests.english import english_words
from widgets import svg
from widgets.controls import announcer
from widgets.unikat import (
    GrayChainBuilder,
    NeighbourExplorer,
    RackOdds,
    SquareChecker,
    UnikatTable,
    draw,
    pairs_that_touch,
    render_deck,
    render_odds_curve,
    render_table,
    squares_of_four,
)


def classes(widget):
    return widget._dom_classes


def laying_table(opponents=("greedy",)):
    """The first seeded table on which you can lay a card at once (seeds 0, 1, 2, …)."""
    for seed in range(50):
        table = UnikatTable(opponents, seed=seed, pace=0)
        if any(isinstance(move, Lay) for move in table.game.legal_actions()):
            return table
    raise AssertionError("no seed lets you lay at once")


def slots(table):
    return [c for c in table.grid.children if "mc-unikat-slot" in classes(c)]


def test_every_card_is_drawn_differently_and_named_in_words():
    drawings = {draw(one) for one in DECK}
    assert len(drawings) == 81
    small = draw(card("swb1"))
    assert 'aria-label="small blue star on white"' in small and "<title>" in small
    assert 'fill="#ffffff"' in small and 'fill="#2563eb"' in small
    assert "<circle" in draw(card("cwb1")) and "<rect x=" in draw(card("qwb1")).split("</title>")[1]
    assert 'stroke="#f8fafc"' in draw(card("snb1")), "a light outline on navy"


def test_small_medium_and_large_are_visibly_different():
    radii = [
        float(re.search(r'<circle[^>]* r="([\d.]+)"', draw(card(f"cwb{n}"))).group(1))
        for n in (1, 2, 3)
    ]
    assert radii[0] < radii[1] < radii[2] and radii[2] > 2 * radii[0]
    assert svg.UNIKAT_SIZES["large"] / svg.UNIKAT_SIZES["small"] > 2


def test_a_table_and_the_deck_are_drawn_in_place():
    html = render_table({(0, 0): card("swb1"), (2, 1): card("cwb1")})
    assert (
        html.count("<svg") == 2
        and "repeat(3, minmax(0, " in html
        and html.count("<div></div>") == 4
    )
    assert render_deck(card("swb1"), {card("cwb1")}).count("opacity:.25") == 81 - 2


def test_clicking_a_rack_card_lights_up_exactly_the_cells_the_engine_allows():
    table = laying_table(("greedy", "expert"))
    legal = [move for move in table.game.legal_actions() if isinstance(move, Lay)]
    chosen = legal[0].card
    assert not slots(table), "nothing lit before a card is chosen"
    rack_button = next(b for b in table.rack_row.children if f"mc-u-{chosen.code}" in classes(b))
    rack_button.click()
    picked = [b for b in table.rack_row.children if "mc-selected" in classes(b)]
    assert [b.tooltip for b in picked] == [chosen.name]
    lit = {s.tooltip for s in slots(table)}
    board = table.game.board
    assert lit == {f"lay it here, {side_of(board, m.at)}" for m in legal if m.card == chosen}
    assert not any(re.search(r"-?\d+,-?\d+", tip) for tip in lit), "in words, not coordinates"
    slots(table)[0].click()
    assert chosen in table.game.board.values() and table.game.phase is Phase.LAYING
    assert f"You lay the {chosen.name} " in table.story.value
    assert [b.description for b in table.actions.children] == ["Stop laying"]
    assert all(b.disabled for b in table.display_row.children), "no swap while laying"


def test_you_see_your_rack_and_only_the_count_of_the_others():
    table = UnikatTable(("greedy",), seed=5, pace=0)
    mine = {b.tooltip for b in table.rack_row.children}
    assert table.you == "You" and mine == {one.name for one in table.game.racks["You"]}
    theirs = table.game.racks["Computer 1 (greedy)"]
    page = table.status.value + table.story.value
    assert "Computer 1 (greedy): 10 cards" in page
    assert not any(one.name in page for one in theirs)


def test_two_rounds_by_clicks_against_paced_computer_players(clock):
    table = UnikatTable(("greedy", "random"), seed=8, clock=clock, rounds_to_play=2)
    for _ in range(6000):
        if table.game.over:
            break
        if table.game.round_over:
            assert [b.description for b in table.actions.children] == ["Next round"]
            table.actions.children[0].click()
            continue
        if table.game.current_players() != [table.you]:
            before = len(table.game.log)
            clock.step()  # one computer move per step
            assert len(table.game.log) == before + 1
            continue
        _click_something(table)
        assert "mc-error" not in table.message.value, table.message.value
    assert table.game.over and table.game.rounds == 2
    assert "Game over" in table.actions.children[0].value
    assert "Minus points (round 2 of 2)" in table.status.value


def _click_something(table, names=None):
    """Lay the hinted chain, else stop, draw, swap or end the turn, by clicking (`names` gives
    the buttons' English names in the language shown)."""
    names = names or {}
    buttons = {names.get(b.description, b.description): b for b in table.actions.children}
    if table.game.phase is Phase.DRAW:
        next(b for b in (*table.display_row.children,) if not b.disabled).click()
        return
    lays = [m for m in table.game.legal_actions() if isinstance(m, Lay)]
    if lays:
        chosen = next(b for b in table.rack_row.children if b.tooltip == lays[0].card.name)
        chosen.click()
        slots(table)[0].click()
    elif "Stop laying" in buttons:
        buttons["Stop laying"].click()
    elif "End turn" in buttons:
        buttons["End turn"].click()
    else:
        table.rack_row.children[0].click()
        next(b for b in table.display_row.children if not b.disabled).click()


def test_drawing_at_the_end_of_the_turn_by_clicking_the_display():
    table = laying_table()
    assert table.display_row.children[-1].description.startswith("Swap with the bag (")
    lay = next(m for m in table.game.legal_actions() if isinstance(m, Lay))
    table.select(lay.card)
    table.lay_at(lay.at)
    next(b for b in table.actions.children if b.description == "Stop laying").click()
    assert table.game.phase is Phase.DRAW
    assert table.display_row.children[-1].description.startswith("Draw from the bag (")
    assert "click a card to draw it" in table.display_help.value
    shown = table.game.display[0]
    assert all(not b.disabled for b in table.display_row.children)
    table.display_row.children[0].click()
    assert shown in table.game.racks["You"] or table.game.current_players() == ["You"]
    assert Draw(shown) not in table.game.legal_actions()


def test_a_swap_without_a_chosen_card_says_what_to_do():
    table = UnikatTable(("greedy",), seed=3, pace=0)
    table.display_row.children[0].click()
    assert "first choose the card from your rack" in table.message.value
    assert "mc-error" in table.message.value


def test_the_hint_shows_a_longest_chain_on_the_board_and_in_words():
    table = laying_table()
    table.hint_button.click()
    chain = best_chain(table.game.board, table.game.racks["You"])
    assert chain and f"lays {len(chain)} card" in table.message.value
    hinted = [c for c in table.grid.children if "mc-unikat-hint" in classes(c)]
    assert len(hinted) == len(chain) and chain[0].card.name in hinted[0].value
    # where, in words a student understands: next to which card, on which side
    assert not re.search(r"-?\d+,-?\d+", table.message.value), table.message.value
    assert re.search(r"(to the (left|right) of|above|below) the ", table.message.value)


def no_hint_table(phase=Phase.ACT):
    """The first seeded table on which it is your turn and no card of yours fits."""
    for seed in range(50):
        table = UnikatTable(("greedy",), seed=seed, pace=0)
        legal = table.game.legal_actions()
        if table.game.phase is phase and not any(isinstance(m, Lay) for m in legal):
            return table
    raise AssertionError("no seed leaves you without a card that fits")


def test_a_hint_greyed_out_says_why_beside_it_and_to_a_screen_reader():
    table = no_hint_table()
    why = "No card of yours fits: swap one with the display or the bag."
    assert table.hint_button.disabled and why in table.no_hint.value
    assert announcer().text == why
    assert "mc-error" not in table.no_hint.value, "a reason, not a wrong move"
    table = laying_table()
    assert not table.hint_button.disabled and table.no_hint.value == ""
    lay = next(m for m in table.game.legal_actions() if isinstance(m, Lay))
    table.select(lay.card)
    table.lay_at(lay.at)
    if not any(isinstance(m, Lay) for m in table.game.legal_actions()):
        assert "next to the card just laid: stop laying" in table.no_hint.value
    next(b for b in table.actions.children if b.description == "Stop laying").click()
    assert "A hint is for your turn" in table.no_hint.value  # drawing a card now


def test_a_hint_greyed_out_says_why_in_polish(polish):
    table = no_hint_table()
    assert "Żadna twoja karta nie pasuje" in table.no_hint.value
    no_english(table)


def test_the_neighbour_explorer_shows_8_neighbours_of_the_chosen_card():
    explorer = NeighbourExplorer()
    assert explorer.neighbours.value.count("<svg") == 1 + 8
    shape = explorer.choices[0]
    shape.value = "square"
    assert explorer.chosen == card("qwb1")
    assert "small blue square on white" in explorer.neighbours.value
    assert 'aria-label="small blue star on white"' in explorer.neighbours.value


def test_the_odds_curve_rises_from_one_in_ten_to_certain():
    curve = render_odds_curve(10)
    assert 'aria-label="chance that a rack can touch the start card' in curve
    points = re.search(r'points="([^"]+)"', curve).group(1).split()
    heights = [float(point.split(",")[1]) for point in points]
    assert len(heights) == 80 and heights == sorted(heights, reverse=True)
    assert heights[72] == heights[79], "certain from 73 cards on"


def test_rack_odds_exact_next_to_simulated_deals():
    odds = RackOdds(rack_size=10, seed=1)
    assert "13669361/20271005" in odds.exact.value and "67.4%" in odds.exact.value
    odds.size.value = 1
    assert "1/10" in odds.exact.value
    deal = next(b for b in odds.children[3].children if b.description == "Deal 1,000 racks")
    deal.click()
    deal.click()
    assert "of 2,000 simulated racks" in odds.simulated.value and len(odds.deals) == 2000
    odds.size.value = 80
    assert odds.deals == [] and "100.0%" in odds.exact.value


def test_the_chain_builder_grows_to_81_and_lays_a_snake():
    builder = GrayChainBuilder()
    assert builder.steps.value.count("<svg") == 1
    next(b for b in builder.children[1].children if b.description == "9 more").click()
    assert builder.steps.value.count("<svg") == 10 and "size" in builder.steps.value
    next(b for b in builder.children[1].children if b.description == "All 81").click()
    assert "81 cards</b> of 81, all different (81)" in builder.count.value
    next(b for b in builder.children[1].children if b.description.startswith("Lay")).click()
    assert (
        builder.snake.value.count("<svg") == 81
        and "repeat(9, minmax(0, 44px))" in builder.snake.value
    )


@pytest.mark.parametrize(
    ("codes", "says"),
    [
        ("swb1 swb2 srb1 srb2", "Yes, a square: along the rows the <b>size</b> changes"),
        ("swb1 swb2 srb1 srb3", "the two cards on the right do not differ"),
        ("swb1 swb2 swb2 swb3", "every card is unique"),
    ],
)
def test_the_square_checker(codes, says):
    checker = SquareChecker(codes)
    assert says in checker.verdict.value
    drawn = checker.picture.value.count("<svg")
    assert drawn == (0 if "unique" in says else 4), "four different cards are drawn as typed"


def test_the_square_checker_reports_a_typo_next_to_the_inputs():
    checker = SquareChecker()
    checker.inputs[0].value = "swb9"
    assert "size must be one of 1/2/3" in checker.message.value
    assert checker.inputs[0].value == "swb9", "what was typed stays"


# ---------------------------------------------------------------- in Polish


@pytest.fixture
def polish():
    i18n.use("pl")
    yield
    i18n.use("en")


def words_on_page(widget) -> str:
    """Every word a widget shows: its text, labels, tooltips, options and the cards' aria-labels
    (not the style sheets)."""
    found = []
    for name in ("value", "description", "tooltip"):
        shown = getattr(widget, name, None)
        if isinstance(shown, str):
            shown = re.sub(r"<style>.*?</style>", "", shown, flags=re.S)
            found += re.findall(r'aria-label="([^"]*)"', shown)
            found.append(re.sub(r"<[^>]+>", " ", shown))
    found += [label for label, _value in getattr(widget, "options", ())]
    found += [words_on_page(child) for child in getattr(widget, "children", ())]
    return unescape(" ".join(found))


def no_english(widget) -> str:
    shown = words_on_page(widget)
    assert not english_words(shown), english_words(shown)
    return shown


def test_a_whole_game_by_clicks_in_polish(polish, clock):
    table = UnikatTable(("greedy", "expert"), seed=2, clock=clock, rounds_to_play=2)
    assert table.you == "Ty" and "Ty" in table.game.players
    assert "Twój ruch: połóż karty albo wymień jedną." in no_english(table)
    assert "Komputer 1 (zachłanny): 10 kart" in table.status.value
    buttons = {"Zakończ wykładanie": "Stop laying", "Zakończ ruch": "End turn"}
    for _ in range(6000):
        if table.game.over:
            break
        if table.game.round_over:
            assert [b.description for b in table.actions.children] == ["Następna runda"]
            table.actions.children[0].click()
        elif table.game.current_players() != [table.you]:
            clock.step()
        else:
            _click_something(table, buttons)
        assert "mc-error" not in table.message.value, table.message.value
        no_english(table)
    assert table.game.over and "Koniec gry" in table.actions.children[0].value
    assert "Ujemne punkty (runda 2 z 2)" in table.status.value


def test_your_moves_are_said_to_you_in_polish(polish):
    table = laying_table()
    lay = next(m for m in table.game.legal_actions() if isinstance(m, Lay))
    table.select(lay.card)
    slot = slots(table)[0]
    assert slot.tooltip.startswith("połóż ją tutaj: ")
    assert not re.search(r"na polu|-?\d+,-?\d+", slot.tooltip), slot.tooltip
    table.lay_at(lay.at)
    assert f"Kładziesz kartę „{lay.card.name}” " in table.story.value
    assert not re.search(r"na polu|-?\d+,-?\d+", table.story.value), table.story.value
    table.show_hint()
    assert "Najdłuższy łańcuch ma" in table.message.value or "nie pasuje" in table.message.value
    table.stop()
    assert table.display_row.children[-1].description.startswith("Dobierz z woreczka (")
    assert "kliknij kartę, żeby ją dobrać" in table.display_help.value
    no_english(table)


def test_a_swap_without_a_chosen_card_says_what_to_do_in_polish(polish):
    table = UnikatTable(("greedy",), seed=3, pace=0)
    table.display_row.children[0].click()
    assert "najpierw wybierz na stojaczku kartę, którą oddajesz" in table.message.value
    assert "mc-error" in table.message.value


def test_the_81_cards_in_polish(polish):
    explorer = NeighbourExplorer()
    assert [c.description for c in explorer.choices] == ["kształt", "tło", "kolor", "wielkość"]
    explorer.choices[0].value = "square"
    shown = no_english(explorer)
    assert "mały niebieski kwadrat na białym tle" in shown and "ma 8 sąsiadów" in shown
    assert 'aria-label="mała niebieska gwiazdka na białym tle"' in explorer.neighbours.value


def test_the_odds_in_polish_with_decimal_commas(polish):
    odds = RackOdds(rack_size=10, seed=1)
    assert "Na stojaczku 10 kart: szansa" in odds.exact.value and "67,4%" in odds.exact.value
    deal = next(
        b for b in odds.children[3].children if b.description == "Rozdaj 1\xa0000 stojaczków"
    )
    deal.click()
    assert "z 1\xa0000 rozdanych stojaczków" in odds.simulated.value
    assert re.search(r"różnica od dokładnej szansy: [+−]\d+,\d%", odds.simulated.value)
    odds.size.value = 1
    assert "Na stojaczku 1 karta: szansa, że pasuje" in odds.exact.value
    assert "1/10 (0,1)" in odds.exact.value
    no_english(odds)


def test_the_chain_of_81_and_the_squares_in_polish(polish):
    builder = GrayChainBuilder()
    builder.more(3)
    assert "<b>4 karty</b> z 81, wszystkie różne (4)" in builder.count.value
    builder.more(81)
    builder.lay_snake()
    assert "81 kart na planszy" in builder.snake.value and "wielkość" in builder.steps.value
    no_english(builder)
    checker = SquareChecker("swb1 swb2 srb1 srb2")
    assert "Tak, to kwadrat: wzdłuż wierszy zmienia się <b>wielkość</b>" in checker.verdict.value
    checker.inputs[3].value = "srb3"
    assert (
        "Nie: dwie karty po prawej nie różnią się dokładnie jedną cechą." in checker.verdict.value
    )
    checker.inputs[0].value = "swb9"
    assert "wielkość zapisuje się jako 1/2/3" in checker.message.value
    no_english(checker)
    assert "324" in pairs_that_touch().value and "kwadrat 2 × 2" in squares_of_four().value

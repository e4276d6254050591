"""LAMA Dice widgets, driven like a user would."""

import pytest

from mathcards.chips import LLAMA as L
from mathcards.engine import ChanceOutcome
from mathcards.lama_dice.dice import Case, parse_dice
from mathcards.lama_dice.game import Discard
from mathcards.lama_dice.odds import roll_odds
from widgets.lama_dice import (
    DiceRoller,
    LamaDiceTable,
    OddsDemo,
    read_row,
    render_frequencies,
    render_odds,
    render_row,
)


def test_rows_are_drawn_with_labelled_llama_cards():
    html = render_row((1, 3, L))
    assert html.count('<svg class="mc-card') == 3 and 'aria-label="llama card"' in html
    assert "deck" in render_row((1, 2), face_down=True)


def test_reading_a_typed_row():
    assert read_row("L 1, 3 1") == (1, 1, 3, L)
    with pytest.raises(ValueError, match="not a card"):
        read_row("1 8")


def test_the_odds_table_shows_fractions_and_percentages():
    html = render_odds(roll_odds([1, 1, 3, L], (1, 2, 3, 4, 5, 6, L)))
    assert "<td>1/27</td><td>3.7%</td>" in html and "Quitting now scores 14" in html
    shares = render_frequencies([Case.BUST, Case.TAKE], roll_odds([1], [2]))
    assert "share of 2 rolls" in shares and "50.00%" in shares


def test_the_roller_names_the_case():
    roller = DiceRoller(seed=3)
    roller.roll_button.click()
    assert roller.faces and roller.shown.value.count('class="mc-die') == 3
    assert roller.case.value
    assert "die 1: 3 4 5 6 L L; die 2: 1 2 5 6 L L; die 3: 1 2 3 4 L L" in roller.children[1].value


def test_the_odds_demo_converges_and_reports_bad_rows_next_to_the_inputs():
    demo = OddsDemo(seed=1)
    assert "1/27" in demo.odds_view.value
    roll_100 = next(b for b in demo.children[6].children if b.description == "Roll 100")
    roll_100.click()
    roll_100.click()
    assert "share of 200 rolls" in demo.frequencies.value and len(demo.cases) == 200
    demo.row_text.value = "1 9"
    assert "9&#x27; is not a card" in demo.message.value
    assert demo.row_text.value == "1 9", "what was typed stays"
    demo.row_text.value = "6 6"
    assert demo.message.value == "" and demo.cases == []
    demo.dice_text.value = "12345L,12346L,12356L"
    assert "1/216" in demo.odds_view.value


def test_a_table_game_against_the_computer():
    table = LamaDiceTable(("bold",), seed=4)
    assert [b.description for b in table.actions.children] == ["Roll", "Quit"]
    assert "next roll" in table.odds_panel.value
    for _ in range(200):
        if table.game.over:
            break
        buttons = table.actions.children
        button = buttons[0] if buttons[0].description != "Quit" else buttons[-1]
        button.click()
        assert "mc-error" not in table.message.value, table.message.value
    assert table.game.over or table.game.rounds > 1
    assert "Computer 1 (bold)" in table.scores.value


def test_the_odds_panel_gives_the_best_decision_to_the_last_player():
    table = LamaDiceTable(("cautious",), seed=2)
    table.game.quit.add("Computer 1 (cautious)")
    table._render()
    assert "You are the last player" in table.odds_panel.value
    table.odds_switch.value = False
    assert table.odds_panel.value == ""


def test_illegal_moves_show_a_message():
    table = LamaDiceTable(("best",), seed=2)
    table.act(Discard((1,)))
    assert "You must roll or quit now, not discard" in table.message.value
    table.act(ChanceOutcome((L, L, L)))
    assert "nobody chooses the roll" in table.message.value


def test_the_table_shows_the_games_own_log():
    table = LamaDiceTable(("bold",), seed=4)
    table.actions.children[0].click()
    shown = table.status.value.split("<br>")
    assert shown == [line.replace("'", "&#x27;") for line in table.game.log[-len(shown) :]]


@pytest.mark.parametrize(("scoring", "points"), [("once", "13"), ("each", "23")])
def test_llama_scoring_reaches_the_widgets(scoring, points):
    demo = OddsDemo(row="3 L L", llama_scoring=scoring)
    assert f"Quitting now scores {points}" in demo.odds_view.value
    table = LamaDiceTable(("bold",), seed=4, llama_scoring=scoring)
    assert table.game.llama_scoring == scoring
    table.game.rows["You"] = (3, L, L)
    table._render()
    assert f"Quitting now scores {points}" in table.odds_panel.value


def test_the_dice_layout_reaches_the_table_and_its_odds():
    one_llama = "12345L,12346L,12356L"
    table = LamaDiceTable(("bold",), seed=4, dice=parse_dice(one_llama))
    assert table.game.dice == parse_dice(one_llama)
    assert "1/216" in table.odds_panel.value and "die 1: 1 2 3 4 5 L" in table.children[2].value


def test_unknown_computer_player():
    with pytest.raises(ValueError, match="unknown player 'reckless'"):
        LamaDiceTable(("reckless",))

"""Colour is never the only cue (WCAG 1.4.1): right and wrong, a card a die matches, a bust and
the player to move are each shown by a sign or a word too, and a sign's word is there for a
screen reader (hidden from the eye, `mc-hidden`)."""

from __future__ import annotations

import re

import pytest

from mathcards import i18n
from mathcards.lama_dice.moves import Roll
from mathcards.mam import level
from mathcards.mam.checker import check
from mathcards.mam.practice import PracticeSet
from tests.widgets.test_lama_dice import last_player_table, table
from widgets.charts import contrast, render_bars
from widgets.controls import render_message
from widgets.lama_dice import RollOrQuit
from widgets.lama_dice.cards import BLUE, GREY
from widgets.lama_dice.live_views import render_spread
from widgets.mam.explorers import render_comparison
from widgets.mam.live_views import render_board
from widgets.mam.practice import render_report

RIGHT = '<span class="mc-sign" aria-hidden="true">✓</span><span class="mc-hidden">right'
WRONG = '<span class="mc-sign" aria-hidden="true">✗</span><span class="mc-hidden">not right'


@pytest.fixture
def polish():
    i18n.use("pl")
    yield
    i18n.use("en")


def test_a_verdict_is_a_sign_and_a_word_besides_its_colour():
    assert RIGHT in render_message("Correct!", ok=True)
    assert WRONG in render_message("99 is not on the table", ok=False)
    said = render_message("Deal 2 of 8", ok=None)
    assert "mc-sign" not in said and "mc-hidden" not in said, "news is neither right nor wrong"


def test_the_signs_words_are_polish_on_a_polish_page(polish):
    assert '<span class="mc-hidden">dobrze: </span>' in render_message("Dobrze!", ok=True)
    assert '<span class="mc-hidden">nie tak: </span>' in render_message("Nie", ok=False)


def test_the_practice_report_marks_each_deal_solved_or_not():
    practice = PracticeSet(level("normal"), rounds=2, seed=2026)
    practice.answer(practice.current.good_answer())
    practice.next()
    practice.answer("1+1")
    practice.next()
    assert practice.finished
    first, second = re.findall(r"<tr><td[^>]*>\d.*?</tr>", render_report(practice))
    assert RIGHT in first and WRONG not in first
    assert WRONG in second and RIGHT not in second


def test_two_calculations_compared_each_carry_their_sign():
    cards, target = [7, 6, 12, 2, 15], 32
    shown = render_comparison([check("7×6−12+2", cards, target), check("7+6", cards, target)])
    first, second = shown.split("</p>")[:2]
    assert RIGHT in first and WRONG in second


def test_the_live_board_says_right_or_not_in_a_sign_and_a_word():
    board = [
        {"seq": 1, "name": "Ola", "text": "1+1", "correct": False, "points": 0},
        {"seq": 2, "name": "Ala", "text": "7×6−12+2", "correct": True, "points": 4},
    ]
    ola, ala = render_board(board, wrong_names=True).split("<tr data-name=")[1:]
    assert WRONG in ola and "data-correct='false'" in ola
    assert RIGHT in ala and "data-correct='true'" in ala


@pytest.mark.parametrize("better", [True, False])
def test_a_decisions_result_carries_its_sign(better):
    from mathcards.lama_dice import known

    exercise = RollOrQuit(seed=6, book=None)
    best = known.decide(*exercise.moment, exercise.dice()).action
    choice = best if better else {"roll": "quit", "quit": "roll"}[best]
    {"roll": exercise.roll_on, "quit": exercise.quit}[choice].click()
    assert (RIGHT if better else WRONG) in exercise.verdict.value


def test_a_card_a_die_matches_wears_a_badge_and_the_player_to_move_is_named():
    played, _clock = table("bold", seed=0, scripted=True)
    seats = played.rows_view.value.split("data-player=")[1:]
    assert "to move" in seats[0] and "to move" not in seats[1], "whose turn, in words"
    played.act(Roll())
    played.land((4, 2, 2))
    you = played.rows_view.value.split("data-player=")[1]
    cards = re.findall(r"<svg[^>]*mc-lama-card.*?</svg>", you)
    lit = [card for card in cards if "mc-match " in card or 'mc-match"' in card]
    assert len(lit) == 2, "both 4s light up"
    assert all("mc-lit-badge" in card and "✓" in card for card in lit)
    assert not any("mc-lit-badge" in card for card in cards if card not in lit)


def test_a_bust_is_said_in_words():
    played, _clock = last_player_table()
    played.act(Roll())
    played.land((5, 2, 1))
    assert "Bust!" in played.headline.value


def test_the_exact_answers_bar_is_marked_with_a_sign_and_a_word():
    question = {"spread": [0, 1, 2, 0, 0, 0, 0, 0, 0, 0], "exact": "1/4"}
    shown = render_spread(question)
    marked = re.findall(r'<div class="mc-bar-row" data-exact="true">.*?</div>', shown)
    assert len(marked) == 1 and "20–30%" in marked[0]
    assert '<span aria-hidden="true">◆</span>' in marked[0]
    assert '<span class="mc-hidden">(the exact answer)</span>' in marked[0]


def test_bars_name_their_series_and_their_numbers_read_on_their_colour():
    legend = [("roll on (on average)", BLUE), ("quit now", GREY)]
    shown = render_bars([("6", [5.5, 6.0])], legend, caption="The last player")
    bars = re.findall(r'<div class="mc-bar" style="[^"]*color:(#[0-9a-f]{6})">(.*?)</div>', shown)
    assert len(bars) == 2
    for (ink, inside), (series, colour) in zip(bars, legend, strict=True):
        assert f'<span class="mc-hidden">{series}: </span>' in inside
        assert contrast(ink, colour) >= 4.5, (series, ink, colour)
    assert contrast(BLUE, GREY) >= 2.5, "the two series differ in lightness, not hue alone"


def test_a_summary_is_news_not_a_verdict():
    """A finished set's summary and a game's end wear no ✓: that sign means a right answer."""
    from widgets.mam import PracticeSession

    session = PracticeSession(level="easy", rounds=1, seed=3, book=None)
    session.next_button.click()
    session.confirm.children[1].click()  # skip the deal
    said = session.summary.value.split("</div>")[0]  # the summary, before the report
    assert "solved 0 of 1" in said and "mc-message" in said
    assert "mc-sign" not in said and "mc-ok" not in said

"""Unikat's counts and rack odds derived in sympy equal the counts made card by card."""

from fractions import Fraction

from mathcards.unikat import odds
from mathcards.unikat.cards import DECK
from mathcards.unikat.derivation import can_lay_first, card_count, pair_count, value


def test_three_to_the_fourth_cards_and_81_times_8_over_2_pairs():
    assert str(card_count()) == "3**4" and value(card_count()) == len(DECK) == 81
    assert str(pair_count()) == "(81*8)/2"
    assert value(pair_count()) == odds.touching_pairs() == 324


def test_the_rack_odds_as_binomials_for_every_rack_size():
    for n in odds.RACK_SIZES:
        assert Fraction(str(value(can_lay_first(n)))) == odds.can_lay_first(n)
    assert str(can_lay_first(10)) == "1 - binomial(72, 10)/binomial(80, 10)"
    assert value(can_lay_first(73)) == 1


def test_the_page_shows_the_counts_and_the_rack_formula_as_mathml():
    from widgets.unikat import RackOdds, pairs_that_touch

    shown = pairs_that_touch().value
    assert "<msup><mn>3</mn><mn>4</mn></msup>" in shown and "(81 × 8)/2" in shown
    rack = RackOdds(rack_size=10)
    assert "1 − C(72, 10)/C(80, 10)</span> = <b>13669361/20271005</b>" in rack.exact.value
    rack.size.value = 2
    assert "1 − C(72, 2)/C(80, 2)" in rack.exact.value

"""The draw odds as a ratio of binomial coefficients equal draw_odds, for every deck."""

from fractions import Fraction

import pytest

from mathcards.lama import Draw, LamaGame, draw_odds
from mathcards.lama.cards import PRESETS
from mathcards.lama.derivation import draw_counts, fits, value


@pytest.mark.parametrize("deck", list(PRESETS))
def test_the_binomial_ratio_is_the_draw_odds_at_every_draw(deck):
    checked = 0
    for seed in range(12):
        game = LamaGame(["Ann", "Bob", "Cleo"], deck, seed=seed)
        while not game.round_over:
            view = game.view(game.player)
            odds, derived = draw_odds(view), fits(view)
            assert (odds is None) == (derived is None)
            if derived is not None:
                fit, out_of = draw_counts(view)
                assert str(derived) == f"binomial({fit}, 1)/binomial({out_of}, 1)"
                assert Fraction(str(value(derived))) == odds.fits
                checked += 1
            game.apply(Draw() if Draw() in game.legal_actions() else game.legal_actions()[0])
    assert checked > 50


def test_no_ratio_when_no_card_may_be_drawn():
    game = LamaGame(["Ann", "Bob"], stacked=[*"123456", *"222222", "4", "3"])
    assert Fraction(str(value(fits(game.view("Ann"))))) == Fraction(13, 49)
    game.apply(Draw())
    game.apply(game.legal_actions()[-1])
    view = game.view(game.player)
    assert (fits(view) is None) == (draw_odds(view) is None)


def test_the_moment_on_the_page_shows_the_ratio_as_mathml():
    from widgets.lama import DrawOrQuit

    page = DrawOrQuit(seed=1)
    fit, out_of = draw_counts(page.game.view(page.game.player))
    shown = page.odds_view.value
    assert "<math>" in shown
    assert f"C({fit}, 1)/C({out_of}, 1)</span> = <b>{Fraction(fit, out_of)}</b>" in shown

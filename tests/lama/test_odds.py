"""Exact LAMA odds: against brute force on small decks, and against simulation on real ones."""

import math
import random
from collections import Counter
from fractions import Fraction
from itertools import combinations, pairwise, permutations

import pytest

from mathcards.lama import Card, Draw, DrawOdds, LamaGame, Quit, draw_odds, preset
from mathcards.lama.cards import HAND_SIZE, can_play, distinct_values, make_deck, score
from mathcards.lama.odds import (
    can_play_chance,
    deal_count,
    deals_of,
    different_hands,
    distinct_values_chances,
    draw_cost,
    draw_playable,
    expected_score,
    is_run,
    run_chance,
    unseen,
)

C = Card
SMALL = make_deck(
    "small",
    {C.ONE: 2, C.TWO: 1, C.THREE_PLUS: 1, C.SIX: 2, C.LLAMA: 2, C.PINK_LLAMA: 1, C.MOSQUITO: 1},
)
SIZE = 4


def every_hand(deck=SMALL, size=SIZE, less=()):
    """Every deal of `size` cards, the cards told apart: C(n, size) equally likely hands."""
    cards = list((Counter(deck.cards()) - Counter(less)).elements())
    return [tuple(hand) for hand in combinations(cards, size)]


def share(hands, holds) -> Fraction:
    return Fraction(sum(map(holds, hands)), len(hands))


def climbs(hand) -> bool:
    """Brute force: some order of the cards plays each on the one before."""
    return any(all(can_play(b, a) for a, b in pairwise(order)) for order in permutations(hand))


# ---------------------------------------------------------------- brute force, small decks


def test_run_chance_against_every_deal_and_every_order():
    assert run_chance(SMALL, SIZE) == share(every_hand(), climbs)
    assert all(is_run(hand) == climbs(hand) for hand in every_hand())


def test_expected_score_against_every_deal():
    for llama_scoring in ("once", "each"):
        hands = every_hand()
        exact = Fraction(sum(score(h, llama_scoring=llama_scoring) for h in hands), len(hands))
        assert expected_score(SMALL, llama_scoring, SIZE) == exact


@pytest.mark.parametrize("top", [C.ONE, C.SIX, C.LLAMA, C.PINK_LLAMA])
def test_can_play_chance_against_every_deal_from_the_deck_less_the_top(top):
    hands = every_hand(less=[top])
    holds = lambda hand: any(can_play(card, top) for card in hand)  # noqa: E731
    assert can_play_chance(SMALL, top, SIZE) == share(hands, holds)


def test_distinct_values_against_every_deal():
    hands = every_hand()
    counts = Counter(distinct_values(hand) for hand in hands)
    exact = {k: Fraction(n, len(hands)) for k, n in sorted(counts.items())}
    assert distinct_values_chances(SMALL, SIZE) == exact
    assert sum(exact.values()) == 1


def test_different_hands_and_their_deals():
    assert different_hands(SMALL, SIZE) == len({tuple(sorted(h)) for h in every_hand()})
    assert different_hands("classic") == math.comb(7 + 6 - 1, 6) == 924
    hand = [C.FOUR, C.FOUR, C.FOUR]
    assert deals_of(hand, "classic") == math.comb(8, 3)


def test_deal_count_is_every_deal_of_a_hand_the_cards_told_apart():
    assert deal_count(SMALL, SIZE) == len(every_hand())
    assert deal_count("classic") == math.comb(56, HAND_SIZE) == 32_468_436
    assert deal_count("party-box") == math.comb(55, 6)


def test_draw_odds_against_the_unseen_cards():
    hand, top, seen = [C.ONE, C.TWO, C.LLAMA], C.THREE, [C.THREE, C.FOUR, C.FOUR]
    left = Counter(preset("classic").cards()) - Counter([*hand, top, *seen])
    assert sum(n for _c, n in unseen("classic", hand, top, seen)) == 56 - 7 == left.total()
    fits = left[C.THREE] + left[C.FOUR]
    assert draw_playable("classic", hand, top, seen) == Fraction(fits, 49) == Fraction(12, 49)
    cost = sum(n * (score([*hand, c]) - score(hand)) for c, n in left.items())
    assert draw_cost("classic", hand, top, seen) == Fraction(cost, 49)


def test_the_draw_odds_from_a_view_are_what_its_player_has_seen():
    game = LamaGame(["Ann", "Bob"], stacked=[*"123456", *"222222", "4", "3"])
    odds = draw_odds(game.view("Ann"))
    assert odds == DrawOdds(Fraction(13, 49), draw_cost("classic", game.hands["Ann"], C.FOUR))
    assert odds.fits == draw_playable("classic", game.hands["Ann"], C.FOUR)  # 6 fours, 7 fives
    assert round(float(odds.cost), 1) == 1.6
    game.apply(Draw())  # Ann draws the 3; Bob holds only 2s and quits
    game.apply(Quit())
    assert game.view("Ann").alone and draw_odds(game.view("Ann")) is None, "alone: no draw"


def test_no_draw_odds_once_the_draw_pile_is_empty():
    tiny = make_deck("tiny", {C.ONE: 1, C.TWO: 6, C.FIVE: 6})
    game = LamaGame(["Ann", "Bob"], tiny, stacked=[*"555555", *"222222", "1"])
    view = game.view("Ann")
    assert not view.may_draw and draw_odds(view) is None


def test_the_pink_llama_and_plus_cards_in_the_draw_odds():
    # on the pink llama only the 1s, the 1+ and the llamas fit: 7 + 1 + 7 of 55 unseen
    assert draw_playable("party", [], C.PINK_LLAMA) == Fraction(15, 55)


def test_nothing_left_to_draw_is_an_error():
    tiny = make_deck("tiny", {C.ONE: 2})
    with pytest.raises(ValueError, match="nothing left to draw"):
        draw_playable(tiny, [C.ONE], C.ONE)


def test_a_hand_bigger_than_the_deck_is_an_error():
    with pytest.raises(ValueError, match="cannot be dealt"):
        run_chance(make_deck("tiny", {C.ONE: 2}), 3)


# ---------------------------------------------------------------- the real decks


def test_known_values():
    assert different_hands("party") == 12642
    assert run_chance("classic") == Fraction(342491, 1159587)
    # seven mosquitoes score like seven llamas counted each
    assert expected_score("lato-z-komarami") == expected_score("party-box", "each")
    assert expected_score("classic") < expected_score("classic", "each")


def within(exact: Fraction, hits: float, trials: int, sigmas: float = 5) -> bool:
    """A simulated mean is within `sigmas` standard errors of the exact value."""
    p = float(exact)
    return abs(hits / trials - p) <= sigmas * math.sqrt(p * (1 - p) / trials)


@pytest.mark.parametrize("deck", ["classic", "party"])
def test_simulated_hands_converge_to_the_exact_odds(deck):
    rng, cards, trials = random.Random(8), preset(deck).cards(), 20_000
    hands = [rng.sample(cards, HAND_SIZE) for _ in range(trials)]
    assert within(run_chance(deck), sum(map(is_run, hands)), trials)
    less_top = preset(deck).cards()
    less_top.remove(C.SIX)
    fitting = sum(_fits(rng.sample(less_top, HAND_SIZE), C.SIX) for _ in range(trials))
    assert within(can_play_chance(deck, C.SIX), fitting, trials)
    mean = sum(score(h) for h in hands) / trials
    spread = math.sqrt(sum((score(h) - mean) ** 2 for h in hands) / trials)
    assert abs(mean - float(expected_score(deck))) <= 5 * spread / math.sqrt(trials)


def _fits(hand, top) -> bool:
    return any(can_play(card, top) for card in hand)


def test_the_draw_odds_from_a_view_match_the_cards_really_drawn():
    """Over many real draws the predicted chances add up to the number of playable draws."""
    predicted, fitted, draws = Fraction(0), 0, 0
    for seed in range(150):
        game = LamaGame(["Ann", "Bob", "Cleo"], seed=seed)
        while not game.round_over and game.draw_pile:
            view = game.view(game.player)
            if Draw() in game.legal_actions():
                chance = draw_playable(view.deck, view.hand, view.top, view.discard_pile[:-1])
                assert chance == draw_odds(view).fits
                before = Counter(game.hands[game.player])
                game.apply(Draw())
                drawn = next(iter(Counter(game.hands[view.viewer]) - before))
                predicted += chance
                fitted += can_play(drawn, view.top)
                draws += 1
            else:
                game.apply(game.legal_actions()[0])
    assert draws > 2000
    assert abs(fitted - float(predicted)) <= 5 * math.sqrt(draws / 4)

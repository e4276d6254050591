"""LAMA's decks, tokens, the playing rule and scoring (docs/rules.md#lama-the-card-game,
docs/rules.md#chips-scoring), word for word."""

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mathcards.lama.cards import (
    PRESETS,
    Card,
    can_play,
    distinct_values,
    make_deck,
    parse_card,
    preset,
    score,
    score_in_words,
    score_parts,
)

C = Card


def hand(tokens: str, deck: str = "classic") -> tuple[Card, ...]:
    return preset(deck).hand(tokens.split())


# ---------------------------------------------------------------- scoring


@pytest.mark.parametrize(
    ("tokens", "points"),
    [("1 L", 11), ("2 5", 7), ("4 6 L", 20)],
    ids=["hand A: 1, llama", "hand B: 2, 5", "hand C: 4, 6, llama"],
)
def test_the_rulebook_scoring_example(tokens, points):
    assert score(hand(tokens)) == points


def test_pink_llama_decision_one_llama_pink_llama_scores_31():
    assert score(hand("1 L P", "party")) == 31
    assert score_in_words(hand("1 L P", "party")) == "1, llama, pink llama → 1 + 10 + 20 = 31"


def test_each_distinct_number_scores_once_three_fours_score_four():
    assert score(hand("4 4 4")) == 4
    assert score_in_words(hand("3 3 5 L")) == "3, 3, 5, llama → 3 + 5 + 10 = 18"


def test_llamas_score_10_in_all_or_10_each():
    assert score(hand("L L L")) == 10
    assert score(hand("L L L"), llama_scoring="each") == 30
    words = score_in_words(hand("2 L L"), llama_scoring="each")
    assert words == "2, llama, llama → 2 + 10 + 10 = 22"
    with pytest.raises(ValueError, match="'once' or 'each'"):
        score(hand("L"), llama_scoring="twice")


def test_each_mosquito_scores_10_whatever_the_llama_scoring():
    mosquitoes = hand("1 L L", "lato-z-komarami")
    assert mosquitoes == (C.ONE, C.MOSQUITO, C.MOSQUITO)
    assert score(mosquitoes) == score(mosquitoes, llama_scoring="each") == 21


def test_a_plus_card_scores_as_its_number():
    assert score(hand("3 3+", "party")) == 3
    assert score(hand("6+", "party")) == 6


def test_an_empty_hand_scores_nothing():
    assert score(()) == 0 and score_in_words(()) == "no cards → 0"


@given(st.lists(st.sampled_from(list(Card)), max_size=10), st.sampled_from(["once", "each"]))
def test_the_words_add_up_to_the_score(cards, llama_scoring):
    parts = score_parts(cards, llama_scoring=llama_scoring)
    assert sum(parts) == score(cards, llama_scoring=llama_scoring)
    assert score_in_words(cards, llama_scoring=llama_scoring).endswith(f" {sum(parts)}")


def test_distinct_values_merge_plus_cards_and_count_the_pink_llama_apart():
    assert distinct_values(hand("3 3+ 4 L P", "party")) == 4
    assert distinct_values(hand("1 1 1")) == 1


# ---------------------------------------------------------------- decks and tokens


def test_the_four_presets():
    sizes = {name: deck.size for name, deck in PRESETS.items()}
    assert sizes == {"classic": 56, "party-box": 55, "lato-z-komarami": 55, "party": 56}
    assert preset("classic").count(C.FOUR) == 8 and preset("classic").count(C.LLAMA) == 8
    assert preset("party-box").count(C.LLAMA) == 7
    assert preset("lato-z-komarami").count(C.MOSQUITO) == 7
    assert preset("lato-z-komarami").count(C.LLAMA) == 0
    party = preset("party")
    assert party.count(C.FOUR) == 7 and party.count(C.FOUR_PLUS) == 1
    assert party.count(C.LLAMA) == 7 and party.count(C.PINK_LLAMA) == 1
    assert party.pink_chips and not preset("classic").pink_chips


def test_tokens_name_the_cards():
    assert [parse_card(t) for t in ("1", "6", "3+", "l", " P ")] == [
        C.ONE,
        C.SIX,
        C.THREE_PLUS,
        C.LLAMA,
        C.PINK_LLAMA,
    ]
    assert preset("lato-z-komarami").token("L") is C.MOSQUITO
    assert [card.token for card in (C.ONE, C.SIX_PLUS, C.MOSQUITO, C.PINK_LLAMA)] == [
        "1",
        "6+",
        "L",
        "P",
    ]


@pytest.mark.parametrize(
    ("tokens", "deck", "problem"),
    [
        ("7", "classic", "'7' is not a LAMA card"),
        ("3++", "party", "'3++' is not a LAMA card: type 1–6, 1+–6+, L or P"),
        ("P", "classic", "the classic deck has no pink llama"),
        ("3+", "party-box", "the party box deck has no 3+"),
        ("4+ 4+", "party", "holds 1 4+ card, not 2"),
        ("L L L L L L L L", "party", "holds 7 llama cards, not 8"),
    ],
)
def test_bad_tokens_say_what_is_wrong(tokens, deck, problem):
    with pytest.raises(ValueError, match=re.escape(problem)):
        hand(tokens, deck)


def test_an_unknown_preset_names_the_choices():
    with pytest.raises(ValueError, match="unknown preset 'deluxe': choose one of classic"):
        preset("deluxe")


def test_a_deck_cannot_hold_fewer_than_no_cards():
    with pytest.raises(ValueError, match="fewer than 0"):
        make_deck("odd", {C.ONE: -1})


def test_a_hand_is_sorted_with_plus_cards_after_their_number():
    assert hand("P 2+ L 2 1", "party") == (C.ONE, C.TWO, C.TWO_PLUS, C.LLAMA, C.PINK_LLAMA)


# ---------------------------------------------------------------- what may be played


@pytest.mark.parametrize(
    ("card", "top", "allowed"),
    [
        (C.THREE, C.THREE, True),
        (C.FOUR, C.THREE, True),
        (C.FIVE, C.THREE, False),
        (C.TWO, C.THREE, False),
        (C.LLAMA, C.SIX, True),
        (C.LLAMA, C.LLAMA, True),
        (C.ONE, C.LLAMA, True),
        (C.TWO, C.LLAMA, False),
        (C.LLAMA, C.FIVE, False),
        (C.ONE, C.SIX, False),
        (C.MOSQUITO, C.SIX, True),
        (C.ONE, C.MOSQUITO, True),
        (C.MOSQUITO, C.MOSQUITO, True),
        (C.FOUR_PLUS, C.THREE, True),
        (C.FOUR, C.THREE_PLUS, True),
        (C.PINK_LLAMA, C.THREE, True),
        (C.PINK_LLAMA, C.LLAMA, True),
        (C.ONE, C.PINK_LLAMA, True),
        (C.ONE_PLUS, C.PINK_LLAMA, True),
        (C.LLAMA, C.PINK_LLAMA, True),
        (C.TWO, C.PINK_LLAMA, False),
        (C.SIX, C.PINK_LLAMA, False),
    ],
)
def test_same_value_or_one_higher_llama_above_6_and_below_1_pink_on_anything(card, top, allowed):
    assert can_play(card, top) is allowed

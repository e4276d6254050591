"""The refusals every game shares (mathcards.engine, mathcards.chips), in English and Polish."""

from fractions import Fraction

import pytest

from mathcards import i18n
from mathcards.chips import LLAMA_SCORING, LLAMA_SCORING_WORDS, check_llama_scoring, returnable
from mathcards.engine import (
    CANNOT_COME_OUT,
    GAMES,
    NOT_WAITING,
    NOT_WHOLE,
    IllegalAction,
    check_cards,
    check_outcome,
    check_players,
)
from tests.english import english_words

DICE = {(1, 2): Fraction(1, 2), (2, 1): Fraction(1, 2)}


@pytest.fixture
def polish():
    i18n.use("pl")
    yield
    i18n.use("en")


def refusal(check, *args, **options) -> str:
    with pytest.raises(ValueError) as refused:
        check(*args, **options)
    return str(refused.value)


def test_player_checks_in_polish(polish):
    assert refusal(check_players, ["Ala"], game="LAMA Dice") == (
        "LAMA kostkowa to gra dla 2–6 graczy, a nie dla 1"
    )
    assert refusal(check_players, "Ala", game="Unikat") == (
        "gra Unikat potrzebuje listy imion graczy, a nie jednego napisu"
    )
    assert refusal(check_players, ["Ala", " "], game="LAMA") == "każdy gracz musi mieć imię"
    assert refusal(check_players, ["Ala", "Ala"], game="MAM!") == (
        "każdy gracz musi mieć własne imię, a powtarza się: Ala"
    )


def test_player_checks_in_english():
    assert refusal(check_players, ["Ann"], game="LAMA Dice") == (
        "LAMA Dice is for 2 to 6 players, not 1"
    )


@pytest.mark.parametrize("what", NOT_WHOLE)
def test_a_card_or_chip_that_is_no_whole_number(polish, what):
    with pytest.raises(IllegalAction) as refused:
        check_cards(2.0, what)
    sentence = str(refused.value)
    assert sentence.endswith("to liczba całkowita, a nie 2.0") and not english_words(sentence)


@pytest.mark.parametrize("what", NOT_WAITING)
def test_a_chance_outcome_that_cannot_happen(polish, what):
    for outcomes, outcome in (({}, (1, 2)), (DICE, (6, 6)), (DICE, [1, 2])):
        with pytest.raises(IllegalAction) as refused:
            check_outcome(outcome, outcomes, what)
        assert not english_words(str(refused.value)), str(refused.value)
    assert set(NOT_WAITING) == set(CANNOT_COME_OUT)


def test_every_sentence_names_its_thing_in_english():
    with pytest.raises(IllegalAction, match=r"^the dice cannot come out as \(6, 6\)$"):
        check_outcome((6, 6), DICE, "the dice")
    with pytest.raises(IllegalAction, match=r"^nothing is waiting for the bag now$"):
        check_outcome("x", {}, "the bag")
    with pytest.raises(IllegalAction, match=r"^a chip is a whole number, not '10'$"):
        check_cards("10", "a chip")


def test_game_names_in_polish(polish):
    assert [i18n._(game) for game in GAMES] == ["MAM!", "LAMA", "LAMA kostkowa", "Unikat"]


def test_chips_in_polish(polish):
    assert refusal(check_llama_scoring, "twice") == (
        "llama_scoring to 'once' albo 'each', a nie 'twice'"
    )
    assert refusal(returnable, -1) == "liczba punktów to 0 lub więcej, a nie -1"
    words = [i18n._(LLAMA_SCORING_WORDS[option]) for option in LLAMA_SCORING]
    assert words == [
        "jedna lama lub więcej: razem 10 punktów karnych",
        "każda lama: 10 punktów karnych",
    ]

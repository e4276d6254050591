"""MAM! in Polish: the checker's reasons, the game's events and errors, hints and the practice
summary speak Polish with its plural forms, and printed calculations divide with ":"."""

import random

import pytest

from mathcards import i18n
from mathcards.engine import ChanceOutcome, IllegalAction
from mathcards.i18n import you
from mathcards.mam import LEVELS, level, simplest, solve
from mathcards.mam.bots import computer_name
from mathcards.mam.checker import check, preview
from mathcards.mam.expression import describe
from mathcards.mam.game import Claim, MamGame, Pass, Phase, Take
from mathcards.mam.hints import hint_ladder
from mathcards.mam.inputs import read_cards
from mathcards.mam.practice import PracticeSet
from tests.contract import random_move
from tests.english import english_words
from tests.mam.conftest import stacked_game
from tests.mam.contract import CASE, illegal

RULEBOOK = [7, 6, 12, 2, 15]


@pytest.fixture(autouse=True)
def polish():
    i18n.use("pl")
    yield
    i18n.use("en")


@pytest.mark.parametrize(
    ("answer", "cards", "reason"),
    [
        ("13+19", RULEBOOK, "na stole nie ma karty 13"),
        ("7+7+6+12", RULEBOOK, "liczba 7 jest użyta dwa razy, a na stole leży tylko jedna karta 7"),
        ("4+4+4+4", [4, 4, 1], "liczba 4 jest użyta 4 razy, a na stole leżą tylko 2 karty 4"),
        ("15/4+2", [15, 4, 2], "15 : 4 nie dzieli się bez reszty"),
        ("15÷4+2", [15, 4, 2], "15 : 4 nie dzieli się bez reszty"),
        ("2-7+37", [2, 7, 37], "2 − 7 daje wynik poniżej zera"),
        ("7:(2-2)", [7, 2, 2], "7 : 0: nie można dzielić przez zero"),
        ("2^5", [2, 5], "potęgi (^) są dozwolone tylko w wariancie z potęgowaniem"),
        ("7*6-12", RULEBOOK, "to daje 30, a nie 32"),
        ("", RULEBOOK, "najpierw wpisz działanie"),
        ("7+", RULEBOOK, "brakuje liczby po ostatnim „+”"),
        ("7+/6", RULEBOOK, "brakuje liczby przed „:”"),
        ("(7*6", RULEBOOK, "nawias ( jest otwarty, ale nigdzie się nie zamyka"),
        ("-7+39", RULEBOOK, "działanie nie może zaczynać się od −: zacznij od karty"),
        ("7 & 6", RULEBOOK, "nie rozumiem znaku „&”: użyj liczb, znaków + − × : ^ i nawiasów"),
        ("7+6=", RULEBOOK, "po = wpisz liczbę, którą daje działanie"),
    ],
)
def test_a_wrong_answer_says_why_in_polish(answer, cards, reason):
    verdict = check(answer, cards, 32)
    assert not verdict.correct and verdict.message == reason
    assert not english_words(verdict.message)


def test_a_right_answer_counts_its_cards_in_polish():
    assert check("7×6−12+2", RULEBOOK, 32).message == "Dobrze! 7 × 6 + 2 − 12 = 32, użyto 4 kart."
    assert check("7^(12:6)−15−2", RULEBOOK, 32, power=True).message.endswith("użyto 5 kart.")
    assert check("15", [15, 3], 15).message.endswith("użyto 1 karty.")


def test_polish_plurals_of_cards_in_hints():
    """1 karta, 2–4 karty, 5 kart: "z 5 kart" in the first hint."""
    first, _step, answer = hint_ladder(RULEBOOK, 32)
    assert first == "Wynik 32 ułożysz już z 4 kart, a nawet z 5."
    assert hint_ladder([20, 7], 20)[0] == "Wynik 20 ułożysz z 1 karty."
    assert answer == "Przykładowe rozwiązanie: 15 + 12 + 7 − 2 = 32."


def test_printed_calculations_divide_with_a_colon():
    """Polish schools write 12 : 6; the checker reads : and ÷ and / alike."""
    solutions = [solution.pretty for solution in solve(RULEBOOK, 32)]
    divided = [pretty for pretty in solutions if ":" in pretty]
    assert divided and not any("÷" in pretty or "/" in pretty for pretty in solutions)
    assert "(15 × 12 + 2) : 7 + 6" in solutions
    assert simplest([12, 6, 5], 2).pretty == "12 : 6"
    assert hint_ladder([12, 6, 9], 11)[1:] == [
        "Zacznij od 12 : 6 = 2.",
        "Przykładowe rozwiązanie: 9 + 12 : 6 = 11.",
    ]
    assert describe(check("15:(7-2)", [15, 7, 2], 3).form) == (
        "zacznij od 15, podziel przez (7 − 2)"
    )
    assert preview("12:6").latex == r"12 \mathbin{:} 6"
    i18n.use("en")
    assert simplest([12, 6, 5], 2).pretty == "12 ÷ 6" and preview("12:6").latex == r"12 \div 6"


def test_two_calculations_in_words():
    assert describe(check("12 + 15 + 7 − 2", RULEBOOK, 32).form) == "dodaj 15, 12 i 7, odejmij 2"
    assert describe(check("7^2", [7, 2], 49, power=True).form) == "7 do potęgi 2"


def test_typed_cards_are_refused_in_polish():
    for text, message in [
        ("", "wpisz karty, np. 7 6 12 2 15"),
        ("7 21", "„21” to nie karta: karty mają liczby od 1 do 20"),
        ("15 15", "karta 15 jest w talii tylko raz, a nie dwa razy"),
        ("1 " * 9, "tu można wpisać najwyżej 8 kart, a nie 9"),
    ]:
        with pytest.raises(ValueError, match=message):
            read_cards(text)


def test_the_reader_is_spoken_to_and_others_are_named():
    game = stacked_game(RULEBOOK, players=(you(), "Ala", "Bartek"))
    wrong = game.apply(Claim(you(), "2+2")).sentence
    assert wrong == (
        "Źle: liczba 2 jest użyta dwa razy, a na stole leży tylko jedna karta 2. "
        "Każdy z pozostałych graczy bierze jedną kartę: Ala i Bartek."
    )
    with pytest.raises(IllegalAction, match="teraz kartę bierze Ala"):
        game.apply(Take("Bartek", 7))
    assert game.apply(Take("Ala", 7)).sentence == "Ala bierze kartę 7."
    assert game.apply(Take("Bartek", 6)).sentence == "Bartek bierze kartę 6. Rzuć kośćmi."
    assert game.apply(ChanceOutcome((5, 20))).sentence == "Na kościach: 5 + 20 = 25."
    right = game.apply(Claim("Ala", "12+15-2")).sentence
    assert right == "Ala: Dobrze! 15 + 12 − 2 = 25, użyto 3 kart. Zdobywa 3 karty. Rzuć kośćmi."


def test_the_end_of_the_game_in_polish():
    game = stacked_game(RULEBOOK, players=(you(), "Ala", "Bartek"))
    game.won = {you(): [1, 2], "Ala": [3, 4], "Bartek": []}
    game.last_correct = "Ala"
    assert game.result() == (
        "Ala wygrywa: 2 karty, tyle samo co Ty, ale to Ala ma na koncie ostatnią poprawną "
        "odpowiedź."
    )
    game.last_correct = None
    assert game.result() == "Remis – wygrywasz ex aequo razem z: Ala; każdy ma 2 karty."
    game.won["Bartek"] = [5] * 5
    assert game.result() == "Bartek wygrywa z 5 kartami."
    game.won[you()] = [1] * 6
    assert game.result() == "Wygrywasz z 6 kartami."


@pytest.mark.parametrize("seed", range(12))
def test_seeded_games_say_nothing_in_english(seed):
    """Every event sentence and every refusal of a whole game, with the reader at the table."""
    rng = random.Random(seed)
    names = [you(), computer_name(1, "expert"), "Ala"][: 1 + seed % 3]
    chosen = level(rng.choice(list(LEVELS)), power=seed % 2 == 1)
    game = MamGame(names, level=chosen, seed=seed)
    said: list[str] = []
    for _move in range(400):
        if game.over:
            break
        for move in illegal(game, rng):
            if move is not None:  # a programmer's mistake, not a player's
                with pytest.raises(IllegalAction) as refused:
                    game.apply(move)
                said.append(str(refused.value))
        game.apply(random_move(CASE, game, rng))
    said += [*game.log, *game.hints()] if not game.over else [*game.log, game.result()]
    found = {line: english_words(line, allowed={"Nobody"}) for line in said}
    assert not {line: words for line, words in found.items() if words}


def test_a_practice_set_sums_up_in_polish():
    practice = PracticeSet(LEVELS["easy"], rounds=5, seed=3)
    exercise = practice.current
    practice.hint()
    practice.answer(simplest(exercise.cards, exercise.target).text)
    for _deal in range(5):
        practice.next()
    assert practice.summary() == (
        "Rozwiązane rozdania: 1 z 5. Masz 1 zdobytą kartę. Wykorzystane podpowiedzi: 1."
    )
    with pytest.raises(ValueError, match="zestaw jest skończony"):
        practice.hint()
    assert not english_words(practice.summary())


def test_a_pass_and_a_new_roll_in_polish():
    game = stacked_game([1, 1, 1, 1, 2], deck=[3, 9, 8])
    assert game.apply(Pass()).sentence == (
        "Nikt nie potrafi ułożyć 32: odkrywamy jeszcze jedną kartę – 3. Rzuć kośćmi."
    )
    assert game.phase is Phase.CHANCE


def test_the_level_and_the_computer_players_have_polish_names():
    assert [LEVELS[name].label for name in LEVELS] == ["łatwy", "normalny", "trudny"]
    assert computer_name(2, "beginner") == "Komputer 2 (początkujący)"
    with pytest.raises(ValueError, match="nie ma takiego poziomu: 'expert'"):
        level("expert")

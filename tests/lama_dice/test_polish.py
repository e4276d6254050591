"""LAMA Dice in Polish: every sentence of a game and every error, for "Ty" and for any name,
with Polish plurals; and no message that Babel cannot extract."""

import ast
from pathlib import Path

import pytest

from mathcards.chips import LLAMA as L
from mathcards.engine import ChanceOutcome, IllegalAction
from mathcards.i18n import _, use, you
from mathcards.lama_dice.bots import STRATEGIES, check_strategy
from mathcards.lama_dice.dice import LAYOUTS, Case, parse_dice, parse_value
from mathcards.lama_dice.game import Discard, LamaDiceGame, Quit, ReturnChip, Roll, Take
from mathcards.lama_dice.odds import roll_odds
from mathcards.lama_dice.policy import last_player
from mathcards.lama_dice.simulate import play, simulate_rolls
from tests.english import english_words

ROOT = Path(__file__).resolve().parents[2]
FILES = [
    *sorted((ROOT / "mathcards" / "lama_dice").glob("*.py")),
    *sorted((ROOT / "widgets" / "lama_dice").glob("*.py")),
]


@pytest.fixture(autouse=True)
def polish():
    use("pl")
    yield
    use("en")


def game_with(rows, llama_row=(1, 2, 3, 4, 5, 6, L), scores=None, **options):
    """A scripted game (the test chooses every roll) with these rows on the table."""
    game = LamaDiceGame(list(rows), seed=0, scripted=True, **options)
    game.rows = {player: tuple(sorted(row)) for player, row in rows.items()}
    game.llama_row = tuple(llama_row)
    game.points.update(scores or {})
    return game


def roll(game, faces):
    game.apply(Roll())
    return game.apply(ChanceOutcome(faces)).sentence


def refusal(move) -> str:
    with pytest.raises(ValueError) as refused:
        move()
    return str(refused.value)


@pytest.mark.parametrize("seed", range(12))
def test_seeded_games_speak_only_polish(seed):
    players = {you(): "best", "Ala": "cautious", "Bartek": "bold"}
    options = [{}, {"lama20": True}, {"llama_scoring": "each"}][seed % 3]
    game = LamaDiceGame(list(players), seed=seed, **options)
    play(game, players)
    assert game.log[-1].split(". ")[-1].startswith("Koniec gry: wygryw")
    assert [line for line in game.log if english_words(line)] == []


def test_sentences_speak_to_you_in_the_second_person():
    ty = you()
    assert ty == "Ty"
    game = game_with({"Ala": (1, 4), ty: (3,)}, llama_row=(5, 6))
    assert game.apply(Quit()).sentence == "Ala pasuje. Twój ruch."
    assert roll(game, (5, 6, 1)) == (
        "Wyrzucasz 5 6 1 i nie masz trafienia w swoim szeregu, a reszta graczy już spasowała: "
        "totalna klapa! Bierzesz cały środkowy szereg (5 6) do swojego szeregu. "
        "Koniec rundy (Ala +5, Ty +14)."
    )
    assert game.next_round().sentence == "Runda 2: zaczynasz."
    chips = game_with({ty: (4, L), "Ala": (2,)}, scores={ty: 13})
    assert roll(chips, (L, L, L)) == "Wyrzucasz L L L: trzy lamy! Możesz oddać jeden żeton."
    assert refusal(lambda: chips.apply(Quit())) == "Musisz teraz oddać żeton"
    assert chips.apply(ReturnChip(10)).sentence == "Oddajesz żeton o wartości 10. Ruch: Ala."
    empty = game_with({ty: (4,), "Ala": (2,)}, scores={ty: 5})
    assert roll(empty, (4, 2, 1)) == "Wyrzucasz 4 2 1: trafienie."
    assert empty.apply(Discard((4,))).sentence == (
        "Odrzucasz 4. Nie masz już kart w szeregu! Możesz oddać jeden żeton."
    )
    assert refusal(lambda: empty.apply(ReturnChip(10))) == (
        "Nie masz żetonu o wartości 10 do oddania"
    )


def test_sentences_about_any_name_keep_it_as_it_is():
    game = game_with({"Ala": (1, 1), "Bartek": (2,)}, llama_row=(5,))
    assert roll(game, (5, 6, 3)) == "Ala wyrzuca 5 6 3 i nie ma trafienia w swoim szeregu."
    assert (
        refusal(lambda: game.apply(Roll())) == "Ala musi teraz wybrać kartę ze środkowego szeregu"
    )
    assert game.apply(Take(5)).sentence == (
        "Ala bierze kartę 5 ze środkowego szeregu. Środkowy szereg jest pusty. "
        "Koniec rundy (Ala +6, Bartek +2)."
    )
    assert game.next_round().sentence == "Runda 2: zaczyna Ala."
    bust = game_with({"Ala": (1, 1), "Bartek": (2,)}, llama_row=(1, 2))
    assert roll(bust, (5, 6, 3)).startswith(
        "Ala wyrzuca 5 6 3 i nie ma trafienia ani w swoim szeregu, ani w środkowym szeregu: "
        "totalna klapa! Ala bierze cały środkowy szereg (1 2) do swojego szeregu."
    )
    tied = game_with({"Ala": (6, 5), "Bartek": (6, 5)}, scores={"Ala": 30, "Bartek": 30})
    tied.apply(Quit())
    assert tied.apply(Quit()).sentence == (
        "Bartek pasuje. Koniec rundy (Ala +11, Bartek +11). Koniec gry: wygrywają Ala i Bartek."
    )
    alone = game_with({"Ala": (1,), "Bartek": (2,)}, scores={"Ala": 45})
    alone.apply(Quit())
    assert alone.apply(Quit()).sentence.endswith("Koniec gry: wygrywa Bartek.")


def test_refusals_say_the_rule_in_polish():
    game = game_with({"Ala": (4, 6), "Bartek": (2,)})
    refused = [
        refusal(lambda: game.apply(Discard((4,)))),
        refusal(game.next_round),
        refusal(lambda: LamaDiceGame(["Ala", "Bartek"]).apply(ChanceOutcome((L, L, L)))),
        refusal(lambda: game.view("Celina")),
    ]
    roll(game, (4, 5, 4))
    refused += [refusal(lambda: game.apply(Discard((5,)))), refusal(lambda: game.apply(Quit()))]
    assert refused == [
        "Ala musi teraz rzucić kośćmi albo spasować",
        "runda jeszcze trwa: najpierw ją dokończ",
        "w tej grze o wyniku rzutu decyduje los: nikt go nie wybiera",
        "nie ma gracza o imieniu 'Celina'",
        "możesz odrzucić tylko karty ze swojego szeregu, które pokazują kości, po jednej na kość, "
        "a nie 5",
        "Ala musi teraz wybrać karty do odrzucenia",
    ]
    with pytest.raises(IllegalAction):
        game.apply(Take(4))


@pytest.mark.parametrize(
    "move",
    [
        lambda: parse_value("X"),
        lambda: parse_dice("3456LL,1256LL"),
        lambda: parse_dice("3456LX,1256LL,1234LL"),
        lambda: parse_dice("LLLLLL,LLLLLL,LLLLLL"),
        lambda: roll_odds([1], [2, 2]),
        lambda: roll_odds([9], [1]),
        lambda: last_player([1, 2, 3, 4, 5, 6, 1], [1, 2, 3, 4, 5, 6, L]),
        lambda: simulate_rolls([1], [2], -1),
        lambda: check_strategy("reckless"),
        lambda: LamaDiceGame(["Ala", "Bartek"]).apply("roll"),
    ],
)
def test_every_refusal_of_the_lama_dice_modules_is_polish(move):
    """Only the computer players' names as code spells them stay: "cautious, bold, best"."""
    message = refusal(move)
    assert message and english_words(message, allowed=set(STRATEGIES)) == [], message


def test_an_unknown_strategy_is_called_a_strategy():
    assert refusal(lambda: check_strategy("reckless")) == (
        "nieznana strategia 'reckless': wybierz jedną z: cautious, bold, best"
    )
    use("en")
    assert refusal(lambda: check_strategy("reckless")) == (
        "unknown strategy 'reckless': choose one of cautious, bold, best"
    )


@pytest.mark.parametrize(
    ("dice", "said"),
    [
        ("3456LL,1,1234LL", "kość 2 ma 1 ściankę, a nie 6"),
        ("3456LL,123,1234LL", "kość 2 ma 3 ścianki, a nie 6"),
        ("3456LL,12345,1234LL", "kość 2 ma 5 ścianek, a nie 6"),
    ],
)
def test_faces_are_counted_in_polish(dice, said):
    assert refusal(lambda: parse_dice(dice)).startswith(said)


def test_cards_are_counted_in_polish():
    assert refusal(lambda: roll_odds([1] * 7, [2])) == "w grze jest tylko 6 kart 1, a nie 7"
    assert refusal(lambda: roll_odds([L] * 7, [L])) == "w grze jest tylko 7 kart L, a nie 8"
    assert "od 0 do 10\xa0000\xa0000" in refusal(lambda: simulate_rolls([1], [2], -1))


def test_the_cases_and_layouts_have_polish_names():
    assert [_(case.value) for case in Case] == [
        "trzy lamy",
        "odrzucenie",
        "wzięcie karty",
        "totalna klapa",
    ]
    assert [_(label) for label in LAYOUTS] == [
        "Zwykłe kości",
        "Na każdej kości to samo",
        "Przesunięte",
        "Po jednej lamie na kości",
    ]
    use("en")
    assert [_(case.value) for case in Case] == ["three llamas", "discard", "take", "bust"]


def test_no_message_hides_in_an_f_string():
    """Babel does not look inside f-strings: a `_("…")` there never reaches the catalogue."""
    hidden = [
        f"{path.relative_to(ROOT)}:{call.lineno}"
        for path in FILES
        for text in ast.walk(ast.parse(path.read_text()))
        if isinstance(text, ast.JoinedStr)
        for call in ast.walk(text)
        if isinstance(call, ast.Call)
        and isinstance(call.func, ast.Name)
        and call.func.id in {"_", "N_", "ngettext"}
        and isinstance(call.args[0], ast.Constant)
    ]
    assert hidden == []

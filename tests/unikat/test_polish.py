"""Unikat in Polish: card names whose words agree with the shape, every event and refusal of
seeded games said in Polish (to you in the second person), plural forms, and the command line."""

import dataclasses
import random

import pytest

from mathcards import i18n
from mathcards.cli import main
from mathcards.engine import IllegalAction
from mathcards.unikat.bots import play_game
from mathcards.unikat.cards import DECK, card, card_with
from mathcards.unikat.game import Draw, EndTurn, Lay, Stop, UnikatGame
from tests.contract import play
from tests.english import english_words
from tests.unikat.contract import CASE
from tests.unikat.stack import deal

PLAYERS = ["Ty", "Ala", "Bartek", "Celina"]


@pytest.fixture(autouse=True)
def polish():
    i18n.use("pl")
    yield
    i18n.use("en")


def test_card_names_agree_with_the_shape():
    assert card("swb1").name == "mała niebieska gwiazdka na białym tle"
    assert card("cng3").name == "duże zielone koło na granatowym tle"
    assert card("qry2").name == "średni żółty kwadrat na czerwonym tle"
    names = [one.name for one in DECK]
    assert len(set(names)) == 81
    assert not [name for name in names if english_words(name)]


def polish_game(seed: int, scripted: bool) -> UnikatGame:
    """2 to 4 players, you among them, one or two rounds, as the seed says."""
    players = PLAYERS[: 2 + seed % 3]
    return UnikatGame(players, seed=seed, scripted=scripted, rounds_to_play=1 + seed % 2)


@pytest.mark.parametrize("scripted", [False, True], ids=["rng", "scripted"])
def test_seeded_games_say_every_event_and_every_refusal_in_polish(scripted):
    case = dataclasses.replace(CASE, new_game=polish_game)
    said, refused = [], []

    def listen(game, event):
        said.append(event.sentence)
        rng = random.Random(len(said))
        if game.round_over or game.chance_outcomes():
            return
        for move in case.illegal(game, rng):
            with pytest.raises(IllegalAction) as refusal:
                game.apply(move)
            refused.append(str(refusal.value))

    for seed in range(12):
        game = play(case, seed, scripted=scripted, check=listen)
        assert said[-1] == game.log[-1]
    assert len(said) > 500 and len(refused) > 500
    english = {text: words for text in said + refused if (words := english_words(text))}
    assert not english, english
    assert any(text.startswith("Kładziesz kartę „") for text in said), "to you: Ty kładziesz"
    assert any(" kładzie kartę „" in text for text in said), "about them: Ala kładzie"


def test_games_between_computer_players_end_in_polish():
    game = play_game({"Ty": "greedy", "Ala": "expert", "Bartek": "random"}, seed=4)
    last = game.log[-1]
    assert "Ujemne punkty w tej rundzie: Ty " in last and "Koniec gry: " in last
    assert not english_words(" ".join(game.log))


def test_a_double_move_and_a_plural():
    game = deal({"Ty": "cwb1 cwb2 qwb1 swb2", "Ala": ""})
    game.apply(Lay(card("cwb1"), (1, 0)))
    game.apply(Lay(card("cwb2"), (1, -1)))
    event = game.apply(Lay(card("swb2"), (0, -1)))  # next to the start card and cwb2
    assert event.sentence == (
        "Kładziesz kartę „średnia niebieska gwiazdka na białym tle” na lewo od karty "
        "„średnie niebieskie koło na białym tle”. "
        "Ta karta graniczy z 2 kartami: podwójny ruch!"
    )
    event = game.apply(Stop())
    assert event.sentence == (
        "Kończysz wykładanie kart. Podwójny ruch: wykonujesz jeszcze jedną akcję."
    )


def test_refusals_say_which_rule_in_polish():
    game = deal({"Ala": "cwb1 cwb2", "Ty": ""})
    with pytest.raises(IllegalAction, match=r"^nie możesz teraz zakończyć wykładania: teraz"):
        game.apply(Stop())
    with pytest.raises(IllegalAction, match=r"^karty „duże niebieskie koło na białym tle” nie ma"):
        game.apply(Lay(card("cwb3"), (1, 0)))
    with pytest.raises(IllegalAction, match="tle” różni się od karty „mała niebieska gwiazdka"):
        game.apply(Lay(card("cwb2"), (1, 0)))
    with pytest.raises(IllegalAction, match="2 cechami: karty leżące obok siebie"):
        game.apply(Lay(card("cwb2"), (1, 0)))
    game.apply(Lay(card("cwb1"), (1, 0)))
    game.apply(Stop())
    with pytest.raises(IllegalAction, match=r"^nie możesz teraz zakończyć ruchu: teraz trzeba dob"):
        game.apply(EndTurn())
    with pytest.raises(IllegalAction, match="nie ma na wystawce, więc nie można jej dobrać"):
        game.apply(Draw(card("swb1")))
    with pytest.raises(ValueError, match=r"^'swb9' to nie jest karta: wielkość zapisuje się"):
        card("swb9")
    with pytest.raises(ValueError, match=r"^kształt to gwiazdka/koło/kwadrat, a nie 'sześciokąt'"):
        card_with(("sześciokąt", "white", "blue", "small"))
    with pytest.raises(ValueError, match="nie ma gracza o imieniu 'Ola'"):
        game.view("Ola")


def run(capsys, *argv):
    code = main(["--lang", "pl", "unikat", *argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(
    ("rack", "says"),
    [
        (["swb2"], "Najdłuższy łańcuch ma 1 kartę:"),
        (["swb2", "cwb2"], "Najdłuższy łańcuch ma 2 karty:"),
        (["swb2", "swb3", "srb3", "srb2", "srb1"], "Najdłuższy łańcuch ma 5 kart:"),
    ],
)
def test_the_longest_chain_in_polish_with_its_plural(capsys, rack, says):
    code, out, _ = run(capsys, "best", "--table", "swb1@0,0", "--rack", *rack)
    assert code == 0 and out.startswith(says + "\n")
    assert "(średnia niebieska gwiazdka na białym tle) na polu " in out
    assert not english_words(out)


def test_the_odds_in_polish_with_a_decimal_comma(capsys):
    code, out, _ = run(capsys, "odds", "--rack-size", "10")
    assert code == 0
    assert out.splitlines() == [
        "10 kart na stojaczku, wylosowanych po karcie startowej:",
        "  szansa na kartę pasującą do karty startowej: 13669361/20271005 (67,4%)",
        "  średnia liczba takich kart (z 8 możliwych): 1",
    ]
    _, out, _ = run(capsys, "odds", "--rack-size", "3")
    assert "3 karty na stojaczku, wylosowane" in out and "3/10 (0,3)" in out


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["best", "--table", "swb1@0,0", "--rack", "xwb1"], "'xwb1' to nie jest karta"),
        (["best", "--table", "swb1@0,0", "--rack", "swb1"], "swb1 jest i na stole, i na stoja"),
        (["best", "--table", "swb1@0,0", "--rack", "cwb1", "cwb1"], "cwb1 jest na stojaczku dwa"),
        (["best", "--table", "swb1@0,0", "swb1@3,3", "--rack", "cwb1"], "swb1 leży dwa razy"),
        (["best", "--table", "swb1@0,0", "cwb2@1,0", "--rack", "qwb1"], "różnią się 2 cechami"),
        (["best", "--table", "swb1", "--rack", "qwb1"], "napisz KOD@X,Y"),
        (["best", "--table", "swb1@a,0", "--rack", "qwb1"], "to nie jest pole"),
        (["odds", "--rack-size", "81"], "na stojaczku jest od 1 do 80 kart, a nie 81"),
        (["odds", "--rack-size", "ten"], "--rack-size musi być liczbą całkowitą, a nie 'ten'"),
    ],
)
def test_bad_input_is_one_polish_line(capsys, argv, says):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and err.count("\n") == 1
    assert says in err and not english_words(err.removeprefix("mathcards: error: "), {"ten"})


def test_the_help_is_in_polish(capsys):
    with pytest.raises(SystemExit):
        main(["--lang", "pl", "unikat", "best", "--help"])
    shown = capsys.readouterr().out
    assert "--table KOD@X,Y [KOD@X,Y ...]" in shown and "--rack KOD [KOD ...]" in shown
    assert "karty na stole, np. swb1@0,0 cwb1@1,0" in shown
    assert "jeden obiekt JSON na standardowym wyjściu" in shown
    with pytest.raises(SystemExit):
        main(["--lang", "pl", "unikat", "--help"])
    shown = capsys.readouterr().out
    assert "unikat [-h] PYTANIE ..." in shown and "najdłuższy łańcuch kart ze stojaczka" in shown


def test_the_display_refills_in_polish_with_the_verb_agreeing():
    game = deal({"Ty": "cwb1 cwb2", "Ala": "qwb1"}, then="srb1 swy1 swb3")
    first, second, third = game.display
    for player_card, cell, taken in (("cwb1", (1, 0), first), ("qwb1", (-1, 0), second)):
        game.apply(Lay(card(player_card), cell))
        game.apply(Stop())
        game.apply(Draw(taken))
    game.apply(Lay(card("cwb2"), (2, 0)))
    game.apply(Stop())
    event = game.apply(Draw(third))
    assert "Wystawka jest pusta: z woreczka trafiają na nią trzy nowe karty." in event.sentence

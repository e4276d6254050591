"""LAMA in Polish: every sentence of a game, every refusal and the `lama` command's words, with
Polish plurals and numbers, and sentences about the reader in the second person."""

import random
import re

import pytest

from mathcards import i18n
from mathcards.cli import main
from mathcards.engine import ChanceOutcome, IllegalAction
from mathcards.lama import (
    PRESETS,
    STRATEGIES,
    Card,
    Draw,
    LamaGame,
    Phase,
    Play,
    Quit,
    ReturnChip,
)
from mathcards.lama.cards import make_deck, preset, score_in_words
from mathcards.lama.game import STARTERS
from tests.english import english_words
from tests.lama.stacked import table

NAMES = {"Ann", "Bob", "Cleo", "Dan", "Ty", "LAMA"}  # names, and the game's own name
CODE = [*STARTERS, *PRESETS, *STRATEGIES]  # option values a sentence may quote: they stay English
C = Card


@pytest.fixture(autouse=True)
def polish():
    i18n.use("pl")
    yield
    i18n.use("en")


def polish_only(text: str) -> str:
    """The text, after checking that it has no English word but names and option values."""
    words = re.sub("|".join(map(re.escape, CODE)), "", text)
    assert not english_words(words, NAMES), text
    return text


def refusal(game: LamaGame, action: object) -> str:
    with pytest.raises(IllegalAction) as refused:
        game.apply(action)
    return polish_only(str(refused.value))


def wrong_moves(game: LamaGame) -> list[object]:
    """Moves refused now: a card not held, one that does not fit, a chip out of turn, …"""
    moves: list[object] = ["zagraj 3", ReturnChip(5), Play(10), ChanceOutcome(C.ONE)]
    if game.phase is Phase.TURN:
        hand = game.hands[game.player]
        moves += [Play(card) for card in game.deck.kinds if Play(card) not in game.legal_actions()]
        moves += [] if Draw() in game.legal_actions() else [Draw()]
    else:
        moves += [Draw(), Quit()]
        hand = []
    return moves[: 6 + len(hand)]


@pytest.mark.parametrize("deck", list(PRESETS))
def test_seeded_games_speak_polish_in_every_sentence_and_refusal(deck):
    strategies = ["random", "cautious", "bold", "expert"]
    for seed in range(6):
        players = ["Ty", "Ann", "Bob", "Cleo"][: 2 + seed % 3]
        game = LamaGame(players, deck, seed=seed, lama20=seed % 2 == 0, starter="round-ender")
        rng = random.Random(seed)
        while not game.over:
            if game.round_over:
                refusal(game, Draw())
                game.next_round()
                continue
            for move in wrong_moves(game):
                refusal(game, move)
            strategy = STRATEGIES[strategies[(seed + game.current) % len(strategies)]]
            game.apply(strategy(game.view(game.player), game.legal_actions(), rng))
        with pytest.raises(IllegalAction, match="koniec gry: ktoś ma co najmniej 40 punktów"):
            game.next_round()
        for line in game.log:
            polish_only(line)
        assert game.log[-1].split(". ")[-1].startswith("Koniec gry: wygryw")


def test_the_reader_is_spoken_to_and_others_are_named():
    game = table("1 1 2 3 5 L", "2 4 5 5 6 6", top="1")
    game.players[0] = "Ty"
    game.hands["Ty"] = game.hands.pop("Ann")
    game.apply(Play(C.TWO))
    game.apply(Play(C.TWO))
    assert game.log[-2:] == ["Zagrywasz 2. Ruch: Bob.", "Bob zagrywa 2. Twój ruch."]
    assert refusal(game, Play(C.SIX)) == "nie masz w ręce takiej karty: 6"
    assert refusal(game, ReturnChip(1)) == (
        "nie możesz teraz oddać żetonu: teraz twój ruch: zagraj kartę, dobierz albo spasuj"
    )


def test_cards_are_played_and_laid_on_in_the_accusative():
    game = table("6 L 1 2 2 2", "6 L 1 3 3 3", top="6", deck="lato-z-komarami")
    assert game.log[0] == "Runda 1: zaczyna Ann. Rozdający odkrywa 6 na początek odkrytego stosu."
    assert game.apply(Play(C.MOSQUITO)).sentence == "Ann zagrywa komara. Ruch: Bob."
    assert refusal(game, Play(C.SIX)) == (
        "6 nie pasuje na komara: na komara można zagrać komara albo 1"
    )
    party = table("P 2 2 2 2 2", "1+ 1 2 6 L 4", top="4", deck="party")
    assert party.apply(Play(C.PINK_LLAMA)).sentence == "Ann zagrywa różową lamę. Ruch: Bob."
    assert refusal(party, Play(C.TWO)) == (
        "2 nie pasuje na różową lamę: na różową lamę można zagrać tylko 1 albo lamę"
    )
    assert party.apply(Play(C.ONE_PLUS)).sentence == (
        "Bob zagrywa 1+. Karta z plusem: Bob ma jeszcze jeden ruch."
    )


def test_the_end_of_a_round_and_of_the_game():
    game = table("1 2 3 4 5 L", "2 2 3 3 4 6", top="2", starting_scores={"Ann": 14, "Bob": 30})
    assert game.apply(Quit()).sentence == "Ann pasuje. W rundzie zostaje już tylko Bob."
    assert refusal(game, Draw()).startswith("wszyscy inni spasowali")
    assert game.apply(Quit()).sentence == (
        "Bob pasuje i w rundzie nie zostaje już nikt. Koniec rundy. "
        "Ann: 1, 2, 3, 4, 5, lama → 1 + 2 + 3 + 4 + 5 + 10 = 25; "
        "Bob: 2, 2, 3, 3, 4, 6 → 2 + 3 + 4 + 6 = 15. Koniec gry: wygrywa Ann."
    )
    for players, won in [
        (["Ann", "Ty"], "Koniec gry: wygrywasz ex aequo z: Ann."),
        (["Ann", "Bob", "Ty"], "Koniec gry: wygrywasz ex aequo z: Ann i Bob."),
        (["Ann", "Bob"], "Koniec gry: wygrywają Ann i Bob."),
    ]:
        stacked = [*"223346" * len(players), "2"]
        tie = LamaGame(players, stacked=stacked, starting_scores=dict.fromkeys(players, 30))
        while not tie.round_over:
            tie.apply(Quit())
        assert tie.log[-1].endswith(won)


def test_an_emptied_hand_returns_a_chip():
    game = table("1 1 2 2 3 3", "4 4 5 5 6 6", top="L", starting_scores={"Ann": 15})
    for token in ["1", "1", "2", "2", "3"]:
        game.apply(Play(game.deck.token(token)))
        game.apply(Draw())
    assert game.apply(Play(C.THREE)).sentence == (
        "Ann zagrywa 3. Ann nie ma już kart! Ann może oddać jeden żeton."
    )
    assert refusal(game, ReturnChip(20)) == "Ann nie ma żetonu o wartości 20, który można oddać"
    assert refusal(game, Draw()) == (
        "nie możesz teraz dobrać karty: Ann nie ma już kart i najpierw oddaje żeton"
    )
    assert game.apply(ReturnChip(10)).sentence.startswith("Ann oddaje żeton o wartości 10.")


def test_a_scripted_deal_in_polish():
    game = LamaGame(["Ann", "Ty"], scripted=True)
    assert game.log == ["Runda 1: zaczyna Ann. Rozdaj karty po jednej."]
    dealt = [C.ONE] * 6 + [C.TWO] * 6
    sentences = [game.apply(ChanceOutcome(card)).sentence for card in dealt]
    assert sentences[0] == "Ann dostaje kartę." and sentences[-1] == "Dostajesz kartę."
    assert game.apply(ChanceOutcome(C.LLAMA)).sentence == (
        "Rozdający odkrywa lamę na początek odkrytego stosu."
    )
    game.apply(Draw())
    assert refusal(game, Quit()) == "nie możesz teraz spasować: Ann właśnie dobiera kartę"
    assert game.apply(ChanceOutcome(C.THREE)).sentence == "Ann bierze tę kartę. Twój ruch."


@pytest.mark.parametrize(
    ("options", "problem"),
    [
        ({"preset": "deluxe"}, "nie ma talii 'deluxe': wybierz jedną z: classic, party-box"),
        ({"stacked": ["P"]}, "talia klasyczna nie ma karty „różowa lama” ('P')"),
        (
            {"stacked": ["P", "P"], "preset": "party"},
            "talia PARTy ma 1 kartę „różowa lama”, a nie 2",
        ),
        ({"stacked": ["1"] * 9}, "talia klasyczna ma 8 kart „1”, a nie 9"),
        ({"stacked": ["7"]}, "'7' to nie jest karta LAMA: wpisz 1–6, 1+–6+, L albo P"),
        ({"starter": "najmłodszy"}, "starter to jedno z: left-of-dealer, round-ender"),
        ({"starting_scores": {"Zoe": 3}}, "nie ma gracza o imieniu 'Zoe'"),
        ({"starting_scores": {"Ann": 40}}, "początkowe punkty to co najmniej 0 i mniej niż 40"),
        ({"stacked": ["1"], "scripted": True}, "nie układaj też talii z góry"),
    ],
)
def test_bad_options_say_what_is_wrong_in_polish(options, problem):
    with pytest.raises(ValueError, match=re.escape(problem)) as refused:
        LamaGame(**{"players": ["Ann", "Bob"], **options})
    polish_only(str(refused.value))


def test_polish_plurals_one_few_many():
    """1 kartę, 3 karty, 8 kart; too small for 2 or 5 players."""
    threes = make_deck("trójki", {C.ONE: 3, C.TWO: 1})
    with pytest.raises(ValueError, match="talia trójki ma 3 karty „1”, a nie 4"):
        threes.check([C.ONE] * 4)
    with pytest.raises(ValueError, match="talia trójki ma 1 kartę „2”, a nie 2"):
        threes.check([C.TWO] * 2)
    tiny = make_deck("mała", {C.ONE: 12})
    with pytest.raises(ValueError, match="talia mała jest za mała dla 2 graczy"):
        LamaGame(["Ann", "Bob"], tiny)


def test_hands_are_scored_in_polish_words():
    party = preset("party")
    assert score_in_words(party.hand(["3", "3+", "5", "L", "P"])) == (
        "3, 3+, 5, lama, różowa lama → 3 + 5 + 10 + 20 = 38"
    )
    assert score_in_words([]) == "brak kart → 0"
    assert C.MOSQUITO.word == "komar" and C.LLAMA.a == "lamę" and C.SIX.a == "6"


# ---------------------------------------------------------------- the `lama` command


def run(capsys, *argv):
    code = main(["--lang", "pl", "lama", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_the_command_scores_and_counts_odds_in_polish(capsys):
    assert run(capsys, "score", "3", "3", "5", "L")[1] == "3, 3, 5, lama → 3 + 5 + 10 = 18\n"
    code, out, _ = run(capsys, "deal-odds", "--top", "6")
    assert code == 0 and out.splitlines() == [
        "talia klasyczna, rozdana ręka 6 kart:",
        "da się ją zagrać całą, karta po karcie (ciąg): 342491/1159587 ≈ 29,5%",
        "oczekiwane punkty karne, gdyby liczyć rękę zaraz po rozdaniu: 4743217/245973 ≈ 19,28",
        "ma kartę, którą można zagrać, gdy na stosie leży 6: 128981/148665 ≈ 86,8%",
    ]
    argv = ["draw-odds", "--hand", "1", "2", "L", "--top", "L", "--preset", "lato-z-komarami"]
    code, out, _ = run(capsys, *argv)
    assert out == "następną dobraną kartę można zagrać, gdy na stosie leży komar: 4/17 ≈ 23,5%\n"
    assert json_of(capsys, "deal-odds") == {
        "run": "342491/1159587",
        "expected_score": "4743217/245973",
    }, "JSON stays the same in every language"


def json_of(capsys, *argv):
    import json

    code, out, _ = run(capsys, *argv, "--json")
    assert code == 0
    return json.loads(out)


@pytest.mark.parametrize(("games", "heading"), [(1, "1 partia"), (3, "3 partie"), (5, "5 partii")])
def test_a_tournament_in_polish_with_its_plural(capsys, games, heading):
    argv = ["tournament", "--players", "expert,expert,cautious", "--games", str(games)]
    code, out, _ = run(capsys, *argv)
    lines = out.splitlines()
    assert code == 0 and lines[0] == f"{heading} gry LAMA (talia klasyczna), numer gry 0:"
    assert lines[1].split() == ["gracz", "średnia", "kara", "rozrzut", "wygrane"]
    assert {line.split()[0] for line in lines[2:5]} == {"ekspert", "ostrożny"}
    assert "ekspert 2" in out and polish_only(out)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["score", "9"], "'9' to nie jest karta LAMA: wpisz 1–6, 1+–6+, L albo P"),
        (["score", "P"], "talia klasyczna nie ma karty „różowa lama” ('P')"),
        (["score", "--preset", "deluxe"], "nie ma talii 'deluxe'"),
        (["tournament", "--players", "expert,smart"], "nieznana strategia 'smart'"),
        (["tournament", "--players", "bold,bold", "--games", "0"], "co najmniej 1, a nie '0'"),
    ],
)
def test_bad_input_is_one_polish_line_and_exit_2(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2 and not out and err.count("\n") == 1 and message in err, err


def test_the_commands_help_is_polish(capsys):
    with pytest.raises(SystemExit):
        main(["--lang", "pl", "lama", "tournament", "--help"])
    shown = capsys.readouterr().out
    for words in ("GRACZE", "NUMER", "TALIA", "ile partii (100)", "różowe żetony o wartości 20"):
        assert words in shown

"""The MAM! engine: every rule of docs/rules.md#mam-the-target-game at a known table (random
play is in tests/test_engines.py)."""

from collections import Counter
from fractions import Fraction

import pytest

from mathcards.engine import ChanceOutcome, IllegalAction, Kind
from mathcards.mam import LEVELS, best
from mathcards.mam.game import Claim, MamGame, MamKind, Pass, Phase, Take
from tests.mam.conftest import stacked_game as game_with


def test_a_new_game_turns_up_five_cards_and_rolls_the_two_dice():
    game = MamGame(["Ann", "Ben"], seed=4)
    assert len(game.face_up) == 5 and len(game.deck) == 50
    assert game.dice[0] in LEVELS["normal"].dice[0] and game.dice[1] in LEVELS["normal"].dice[1]
    assert game.target == sum(game.dice)
    assert game.cards_in_play() == Counter(LEVELS["normal"].deck)


def test_the_rulebook_claim_wins_exactly_the_cards_used():
    game = game_with([7, 6, 12, 2, 15])
    said = game.apply(Claim("Ann", "7×6−12+2")).sentence
    assert sorted(game.won["Ann"]) == [2, 6, 7, 12]
    assert said.startswith("Ann: Correct!") and "Won: 4 cards." in said
    assert 15 in game.face_up and len(game.face_up) == 5, "refilled to five"
    assert game.last_correct == "Ann"


def test_a_wrong_claim_gives_every_other_player_one_face_up_card_of_their_choice():
    game = game_with([7, 6, 12, 2, 15])
    said = game.apply(Claim("Ben", "7×6−12")).sentence
    assert "that makes 30, not 32" in said
    assert game.must_take == ["Cy", "Ann"]
    assert game.legal_actions() == [Take("Cy", c) for c in (2, 6, 7, 12, 15)]
    with pytest.raises(IllegalAction, match="Cy's turn"):
        game.apply(Take("Ann", 15))
    with pytest.raises(IllegalAction, match="first Cy must take a card"):
        game.apply(Claim("Ann", "15+12+7-2"))
    game.apply(Take("Cy", 15))
    with pytest.raises(IllegalAction, match="no 15 face up"):
        game.apply(Take("Ann", 15))
    game.apply(Take("Ann", 2))
    assert game.won == {"Ann": [2], "Ben": [], "Cy": [15]}
    assert len(game.face_up) == 5 and not game.must_take


def test_with_six_players_a_wrong_claim_can_empty_the_table():
    game = game_with([1, 2, 3, 4, 5], players="ABCDEF")
    game.apply(Claim("A", "1+2"))
    for player, card in zip("BCDEF", (1, 2, 3, 4, 5), strict=True):
        game.apply(Take(player, card))
    assert all(len(game.won[p]) == 1 for p in "BCDEF")
    assert len(game.face_up) == 5


def test_pass_turns_up_one_more_card_and_rolls_again():
    game = game_with([1, 1, 1, 1, 2], deck=[3, 9, 8])
    assert not game.solvable()
    game.apply(Pass())
    assert game.face_up == [1, 1, 1, 1, 2, 3] and sorted(game.deck) == [8, 9]
    assert game.phase is Phase.CHANCE and game.chance_outcomes()[(2, 30)] == Fraction(1, 36)


def test_giving_up_on_a_target_that_can_be_made_shows_a_way_to_make_it():
    game = game_with([7, 6, 12, 2, 15], deck=[3, 9, 8])
    said = game.apply(Pass()).sentence
    way = best([7, 6, 12, 2, 15], 32)
    assert way is not None and len(way.cards) == 5
    assert said.startswith(f"Given up: 32 could be made as {way.pretty}. One more card, a 3.")
    assert "Nobody can make" not in said
    empty = game_with([7, 6, 12, 2, 15], deck=[])
    assert "could be made as" in empty.apply(Pass()).sentence


def test_pass_with_an_empty_deck_rolls_again():
    game = game_with([20, 19, 18, 17, 16], deck=[])
    said = game.apply(Pass()).sentence
    assert "the deck is empty: roll again" in said.lower()
    assert game.face_up == [20, 19, 18, 17, 16] and game.phase is Phase.CHANCE


def test_with_an_empty_deck_and_no_roll_possible_the_game_ends():
    game = game_with([1, 1, 1, 1, 2], deck=[])
    said = game.apply(Pass()).sentence
    assert game.over and "no roll can be made" in said
    assert game.legal_actions() == []
    with pytest.raises(IllegalAction, match="over"):
        game.apply(Pass())


def test_the_game_ends_when_the_deck_cannot_refill_to_five():
    game = game_with([7, 6, 12, 2, 15], deck=[3, 4, 5])
    game.apply(Claim("Ann", "7×6−12+2"))
    assert game.over
    assert game.winners() == ["Ann"]


def test_more_than_five_face_up_cards_need_no_refill():
    game = game_with([7, 6, 12, 2, 15, 1, 1], dice=(2, 20), deck=[])
    game.apply(Claim("Ann", "7+15"))
    assert not game.over and sorted(game.face_up) == [1, 1, 2, 6, 12]


def test_a_tie_goes_to_the_last_correct_answer():
    game = game_with([7, 6, 12, 2, 15])
    game.won = {"Ann": [1, 2], "Ben": [3, 4], "Cy": []}
    game.last_correct = "Ben"
    assert game.winners() == ["Ben"]
    game.last_correct = "Cy"
    assert game.winners() == ["Ann", "Ben"]
    assert "share the win" in game.result()


def test_exponent_claims_need_the_exponent_variant():
    plain = game_with([7, 6, 12, 2, 15])
    plain.apply(Claim("Ann", "7^(12÷6)−15−2"))
    assert plain.must_take
    powered = game_with([7, 6, 12, 2, 15], power=True)
    powered.apply(Claim("Ann", "7^(12÷6)−15−2"))
    assert len(powered.won["Ann"]) == 5


@pytest.mark.parametrize(
    ("players", "message"),
    [
        ([], "1 to 6 players"),
        (list("ABCDEFG"), "1 to 6 players"),
        (["A", "A"], "A is taken"),
        (["A", " "], "needs a name"),
    ],
)
def test_bad_player_lists(players, message):
    with pytest.raises(ValueError, match=message):
        MamGame(players)


def test_unknown_players_and_moves_are_illegal():
    game = game_with([7, 6, 12, 2, 15])
    with pytest.raises(IllegalAction, match="no player called 'Zoe'"):
        game.apply(Claim("Zoe", "1"))
    with pytest.raises(IllegalAction, match="nobody has to take"):
        game.apply(Take("Ann", 7))
    with pytest.raises(IllegalAction, match="not a move"):
        game.apply("MAM!")
    with pytest.raises(IllegalAction, match="nothing is waiting for the dice"):
        game.apply(ChanceOutcome((2, 30)))
    with pytest.raises(IllegalAction, match="nobody chooses the roll"):
        MamGame(["Ann"], seed=1).apply(ChanceOutcome((2, 30)))


def test_a_slip_of_the_pen_is_not_a_claim_until_confirmed():
    game = game_with([7, 6, 12, 2, 15])
    for slip in ("7++", "((", ""):
        with pytest.raises(IllegalAction, match="not judged"):
            game.apply(Claim("Ann", slip))
    assert game.phase is Phase.CLAIM and len(game.log) == 1, "nothing happened after the roll"
    event = game.apply(Claim("Ann", "7++", confirmed=True))
    assert event.kind is MamKind.WRONG and game.must_take == ["Ben", "Cy"]


def test_a_readable_wrong_claim_is_judged_at_once():
    game = game_with([7, 6, 12, 2, 15])
    assert game.apply(Claim("Ann", "7+6")).kind is MamKind.WRONG


def test_the_end_says_who_won_a_tie_and_why():
    game = game_with([7, 6, 12, 2, 15])
    game.won = {"Ann": [1, 2], "Ben": [3, 4], "Cy": []}
    game.last_correct = "Ben"
    assert game.result() == (
        "Ben wins: 2 cards, as many as Ann, and Ben gave the last correct answer."
    )
    game.last_correct = None
    assert game.result() == "Ann and Ben share the win with 2 cards each."
    game.won["Cy"] = [5, 6, 7]
    assert game.result() == "Cy wins with 3 cards."


def test_a_single_player_tries_again_after_a_wrong_answer():
    game = game_with([7, 6, 12, 2, 15], players=["Solo"])
    event = game.apply(Claim("Solo", "7×6−12"))
    assert event.kind is MamKind.WRONG and "Try again" in event.sentence
    assert game.phase is Phase.CLAIM and game.face_up == [7, 6, 12, 2, 15]
    assert game.apply(Claim("Solo", "7×6−12+2")).kind is MamKind.CORRECT


def test_the_race_is_open_to_all_and_a_take_to_one():
    game = game_with([7, 6, 12, 2, 15])
    assert game.current_players() == ["Ann", "Ben", "Cy"] and game.legal_actions() == [Pass()]
    game.apply(Claim("Ann", "1+1"))
    assert game.current_players() == ["Ben"]
    assert game.legal_actions("Cy") == [] and game.legal_actions("Ben")[0].player == "Ben"


def test_a_stacked_deck_must_come_from_the_level():
    with pytest.raises(ValueError, match="no more cards 21"):
        MamGame(["Ann"], stack=[21, 1, 2, 3, 4])
    with pytest.raises(ValueError, match="at least 5 cards"):
        MamGame(["Ann"], stack=[1, 2])


def test_a_level_may_be_named():
    assert MamGame(["Ann"], level="hard", seed=1).level == LEVELS["hard"]
    with pytest.raises(ValueError, match="unknown level 'expert'"):
        MamGame(["Ann"], level="expert")


def test_hints_are_worked_out_once_a_table(monkeypatch):
    game = game_with([7, 6, 12, 2, 15])
    calls = []
    import mathcards.mam.game as engine

    real = engine.hint_ladder
    monkeypatch.setattr(engine, "hint_ladder", lambda *a, **k: calls.append(a) or real(*a, **k))
    assert game.hints() == game.hints() and len(calls) == 1
    assert game.hints()[-1] == "One answer: 15 + 12 + 7 − 2 = 32."


def test_a_take_names_a_whole_card():
    game = game_with([7, 6, 12, 2, 15])
    game.apply(Claim("Ann", "1+1"))
    with pytest.raises(IllegalAction, match=r"a card is a whole number, not 7\.0"):
        game.apply(Take("Ben", 7.0))


def test_every_move_says_what_kind_of_thing_happened():
    game = game_with([7, 6, 12, 2, 15], deck=[1, 1, 1, 1, 2, 3, 9, 8, 4, 5])
    assert game.apply(Claim("Ann", "7×6−12+2")).kind is MamKind.CORRECT
    assert game.apply(ChanceOutcome((2, 30))).kind is Kind.CHANCE
    wrong = game.apply(Claim("Ann", "1+1"))
    assert wrong.kind is MamKind.WRONG and wrong.player == "Ann"
    assert game.apply(Take("Ben", 15)).kind is MamKind.TAKE
    game.apply(Take("Cy", 1))
    game.apply(ChanceOutcome((0, 20)))
    passed = game.apply(Pass())
    assert passed.kind is MamKind.PASS and passed.player is None, "the whole table passes"


def test_the_view_starts_with_the_common_core():
    game = game_with([7, 6, 12, 2, 15])
    view = game.view("Ben")
    assert (view.viewer, view.to_move) == ("Ben", ("Ann", "Ben", "Cy"))
    assert view.scores == {"Ann": 0, "Ben": 0, "Cy": 0} and view.target == 32
    game.apply(Claim("Ann", "1+1"))
    view = game.view("Ann")
    assert view.to_move == ("Ben",) and view.must_take == ("Ben", "Cy")
    game.apply(Take("Ben", 7))
    assert game.view("Cy").scores == {"Ann": 0, "Ben": 1, "Cy": 0}
    with pytest.raises(IllegalAction, match="no player called 'Zoe'"):
        game.view("Zoe")

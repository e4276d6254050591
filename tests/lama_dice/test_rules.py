"""LAMA Dice rules, case by case with scripted rolls (docs/rules.md#lama-dice,
docs/rules.md#penalty-points-and-chips), and chips."""

from fractions import Fraction

import pytest

from mathcards.chips import LLAMA as L
from mathcards.chips import best_return, penalty, returnable
from mathcards.engine import ChanceOutcome, IllegalAction, Kind
from mathcards.lama_dice.dice import (
    DEFAULT_DICE,
    Case,
    case_of,
    discard_choices,
    parse_dice,
    parse_value,
)
from mathcards.lama_dice.game import (
    Discard,
    LamaDiceGame,
    Phase,
    Quit,
    ReturnChip,
    Roll,
    Take,
)


def game_with(rows, llama_row=(1, 2, 3, 4, 5, 6, L), scores=None, **options):
    """A scripted game (the test chooses every roll) with these rows on the table."""
    game = LamaDiceGame(list(rows), seed=0, scripted=True, **options)
    game.rows = {player: tuple(sorted(row)) for player, row in rows.items()}
    game.llama_row = tuple(llama_row)
    if scores:
        game.points.update(scores)
    return game


def roll(game, faces):
    """Roll, and have the dice land on `faces`: what happened, in words."""
    game.apply(Roll())
    return game.apply(ChanceOutcome(faces)).sentence


# ---------------------------------------------------------------- scoring and chips


def test_rulebook_scoring_example():
    assert penalty([1, L]) == 11
    assert penalty([2, 5]) == 7
    assert penalty([4, 6, L]) == 20


def test_each_number_scores_once_and_llamas_ten_in_all_or_each():
    assert penalty([4, 4, 4]) == 4
    assert penalty([L, L, L]) == 10
    assert penalty([L, L, L], llama_scoring="each") == 30
    with pytest.raises(ValueError, match="llama_scoring"):
        penalty([1], llama_scoring="double")


@pytest.mark.parametrize(
    ("score", "pink", "chips", "best"),
    [
        (0, False, [], 0),
        (7, False, [1], 1),
        (10, False, [10], 10),
        (23, False, [10, 1], 10),
        (23, True, [20, 10, 1], 20),
        (19, True, [10, 1], 10),
        (40, False, [10], 10),
    ],
)
def test_returning_a_chip(score, pink, chips, best):
    assert returnable(score, pink=pink) == chips
    assert best_return(score, pink=pink) == best


# ---------------------------------------------------------------- dice


def test_dice_layout_and_parsing():
    assert parse_dice("3456LL,1256LL,1234LL") == DEFAULT_DICE
    assert parse_value("l") == L
    for bad in ("3456LL,1256LL", "3456L,1256LL,1234LL", "3456LX,1256LL,1234LL"):
        with pytest.raises(ValueError):
            parse_dice(bad)


def test_the_cases_in_the_rules_order():
    assert case_of((L, L, L), (L, 1), (1,)) is Case.THREE_LLAMAS
    assert case_of((4, 2, L), (4, 6), ()) is Case.DISCARD
    assert case_of((L, 2, 3), (L,), ()) is Case.DISCARD, "a llama die matches a llama card"
    assert case_of((5, 2, 3), (4, 6), (2, 5)) is Case.TAKE
    assert case_of((5, 2, 3), (4, 6), (1,)) is Case.BUST
    assert case_of((5, 2, 3), (4, 6), (2, 5), alone=True) is Case.BUST


def test_discard_at_least_one_and_at_most_one_per_matching_die():
    assert discard_choices((4, 2, 4), (4, 4, 4, 6)) == [(4, 4), (4,)]
    assert discard_choices((4, 2, 3), (4, 4)) == [(4,)], "two 4s need two dice showing 4"


# ---------------------------------------------------------------- a round


def test_set_up_llama_row_and_six_cards_each():
    game = LamaDiceGame(["Ann", "Ben", "Cy"], seed=3)
    assert game.llama_row == (1, 2, 3, 4, 5, 6, L)
    assert all(len(row) == 6 for row in game.rows.values())
    assert game.player == "Ann" and game.legal_actions() == [Roll(), Quit()]


def test_three_llamas_move_no_card_and_offer_a_chip():
    game = game_with({"Ann": (L, 4), "Ben": (2,)}, scores={"Ann": 13})
    said = roll(game, (L, L, L))
    assert "three llamas" in said and game.rows["Ann"] == (4, L)
    assert game.legal_actions() == [ReturnChip(10), ReturnChip(1)]
    game.apply(ReturnChip(10))
    assert game.points["Ann"] == 3 and game.player == "Ben"


def test_three_llamas_with_no_chip_just_pass_the_turn():
    game = game_with({"Ann": (L, 4), "Ben": (2,)})
    roll(game, (L, L, L))
    assert game.player == "Ben"


def test_a_match_lets_the_player_choose_what_to_discard():
    game = game_with({"Ann": (4, 4, 6, L), "Ben": (2,)})
    roll(game, (4, 2, 4))
    assert game.legal_actions() == [Discard((4, 4)), Discard((4,))]
    with pytest.raises(IllegalAction, match="one per die"):
        game.apply(Discard((6,)))
    game.apply(Discard((4,)))
    assert game.rows["Ann"] == (4, 6, L) and game.player == "Ben"


def test_no_match_takes_a_card_of_your_choice_from_the_llama_row():
    game = game_with({"Ann": (1, 1), "Ben": (2,)})
    roll(game, (5, 6, 3))
    assert game.legal_actions() == [Take(3), Take(5), Take(6)]
    with pytest.raises(IllegalAction, match="not 4"):
        game.apply(Take(4))
    game.apply(Take(6))
    assert game.rows["Ann"] == (1, 1, 6) and 6 not in game.llama_row


def test_bust_takes_the_whole_llama_row_and_ends_the_round():
    game = game_with({"Ann": (1, 1), "Ben": (2,)}, llama_row=(1, 2))
    said = roll(game, (5, 6, 3))
    assert "bust" in said and game.round_over
    assert game.rows["Ann"] == (1, 1, 1, 2) and game.llama_row == ()
    assert game.scores() == {"Ann": 3, "Ben": 2}


def test_emptying_the_row_ends_the_round_and_returns_a_chip():
    game = game_with({"Ann": (4,), "Ben": (2, 6)}, scores={"Ann": 5})
    roll(game, (4, 2, 1))
    game.apply(Discard((4,)))
    assert game.phase is Phase.CHIP and not game.round_over
    game.apply(ReturnChip(1))
    assert game.round_over and game.scores() == {"Ann": 4, "Ben": 8}


def test_taking_the_last_llama_row_card_ends_the_round():
    game = game_with({"Ann": (1,), "Ben": (2,)}, llama_row=(5,))
    roll(game, (5, 6, 3))
    game.apply(Take(5))
    assert game.round_over and game.scores() == {"Ann": 6, "Ben": 2}


def test_quitting_and_the_last_player_alone():
    game = game_with({"Ann": (1, 4), "Ben": (2,), "Cy": (3,)}, llama_row=(5, 6))
    game.apply(Quit())
    assert game.player == "Ben"
    game.apply(Quit())
    assert game.alone and game.player == "Cy"
    said = roll(game, (5, 6, 1))  # matches the llama row but not Cy's row
    assert "bust" in said and game.rows["Cy"] == (3, 5, 6)
    assert game.scores() == {"Ann": 5, "Ben": 2, "Cy": 14}


def test_when_all_have_quit_the_round_ends():
    game = game_with({"Ann": (1,), "Ben": (2,)})
    game.apply(Quit())
    game.apply(Quit())
    assert game.round_over and game.ender == "Ben"


def test_the_player_who_ended_the_round_starts_the_next():
    game = game_with({"Ann": (1,), "Ben": (2,), "Cy": (3,)}, llama_row=(5,))
    game.apply(Quit())
    roll(game, (5, 6, 1))
    game.apply(Take(5))
    assert game.ender == "Ben"
    game.next_round()
    assert game.player == "Ben" and game.llama_row == (1, 2, 3, 4, 5, 6, L)


def test_the_game_ends_at_forty_and_ties_share_the_win():
    game = game_with({"Ann": (6, 5), "Ben": (6, 5)}, scores={"Ann": 30, "Ben": 30})
    game.apply(Quit())
    game.apply(Quit())
    assert game.over and game.winners() == ["Ann", "Ben"]
    with pytest.raises(IllegalAction, match="game is over"):
        game.next_round()


def test_lama20_pink_chips():
    game = game_with({"Ann": (L,), "Ben": (2,)}, scores={"Ann": 25}, lama20=True)
    roll(game, (L, L, L))
    assert ReturnChip(20) in game.legal_actions()


def test_illegal_moves_say_which_rule():
    game = game_with({"Ann": (1,), "Ben": (2,)})
    with pytest.raises(IllegalAction, match="must roll or quit"):
        game.apply(Discard((1,)))
    game.apply(Roll())
    with pytest.raises(IllegalAction, match="cannot come out as"):
        game.apply(ChanceOutcome((1, 1, 1)))
    with pytest.raises(IllegalAction, match="round is still going"):
        game.next_round()
    with pytest.raises(IllegalAction, match="not a move"):
        game.apply("roll")


@pytest.mark.parametrize(
    ("players", "message"),
    [
        (["A"], "2 to 6"),
        (list("ABCDEFG"), "2 to 6"),
        (["A", "A"], "A is taken"),
        (["A", " "], "needs a name"),
    ],
)
def test_bad_player_lists(players, message):
    with pytest.raises(ValueError, match=message):
        LamaDiceGame(players)


def test_an_unscripted_game_rolls_its_own_dice_and_refuses_a_chosen_roll():
    game = LamaDiceGame(["Ann", "Ben"], seed=1)
    with pytest.raises(IllegalAction, match="nobody chooses the roll"):
        game.apply(ChanceOutcome((L, L, L)))
    event = game.apply(Roll())
    assert event.player == "Ann" and "rolled" in event.sentence and game.faces is not None
    assert game.chance_outcomes() == {}


def test_a_scripted_game_waits_for_the_dice_with_their_exact_odds():
    game = game_with({"Ann": (1,), "Ben": (2,)})
    assert game.chance_outcomes() == {}
    game.apply(Roll())
    assert game.phase is Phase.CHANCE and game.current_players() == [] and not game.legal_actions()
    odds = game.chance_outcomes()
    assert len(odds) == 5**3 and sum(odds.values()) == 1, "a die shows five different faces"
    assert odds[(L, L, L)] == Fraction(1, 27)
    with pytest.raises(IllegalAction, match="the dice to land"):
        game.apply(Quit())


def test_llama_scoring_each_is_charged_at_the_round_end():
    game = game_with({"Ann": (L, L, 3), "Ben": (2,)}, llama_scoring="each")
    game.apply(Quit())
    game.apply(Quit())
    assert game.scores() == {"Ann": 23, "Ben": 2}


def test_events_say_who_did_what():
    game = game_with({"Ann": (1, 4), "Ben": (2,)})
    event = game.apply(Quit())
    assert (event.player, event.kind) == ("Ann", Kind.QUIT)
    assert game.log == [event.sentence]


@pytest.mark.parametrize(
    ("faces", "move"),
    [
        ((3, 6, 1), Take(3.0)),
        ((4, 5, 4), Discard((4.0,))),
        ((4, 5, 4), Discard(("4",))),
        ((L, L, L), ReturnChip(1.0)),
    ],
)
def test_moves_name_whole_cards_and_chips(faces, move):
    game = game_with({"Ann": (4,), "Ben": (2,)}, llama_row=(3, 5), scores={"Ann": 5})
    roll(game, faces)
    with pytest.raises(IllegalAction, match="is a whole number"):
        game.apply(move)


def test_dice_need_a_number():
    with pytest.raises(ValueError, match="at least one number"):
        parse_dice("LLLLLL,LLLLLL,LLLLLL")
    assert parse_dice("LLLLLL,LLLLLL,1LLLLL")


def test_a_discard_of_one_card_may_name_it_alone():
    game = game_with({"Ann": (4, 6), "Ben": (2,)})
    roll(game, (4, 5, 4))
    with pytest.raises(IllegalAction, match="one per die, not 5"):
        game.apply(Discard(5))
    game.apply(Discard(4))
    assert game.rows["Ann"] == (6,)


# ---------------------------------------------------------------- what the game says


def test_after_a_bust_the_roll_is_still_a_bust():
    """The case is judged when the dice land: the llama row joining the row changes nothing."""
    game = game_with({"Ann": (1, 4), "Cy": (3,)}, llama_row=(5, 6))
    game.apply(Quit())
    said = roll(game, (5, 6, 1))  # alone: the 5 and 6 match only the llama row
    assert game.round_over and game.rows["Cy"] == (3, 5, 6)
    assert game.case() is Case.BUST, "not judged again against the row that now holds 5 and 6"
    assert game.last_roll is not None and game.last_roll.player == "Cy"
    assert game.view("Ann").last_roll == game.last_roll
    assert "no match in Cy's row, and everyone else has quit, so it is a bust" in said


@pytest.mark.parametrize("you", ["You", "you"])
def test_sentences_read_right_for_the_player_called_you(you):
    game = game_with({"Ann": (1, 4), you: (3,)}, llama_row=(5, 6))
    game.apply(Quit())
    said = roll(game, (5, 6, 1))
    assert "no match in your row" in said and "goes into your row" in said
    assert game.log[0] == "Ann quit. Your turn."
    game.next_round()
    assert game.log[-1] == "Round 2: you start."
    scripted = game_with({you: (4,), "Ann": (2,)}, scores={you: 5})
    roll(scripted, (4, 2, 1))
    scripted.apply(Discard((4,)))
    assert scripted.log[-1] == "You discarded 4. Your row is empty! You may return a chip."
    with pytest.raises(IllegalAction, match="You have no 10-point chip"):
        scripted.apply(ReturnChip(10))


def test_sentences_read_right_for_any_name():
    game = game_with({"Ann": (1, 4), "Bo": (3,)}, llama_row=(5, 6), scores={"Ann": 35, "Bo": 26})
    game.apply(Quit())
    assert game.log[0] == "Ann quit. Bo's turn."
    roll(game, (5, 6, 1))  # Ann +5, Bo +14: both on 40
    assert game.log[-1].endswith("Game over: Ann and Bo win.")
    alone = game_with({"Ann": (1,), "Bo": (2,)}, scores={"Ann": 45})
    alone.apply(Quit())
    alone.apply(Quit())
    assert alone.log[-1].endswith("Game over: Bo wins.")

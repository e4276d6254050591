"""LAMA Dice in the typed contract: every event's kind is an Enum member, one vocabulary of
phases (CHANCE, ROUND_OVER, OVER), and a view that starts with the common core."""

import pytest

from mathcards import lama_dice
from mathcards.chips import LLAMA as L
from mathcards.chips import ReturnChip
from mathcards.engine import ChanceOutcome, IllegalAction, Kind, Quit, View
from mathcards.lama_dice.game import (
    Discard,
    LamaDiceGame,
    LamaDiceKind,
    LamaDiceView,
    Phase,
    Roll,
    Take,
)


def game_with(rows, llama_row=(1, 2, 3, 4, 5, 6, L), scores=None, **options):
    """A scripted game (the test chooses every roll) with these rows on the table."""
    game = LamaDiceGame(list(rows), seed=0, scripted=True, **options)
    game.rows = {player: tuple(sorted(row)) for player, row in rows.items()}
    game.llama_row = tuple(llama_row)
    game.points.update(scores or {})
    return game


def kinds(game, *moves):
    """The kind of each move's event."""
    return [game.apply(move).kind for move in moves]


# ---------------------------------------------------------------- events


def test_a_roll_that_lands_is_its_case_whether_rolled_or_scripted():
    game = game_with({"Ann": (4, 6), "Ben": (2,)}, llama_row=(1, 3), scores={"Ben": 12})
    assert kinds(game, Roll(), ChanceOutcome((4, 5, 1))) == [
        LamaDiceKind.ROLL,
        LamaDiceKind.MATCH,
    ]
    assert kinds(game, Discard((4,))) == [LamaDiceKind.DISCARD]
    assert kinds(game, Roll(), ChanceOutcome((L, L, L)), ReturnChip(10)) == [
        LamaDiceKind.ROLL,
        LamaDiceKind.THREE_LLAMAS,
        Kind.RETURN_CHIP,
    ]
    assert kinds(game, Roll(), ChanceOutcome((3, 5, 2))) == [
        LamaDiceKind.ROLL,
        LamaDiceKind.NO_MATCH,
    ]
    assert kinds(game, Take(3)) == [LamaDiceKind.TAKE]
    assert kinds(game, Quit()) == [Kind.QUIT]
    assert kinds(game, Roll(), ChanceOutcome((4, 5, 2))) == [LamaDiceKind.ROLL, LamaDiceKind.BUST]
    assert game.next_round().kind is Kind.DEAL


def test_an_unscripted_roll_is_its_case_at_once():
    seen = set()
    for seed in range(40):
        game = LamaDiceGame(["Ann", "Ben"], seed=seed)
        event = game.apply(Roll())
        assert event.kind is not LamaDiceKind.ROLL and event.kind is not Kind.CHANCE
        seen.add(event.kind)
    assert seen <= {
        LamaDiceKind.THREE_LLAMAS,
        LamaDiceKind.MATCH,
        LamaDiceKind.NO_MATCH,
        LamaDiceKind.BUST,
    }
    assert LamaDiceKind.MATCH in seen


def test_every_event_of_random_games_has_an_enum_kind():
    for seed in range(30):
        game = LamaDiceGame(["Ann", "Ben", "Cy"], seed=seed, scripted=seed % 2 == 1)
        for _ in range(2000):
            if game.over:
                break
            if game.round_over:
                event = game.next_round()
            elif game.chance_outcomes():
                event = game.apply(ChanceOutcome(next(iter(game.chance_outcomes()))))
            else:
                event = game.apply(game.legal_actions()[seed % len(game.legal_actions())])
            assert isinstance(event.kind, Kind | LamaDiceKind)
            assert event.kind is not Kind.CHANCE and event.kind is not Kind.DRAW


def test_the_kinds_are_exported():
    assert lama_dice.LamaDiceKind is LamaDiceKind
    assert lama_dice.Quit is Quit and lama_dice.ReturnChip is ReturnChip


# ---------------------------------------------------------------- phases


def test_a_round_ends_in_round_over_and_the_game_in_over():
    game = game_with({"Ann": (1,), "Ben": (2,)})
    game.apply(Quit())
    game.apply(Quit())
    assert game.phase is Phase.ROUND_OVER and game.round_over and not game.over
    assert game.current_players() == [] and game.legal_actions() == []
    with pytest.raises(IllegalAction, match="round is over"):
        game.apply(Roll())
    game.next_round()
    assert game.phase is Phase.TURN and not game.round_over
    over = game_with({"Ann": (6, 5), "Ben": (2,)}, scores={"Ann": 30})
    over.apply(Quit())
    over.apply(Quit())
    assert over.phase is Phase.OVER and over.over and over.round_over, "the last round is over too"
    assert over.current_players() == [] and over.legal_actions() == []
    with pytest.raises(IllegalAction, match="game is over"):
        over.apply(Roll())
    with pytest.raises(IllegalAction, match="game is over"):
        over.next_round()


def test_round_over_is_no_field_beside_the_phase():
    game = game_with({"Ann": (1,), "Ben": (2,)})
    with pytest.raises(AttributeError):
        game.round_over = True  # type: ignore[misc]


# ---------------------------------------------------------------- the view


def test_the_view_starts_with_the_common_core():
    game = game_with({"Ann": (1, 4), "Ben": (2,), "Cy": (3,)}, scores={"Ben": 7})
    game.apply(Quit())
    view = game.view("Cy")
    assert isinstance(view, View) and isinstance(view, LamaDiceView)
    assert (view.viewer, view.to_move) == ("Cy", ("Ben",))
    assert view.to_move == tuple(game.current_players())
    assert view.scores == {"Ann": 0, "Ben": 7, "Cy": 0} == game.scores()
    assert list(view.rows) == ["Ann", "Ben", "Cy"] and view.row == (3,)
    assert view.quit == {"Ann"} and not view.alone and not view.round_over
    assert (view.dice, view.lama20, view.llama_scoring) == (game.dice, False, "once")
    assert not hasattr(view, "player") and not hasattr(view, "players")


def test_while_the_dice_roll_nobody_is_to_move_in_any_view():
    game = game_with({"Ann": (1, 4), "Ben": (2,)})
    game.apply(Roll())
    assert game.view("Ann").to_move == () and game.view("Ann").phase is Phase.CHANCE


def test_the_last_player_sees_that_they_are_alone():
    game = game_with({"Ann": (1, 4), "Ben": (2,)})
    game.apply(Quit())
    assert game.view("Ben").alone and not game.view("Ann").alone


def test_an_unknown_player_is_refused_everywhere():
    game = LamaDiceGame(["Ann", "Ben"], seed=0)
    for ask in (lambda: game.view("Cy"), lambda: game.legal_actions("Cy")):
        with pytest.raises(IllegalAction, match="there is no player called 'Cy'"):
            ask()
    assert game.legal_actions("Ben") == [], "a player of the game, just not to move"

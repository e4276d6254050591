"""The shared engine contract (DESIGN.md): every game, the same checks.

Seeded random play keeps the invariants at every step and ends; the same seed replays the same
game whatever the global `random` does; illegal moves are refused with a sentence and change
nothing; a player's view never shows what that player may not see.
"""

from __future__ import annotations

import copy
import random
from fractions import Fraction
from importlib import import_module
from pathlib import Path

import pytest

from mathcards.engine import ChanceOutcome, Event, Game, IllegalAction
from tests.contract import EngineCase, play, random_move

TESTS = Path(__file__).resolve().parent
GAMES = sorted(
    path.parent.name
    for path in (TESTS.parent / "mathcards").glob("*/__init__.py")
    if (path.parent / "game.py").exists()
)
CASES = [import_module(f"tests.{game}.contract").CASE for game in GAMES]


def test_every_game_is_in_the_contract_test():
    assert GAMES, "no game found"
    assert [case.name for case in CASES] == GAMES


@pytest.fixture(params=CASES, ids=str)
def case(request) -> EngineCase:
    return request.param


def test_every_game_follows_the_protocol(case):
    game = case.new_game(0, False)
    assert isinstance(game, Game)
    assert game.players and all(isinstance(name, str) for name in game.players)
    assert isinstance(game.log, list) and isinstance(game.over, bool)
    assert set(game.scores()) == set(game.players)


@pytest.mark.parametrize("scripted", [False, True], ids=["rng", "scripted"])
def test_random_play_keeps_every_invariant_and_ends(case, scripted):
    for seed in range(case.games // 2 if scripted else case.games):
        game = case.new_game(seed, scripted)
        cards = case.cards(game)

        def invariants(game, event, cards=cards):
            assert case.cards(game) == cards, f"{case}: cards appeared or vanished"
            assert all(score >= 0 for score in game.scores().values())
            assert game.log and game.log[-1] == event.sentence
            assert bool(game.chance_outcomes()) <= scripted, "unscripted chance must resolve"
            for player in game.current_players():
                assert player in game.players
            case.invariant(game)

        finished = play(case, seed, scripted=scripted, check=invariants)
        assert finished.over and set(finished.winners()) <= set(finished.players)
        assert finished.winners(), "a finished game has a winner"


def test_chance_outcomes_are_exact_probabilities(case):
    seen = 0
    for seed in range(20):
        game = case.new_game(seed, True)
        rng = random.Random(seed)
        for _ in range(case.max_moves):
            if game.over:
                break
            outcomes = game.chance_outcomes()
            if outcomes:
                seen += 1
                assert all(isinstance(p, Fraction) and p > 0 for p in outcomes.values())
                assert sum(outcomes.values()) == 1
            if getattr(game, "round_over", False):
                game.next_round()
            else:
                game.apply(random_move(case, game, rng))
    assert seen, f"{case}: a scripted game never waited for chance"


def test_an_unscripted_game_refuses_a_chosen_chance_outcome(case):
    game = case.new_game(3, False)
    with pytest.raises(IllegalAction, match=r"\w"):
        game.apply(ChanceOutcome(object()))


def _disturbed(seed: int, case: EngineCase, disturbance: int) -> list[str]:
    """Play a game while the global `random` is seeded differently and cannot be used."""
    random.seed(disturbance)
    saved = {name: getattr(random, name) for name in ("random", "shuffle", "choice", "randint")}

    def forbidden(*args, **kwargs):
        raise AssertionError("an engine used the global random")

    try:
        for name in saved:
            setattr(random, name, forbidden)
        return play(case, seed).log
    finally:
        for name, function in saved.items():
            setattr(random, name, function)


def test_the_same_seed_replays_the_same_game_whatever_the_global_random_does(case):
    for seed in (1, 2, 3):
        assert _disturbed(seed, case, disturbance=seed) == _disturbed(seed, case, seed + 99)
    assert play(case, 1).log != play(case, 2).log, "different seeds, different games"


def test_illegal_moves_are_refused_with_a_sentence_and_change_nothing(case):
    refused = 0
    for seed in range(10):
        rng = random.Random(seed)
        game = case.new_game(seed, False)
        for _ in range(60):
            if game.over:
                break
            for move in case.illegal(game, rng):
                before = (list(game.log), case.cards(game), game.scores())
                views = [game.view(player) for player in game.players]
                with pytest.raises(IllegalAction) as refusal:
                    game.apply(move)
                assert len(str(refusal.value).split()) >= 3, f"say which rule: {refusal.value}"
                assert (list(game.log), case.cards(game), game.scores()) == before
                assert [game.view(player) for player in game.players] == views
                refused += 1
            if getattr(game, "round_over", False):
                game.next_round()
            else:
                game.apply(random_move(case, game, rng))
    assert refused > 50, f"{case}: too few illegal moves tried ({refused})"


def test_a_view_never_shows_what_its_player_may_not_see(case):
    for seed in range(20):
        rng = random.Random(seed)
        game = case.new_game(seed, False)
        for _ in range(rng.randrange(0, 40)):
            if game.over or getattr(game, "round_over", False):
                break
            game.apply(random_move(case, game, rng))
        for player in game.players:
            other = copy.deepcopy(game)
            case.scramble_hidden(other, player, random.Random(seed))
            assert case.cards(other) == case.cards(game), "scrambling keeps every card"
            assert other.view(player) == game.view(player), f"{player}'s view leaks"


def test_events_name_the_player_who_moved(case):
    game = case.new_game(5, False)
    rng = random.Random(5)
    for _ in range(30):
        if game.over or getattr(game, "round_over", False):
            break
        acting = game.current_players()
        event = game.apply(random_move(case, game, rng))
        assert isinstance(event, Event)
        assert event.player is None or event.player in acting

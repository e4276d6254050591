"""The shared engine contract (docs/design.md#the-engine-contract): every game, the same checks.

Seeded random play keeps the invariants at every step and ends; the same seed replays the same
game whatever the global `random` does; illegal moves are refused with a sentence and change
nothing; a player's view never shows what that player may not see.
"""

from __future__ import annotations

import copy
import random
from enum import Enum
from fractions import Fraction
from importlib import import_module
from itertools import cycle
from pathlib import Path

import pytest

from mathcards.engine import ChanceOutcome, IllegalAction, View
from tests.contract import EngineCase, moves, play, random_move

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


def keeps_the_contract(game) -> None:
    """What the contract promises at every moment, checked by what the game does (not by the
    names it has): phases in one vocabulary, and a view core that says what the game says."""
    assert game.players and all(isinstance(name, str) for name in game.players)
    assert isinstance(game.phase, Enum) and isinstance(game.over, bool)
    assert (game.phase.name == "CHANCE") == bool(game.chance_outcomes()), game.phase
    assert game.over == (game.phase.name == "OVER"), game.phase
    if hasattr(game, "round_over"):
        assert game.round_over == (game.phase.name in ("ROUND_OVER", "OVER")), game.phase
    assert list(game.scores()) == game.players
    acting = game.current_players()
    assert set(acting) <= set(game.players) and not (game.over and acting)
    for player in game.players:
        view = game.view(player)
        assert isinstance(view, View) and view.viewer == player
        assert view.to_move == tuple(acting) and dict(view.scores) == game.scores()
        if player not in acting:
            assert game.legal_actions(player) == [], f"{player} may not move now"


def test_a_new_game_keeps_the_contract(case):
    for scripted in (False, True):
        keeps_the_contract(case.new_game(0, scripted))


@pytest.mark.parametrize("scripted", [False, True], ids=["rng", "scripted"])
def test_random_play_keeps_every_invariant_and_ends(case, scripted):
    for seed in range(case.games // 2 if scripted else case.games):
        game = case.new_game(seed, scripted)
        cards = dict(case.cards(game))  # a Counter's == walks every card in Python, a dict's not

        def invariants(game, event, cards=cards, seed=seed):
            assert isinstance(event.kind, Enum), f"{case}: the kind {event.kind!r} is no Enum"
            assert dict(case.cards(game)) == cards, f"{case}: cards appeared or vanished"
            assert all(score >= 0 for score in game.scores().values())
            assert game.log and game.log[-1] == event.sentence
            assert bool(game.chance_outcomes()) <= scripted, "unscripted chance must resolve"
            if seed < 10:  # the whole contract, on a few games (views of every seat are dear)
                keeps_the_contract(game)
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


def _first_chance(case: EngineCase, seed: int):
    """The first chance outcome a scripted game waits for: one that can really come out."""
    game, rng = case.new_game(seed, True), random.Random(seed)
    while not game.chance_outcomes():
        if getattr(game, "round_over", False):
            game.next_round()
        else:
            game.apply(random_move(case, game, rng))
    return next(iter(game.chance_outcomes()))


def test_an_unscripted_game_refuses_a_chosen_chance_outcome(case):
    outcome = _first_chance(case, 3)
    game = case.new_game(3, False)
    before = (list(game.log), case.cards(game), game.scores())
    with pytest.raises(IllegalAction, match=r"\w+ \w+ \w+"):
        game.apply(ChanceOutcome(outcome))  # an outcome of the right kind: refused all the same
    assert (list(game.log), case.cards(game), game.scores()) == before


GLOBAL = [name for name in dir(random) if callable(getattr(random, name)) and name[0] != "_"]
GLOBAL = [name for name in GLOBAL if getattr(getattr(random, name), "__self__", None) is not None]


def _disturbed(seed: int, case: EngineCase, disturbance: int) -> list[str]:
    """Play a game while the global `random` is seeded differently and cannot be used."""
    random.seed(disturbance)
    saved = {name: getattr(random, name) for name in GLOBAL}

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
    assert {"seed", "random", "shuffle", "sample", "choice", "choices"} <= set(GLOBAL)
    for seed in (1, 2, 3):
        assert _disturbed(seed, case, disturbance=seed) == _disturbed(seed, case, seed + 99)
    assert play(case, 1).log != play(case, 2).log, "different seeds, different games"


@pytest.mark.parametrize("scripted", [False, True], ids=["rng", "scripted"])
def test_two_games_played_at_once_each_replay_as_when_played_alone(case, scripted):
    """A page with two tables: moves of the two games interleaved in one process, each game
    exactly as when it is played alone (whatever either does to shared state)."""
    for first, second in ((4, 5), (6, 7)):
        alone = [play(case, seed, scripted=scripted).log for seed in (first, second)]
        games = [case.new_game(seed, scripted) for seed in (first, second)]
        turns = [moves(case, game, seed) for game, seed in zip(games, (first, second), strict=True)]
        while turns:
            for turn in list(turns):
                if next(turn, None) is None:
                    turns.remove(turn)
        assert [game.log for game in games] == alone


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
    named = 0
    for seed in range(5):
        game, rng = case.new_game(seed, False), random.Random(seed)
        for _ in range(60):
            if game.over or getattr(game, "round_over", False):
                break
            acting, move = game.current_players(), random_move(case, game, rng)
            mover = None if isinstance(move, case.table_moves) else getattr(move, "player", None)
            if mover is None and not isinstance(move, case.table_moves):
                assert len(acting) == 1, f"{case}: {move} names nobody, yet {acting} may move"
                mover = acting[0]
            event = game.apply(move)
            assert event.player == mover, f"{case}: {move} by {mover}, but the event names {event}"
            named += event.player is not None
    assert named > 50, f"{case}: only {named} events named who moved"


def test_computer_players_choose_a_move_from_their_view_alone(case):
    """Every strategy plays from `view(player)`: the same view, the same move; the move is
    allowed; a hidden card scrambled changes nothing."""
    strategies = import_module(f"mathcards.{case.name}.bots").STRATEGIES
    chosen = 0
    for seed, strategy in zip(range(12), cycle(strategies.values())):
        rng = random.Random(seed)
        game = case.new_game(seed, False)
        for _ in range(rng.randrange(0, 30)):
            if getattr(game, "round_over", False) and not game.over:
                game.next_round()
            elif not game.over:
                game.apply(random_move(case, game, rng))
        if getattr(game, "round_over", False) and not game.over:
            game.next_round()
        if game.over:
            continue
        player = game.current_players()[0]
        other = copy.deepcopy(game)
        case.scramble_hidden(other, player, random.Random(seed))
        moves_chosen = [
            strategy(table.view(player), table.legal_actions(player), random.Random(seed))
            for table in (game, other)
        ]
        assert moves_chosen[0] == moves_chosen[1], f"{case}: a computer saw a hidden card"
        game.apply(moves_chosen[0])  # allowed: refused moves raise IllegalAction
        chosen += 1
    assert chosen >= 6

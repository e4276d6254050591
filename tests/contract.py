"""The engine contract test's harness: what each game tells the shared test about itself.

Each game's `tests/<game>/contract.py` defines `CASE = EngineCase(...)`; `tests/test_engines.py`
runs every registered case through the same checks (docs/design.md#the-engine-contract).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass, field
from typing import Any

from mathcards.engine import ChanceOutcome, Event, Game


@dataclass(frozen=True)
class EngineCase:
    """One game under the contract test.

    - `new_game(seed, scripted)`: a fresh game (the case picks players and options from the
      seed, so many seeds cover many set-ups); a scripted game waits at every chance event.
    - `cards(game)`: every card (or chip, or piece) of the game wherever it lies now; it never
      changes while a game is played.
    - `scramble_hidden(game, player, rng)`: reshuffle in place what `player` cannot see (the
      deck's order, the others' hands), keeping every count; `view(player)` must not change.
    - `illegal(game, rng)`: moves that are not allowed now; each must raise IllegalAction.
    - `extra_moves(game, player, rng)`: moves a player may make that `legal_actions` cannot
      list (the MAM! claim is free text); empty by default.
    - `invariant(game)`: the game's own rules of state that hold after every move (asserts).
    - `table_moves`: kinds of move the whole table makes, not one player (their events name
      nobody).
    """

    name: str
    new_game: Callable[[int, bool], Game[Any]]
    cards: Callable[[Game[Any]], Counter[Hashable]]
    scramble_hidden: Callable[[Game[Any], str, random.Random], None]
    illegal: Callable[[Game[Any], random.Random], list[Any]]
    extra_moves: Callable[[Game[Any], str, random.Random], list[Any]] = field(
        default=lambda game, player, rng: []
    )
    invariant: Callable[[Game[Any]], None] = field(default=lambda game: None)
    table_moves: tuple[type, ...] = ()  # moves the whole table makes at once (MAM!'s pass)
    games: int = 200
    max_moves: int = 5_000

    def __str__(self) -> str:
        return self.name


def random_move(case: EngineCase, game: Game[Any], rng: random.Random) -> Any:
    """A uniformly chosen move among everything allowed now (or a chance outcome)."""
    outcomes = game.chance_outcomes()
    if outcomes:
        drawn = rng.choices(list(outcomes), weights=[float(p) for p in outcomes.values()])[0]
        return ChanceOutcome(drawn)
    moves = []
    for player in game.current_players():
        moves += game.legal_actions(player)
        moves += case.extra_moves(game, player, rng)
    return rng.choice(moves) if moves else None


def moves(case: EngineCase, game: Game[Any], seed: int) -> Iterator[Event]:
    """Play `game` with random moves (seeded by `seed`) to its end, one event at a time."""
    rng = random.Random(f"moves/{seed}")
    for _ in range(case.max_moves):
        if game.over:
            return
        if getattr(game, "round_over", False):
            event = game.next_round()  # type: ignore[attr-defined]
        else:
            move = random_move(case, game, rng)
            assert move is not None, f"{case}: nobody can move, yet the game goes on"
            event = game.apply(move)
        assert isinstance(event, Event) and event.sentence.strip()
        yield event
    raise AssertionError(f"{case}: seed {seed} did not end within {case.max_moves} moves")


def play(case: EngineCase, seed: int, *, scripted: bool = False, check=None) -> Game[Any]:
    """Play one game with random moves to its end; `check(game, event)` runs after each move."""
    game = case.new_game(seed, scripted)
    for event in moves(case, game, seed):
        if check:
            check(game, event)
    return game

"""Games for the reviews' tests: a game of the reviewed games played to its end by computer
players of the chosen strategies, kept as the class book keeps it (settings, seed, moves)."""

from __future__ import annotations

from typing import Any

from mathcards.engine import NextRound, computer_choice, computer_rng, make_move
from mathcards.replay import dealt, move_json, rules
from mathcards.table import PRESETS

OPTIONS: dict[str, dict[str, Any]] = {  # each game's options, as a table deals them
    game: {**options, **({"scripted": False} if game == "lama_dice" else {})}
    for game, options in PRESETS.items()
}
MOST_MOVES = 3000


def played(
    game: str, strategies: list[str], seed: int, **options: Any
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A whole game between computer players (one a strategy, seated in order, named P1, P2,
    …): its settings and its moves as JSON."""
    players = [f"P{number}" for number in range(1, len(strategies) + 1)]
    settings = {"players": players, "computers": {}, **OPTIONS[game], **options}
    table: Any = dealt(game, settings, seed)
    known = rules(game).strategies
    computers = {
        player: known[strategy] for player, strategy in zip(players, strategies, strict=True)
    }
    moves: list[dict[str, Any]] = []
    while not table.over:
        assert len(moves) < MOST_MOVES, "the game ends"
        rng = computer_rng(seed, "any", len(moves))
        move = NextRound() if table.round_over else computer_choice(table, computers, rng)
        moves.append(move_json(game, move))
        make_move(table, move)
    return settings, moves

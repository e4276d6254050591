"""A game played at a table, had again from what the class book keeps: its settings (everything
the table needs to deal the same game: the players, the computer players' strategies, the
game's options), its seed and its moves, each as JSON (docs/design.md#a-game-replayed). The
engines are deterministic, so the same settings, seed and moves give the same game, move for
move: the class service replays a game to judge each move and to work out its result, and a
page that comes back replays it to show it as it was. A rule lives once: how a game is dealt
and its moves read back in its package's `replay` module (`mathcards.settings` reads its
settings), how it is played in its engine; the service and the pages both call `replay`."""

from __future__ import annotations

from collections.abc import Iterable
from importlib import import_module
from typing import Any

from mathcards.codec import Move, shown
from mathcards.engine import Event, Game, make_move
from mathcards.i18n import _
from mathcards.settings import Rules, Settings, wrong

SEEDS = 2**63  # a seed is a whole number below this, and not below its negative
GAMES = ("mam", "lama", "lama_dice", "unikat")  # by package name, as the class book keeps them


def rules(game: str) -> Rules:
    """The rules of one of the four games, by its package name."""
    if game not in GAMES:
        message = _("the class book keeps the games {games}, not {game}")
        raise ValueError(message.format(games=", ".join(GAMES), game=shown(game)))
    # each game's replay (its rules), when first asked for: a page of one game loads no other
    kept: Rules = import_module(f"mathcards.{game}.replay").RULES
    return kept


def dealt(game: str, settings: object, seed: object) -> Game[Any]:
    """The game `game` dealt with these settings and seed, before any move; a ValueError says
    which setting is wrong."""
    chosen = rules(game)
    read = Settings(chosen.name, settings, chosen.settings)
    if type(seed) is not int or not -SEEDS <= seed < SEEDS:
        raise ValueError(wrong(chosen.name, "seed", seed))
    read.computers(chosen.strategies)
    read.table()
    return chosen.deal(read, seed)


def move_json(game: str, move: object) -> Move:
    """A move of `game` (its package name) as JSON."""
    return rules(game).action_json(move)


def replayed(game: str, played: Game[Any], move: object) -> Event:
    """Make one more move, given as JSON, in a game of `game`: a ValueError says why the move
    cannot be read, an IllegalAction (a ValueError too) why it may not be made now."""
    return make_move(played, rules(game).action_of(move))


def replay(game: str, settings: object, seed: object, moves: Iterable[object]) -> Game[Any]:
    """The game `game` of these settings and seed after `moves` (each as JSON), made in order:
    the same game as the one played, move for move."""
    played = dealt(game, settings, seed)
    for move in moves:
        replayed(game, played, move)
    return played

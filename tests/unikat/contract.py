"""Unikat in the shared engine contract test (tests/test_engines.py)."""

from __future__ import annotations

import random
from collections import Counter
from itertools import pairwise
from typing import Any

from mathcards.engine import ChanceOutcome
from mathcards.unikat.board import START, around, check_table, frontier
from mathcards.unikat.cards import DECK, Card
from mathcards.unikat.game import BAG, RACK_SIZE, Draw, EndTurn, Lay, Phase, Stop, Swap, UnikatGame
from tests.contract import EngineCase
from tests.unikat.stack import scramble_hidden

PLAYERS = ("Ann", "Ben", "Cy", "Dee")


def new_game(seed: int, scripted: bool) -> UnikatGame:
    """2 to 4 players, one or two rounds, as the seed says."""
    players = list(PLAYERS[: 2 + seed % 3])
    return UnikatGame(players, seed=seed, scripted=scripted, rounds_to_play=1 + seed % 2)


def cards(game: Any) -> Counter[Card]:
    return Counter(game.cards())


def illegal(game: Any, rng: random.Random) -> list[Any]:
    """Moves that are wrong now: a few of many candidates that `legal_actions` does not list."""
    legal = set(game.legal_actions())  # moves are frozen dataclasses: a set finds one at once
    rack = game.racks[game.player]
    someone_elses = [c for c in DECK if c not in rack]
    cells = [START, (40, 40), *frontier(game.board)[:6]]
    candidates: list[Any] = [
        Stop(),
        EndTurn(),
        Draw(BAG),
        Draw(rng.choice(someone_elses)),
        Swap(rng.choice(someone_elses), BAG),
        ChanceOutcome(rng.choice(DECK)),
    ]
    for laid in [*rng.sample(rack, min(3, len(rack))), rng.choice(someone_elses)]:
        candidates += [Lay(laid, cell) for cell in cells]
    if rack:
        candidates.append(Swap(rack[0], rng.choice(someone_elses)))
    wrong = [move for move in candidates if move not in legal]
    return rng.sample(wrong, min(4, len(wrong)))


def invariant(game: Any) -> None:
    """The table obeys the laying rule, racks hold at most 10, a chain runs cell to next cell;
    the game waits for the bag (its phase CHANCE) exactly while cards are still to come out."""
    check_table(game.board)
    assert all(len(rack) <= RACK_SIZE for rack in game.racks.values())
    assert all(cell in game.board for cell in game.chain)
    assert all(b in around(a) for a, b in pairwise(game.chain))
    assert (game.phase is Phase.CHANCE) == bool(game.coming)
    if not game.round_over and not game.coming:
        assert all(game.racks.values()), "a round goes on only while every rack has cards"


CASE = EngineCase(
    name="unikat",
    new_game=new_game,
    cards=cards,
    scramble_hidden=scramble_hidden,
    illegal=illegal,
    invariant=invariant,
    games=60,
)

"""MAM! in the shared engine contract test."""

from __future__ import annotations

import random
from collections import Counter
from functools import lru_cache

from mathcards.engine import ChanceOutcome
from mathcards.mam import LEVELS, best, level
from mathcards.mam.cards import FACE_UP
from mathcards.mam.game import Claim, MamGame, Pass, Phase, Take
from tests.contract import EngineCase

WRONG = ["99", "2*3", "7-20", "1+1", "20-19"]  # readable, and (almost always) wrong
SLIPS = ["", "1+", "(((", "7++"]  # not calculations: judged only when confirmed


def new_game(seed: int, scripted: bool) -> MamGame:
    """1–6 players at every level, with and without the exponent variant."""
    rng = random.Random(f"set-up/{seed}")
    chosen = level(rng.choice(list(LEVELS)), power=rng.random() < 0.3)
    players = [f"P{i}" for i in range(rng.randint(1, 6))]
    return MamGame(players, level=chosen, seed=seed, scripted=scripted)


@lru_cache(maxsize=4096)
def _answer(cards: tuple[int, ...], target: int, power: bool) -> str | None:
    found = best(list(cards), target, power=power)
    return found.text if found else None


def extra_moves(game: MamGame, player: str, rng: random.Random) -> list:
    """While the race is on: a right answer (if there is one) or a slip of the pen."""
    if game.phase is not Phase.CLAIM:
        return []
    right = _answer(tuple(game.solver_cards()), game.target, game.power)
    moves = [Claim(player, rng.choice(WRONG)), Claim(player, rng.choice(SLIPS), confirmed=True)]
    return moves + [Claim(player, right)] * 3 if right else moves


def scramble_hidden(game: MamGame, player: str, rng: random.Random) -> None:
    """Only the deck's order is hidden."""
    rng.shuffle(game.deck)
    game.deck.reverse()


def illegal(game: MamGame, rng: random.Random) -> list:
    """Moves out of turn, cards not on the table, strangers, and non-moves."""
    moves: list = ["MAM!", None, Claim("Nobody", "1"), Take(game.players[0], 99)]
    if game.phase is Phase.TAKE:
        others = [p for p in game.players if p != game.must_take[0]]
        moves += [Pass(), Claim(game.players[0], "1+1")]
        moves += [Take(p, game.face_up[0]) for p in others[:1]]
    if game.phase is Phase.CLAIM:
        moves += [Take(game.players[0], game.face_up[0]), Claim(game.players[0], "7++")]
    if game.phase is Phase.CHANCE:
        moves += [Pass(), ChanceOutcome((1, 1))]
    else:
        moves.append(ChanceOutcome((0, 20)))
    return moves


def invariant(game: MamGame) -> None:
    if game.phase is Phase.CLAIM:
        assert len(game.face_up) >= FACE_UP and game.dice is not None
    assert game.cards_in_play() == Counter(game.level.deck)


CASE = EngineCase(
    name="mam",
    new_game=new_game,
    cards=lambda game: game.cards_in_play(),
    scramble_hidden=scramble_hidden,
    illegal=illegal,
    extra_moves=extra_moves,
    invariant=invariant,
    table_moves=(Pass,),
    games=150,
)

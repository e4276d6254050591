"""Shared set-ups for the MAM! tests: a game at a known table."""

from collections import Counter

import pytest

from mathcards.engine import ChanceOutcome
from mathcards.mam import LEVELS, level
from mathcards.mam.cards import FACE_UP
from mathcards.mam.game import MamGame, Pass


def stacked_game(face_up, dice=(2, 30), deck=None, players=("Ann", "Ben", "Cy"), power=False):
    """A scripted game with `face_up` on the table and the dice showing `dice`.

    `deck`: the cards still face down, in the order they will be turned up (by default the
    rest of the level's cards). More than five face-up cards are turned up by passing.
    """
    rest = Counter(LEVELS["normal"].deck) - Counter(face_up)
    later = list(deck) if deck is not None else sorted(rest.elements())
    game = MamGame(
        list(players),
        level=level("normal", power=power),
        stack=[*face_up, *later],
        scripted=True,
    )
    game.apply(ChanceOutcome(dice))
    for _ in face_up[FACE_UP:]:
        game.apply(Pass())
        game.apply(ChanceOutcome(dice))
    return game


@pytest.fixture
def table():
    """`table(face_up, dice=..., deck=..., players=..., power=...)`: see `stacked_game`."""
    return stacked_game

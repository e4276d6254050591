"""Seeded LAMA simulations for the lessons: hands dealt from a shuffled deck (checked against
the exact odds in `odds.py`), and a moment from a real game where a player must choose
between drawing and quitting."""

from __future__ import annotations

import random
from collections.abc import Sequence

from mathcards.i18n import _
from mathcards.lama.bots import STRATEGIES
from mathcards.lama.cards import HAND_SIZE, Deck, preset
from mathcards.lama.game import Action, Draw, LamaGame, Play
from mathcards.lama.odds import is_run

MOMENT_TRIES = 50  # seeded games tried for a moment to decide


def simulate_runs(deck: Deck | str, hands: int, *, seed: int | str | None = None) -> list[bool]:
    """Deal `hands` hands of six, each from the whole shuffled deck: is each one a run?"""
    cards = preset(deck).cards()
    rng = random.Random(seed)
    return [is_run(rng.sample(cards, HAND_SIZE)) for _hand in range(hands)]


def draw_or_quit(legal: list[Action]) -> bool:
    """No card fits, but a draw is allowed: the moment to decide whether to draw or quit."""
    return Draw() in legal and not any(isinstance(action, Play) for action in legal)


def moment(deck: Deck | str, seed: int, players: Sequence[str]) -> LamaGame | None:
    """A seeded game played by bold computer players until the first seat must choose between
    drawing and quitting; None if the round ends before."""
    game = LamaGame(list(players), deck, seed=seed)
    rng, bold = random.Random(seed), STRATEGIES["bold"]
    while not game.round_over:
        legal = game.legal_actions()
        if game.player == game.players[0] and draw_or_quit(legal):
            return game
        game.apply(bold(game.view(game.player), legal, rng))
    return None


def next_moment(deck: Deck | str, seed: int, players: Sequence[str]) -> tuple[int, LamaGame]:
    """The first seed after `seed` whose game comes to a moment to decide, and that game."""
    for tried in range(seed + 1, seed + 1 + MOMENT_TRIES):
        game = moment(deck, tried, players)
        if game is not None:
            return tried, game
    raise ValueError(_("no game came to a moment to decide: try another deck"))

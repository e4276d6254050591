"""A player's view as JSON and back (mathcards/views.py): every view of a game played with random
legal moves, in each of the table games, is read back as the very view the engine gave."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mathcards.table import GAMES, Table
from mathcards.views import view_json, view_of


@settings(max_examples=12)
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 10**6))
def test_every_view_of_a_game_comes_back_as_the_engine_gave_it(game: str, seed: int) -> None:
    table = Table(game, ["Ann", "Bo", "Cy"], seed=seed)
    rng = random.Random(seed)
    for _move in range(120):
        for seat in table.seats:
            view = table.game.view(seat.player)
            sent = json.loads(json.dumps(view_json(view)))
            assert view_of(game, sent) == view
        if table.game.over:
            return
        movers = table.to_move() or [table.seats[0].player]
        student = next(seat.student for seat in table.seats if seat.player == movers[0])
        assert student is not None
        table.move(student, rng.choice(table.view(student).legal))


def test_a_view_of_no_table_game_is_refused() -> None:
    with pytest.raises(ValueError, match="no view of 'mam'"):
        view_of("mam", {})
    with pytest.raises(ValueError, match="a view holds no object"):
        view_json(object())

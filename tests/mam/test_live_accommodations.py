"""The accommodations in the live MAM! game (docs/rules.md#mam-accommodations): a student with no
countdown may answer a round whose time is up until the teacher reveals it; the wrong claim of
a student whose claim costs nobody gives nobody a card."""

from __future__ import annotations

import pytest

from mathcards import i18n
from mathcards.accommodations import (
    Accommodation,
    accommodations,
    label,
    listed,
    phase_seen,
    takes_answers,
)
from mathcards.mam.live import LiveGame, LiveRefusal, Phase
from tests.mam.test_live import right, room, wrong

WAITS = frozenset({Accommodation.NO_COUNTDOWN})
SPARES = frozenset({Accommodation.COSTS_NOBODY})


def test_a_student_with_no_countdown_answers_after_the_time_is_up_until_the_reveal() -> None:
    game = room("Ada", "Bolek")
    game.open_round()
    game.close()  # the round's time is up
    with pytest.raises(LiveRefusal, match="no round is open"):
        game.answer("Bolek", right(game), seq=1)
    taken = game.answer("Ada", right(game), seq=2, held=WAITS)
    assert taken.correct and taken.first and game.players["Ada"].points == taken.points
    game.reveal()
    with pytest.raises(LiveRefusal, match="no round is open"):
        game.answer("Ada", right(game), seq=3, held=WAITS)


def test_a_student_with_no_countdown_waits_like_everyone_while_the_game_is_paused() -> None:
    game = room("Ada")
    game.open_round()
    game.pause()
    with pytest.raises(LiveRefusal, match="paused"):
        game.answer("Ada", right(game), seq=1, held=WAITS)


def test_the_wrong_claim_of_a_student_it_costs_nothing_gives_nobody_a_card() -> None:
    game = room("Ada", "Bolek", "Cyryl")
    game.open_round()
    told = game.answer("Ada", wrong(game), seq=1, held=SPARES)
    assert not told.correct and told.points == 0
    assert {s.name: s.points for s in game.standings()} == {"Ada": 0, "Bolek": 0, "Cyryl": 0}
    with pytest.raises(LiveRefusal, match="claim this round"):  # still one claim a round
        game.answer("Ada", right(game), seq=2, held=SPARES)
    won = game.answer("Bolek", right(game), seq=3, held=SPARES)  # a right one still wins
    assert won.first and game.players["Bolek"].points == won.points
    game.reveal()
    game.open_round()
    game.answer("Bolek", wrong(game), seq=4)  # a classmate's wrong claim costs as ever
    assert game.players["Ada"].points == 1 and game.players["Cyryl"].points == 1
    assert game.players["Bolek"].points == won.points


def test_a_game_replayed_with_the_accommodations_of_each_answer_scores_the_same() -> None:
    moves = [("Ada", WAITS), ("Bolek", SPARES), ("Cyryl", frozenset())]

    def played() -> LiveGame:
        game = room("Ada", "Bolek", "Cyryl")
        game.open_round()
        game.answer("Bolek", wrong(game), seq=1, held=moves[1][1])
        game.close()
        game.answer("Ada", right(game), seq=2, held=moves[0][1])
        game.reveal()
        return game

    once, again = played(), played()
    assert once.standings() == again.standings()
    assert {s.name: s.points for s in once.standings()} == {
        "Ada": len(once.round.first_right.verdict.cards),  # type: ignore[union-attr]
        "Bolek": 0,
        "Cyryl": 0,
    }


def test_the_rules_of_the_accommodations_in_one_place() -> None:
    assert takes_answers(Phase.OPEN, frozenset()) and not takes_answers(Phase.CLOSED, frozenset())
    assert takes_answers(Phase.CLOSED, WAITS) and not takes_answers(Phase.REVEALED, WAITS)
    assert phase_seen(Phase.CLOSED, WAITS) is Phase.OPEN
    assert phase_seen(Phase.CLOSED, SPARES) is Phase.CLOSED
    assert phase_seen(Phase.PAUSED, WAITS) is Phase.PAUSED


def test_accommodations_are_read_from_their_names_and_a_wrong_one_is_a_sentence() -> None:
    assert accommodations(["larger", "no-countdown"]) == {
        Accommodation.LARGER,
        Accommodation.NO_COUNTDOWN,
    }
    assert listed(accommodations(["larger", "no-countdown"])) == ["no-countdown", "larger"]
    with pytest.raises(ValueError, match="an accommodation is one of"):
        accommodations(["slower"])
    before = i18n.language()
    i18n.use("pl")
    try:
        assert label(WAITS) == "bez odliczania"
    finally:
        i18n.use(before)

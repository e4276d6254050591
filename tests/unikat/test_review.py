"""Unikat's game review (docs/design.md#a-game-review): every turn in which a card could be
laid, the cards laid against the longest chain there was as the turn began."""

from __future__ import annotations

from mathcards.i18n import use, you
from mathcards.review import reviews
from mathcards.unikat.chain import best_chain
from tests.reviewed import played


def test_each_turn_is_scored_against_the_longest_chain_as_it_began() -> None:
    setup, moves = played("unikat", ["random", "greedy", "expert"], 3)
    careless = reviews("unikat", setup, 3, moves)["P1"]
    assert careless.decisions and careless.accuracy < 100
    for decision in careless.decisions:
        view = careless.frames[decision.number - 1].view
        longest = len(best_chain(view.board, view.rack))
        assert decision.situation == {
            "laid": int(decision.chosen),
            "longest": longest,
            "rack": len(view.rack),
        }
        assert decision.stake == max(longest, int(decision.chosen)) >= 1
        assert decision.values[decision.chosen] == len(view.rack) - int(decision.chosen)
    lays = [
        f for f in careless.frames[1:] if f.player == "P1" and f.move and f.move["move"] == "lay"
    ]
    assert sum(int(decision.chosen) for decision in careless.decisions) == len(lays) > 0


def test_a_short_turn_is_told_in_cards() -> None:
    setup, moves = played("unikat", ["random", "greedy"], 3)
    review = reviews("unikat", setup, 3, moves)["P1"]
    told = review.told(player=you())
    assert told[0].startswith("In this turn you laid ")
    assert "The longest chain you could lay was " in told[0]
    about = review.told()
    assert about[0].startswith("P1 laid ") and " in this turn." in about[0]
    assert "The longest chain they could lay was " in about[0]
    try:
        use("pl")
        polish = review.told(player="Ola")
    finally:
        use("en")
    assert polish[0].startswith("Ola kładzie w tej turze ")

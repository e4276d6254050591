"""A game dealt from a stacked deck, for the rule tests."""

from mathcards.lama import LamaGame

NAMES = ("Ann", "Bob", "Cleo", "Dan")


def table(*hands: str, top: str, draws: str = "", deck: str = "classic", **options) -> LamaGame:
    """A game whose first round is dealt from a stacked deck: these hands, top card and draws."""
    stacked = [token for hand in hands for token in hand.split()] + [top, *draws.split()]
    return LamaGame(list(NAMES[: len(hands)]), deck, stacked=stacked, seed=1, **options)

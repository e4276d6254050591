"""The contract every game follows (DESIGN.md), in the spirit of OpenSpiel's `State`.

A game is data plus moves: `legal_actions()` lists what may be done now, `apply(action)` does
it and returns an `Event`, and `view(player)` is all that player may see. Chance is explicit:
a game draws from its own `random.Random(seed)`; a *scripted* game instead stops at each
chance event, lists its outcomes with exact probabilities in `chance_outcomes()`, and waits
for a `ChanceOutcome` (demos and tests choose the roll, a user interface never can).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Generic, Protocol, TypeVar, runtime_checkable

FEWEST_PLAYERS = 2
MOST_PLAYERS = 6

Action = TypeVar("Action")
Outcome = TypeVar("Outcome", bound=Hashable)


class IllegalAction(ValueError):
    """A move the rules do not allow now; the message says which rule, in plain words."""


@dataclass(frozen=True)
class Event:
    """What a move did: who made it, what kind of thing happened, and a sentence for people."""

    player: str | None
    kind: str
    sentence: str

    def __str__(self) -> str:
        return self.sentence


@dataclass(frozen=True)
class ChanceOutcome(Generic[Outcome]):
    """The result of the pending chance event, chosen by hand (a scripted game only)."""

    outcome: Outcome


def check_players(
    players: Iterable[object],
    *,
    game: str,
    fewest: int = FEWEST_PLAYERS,
    most: int = MOST_PLAYERS,
) -> list[str]:
    """The players' names, stripped: `fewest` to `most` of them, each non-empty and unique."""
    if isinstance(players, str):
        raise ValueError(f"give {game} a list of player names, not one string")
    names = [str(player).strip() for player in players]
    if not fewest <= len(names) <= most:
        raise ValueError(f"{game} is for {fewest} to {most} players, not {len(names)}")
    if "" in names:
        raise ValueError("every player needs a name")
    twice = sorted({name for name in names if names.count(name) > 1})
    if twice:
        raise ValueError(f"every player needs a name of their own: {', '.join(twice)} is taken")
    return names


def check_cards(cards: object, what: str = "a card") -> tuple[int, ...]:
    """Cards named in a move are whole numbers (a card 3.0 or "3" is not a card)."""
    listed = cards if isinstance(cards, tuple | list) else (cards,)
    for card in listed:
        if type(card) is not int:
            raise IllegalAction(f"{what} is a whole number, not {card!r}")
    return tuple(listed)


def check_outcome(outcome: object, outcomes: dict[Any, Fraction], what: str) -> None:
    """A scripted chance outcome must be one that can happen now."""
    if not outcomes:
        raise IllegalAction(f"nothing is waiting for {what} now")
    try:
        possible = outcome in outcomes
    except TypeError:  # an unhashable outcome, such as a list, is none of them
        possible = False
    if not possible:
        raise IllegalAction(f"{what} cannot come out as {outcome!r}")


@runtime_checkable
class Game(Protocol[Action]):
    """What every game offers; the widgets, the bots and the contract test use only this."""

    players: list[str]
    log: list[str]

    def current_players(self) -> list[str]:
        """Who may act now: everyone in the MAM! race, else the one whose turn it is."""
        ...

    def legal_actions(self, player: str | None = None) -> list[Action]:
        """The moves allowed now (for `player`, or for whoever is to act)."""
        ...

    def apply(self, action: Action) -> Event:
        """Make a move, or raise `IllegalAction` naming the rule it breaks."""
        ...

    def chance_outcomes(self) -> dict[Any, Fraction]:
        """The pending chance event's outcomes and their exact probabilities; {} if none."""
        ...

    def view(self, player: str) -> Any:
        """All that `player` may see, and nothing more."""
        ...

    @property
    def over(self) -> bool:
        """Has the game ended?"""
        ...

    def scores(self) -> dict[str, int]:
        """Each player's score so far."""
        ...

    def winners(self) -> list[str]:
        """Who has won (or leads), ties included."""
        ...


@runtime_checkable
class RoundGame(Game[Action], Protocol[Action]):
    """A game played in rounds until a score ends it."""

    @property
    def round_over(self) -> bool:
        """Has this round ended (so `next_round()` may deal the next)?"""
        ...

    @property
    def rounds(self) -> int:
        """How many rounds have been dealt."""
        ...

    def next_round(self) -> Event:
        """Deal the next round, or raise `IllegalAction` while one is going or the game is over."""
        ...

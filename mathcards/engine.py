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

from mathcards.i18n import N_, _

FEWEST_PLAYERS = 2
MOST_PLAYERS = 6

Action = TypeVar("Action")
Outcome = TypeVar("Outcome", bound=Hashable)

GAMES = (N_("MAM!"), N_("LAMA"), N_("LAMA Dice"), N_("Unikat"))  # the names check_players is given
NOT_WHOLE = {  # check_cards: what a move names, and the sentence when it is no whole number
    "a card": N_("a card is a whole number, not {value}"),
    "a chip": N_("a chip is a whole number, not {value}"),
}
NOT_WAITING = {  # check_outcome: the chance event, and the sentence when none is pending
    "the dice": N_("nothing is waiting for the dice now"),
    "the next card": N_("nothing is waiting for the next card now"),
    "the bag": N_("nothing is waiting for the bag now"),
}
CANNOT_COME_OUT = {  # check_outcome: the chance event, and the sentence for an impossible outcome
    "the dice": N_("the dice cannot come out as {outcome}"),
    "the next card": N_("the next card cannot come out as {outcome}"),
    "the bag": N_("the bag cannot come out as {outcome}"),
}


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
    """The players' names, stripped: `fewest` to `most` of them, each non-empty and unique
    (`game` is one of GAMES, named in the language in use)."""
    title = _(game)
    if isinstance(players, str):
        raise ValueError(_("give {game} a list of player names, not one string").format(game=title))
    names = [str(player).strip() for player in players]
    if not fewest <= len(names) <= most:
        sentence = _("{game} is for {fewest} to {most} players, not {count}")
        raise ValueError(sentence.format(game=title, fewest=fewest, most=most, count=len(names)))
    if "" in names:
        raise ValueError(_("every player needs a name"))
    twice = sorted({name for name in names if names.count(name) > 1})
    if twice:
        sentence = _("every player needs a name of their own: {names} is taken")
        raise ValueError(sentence.format(names=", ".join(twice)))
    return names


def check_cards(cards: object, what: str = "a card") -> tuple[int, ...]:
    """Cards named in a move are whole numbers (a card 3.0 or "3" is not a card); `what` is
    one of NOT_WHOLE's keys."""
    listed = cards if isinstance(cards, tuple | list) else (cards,)
    for card in listed:
        if type(card) is not int:
            sentence = NOT_WHOLE.get(what, N_("not a whole number: {value}"))
            raise IllegalAction(_(sentence).format(value=repr(card)))
    return tuple(listed)


def check_outcome(outcome: object, outcomes: dict[Any, Fraction], what: str) -> None:
    """A scripted chance outcome must be one that can happen now; `what` names the chance
    event, one of NOT_WAITING's keys."""
    if not outcomes:
        sentence = NOT_WAITING.get(what, N_("no chance event is waiting now"))
        raise IllegalAction(_(sentence))
    try:
        possible = outcome in outcomes
    except TypeError:  # an unhashable outcome, such as a list, is none of them
        possible = False
    if not possible:
        sentence = CANNOT_COME_OUT.get(what, N_("that cannot come out now: {outcome}"))
        raise IllegalAction(_(sentence).format(outcome=repr(outcome)))


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

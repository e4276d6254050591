"""The contract every game follows (docs/design.md#the-engine-contract), in the spirit of
OpenSpiel's `State`.

A game is data plus moves: `legal_actions()` lists what may be done now, `apply(action)` does
it and returns an `Event` (its `kind` a member of `Kind` or of the game's own `Enum`), and
`view(player)` is all that player may see, starting with the same `View` core in every game.
Chance is explicit: a game draws from its own `random.Random(seed)`; a *scripted* game instead
stops at each chance event (its phase `CHANCE`), lists its outcomes with exact probabilities in
`chance_outcomes()`, and waits for a `ChanceOutcome` (demos and tests choose the roll, a user
interface never can). A round game's phase is `ROUND_OVER` between rounds; every game's is
`OVER` at its end. A computer player chooses from what it may see: `(view, legal, rng)`.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from typing import Any, Generic, Protocol, TypeVar, runtime_checkable

from mathcards.i18n import N_, _, and_list, is_you, said

FEWEST_PLAYERS = 2
MOST_PLAYERS = 6

Action = TypeVar("Action")
Outcome = TypeVar("Outcome", bound=Hashable)
SeenBy = TypeVar("SeenBy", bound="View", contravariant=True)
Chosen = TypeVar("Chosen", covariant=True)

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


class Kind(Enum):
    """What happened, in the words several games share; each game names its own kinds in an
    `Enum` of its own (`mathcards.lama.game.LamaKind`, …)."""

    DEAL = "deal"  # a new round is dealt
    CHANCE = "chance"  # a scripted game: the card, the dice or the bag came out as chosen
    DRAW = "draw"  # a player draws a card
    QUIT = "quit"  # a player leaves the round
    RETURN_CHIP = "return chip"  # a player gives back one chip


@dataclass(frozen=True)
class Event:
    """What a move did: who made it, what kind of thing happened, and a sentence for people."""

    player: str | None
    kind: Enum  # a `Kind`, or one of the game's own kinds
    sentence: str

    def __str__(self) -> str:
        return self.sentence


@dataclass(frozen=True)
class ChanceOutcome(Generic[Outcome]):
    """The result of the pending chance event, chosen by hand (a scripted game only)."""

    outcome: Outcome


@dataclass(frozen=True)
class Quit:
    """Leave the round: what you hold is scored at its end (LAMA, LAMA Dice)."""


@dataclass(frozen=True)
class NextRound:
    """Deal the next round (a round game, between rounds): `next_round()` as a move, so that a
    game's moves, kept in order, replay it (`make_move`)."""


@dataclass(frozen=True)
class View:
    """What every view starts with: who looks, who may act now, and everyone's score."""

    viewer: str
    to_move: tuple[str, ...]  # `current_players()`: one player, all in the MAM! race, or none
    scores: Mapping[str, int]


class ComputerPlayer(Protocol[SeenBy, Chosen]):
    """A computer player: it chooses one of the legal moves from what it may see."""

    def __call__(self, view: SeenBy, legal: list[Any], rng: random.Random, /) -> Chosen: ...


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


def check_player(player: object, players: Iterable[str]) -> str:
    """The name of a player of this game, or `IllegalAction` saying there is nobody so called."""
    if not isinstance(player, str) or player not in players:
        raise IllegalAction(_("there is no player called {player}").format(player=repr(player)))
    return player


def check_strategy(strategy: object, strategies: Mapping[str, Any]) -> str:
    """The name of one of `strategies` (how a computer player plays), or a ValueError naming
    the choices."""
    if not isinstance(strategy, str) or strategy not in strategies:
        sentence = _("unknown strategy {strategy}: choose one of {strategies}")
        raise ValueError(sentence.format(strategy=repr(strategy), strategies=", ".join(strategies)))
    return strategy


def fewest(scores: Mapping[str, int]) -> list[str]:
    """The players with the fewest points, in seating order: they share the win."""
    least = min(scores.values())
    return [player for player, points in scores.items() if points == least]


def game_over(winners: list[str]) -> str:
    """The game's last sentence: "Game over: Ann wins.", "…: you win.", "…: Ann and Bo win."."""
    if len(winners) == 1:
        return said(winners[0], N_("Game over: you win."), N_("Game over: {player} wins."))
    others = [winner for winner in winners if not is_you(winner)]
    if len(others) < len(winners):
        return _("Game over: you share the win with {names}.").format(names=and_list(others))
    return _("Game over: {names} win.").format(names=and_list(winners))


def computer_seat(number: int, strategy: str) -> str:
    """A computer player's seat (the `number`th computer at the table, playing `strategy`) in
    English whatever the language: what its chance is keyed on, so that a seed plays the same
    game on every page."""
    return f"Computer {number} ({strategy})"


def computer_seats(computers: Mapping[str, str], players: Iterable[str]) -> dict[str, str]:
    """Each computer player's seat (`computers`: name → strategy), numbered in seating order."""
    seated = [name for name in players if name in computers]
    return {name: computer_seat(number, computers[name]) for number, name in enumerate(seated, 1)}


def computer_rng(seed: object, seat: str, moves: int = 0) -> random.Random:
    """A computer player's chance for one decision, keyed on the game's seed, its seat (in words
    that stay the same in every language) and the moves the game has had: a game rebuilt from
    its seed and its moves has its computer players choose as they did (unseeded without a
    seed)."""
    return random.Random(f"{seed}/{seat}/{moves}" if seed is not None else None)


def make_move(game: Game[Action], move: Action | NextRound) -> Event:
    """Make one move of a game: `apply` it, or deal the next round (`NextRound`)."""
    if isinstance(move, NextRound):
        deal = getattr(game, "next_round", None)
        if deal is None:
            raise IllegalAction(_("this game is not played in rounds"))
        event: Event = deal()
        return event
    return game.apply(move)


def computer_to_move(game: Game[Any], computers: Mapping[str, Any]) -> str | None:
    """The first of `computers` who may act now, or None when it is a person's move."""
    return next((player for player in game.current_players() if player in computers), None)


def computer_move(
    game: Game[Action], computers: Mapping[str, ComputerPlayer[Any, Action]], rng: random.Random
) -> Event | None:
    """The computer player to move chooses from its own view and moves; None if none is to."""
    chosen = computer_choice(game, computers, rng)
    return None if chosen is None else game.apply(chosen)


def computer_choice(
    game: Game[Action], computers: Mapping[str, ComputerPlayer[Any, Action]], rng: random.Random
) -> Action | None:
    """The move the computer player to move chooses from its own view; None if none is to."""
    player = computer_to_move(game, computers)
    if player is None:
        return None
    return computers[player](game.view(player), game.legal_actions(player), rng)


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

    @property
    def phase(self) -> Enum:
        """What the game waits for: its CHANCE member while chance is pending, OVER at the end."""
        ...

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
        """All that `player` may see, and nothing more: a `View` and the game's own fields."""
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
        """Has this round ended (its phase ROUND_OVER, so `next_round()` may deal the next)?"""
        ...

    @property
    def rounds(self) -> int:
        """How many rounds have been dealt."""
        ...

    def next_round(self) -> Event:
        """Deal the next round, or raise `IllegalAction` while one is going or the game is over."""
        ...

"""A game review for every player (docs/design.md#a-game-review): a finished game, had again
from its settings, seed and moves (`mathcards.replay`), with each decision a player made scored
against the best, an accuracy in percent, the costliest decisions in words, and the game as
that player saw it, move by move, to step through.

What a decision is and what each choice costs is each game's (`mathcards/<game>/review.py`,
loaded when that game is first asked for): LAMA Dice's roll or quit, LAMA's draw or quit, a
Unikat turn against the longest chain. What they share is here: a decision's cost (what the
choice made cost more than the best one) and stake (what the worst choice costs more than the
best), the accuracy (the share of the points at stake that the choices kept), the costliest."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from importlib import import_module
from typing import Any, Protocol

from mathcards.codec import Move, shown
from mathcards.engine import Game, make_move
from mathcards.i18n import _
from mathcards.replay import dealt, rules

GAMES = ("lama", "lama_dice", "unikat")  # the games reviewed, by package name
COSTLIEST = 3  # the decisions a review tells in words, at most


@dataclass(frozen=True)
class ScoredDecision:
    """One decision of a player, scored: `values` is what each choice weighed costs, in the
    game's points (lower is better), `chosen` and `best` among them; `exact` when the values
    are the engine's exact odds, not the expert's reckoning; `situation` the facts its words
    are made of (JSON: numbers, texts, lists, a chance as "3/8"); `stand_in` when a computer
    player chose for the seat while its student was away."""

    game: str
    number: int  # the move it was, counted from 1 in the game's moves
    player: str
    round: int
    chosen: str
    best: str
    values: Mapping[str, Fraction]
    exact: bool
    situation: Mapping[str, Any]
    stand_in: bool = False

    @property
    def cost(self) -> Fraction:
        """What the choice made cost more than the best one (0 when it was the best)."""
        return self.values[self.chosen] - self.values[self.best]

    @property
    def stake(self) -> Fraction:
        """What was at stake: what the worst choice costs more than the best one."""
        return max(self.values.values()) - self.values[self.best]

    @property
    def matched(self) -> bool:
        """Was the choice made as good as the best?"""
        return self.cost == 0


@dataclass(frozen=True)
class Frame:
    """The game after one of its moves (number 0: as dealt), as one player saw it: who moved,
    the move (as JSON), the sentence it made, and that player's view."""

    number: int
    player: str | None
    move: Move | None
    sentence: str
    view: Any


def accuracy(decisions: Iterable[ScoredDecision]) -> Fraction:
    """The accuracy in percent: 100 × (1 − the points the choices cost more than the best ones
    ÷ the points at stake in them), 100 when nothing was at stake. A decision weighs as much as
    was at stake in it: a close call barely counts, a big one counts much."""
    scored = list(decisions)
    stake = sum((decision.stake for decision in scored), Fraction(0))
    if not stake:
        return Fraction(100)
    return 100 * (1 - sum((decision.cost for decision in scored), Fraction(0)) / stake)


def costliest(decisions: Iterable[ScoredDecision], most: int = COSTLIEST) -> list[ScoredDecision]:
    """The decisions that cost the most, costliest first (the earlier of two alike), at most
    `most`; none that matched the best."""
    costly = [decision for decision in decisions if decision.cost > 0]
    return sorted(costly, key=lambda decision: (-decision.cost, decision.number))[:most]


@dataclass(frozen=True)
class Review:
    """One player's review of one game: their decisions scored, and the game as they saw it
    (`frames[n]`: after move n; a decision at move n was made looking at `frames[n - 1]`)."""

    game: str
    player: str
    decisions: tuple[ScoredDecision, ...]
    frames: tuple[Frame, ...]

    @property
    def own(self) -> tuple[ScoredDecision, ...]:
        """The decisions the player made themselves (not a computer for them while away)."""
        return tuple(decision for decision in self.decisions if not decision.stand_in)

    @property
    def accuracy(self) -> Fraction:
        """The accuracy in percent of the player's own decisions."""
        return accuracy(self.own)

    @property
    def matched(self) -> int:
        """How many of the player's own decisions were as good as the best."""
        return sum(decision.matched for decision in self.own)

    def costliest(self, most: int = COSTLIEST) -> list[ScoredDecision]:
        """The player's own costliest decisions."""
        return costliest(self.own, most)

    def told(self, most: int = COSTLIEST, player: str | None = None) -> list[str]:
        """The costliest decisions in words, in the language in use, about `player` (as in
        `explained`)."""
        return [explained(decision, player) for decision in self.costliest(most)]


@dataclass(frozen=True)
class ReviewedMove:
    """A move of a game being reviewed, before it is made: its number, the game as it stands,
    and the move."""

    number: int
    played: Game[Any]
    action: Any


class Judge(Protocol):
    """A game's review module: its decisions among the steps, and one decision in words."""

    def decisions(self, game: str, steps: Iterable[ReviewedMove]) -> Iterator[ScoredDecision]: ...

    def explained(self, decision: ScoredDecision, player: str | None = None) -> str: ...


def judge(game: str) -> Judge:
    """The review module of one of the reviewed games, by package name."""
    if game not in GAMES:
        message = _("a game review is for {games}, not {game}")
        raise ValueError(message.format(games=", ".join(GAMES), game=shown(game)))
    # each game's review is loaded when first asked for, as its replay is (mathcards.replay):
    # the other two games' engines and bots cost 30 ms of CPU at import (-X importtime)
    module: Judge = import_module(f"mathcards.{game}.review")
    return module


def explained(decision: ScoredDecision, player: str | None = None) -> str:
    """A decision in words a 12-year-old follows, in the language in use: about `player` (the
    decision's own player when None) in the third person, as the class sees it on a wall; to
    the reader in the second person when `player` is the reader's seat (`i18n.you()`)."""
    return judge(decision.game).explained(decision, player)


def reviews(
    game: str,
    settings: object,
    seed: object,
    moves: Iterable[object],
    stand_ins: Collection[int] = (),
) -> dict[str, Review]:
    """Every player's review of a game kept as its settings, seed and moves (each as JSON);
    `stand_ins`: the numbers of the moves a computer player made for a seat whose student was
    away. A ValueError when the moves are not a game of these settings."""
    reviewer = judge(game)
    played = dealt(game, settings, seed)
    frames: dict[str, list[Frame]] = {
        player: [Frame(0, None, None, "", played.view(player))] for player in played.players
    }
    steps = _steps(game, played, moves, frames)
    found = list(reviewer.decisions(game, steps))
    for _rest in steps:  # a judge that stopped early: the frames still go to the end
        pass
    return {
        player: Review(
            game,
            player,
            tuple(_marked(decision, stand_ins) for decision in found if decision.player == player),
            tuple(frames[player]),
        )
        for player in played.players
    }


def _marked(decision: ScoredDecision, stand_ins: Collection[int]) -> ScoredDecision:
    if decision.number not in stand_ins:
        return decision
    return replace(decision, stand_in=True)


def _steps(
    game: str, played: Game[Any], moves: Iterable[object], frames: dict[str, list[Frame]]
) -> Iterator[ReviewedMove]:
    """Each move before it is made; once the judge has looked, it is made and every player's
    frame kept."""
    read = rules(game)
    for number, move in enumerate(moves, 1):
        action = read.action_of(move)
        yield ReviewedMove(number, played, action)
        event = make_move(played, action)
        written = read.action_json(action)
        for player, seen in frames.items():
            seen.append(Frame(number, event.player, written, event.sentence, played.view(player)))

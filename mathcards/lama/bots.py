"""Computer players for LAMA, deciding from what they may see (`view(player)`) alone: each
strategy is a `ComputerPlayer`, a function `(view, legal, rng) -> action`.

- `random` picks uniformly among the legal moves;
- `cautious` plays while it can and quits as soon as it cannot;
- `bold` plays while it can, else draws while it can, and quits only when it must;
- `expert` plays while it can (the pink llama and "+" cards first, then what lowers its score
  most) and otherwise weighs exact odds (`draw_pays`): the chance a draw fits, the points a
  draw adds on average, the points it holds now, and how many cards the others still hold.
Every strategy returns its largest chip.
"""

from __future__ import annotations

import functools
import random
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from mathcards import engine
from mathcards.engine import computer_move
from mathcards.i18n import N_, _
from mathcards.lama.cards import Card, score
from mathcards.lama.game import Action, Draw, LamaGame, LamaView, Play, Quit, ReturnChip
from mathcards.lama.odds import DrawOdds, draw_odds

LABELS = {  # each strategy's name as a page shows it
    "random": N_("random"),
    "cautious": N_("cautious"),
    "bold": N_("bold"),
    "expert": N_("expert"),
}
Strategy = Callable[[LamaView, list[Action], random.Random], Action]  # an engine.ComputerPlayer


def check_strategy(strategy: object) -> str:
    """One of `STRATEGIES`, or a ValueError naming them."""
    return engine.check_strategy(strategy, STRATEGIES)


def label(strategy: str) -> str:
    """A strategy's name in the language in use: cautious, ostrożny."""
    return _(LABELS[check_strategy(strategy)])


def _largest_chip_first(decide: Strategy) -> Strategy:
    """A strategy that returns its largest chip when it may (docs/rules.md#chips-return), else
    decides."""

    @functools.wraps(decide)
    def strategy(view: LamaView, legal: list[Action], rng: random.Random) -> Action:
        chips = [action for action in legal if isinstance(action, ReturnChip)]
        if chips:
            return max(chips, key=lambda action: action.chip)
        return decide(view, legal, rng)

    return strategy


def _plays(legal: list[Action]) -> list[Play]:
    """The legal moves that play a card."""
    return [action for action in legal if isinstance(action, Play)]


@_largest_chip_first
def _random(view: LamaView, legal: list[Action], rng: random.Random) -> Action:
    """Any legal move, each as likely."""
    return rng.choice(legal)


@_largest_chip_first
def _cautious(view: LamaView, legal: list[Action], rng: random.Random) -> Action:
    """Play if a card fits, else quit."""
    plays = _plays(legal)
    return best_play(view, plays) if plays else Quit()


@_largest_chip_first
def _bold(view: LamaView, legal: list[Action], rng: random.Random) -> Action:
    """Play if a card fits, else draw if it may, else quit."""
    plays = _plays(legal)
    if plays:
        return best_play(view, plays)
    return Draw() if Draw() in legal else Quit()


@_largest_chip_first
def _expert(view: LamaView, legal: list[Action], rng: random.Random) -> Action:
    """Play if a card fits; else draw when the odds say a draw is worth it, else quit."""
    plays = _plays(legal)
    if plays:
        return best_play(view, plays)
    return Draw() if Draw() in legal and draw_pays(view) else Quit()


def best_play(view: LamaView, plays: list[Play]) -> Play:
    """The pink llama first (it scores 20), then a "+" card (another turn at once), then the
    card whose going lowers the score most, then the higher card."""
    left = list(view.hand)

    def worth(play: Play) -> tuple[bool, bool, int, int]:
        """How much a play is worth: higher is better."""
        left.remove(play.card)
        lower = score(view.hand, llama_scoring=view.llama_scoring) - score(
            left, llama_scoring=view.llama_scoring
        )
        left.append(play.card)
        return (play.card is Card.PINK_LLAMA, play.card.plus, lower, play.card.rank)

    return max(plays, key=worth)


CAUTION = 2  # how much a fitting draw is worth, in units of the average card's points
LAST_CARD_CAUTION = 1  # the same when a player still in the round holds a single card


@dataclass(frozen=True)
class Reckoning:
    """The expert's reckoning of a draw or quit, in points: quitting keeps the points held now;
    drawing adds what a card that does not fit adds on average (`risk`) and takes off the worth
    of playing on with a card that fits (`hope`: the chance it fits times the points held now,
    times the expert's caution)."""

    odds: DrawOdds
    quit: Fraction
    risk: Fraction
    hope: Fraction

    @property
    def draw(self) -> Fraction:
        return self.quit + self.risk - self.hope


def reckoning(view: LamaView) -> Reckoning | None:
    """The expert's reckoning, from the odds the viewer's odds panel shows; None when they may
    not draw."""
    odds = draw_odds(view)
    if odds is None:
        return None
    playing = [seat.cards for seat in view.others if not seat.quit]
    now = score(view.hand, llama_scoring=view.llama_scoring)
    caution = LAST_CARD_CAUTION if min(playing) == 1 else CAUTION
    return Reckoning(odds, Fraction(now), odds.cost * (1 - odds.fits), caution * odds.fits * now)


def draw_pays(view: LamaView) -> bool:
    """Draw rather than quit when the points a draw adds on average and keeps (it does not
    fit) are outweighed by the chance it fits times the points held now; with less weight
    when the round may end at the next turn."""
    weighed = reckoning(view)
    return weighed is not None and weighed.risk <= weighed.hope


STRATEGIES: dict[str, Strategy] = {
    "random": _random,
    "cautious": _cautious,
    "bold": _bold,
    "expert": _expert,
}


# ---------------------------------------------------------------- tournaments


@dataclass(frozen=True)
class Standing:
    """One computer player's results over a tournament."""

    name: str
    strategy: str
    penalties: tuple[int, ...]  # the points each round cost it (less chips returned)
    wins: int  # games won, shared wins included

    @property
    def mean_penalty(self) -> float:
        """The points a round cost on average."""
        return statistics.fmean(self.penalties)

    @property
    def spread(self) -> float:
        """The standard deviation of the points a round cost."""
        return statistics.pstdev(self.penalties)

    @property
    def label(self) -> str:
        """Its name at the table in the language in use: "expert 2", "ekspert 2"."""
        return label(self.strategy) + self.name.removeprefix(self.strategy)


def seat_names(strategies: Sequence[str]) -> list[str]:
    """Each computer player's name at the table: its strategy, numbered when it plays more
    than once."""
    names: list[str] = []
    for place, strategy in enumerate(map(check_strategy, strategies)):
        copies = strategies[:place].count(strategy)
        names.append(f"{strategy} {copies + 1}" if copies else strategy)
    return names


def play_game(
    strategies: dict[str, str], *, seed: int | str, rng: random.Random, **options: Any
) -> tuple[LamaGame, list[dict[str, int]]]:
    """One whole game between computer players (name → strategy), every decision from a view;
    and what each round cost each player (its points, less any chip returned)."""
    game = LamaGame(list(strategies), seed=seed, **options)
    computers = {name: STRATEGIES[check_strategy(s)] for name, s in strategies.items()}
    costs: list[dict[str, int]] = []
    before = game.scores()
    while not game.over:
        if game.round_over:
            game.next_round()
            continue
        if computer_move(game, computers, rng) is None:
            raise RuntimeError("nobody is to move: a computers' game shuffles its own cards")
        if game.round_over:
            after = game.scores()
            costs.append({name: after[name] - before[name] for name in strategies})
            before = after
    return game, costs


def tournament(
    strategies: Sequence[str], games: int, *, seed: int = 0, **options: Any
) -> list[Standing]:
    """Seeded games between the strategies (LamaGame's options: preset, llama_scoring, …),
    the seats turning one place each game; the same seed gives the same results."""
    if games < 1:
        raise ValueError(_("a tournament needs 1 game or more, not {games}").format(games=games))
    names = seat_names(strategies)
    kinds = dict(zip(names, strategies, strict=True))
    rng = random.Random(f"lama tournament {seed}")
    penalties: dict[str, list[int]] = {name: [] for name in names}
    wins = dict.fromkeys(names, 0)
    for number in range(games):
        turn = number % len(names)
        seated = {name: kinds[name] for name in names[turn:] + names[:turn]}
        game, costs = play_game(seated, seed=f"{seed}/{number}", rng=rng, **options)
        for cost in costs:
            for name, points in cost.items():
                penalties[name].append(points)
        for name in game.winners():
            wins[name] += 1
    return [Standing(name, kinds[name], tuple(penalties[name]), wins[name]) for name in names]

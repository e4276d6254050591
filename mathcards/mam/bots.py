"""Computer players for the target game, with the speed of a beginner, a good or an expert player.

A computer player's *strategy* is how fast it thinks and how far it looks: the time it needs
grows with how hard the easiest solution is (its cards and its harder operators × ÷ ^), and an
expert sometimes goes for more cards, taking longer for it. Like every computer player it
chooses from `(view, legal, rng)`: it sees only what every player sees (`MamGame.view`) and
draws all its chance from the `random.Random` it is given. `race` decides who shouts "MAM!"
first; `thinking_time` how long they take at the time to think a student chose (or that they
wait, with no limit).

The game and its solver are imported as a computer player first plays, not with this module: a
page shows its computer players before anyone deals (docs/design.md#few-models-for-a-phone).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from mathcards import engine
from mathcards.engine import Event, computer_move, computer_rng, computer_to_move
from mathcards.i18n import N_, _
from mathcards.mam.moves import Action, Claim, Pass, Phase, Take

if TYPE_CHECKING:
    from mathcards.mam.game import MamGame, MamView
    from mathcards.mam.solver import Solution

HARD_OPERATORS = "*/^"
MAX_MOVES = 10_000  # play_game: a game of computer players that never ends is a bug


@dataclass(frozen=True)
class Plan:
    """What a computer player will do this round: claim `answer` after `seconds` (or not)."""

    player: str
    seconds: float
    answer: str | None  # None: it finds nothing

    @property
    def move(self) -> Claim | Pass:
        """Its claim, or `Pass` when it finds nothing."""
        return Claim(self.player, self.answer) if self.answer else Pass()


@dataclass(frozen=True)
class Strategy:
    """How a computer player plays: how fast it thinks, and how far it looks."""

    name: str
    seconds: float  # to look at a new table
    per_card: float  # for every card in the answer
    per_hard_operator: float  # for every × ÷ ^ in it
    greed: float  # the chance of going for the most cards
    reach: int  # the most cards in an answer it can find

    def __call__(self, view: MamView, legal: list[Action], rng: random.Random) -> Action:
        """After a wrong claim, take any face-up card offered; else claim the answer it
        finds, or pass when it finds none."""
        takes = [move for move in legal if isinstance(move, Take)]
        if takes:
            return rng.choice(takes)
        return self.plan(view, rng).move

    def plan(self, view: MamView, rng: random.Random) -> Plan:
        """The answer this player finds on the table it sees, and how long it takes."""
        # the solver with the game, at the first deal
        from mathcards.mam.solver import best, simplest

        cards, target, power = view.solver_cards(), view.target, view.power
        easiest = simplest(cards, target, power=power)
        if easiest is None or len(easiest.cards) > self.reach:
            return Plan(view.viewer, _think(self.seconds * 3, rng), None)
        chosen = easiest
        if rng.random() < self.greed:
            chosen = best(cards, target, power=power) or easiest
        return Plan(view.viewer, _think(self._effort(easiest, chosen), rng), chosen.text)

    def _effort(self, easiest: Solution, chosen: Solution) -> float:
        hard = sum(op in HARD_OPERATORS for op in easiest.operators)
        extra_cards = len(chosen.cards) - len(easiest.cards)
        return (
            self.seconds
            + self.per_card * (len(easiest.cards) + 2 * extra_cards)
            + self.per_hard_operator * hard
        )


def _think(seconds: float, rng: random.Random) -> float:
    return round(seconds * rng.uniform(0.8, 1.25), 1)


STRATEGIES: dict[str, Strategy] = {
    "beginner": Strategy("beginner", 8.0, 4.0, 3.0, 0.0, 3),
    "good": Strategy("good", 4.0, 2.5, 1.5, 0.15, 5),
    "expert": Strategy("expert", 2.0, 1.2, 0.6, 0.4, 8),
}
# What each strategy is called where a player reads it (the keys stay English: they are code).
STRATEGY_NAMES = {"beginner": N_("beginner"), "good": N_("good"), "expert": N_("expert")}


# How long a student lets the computer players think, as a factor of their own time; None: no
# limit, the computers wait until the student asks them (docs/rules.md#mam-computers).
THINKING_TIMES: dict[str, float | None] = {"normal": 1.0, "twice": 2.0, "four": 4.0, "none": None}
THINKING_TIME_NAMES = {
    "normal": N_("as usual"),
    "twice": N_("twice as long"),
    "four": N_("four times as long"),
    "none": N_("no limit"),
}


def check_thinking_time(time: object) -> str:
    """One of `THINKING_TIMES`, or a ValueError naming them."""
    if time not in THINKING_TIMES:
        message = _("unknown time to think {time}: choose one of {known}")
        raise ValueError(message.format(time=repr(time), known=", ".join(THINKING_TIMES)))
    return str(time)


def thinking_time(plan: Plan, time: str = "normal") -> float | None:
    """The seconds before the race's winner (`plan`) shouts at the student's time to think:
    its own seconds times the factor; None with no limit, when it waits until it is asked and
    so never wins a race by time."""
    factor = THINKING_TIMES[check_thinking_time(time)]
    return None if factor is None else plan.seconds * factor


def check_strategy(strategy: object) -> str:
    """One of `STRATEGIES`, or a ValueError naming them."""
    return engine.check_strategy(strategy, STRATEGIES)


def computer_name(number: int, strategy: str) -> str:
    """A computer player's seat at the table: "Computer 1 (expert)", in the language in use."""
    return _("Computer {number} ({skill})").format(
        number=number, skill=_(STRATEGY_NAMES[check_strategy(strategy)])
    )


def race(
    game: MamGame, computers: Mapping[str, Strategy], rngs: Mapping[str, random.Random]
) -> Plan:
    """Who shouts "MAM!" first: each computer player (seat → strategy, each with its own
    `rngs[seat]`) plans from its own view; the fastest that finds an answer wins (or, when
    none does, the first to give up)."""
    if not computers:
        raise ValueError(_("a race needs at least one computer player"))
    plans = [strategy.plan(game.view(seat), rngs[seat]) for seat, strategy in computers.items()]
    finders = [plan for plan in plans if plan.answer]
    return min(finders or plans, key=lambda plan: plan.seconds)


def computer_to_take(game: MamGame, computers: Mapping[str, Strategy]) -> str | None:
    """The computer player who must take a card now; None during the race, while the dice
    roll, or when a person takes next."""
    if game.phase is not Phase.TAKE:
        return None
    return computer_to_move(game, computers)


def computer_take(
    game: MamGame, computers: Mapping[str, Strategy], rngs: Mapping[str, random.Random]
) -> Event | None:
    """After a wrong claim, the computer player whose turn it is takes a card (with its own
    rng); None when no computer must take now."""
    seat = computer_to_take(game, computers)
    if seat is None:
        return None
    return computer_move(game, {seat: computers[seat]}, rngs[seat])


def play_game(strategies: Mapping[str, str], seed: int) -> MamGame:
    """A whole seeded game between computer players (name → strategy): the race's winner
    claims (all pass when nobody finds an answer), and after a wrong claim each takes a card."""
    from mathcards.mam.game import MamGame  # with the solver, at the first deal

    game = MamGame(list(strategies), seed=seed)
    computers = {name: STRATEGIES[check_strategy(chosen)] for name, chosen in strategies.items()}
    rngs = {name: computer_rng(seed, name) for name in strategies}
    for _move in range(MAX_MOVES):
        if game.over:
            return game
        if computer_take(game, computers, rngs) is None:
            game.apply(race(game, computers, rngs).move)
    raise RuntimeError(f"seed {seed}: the game did not end within {MAX_MOVES} moves")

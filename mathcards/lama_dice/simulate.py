"""Seeded Monte Carlo for LAMA Dice: single rolls, a last player's round (and the strategies
racing on it), whole games.

Each returns plain counts or lists that a plot can use, and is checked against the exact odds.
"""

from __future__ import annotations

import random
from collections import Counter, deque
from collections.abc import Iterable, Iterator

from mathcards.chips import check_llama_scoring, penalty
from mathcards.engine import computer_move
from mathcards.frequency import running_frequency as running_frequency  # re-exported
from mathcards.i18n import _, number
from mathcards.lama_dice.bots import STRATEGIES, check_strategy, discard_for, rolls_on
from mathcards.lama_dice.dice import (
    DEFAULT_DICE,
    Case,
    Dice,
    Row,
    case_of,
    check_dice,
    roll,
    without,
)
from mathcards.lama_dice.game import LamaDiceGame
from mathcards.lama_dice.odds import checked_rows

MAX_ROLLS = 10_000_000


def simulate_rolls(
    row: Iterable[int],
    llama_row: Iterable[int],
    rolls: int,
    *,
    seed: int | None = None,
    dice: Dice = DEFAULT_DICE,
    alone: bool = False,
) -> list[Case]:
    """Roll the dice `rolls` times for the same rows; the case of each roll, in order."""
    own, middle = checked_rows(row, llama_row)
    dice = check_dice(dice)
    if not isinstance(rolls, int) or not 0 <= rolls <= MAX_ROLLS:
        raise ValueError(
            _("rolls must be a whole number from 0 to {most}, not {rolls}").format(
                most=number(MAX_ROLLS), rolls=repr(rolls)
            )
        )
    rng = random.Random(seed)
    seen: dict[tuple, Case] = {}
    cases = []
    for _roll in range(rolls):
        faces = roll(rng, dice)
        case = seen.get(faces)
        if case is None:
            case = seen[faces] = case_of(faces, own, middle, alone=alone)
        cases.append(case)
    return cases


def simulate_last_player(
    row: Iterable[int],
    llama_row: Iterable[int],
    strategy: str,
    rounds: int,
    *,
    seed: int | None = None,
    dice: Dice = DEFAULT_DICE,
    llama_scoring: str = "once",
) -> list[int]:
    """Play the last player's round `rounds` times with a strategy; the penalty of each."""
    return list(
        last_player_rounds(
            row, llama_row, strategy, rounds, seed=seed, dice=dice, llama_scoring=llama_scoring
        )
    )


def last_player_rounds(
    row: Iterable[int],
    llama_row: Iterable[int],
    strategy: str,
    rounds: int,
    *,
    seed: int | None = None,
    dice: Dice = DEFAULT_DICE,
    llama_scoring: str = "once",
) -> Iterator[int]:
    """`simulate_last_player` one round at a time (a page can show its progress)."""
    own, middle = checked_rows(row, llama_row)
    check_strategy(strategy)
    check_llama_scoring(llama_scoring)
    dice = check_dice(dice)
    rng = random.Random(seed)
    for _round in range(rounds):
        yield _last_round(own, middle, strategy, dice, llama_scoring, rng)


def race(
    row: Iterable[int],
    llama_row: Iterable[int],
    rounds: int,
    *,
    seed: int | None = None,
    dice: Dice = DEFAULT_DICE,
    llama_scoring: str = "once",
) -> Iterator[dict[str, int]]:
    """Every strategy plays the same last round `rounds` times (each from the same seed), one
    strategy after another: after each round, every strategy's total penalty so far (a page can
    show its progress; the last totals are the race's result)."""
    totals = dict.fromkeys(STRATEGIES, 0)
    for strategy in STRATEGIES:
        for points in last_player_rounds(
            row, llama_row, strategy, rounds, seed=seed, dice=dice, llama_scoring=llama_scoring
        ):
            totals[strategy] += points
            yield dict(totals)


def race_totals(
    row: Iterable[int],
    llama_row: Iterable[int],
    rounds: int,
    *,
    seed: int | None = None,
    dice: Dice = DEFAULT_DICE,
    llama_scoring: str = "once",
) -> dict[str, int]:
    """`race` to its end: every strategy's total penalty over its `rounds` last rounds."""
    finish = deque(
        race(row, llama_row, rounds, seed=seed, dice=dice, llama_scoring=llama_scoring), maxlen=1
    )
    return finish[0] if finish else dict.fromkeys(STRATEGIES, 0)


def average_penalties(totals: dict[str, int], rounds: int) -> dict[str, float]:
    """Each strategy's average penalty a round, from its total over `rounds` rounds."""
    return {strategy: total / rounds for strategy, total in totals.items()}


def _last_round(
    row: Row, llama_row: Row, strategy: str, dice: Dice, llama_scoring: str, rng: random.Random
) -> int:
    while row:
        if not rolls_on(strategy, row, llama_row, dice, alone=True, llama_scoring=llama_scoring):
            return penalty(row, llama_scoring=llama_scoring)
        faces = roll(rng, dice)
        case = case_of(faces, row, llama_row, alone=True)
        if case is Case.BUST:
            return penalty(row + llama_row, llama_scoring=llama_scoring)
        if case is Case.DISCARD:
            row = without(row, discard_for(strategy, faces, row, llama_row, dice, llama_scoring))
    return 0


def simulate_games(
    strategies: dict[str, str],
    games: int,
    *,
    seed: int | None = None,
    dice: Dice = DEFAULT_DICE,
    llama_scoring: str = "once",
    lama20: bool = False,
) -> Counter[str]:
    """Whole games between computer players (name → strategy); how often each wins.

    A shared win counts for every winner.
    """
    wins: Counter[str] = Counter()
    for winners in games_won(
        strategies, games, seed=seed, dice=dice, llama_scoring=llama_scoring, lama20=lama20
    ):
        wins.update(winners)
    return wins


def games_won(
    strategies: dict[str, str],
    games: int,
    *,
    seed: int | None = None,
    dice: Dice = DEFAULT_DICE,
    llama_scoring: str = "once",
    lama20: bool = False,
) -> Iterator[list[str]]:
    """`simulate_games` one game at a time: the winners of each (a page can show progress)."""
    for strategy in strategies.values():
        check_strategy(strategy)
    for index in range(games):
        game = LamaDiceGame(
            list(strategies),
            dice=dice,
            llama_scoring=llama_scoring,
            lama20=lama20,
            seed=None if seed is None else seed * 100_003 + index,
        )
        play(game, strategies)
        yield game.winners()


def play(
    game: LamaDiceGame,
    strategies: dict[str, str],
    max_moves: int = 100_000,
    *,
    rng: random.Random | None = None,
) -> None:
    """Let computer players (name → strategy) play the game to its end, each choosing from its
    own view."""
    computers = {player: STRATEGIES[check_strategy(name)] for player, name in strategies.items()}
    rng = rng or random.Random(game.seed)
    for _move in range(max_moves):
        if game.over:
            return
        if game.round_over:
            game.next_round()
        else:
            computer_move(game, computers, rng)
    raise RuntimeError("the game did not end")

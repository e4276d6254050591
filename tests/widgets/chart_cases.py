"""Every chart the lessons draw, with the engine's own results: by name, a function of the
figure's shape (phone or not) that draws it."""

from __future__ import annotations

from mathcards.lama.bots import STRATEGIES, tournament
from mathcards.lama.simulate import simulate_runs
from mathcards.lama_dice.dice import DEFAULT_DICE
from mathcards.lama_dice.odds import roll_odds
from mathcards.lama_dice.simulate import simulate_rolls
from mathcards.mam.cards import LEVELS
from mathcards.mam.odds import LESSON_DEALS, LESSON_SEED, solvability
from widgets import plots

LEVEL_RESULTS = [
    solvability(LEVELS[name].with_power(power), LESSON_DEALS, LESSON_SEED)
    for name in LEVELS
    for power in (False, True)
]
STANDINGS = tournament(list(STRATEGIES), 10, seed=1)
RUNS = simulate_runs("classic", 1000, seed=1)
ODDS = roll_odds([1, 1, 3, 6], [1, 2, 3, 4, 5, 6], DEFAULT_DICE)
CASES = simulate_rolls([1, 1, 3, 6], [1, 2, 3, 4, 5, 6], 10_000, seed=1, dice=DEFAULT_DICE)

CHARTS = {
    **{
        f"targets, {name}": lambda phone, n=name: plots.target_chart(LEVELS[n], phone=phone)
        for name in LEVELS
    },
    **{
        f"per target, {result.level.label}{' ^' * result.level.power}": lambda phone, r=result: (
            plots.per_target_chart(r, phone=phone)
        )
        for result in LEVEL_RESULTS
    },
    "fewest cards": lambda phone: plots.fewest_cards_chart(LEVEL_RESULTS, phone=phone),
    "shares": lambda phone: plots.shares_chart(CASES, ODDS, phone=phone),
    "gap": lambda phone: plots.gap_chart(CASES, ODDS, phone=phone),
    "tournament": lambda phone: plots.tournament_chart(
        STANDINGS, "10 games, deck classic: mean penalty ± spread", phone=phone
    ),
    "runs": lambda phone: plots.run_chart(RUNS, 0.2954, "Run hands, deck classic", phone=phone),
}

"""Matplotlib figures for the lessons: each takes engine results and returns a Figure."""

from __future__ import annotations

import io
from fractions import Fraction

import matplotlib.pyplot as plt
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.ticker import PercentFormatter

from mathcards.lama_dice.dice import Case
from mathcards.lama_dice.odds import RollOdds
from mathcards.lama_dice.policy import Decision
from mathcards.lama_dice.simulate import running_frequency
from mathcards.mam.cards import Level
from mathcards.mam.odds import Solvability

BAR = "#1d4ed8"
plt.rcParams.update(
    {"font.size": 13, "axes.titlesize": 15, "xtick.labelsize": 12, "ytick.labelsize": 12}
)


def target_chart(level: Level) -> Figure:
    """The exact probability of every target the level's two dice can roll."""
    odds = level.targets()
    figure, axes = _canvas()
    axes.bar([str(t) for t in odds], [float(p) for p in odds.values()], color=BAR)
    colours = " + ".join(level.colours)
    axes.set_title(f"Level “{level.name}”: the target is the sum of two dice ({colours})")
    axes.set_xlabel("target")
    _percent_axis(axes, "chance")
    axes.tick_params(axis="x", labelrotation=90)
    return _done(figure)


def fewest_cards_chart(results: list[Solvability]) -> Figure:
    """For each level: how many cards the easiest answer to the rolled target needs."""
    sizes = range(6)
    figure, axes = _canvas()
    width = 0.8 / len(results)
    for index, result in enumerate(results):
        shares = [float(result.fewest.get(n, Fraction(0))) for n in sizes]
        offsets = [n + (index - (len(results) - 1) / 2) * width for n in sizes]
        axes.bar(offsets, shares, width, label=_name(result))
    axes.set_xticks(list(sizes), ["no answer", "1 card", "2", "3", "4", "5"])
    _percent_axis(axes, "chance")
    deals = results[0].deals
    axes.set_title(f"How many cards the easiest answer needs ({deals} deals, exact dice odds)")
    axes.legend(fontsize=12, ncols=2)
    return _done(figure)


def per_target_chart(result: Solvability) -> Figure:
    """For every target the dice can show: the share of deals that can make it."""
    targets = list(result.per_target)
    figure, axes = _canvas()
    axes.bar([str(t) for t in targets], [float(s) for s in result.per_target.values()], color=BAR)
    axes.set_ylim(0, 1)
    axes.set_title(f"{_name(result)}: share of {result.deals} deals that can make each target")
    axes.set_xlabel("target")
    _percent_axis(axes, "deals that can make it")
    axes.tick_params(axis="x", labelrotation=90)
    return _done(figure)


def _name(result: Solvability) -> str:
    return result.level.name + (" with ^" if result.level.power else "")


def _canvas() -> tuple[Figure, Axes]:
    """A wide figure made without pyplot, so it can be drawn on a background thread."""
    figure = Figure(figsize=(10, 3.6))
    return figure, figure.subplots()


def _percent_axis(axes: Axes, label: str) -> None:
    """A probability axis in plain percentages, readable from the back of a classroom."""
    axes.yaxis.set_major_formatter(PercentFormatter(1.0, decimals=0))
    axes.set_ylabel(label)


def figure_png(figure: Figure) -> bytes:
    """The figure as a PNG, for an `ipywidgets.Image` that a control can redraw."""
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=100)
    return buffer.getvalue()


def _done(figure: Figure) -> Figure:
    """Lay out and detach from pyplot, so a notebook shows the figure exactly once."""
    figure.tight_layout()
    plt.close(figure)
    return figure


# ---------------------------------------------------------------- LAMA Dice


def convergence_chart(cases: list[Case], odds: RollOdds) -> Figure:
    """Running share of each case against its exact probability (law of large numbers)."""
    figure, (axes, errors) = plt.subplots(1, 2, figsize=(11, 3.6))
    rolls = range(1, len(cases) + 1)
    shares = {case: running_frequency(cases, case) for case in Case}
    for case in Case:
        line = axes.plot(rolls, shares[case], label=case.value)[0]
        axes.axhline(float(odds.of(case)), color=line.get_color(), linestyle=":", linewidth=1)
    axes.set_xscale("log")
    axes.set_xlabel("rolls")
    axes.set_ylabel("share so far (dotted: exact)")
    axes.legend(fontsize=8)
    _error_panel(errors, shares, odds)
    figure.suptitle(f"{len(cases):,} simulated rolls against the exact odds")
    return _done(figure)


def _error_panel(axes, shares: dict[Case, list[float]], odds: RollOdds) -> None:
    """The biggest gap between simulated and exact shares, against the 1/√n line."""
    total = len(shares[Case.BUST])
    checkpoints = sorted({n for n in (2**k for k in range(40)) if n <= total} | {total})
    gaps = [
        max(abs(shares[case][n - 1] - float(odds.of(case))) for case in Case) for n in checkpoints
    ]
    axes.loglog(checkpoints, [max(gap, 1e-6) for gap in gaps], "o-", label="largest gap")
    axes.loglog(checkpoints, [1 / n**0.5 for n in checkpoints], "k--", label="1/√n")
    axes.set_xlabel("rolls")
    axes.set_ylabel("|simulated − exact|")
    axes.legend(fontsize=8)


def penalty_chart(rows: list[tuple[str, Decision]]) -> Figure:
    """For each row: the expected penalty of rolling on beside the penalty of quitting now."""
    figure, axes = plt.subplots(figsize=(10, 3.6))
    positions = range(len(rows))
    axes.bar(
        [p - 0.2 for p in positions],
        [float(d.roll) for _, d in rows],
        0.4,
        label="roll on (expected)",
    )
    axes.bar([p + 0.2 for p in positions], [float(d.quit) for _, d in rows], 0.4, label="quit now")
    axes.set_xticks(list(positions), [label for label, _ in rows], fontsize=8)
    axes.set_ylabel("penalty points")
    axes.set_title("The last player: roll on or quit? (lower is better)")
    axes.legend(fontsize=8)
    return _done(figure)


def strategy_chart(results: dict[str, list[int]], exact: float | None = None) -> Figure:
    """The average penalty each strategy scored in simulation, with the exact best."""
    figure, axes = plt.subplots(figsize=(7, 3.4))
    names = list(results)
    means = [sum(scores) / len(scores) for scores in results.values()]
    axes.bar(names, means, color=BAR)
    if exact is not None:
        axes.axhline(exact, color="k", linestyle="--", label=f"exact best: {exact:.2f}")
        axes.legend(fontsize=8)
    rounds = len(next(iter(results.values())))
    axes.set_ylabel("average penalty")
    axes.set_title(f"Average penalty over {rounds:,} simulated rounds")
    return _done(figure)

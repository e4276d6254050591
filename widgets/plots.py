"""Matplotlib figures for the lessons: each takes engine results and returns a Figure."""

from __future__ import annotations

from fractions import Fraction

import matplotlib.pyplot as plt
from matplotlib.figure import Figure

from mathcards.target.cards import Level
from mathcards.target.odds import Solvability

BAR = "#1d4ed8"


def target_chart(level: Level) -> Figure:
    """The exact probability of every target the level's two dice can roll."""
    odds = level.targets()
    figure, axes = plt.subplots(figsize=(10, 3.2))
    axes.bar([str(t) for t in odds], [float(p) for p in odds.values()], color=BAR)
    colours = " + ".join(level.colours)
    axes.set_title(f"Level “{level.name}”: the target is the sum of two dice ({colours})")
    axes.set_xlabel("target")
    axes.set_ylabel("probability")
    axes.tick_params(axis="x", labelrotation=90, labelsize=8)
    return _done(figure)


def fewest_cards_chart(results: list[Solvability]) -> Figure:
    """For each level: how many cards the easiest answer to the rolled target needs."""
    sizes = range(6)
    figure, axes = plt.subplots(figsize=(10, 3.6))
    width = 0.8 / len(results)
    for index, result in enumerate(results):
        shares = [float(result.fewest.get(n, Fraction(0))) for n in sizes]
        offsets = [n + (index - (len(results) - 1) / 2) * width for n in sizes]
        axes.bar(offsets, shares, width, label=_name(result))
    axes.set_xticks(list(sizes), ["no answer", "1 card", "2", "3", "4", "5"])
    axes.set_ylabel("probability")
    deals = results[0].deals
    axes.set_title(f"How many cards the easiest answer needs (exact dice odds, {deals} deals each)")
    axes.legend(fontsize=8)
    return _done(figure)


def per_target_chart(result: Solvability) -> Figure:
    """For every target the dice can show: the share of deals that can make it."""
    targets = list(result.per_target)
    figure, axes = plt.subplots(figsize=(10, 3.2))
    axes.bar([str(t) for t in targets], [float(s) for s in result.per_target.values()], color=BAR)
    axes.set_ylim(0, 1)
    axes.set_title(f"{_name(result)}: share of {result.deals} deals that can make each target")
    axes.set_xlabel("target")
    axes.tick_params(axis="x", labelrotation=90, labelsize=8)
    return _done(figure)


def _name(result: Solvability) -> str:
    return result.level.name + (" with ^" if result.level.power else "")


def _done(figure: Figure) -> Figure:
    """Lay out and detach from pyplot, so a notebook shows the figure exactly once."""
    figure.tight_layout()
    plt.close(figure)
    return figure

"""Matplotlib figures for the lessons: each takes engine results and returns a Figure.

Imported only when a chart is drawn (see widgets.charts), never when a page opens.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import matplotlib.pyplot as plt
from matplotlib.axes import Axes
from matplotlib.axis import Axis
from matplotlib.figure import Figure
from matplotlib.ticker import FuncFormatter

from mathcards import i18n
from mathcards.frequency import running_frequency
from mathcards.i18n import _, ngettext
from mathcards.lama.bots import Standing
from mathcards.lama_dice.dice import Case
from mathcards.lama_dice.odds import RollOdds
from mathcards.mam.cards import Level
from mathcards.mam.odds import Solvability
from widgets.svg import DIE_NAMES

BAR = "#1d4ed8"
plt.rcParams.update(
    {"font.size": 13, "axes.titlesize": 15, "xtick.labelsize": 12, "ytick.labelsize": 12}
)


def target_chart(level: Level) -> Figure:
    """The exact probability of every target the level's two dice can roll."""
    odds = level.targets()
    figure, axes = _canvas()
    axes.bar([str(t) for t in odds], [float(p) for p in odds.values()], color=BAR)
    first, second = (_(DIE_NAMES[colour]) for colour in level.colours)
    title = _("Level “{level}”: target = {first} + {second}")
    axes.set_title(title.format(level=level.label, first=first, second=second))
    axes.set_xlabel(_("target"))
    _percent_axis(axes, _("chance"))
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
    one_card = ngettext("{n} card", "{n} cards", 1).format(n=1)
    axes.set_xticks(list(sizes), [_("no answer"), one_card, "2", "3", "4", "5"])
    _percent_axis(axes, _("chance"))
    deals = results[0].deals
    title = ngettext(
        "How many cards the easiest answer needs ({deals} deal, exact dice odds)",
        "How many cards the easiest answer needs ({deals} deals, exact dice odds)",
        deals,
    )
    axes.set_title(title.format(deals=i18n.number(deals, 0)))
    axes.legend(fontsize=12, ncols=2)
    return _done(figure)


def per_target_chart(result: Solvability) -> Figure:
    """For every target the dice can show: the share of deals that can make it."""
    targets = list(result.per_target)
    figure, axes = _canvas()
    axes.bar([str(t) for t in targets], [float(s) for s in result.per_target.values()], color=BAR)
    axes.set_ylim(0, 1)
    title = ngettext(
        "{level}: share of {deals} deal that can make each target",
        "{level}: share of {deals} deals that can make each target",
        result.deals,
    )
    axes.set_title(title.format(level=_name(result), deals=i18n.number(result.deals, 0)))
    axes.set_xlabel(_("target"))
    _percent_axis(axes, _("deals that can make it"))
    axes.tick_params(axis="x", labelrotation=90)
    return _done(figure)


def _name(result: Solvability) -> str:
    """A level's name as a chart shows it, "with ^" in the exponent variant."""
    name = result.level.label
    return _("{level} with ^").format(level=name) if result.level.power else name


def _canvas() -> tuple[Figure, Axes]:
    """A wide figure made without pyplot, so it can be drawn on a background thread."""
    figure = Figure(figsize=(10, 3.6))
    return figure, figure.subplots()


def _percent_axis(axes: Axes, label: str) -> None:
    """A probability axis in plain percentages, readable from the back of a classroom."""
    axes.yaxis.set_major_formatter(percent_ticks())
    axes.set_ylabel(label)


def percent_ticks(digits: int = 0) -> FuncFormatter:
    """Tick labels for shares (0.25) as percentages the language in use writes: 25%, and with
    `digits` decimals 2.5% or 2,5%."""
    return FuncFormatter(lambda share, _position: i18n.percent(share, digits))


def _done(figure: Figure) -> Figure:
    """Lay out and detach from pyplot, so a notebook shows the figure exactly once."""
    figure.tight_layout()
    plt.close(figure)
    return figure


# ---------------------------------------------------------------- LAMA Dice
# Compact figures (5.6 in) with large type: shown 640 px wide on a projector a 15 pt label is
# about 24 px, and about 13 px on a 390 px phone. Titles belong in the page's HTML.

CLASS_TYPE: Any = {
    "font.size": 16,
    "axes.labelsize": 16,
    "xtick.labelsize": 15,
    "ytick.labelsize": 15,
    "legend.fontsize": 14,
    "axes.spines.top": False,
    "axes.spines.right": False,
}
CASE_COLOURS = {
    Case.THREE_LLAMAS: "#7c3aed",
    Case.DISCARD: "#15803d",
    Case.TAKE: "#1d4ed8",
    Case.BUST: "#b91c1c",
}


def _rolls_axis(axes, total: int) -> None:
    """Rolls on a log scale with plain tick labels, as the language writes them: 1, 10, 100,
    1,000, 10,000."""
    axes.set_xscale("log")
    ticks = [10**k for k in range(0, 8) if 10**k <= max(total, 1)]
    axes.set_xticks(ticks, [i18n.number(t, 0) for t in ticks])
    axes.minorticks_off()
    axes.set_xlim(1, max(total, 10))
    axes.set_xlabel(_("number of rolls"))


def shares_chart(cases: list[Case], odds: RollOdds) -> Figure:
    """The running share of each case (solid) settling on its exact probability (dotted)."""
    with plt.rc_context(CLASS_TYPE):
        figure, axes = plt.subplots(figsize=(5.6, 3.9))
        rolls = range(1, len(cases) + 1)
        for case in Case:
            colour = CASE_COLOURS[case]
            shares = running_frequency(cases, case)
            axes.plot(rolls, shares, color=colour, label=_(case.value))
            axes.axhline(float(odds.of(case)), color=colour, linestyle=":", linewidth=2)
        _rolls_axis(axes, len(cases))
        axes.set_ylim(0, 1)
        _percent_axis(axes, _("share of the rolls so far"))
        axes.legend(
            loc="lower center",
            bbox_to_anchor=(0.5, 1.0),
            ncols=4,
            frameon=False,
            handlelength=1.2,
            columnspacing=1.0,
        )
        return _done(figure)


def gap_chart(cases: list[Case], odds: RollOdds) -> Figure:
    """The largest gap between a simulated share and its exact value, beside 1/√(rolls)."""
    total = len(cases)
    shares = {case: running_frequency(cases, case) for case in Case}
    checkpoints = sorted({n for n in (round(10 ** (k / 4)) for k in range(33)) if n <= total})
    gaps = [max(abs(shares[c][n - 1] - float(odds.of(c))) for c in Case) for n in checkpoints]
    with plt.rc_context(CLASS_TYPE):
        figure, axes = plt.subplots(figsize=(5.6, 3.9))
        axes.plot(checkpoints, gaps, "o-", color=BAR, label=_("largest gap"))
        root = [1 / n**0.5 for n in checkpoints]
        axes.plot(checkpoints, root, "k--", label=_("1 / √rolls"))
        _rolls_axis(axes, total)
        axes.set_ylim(0, 0.5)
        _percent_axis(axes, _("simulated − exact"))
        axes.legend(loc="lower center", bbox_to_anchor=(0.5, 1.0), ncols=2, frameon=False)
        return _done(figure)


# ---------------------------------------------------------------- LAMA


def tournament_chart(standings: list[Standing], title: str) -> Figure:
    """Each computer player's mean penalty per round, with its spread (one standard deviation)."""
    ranked = sorted(standings, key=lambda s: s.mean_penalty)
    figure = Figure(figsize=(8, 3.4))
    axes = figure.subplots()
    axes.bar(
        [s.label for s in ranked],
        [s.mean_penalty for s in ranked],
        yerr=[s.spread for s in ranked],
        capsize=8,
        color=["#15803d" if s.strategy == "expert" else "#1d4ed8" for s in ranked],
    )
    axes.set_ylabel(_("points per round"))
    axes.set_title(title)
    axes.set_ylim(bottom=0)
    _numbers_on(axes.yaxis)
    figure.tight_layout()
    return figure


def run_chart(runs: list[bool], exact: float, title: str) -> Figure:
    """The running share of run hands among those dealt, against the exact chance."""
    shares = running_frequency(runs, True)
    figure = Figure(figsize=(8, 3.2))
    axes = figure.subplots()
    axes.plot(range(1, len(runs) + 1), shares, color="#1d4ed8", label=_("share so far"))
    exactly = _("exact {share}").format(share=i18n.number(exact, 4))
    axes.axhline(exact, color="#b91c1c", linestyle=":", label=exactly)
    axes.set_xscale("log")
    axes.set_xlabel(_("hands dealt"))
    axes.set_ylabel(_("share of runs"))
    axes.set_ylim(0, 1)
    axes.set_title(title)
    _numbers_on(axes.xaxis)
    _numbers_on(axes.yaxis)
    axes.legend()
    figure.tight_layout()
    return figure


def _numbers_on(axis: Axis) -> None:
    """Tick labels written as the language writes numbers: 0.5 or 0,5; 1,000 or 1000."""
    axis.set_major_formatter(FuncFormatter(lambda value, _position: i18n.number(value)))

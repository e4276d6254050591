"""Matplotlib figures for the lessons: each takes engine results and returns a Figure, wide for
a projector or, with `phone=True`, phone-shaped (widgets.charts shows the one that fits).

Imported only when a chart is drawn (see widgets.charts), never when a page opens.

Shown 100 px to the inch (smaller only when the window is), a figure's smallest type, 12 pt,
is 16 px on a projector; widgets.charts switches to the PHONE_WIDTH figure below 600 px, where
the wide one would be smaller than 12 px, so on a 360 px phone (about 330 px for the chart)
12 pt is still 13 px. Legends stand outside the axes, so they cover no bar or line.
"""

from __future__ import annotations

import math
import textwrap
from fractions import Fraction
from typing import Any, Literal

import matplotlib.pyplot as plt
from matplotlib.axes import Axes
from matplotlib.axis import Axis
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.ticker import Formatter, FuncFormatter, MaxNLocator

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
Where = Literal["outside upper center", "outside lower center"]
ABOVE: Where = "outside upper center"  # a legend's place: above the axes, or below them
BELOW: Where = "outside lower center"
PHONE_WIDTH = 4.2  # inches: a phone-shaped figure
plt.rcParams.update(
    {
        "font.size": 13,
        "axes.titlesize": 15,
        "xtick.labelsize": 12,
        "ytick.labelsize": 12,
        "legend.fontsize": 12,
    }
)


def target_chart(level: Level, *, phone: bool = False) -> Figure:
    """The exact probability of every target the level's two dice can roll."""
    odds = level.targets()
    figure, axes = _canvas(phone)
    _target_bars(axes, odds, phone)
    first, second = (_(DIE_NAMES[colour]) for colour in level.colours)
    title = _("Level “{level}”: target = {first} + {second}")
    _title(axes, title.format(level=level.label, first=first, second=second), phone)
    _percent_axis(axes, _("chance"))
    return _done(figure)


def fewest_cards_chart(results: list[Solvability], *, phone: bool = False) -> Figure:
    """For each level: how many cards the easiest answer to the rolled target needs (on a
    phone the bars lie down, so the words under them have room)."""
    sizes = range(6)
    figure, axes = _canvas(phone, height=5.4 if phone else 4.2)
    width = 0.8 / len(results)
    for index, result in enumerate(results):
        shares = [float(result.fewest.get(n, Fraction(0))) for n in sizes]
        offsets = [n + (index - (len(results) - 1) / 2) * width for n in sizes]
        (axes.barh if phone else axes.bar)(offsets, shares, width, label=_name(result))
    one_card = ngettext("{n} card", "{n} cards", 1).format(n=1)
    labels = [_("no answer"), one_card, "2", "3", "4", "5"]
    if phone:
        axes.set_yticks(list(sizes), [_wrapped(label, 10) for label in labels])
        axes.invert_yaxis()
    else:
        axes.set_xticks(list(sizes), labels)
    _percent_axis(axes, _("chance"), axes.xaxis if phone else axes.yaxis)
    deals = results[0].deals
    title = ngettext(
        "How many cards the easiest answer needs ({deals} deal, exact dice odds)",
        "How many cards the easiest answer needs ({deals} deals, exact dice odds)",
        deals,
    )
    _title(axes, title.format(deals=i18n.number(deals, 0)), phone)
    _legend(figure, BELOW, ncols=2 if phone else 3)
    return _done(figure)


def per_target_chart(result: Solvability, *, phone: bool = False) -> Figure:
    """For every target the dice can show: the share of deals that can make it."""
    figure, axes = _canvas(phone)
    _target_bars(axes, result.per_target, phone)
    axes.set_ylim(0, 1)
    title = ngettext(
        "{level}: share of {deals} deal that can make each target",
        "{level}: share of {deals} deals that can make each target",
        result.deals,
    )
    _title(axes, title.format(level=_name(result), deals=i18n.number(result.deals, 0)), phone)
    _percent_axis(axes, _("deals that can make it"))
    return _done(figure)


def _target_bars(axes: Axes, shares: dict[int, Fraction], phone: bool) -> None:
    """A bar for each target, labelled upright: every one while they fit, else every few."""
    targets = list(shares)
    axes.bar(range(len(targets)), [float(share) for share in shares.values()], color=BAR)
    every = math.ceil(len(targets) / (8 if phone else 20))
    ticks = range(0, len(targets), every)
    axes.set_xticks(list(ticks), [str(targets[n]) for n in ticks])
    axes.set_xlim(-0.7, len(targets) - 0.3)
    axes.set_xlabel(_("target"))


def _name(result: Solvability) -> str:
    """A level's name as a chart shows it, "with ^" in the exponent variant."""
    name = result.level.label
    return _("{level} with ^").format(level=name) if result.level.power else name


def _canvas(phone: bool, width: float = 8, height: float = 3.8) -> tuple[Figure, Axes]:
    """A figure `width` inches wide, or phone-shaped (and a little taller), laid out so that
    nothing sticks out; made without pyplot, so it can be drawn on a background thread."""
    size = (PHONE_WIDTH, height * 1.15) if phone else (width, height)
    figure = Figure(figsize=size, layout="constrained")
    return figure, figure.subplots()


def _title(axes: Axes, title: str, phone: bool) -> None:
    """A title in lines that fit above the axes."""
    axes.set_title(_wrapped(title, 26 if phone else 56))


def _wrapped(text: str, width: int) -> str:
    return textwrap.fill(text, width, break_long_words=False)


def _legend(figure: Figure, where: Where, ncols: int, **style: Any) -> None:
    """The figure's legend above or below its axes, covering nothing, in at most `ncols`
    columns: fewer if its words are too long for them to fit side by side."""
    renderer = FigureCanvasAgg(figure).get_renderer()
    for columns in range(ncols, 0, -1):
        legend = figure.legend(loc=where, ncols=columns, frameon=False, **style)
        if columns == 1 or legend.get_window_extent(renderer).width <= figure.bbox.width - 8:
            return
        legend.remove()


def _percent_axis(axes: Axes, label: str, axis: Axis | None = None) -> None:
    """A probability axis (the y-axis unless told) in plain percentages, readable from the back
    of a classroom, with as many decimals as its ticks need to differ (0.5%, 1.0%, 1.5%, never
    0%, 0%, 1%, 2%)."""
    axis = axis or axes.yaxis
    axis.set_major_locator(MaxNLocator(nbins=6, steps=[1, 2, 2.5, 5, 10]))
    axis.set_major_formatter(DistinctPercents())
    axis.set_label_text(label)


class DistinctPercents(Formatter):
    """Shares (0.25) as percentages the language in use writes, with the fewest decimals that
    print every tick differently: 0%, 25%, 50%, or 0.0%, 0.5%, 1.0% (0,5% in Polish)."""

    digits = 0

    def set_locs(self, locs: list[float]) -> None:
        super().set_locs(locs)
        self.digits = next(
            (d for d in range(4) if len({i18n.percent(s, d) for s in locs}) == len(locs)), 4
        )

    def __call__(self, share: float, pos: int | None = None) -> str:
        return i18n.percent(share, self.digits)


def percent_ticks(digits: int = 0) -> FuncFormatter:
    """Tick labels for shares (0.25) as percentages the language in use writes: 25%, and with
    `digits` decimals 2.5% or 2,5%."""
    return FuncFormatter(lambda share, _position: i18n.percent(share, digits))


def _done(figure: Figure) -> Figure:
    """Detach from pyplot, so a notebook shows the figure exactly once."""
    plt.close(figure)
    return figure


# ---------------------------------------------------------------- LAMA Dice
# Compact figures (5.6 in) with large type, two side by side on a projector. Titles belong in
# the page's HTML.

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


def _rolls_axis(axes, total: int, phone: bool) -> None:
    """Rolls on a log scale with plain tick labels, as the language writes them: 1, 10, 100,
    1,000, 10,000 (on a phone every other one, when there are more than four)."""
    axes.set_xscale("log")
    ticks = [10**k for k in range(0, 8) if 10**k <= max(total, 1)]
    ticks = ticks[::2] if phone and len(ticks) > 4 else ticks
    axes.set_xticks(ticks, [i18n.number(t, 0) for t in ticks])
    axes.minorticks_off()
    axes.set_xlim(1, max(total, 10))
    axes.set_xlabel(_("number of rolls"))


def shares_chart(cases: list[Case], odds: RollOdds, *, phone: bool = False) -> Figure:
    """The running share of each case (solid) settling on its exact probability (dotted)."""
    with plt.rc_context(CLASS_TYPE):
        figure, axes = _canvas(phone, 5.6, 3.9)
        rolls = range(1, len(cases) + 1)
        for case in Case:
            colour = CASE_COLOURS[case]
            shares = running_frequency(cases, case)
            axes.plot(rolls, shares, color=colour, label=_(case.value))
            axes.axhline(float(odds.of(case)), color=colour, linestyle=":", linewidth=2)
        _rolls_axis(axes, len(cases), phone)
        axes.set_ylim(0, 1)
        _percent_axis(axes, _("share of the rolls so far"))
        _legend(figure, ABOVE, 2 if phone else 4, handlelength=1.2, columnspacing=1.0)
        return _done(figure)


def gap_chart(cases: list[Case], odds: RollOdds, *, phone: bool = False) -> Figure:
    """The largest gap between a simulated share and its exact value, beside 1/√(rolls)."""
    total = len(cases)
    shares = {case: running_frequency(cases, case) for case in Case}
    checkpoints = sorted({n for n in (round(10 ** (k / 4)) for k in range(33)) if n <= total})
    gaps = [max(abs(shares[c][n - 1] - float(odds.of(c))) for c in Case) for n in checkpoints]
    with plt.rc_context(CLASS_TYPE):
        figure, axes = _canvas(phone, 5.6, 3.9)
        axes.plot(checkpoints, gaps, "o-", color=BAR, label=_("largest gap"))
        root = [1 / n**0.5 for n in checkpoints]
        axes.plot(checkpoints, root, "k--", label=_("1 / √rolls"))
        _rolls_axis(axes, total, phone)
        axes.set_ylim(0, 0.5)
        _percent_axis(axes, _("simulated − exact"))
        _legend(figure, ABOVE, 2)
        return _done(figure)


def guess_chart(shares: list[float], exact: float, case: Case, *, phone: bool = False) -> Figure:
    """The running share of one case over the rolls (solid), settling on its exact chance
    (dotted): the class's question, answered by the dice."""
    with plt.rc_context(CLASS_TYPE):
        figure, axes = _canvas(phone, 5.6, 3.9)
        colour = CASE_COLOURS[case]
        axes.plot(range(1, len(shares) + 1), shares, color=colour, label=_("share so far"))
        exactly = _("exact {share}").format(share=i18n.percent(exact, 1))
        axes.axhline(exact, color=colour, linestyle=":", linewidth=2, label=exactly)
        _rolls_axis(axes, len(shares), phone)
        axes.set_ylim(0, 1)
        _percent_axis(axes, _("share of the rolls so far"))
        _legend(figure, ABOVE, 2, handlelength=1.2, columnspacing=1.0)
        return _done(figure)


# ---------------------------------------------------------------- LAMA


def tournament_chart(standings: list[Standing], title: str, *, phone: bool = False) -> Figure:
    """Each computer player's mean penalty per round, with its spread (one standard deviation)."""
    ranked = sorted(standings, key=lambda s: s.mean_penalty)
    figure, axes = _canvas(phone, 8, 3.4)
    axes.bar(
        [s.label for s in ranked],
        [s.mean_penalty for s in ranked],
        yerr=[s.spread for s in ranked],
        capsize=8,
        color=["#15803d" if s.strategy == "expert" else "#1d4ed8" for s in ranked],
    )
    axes.set_ylabel(_("points per round"))
    _title(axes, title, phone)
    axes.set_ylim(bottom=0)
    _numbers_on(axes.yaxis)
    return _done(figure)


def run_chart(runs: list[bool], exact: float, title: str, *, phone: bool = False) -> Figure:
    """The running share of run hands among those dealt, against the exact chance."""
    shares = running_frequency(runs, True)
    figure, axes = _canvas(phone, 8, 3.4)
    axes.plot(range(1, len(runs) + 1), shares, color="#1d4ed8", label=_("share so far"))
    exactly = _("exact {share}").format(share=i18n.number(exact, 4))
    axes.axhline(exact, color="#b91c1c", linestyle=":", label=exactly)
    axes.set_xscale("log")
    axes.set_xlabel(_("hands dealt"))
    axes.set_ylabel(_("share of runs"))
    axes.set_ylim(0, 1)
    _title(axes, title, phone)
    _numbers_on(axes.xaxis)
    _numbers_on(axes.yaxis)
    _legend(figure, BELOW, 2)
    return _done(figure)


def _numbers_on(axis: Axis) -> None:
    """Tick labels written as the language writes numbers: 0.5 or 0,5; 1,000 or 1000."""
    axis.set_major_formatter(FuncFormatter(lambda value, _position: i18n.number(value)))

"""Which targets are easy: the chance of every target, how often five cards can make the roll,
level by level (the charts are drawn just after the page appears)."""

from __future__ import annotations

from html import escape

import ipywidgets as w

from mathcards.i18n import N_, _, ngettext, percent
from mathcards.mam import level as level_named
from mathcards.mam.cards import LEVELS
from mathcards.mam.odds import (
    LESSON_DEALS,
    LESSON_SEED,
    Solvability,
    solvability,
)
from widgets.charts import chart_html, chart_image, show_chart
from widgets.controls import (
    Clock,
    Complains,
    html,
    shows_errors,
)
from widgets.mam.cards import (
    level_menu,
    power_box,
    progress,
)
from widgets.style import MAM_STYLE, page_style
from widgets.tables import table
from widgets.worker import background

LEVELS_COLUMNS = (N_("level"), N_("powers"), N_("the target can be made"))


class TargetOdds(Complains, w.VBox):
    """Choose a level: the chance of every target, how often five cards can make the roll, and
    which targets are hardest. The charts are drawn just after the page appears."""

    def __init__(
        self, level: str = "normal", power: bool = False, *, clock: Clock = background
    ) -> None:
        self.level_choice, self.power_choice = level_menu(level), power_box(power)
        self.dice = chart_image()
        self.derivation = html("mc-generating-view")
        self.summary = self.message = html("mc-odds-summary")
        self.hardest = chart_image()
        self.clock = clock
        for control in (self.level_choice, self.power_choice):
            control.observe(lambda _change: self.redraw(), names="value")
        super().__init__(
            [
                page_style(MAM_STYLE),
                w.HBox([self.level_choice, self.power_choice]),
                self.dice,
                self.derivation,
                self.summary,
                self.hardest,
            ]
        )
        self.add_class("mc-target-odds")
        self.redraw()

    def redraw(self) -> None:
        """Say the charts are coming, and draw them without holding up the page."""
        self.summary.value = progress(_("Drawing the charts…"))
        self.clock(0, self.show)

    @shows_errors
    def show(self) -> None:
        """Redraw both charts for the chosen level (the counts ship with the package)."""
        from widgets.mam.generating import render_generating  # sympy, once a derivation shows

        chosen = level_named(self.level_choice.value, power=self.power_choice.value)
        result = solvability(chosen, LESSON_DEALS, LESSON_SEED)
        show_chart(self.dice, chart_html("target_chart", "", chosen))
        self.derivation.value = render_generating(chosen)
        show_chart(self.hardest, chart_html("per_target_chart", "", result))
        self.summary.value = render_odds_summary(result)


class AllLevels(Complains, w.VBox):
    """Every level with and without powers: how often the rolled target can be made, and how
    many cards the easiest answer needs (the chart is drawn just after the page appears)."""

    def __init__(self, *, clock: Clock = background) -> None:
        self.results = [
            solvability(LEVELS[name].with_power(power), LESSON_DEALS, LESSON_SEED)
            for name in LEVELS
            for power in (False, True)
        ]
        self.chart = chart_image()
        drawing = escape(_("Drawing the chart…"))
        self.progress = self.message = html("mc-progress", f"<p>{drawing}</p>")
        super().__init__([html("mc-levels", solvability_table(self.results)), self.progress])
        self.children += (self.chart,)
        self.add_class("mc-all-levels")
        clock(0, self.draw)

    @shows_errors
    def draw(self) -> None:
        show_chart(self.chart, chart_html("fewest_cards_chart", "", self.results))
        self.progress.value = ""


def render_odds_summary(result: Solvability) -> str:
    """How often five cards can make the rolled target at one level, in a sentence."""
    if result.level.power:
        message = ngettext(
            "Level {level}, with powers: five cards can make the rolled target {share} of the "
            "time ({n} seeded deal, every roll weighed by its exact chance). The chart below "
            "shows it target by target.",
            "Level {level}, with powers: five cards can make the rolled target {share} of the "
            "time ({n} seeded deals, every roll weighed by its exact chance). The chart below "
            "shows it target by target.",
            result.deals,
        )
    else:
        message = ngettext(
            "Level {level}, without powers: five cards can make the rolled target {share} of "
            "the time ({n} seeded deal, every roll weighed by its exact chance). The chart "
            "below shows it target by target.",
            "Level {level}, without powers: five cards can make the rolled target {share} of "
            "the time ({n} seeded deals, every roll weighed by its exact chance). The chart "
            "below shows it target by target.",
            result.deals,
        )
    level, share = escape(result.level.label), percent(result.chance)
    return (
        "<p>"
        + escape(message).format(level=f"<b>{level}</b>", share=f"<b>{share}</b>", n=result.deals)
        + "</p>"
    )


YES, NO = N_("yes"), N_("no")


def solvability_table(results: list[Solvability]) -> str:
    """Every level with and without powers: how often the rolled target can be made."""
    rows = "".join(
        f"<tr><td>{escape(result.level.label)}</td>"
        f"<td>{escape(_(YES if result.level.power else NO))}</td>"
        f"<td>{percent(result.chance)}</td></tr>"
        for result in results
    )
    return table(map(_, LEVELS_COLUMNS), rows, "mc-report")

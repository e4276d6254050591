"""Exact odds against simulation: the chance of each case for the rows typed, next to many
simulated rolls, in a table and two charts."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from html import escape

import ipywidgets as w

from mathcards.chips import check_llama_scoring
from mathcards.i18n import _, ngettext, number, percent
from mathcards.lama_dice.dice import (
    DEFAULT_DICE,
    Case,
    Dice,
    parse_dice,
)
from mathcards.lama_dice.odds import RollOdds, roll_odds
from mathcards.lama_dice.simulate import simulate_rolls
from widgets.charts import chart_html
from widgets.controls import (
    Clock,
    Complains,
    button,
    html,
    kernel_clock,
    shows_errors,
)
from widgets.lama_dice.cards import (
    CASE_WORDS,
    in_216,
)
from widgets.lama_dice.chooser import DiceChooser, RowsPicker, follow
from widgets.style import LAMA_DICE_STYLE, page_style
from widgets.tables import table
from widgets.worker import Background


def quitting_scores(points: int) -> str:
    """What quitting now scores, as a sentence."""
    return ngettext(
        "Quitting now scores {points} point.", "Quitting now scores {points} points.", points
    ).format(points=points)


def render_odds(odds: RollOdds, *, decision: str = "") -> str:
    """The exact chance of each case: rolls out of 216, a fraction and a percentage."""
    of_216 = _("{count} of 216")
    rows = "".join(
        f"<tr><td>{escape(_(CASE_WORDS[case]))}</td>"
        f"<td>{of_216.format(count=in_216(odds.of(case)))}</td>"
        f"<td>{odds.of(case)}</td><td>{percent(odds.of(case))}</td></tr>"
        for case in Case
    )
    upto = ", ".join(
        ngettext("{n} card: {chance}", "{n} cards: {chance}", n).format(n=n, chance=p)
        for n, p in odds.discard_up_to.items()
    )
    most = _("A match lets you discard at most — {choices}.").format(choices=upto)
    headings = [_("next roll"), _("rolls"), _("exactly"), "≈"]
    return (
        table(headings, rows, "mc-odds-table", scroll=True, stack=True)
        + f"<p>{most} {quitting_scores(odds.penalty_now)}</p>{decision}"
    )


def render_frequencies(cases: list[Case], odds: RollOdds) -> str:
    """Simulated shares next to the exact odds."""
    counts, total = Counter(cases), len(cases)
    rows = "".join(
        f"<tr><td>{escape(_(CASE_WORDS[case]))}</td><td>{percent(odds.of(case), 2)}</td>"
        f"<td>{number(counts[case], 0)}</td><td>{percent(counts[case] / total, 2)}</td></tr>"
        for case in Case
    )
    after = ngettext("After <b>{count}</b> roll:", "After <b>{count}</b> rolls:", total)
    headings = [_("case"), _("exact"), _("rolls"), _("share")]
    return f"<p>{after.format(count=number(total, 0))}</p>" + table(
        headings, rows, "mc-odds-table mc-frequency-table", scroll=True
    )


class OddsDemo(Complains, w.VBox):
    """Type the rows; see the exact odds; roll many times and compare, chart and table at once."""

    BATCHES = (10, 100, 10_000)
    drawn = ""

    def __init__(
        self,
        row: str = "6 6 L",
        llama_row: str = "2 3",
        dice: Dice | DiceChooser | str = DEFAULT_DICE,
        seed: int | None = 2026,
        llama_scoring: str = "once",
        clock: Clock = kernel_clock,
    ) -> None:
        self.seed, self.cases = seed, list[Case]()
        self.llama_scoring = check_llama_scoring(llama_scoring)
        self.dice = follow(parse_dice(dice) if isinstance(dice, str) else dice, self.reset)
        self.rows = RowsPicker(row, llama_row)
        self.rows.on_change(self.reset)
        self.message = html("mc-message-box")
        self.odds_view = html("mc-odds")
        self.frequencies = html("mc-frequencies")
        self.chart = html("mc-chart")
        self.work = Background(clock, self.complain)
        self.roll_buttons = [
            button(
                _("Roll {count}").format(count=number(n, 0)),
                f"mc-roll-{n}",
                lambda _b, n=n: self.roll(n),
            )
            for n in self.BATCHES
        ]
        self.roll_buttons[0].button_style = "primary"
        again = button(_("Start again"), "mc-reset", lambda _b: self.reset())
        super().__init__(
            [
                page_style(LAMA_DICE_STYLE),
                self.rows,
                self.message,
                self.odds_view,
                w.HBox([*self.roll_buttons, again]),
                self.work,
                self.frequencies,
                self.chart,
            ]
        )
        self.add_class("mc-odds-demo")
        self.add_class("mc-dice-widget")
        self.reset()

    @property
    def row_text(self) -> w.Text:
        return self.rows.row_text

    @property
    def llama_text(self) -> w.Text:
        return self.rows.llama_text

    def _odds(self) -> RollOdds:
        return roll_odds(
            self.rows.row, self.rows.llama_row, self.dice(), llama_scoring=self.llama_scoring
        )

    @shows_errors
    def reset(self) -> None:
        """New rows or dice: show their exact odds and forget the simulated rolls."""
        self.work.cancel()
        self.cases, self.frequencies.value, self.chart.value = [], "", ""
        self.message.value = ""
        if not self.rows.valid:
            self.odds_view.value = ""  # no odds for rows that cannot be
            return
        self.odds_view.value = render_odds(self._odds())

    @shows_errors
    def roll(self, count: int) -> None:
        """Roll `count` more times; the table and the charts then change together."""
        if not self.rows.valid:
            self.complain(_("Fix the rows above first."))
            return
        row, llama_row, dice = self.rows.row, self.rows.llama_row, self.dice()
        seed = None if self.seed is None else self.seed + len(self.cases)
        fresh: list[Case] = []

        def steps() -> Iterator[float]:
            step = 2_000
            for start in range(0, count, step):
                part_seed = None if seed is None else seed * 7919 + start
                fresh.extend(
                    simulate_rolls(
                        row, llama_row, min(step, count - start), seed=part_seed, dice=dice
                    )
                )
                yield len(fresh) / (count + 1)
            yield from self._charts(self.cases + fresh)

        def done() -> None:
            self.cases += fresh
            self.frequencies.value = render_frequencies(self.cases, self._odds())
            self.chart.value = self.drawn

        rolling = ngettext(
            "Rolling {count} time and drawing the charts…",
            "Rolling {count} times and drawing the charts…",
            count,
        )
        self.work.start(rolling.format(count=number(count, 0)), steps(), done)

    def _charts(self, cases: list[Case]) -> Iterator[float]:
        """Draw both charts (matplotlib is loaded the first time, not when the page opens)."""
        yield 0.99
        odds = self._odds()
        shares = chart_html(
            "shares_chart", _("each case's share so far against its exact odds"), cases, odds
        )
        gaps = chart_html("gap_chart", _("the largest gap against 1 over root n"), cases, odds)
        settles = _("Each share settles on its exact value (dotted)")
        shrinks = _("The largest gap shrinks like 1/√rolls")
        self.drawn = (
            f'<div class="mc-charts"><div><b>{escape(settles)}</b>{shares}</div>'
            f"<div><b>{escape(shrinks)}</b>{gaps}</div></div>"
        )
        yield 1.0

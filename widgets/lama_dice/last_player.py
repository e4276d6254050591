"""Roll or quit, for the last player: the exact decision for your rows and for example rows."""

from __future__ import annotations

from collections.abc import Iterator
from html import escape

import ipywidgets as w

from mathcards.i18n import N_, _, ngettext, number
from mathcards.lama_dice import known
from mathcards.lama_dice.dice import (
    DEFAULT_DICE,
    Dice,
    Row,
)
from mathcards.lama_dice.odds import checked_rows
from mathcards.lama_dice.policy import Decision
from widgets.charts import render_bars
from widgets.controls import (
    Clock,
    Complains,
    html,
    kernel_clock,
    shows_errors,
)
from widgets.lama_dice.cards import (
    BLUE,
    GREY,
    render_row,
    row_words,
)
from widgets.lama_dice.chooser import DiceChooser, RowsPicker, follow
from widgets.style import LAMA_DICE_STYLE, page_style
from widgets.tables import table
from widgets.worker import Background

BEST = {"roll": N_("Best: <b>roll on</b>."), "quit": N_("Best: <b>quit</b>.")}
ADVICE = {"roll": N_("roll on"), "quit": N_("quit now")}


def render_decision(row: Row, decision: Decision) -> str:
    """The last player's choice in one sentence, both expected penalties given."""
    average = number(decision.roll)
    if decision.roll.denominator <= 1000:
        rolling = _(
            "Rolling on scores <b>{average}</b> points on average (exactly {fraction})."
        ).format(average=average, fraction=decision.roll)
    else:
        rolling = _("Rolling on scores <b>{average}</b> points on average.").format(average=average)
    quitting = ngettext(
        "Quitting now scores <b>{points}</b> point.",
        "Quitting now scores <b>{points}</b> points.",
        int(decision.quit),
    ).format(points=decision.quit)
    return f'<p class="mc-decision">{quitting} {rolling} {_(BEST[decision.action])}</p>'


def render_decisions(rows: list[tuple[Row, Decision]]) -> str:
    """A table of rows, drawn as cards, with the last player's expected penalties."""
    lines = "".join(
        f"<tr><td>{render_row(row, width=28)}</td><td>{number(d.roll)}</td>"
        f"<td>{d.quit}</td><td><b>{_(ADVICE[d.action])}</b></td></tr>"
        for row, d in rows
    )
    headings = [_("your row"), _("roll on (average)"), _("quit now"), _("best")]
    return table(headings, lines, "mc-odds-table mc-decisions", scroll=True, stack=True)


class LastPlayer(Complains, w.VBox):
    """Roll or quit, for the last player: your rows, the exact decision, and example rows."""

    EXAMPLES = known.EXAMPLE_ROWS

    def __init__(
        self,
        row: str = "1 2 3 4 5 L",
        llama_row: str = "1 2 3 4 5 6 L",
        dice: Dice | DiceChooser = DEFAULT_DICE,
        clock: Clock = kernel_clock,
    ) -> None:
        self.dice = follow(dice, self.update)
        self.rows = RowsPicker(row, llama_row)
        self.rows.on_change(self.update)
        self.message = html("mc-message-box")
        self.decision = html("mc-decision-view")
        self.examples = html("mc-examples")
        self.work = Background(clock, self.complain)
        super().__init__(
            [
                page_style(LAMA_DICE_STYLE),
                self.rows,
                self.message,
                self.decision,
                w.HTML("<h3>" + escape(_("Some rows with this llama row")) + "</h3>"),
                self.work,
                self.examples,
            ]
        )
        self.add_class("mc-last-player")
        self.add_class("mc-dice-widget")
        self.update()

    @shows_errors
    def update(self) -> None:
        """Your row's decision and the example rows: at once if worked out in advance, else
        after the page is shown, behind a progress bar."""
        self.message.value = ""
        self.work.cancel()
        if not self.rows.valid:
            self.decision.value = self.examples.value = ""
            return
        row, llama_row, dice = self.rows.row, self.rows.llama_row, self.dice()
        examples = [example for example in self.EXAMPLES if _fits(example, llama_row)]
        worked: list[tuple[Row, Decision]] = []

        def steps() -> Iterator[float]:
            for example in examples:
                worked.append((example, known.decide(example, llama_row, dice)))
                yield len(worked) / (len(examples) + 1)
            self.yours = known.decide(row, llama_row, dice)

        def done() -> None:
            self.decision.value = render_decision(row, self.yours)
            self.examples.value = render_decisions(worked) + render_bars(
                [(row_words(r), [float(d.roll), float(d.quit)]) for r, d in worked],
                [(_("roll on (on average)"), BLUE), (_("quit now"), GREY)],
                caption=_("The last player: roll on or quit? (fewer points is better)"),
            )

        ready = all(known.decision(r, llama_row, dice) for r in (*examples, row))
        if ready:
            for _step in steps():
                pass
            done()
        else:
            self.decision.value = self.examples.value = ""
            self.work.start(_("Working out the rows…"), steps(), done)


def _fits(row: Row, llama_row: Row) -> bool:
    try:
        checked_rows(row, llama_row)
    except ValueError:
        return False
    return True

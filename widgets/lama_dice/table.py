"""LAMA Dice as ipywidgets: a dice-layout chooser shared by every page, rows typed and drawn as
cards, a dice roller, exact odds against simulation, the last player's decision, strategies and
whole games compared, and a table to play against paced computer players.

Every button asks the engine in `mathcards.lama_dice`, then re-renders; no rule lives here.
Heavy work (many simulated rounds or games, a chart) runs after the page is shown, in slices on
the kernel's clock behind a progress bar, so a page opens at once and buttons stay responsive.
"""

from __future__ import annotations

import base64
import io
import random
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from fractions import Fraction
from html import escape
from typing import Any

import ipywidgets as w

from mathcards.chips import LLAMA, check_llama_scoring
from mathcards.engine import Event
from mathcards.i18n import N_, _, is_you, ngettext, number, percent, you
from mathcards.lama_dice import known
from mathcards.lama_dice.bots import STRATEGIES, check_strategy, choose
from mathcards.lama_dice.dice import (
    DEFAULT_DICE,
    LAYOUTS,
    VALUES,
    Case,
    Dice,
    Faces,
    Row,
    case_of,
    check_dice,
    dice_text,
    matching,
    name,
    outcomes,
    parse_dice,
    parse_value,
    roll,
)
from mathcards.lama_dice.game import (
    Action,
    Discard,
    LamaDiceGame,
    Phase,
    Quit,
    ReturnChip,
    Roll,
    Take,
    cards_words,
    game_over,
)
from mathcards.lama_dice.odds import RollOdds, checked_rows, roll_odds
from mathcards.lama_dice.policy import Decision, last_player
from mathcards.lama_dice.simulate import games_won, last_player_rounds, simulate_rolls
from widgets import svg
from widgets.controls import (
    MESSAGE_STYLE,
    Alarm,
    Clock,
    Complains,
    button,
    html,
    kernel_clock,
    render_message,
    shows_errors,
)

FULL_LLAMA_ROW: Row = VALUES
BLUE, GREY = "#1d4ed8", "#9ca3af"
SHOWN_LOG = 6  # the last moves listed under the table
PACE = 1.0  # seconds between two computer moves, so a class can follow them
SLICE = 0.05  # seconds of heavy work between two looks at the page's buttons
OWN_LAYOUT = N_("Your own dice")
LABEL = {"description_width": "6.5em"}  # "Llama row" in full, the boxes lined up


def wide() -> w.Layout:
    """Room for three dice or a long row, never wider than a phone."""
    return w.Layout(width="30em", max_width="100%")


# Words shown to the reader are marked here and translated where they are shown: `_(...)`.
CASE_WORDS = {
    Case.THREE_LLAMAS: N_("Three llamas"),
    Case.DISCARD: N_("A match: discard"),
    Case.TAKE: N_("No match: take from the llama row"),
    Case.BUST: N_("Bust"),
}
SAYINGS = {
    Case.THREE_LLAMAS: N_("Three llamas! No card moves — you may return a chip."),
    Case.DISCARD: N_("A match: discard cards from your row, one per matching die."),
    Case.TAKE: N_("No match in your row: take a card the dice show from the llama row."),
    Case.BUST: N_("Bust! Nothing matches: the whole llama row is yours, and the round ends."),
}
COMPUTER_NAMES = {"cautious": N_("Cautious Cleo"), "bold": N_("Bold Bea"), "best": N_("Best Bo")}
HOW_THEY_PLAY = {  # a computer player's name and how it plays, in a table
    "cautious": N_("{name} (cautious)"),
    "bold": N_("{name} (bold)"),
    "best": N_("{name} (best)"),
}
BEST = {"roll": N_("Best: <b>roll on</b>."), "quit": N_("Best: <b>quit</b>.")}
ADVICE = {"roll": N_("roll on"), "quit": N_("quit now")}
SHOWS = {  # at least one die shows this
    1: N_("a 1"),
    2: N_("a 2"),
    3: N_("a 3"),
    4: N_("a 4"),
    5: N_("a 5"),
    6: N_("a 6"),
    LLAMA: N_("a llama"),
}
STYLE = """<style>
@keyframes mc-tumble { 0% { transform: rotate(-30deg) scale(.6); opacity: .3 }
                       60% { transform: rotate(10deg) scale(1.08); opacity: 1 }
                       100% { transform: none } }
.mc-dice-row svg.mc-die { animation: mc-tumble .45s ease-out; }
@media (prefers-reduced-motion: reduce) { .mc-dice-row svg.mc-die { animation: none; } }
.mc-case, .mc-headline { font-size: 20px; font-weight: 600; min-height: 1.4em; }
.mc-headline .mc-next { font-weight: 400; display: block; }
.mc-odds-table { border-collapse: collapse; margin: 6px 0; }
.mc-odds-table td, .mc-odds-table th { padding: 3px 12px; text-align: right; font-size: 18px;
  border-bottom: 1px solid #e5e7eb; vertical-align: middle; white-space: nowrap; }
.mc-odds-table td:first-child { white-space: normal; }
.mc-odds-table td:first-child, .mc-odds-table th:first-child { text-align: left; }
.mc-scroll { max-width: 100%; overflow-x: auto; }
svg.mc-card.mc-match rect { stroke: #d97706; stroke-width: 7; }
svg.mc-card.mc-match { filter: drop-shadow(0 0 6px #f59e0b); }
.mc-seat { border: 2px solid #e5e7eb; border-radius: 10px; padding: 6px 10px; margin: 6px 0;
  background: #fff; }
.mc-seat.mc-to-move { border-color: #1d4ed8; }
.mc-seat-name { font-weight: 700; font-size: 18px; }
.mc-seat-cards { display: flex; flex-wrap: wrap; gap: 14px 24px; align-items: center; }
.mc-layout-dice { display: flex; flex-wrap: wrap; gap: 6px 22px; }
.mc-layout-die { display: flex; align-items: center; gap: 3px; }
.mc-layout-die b { margin-right: 4px; white-space: nowrap; }
.mc-decisions .mc-row, .mc-dice-chances .mc-layout-die { flex-wrap: nowrap !important;
  gap: 4px !important; }
.mc-decisions .mc-row svg, .mc-dice-chances svg { flex-shrink: 0; }
.mc-log { color: #4b5563; font-size: 16px; }
.mc-chart img { width: 100%; max-width: 640px; height: auto; }
.mc-charts { display: flex; flex-wrap: wrap; gap: 12px 24px; }
.mc-charts > div { flex: 1 1 300px; max-width: 640px; }
.mc-progress { color: #4b5563; }
.mc-dice-widget, .mc-dice-widget .widget-html, .mc-dice-widget .widget-html-content {
  min-width: 0; max-width: 100%; }
@media (max-width: 600px) {
  .mc-odds-table td, .mc-odds-table th { padding: 3px 6px; font-size: 16px; }
  .mc-seat { padding: 4px 6px; }
}
.mc-bars { max-width: 680px; margin: 10px 0; }
.mc-keys { display: flex; flex-wrap: wrap; gap: 4px 18px; margin: 4px 0 8px; }
.mc-key i { display: inline-block; width: 14px; height: 14px; margin-right: 6px;
  border-radius: 3px; vertical-align: -1px; }
.mc-bar-row { display: grid; grid-template-columns: minmax(4.5em, 9em) 1fr; gap: 8px;
  align-items: center; margin: 5px 0; }
.mc-bar { height: 24px; border-radius: 4px; margin: 2px 0; min-width: 3.2em; color: #fff;
  font-size: 16px; line-height: 24px; box-sizing: border-box; padding-left: 6px;
  white-space: nowrap; }
</style>"""

# ---------------------------------------------------------------- pure rendering


def lama_card(value: int, width: int = 60, *, highlight: bool = False) -> str:
    """A LAMA card in the game's look (a number in its colour, or a drawn llama): the one place
    a LAMA Dice card is drawn."""
    if value == LLAMA:
        spoken = _("llama card, matches a die") if highlight else _("llama card")
    else:
        spoken = (_("card {value}, matches a die") if highlight else _("card {value}")).format(
            value=value
        )
    extra = "mc-match" if highlight else ""
    if value == LLAMA:
        return svg.llama(width=width, label=spoken, extra=extra)
    return svg.lama_number(value, width=width, label=spoken, extra=extra)


def render_row(
    row: Row,
    *,
    face_down: bool = False,
    css_class: str = "mc-row",
    highlight: set[int] | frozenset[int] = frozenset(),
    width: int = 60,
) -> str:
    """A row of cards (those a die matches highlighted), or its backs once turned face down."""
    if face_down:
        label = ngettext(
            "a row turned face down: {n} card", "a row turned face down: {n} cards", len(row)
        ).format(n=len(row))
        return svg.row([svg.card_back(len(row), width=width, label=label)], css_class=css_class)
    if not row:
        return f'<div class="{css_class}"><i>' + escape(_("no cards")) + "</i></div>"
    cards = [lama_card(card, width, highlight=card in highlight) for card in row]
    return svg.row(cards, css_class=css_class)


def thousands(number: int) -> str:
    """A whole number as a class reads it: 10 000 (a thin space, not a comma)."""
    return f"{number:,}".replace(",", "\u202f")


def row_words(row: Row) -> str:
    """A row as a reader says it: "1 2 L", or "no cards"."""
    return cards_words(row) or _("no cards")


def render_layout(dice: Dice, *, size: int = 34) -> str:
    """The three dice drawn face by face: the layout this page uses."""
    spoken, shown = _("die {number}: {faces}"), _("Die {number}")
    dice_drawn = "".join(
        f'<div class="mc-layout-die" '
        f'aria-label="{escape(spoken.format(number=i, faces=cards_words(die)))}">'
        f"<b>{escape(shown.format(number=i))}</b>"
        f"{''.join(svg.die(name(face), 'white', size=size) for face in die)}</div>"
        for i, die in enumerate(dice, 1)
    )
    return f'<div class="mc-layout"><div class="mc-layout-dice">{dice_drawn}</div></div>'


def layout_name(dice: Dice) -> str:
    """The layout's name if it is one of the named ones, else "Your own dice"."""
    return next((label for label, text in LAYOUTS.items() if parse_dice(text) == dice), OWN_LAYOUT)


def render_dice(faces: Faces | None, *, size: int = 72) -> str:
    """The three dice as rolled (they tumble in when shown), or three "?" before a roll."""
    shown = [name(face) for face in faces] if faces else ["?"] * 3
    return svg.row([svg.die(face, "white", size=size) for face in shown], css_class="mc-dice-row")


def in_216(p: Fraction) -> int:
    """How many of the 216 rolls a probability counts (every layout has 6 × 6 × 6 rolls)."""
    return int(p * 216)


def header(*labels: str) -> str:
    """A table's header row (the labels in the reader's language)."""
    return "<tr>" + "".join(f"<th>{escape(label)}</th>" for label in labels) + "</tr>"


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
    head = header(_("next roll"), _("rolls"), _("exactly"), "≈")
    return (
        f'<div class="mc-scroll"><table class="mc-odds-table">{head}{rows}</table></div>'
        f"<p>{most} {quitting_scores(odds.penalty_now)}</p>{decision}"
    )


def render_frequencies(cases: list[Case], odds: RollOdds) -> str:
    """Simulated shares next to the exact odds."""
    counts, total = Counter(cases), len(cases)
    rows = "".join(
        f"<tr><td>{escape(_(CASE_WORDS[case]))}</td><td>{percent(odds.of(case), 2)}</td>"
        f"<td>{thousands(counts[case])}</td><td>{percent(counts[case] / total, 2)}</td></tr>"
        for case in Case
    )
    after = ngettext("After <b>{count}</b> roll:", "After <b>{count}</b> rolls:", total)
    head = header(_("case"), _("exact"), _("rolls"), _("share"))
    return (
        f"<p>{after.format(count=thousands(total))}</p>"
        '<div class="mc-scroll"><table class="mc-odds-table mc-frequency-table">'
        f"{head}{rows}</table></div>"
    )


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
    head = header(_("your row"), _("roll on (average)"), _("quit now"), _("best"))
    return (
        '<div class="mc-scroll"><table class="mc-odds-table mc-decisions">'
        f"{head}{lines}</table></div>"
    )


CHARTS = threading.Lock()  # matplotlib's settings are shared: one chart is drawn at a time


def chart(drawing: str, alt: str, *results: Any) -> str:
    """`widgets.plots.<drawing>(*results)` as an image; matplotlib loads on the first chart
    (after the page is shown), and charts are drawn one at a time."""
    with CHARTS:
        from widgets import plots

        return figure_html(getattr(plots, drawing)(*results), alt)


def figure_html(figure: Any, alt: str) -> str:
    """A matplotlib figure as a crisp PNG that shrinks to fit a phone."""
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=150)
    data = base64.b64encode(buffer.getvalue()).decode("ascii")
    return f'<img src="data:image/png;base64,{data}" alt="{escape(alt)}">'


def read_row(text: str) -> Row:
    """A row typed as card values: ``1 1 3 L`` (spaces or commas)."""
    return tuple(sorted(parse_value(part) for part in text.replace(",", " ").split()))


def computer_names(opponents: tuple[str, ...]) -> dict[str, str]:
    """A name for each computer player that says how it plays: "Cautious Cleo", "Best Bo 2"."""
    seen: Counter[str] = Counter()
    names = {}
    for strategy in opponents:
        check_strategy(strategy)
        seen[strategy] += 1
        extra = f" {seen[strategy]}" if opponents.count(strategy) > 1 else ""
        names[_(COMPUTER_NAMES[strategy]) + extra] = strategy
    return names


def computer_player(strategy: str) -> str:
    """A computer player's name and how it plays: "Best Bo (best)"."""
    return _(HOW_THEY_PLAY[strategy]).format(name=_(COMPUTER_NAMES[strategy]))


# ---------------------------------------------------------------- shared pieces


class Listeners:
    """Callbacks to run when a chooser's value changes."""

    def on_change(self, callback: Callable[[], None]) -> None:
        self.__dict__.setdefault("listeners", []).append(callback)

    def changed(self) -> None:
        for callback in self.__dict__.get("listeners", []):
            callback()


class DiceChooser(Complains, Listeners, w.VBox):
    """The dice layout a page uses: a named one, or three dice typed like 3456LL,1256LL,1234LL.

    Every LAMA Dice widget on the page follows it. A layout that cannot be read is named beside
    the box, and the page keeps the last good one (drawn below the box)."""

    def __init__(self, dice: Dice | str = DEFAULT_DICE) -> None:
        self.dice = parse_dice(dice) if isinstance(dice, str) else check_dice(dice)
        self.choice = w.Dropdown(
            options=[(_(label), label) for label in (*LAYOUTS, OWN_LAYOUT)],
            value=layout_name(self.dice),
            description=_("Dice"),
            style=LABEL,
            layout=wide(),
        )
        self.choice.add_class("mc-layout-choice")
        self.text = w.Text(
            value=dice_text(self.dice),
            description=_("Faces"),
            style=LABEL,
            layout=wide(),
            placeholder="3456LL,1256LL,1234LL",
            continuous_update=False,
        )
        self.text.add_class("mc-dice-input")
        self.message = html("mc-message-box")
        self.drawn = html("mc-layout-view", render_layout(self.dice))
        self.choice.observe(self._chosen, names="value")
        self.text.observe(self._typed, names="value")
        help_line = w.HTML(
            "<small>"
            + _("Each die lists its six faces (1–6, L for a llama); commas between dice.")
            + "</small>"
        )
        super().__init__(
            [
                w.HTML(STYLE + MESSAGE_STYLE),
                self.choice,
                self.text,
                help_line,
                self.message,
                self.drawn,
            ]
        )
        self.add_class("mc-dice-chooser")
        self.add_class("mc-dice-widget")

    def _chosen(self, change: dict) -> None:
        if change["new"] in LAYOUTS:
            self.text.value = LAYOUTS[change["new"]]
        elif change["new"] == OWN_LAYOUT and self.message.value == "":
            self.message.value = render_message(
                _("Type your three dice in the box, like 2345LL,3456LL,1256LL."), ok=None
            )

    @shows_errors
    def _typed(self, change: dict) -> None:
        try:
            dice = parse_dice(change["new"])
        except ValueError as problem:
            self.complain(
                _("{problem}. The page still uses the dice drawn below.").format(problem=problem)
            )
            return
        self.message.value = ""
        self.choice.value = layout_name(dice)
        if dice != self.dice:
            self.dice = dice
            self.drawn.value = render_layout(dice)
            self.changed()


def follow(dice: Dice | DiceChooser, on_change: Callable[[], None]) -> Callable[[], Dice]:
    """A widget's dice: fixed, or whatever the page's chooser shows (then `on_change` runs)."""
    if isinstance(dice, DiceChooser):
        dice.on_change(on_change)
        chooser = dice
        return lambda: chooser.dice
    fixed = check_dice(dice)
    return lambda: fixed


def render_rows(
    row: Row,
    llama_row: Row,
    lit: frozenset[int] = frozenset(),
    lit_llama: frozenset[int] = frozenset(),
) -> str:
    """Your row and the llama row, each under its name (the cards a die shows lit up)."""
    yours, llamas = escape(_("Your row:")), escape(_("Llama row:"))
    return (
        f"<p>{yours}</p>{render_row(row, highlight=lit)}"
        f"<p>{llamas}</p>{render_row(llama_row, highlight=lit_llama)}"
    )


class RowsPicker(Complains, Listeners, w.VBox):
    """Your row and the llama row, typed (1–6, L for a llama) and drawn as cards."""

    def __init__(self, row: str = "1 2 3 4 5 L", llama_row: str = "1 2 3 4 5 6 L") -> None:
        self.row_text = w.Text(
            value=row,
            description=_("Your row"),
            continuous_update=False,
            style=LABEL,
            layout=wide(),
        )
        self.llama_text = w.Text(
            value=llama_row,
            description=_("Llama row"),
            continuous_update=False,
            style=LABEL,
            layout=wide(),
        )
        self.row_text.add_class("mc-row-input")
        self.llama_text.add_class("mc-llama-input")
        self.message = html("mc-message-box")
        self.drawn = html("mc-rows-view")
        self.row: Row = ()
        self.llama_row: Row = ()
        self.valid = False
        for text in (self.row_text, self.llama_text):
            text.observe(lambda _change: self._read(), names="value")
        super().__init__(
            [
                w.HTML(STYLE + MESSAGE_STYLE),
                self.row_text,
                self.llama_text,
                self.message,
                self.drawn,
            ]
        )
        self.add_class("mc-rows-picker")
        self.add_class("mc-dice-widget")
        self._read()

    def _read(self) -> None:
        try:
            self.row, self.llama_row = checked_rows(
                read_row(self.row_text.value), read_row(self.llama_text.value)
            )
        except ValueError as problem:
            self.valid = False
            self.complain(str(problem))
            self.drawn.value = ""
        else:
            self.valid = True
            self.message.value = ""
            self.drawn.value = render_rows(self.row, self.llama_row)
        self.changed()


class Background(w.HBox):
    """Heavy work done after the page is shown, behind a progress bar.

    `start(what, steps, done)`: `steps` yields the share done so far (0 to 1); when it ends,
    `done()` shows the result. Starting again cancels the work under way. On a page the work
    runs on a worker thread, so the kernel keeps answering the page while it runs; a test
    passes its own clock and the work runs in slices on it instead."""

    def __init__(self, clock: Clock, complain: Callable[[str], None]) -> None:
        self.clock, self.complain = clock, complain
        self.bar = w.FloatProgress(value=0, min=0, max=1)
        self.label = html("mc-progress")
        self.timer: Any = None
        self.steps: Iterator[float] | None = None
        self.done: Callable[[], None] = lambda: None
        super().__init__([self.label, self.bar])
        self.add_class("mc-background")
        self.layout.display = "none"

    @property
    def busy(self) -> bool:
        return self.steps is not None

    def start(self, what: str, steps: Iterator[float], done: Callable[[], None]) -> None:
        self.cancel()
        self.steps, self.done = steps, done
        self.label.value = escape(what)
        self.bar.value = 0
        self.layout.display = ""
        if self.clock is kernel_clock:
            threading.Thread(target=self._work, args=(steps,), daemon=True).start()
        else:
            self.timer = self.clock(0, self._slice)

    def cancel(self) -> None:
        if self.timer is not None:
            self.timer.cancel()
        self.timer, self.steps = None, None
        self.layout.display = "none"

    def _work(self, steps: Iterator[float]) -> None:
        """On the worker thread: all the steps, the bar moved a few times a second."""
        shown = 0.0
        try:
            for fraction in steps:
                if self.steps is not steps:
                    return  # cancelled: newer work has started
                if time.perf_counter() - shown > 0.2:
                    self.bar.value, shown = min(1.0, fraction), time.perf_counter()
        except Exception as problem:
            self._failed(steps, problem)
            return
        if self.steps is steps:
            self._finish()

    def _failed(self, steps: Iterator[float], problem: Exception) -> None:
        if self.steps is steps:
            self.cancel()
            self.complain(str(problem) if isinstance(problem, ValueError) else repr(problem))

    def _finish(self) -> None:
        self.cancel()
        try:
            self.done()
        except Exception as problem:  # a bug must still reach the page
            self.complain(_("Something went wrong: {problem}").format(problem=repr(problem)))

    def _slice(self) -> None:
        """Work for about SLICE seconds, then let the page's buttons have their turn."""
        self.timer = None
        steps = self.steps
        if steps is None:
            return
        deadline = time.perf_counter() + SLICE
        try:
            while time.perf_counter() < deadline:
                self.bar.value = min(1.0, next(steps))
        except StopIteration:
            self._finish()
            return
        except Exception as problem:
            self._failed(steps, problem)
            return
        self.timer = self.clock(0, self._slice)


# ---------------------------------------------------------------- the dice roller


class DiceRoller(Complains, w.VBox):
    """Three dice with the chosen faces; each roll is named for the rows on the table, and a
    tally counts the cases seen so far."""

    def __init__(
        self,
        row: Row = (6, 6),
        llama_row: Row = (2, 4),
        dice: Dice | DiceChooser = DEFAULT_DICE,
        seed: int | None = None,
    ) -> None:
        self.row, self.llama_row = checked_rows(row, llama_row)
        self.dice = follow(dice, self._new_dice)
        self.rng = random.Random(seed)
        self.faces: Faces | None = None
        self.seen: Counter[Case] = Counter()
        self.roll_button = button(_("Roll the dice"), "mc-roll", self.roll, button_style="primary")
        self.table = html("mc-roller-table")
        self.shown = html("mc-dice", render_dice(None))
        self.case = html("mc-case")
        self.tally = html("mc-tally")
        self.message = html("mc-message-box")
        super().__init__(
            [
                w.HTML(STYLE + MESSAGE_STYLE),
                self.table,
                w.HBox([self.roll_button]),
                self.shown,
                self.case,
                self.tally,
                self.message,
            ]
        )
        self.add_class("mc-dice-roller")
        self.add_class("mc-dice-widget")
        self._render_table()

    def _new_dice(self) -> None:
        self.faces, self.seen = None, Counter()
        self.shown.value, self.case.value, self.tally.value = render_dice(None), "", ""
        self._render_table()

    def _render_table(self) -> None:
        lit = frozenset(matching(self.faces, self.row) if self.faces else ())
        lit_llama = frozenset(matching(self.faces, self.llama_row) if self.faces else ())
        self.table.value = render_rows(self.row, self.llama_row, lit, lit_llama)

    @shows_errors
    def roll(self, _button: object = None) -> None:
        """Roll the three dice and say what the roll means."""
        self.faces = roll(self.rng, self.dice())
        case = case_of(self.faces, self.row, self.llama_row)
        self.seen[case] += 1
        self.shown.value = render_dice(self.faces)
        self.case.value = escape(_(SAYINGS[case]))
        self._render_table()
        counted = " · ".join(f"{escape(_(CASE_WORDS[c]))}: {self.seen[c]}" for c in Case)
        rolls = sum(self.seen.values())
        so_far = ngettext(
            "So far, {count} roll — {tally}", "So far, {count} rolls — {tally}", rolls
        )
        self.tally.value = f"<p>{so_far.format(count=rolls, tally=counted)}</p>"


# ---------------------------------------------------------------- exact odds against simulation


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
                _("Roll {count}").format(count=thousands(n)),
                f"mc-roll-{n}",
                lambda _b, n=n: self.roll(n),
            )
            for n in self.BATCHES
        ]
        self.roll_buttons[0].button_style = "primary"
        again = button(_("Start again"), "mc-reset", lambda _b: self.reset())
        super().__init__(
            [
                w.HTML(STYLE + MESSAGE_STYLE),
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
        self.work.start(rolling.format(count=thousands(count)), steps(), done)

    def _charts(self, cases: list[Case]) -> Iterator[float]:
        """Draw both charts (matplotlib is loaded the first time, not when the page opens)."""
        yield 0.99
        odds = self._odds()
        shares = chart(
            "shares_chart", _("each case's share so far against its exact odds"), cases, odds
        )
        gaps = chart("gap_chart", _("the largest gap against 1 over root n"), cases, odds)
        settles = _("Each share settles on its exact value (dotted)")
        shrinks = _("The largest gap shrinks like 1/√rolls")
        self.drawn = (
            f'<div class="mc-charts"><div><b>{escape(settles)}</b>{shares}</div>'
            f"<div><b>{escape(shrinks)}</b>{gaps}</div></div>"
        )
        yield 1.0


# ---------------------------------------------------------------- roll or quit?


def decide(row: Row, llama_row: Row, dice: Dice) -> Decision:
    """The last player's decision: worked out in advance for the lessons' rows, else now."""
    return known.decision(row, llama_row, dice) or last_player(row, llama_row, dice)


def render_bars(
    rows: list[tuple[str, list[float]]], legend: list[tuple[str, str]], *, caption: str
) -> str:
    """A bar chart in HTML: one line of bars per row, one colour per series, each bar labelled
    with its value. Text stays page-sized on a phone (an image would shrink it)."""
    top = max((value for _, values in rows for value in values), default=1) or 1
    keys = "".join(
        f'<span class="mc-key"><i style="background:{colour}"></i>{escape(label)}</span>'
        for label, colour in legend
    )
    lines = "".join(
        f'<div class="mc-bar-row"><div class="mc-bar-label">{escape(label)}</div><div>'
        + "".join(
            f'<div class="mc-bar" style="width:{max(value / top, 0.01):.1%};'
            f'background:{colour}"><span>{number(value)}</span></div>'
            for value, (_, colour) in zip(values, legend, strict=True)
        )
        + "</div></div>"
        for label, values in rows
    )
    return (
        f'<figure class="mc-bars"><figcaption><b>{escape(caption)}</b></figcaption>'
        f'<div class="mc-keys">{keys}</div>{lines}</figure>'
    )


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
                w.HTML(STYLE + MESSAGE_STYLE),
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
                worked.append((example, decide(example, llama_row, dice)))
                yield len(worked) / (len(examples) + 1)
            self.yours = decide(row, llama_row, dice)

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


class StrategyRace(Complains, w.VBox):
    """The computer players play the same last round many times; their average penalties."""

    def __init__(
        self,
        rows: RowsPicker,
        dice: Dice | DiceChooser = DEFAULT_DICE,
        rounds: int = known.LAST_ROUNDS,
        seed: int = known.LAST_ROUNDS_SEED,
        clock: Clock = kernel_clock,
    ) -> None:
        self.rows, self.rounds, self.seed = rows, rounds, seed
        self.dice = follow(dice, self.update)
        rows.on_change(self.update)
        self.message = html("mc-message-box")
        self.result = html("mc-strategy-result")
        self.work = Background(clock, self.complain)
        super().__init__([w.HTML(STYLE + MESSAGE_STYLE), self.message, self.work, self.result])
        self.add_class("mc-strategy-race")
        self.add_class("mc-dice-widget")
        self.update()

    @shows_errors
    def update(self) -> None:
        """The averages at once if worked out in advance, else played after the page shows."""
        self.work.cancel()
        self.message.value = self.result.value = ""
        if not self.rows.valid:
            return
        row, llama_row, dice = self.rows.row, self.rows.llama_row, self.dice()
        averages: dict[str, float] = {}
        total = self.rounds * len(STRATEGIES)

        def steps() -> Iterator[float]:
            for index, strategy in enumerate(STRATEGIES):
                scores = 0
                for played, penalty in enumerate(
                    last_player_rounds(
                        row, llama_row, strategy, self.rounds, seed=self.seed, dice=dice
                    ),
                    1,
                ):
                    scores += penalty
                    if played % 50 == 0:
                        yield (index * self.rounds + played) / (total + 1)
                averages[strategy] = scores / self.rounds

        def done() -> None:
            exact = float(decide(row, llama_row, dice).expected_penalty)
            self.result.value = self.render(row, llama_row, averages, exact)

        cached = {
            s: known.average_penalty(row, llama_row, dice, s, self.rounds, self.seed)
            for s in STRATEGIES
        }
        if all(value is not None for value in cached.values()):
            averages.update({s: v for s, v in cached.items() if v is not None})
            done()
            return
        playing = ngettext("Playing {count} last round…", "Playing {count} last rounds…", total)
        self.work.start(playing.format(count=thousands(total)), steps(), done)

    def render(self, row: Row, llama_row: Row, averages: dict[str, float], exact: float) -> str:
        lines = "".join(
            f"<tr><td>{escape(computer_player(s))}</td><td>{number(averages[s])}</td></tr>"
            for s in STRATEGIES
        )
        bars = [(_(COMPUTER_NAMES[s]), [averages[s]]) for s in STRATEGIES]
        rounds = ngettext(
            "Your row {row}, llama row {llama_row}: {count} round each.",
            "Your row {row}, llama row {llama_row}: {count} rounds each.",
            self.rounds,
        ).format(row=row_words(row), llama_row=row_words(llama_row), count=thousands(self.rounds))
        best = _("best play, exact")
        return (
            f"<p>{escape(rounds)}</p>"
            + '<div class="mc-seat-cards">'
            + render_row(row, width=40)
            + render_row(llama_row, width=40)
            + "</div>"
            + '<div class="mc-scroll"><table class="mc-odds-table">'
            + header(_("player"), _("average penalty"))
            + f"{lines}<tr><td>{escape(best)}</td><td>{number(exact)}</td></tr></table></div>"
            + render_bars(
                [*bars, (best, [exact])],
                [(_("average penalty"), BLUE)],
                caption=_("Average penalty in the last round (fewer points is better)"),
            )
        )


class WholeGames(Complains, w.VBox):
    """Whole games between the three computer players (worked out in advance for the usual
    seeds and layouts, else played after the page is shown)."""

    def __init__(
        self,
        dice: Dice | DiceChooser = DEFAULT_DICE,
        games: int = known.GAMES,
        seed: int = known.GAMES_SEED,
        clock: Clock = kernel_clock,
    ) -> None:
        self.games, self.seed = games, seed
        self.dice = follow(dice, self.update)
        self.message = html("mc-message-box")
        self.result = html("mc-games-result")
        self.work = Background(clock, self.complain)
        super().__init__([w.HTML(STYLE + MESSAGE_STYLE), self.message, self.work, self.result])
        self.add_class("mc-whole-games")
        self.add_class("mc-dice-widget")
        self.update()

    @shows_errors
    def update(self) -> None:
        self.work.cancel()
        self.message.value = self.result.value = ""
        wins: Counter[str] = Counter()
        cached = known.game_winners(self.dice(), self.games, self.seed)
        if cached is not None:
            for winners in cached:
                wins.update(winners)
            self.result.value = self.render(wins)
            return
        players = {strategy: strategy for strategy in STRATEGIES}

        def steps() -> Iterator[float]:
            games = games_won(players, self.games, seed=self.seed, dice=self.dice())
            for played, winners in enumerate(games, 1):
                wins.update(winners)
                yield played / self.games

        playing = ngettext(
            "Playing {count} whole game…", "Playing {count} whole games…", self.games
        )
        self.work.start(
            playing.format(count=thousands(self.games)),
            steps(),
            lambda: setattr(self.result, "value", self.render(wins)),
        )

    def render(self, wins: Counter[str]) -> str:
        lines = "".join(
            f"<tr><td>{escape(computer_player(s))}</td><td>{wins[s]}</td>"
            f"<td>{percent(wins[s] / self.games, digits=0)}</td></tr>"
            for s in sorted(STRATEGIES, key=lambda s: -wins[s])
        )
        won = _("games won of {games}").format(games=self.games)
        head = header(_("player"), won, _("share"))
        return f'<div class="mc-scroll"><table class="mc-odds-table">{head}{lines}</table></div>'


# ---------------------------------------------------------------- different dice


def chance(dice: Dice, test: Callable[[Faces], bool]) -> Fraction:
    """The exact chance that a roll of these dice passes `test`."""
    return sum((p for faces, p in outcomes(dice).items() if test(faces)), Fraction(0))


def shows(dice: Dice, value: int) -> Fraction:
    """The exact chance that at least one die shows `value`."""
    return chance(dice, lambda faces: value in faces)


def render_dice_chances(layouts: dict[str, Dice]) -> str:
    """For each layout: three llamas, at least one llama, and each number, as exact fractions."""
    lines = "".join(
        f"<tr><td><b>{escape(label)}</b>{render_layout(dice, size=28)}</td>"
        f"<td>{chance(dice, lambda f: f == (LLAMA, LLAMA, LLAMA))}</td>"
        f"<td>{shows(dice, LLAMA)}</td>"
        + "".join(f"<td>{shows(dice, n)}</td>" for n in range(1, 7))
        + "</tr>"
        for label, dice in layouts.items()
    )
    head = header(
        _("dice"), _("three llamas"), _(SHOWS[LLAMA]), *(_(SHOWS[n]) for n in range(1, 7))
    )
    return (
        '<div class="mc-scroll"><table class="mc-odds-table mc-dice-chances">'
        f"{head}{lines}</table></div>"
    )


def render_layout_odds(row: Row, llama_row: Row, layouts: dict[str, Dice]) -> str:
    """For each layout: the chance of each case for these rows."""
    lines = ""
    for label, dice in layouts.items():
        odds = roll_odds(row, llama_row, dice)
        cells = "".join(f"<td>{percent(odds.of(case))}</td>" for case in Case)
        lines += f"<tr><td>{escape(label)}</td>{cells}</tr>"
    head = header(_("dice"), *(_(CASE_WORDS[case]) for case in Case))
    return (
        '<div class="mc-scroll"><table class="mc-odds-table mc-layout-odds">'
        f"{head}{lines}</table></div>"
    )


class LayoutsCompared(Complains, w.VBox):
    """The named layouts and the page's chosen dice side by side: about the dice alone, or for
    the rows typed in."""

    def __init__(
        self,
        dice: Dice | DiceChooser = DEFAULT_DICE,
        *,
        rows: RowsPicker | None = None,
    ) -> None:
        self.dice = follow(dice, self.update)
        self.rows = rows
        if rows is not None:
            rows.on_change(self.update)
        self.message = html("mc-message-box")
        self.table = html("mc-layouts-table")
        parts: list[w.Widget] = [w.HTML(STYLE + MESSAGE_STYLE)]
        if rows is not None:
            parts.append(rows)
        super().__init__([*parts, self.message, self.table])
        self.add_class("mc-layouts-compared")
        self.add_class("mc-dice-widget")
        self.update()

    def layouts(self) -> dict[str, Dice]:
        """The named layouts and the page's own dice, each under its name in words."""
        named = {_(label): parse_dice(text) for label, text in LAYOUTS.items()}
        if self.dice() not in named.values():
            named[_("Your own dice ({dice})").format(dice=dice_text(self.dice()))] = self.dice()
        return named

    @shows_errors
    def update(self) -> None:
        self.message.value = ""
        if self.rows is None:
            self.table.value = render_dice_chances(self.layouts())
        elif not self.rows.valid:
            self.table.value = ""
        else:
            self.table.value = render_layout_odds(
                self.rows.row, self.rows.llama_row, self.layouts()
            )


# ---------------------------------------------------------------- the table


def render_seat(game: LamaDiceGame, player: str, *, computers_busy: bool) -> str:
    """One player's place at the table: name, points, row, and the dice if they rolled last."""
    rolled = game.last_roll if game.last_roll and game.last_roll.player == player else None
    choosing = rolled is not None and game.faces is not None and game.player == player
    lit = matching(rolled.faces, game.rows[player]) if choosing and rolled else set()
    if rolled and rolled.case is Case.BUST:
        lit = set()
    notes = []
    if player in game.quit:
        notes.append(_("quit"))
    if not game.round_over and game.player == player:
        notes.append(_("playing…") if computers_busy and not is_you(player) else _("to move"))
    note = f" — {', '.join(notes)}" if notes else ""
    cards = render_row(
        game.rows[player], face_down=player in game.quit and not is_you(player), highlight=lit
    )
    dice = render_dice(rolled.faces, size=56) if rolled else ""
    to_move = " mc-to-move" if not game.round_over and game.player == player else ""
    points = game.points[player]
    held = ngettext("{points} point", "{points} points", points).format(points=points)
    return (
        f'<div class="mc-seat{to_move}" data-player="{escape(player)}">'
        f'<div class="mc-seat-name">{escape(player)}{escape(note)} · {held}</div>'
        f'<div class="mc-seat-cards">{cards}{dice}</div></div>'
    )


YOUR_MOVE = {
    Phase.TURN: N_("Your turn: roll the dice, or quit."),
    Phase.DISCARD: N_("Discard highlighted cards from your row, one per matching die."),
    Phase.TAKE: N_("Take a highlighted card from the llama row."),
    Phase.CHIP: N_("You may return a chip."),
}


def render_headline(game: LamaDiceGame, last: Event | None, *, computers_busy: bool) -> str:
    """What just happened, in one sentence, and what you (the reader) can do now."""
    happened = escape(last.sentence) if last else ""
    if last and last.kind == "bust":
        happened = escape(_("Bust!")) + " " + happened
    now = escape(what_now(game, computers_busy=computers_busy))
    return f'<div class="mc-headline">{happened}<span class="mc-next">{now}</span></div>'


def what_now(game: LamaDiceGame, *, computers_busy: bool) -> str:
    """What you can do now, or who is playing (nothing once the game is over)."""
    if game.over:
        return ""
    if game.round_over:
        return _("Press “Next round” to deal again.")
    if computers_busy or not is_you(game.player):
        return _("{player} is playing…").format(player=game.player)
    return _(YOUR_MOVE[game.phase]) if game.phase in YOUR_MOVE else ""


class LamaDiceTable(Complains, w.VBox):
    """You against computer players, who move about a second apart; the odds panel shows the
    exact chances before each of your rolls."""

    def __init__(
        self,
        opponents: tuple[str, ...] = ("cautious", "best"),
        *,
        seed: int | None = None,
        dice: Dice | DiceChooser = DEFAULT_DICE,
        show_odds: bool = True,
        lama20: bool = False,
        llama_scoring: str = "once",
        clock: Clock = kernel_clock,
        pace: float = PACE,
    ) -> None:
        self.strategies = computer_names(opponents)
        self.seed, self.games = seed, 0
        self.dice = follow(dice, self._new_dice)
        self.lama20 = lama20
        self.llama_scoring = check_llama_scoring(llama_scoring)
        self.pace, self.alarm = pace, Alarm(clock)
        self.last: Event | None = None
        self.new_button = button(
            _("New game"), "mc-new-game", self.new_game, button_style="primary"
        )
        self.odds_switch = w.Checkbox(value=show_odds, description=_("show the odds"))
        self.odds_switch.add_class("mc-odds-switch")
        self.odds_switch.observe(lambda _c: self._render(), names="value")
        self.scores = html("mc-scores")
        self.llama_view = html("mc-llama-row")
        self.rows_view = html("mc-rows")
        self.headline = html("mc-case")
        self.actions = w.HBox()
        self.actions.add_class("mc-actions")
        self.message = html("mc-message-box")
        self.odds_panel = html("mc-odds-panel")
        self.advice = Background(clock, self.complain)
        self.advised: dict[tuple, Decision] = {}
        self.moves = 0  # your own moves in this game
        self.status = html("mc-status")
        super().__init__(
            [
                w.HTML(STYLE + MESSAGE_STYLE),
                w.HBox([self.new_button, self.odds_switch]),
                self.scores,
                self.llama_view,
                self.headline,
                self.actions,
                self.message,
                self.rows_view,
                self.odds_panel,
                self.advice,
                self.status,
            ]
        )
        self.add_class("mc-lama-dice-table")
        self.add_class("mc-dice-widget")
        self.new_game()

    @property
    def busy(self) -> bool:
        """The computer players are moving: your buttons wait."""
        return self.alarm.waiting

    def _new_dice(self) -> None:
        if not self.moves:
            self.new_game()  # nothing of yours is lost yet
            return
        self.message.value = render_message(
            _(
                "The new dice are used from the next game: press “New game” (this game keeps its "
                "dice and scores)."
            ),
            ok=None,
        )

    @shows_errors
    def new_game(self, _button: object = None) -> None:
        """Deal a new game (the next seed, if seeded), with the dice the page shows."""
        self.alarm.stop()
        seed = None if self.seed is None else self.seed + self.games
        self.games += 1
        self.game = LamaDiceGame(
            [you(), *self.strategies],
            seed=seed,
            dice=self.dice(),
            lama20=self.lama20,
            llama_scoring=self.llama_scoring,
        )
        self.last, self.moves = None, 0
        self.message.value = ""
        self._computers_play()

    @shows_errors
    def act(self, action: Action) -> None:
        """Your move; then the computer players move, one by one, until it is your turn."""
        if self.busy:
            raise ValueError(_("wait: the computer players are still moving"))
        self.last = self.game.apply(action)
        self.moves += 1
        self.message.value = ""
        self._computers_play()

    @shows_errors
    def next_round(self, _button: object = None) -> None:
        self.last = self.game.next_round()
        self._computers_play()

    def _computers_play(self) -> None:
        game = self.game
        if not game.round_over and not is_you(game.player):
            self.alarm.set(self.pace, self._computer_moves)
        self._render()

    @shows_errors
    def _computer_moves(self) -> None:
        """One computer move, shown for about a second before the next."""
        game = self.game
        if game.round_over or is_you(game.player):
            self._render()
            return
        self.last = game.apply(choose(game, self.strategies[game.player]))
        self._computers_play()

    def _render(self) -> None:
        game = self.game
        busy = self.busy
        self.status.value = (
            '<div class="mc-log"><b>'
            + escape(_("What happened"))
            + "</b><br>"
            + "<br>".join(escape(line) for line in game.log[-SHOWN_LOG:])
            + "</div>"
        )
        self.scores.value = (
            "<b>"
            + escape(_("Round {round}.").format(round=game.rounds))
            + "</b> "
            + escape(_("Points (fewest wins; the game ends at 40):"))
            + " "
            + " · ".join(f"{escape(p)} {points}" for p, points in game.scores().items())
            + "<br><small>"
            + escape(_("Dice: {dice}").format(dice=dice_text(game.dice)))
            + "</small>"
        )
        takeable = set()
        if game.faces is not None and game.phase is Phase.TAKE:
            takeable = matching(game.faces, game.llama_row)
        self.llama_view.value = (
            "<p><b>"
            + escape(_("Llama row"))
            + "</b></p>"
            + render_row(game.llama_row, css_class="mc-row", highlight=takeable)
        )
        self.rows_view.value = "".join(
            render_seat(game, p, computers_busy=busy) for p in game.players
        )
        self.headline.value = render_headline(game, self.last, computers_busy=busy)
        self.actions.children = () if busy else self._choices()
        self.odds_panel.value = self._odds() if self.odds_switch.value and not busy else ""

    def _choices(self) -> tuple[w.Widget, ...]:
        game = self.game
        if game.over:
            return (w.HTML(f"<b>{escape(game_over(game.winners()))}</b>"),)
        if game.round_over:
            next_round = button(
                _("Next round"), "mc-next-round", self.next_round, button_style="primary"
            )
            return (next_round,)
        if not is_you(game.player):
            return ()
        return tuple(
            button(
                action_label(action),
                f"mc-{type(action).__name__.lower()}",
                lambda _b, action=action: self.act(action),
                button_style="primary" if isinstance(action, Roll) else "",
            )
            for action in game.legal_actions()
        )

    def _odds(self) -> str:
        game = self.game
        if game.round_over or not is_you(game.player) or game.phase is not Phase.TURN:
            return ""
        scoring = game.llama_scoring
        odds = roll_odds(
            game.row, game.llama_row, game.dice, alone=game.alone, llama_scoring=scoring
        )
        advice = ""
        if game.alone:
            key = (game.row, game.llama_row, game.dice, scoring)
            last = _("You are the last player.")
            advice = f"<p><b>{last}</b> {self._advice(key)}</p>"
        yours = _("Your odds")
        return f"<p><b>{yours}</b></p>" + render_odds(odds, decision=advice)

    def _advice(self, key: tuple) -> str:
        """The last player's best decision, or that it is being worked out."""
        decision = self.advised.get(key)
        if decision is None:
            self._work_out(key)
            return _("Working out whether to roll on or quit…")
        costs = _("Rolling on costs {average} points on average; quitting costs {points}.")
        return (
            costs.format(average=number(decision.roll), points=decision.quit)
            + " "
            + _(BEST[decision.action])
        )

    def _work_out(self, key: tuple) -> None:
        """The last player's best decision (a second or two for a long row), after the page
        has answered the click."""
        row, llama_row, dice, scoring = key

        def steps() -> Iterator[float]:
            self.advised[key] = last_player(row, llama_row, dice, llama_scoring=scoring)
            yield 1.0

        def done() -> None:
            if self.odds_switch.value and not self.busy:
                self.odds_panel.value = self._odds()

        self.advice.start(_("Working out the best decision…"), steps(), done)


def action_label(action: Action) -> str:
    """A move as its button says it: "Roll", "Discard 4 4", "Take L"."""
    if isinstance(action, Roll):
        return _("Roll")
    if isinstance(action, Quit):
        return _("Quit")
    if isinstance(action, Discard):
        return _("Discard {cards}").format(cards=cards_words(action.cards))
    if isinstance(action, Take):
        return _("Take {card}").format(card=name(action.card))
    if isinstance(action, ReturnChip):
        return _("Return a {chip}-point chip").format(chip=action.chip)
    raise ValueError(repr(action))


__all__ = [
    "DiceChooser",
    "DiceRoller",
    "LamaDiceTable",
    "LastPlayer",
    "LayoutsCompared",
    "OddsDemo",
    "RowsPicker",
    "StrategyRace",
    "WholeGames",
]

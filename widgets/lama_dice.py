"""LAMA Dice as ipywidgets: a dice roller, an exact-odds-versus-simulation demo, and a table to
play against computer players with an optional odds panel.

Every button asks the engine in `mathcards.lama_dice`, then re-renders; no rule lives here.
"""

from __future__ import annotations

import random
from collections import Counter
from html import escape

import ipywidgets as w
from IPython.display import display

from mathcards.chips import LLAMA, check_llama_scoring
from mathcards.lama_dice.bots import check_strategy, choose
from mathcards.lama_dice.dice import (
    DEFAULT_DICE,
    VALUES,
    Case,
    Dice,
    Faces,
    Row,
    case_of,
    check_dice,
    name,
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
)
from mathcards.lama_dice.odds import RollOdds, checked_rows, roll_odds
from mathcards.lama_dice.policy import last_player
from mathcards.lama_dice.simulate import simulate_rolls
from widgets import svg
from widgets.controls import MESSAGE_STYLE, Complains, button, html, shows_errors
from widgets.plots import convergence_chart

FULL_LLAMA_ROW: Row = VALUES
LLAMA_PAPER = "#fde68a"
YOU = "You"
SHOWN_LOG = 8  # the last moves shown under the table
STYLE = """<style>
@keyframes mc-tumble { 0% { transform: rotate(-30deg) scale(.6); opacity: .3 }
                       60% { transform: rotate(10deg) scale(1.08); opacity: 1 }
                       100% { transform: none } }
.mc-dice-row svg.mc-die { animation: mc-tumble .45s ease-out; }
@media (prefers-reduced-motion: reduce) { .mc-dice-row svg.mc-die { animation: none; } }
.mc-case { font-size: 20px; font-weight: 600; min-height: 1.4em; }
.mc-odds-table td, .mc-odds-table th { padding: 2px 14px; text-align: right; font-size: 17px; }
.mc-odds-table td:first-child, .mc-odds-table th:first-child { text-align: left; }
</style>"""
SAYINGS = {
    Case.THREE_LLAMAS: "Three llamas! No card moves — you may return a chip.",
    Case.DISCARD: "A match: discard cards from your row, one per matching die.",
    Case.TAKE: "No match in your row: take a card the dice show from the llama row.",
    Case.BUST: "Bust! Nothing matches: the whole llama row is yours, and the round ends.",
}


# ---------------------------------------------------------------- pure rendering


def lama_card(value: int, width: int = 60) -> str:
    """A LAMA card: a number 1–6, or a yellow llama card."""
    if value == LLAMA:
        return svg.card("L", width=width, label="llama card", paper=LLAMA_PAPER)
    return svg.card(value, width=width)


def render_row(row: Row, *, face_down: bool = False, css_class: str = "mc-row") -> str:
    """A row of cards, or its backs when it was turned face down."""
    if face_down:
        return svg.row([svg.card_back(len(row), width=60)], css_class=css_class)
    if not row:
        return f'<div class="{css_class}"><i>no cards</i></div>'
    return svg.row([lama_card(card) for card in row], css_class=css_class)


def render_layout(dice: Dice) -> str:
    """Which faces each die has: the layout this page uses."""
    listed = "; ".join(f"die {i}: {' '.join(map(name, die))}" for i, die in enumerate(dice, 1))
    return f'<span class="mc-layout">The dice — {listed}</span>'


def render_dice(faces: Faces | None) -> str:
    """The three dice as rolled (they tumble in when shown), or three "?" before a roll."""
    shown = [name(face) for face in faces] if faces else ["?"] * 3
    return svg.row([svg.die(face, "white") for face in shown], css_class="mc-dice-row")


def render_odds(odds: RollOdds, *, decision: str = "") -> str:
    """The exact chance of each case as a fraction and a percentage."""
    rows = "".join(
        f"<tr><td>{case.value}</td><td>{odds.of(case)}</td><td>{float(odds.of(case)):.1%}</td></tr>"
        for case in Case
    )
    upto = ", ".join(f"{n}: {p}" for n, p in odds.discard_up_to.items())
    return (
        f'<table class="mc-odds-table"><tr><th>next roll</th><th>exactly</th><th>≈</th></tr>'
        f"{rows}</table><p>Discard at most 1, 2, 3 cards — {upto}. "
        f"Quitting now scores {odds.penalty_now}.</p>{decision}"
    )


def render_frequencies(cases: list[Case], odds: RollOdds) -> str:
    """Simulated shares next to the exact odds."""
    counts, total = Counter(cases), len(cases)
    rows = "".join(
        f"<tr><td>{case.value}</td><td>{float(odds.of(case)):.2%}</td>"
        f"<td>{counts[case]:,}</td><td>{counts[case] / total:.2%}</td></tr>"
        for case in Case
    )
    return (
        f'<table class="mc-odds-table mc-frequency-table"><tr><th>case</th><th>exact</th>'
        f"<th>rolls</th><th>share of {total:,} rolls</th></tr>{rows}</table>"
    )


def read_row(text: str) -> Row:
    """A row typed as card values: ``1 1 3 L`` (spaces or commas)."""
    return tuple(sorted(parse_value(part) for part in text.replace(",", " ").split()))


# ---------------------------------------------------------------- the dice roller


class DiceRoller(Complains, w.VBox):
    """Three dice with the chosen faces; each roll is named for the rows on the table."""

    def __init__(
        self,
        row: Row = (1, 1, 3, LLAMA),
        llama_row: Row = FULL_LLAMA_ROW,
        dice: Dice = DEFAULT_DICE,
        seed: int | None = None,
    ) -> None:
        self.row, self.llama_row = checked_rows(row, llama_row)
        self.dice, self.rng = check_dice(dice), random.Random(seed)
        self.faces: Faces | None = None
        self.roll_button = button("Roll the dice", "mc-roll", self.roll, button_style="primary")
        self.shown = html("mc-dice", render_dice(None))
        self.case = html("mc-case")
        self.message = html("mc-message-box")
        tables = (
            f"<p>{render_layout(dice)}</p><p>Your row:</p>{render_row(self.row)}<p>Llama row:</p>"
        )
        super().__init__(
            [
                w.HTML(STYLE + MESSAGE_STYLE),
                w.HTML(tables + render_row(self.llama_row)),
                self.roll_button,
                self.shown,
                self.case,
                self.message,
            ]
        )

    @shows_errors
    def roll(self, _button: object = None) -> None:
        """Roll the three dice and say what the roll means."""
        self.faces = roll(self.rng, self.dice)
        self.shown.value = render_dice(self.faces)
        self.case.value = SAYINGS[case_of(self.faces, self.row, self.llama_row)]


# ---------------------------------------------------------------- exact odds against simulation


class OddsDemo(Complains, w.VBox):
    """Pick the rows and dice; see the exact odds; roll many times and compare."""

    BATCHES = (10, 100, 10_000)

    def __init__(
        self,
        row: str = "1 1 3 L",
        llama_row: str = "1 2 3 4 5 6 L",
        dice: str = "3456LL,1256LL,1234LL",
        seed: int | None = 2026,
        llama_scoring: str = "once",
    ) -> None:
        self.seed, self.cases = seed, list[Case]()
        self.llama_scoring = check_llama_scoring(llama_scoring)
        self.row_text = w.Text(value=row, description="Your row")
        self.llama_text = w.Text(value=llama_row, description="Llama row")
        self.dice_text = w.Text(value=dice, description="Dice")
        for text, css in (
            (self.row_text, "mc-row-input"),
            (self.llama_text, "mc-llama-input"),
            (self.dice_text, "mc-dice-input"),
        ):
            text.add_class(css)
            text.observe(lambda _change: self.reset(), names="value")
        self.message = html("mc-message-box")
        self.odds_view = html("mc-odds")
        self.frequencies = html("mc-frequencies")
        self.chart = w.Output()
        self.chart.add_class("mc-chart")
        buttons = [
            button(f"Roll {n:,}", f"mc-roll-{n}", lambda _b, n=n: self.roll(n))
            for n in self.BATCHES
        ]
        buttons.append(button("Start again", "mc-reset", lambda _b: self.reset()))
        super().__init__(
            [
                w.HTML(STYLE + MESSAGE_STYLE),
                self.row_text,
                self.llama_text,
                self.dice_text,
                self.message,
                self.odds_view,
                w.HBox(buttons),
                self.frequencies,
                self.chart,
            ]
        )
        self.reset()

    def _read(self) -> tuple[Row, Row, Dice]:
        row, llama_row = checked_rows(
            read_row(self.row_text.value), read_row(self.llama_text.value)
        )
        return row, llama_row, parse_dice(self.dice_text.value)

    @shows_errors
    def reset(self) -> None:
        """New rows or dice: show their exact odds and forget the simulated rolls."""
        self.cases, self.frequencies.value = [], ""
        self.chart.clear_output()
        row, llama_row, dice = self._read()
        self.odds_view.value = render_odds(self._odds(row, llama_row, dice))
        self.message.value = ""

    def _odds(self, row: Row, llama_row: Row, dice: Dice) -> RollOdds:
        return roll_odds(row, llama_row, dice, llama_scoring=self.llama_scoring)

    @shows_errors
    def roll(self, count: int) -> None:
        """Roll `count` more times and compare the shares so far with the exact odds."""
        row, llama_row, dice = self._read()
        seed = None if self.seed is None else self.seed + len(self.cases)
        self.cases += simulate_rolls(row, llama_row, count, seed=seed, dice=dice)
        odds = self._odds(row, llama_row, dice)
        self.frequencies.value = render_frequencies(self.cases, odds)
        self.chart.clear_output(wait=True)
        with self.chart:
            display(convergence_chart(self.cases, odds))


# ---------------------------------------------------------------- the table


class LamaDiceTable(Complains, w.VBox):
    """You against computer players; the odds panel shows the exact chances before each roll."""

    def __init__(
        self,
        opponents: tuple[str, ...] = ("cautious", "best"),
        *,
        seed: int | None = None,
        dice: Dice = DEFAULT_DICE,
        show_odds: bool = True,
        lama20: bool = False,
        llama_scoring: str = "once",
    ) -> None:
        self.strategies = {
            f"Computer {i} ({s})": check_strategy(s) for i, s in enumerate(opponents, 1)
        }
        self.seed, self.games = seed, 0
        self.dice, self.lama20 = check_dice(dice), lama20
        self.llama_scoring = check_llama_scoring(llama_scoring)
        self.new_button = button("New game", "mc-new-game", self.new_game, button_style="primary")
        self.odds_switch = w.Checkbox(value=show_odds, description="show the odds")
        self.odds_switch.observe(lambda _c: self._render(), names="value")
        self.scores = html("mc-scores")
        self.llama_view = html("mc-llama-row")
        self.rows_view = html("mc-rows")
        self.shown = html("mc-dice")
        self.case = html("mc-case")
        self.actions = w.HBox()
        self.actions.add_class("mc-actions")
        self.message = html("mc-message-box")
        self.odds_panel = html("mc-odds-panel")
        self.status = html("mc-status")
        super().__init__(
            [
                w.HTML(STYLE + MESSAGE_STYLE),
                w.HBox([self.new_button, self.odds_switch]),
                w.HTML(render_layout(self.dice)),
                self.scores,
                self.llama_view,
                self.rows_view,
                self.shown,
                self.case,
                self.actions,
                self.message,
                self.odds_panel,
                self.status,
            ]
        )
        self.add_class("mc-lama-dice-table")
        self.new_game()

    @shows_errors
    def new_game(self, _button: object = None) -> None:
        """Deal a new game (the next seed, if seeded)."""
        seed = None if self.seed is None else self.seed + self.games
        self.games += 1
        self.game = LamaDiceGame(
            [YOU, *self.strategies],
            seed=seed,
            dice=self.dice,
            lama20=self.lama20,
            llama_scoring=self.llama_scoring,
        )
        self.message.value = ""
        self._computers_play()

    @shows_errors
    def act(self, action: Action) -> None:
        """Your move, then the computer players', until it is your turn again."""
        self.game.apply(action)
        self.message.value = ""
        self._computers_play()

    @shows_errors
    def next_round(self, _button: object = None) -> None:
        self.game.next_round()
        self._computers_play()

    def _computers_play(self) -> None:
        game = self.game
        while not game.round_over and game.player != YOU:
            game.apply(choose(game, self.strategies[game.player]))
        self._render()

    def _render(self) -> None:
        game = self.game
        self.status.value = "<br>".join(escape(line) for line in game.log[-SHOWN_LOG:])
        self.scores.value = "<b>Points:</b> " + " · ".join(
            f"{escape(p)} {points}" for p, points in game.scores().items()
        )
        self.llama_view.value = "<p><b>Llama row</b></p>" + render_row(
            game.llama_row, css_class="mc-row"
        )
        self.rows_view.value = "".join(
            f"<p><b>{escape(p)}</b>{' (quit)' if p in game.quit else ''}</p>"
            + render_row(game.rows[p], face_down=p in game.quit and p != YOU)
            for p in game.players
        )
        self.shown.value = render_dice(game.faces) if game.faces else ""
        case = game.case()
        self.case.value = SAYINGS[case] if case and game.player == YOU else ""
        self.actions.children = self._choices()
        self.odds_panel.value = self._odds() if self.odds_switch.value else ""

    def _choices(self) -> tuple[w.Widget, ...]:
        game = self.game
        if game.over:
            return (w.HTML(f"<b>Game over: {' and '.join(game.winners())} wins.</b>"),)
        if game.round_over:
            return (button("Next round", "mc-next-round", self.next_round),)
        labels = {
            Roll: lambda a: "Roll",
            Quit: lambda a: "Quit",
            Discard: lambda a: "Discard " + " ".join(map(name, a.cards)),
            Take: lambda a: f"Take {name(a.card)}",
            ReturnChip: lambda a: f"Return a {a.chip}-point chip",
        }
        return tuple(
            button(
                labels[type(action)](action),
                f"mc-{type(action).__name__.lower()}",
                lambda _b, action=action: self.act(action),
            )
            for action in game.legal_actions()
        )

    def _odds(self) -> str:
        game = self.game
        if game.round_over or game.player != YOU or game.phase is not Phase.TURN:
            return ""
        scoring = game.llama_scoring
        odds = roll_odds(
            game.row, game.llama_row, game.dice, alone=game.alone, llama_scoring=scoring
        )
        advice = ""
        if game.alone:
            decision = last_player(game.row, game.llama_row, game.dice, llama_scoring=scoring)
            advice = (
                f"<p><b>You are the last player.</b> Rolling on costs "
                f"{float(decision.roll):.2f} points on average; quitting costs "
                f"{decision.quit}. Best: <b>{decision.action}</b>.</p>"
            )
        return render_odds(odds, decision=advice)


__all__ = ["DiceRoller", "LamaDiceTable", "OddsDemo"]

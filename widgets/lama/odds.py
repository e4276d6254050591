"""LAMA by the numbers: the computer players' tournament, dealt hands and their runs, and the
exact odds of a dealt hand."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

import ipywidgets as w

from mathcards.chips import LLAMA_SCORING
from mathcards.i18n import _, ngettext, number, percent
from mathcards.lama.bots import STRATEGIES, Standing, tournament
from mathcards.lama.cards import PRESETS
from mathcards.lama.cards import preset as find_preset
from mathcards.lama.odds import (
    deal_count,
    different_hands,
    distinct_values_chances,
    expected_score,
    run_chance,
)
from mathcards.lama.simulate import simulate_runs
from widgets.charts import chart_figures, chart_image, figures_html, show_chart
from widgets.controls import Complains, button, html, row, show_message, shows_errors
from widgets.style import LAMA_STYLE, page_style
from widgets.tables import table

if TYPE_CHECKING:
    from matplotlib.figure import Figure
from widgets.lama.cards import deck_choice, llama_scoring_choice


def render_standings(standings: list[Standing]) -> str:
    """The tournament in a table: mean penalty, spread and wins."""
    rows = "".join(
        f"<tr><td>{escape(s.label)}</td><td>{number(s.mean_penalty)}</td>"
        f"<td>{number(s.spread)}</td><td>{len(s.penalties)}</td><td>{s.wins}</td></tr>"
        for s in sorted(standings, key=lambda s: s.mean_penalty)
    )
    return table(
        [_("player"), _("points per round"), _("spread"), _("rounds"), _("games won")],
        rows,
        "mc-round-end mc-standings",
    )


class TournamentChart(Complains, w.VBox):
    """The four computer players in seeded games: choose the deck and how many games."""

    def __init__(self, games: int = 60, preset: str = "classic", seed: int = 2026) -> None:
        self.seed = seed
        self.preset = deck_choice(preset)
        self.games = w.IntSlider(value=games, min=10, max=300, step=10, description=_("Games"))
        self.games.add_class("mc-games")
        self.play_button = button(_("Play the tournament"), "mc-play-tournament", self.play)
        self.message = html("mc-message-box")
        self.table = html("mc-standings-table")
        self.chart = chart_image()
        self.figure: Figure | None = None
        super().__init__(
            [
                page_style(LAMA_STYLE),
                row(self.preset, self.games, self.play_button),
                self.message,
                self.table,
                self.chart,
            ]
        )

    @shows_errors
    def play(self, _button: object = None) -> None:
        """Play the games (the same seed gives the same games) and chart the results."""
        games = self.games.value
        playing = ngettext("Playing {games} game …", "Playing {games} games …", games)
        show_message(self.message, playing.format(games=games))
        standings = tournament(list(STRATEGIES), games, seed=self.seed, preset=self.preset.value)
        self.table.value = render_standings(standings)
        title = ngettext(
            "{games} game, deck {deck}: mean penalty ± spread",
            "{games} games, deck {deck}: mean penalty ± spread",
            games,
        ).format(games=games, deck=find_preset(self.preset.value).label)
        figures = chart_figures("tournament_chart", standings, title)
        self.figure = figures["wide"]
        show_chart(self.chart, figures_html(figures))
        self.message.value = ""


class RunSimulation(Complains, w.VBox):
    """Deal many hands and watch the share of run hands settle on the exact chance."""

    BATCHES = (100, 1_000, 10_000)

    def __init__(self, preset: str = "classic", seed: int = 2026) -> None:
        self.seed, self.runs = seed, list[bool]()
        self.figure: Figure | None = None
        self.preset = deck_choice(preset)
        self.preset.observe(lambda _c: self.reset(), names="value")
        self.exact = html("mc-exact")
        self.dealt = html("mc-dealt")
        self.message = html("mc-message-box")
        self.chart = chart_image()
        deals = [
            button(
                _("Deal {n}").format(n=number(n, 0)), f"mc-deal-{n}", lambda _b, n=n: self.deal(n)
            )
            for n in self.BATCHES
        ]
        deals.append(button(_("Start again"), "mc-reset", lambda _b: self.reset()))
        super().__init__(
            [
                page_style(LAMA_STYLE),
                self.preset,
                self.exact,
                row(*deals),
                self.message,
                self.dealt,
                self.chart,
            ]
        )
        self.reset()

    @shows_errors
    def reset(self) -> None:
        """Forget the dealt hands; show the exact chance for the chosen deck."""
        self.runs, self.dealt.value, self.figure = [], "", None
        show_chart(self.chart, "")
        chance = run_chance(self.preset.value)
        exactly = _("Exact chance that a dealt hand is a run: {exact} ≈ {percent}").format(
            exact=f"<b>{chance}</b>", percent=percent(chance, digits=2)
        )
        self.exact.value = f"<p>{exactly}</p>"

    @shows_errors
    def deal(self, count: int) -> None:
        """Deal `count` more hands from the shuffled deck and count the runs."""
        seed = f"{self.seed}/{self.preset.value}/{len(self.runs)}"
        self.runs += simulate_runs(self.preset.value, count, seed=seed)
        hits, dealt = sum(self.runs), len(self.runs)
        runs = ngettext(
            "{runs} run in {dealt} hands dealt: {share}",
            "{runs} runs in {dealt} hands dealt: {share}",
            hits,
        ).format(runs=number(hits, 0), dealt=number(dealt, 0), share=percent(hits / dealt, 2))
        self.dealt.value = f"<p>{escape(runs)}</p>"
        exact = float(run_chance(self.preset.value))
        title = _("Run hands, deck {deck}").format(deck=find_preset(self.preset.value).label)
        figures = chart_figures("run_chart", self.runs, exact, title)
        self.figure = figures["wide"]
        show_chart(self.chart, figures_html(figures))


class DealOdds(Complains, w.VBox):
    """The exact odds of a dealt hand for the chosen deck and llama scoring."""

    def __init__(self, preset: str = "classic") -> None:
        self.preset = deck_choice(preset)
        self.llama_scoring = llama_scoring_choice()
        self.answer = html("mc-deal-odds")
        self.message = html("mc-message-box")
        self.compare_button = button(_("Compare every deck"), "mc-compare", self.compare)
        self.comparison = html("mc-comparison")
        for choice in (self.preset, self.llama_scoring):
            choice.observe(lambda _c: self.show(), names="value")
        super().__init__(
            [
                page_style(LAMA_STYLE),
                row(self.preset, self.llama_scoring),
                self.message,
                self.answer,
                self.compare_button,
                self.comparison,
            ]
        )
        self.show()

    @shows_errors
    def compare(self, _button: object = None) -> None:
        """The expected score of a dealt hand for every deck, llamas once and each."""
        rows = "".join(
            f"<tr><td>{escape(deck.label)}</td>"
            + "".join(f"<td>{number(expected_score(deck, s))}</td>" for s in LLAMA_SCORING)
            + "</tr>"
            for deck in PRESETS.values()
        )
        headings = [_("deck"), _("llamas score 10 once"), _("10 each")]
        self.comparison.value = table(headings, rows, "mc-round-end")

    @shows_errors
    def show(self) -> None:
        """The exact odds of a dealt hand for the chosen deck and llama scoring."""
        deck, scoring = find_preset(self.preset.value), self.llama_scoring.value
        expected = expected_score(deck, scoring)
        spread = distinct_values_chances(deck)
        rows = "".join(
            f"<tr><td>{values}</td><td>{chance}</td><td>{percent(chance)}</td></tr>"
            for values, chance in spread.items()
        )
        hands = different_hands(deck)
        different = ngettext(
            "{hands} different hand can be dealt from the {deck} deck (equal cards are "
            "interchangeable; there are {deals} deals).",
            "{hands} different hands can be dealt from the {deck} deck (equal cards are "
            "interchangeable; there are {deals} deals).",
            hands,
        ).format(hands=number(hands, 0), deck=deck.label, deals=number(deal_count(deck), 0))
        scores = _("Expected score of a hand as dealt: {exact} ≈ {approximately} points.")
        scores = scores.format(exact=f"<b>{expected}</b>", approximately=number(expected))
        headings = [_("different values"), _("exactly"), "≈"]
        self.answer.value = (
            f"<p>{escape(different)}</p><p>{scores}</p>{table(headings, rows, 'mc-round-end')}"
        )

"""The computer players compared: the same last round played many times, and whole games."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from html import escape

import ipywidgets as w

from mathcards.i18n import _, ngettext, number, percent
from mathcards.lama_dice import known
from mathcards.lama_dice.bots import STRATEGIES
from mathcards.lama_dice.dice import (
    DEFAULT_DICE,
    Dice,
    Row,
)
from mathcards.lama_dice.simulate import average_penalties, games_won, race
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
    COMPUTER_NAMES,
    computer_player,
    render_row,
    row_words,
)
from widgets.lama_dice.chooser import DiceChooser, RowsPicker, follow
from widgets.style import LAMA_DICE_STYLE, page_style
from widgets.tables import table
from widgets.worker import Background


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
        super().__init__([page_style(LAMA_DICE_STYLE), self.message, self.work, self.result])
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
            totals = dict.fromkeys(STRATEGIES, 0)
            racing = race(row, llama_row, self.rounds, seed=self.seed, dice=dice)
            for played, so_far in enumerate(racing, 1):
                totals = so_far
                if played % 50 == 0:
                    yield played / (total + 1)
            averages.update(average_penalties(totals, self.rounds))

        def done() -> None:
            exact = float(known.decide(row, llama_row, dice).expected_penalty)
            self.result.value = self.render(row, llama_row, averages, exact)

        cached = known.average_penalties(row, llama_row, dice, self.rounds, self.seed)
        if cached is not None:
            averages.update(cached)
            done()
            return
        playing = ngettext("Playing {count} last round…", "Playing {count} last rounds…", total)
        self.work.start(playing.format(count=number(total, 0)), steps(), done)

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
        ).format(row=row_words(row), llama_row=row_words(llama_row), count=number(self.rounds, 0))
        best = _("best play, exact")
        return (
            f"<p>{escape(rounds)}</p>"
            + '<div class="mc-seat-cards">'
            + render_row(row, width=40)
            + render_row(llama_row, width=40)
            + "</div>"
            + table(
                [_("player"), _("average penalty")],
                f"{lines}<tr><td>{escape(best)}</td><td>{number(exact)}</td></tr>",
                "mc-odds-table",
                scroll=True,
            )
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
        super().__init__([page_style(LAMA_DICE_STYLE), self.message, self.work, self.result])
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
            playing.format(count=number(self.games, 0)),
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
        return table([_("player"), won, _("share")], lines, "mc-odds-table", scroll=True)

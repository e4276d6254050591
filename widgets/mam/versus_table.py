"""The MAM! table against computer players: they race you for each target (a countdown shows
them thinking, as long as the time to think you chose, or no limit: they wait until you ask
them), and after a wrong claim each takes its card at once."""

from __future__ import annotations

import random
from html import escape
from typing import Any, Unpack

import ipywidgets as w
from ipywidgets.widgets.widget_description import DescriptionStyle

from mathcards.i18n import _, you
from mathcards.mam.bots import (
    STRATEGIES,
    THINKING_TIME_NAMES,
    THINKING_TIMES,
    Plan,
    check_strategy,
    check_thinking_time,
    computer_name,
    computer_to_take,
    race,
    thinking_time,
)
from widgets.controls import Alarm, button, fixed, html, render_message, shared, shows_errors
from widgets.mam.table import TableOptions, TargetTable


class VersusTable(TargetTable):
    """You against computer players, one for each of the `opponents`' strategies ("beginner",
    "good", "expert"), with the `time` to think the student gives them ("normal", "twice",
    "four" times as long, or "none": no limit; the student changes it on the page);
    `options`: see `TableOptions`."""

    way = "versus"

    def __init__(
        self,
        opponents: tuple[str, ...] = ("good",),
        time: str = "normal",
        **options: Unpack[TableOptions],
    ) -> None:
        for strategy in opponents:
            check_strategy(strategy)
        check_thinking_time(time)
        self.strategies = {
            computer_name(seat, chosen): chosen for seat, chosen in enumerate(opponents, 1)
        }
        self.computers = {name: STRATEGIES[chosen] for name, chosen in self.strategies.items()}
        self.time_to_think = time  # as the table is made: the student's choice, on the page
        self.thought = 0.0  # how much of its thinking the race's winner has done (0 to 1)
        self.waited = 0.0  # the seconds the alarm waits
        self.plan: Plan | None = None
        super().__init__([you(), *self.strategies], **options)
        self.alarm = Alarm(self.clock)  # the computer players' countdown
        self.come_back()

    def _own_settings(self) -> list[w.Widget]:
        """The student's own time to think, beside the settings."""
        self.time_choice = w.Dropdown(
            options=[(_(THINKING_TIME_NAMES[key]), key) for key in THINKING_TIMES],
            value=self.time_to_think,
            description=_("Time to think"),
            style=shared(DescriptionStyle, description_width="initial"),
            layout=fixed(),
            _dom_classes=("mc-thinking-time",),
        )
        self.time_choice.observe(self._time_changed, names="value")
        return [self.time_choice]

    def _own_help(self) -> list[w.Widget]:
        """With no limit, a button that asks the computer players for their answer (shown
        while they wait)."""
        asking = button(_("Computers, your turn"), "mc-computers-answer", self.ask_computers)
        self.ask_box = w.HBox([asking], layout=w.Layout(display="none"))
        return [self.ask_box]

    def _over_answer(self) -> list[w.Widget]:
        """The computer players' countdown."""
        self.countdown = html("mc-countdown")
        return [self.countdown]

    def _strategies(self) -> dict[str, str]:
        return dict(self.strategies)

    def _seated(self, settings: dict[str, Any]) -> None:
        """The computer players of a game come back, with the strategies they played."""
        self.strategies = dict(settings["computers"])
        self.computers = {name: STRATEGIES[chosen] for name, chosen in self.strategies.items()}

    def _rngs(self) -> dict[str, random.Random]:
        """Each computer player's chance for what it decides now."""
        return {name: self._chance(name) for name in self.computers}

    # ------------------------------------------------------------ taking cards

    def _computer_to_move(self) -> bool:
        """Must a computer player take a card now (after a wrong claim)?"""
        return computer_to_take(self.dealt, self.computers) is not None

    def _computer_move(self) -> None:
        seat = computer_to_take(self.dealt, self.computers)
        assert seat is not None, "a computer player takes only when it must"
        taken = self._make(self._choice(seat, self.computers))
        self.status.value += render_message(taken.sentence)

    # ------------------------------------------------------------ the race: a countdown

    def _race_begins(self) -> None:
        self._race_over()
        self.plan = race(self.dealt, self.computers, self._rngs())
        self.thought = 0.0
        self._tick(0)

    def _tick(self, elapsed: float = 1) -> None:
        """One second of the computer players' thinking, at the student's time to think; with
        no limit they wait, and say so."""
        plan = self.plan
        assert plan is not None, "the countdown follows a plan"
        seconds = thinking_time(plan, self.time_choice.value)
        self.ask_box.layout.display = "none" if seconds is not None else ""
        if seconds is None:
            self.countdown.value = escape(
                _("No time limit: the computer players wait until you ask them.")
            )
            return
        self.thought = min(1.0, self.thought + elapsed / seconds) if seconds > 0 else 1.0
        left = (1 - self.thought) * seconds
        if left > 1e-6:
            shown = f"{left:.0f}"
            thinking = (
                _("{player} is thinking: {seconds} s").format(player=plan.player, seconds=shown)
                if plan.answer
                else _("The computer is thinking: {seconds} s").format(seconds=shown)
            )
            self.countdown.value = escape(thinking)
            self.waited = min(1.0, left)
            self.alarm.set(self.waited, self._tick_safely)
            return
        self._computers_answer(plan)

    @shows_errors
    def ask_computers(self, _button: object = None) -> None:
        """With no limit: the student asks the computer players for their answer now."""
        if self.plan is not None:
            self._computers_answer(self.plan, asked=True)

    def _computers_answer(self, plan: Plan, asked: bool = False) -> None:
        """The race's winner shouts its answer (when its time is up, or when the student asks),
        or the computers say they found nothing."""
        self._race_over()
        if plan.answer:
            claimed = self._make(plan.move)
            self.status.value = render_message(claimed.sentence)
            verdict = self.dealt.last_verdict
            won = verdict is not None and verdict.correct
            said = (
                _("{player} answers, as you asked.")
                if asked
                else _("{player} was faster this time.")
            )
            self._say(said.format(player=plan.player), next_round=won)
            self._after_move()
        else:
            self._say(_("The computer players found nothing. Can you? If not, press “Next round”."))

    @shows_errors
    def _tick_safely(self) -> None:
        """The timer's callback: one more second, with any error shown on the page."""
        self._tick(self.waited)

    @shows_errors
    def _time_changed(self, _change: object = None) -> None:
        """A new time to think counts from now: what the computers thought so far is kept."""
        if self.plan is not None:  # the race is on
            self.alarm.stop()
            self._tick(0)

    def _race_over(self) -> None:
        """The computer players stop thinking."""
        self.alarm.stop()
        self.countdown.value = ""
        self.plan = None
        self.ask_box.layout.display = "none"

"""The MAM! table against computer players: they race you for each target (a countdown shows
them thinking), and after a wrong claim each takes its card at once."""

from __future__ import annotations

import random
from html import escape
from typing import Any, Unpack

from mathcards.i18n import _, you
from mathcards.mam.bots import (
    STRATEGIES,
    Plan,
    check_strategy,
    computer_name,
    computer_to_take,
    race,
)
from widgets.controls import Alarm, render_message, shows_errors
from widgets.mam.table import TableOptions, TargetTable


class VersusTable(TargetTable):
    """You against computer players, one for each of the `opponents`' strategies ("beginner",
    "good", "expert"; `options`: see `TableOptions`)."""

    way = "versus"

    def __init__(
        self, opponents: tuple[str, ...] = ("good",), **options: Unpack[TableOptions]
    ) -> None:
        for strategy in opponents:
            check_strategy(strategy)
        self.strategies = {
            computer_name(seat, chosen): chosen for seat, chosen in enumerate(opponents, 1)
        }
        self.computers = {name: STRATEGIES[chosen] for name, chosen in self.strategies.items()}
        super().__init__([you(), *self.strategies], **options)
        self.alarm = Alarm(self.clock)  # the computer players' countdown
        self.seconds_left = 0.0
        self.plan: Plan | None = None
        self.come_back()

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
        self.plan = plan = race(self.dealt, self.computers, self._rngs())
        self.seconds_left = plan.seconds
        self._tick(0)

    def _tick(self, elapsed: float = 1) -> None:
        """One second of the computer players' thinking."""
        plan = self.plan
        assert plan is not None, "the countdown follows a plan"
        self.seconds_left = max(0.0, self.seconds_left - elapsed)
        if self.seconds_left > 0:
            seconds = f"{self.seconds_left:.0f}"
            thinking = (
                _("{player} is thinking: {seconds} s").format(player=plan.player, seconds=seconds)
                if plan.answer
                else _("The computer is thinking: {seconds} s").format(seconds=seconds)
            )
            self.countdown.value = escape(thinking)
            self.alarm.set(min(1.0, self.seconds_left), self._tick_safely)
            return
        self.countdown.value = ""
        if plan.answer:
            claimed = self._make(plan.move)
            self.status.value = render_message(claimed.sentence)
            verdict = self.dealt.last_verdict
            won = verdict is not None and verdict.correct
            self._say(
                _("{player} was faster this time.").format(player=plan.player), next_round=won
            )
            self._after_move()
        else:
            self._say(_("The computer players found nothing. Can you? If not, press “Next round”."))

    @shows_errors
    def _tick_safely(self) -> None:
        """The timer's callback: one more second, with any error shown on the page."""
        self._tick(min(1.0, self.seconds_left))

    def _race_over(self) -> None:
        """The computer players stop thinking."""
        self.alarm.stop()
        self.countdown.value = ""

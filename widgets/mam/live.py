"""MAM! live: the student's page (`LiveSeat`), its answer pad and countdown, and the client of
the class service's live calls that the projector (`widgets.mam.live_projector`) shares.

Both pages follow the game the class service keeps (`widgets.live`), and draw from what it sent;
no rule lives here. The service judges an answer once and says what it is (its verdict as a
reason: a key and its parameters; points, first, order of arrival); the page says the
sentences in its own language."""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Unpack, cast

import ipywidgets as w

from mathcards.classroom.protocol import MAM_LIVE, LivePath, Phase
from mathcards.classroom.protocol.mam import (
    AnswerBody,
    Judged,
    MamGameBody,
    MamProjectorView,
    MamSeatView,
    MineAnswer,
    RoundBody,
    TimeBody,
)
from mathcards.i18n import N_, _
from mathcards.mam.steps import symbol
from widgets.book import BookBar
from widgets.controls import Alarm, Clock, button, html, row
from widgets.live import HERE, RoomClient, Seat, served
from widgets.mam.cards import AnswerBox
from widgets.mam.live_accommodations import LARGER_STYLE, show_larger
from widgets.mam.live_views import (
    LIVE_STYLE,
    SEAT_STYLE,
    render_countdown,
    render_podium,
    render_round,
    render_score,
    seat_status,
    time_note,
    verdict_of,
    verdict_sentence,
)
from widgets.style import MAM_STYLE, page_style
from widgets.teams import render_my_team
from widgets.worker import background

SEAT_LESSON = "live/1-mam-live.ipynb"
SEAT_TITLE = N_("MAM! live: race the class")  # the students' page, as the lessons list it


class LiveClient(RoomClient[MamSeatView, MamProjectorView]):
    """MAM!'s live calls (under live/)."""

    PREFIX = MAM_LIVE

    def answer(self, text: str) -> Judged:
        """Send a calculation; the service's judgement, once it is kept."""
        sent: AnswerBody = {"text": text}
        return cast(Judged, self.live(LivePath.ANSWERS, sent))

    def new_game(self, **settings: Unpack[MamGameBody]) -> None:
        self.live(LivePath.GAMES, settings)

    def open_round(self, seconds: int | None = None) -> None:
        sent: RoundBody = {"seconds": seconds} if seconds else {}
        self.live(LivePath.ROUNDS, sent)

    def pause(self) -> None:
        self.live(LivePath.PAUSE, {})

    def resume(self) -> None:
        self.live(LivePath.RESUME, {})

    def more_time(self, seconds: int = 30) -> None:
        sent: TimeBody = {"more": seconds}
        self.live(LivePath.TIME, sent)

    def no_countdown(self) -> None:
        sent: TimeBody = {"off": True}
        self.live(LivePath.TIME, sent)

    def finish(self) -> None:
        self.live(LivePath.FINISH, {})


class Countdown:
    """The round's seconds left, as the service last said them, counted down here while the
    round is open (a paused round's stand still, as the service holds them)."""

    def __init__(self, view: w.HTML, clock: Clock) -> None:
        self.view, self.alarm = view, Alarm(clock)
        self.seconds: float | None = None

    def show(self, seconds: float | None, ticking: bool = True) -> None:
        self.alarm.stop()
        self.seconds = seconds
        self.view.value = render_countdown(seconds)
        if ticking and seconds is not None and seconds > 0:
            self.alarm.set(min(1.0, seconds), self._tick)

    def _tick(self) -> None:
        assert self.seconds is not None
        self.show(max(0.0, self.seconds - 1))


class LiveSeat(Seat[MamSeatView], w.VBox):
    """A student's page of a live game: join with the class book's nickname, the round's cards
    and target, the answer box (MAM!), the private verdict, own score and place, the podium."""

    client: LiveClient | None

    def __init__(
        self, client: LiveClient | None = HERE, *, clock: Clock = background, follow: bool = True
    ) -> None:
        self.client = served(client, LiveClient)
        self.view: MamSeatView | None = None
        self.game: int | None = None
        self.joined_game: int | None = None  # the live game this page has joined
        self.round_number: int | None = None
        self.bar = BookBar(self.client, "mam", self._join_live)
        self.status = html("mc-live-status")
        self.team_line = html("mc-live-team")
        self.table = html("mc-table")
        self.countdown = Countdown(html("mc-countdown"), clock)
        self.time_note = html("mc-live-time-note")  # who can change the time, and how
        self.answer = AnswerBox("MAM!")
        self.answer.submit.on_click(self.submit)
        self.verdict = self.answer.message
        self.verdict.add_class("mc-verdict")
        self.noticed = False  # a notice under the box (a refusal), until the round goes on
        self.phase: Phase | None = None  # the game's phase as last shown
        self.message = html("mc-message-line")
        self.score = html("mc-live-score")
        self.podium = html("mc-podium")
        self.pad = AnswerPad(self.answer)
        self.answer.children = (*self.answer.children, self.pad)  # the preview and verdict above
        self.answer.text.add_class("mc-numeric")
        self.playing = w.VBox([self.table, self.countdown.view, self.time_note, self.answer])
        self.playing.layout.display = "none"
        super().__init__(
            [
                page_style(MAM_STYLE + LIVE_STYLE + SEAT_STYLE + LARGER_STYLE),
                self.bar,
                self.status,
                self.team_line,
                self.playing,
                self.message,
                self.score,
                self.podium,
            ]
        )
        self.add_class("mc-live-seat")
        self.follow(self.playing, follow, _("A live game needs the class server."))

    def show(self, view: MamSeatView) -> None:
        """Draw what the service says this student sees."""
        self.view, self.game = view, view["game"]
        rejoin = self.game is not None and not view["joined"] and self.bar.student
        if rejoin and self.joined_game != self.game and view["phase"] != Phase.OVER:
            self.joined_game = self.game  # once a game: a locked room says so once
            self._join_live()
        round_view = view["round"]
        number = round_view["number"] if round_view is not None else None
        going_on = view["phase"] == Phase.OPEN and self.phase != Phase.OPEN
        self.phase = view["phase"]
        if number != self.round_number or (self.noticed and going_on):
            if number != self.round_number:
                self.round_number = number
                self.answer.clear()
            self.verdict.value, self.noticed = "", False
        self.status.value = escape(seat_status(view))
        self.team_line.value = render_my_team(view, view.get("team_claim"))
        open_round = view["phase"] in (Phase.OPEN, Phase.PAUSED) and round_view is not None
        playing = round_view is not None and view["joined"] and view["phase"] != Phase.OVER
        self.playing.layout.display = "" if playing else "none"
        self.answer.layout.display = "" if open_round else "none"
        self.table.value = render_round(round_view)
        if round_view is not None:
            self.answer.power = bool(round_view["power"])
            self.pad.deal(list(round_view["cards"]))
        self.countdown.show(
            round_view["seconds_left"] if open_round and round_view is not None else None,
            ticking=view["phase"] == Phase.OPEN,  # paused: the service's seconds, standing
        )
        self.time_note.value = escape(time_note(view))
        show_larger(self, view)
        mine = view["mine"]
        if mine and not self.verdict.value and round_view is not None:
            self._say_verdict(mine[-1])  # a page reopened: its last verdict
        self._close_after_claim()
        if (self.verdict.value and view["phase"] == Phase.OPEN) or self._locked_out(view):
            self.status.value = ""  # one message at a time: the verdict, or the refusal
        self.score.value = render_score(view)
        self.podium.value = render_podium(view["podium"])

    def submit(self, _button: object = None) -> None:
        """Send the typed calculation and say the private verdict, as the service judged it
        (a text that does not read as a calculation is no claim: what is typed stays)."""
        round_view = self.view["round"] if self.view is not None else None
        if self.client is None or self.view is None or round_view is None:
            self._notify(_("No round is open: wait for the next one."))
            return
        text = self.answer.text.value
        try:
            judged = self.client.answer(text)
        except ValueError as problem:
            self._notify(str(problem))  # refused (the game is paused): not a wrong answer
            return
        mine: MineAnswer = {
            "seq": judged["seq"],
            "text": text,
            "correct": judged["correct"],
            "points": judged["points"],
            "first": judged["first"],
            "given": judged["given"],
            "verdict": judged["verdict"],
        }
        verdict = verdict_of(mine)
        if not verdict.kind.readable:
            self.answer.say(verdict.message, ok=False)  # not a claim: nothing scored
            self.noticed = False
            return
        with self.follower.lock:
            self._say_verdict(mine)
            seat = judged.get("seat")
            if seat is None:
                self.view = {**self.view, "mine": [*self.view["mine"], mine]}
            else:  # what this student sees now (their score, their place): told with it
                self.show(seat)

    def _notify(self, text: str) -> None:
        """A refusal under the box, as a notice, until the round goes on (resumed, or its
        time given again) or the next one opens."""
        self.answer.notify(text)
        self.noticed = True

    def _say_verdict(self, judged: MineAnswer) -> None:
        round_view = self.view["round"] if self.view is not None else None
        assert round_view is not None
        last = bool(round_view.get("last"))
        sentence, right = verdict_sentence(judged, self._scoring(), last)
        self.answer.say(sentence, ok=right)
        self.noticed = False
        self._close_after_claim([judged])

    def _scoring(self) -> str:
        return self.view["scoring"] if self.view is not None else "rulebook"

    def _close_after_claim(self, sent: list[MineAnswer] | None = None) -> None:
        """After a claim (a right answer, or any as the rulebook says) the box closes until
        the next round; the verdict stays."""
        mine = [*(self.view["mine"] if self.view is not None else []), *(sent or [])]
        team = self.view.get("team") if self.view is not None else None
        done = (
            any(a["correct"] for a in mine)
            or (mine and self._scoring() == "rulebook")
            or (team is not None and team["claimed"] is not None)  # the team's claim is made
        )
        for part in (self.answer.children[0], self.pad):  # the box and MAM!, and the pad
            part.layout.display = "none" if done else ""
        if done:
            self.answer.preview.value = ""

    def _locked_out(self, view: MamSeatView) -> bool:
        """Refused at the door: the refusal says so, alone."""
        return not view["joined"] and not view["removed"] and bool(self.message.value)


class AnswerPad(w.VBox):
    """Keys for a phone: the round's cards (each puts its number in), + − × ÷ ( ) and a key
    that deletes the last sign; the text box stays for a keyboard."""

    def __init__(self, box: AnswerBox) -> None:
        self.box = box
        self.dealt: list[int] = []
        self.cards = row(css="mc-pad-cards")
        signs = [
            button(sign, "mc-pad-sign", self._typer(sign))
            for sign in ("+", "−", "×", symbol("/"), "(", ")")  # ÷, or ":" in Polish
        ]
        delete = button("⌫", "mc-pad-delete", self._delete, tooltip=_("Delete the last sign"))
        super().__init__([self.cards, row(*signs, delete, css="mc-pad-signs")])
        self.add_class("mc-live-pad")

    def deal(self, cards: list[int]) -> None:
        if cards != self.dealt:
            self.dealt = cards
            self.cards.children = [
                button(str(card), "mc-pad-card", self._typer(str(card))) for card in cards
            ]

    def _typer(self, text: str) -> Callable[[object], None]:
        return lambda _button: setattr(self.box.text, "value", self.box.text.value + text)

    def _delete(self, _button: object = None) -> None:
        self.box.text.value = self.box.text.value.rstrip()[:-1].rstrip()

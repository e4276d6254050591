"""MAM! live: the student's page (`LiveSeat`) and the teacher's projector (`LiveProjector`).

Both follow the game the class service keeps (`widgets.live`), and draw from what it sent;
no rule lives here. The service says what is authoritative (right or not, points, first,
order of arrival); the page says the sentences, re-checking a text with the round's deal in
its own language."""

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
)
from mathcards.i18n import N_, _
from mathcards.mam.live import MOST_ROUNDS, SCORINGS, scoring_label
from mathcards.mam.steps import symbol
from widgets.book import BookBar
from widgets.controls import Alarm, Clock, button, html, row
from widgets.live import HERE, Projector, RoomClient, Seat, served
from widgets.mam.cards import AnswerBox, level_menu
from widgets.mam.live_views import (
    LIVE_STYLE,
    deal_of,
    render_answered,
    render_board,
    render_countdown,
    render_first,
    render_leaderboard,
    render_podium,
    render_reveal,
    render_round,
    render_score,
    render_settings,
    seat_status,
    verdict_sentence,
)
from widgets.style import MAM_STYLE, page_style
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

    def finish(self) -> None:
        self.live(LivePath.FINISH, {})


class Countdown:
    """The round's seconds left, as the service last said them, counted down here."""

    def __init__(self, view: w.HTML, clock: Clock) -> None:
        self.view, self.alarm = view, Alarm(clock)
        self.seconds: float | None = None

    def show(self, seconds: float | None) -> None:
        self.alarm.stop()
        self.seconds = seconds
        self.view.value = render_countdown(seconds)
        if seconds is not None and seconds > 0:
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
        self.table = html("mc-table")
        self.countdown = Countdown(html("mc-countdown"), clock)
        self.answer = AnswerBox("MAM!")
        self.answer.submit.on_click(self.submit)
        self.verdict = self.answer.message
        self.verdict.add_class("mc-verdict")
        self.message = html("mc-message-line")
        self.score = html("mc-live-score")
        self.podium = html("mc-podium")
        self.pad = AnswerPad(self.answer)
        self.answer.children = (*self.answer.children[:1], self.pad, *self.answer.children[1:])
        self.answer.text.add_class("mc-numeric")
        self.playing = w.VBox([self.table, self.countdown.view, self.answer])
        self.playing.layout.display = "none"
        super().__init__(
            [
                page_style(MAM_STYLE + LIVE_STYLE),
                self.bar,
                self.status,
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
        if number != self.round_number:
            self.round_number = number
            self.answer.clear()
            self.verdict.value = ""
        self.status.value = escape(seat_status(view))
        open_round = view["phase"] in (Phase.OPEN, Phase.PAUSED) and round_view is not None
        playing = round_view is not None and view["joined"] and view["phase"] != Phase.OVER
        self.playing.layout.display = "" if playing else "none"
        self.answer.layout.display = "" if open_round else "none"
        self.table.value = render_round(round_view)
        if round_view is not None:
            self.answer.power = bool(round_view["power"])
            self.pad.deal(list(round_view["cards"]))
        self.countdown.show(
            round_view["seconds_left"] if open_round and round_view is not None else None
        )
        mine = view["mine"]
        if mine and not self.verdict.value and round_view is not None:
            self._say_verdict(mine[-1]["text"], mine[-1])  # a page reopened: its last verdict
        self._close_after_claim()
        if (self.verdict.value and view["phase"] == Phase.OPEN) or self._locked_out(view):
            self.status.value = ""  # one message at a time: the verdict, or the refusal
        self.score.value = render_score(view)
        self.podium.value = render_podium(view["podium"])

    def submit(self, _button: object = None) -> None:
        """Send the typed calculation (once it reads as one) and say the private verdict."""
        round_view = self.view["round"] if self.view is not None else None
        if self.client is None or self.view is None or round_view is None:
            self.answer.say(_("No round is open: wait for the next one."), ok=False)
            return
        text = self.answer.text.value
        verdict = deal_of(round_view).check(text)
        if not verdict.kind.readable:
            self.answer.say(verdict.message, ok=False)  # not a claim: nothing is sent
            return
        try:
            judged = self.client.answer(text)
        except ValueError as problem:
            self.answer.say(str(problem), ok=False)
            return
        mine: MineAnswer = {
            "seq": judged["seq"],
            "text": text,
            "correct": judged["correct"],
            "points": judged["points"],
            "first": judged["first"],
        }
        with self.follower.lock:
            self._say_verdict(text, mine)
            self.view = {**self.view, "mine": [*self.view["mine"], mine]}

    def _say_verdict(self, text: str, judged: MineAnswer) -> None:
        round_view = self.view["round"] if self.view is not None else None
        assert round_view is not None
        sentence, right = verdict_sentence(text, judged, deal_of(round_view), self._scoring())
        self.answer.say(sentence, ok=right)
        self._close_after_claim([judged])

    def _scoring(self) -> str:
        return self.view["scoring"] if self.view is not None else "rulebook"

    def _close_after_claim(self, sent: list[MineAnswer] | None = None) -> None:
        """After a claim (a right answer, or any as the rulebook says) the box closes until
        the next round; the verdict stays."""
        mine = [*(self.view["mine"] if self.view is not None else []), *(sent or [])]
        done = any(a["correct"] for a in mine) or (mine and self._scoring() == "rulebook")
        for part in self.answer.children[:2]:
            part.layout.display = "none" if done else ""
        if self.answer.children[0].layout.display == "none":
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
        self.cards = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        signs = [
            button(sign, "mc-pad-sign", self._typer(sign))
            for sign in ("+", "−", "×", symbol("/"), "(", ")")  # ÷, or ":" in Polish
        ]
        delete = button("⌫", "mc-pad-delete", self._delete)
        delete.tooltip = _("Delete the last sign")
        super().__init__([self.cards, row(*signs, delete)])
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


LEADERBOARD_LENGTHS = (3, 5, 10, 0)


def keyed(
    label: str, css: str, key: str, action: Callable[[object], None], style: str = ""
) -> w.Button:
    """One of the projector's buttons, pressed by its key too (the page's keys: the template's
    `mc-key-…` classes), the key said in its title."""
    made = button(label, css, action, button_style=style)
    made.tooltip = _("{action} (key {key})").format(action=label, key=key)
    made.add_class(f"mc-key-{key.lower()}")
    return made


class LiveProjector(Projector[MamProjectorView], w.VBox):
    """The teacher's projector of a live game: its settings, the join address (text and QR),
    the room (lock, remove), the round (start, pause, reveal), answered / in the room, the
    first right answer, the board, the reveal, the leaderboard and the podium."""

    client: LiveClient | None

    seat_lesson, seat_title = SEAT_LESSON, SEAT_TITLE

    def __init__(
        self,
        client: LiveClient | None = HERE,
        *,
        leaderboard: int = 5,
        clock: Clock = background,
        follow: bool = True,
        address: str | None = None,
    ) -> None:
        self.client = served(client, LiveClient)
        self.view: MamProjectorView | None = None
        self.leaderboard_length = leaderboard
        self.message = html("mc-message-line")
        self._build_room(address)
        self._build(clock)
        self.follow(self.controls, follow, _("A live game needs the class server."))

    def _build(self, clock: Clock) -> None:
        self.level = level_menu("normal")
        self.rounds = w.BoundedIntText(5, min=1, max=MOST_ROUNDS, description=_("Rounds"))
        self.scoring = w.Dropdown(
            options=[(scoring_label(key), key) for key in SCORINGS], description=_("Scoring")
        )
        self.seed = w.Text(description=_("Seed"), placeholder=_("a new one"))
        self.seconds = w.BoundedIntText(0, min=0, max=600, description=_("Seconds (0: none)"))
        self.seconds.style.description_width = "initial"
        for box, css in (
            (self.level, "mc-live-level"),
            (self.rounds, "mc-live-rounds"),
            (self.scoring, "mc-live-scoring"),
            (self.seed, "mc-live-seed"),
            (self.seconds, "mc-live-seconds"),
        ):
            box.layout = w.Layout(width="16em", max_width="100%")
            box.add_class(css)
        self.new_game_button = button(
            _("New live game"), "mc-live-new", self.new_game, button_style="primary"
        )
        self.board_length = w.Dropdown(
            options=[(_("hidden") if n == 0 else str(n), n) for n in LEADERBOARD_LENGTHS],
            value=self.leaderboard_length if self.leaderboard_length in LEADERBOARD_LENGTHS else 5,
            description=_("Leaderboard"),
        )
        self.board_length.observe(self._length_changed, names="value")
        self.wrong_names = w.Checkbox(description=_("Names of wrong answers at Reveal"))
        self.wrong_names.add_class("mc-live-wrong-names")
        self.wrong_names.observe(self._draw_board, names="value")
        setup = row(self.level, self.rounds, self.scoring, self.seed, self.seconds)
        setup.add_class("mc-live-setup")
        self.setup = w.Accordion(
            [w.VBox([setup, row(self.new_game_button, self.board_length, self.wrong_names)])]
        )
        self.setup.set_title(0, _("Game settings"))
        self.setup.selected_index = 0
        self.setup.add_class("mc-live-setup-box")
        self.shown_game: int | None = None  # the game the projector last showed
        self.opened = False  # the page has drawn a view of the service
        self.round_number: int | None = None
        self.settings = html("mc-live-settings-line")
        self.start_button = keyed(_("New round"), "mc-live-start", "N", self.start_round, "success")
        self.pause_button = keyed(_("Pause"), "mc-live-pause", "P", self.pause_or_resume)
        self.reveal_button = keyed(_("Reveal"), "mc-live-reveal", "R", self.reveal, "warning")
        self.full_screen = keyed(_("Full screen"), "mc-fullscreen", "F", lambda _b: None)
        self.finish_button = button(_("Podium"), "mc-live-finish", self.finish)
        self.round_view = html("mc-table", layout=w.Layout())  # these five hidden at times
        self.countdown = Countdown(html("mc-countdown"), clock)
        self.answered = html("mc-live-answered", layout=w.Layout())
        self.first = html("mc-live-first", layout=w.Layout())
        self.board = html("mc-live-board", layout=w.Layout())
        self.revealed = html("mc-live-revealed")
        self.leaderboard = html("mc-live-leaderboard", layout=w.Layout())
        self.podium = html("mc-podium")
        self.bar = row(
            self.start_button,
            self.reveal_button,
            self.pause_button,
            self.full_screen,
            self.finish_button,
            self.room_title,
        )
        self.bar.add_class("mc-live-bar")
        self._build_choice()
        self.join = w.Accordion(  # the room's count is in the bar: here the lock and names
            [w.VBox([self.address, self.lock_box, self.room, self.removed_box])]
        )
        self.join.set_title(0, _("How to join, and who is in"))
        self.join.selected_index = 0
        self.join.add_class("mc-live-join-box")
        self.controls = w.VBox(
            [
                self.choice,
                self.bar,
                self.round_view,
                self.countdown.view,
                self.answered,
                self.first,
                self.board,
                self.revealed,
                self.leaderboard,
                self.podium,
                self.join,
                self.setup,
                self.settings,
            ]
        )
        super().__init__([page_style(MAM_STYLE + LIVE_STYLE), self.message, self.controls])
        self.add_class("mc-live-projector")

    def _build_choice(self) -> None:
        """A new lesson opening onto an unfinished game: go on with it, or a new one."""
        self.go_on = button(
            _("Go on with the last game"), "mc-live-go-on", self._go_on, button_style="primary"
        )
        self.fresh = button(_("A new game"), "mc-live-fresh", self._fresh)
        self.choice_line = html("mc-live-choice-line")
        self.choice = w.VBox([self.choice_line, row(self.go_on, self.fresh)])
        self.choice.add_class("mc-live-choice")
        self.choice.layout.display = "none"

    def _go_on(self, _button: object = None) -> None:
        self.choice.layout.display = "none"

    def _fresh(self, _button: object = None) -> None:
        self.choice.layout.display = "none"
        self.setup.selected_index = 0
        self.join.selected_index = None

    # ------------------------------------------------------------ the teacher's buttons

    def new_game(self, _button: object = None) -> None:
        typed = self.seed.value.strip()
        if typed and not typed.isdigit():
            self.complain(_("The seed is a whole number, or nothing for a new one."))
            return
        settings: MamGameBody = {
            "level": self.level.value,
            "rounds": int(self.rounds.value),
            "scoring": self.scoring.value,
            "seed": int(typed) if typed else None,
        }
        client = self.client
        if client is not None:
            self._call(lambda: client.new_game(**settings))

    def start_round(self, _button: object = None) -> None:
        client, seconds = self.client, int(self.seconds.value) or None
        if client is not None:
            self._call(lambda: client.open_round(seconds))

    def reveal(self, _button: object = None) -> None:
        client = self.client
        if client is not None:
            self._call(client.reveal)

    def pause_or_resume(self, _button: object = None) -> None:
        client = self.client
        if client is not None:
            paused = self.view is not None and self.view["phase"] == Phase.PAUSED
            self._call(client.resume if paused else client.pause)

    def finish(self, _button: object = None) -> None:
        client = self.client
        if client is not None:
            self._call(client.finish)

    def _length_changed(self, _change: object = None) -> None:
        self.leaderboard_length = int(self.board_length.value)
        self.leaderboard.value = render_leaderboard(
            self.view["leaderboard"] if self.view is not None else [], self.leaderboard_length
        )

    # ------------------------------------------------------------ what the class sees

    def show(self, view: MamProjectorView) -> None:
        """Draw the projector from the service's state: the round first, the room and the
        settings folded away once a round is open."""
        self.view = view
        self.message.value = ""
        phase, round_view, settings = view["phase"], view["round"], view["settings"]
        if view["game"] != self.shown_game or not self.opened:
            self._new_game_shown(view)
            self.opened = True
        over = phase == Phase.OVER
        for playing in (self.round_view, self.answered, self.first, self.board):
            playing.layout.display = "none" if over else ""
        self.settings.value = render_settings(settings if view["game"] is not None else None)
        self._show_room(view)
        number = round_view["number"] if round_view is not None else None
        if phase == Phase.OPEN and self.round_number != number:
            self.join.selected_index = None  # a round opens: the room folds away
        self.round_number = number
        self.pause_button.description = _("Resume") if phase == Phase.PAUSED else _("Pause")
        self.round_view.value = render_round(round_view)
        ticking = phase == Phase.OPEN and round_view is not None
        self.countdown.show(round_view["seconds_left"] if ticking and round_view else None)
        if phase == Phase.CLOSED:
            self.countdown.show(0)  # the service closed the round: time's up
        revealed = phase in (Phase.REVEALED, Phase.OVER)
        self.answered.value = render_answered(view)
        self.first.value = render_first(view, show_text=revealed)
        self._draw_board()
        self.revealed.value = (
            render_reveal(deal_of(round_view), view["board"])
            if phase == Phase.REVEALED and round_view is not None
            else ""
        )
        racing = phase in (Phase.OPEN, Phase.PAUSED, Phase.CLOSED)  # no standings mid-round
        self.leaderboard.layout.display = "none" if racing else ""
        self.leaderboard.value = render_leaderboard(view["leaderboard"], self.leaderboard_length)
        self.podium.value = render_podium(view["podium"])

    def _new_game_shown(self, view: MamProjectorView) -> None:
        """A game the page has not shown: its settings fold away; opened onto an unfinished
        game, the teacher chooses to go on with it or start a new one."""
        reopened = not self.opened
        self.shown_game = view["game"]
        self.setup.selected_index = None if self.shown_game is not None else 0
        unfinished = self.shown_game is not None and view["phase"] != Phase.OVER
        if reopened and unfinished:
            played = view["round"]["number"] if view["round"] is not None else 0
            self.choice_line.value = escape(
                _("A game from before is not finished (round {n} of {rounds}).").format(
                    n=played, rounds=len_rounds(view)
                )
                if played
                else _("A game from before is waiting for its first round.")
            )
            self.choice.layout.display = ""
        else:
            self.choice.layout.display = "none"

    def _draw_board(self, _change: object = None) -> None:
        """The round's answers, shown at Reveal only (a count before)."""
        view = self.view
        revealed = view is not None and view["phase"] in (Phase.REVEALED, Phase.OVER)
        board = view["board"] if view is not None and revealed else []
        self.board.value = render_board(board, wrong_names=bool(self.wrong_names.value))


def len_rounds(view: MamProjectorView) -> int:
    return view["settings"]["rounds"] if view["settings"] else 0

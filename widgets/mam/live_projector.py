"""MAM! live: the teacher's projector (`LiveProjector`): the settings, the room, the round and
its time, the board, the reveal, the leaderboard and the podium, drawn from what the class
service sent; no rule lives here."""

from __future__ import annotations

from collections.abc import Callable
from html import escape

import ipywidgets as w

from mathcards.classroom.protocol import SEEDS, Phase
from mathcards.classroom.protocol.mam import (
    MamGameBody,
    MamProjectorView,
)
from mathcards.i18n import _
from mathcards.mam.live import MOST_ROUNDS, SCORINGS, scoring_label
from widgets.controls import Clock, button, html, row
from widgets.live import HERE, Projector, served
from widgets.mam.cards import level_menu
from widgets.mam.live import SEAT_LESSON, SEAT_TITLE, Countdown, LiveClient
from widgets.mam.live_views import (
    LIVE_STYLE,
    render_answered,
    render_board,
    render_first,
    render_leaderboard,
    render_podium,
    render_reveal,
    render_round,
    render_settings,
)
from widgets.style import MAM_STYLE, page_style
from widgets.teams import TEAMS_STYLE
from widgets.worker import background

LEADERBOARD_LENGTHS = (3, 5, 10, 0)
MORE_TIME = 30  # seconds a press of "+30 s" gives the round


def keyed(
    label: str,
    css: str,
    key: str,
    action: Callable[[object], None],
    style: str = "",
    told: str | None = None,
) -> w.Button:
    """One of the projector's buttons, pressed by its key too (the page's keys: the template's
    `mc-key-…` classes), what it does (`told`, else its label) and its key in its title."""
    return button(
        label,
        f"{css} mc-key-{key.lower()}",
        action,
        button_style=style,
        tooltip=_("{action} (key {key})").format(action=told or label, key=key),
    )


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
        self.time_help = html(
            "mc-live-time-help",
            escape(
                _(
                    "A countdown can change during a round: “+{more} s” gives everyone more "
                    "time, also once it is up; “No countdown” turns it off; Pause holds it."
                ).format(more=MORE_TIME)
            ),
        )
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
            [
                w.VBox(
                    [
                        setup,
                        self.time_help,
                        row(self.new_game_button, self.board_length, self.wrong_names),
                    ]
                )
            ]
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
        self.presenting = False
        self.present_button = keyed(
            _("Presentation"),
            "mc-live-present",
            "V",
            self.present,
            told=_("Show only the round, filling the screen"),
        )
        more = keyed(
            _("+{more} s").format(more=MORE_TIME),
            "mc-live-more-time",
            "T",
            self.more_time,
            told=_("Give everyone {more} seconds more").format(more=MORE_TIME),
        )
        off = keyed(
            _("No countdown"),
            "mc-live-no-countdown",
            "O",
            self.countdown_off,
            told=_("Turn the countdown off: the round waits for every answer"),
        )
        # shown while a round has a countdown, or its time is up
        self.time_buttons = row(more, off, css="mc-live-time", hides=True)
        self.time_buttons.layout.display = "none"
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
            self.time_buttons,
            self.present_button,
            self.full_screen,
            self.finish_button,
            self.room_title,
        )
        self.bar.add_class("mc-live-bar")
        self._build_choice()
        self.join = w.Accordion(  # the room's count is in the bar: here the lock and names
            [
                w.VBox(
                    [self.address, self.lock_box, self.room, self.removed_box, self.teams_controls]
                )
            ]
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
                self.teams_wall,
                self.podium,
                self.join,
                self.setup,
                self.settings,
            ]
        )
        super().__init__(
            [page_style(MAM_STYLE + LIVE_STYLE, TEAMS_STYLE), self.message, self.controls]
        )
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
        if typed and not (typed.isascii() and typed.isdigit() and int(typed) < SEEDS):
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

    def more_time(self, _button: object = None) -> None:
        client = self.client
        if client is not None:
            self._call(lambda: client.more_time(MORE_TIME))

    def countdown_off(self, _button: object = None) -> None:
        client = self.client
        if client is not None:
            self._call(client.no_countdown)

    def finish(self, _button: object = None) -> None:
        client = self.client
        if client is not None:
            self._call(client.finish)

    def present(self, _button: object = None) -> None:
        """The presentation view (the round alone, filling the screen), or back to the
        controls."""
        self.presenting = not self.presenting
        if self.presenting:
            self.add_class("mc-presenting")
            label, told = _("Back to the controls"), _("Show the teacher's controls again")
        else:
            self.remove_class("mc-presenting")
            label, told = _("Presentation"), _("Show only the round, filling the screen")
        self.present_button.description = label
        self.present_button.focus()  # not a button hidden from the eye
        self.present_button.tooltip = _("{action} (key {key})").format(action=told, key="V")

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
        timed = round_view is not None and round_view["seconds_left"] is not None
        changeable = (phase in (Phase.OPEN, Phase.PAUSED) and timed) or phase == Phase.CLOSED
        self.time_buttons.layout.display = "" if changeable else "none"
        revealed = phase in (Phase.REVEALED, Phase.OVER)
        self.answered.value = render_answered(view)
        self.first.value = render_first(view, show_text=revealed)
        self._draw_board()
        self.revealed.value = (
            render_reveal(round_view["target"], view["reveal"], teams_of(view))
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


def teams_of(view: MamProjectorView) -> dict[str, int]:
    """Each student's team (in teams), for the wall to name teams, not children."""
    return {m["name"]: t["number"] for t in view["teams"] for m in t["members"]}


def len_rounds(view: MamProjectorView) -> int:
    return view["settings"]["rounds"] if view["settings"] else 0

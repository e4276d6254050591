"""LAMA Dice live: the student's page (`GuessSeat`) and the teacher's projector
(`GuessProjector`). The teacher shows a moment and asks; each student guesses (a chance in
percent, or roll or quit); the projector reveals the spread of the guesses beside the exact
answer, then rolls the dice, the same rolls on every page. No rule lives here: the engine is
`mathcards.lama_dice.live`, the authority the class service (`widgets.live`)."""

from __future__ import annotations

from html import escape
from typing import Any, cast

import ipywidgets as w

from mathcards.classroom.protocol import LAMA_DICE_LIVE, LivePath, Phase, Refusal
from mathcards.classroom.protocol.lama_dice import (
    GuessBody,
    GuessKept,
    LamaDiceProjectorView,
    LamaDiceSeatView,
    QuestionSeen,
    RollsBody,
    TypedMoment,
)
from mathcards.i18n import N_, _, number
from mathcards.lama_dice.dice import DEFAULT_DICE, dice_text
from mathcards.lama_dice.game import cards_words
from mathcards.lama_dice.known import moment
from mathcards.lama_dice.live import (
    BAD_GUESSES,
    NAMED_MOMENTS,
    QUESTIONS,
    ROLL_COUNTS,
    bad_guess_words,
    said_back,
)
from widgets.book import BookBar
from widgets.controls import button, html, render_message, row, show_message, show_notice
from widgets.lama_dice.chooser import DiceChooser, RowsPicker
from widgets.lama_dice.live_views import (
    GUESS_STYLE,
    exact_words,
    guess_is_in,
    how_close_words,
    points_off,
    question_of,
    render_closest,
    render_count,
    render_grid,
    render_moment,
    render_question,
    render_spread,
    rolls_chart,
    rolls_words,
    seat_status,
    share_of,
    team_guess_is_in,
)
from widgets.live import HERE, REFUSALS, Projector, RoomClient, Seat, served
from widgets.style import LAMA_DICE_STYLE, page_style
from widgets.teams import TEAMS_STYLE, render_my_team

SEAT_LESSON = "live/2-lama-dice-guess.ipynb"
SEAT_TITLE = N_("LAMA Dice live: guess the dice")  # the students' page, as the lessons list it
GUESS_REFUSALS = {
    **REFUSALS,
    Refusal.NO_ROUND: N_("No question is open: wait for the next one."),
    Refusal.ROUND_OPEN: N_("A question is still open: reveal its answer first."),
    Refusal.NO_GAME: N_("There is no live lesson yet: the teacher starts one on the projector."),
    Refusal.BAD_GUESS: N_("Type a chance as a percentage, such as 35 or 35%."),
    Refusal.TOO_MANY: N_("You have guessed enough for this question: wait for the next one."),
    Refusal.NOT_REVEALED: N_("Reveal the answer first, then roll the dice."),
    Refusal.NO_CHANCE: N_("Roll or quit is a choice: there is nothing to roll for."),
}


class GuessClient(RoomClient[LamaDiceSeatView, LamaDiceProjectorView]):
    """The LAMA Dice live calls (under live/lama_dice/)."""

    PREFIX = LAMA_DICE_LIVE
    SENTENCES = GUESS_REFUSALS

    def guess(self, text: str) -> GuessKept:
        """Send a guess; the service keeps it (the last one counts)."""
        sent: GuessBody = {"text": text}
        return cast(GuessKept, self.live(LivePath.GUESSES, sent))

    def new_lesson(self) -> None:
        self.live(LivePath.GAMES, {})

    def ask(self, question: TypedMoment) -> None:
        self.live(LivePath.QUESTIONS, question)

    def roll(self, count: int, seed: int | None = None) -> None:
        sent: RollsBody = {"count": count, "seed": seed}
        self.live(LivePath.ROLLS, sent)


class GuessSeat(Seat[LamaDiceSeatView], w.VBox):
    """A student's page: join, the moment drawn, the question, a guess (percent, or roll or
    quit), a private "your guess is in", then on reveal how close it was and the dice rolled."""

    client: GuessClient | None

    def __init__(self, client: Any = HERE, *, follow: bool = True) -> None:
        self.client = served(client, GuessClient)
        self.view: LamaDiceSeatView | None = None
        self.joined_game: int | None = None
        self.bar = BookBar(self.client, "lama_dice", self._join_live)
        self.status = html("mc-live-status")
        self.team_line = html("mc-live-team")
        self.moment = html("mc-guess-moment")
        self.question = html("mc-guess-question")
        self.text = w.Text(placeholder="35%", layout=w.Layout(width="8em"))
        self.text.add_class("mc-guess-input")
        self.text.on_submit(lambda _box: self.submit())
        self.send = button(_("Guess"), "mc-guess", lambda _b: self.submit(), button_style="primary")
        self.chance_box = row(self.text, self.send, hides=True)
        self.roll = button(_("Roll"), "mc-guess-roll", lambda _b: self.submit("roll"))
        self.quit = button(_("Quit"), "mc-guess-quit", lambda _b: self.submit("quit"))
        self.choice_box = row(self.roll, self.quit, hides=True)
        self.guessing = w.VBox([self.chance_box, self.choice_box])
        self.said = html("mc-guess-said")
        self.rolls = html("mc-guess-rolls")
        self.why = html("mc-guess-why")
        self.close = html("mc-guess-close")
        self.message = html("mc-message-line")
        self.playing = w.VBox(
            [self.moment, self.question, self.guessing, self.said, self.why, self.rolls]
        )
        self.playing.layout.display = "none"
        super().__init__(
            [
                page_style(LAMA_DICE_STYLE + GUESS_STYLE),
                self.bar,
                self.status,
                self.team_line,
                self.playing,
                self.message,
                self.close,
            ]
        )
        self.add_class("mc-guess-seat")
        self.follow(self.playing, follow, _("A live lesson needs the class server."))

    def show(self, view: LamaDiceSeatView) -> None:
        """Draw what the service says this student sees."""
        self.view = view
        game = view["game"]
        rejoin = game is not None and not view["joined"] and self.bar.student
        if rejoin and self.joined_game != game:
            self.joined_game = game  # once a lesson: a locked room says so once
            self._join_live()
        self.status.value = escape(seat_status(view))
        self.team_line.value = render_my_team(view)
        question = view["question"]
        self.playing.layout.display = "" if question and view["joined"] else "none"
        if question is None:
            return
        self.moment.value = render_moment(question)
        self.question.value = escape(question_of(question).text)
        is_open = view["phase"] == Phase.OPEN
        chance = question_of(question).chance
        team, theirs = view["team"], view.get("team_guess")
        guessed = team is not None and team["claimed"] is not None  # the team's guess is in
        self.guessing.layout.display = "" if is_open and not guessed else "none"
        self.chance_box.layout.display = "" if chance else "none"
        self.choice_box.layout.display = "none" if chance else ""
        mine = view["mine"]
        if mine is None and theirs is not None:  # the team's guess, a teammate's
            mine = {"seq": theirs["seq"], "value": theirs["value"], "off": theirs["off"]}
        if is_open:
            said = team_guess_is_in if guessed else guess_is_in  # a team's guess stands
            self.said.value = "" if mine is None else render_message(said(share_of(mine["value"])))
        else:
            sentence, good = how_close_words(question, mine)
            show_message(self.said, sentence, ok=True if good else None)  # never red
        self.why.value = render_grid(question) if not is_open else ""
        self.rolls.value = escape(rolls_words(question)) if not is_open else ""
        close = view["how_close"]
        self.close.value = (
            ""
            if close is None or not chance
            else escape(
                _("Your guesses so far: on average {off} from the answers.").format(
                    off=points_off(close)
                )
            )
        )

    def submit(self, choice: str | None = None) -> None:
        """Send the guess typed or the choice; say it is in, as the service read it (once), or
        why it could not read it."""
        view = self.view
        question = view["question"] if view is not None else None
        if self.client is None or view is None or question is None or view["phase"] != Phase.OPEN:
            self.notify(_("No question is open: wait for the next one."))
            return
        text = choice or self.text.value.strip()
        try:
            kept = self.client.guess(text)
        except ValueError as problem:
            if getattr(problem, "reason", None) == Refusal.BAD_GUESS:
                why = getattr(problem, "detail", "")
                said = bad_guess_words(why, text) if why in BAD_GUESSES else str(problem)
                show_message(self.said, said, ok=False)  # a slip, as the service read it
            else:
                show_notice(self.said, str(problem))  # refused: a notice, not a wrong guess
            return
        with self.follower.lock:
            self.view = {**view, "mine": {"seq": kept["seq"], "value": kept["value"], "off": None}}
            value = share_of(kept["value"])
            back = said_back(text, value) if kept["share"] and not isinstance(value, str) else ""
            show_message(self.said, f"{back} {guess_is_in(value)}".strip())


class GuessProjector(Projector[LamaDiceProjectorView], w.VBox):
    """The teacher's projector: set up the moment (dice, rows, or a moment from a real game)
    and the question, the join address, the room, the count of guesses, on reveal the spread
    beside the exact answer and who was closest, and the dice rolled 10 to 10 000 times."""

    seat_lesson, seat_title = SEAT_LESSON, SEAT_TITLE
    team_cards = False

    client: GuessClient | None

    def __init__(self, client: Any = HERE, *, follow: bool = True, address: str | None = None):
        self.client = served(client, GuessClient)
        self.view: LamaDiceProjectorView | None = None
        self.moments = 0  # the next moment of the seeded series
        self.drawn: tuple[Any, ...] | None = None  # the rolls the chart shows
        self.message = html("mc-message-line")
        self._build_room(address)
        self._build()
        self.follow(self.controls, follow, _("A live lesson needs the class server."))

    def _build(self) -> None:
        self.dice = DiceChooser()
        row_now, llama_row, asks = next(iter(NAMED_MOMENTS.values()))
        self.rows = RowsPicker(cards_words(row_now), cards_words(llama_row))
        self.asks = w.Dropdown(
            options=[(_(words), key) for key, words in QUESTIONS.items()],
            value=asks,
            description=_("Ask"),
            layout=w.Layout(width="30em", max_width="100%"),
        )
        self.asks.add_class("mc-guess-asks")
        self.named = w.Dropdown(
            options=[(_(label), label) for label in NAMED_MOMENTS],
            description=_("Moment"),
            layout=w.Layout(width="30em", max_width="100%"),
        )
        self.named.add_class("mc-guess-named")
        self.named.observe(lambda change: self.show_named(change["new"]), names="value")
        self.moment_button = button(
            _("A moment from a real game"), "mc-guess-moment-pick", self.pick_moment
        )
        self.ask_button = button(
            _("Ask the class"), "mc-guess-ask", self.ask, button_style="success"
        )
        self.reveal_button = button(
            _("Reveal"), "mc-guess-reveal", self.reveal, button_style="warning"
        )
        self.roll_buttons = [
            button(
                _("Roll {count}").format(count=number(n, 0)),
                f"mc-guess-roll-{n}",
                lambda _b, n=n: self.roll(n),
            )
            for n in ROLL_COUNTS
        ]
        self.setup = w.Accordion(
            [w.VBox([self.named, self.dice, self.rows, self.moment_button, self.asks])]
        )
        self.setup.set_title(0, _("The moment and the question"))
        self.setup.selected_index = 0
        self.setup.add_class("mc-guess-setup")
        self.join = w.Accordion(
            [
                w.VBox(
                    [self.address, self.room_line, self.room, self.removed_box, self.teams_controls]
                )
            ]
        )
        self.join.set_title(0, _("How to join, and who is in"))
        self.join.selected_index = 0
        self.join.add_class("mc-live-join-box")
        self.asked_number: int | None = None  # the question the wall last showed open
        self.question = html("mc-guess-question")
        self.count = html("mc-guess-count")
        self.moment = html("mc-guess-moment")
        self.exact = html("mc-guess-exact")
        self.spread = html("mc-guess-spread")
        self.closest = html("mc-guess-closest")
        self.why = html("mc-guess-why")
        self.rolled = html("mc-guess-rolls")
        self.chart = html("mc-guess-chart")
        self.rolling = row(*self.roll_buttons, hides=True)
        self.controls = w.VBox(  # the question first: the room reads it in the first screen
            [
                row(self.ask_button, self.reveal_button),
                self.question,
                self.count,
                self.moment,
                self.exact,
                self.why,
                self.spread,
                self.closest,
                self.teams_wall,
                self.rolling,
                self.rolled,
                self.chart,
                self.setup,
                self.join,
            ]
        )
        super().__init__(
            [page_style(LAMA_DICE_STYLE + GUESS_STYLE, TEAMS_STYLE), self.message, self.controls]
        )
        self.add_class("mc-guess-projector")

    # ------------------------------------------------------------ the teacher's buttons

    def show_named(self, label: str) -> None:
        """Set up the named moment `label`: its rows, the usual dice, and its question."""
        row_now, llama_row, asks = NAMED_MOMENTS[label]
        self.dice.text.value = dice_text(DEFAULT_DICE)
        self.rows.row_text.value = cards_words(row_now)
        self.rows.llama_text.value = cards_words(llama_row)
        self.asks.value = asks

    def pick_moment(self, _button: object = None) -> None:
        """The next moment of a real game (the last player's, worked out in advance): what it
        asks is the last player's choice, roll or quit."""
        game = self.view["game"] if self.view is not None else None
        row_now, llama_row = moment(game or 0, self.moments)
        self.moments += 1
        self.rows.row_text.value = cards_words(row_now)
        self.rows.llama_text.value = cards_words(llama_row)
        self.asks.value = "roll-or-quit"

    def ask(self, _button: object = None) -> None:
        """Put the moment and question set up to the class (a new lesson first, if none)."""
        if not self.rows.valid:
            self.complain(_("Fix the rows above first."))
            return
        client = self.client
        if client is None:
            return
        lesson = self.view["game"] if self.view is not None else None
        if lesson is None and not self._call(client.new_lesson):
            return
        question: TypedMoment = {
            "row": list(self.rows.row),
            "llama_row": list(self.rows.llama_row),
            "dice": [list(die) for die in self.dice.dice],
            "asks": self.asks.value,
        }
        self._call(lambda: client.ask(question))

    def reveal(self, _button: object = None) -> None:
        client = self.client
        if client is not None:
            self._call(client.reveal)

    def roll(self, count: int) -> None:
        client = self.client
        if client is not None:
            self._call(lambda: client.roll(count))

    # ------------------------------------------------------------ what the class sees

    def show(self, view: LamaDiceProjectorView) -> None:
        """Draw the projector from the service's state."""
        self.view = view
        self.message.value = ""
        self._show_room(view)
        question, phase = view["question"], view["phase"]
        revealed = phase == Phase.REVEALED
        self._fold(question, phase)
        self.question.value = render_question(question)
        self.moment.value = render_moment(question, heading=False)
        self.count.value = render_count(view) if question else ""
        shown = question if revealed else None
        self.exact.value = escape(exact_words(shown)) if shown else ""
        self.spread.value = render_spread(shown) if shown else ""
        self.closest.value = render_closest(shown) if shown else ""
        self.why.value = render_grid(shown) if shown else ""
        chance = question is not None and question_of(question).chance
        self.rolling.layout.display = "" if revealed and chance else "none"
        self._show_rolls(shown)

    def _fold(self, question: QuestionSeen | None, phase: Phase | None) -> None:
        """A question put to the class: the moment's setup and the room fold away."""
        number = question["number"] if question is not None else None
        if phase == Phase.OPEN and number != self.asked_number:
            self.setup.selected_index = self.join.selected_index = None
        self.asked_number = number

    def _show_rolls(self, question: QuestionSeen | None) -> None:
        """The dice rolled for the question (drawn again only for new rolls)."""
        rolls = question["rolls"] if question is not None else None
        key = (
            None
            if question is None or not rolls
            else (question["number"], rolls["count"], rolls["seed"])
        )
        if key == self.drawn:
            return
        self.drawn = key
        if question is None or not rolls:
            self.rolled.value = self.chart.value = ""
            return
        self.rolled.value = escape(rolls_words(question))
        self.chart.value = rolls_chart(question)


__all__ = ["GuessClient", "GuessProjector", "GuessSeat"]

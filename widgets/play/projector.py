"""The teacher's projector for playing at tables (docs/design.md#tables-in-the-class-service): the
game and its settings, the tables (the room shuffled, or typed by hand), a computer in each
empty seat, the seconds a seat is away before the computer plays for it; then every table at a
glance (whose turn, the scores so far, finished) and the class's debrief (how many decisions,
how many matched the best, the costliest of the day as a worked example, its student named only
when the teacher shows it). No hand is ever on the wall."""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as w

from mathcards.classroom.protocol import CallRefusal
from mathcards.classroom.protocol.play import Debrief, PlayWallView, TablesBody
from mathcards.i18n import N_, _, exact_or_about, language, ngettext, number, percent
from mathcards.lama.cards import LABELS
from mathcards.lama_dice.dice import LAYOUTS, parse_dice
from widgets.controls import Complains, button, html, trouble
from widgets.live import Follower, page_address, render_address
from widgets.play.client import PlayClient
from widgets.play.drawn import PLAY_STYLE, render_wall
from widgets.play.seat import HERE
from widgets.play.words import (
    GAME_NAMES,
    choice_words,
    decision_of,
    decision_words,
    values_words,
)
from widgets.style import LAMA_DICE_STYLE, page_style

SEAT_LESSON = "live/3-play-at-tables.ipynb"
SEAT_TITLE = N_("Play at a table")  # the students' page, as the lessons list it
SOMEONE = N_("Someone at a table")  # the costliest decision's player, until the teacher names them


def render_debrief(debrief: Debrief) -> str:
    """The class's results so far, and the costliest decision as a worked example."""
    if not debrief["tables_over"]:
        return ""
    made = ngettext(
        "The class made {n} decision; {matched} matched the best ({share}).",
        "The class made {n} decisions; {matched} matched the best ({share}).",
        debrief["decisions"],
    ).format(
        n=debrief["decisions"],
        matched=debrief["matched"],
        share=percent(debrief["matched"] / max(1, debrief["decisions"]), 0),
    )
    title = _("The class debrief")
    shown = f"<h3>{escape(title)}</h3><p>{escape(made)}</p>"
    worst = debrief["costliest"]
    if worst is None:
        return shown
    heading = _("The costliest decision of the day")  # its sentence names who made it
    who = debrief["named"] or _(SOMEONE)  # the class is told about a player, never spoken to
    exact = _("exact odds") if worst["exact"] else _("the expert's reckoning")
    values = decision_of(worst).values
    rows = "".join(
        f"<tr><th scope='row'>{escape(choice_words(choice))}</th>"
        f"<td>{escape(exact_or_about(value))}</td><td>{escape(number(value, 2))}</td></tr>"
        for choice, value in sorted(values.items(), key=lambda item: item[1])
    )
    named = (_("choice"), _("exactly"), _("about"))
    columns = "".join(f"<th scope='col'>{escape(name)}</th>" for name in named)
    costs = escape(_("What each choice costs on average ({how}), lower is better:")).format(
        how=escape(exact)
    )
    return (
        f"{shown}<h4>{escape(heading)}</h4><p>{escape(decision_words(worst, who))}</p>"
        f"<p>{costs} {escape(values_words(worst))}</p>"
        f"<table class='mc-play-values'><tr>{columns}</tr>{rows}</table>"
    )


WHOLE = {"description_width": "initial"}  # a control's words shown whole, in both languages


def tick_box(description: str, value: bool) -> w.Checkbox:
    """A tick box whose words are shown whole, wrapping on a phone."""
    return w.Checkbox(
        value=value, description=description, indent=False, layout=w.Layout(width="auto")
    )


class TablesProjector(Complains, w.VBox):
    """The teacher's projector of the class's tables."""

    def __init__(self, client: Any = HERE, *, follow: bool = True, address: str | None = None):
        self.client: PlayClient | None = PlayClient.here() if client is HERE else client
        self.view: PlayWallView | None = None
        self.fixed_address, self.class_url = address, ""
        self.message = html("mc-message-line")
        self._build()
        self.follower = Follower(self.fetch, self.show, self.troubled)
        if self.client is None:
            self.controls.layout.display = "none"
            self.notify(_("Playing at tables needs the class server."))
        elif follow:
            self.follower.start()

    def _build(self) -> None:
        self.game = w.Dropdown(
            options=[(_(name), game) for game, name in GAME_NAMES.items()],
            value="lama_dice",
            description=_("Game"),
        )
        self.game.add_class("mc-play-game")
        self.deck = w.Dropdown(
            options=[(_(label), name) for name, label in LABELS.items()], description=_("Deck")
        )
        self.dice = w.Dropdown(
            options=[(_(label), text) for label, text in LAYOUTS.items()], description=_("Dice")
        )
        self.size = w.Dropdown(
            options=[2, 3, 4, 5, 6], value=3, description=_("Seats a table"), style=WHOLE
        )
        self.size.add_class("mc-play-size")
        self.computers = tick_box(_("A computer in each empty seat"), True)
        self.away = w.BoundedIntText(
            value=30, min=0, max=3600, description=_("Away seconds"), style=WHOLE
        )
        self.away.add_class("mc-play-away")
        self.by_hand = w.Textarea(
            placeholder=_("Ann, Bo, Cy\nDi, Ed, Flo"),
            description=_("By hand"),
            layout=w.Layout(width="30em", max_width="100%"),
        )
        self.by_hand.add_class("mc-play-by-hand")
        hint = html(
            "mc-play-hint",
            escape(_("One table a line, nicknames parted by commas; empty: the room shuffled.")),
        )
        self.start_button = button(
            _("Play at tables"), "mc-play-start", lambda _b: self.start(), button_style="success"
        )
        self.named = tick_box(_("Show the name"), False)
        self.named.add_class("mc-play-named")
        self.named.observe(lambda _change: self.show_name(), names="value")
        self.address = html(
            "mc-live-address", render_address(self.fixed_address or "", _(SEAT_TITLE))
        )
        self.room = html("mc-play-room")
        self.wall = html("mc-play-tables")
        self.debrief = html("mc-play-debrief")
        settings = w.VBox(
            [
                self.game,
                self.deck,
                self.dice,
                self.size,
                self.computers,
                self.away,
                self.by_hand,
                hint,
            ]
        )
        self.setup = w.Accordion([settings])
        self.setup.set_title(0, _("The game and the tables"))
        self.setup.selected_index = 0
        self.controls = w.VBox(
            [
                self.start_button,
                self.wall,
                self.debrief,
                self.named,
                self.setup,
                self.address,
                self.room,
            ]
        )
        super().__init__([page_style(LAMA_DICE_STYLE, PLAY_STYLE), self.message, self.controls])
        self.add_class("mc-play-projector")

    # ------------------------------------------------------------ the teacher's buttons

    def sitting(self) -> TablesBody:
        """The tables as the teacher set them up."""
        options: dict[str, Any] = {}
        if self.game.value == "lama":
            options["preset"] = self.deck.value
        elif self.game.value == "lama_dice":
            options["dice"] = [list(die) for die in parse_dice(self.dice.value)]
        body: TablesBody = {
            "game": self.game.value,
            "options": options,
            "size": int(self.size.value),
            "computers": bool(self.computers.value),
            "away_seconds": int(self.away.value),
        }
        lines = [line for line in self.by_hand.value.splitlines() if line.strip()]
        if lines:
            body["tables"] = [[n.strip() for n in line.split(",") if n.strip()] for line in lines]
        return body

    def start(self) -> None:
        if self.client is None:
            return
        try:
            shown = self.client.start(self.sitting())
        except ValueError as problem:
            self.notify(str(problem))
            return
        with self.follower.lock:
            self.message.value = ""
            self.setup.selected_index = None
            self.show(shown)

    def show_name(self) -> None:
        if self.client is None:
            return
        try:
            shown = self.client.show_name(bool(self.named.value))
        except ValueError as problem:
            self.notify(str(problem))
            return
        with self.follower.lock:
            self.show(shown)

    # ------------------------------------------------------------ what the class sees

    def fetch(self, after: int) -> PlayWallView:
        assert self.client is not None
        return self.client.wall(after)

    def troubled(self, problem: Exception) -> None:
        self.notify(trouble(problem))
        if getattr(problem, "reason", None) == CallRefusal.NOT_TEACHER:  # the page ends here
            self.controls.layout.display = "none"
            self.follower.stop()

    def show(self, view: PlayWallView) -> None:
        """Draw the wall from the service's view (the newest version only)."""
        if self.view is not None and view["version"] < self.view["version"]:
            return
        self.view = view
        names = view["room"]
        said = ngettext("In the room: {n} student", "In the room: {n} students", len(names))
        self.room.value = (
            f"<p>{escape(said.format(n=len(names)))}</p><p>{escape(', '.join(names))}</p>"
        )
        if self.fixed_address is None and view["class_url"] != self.class_url:
            self.class_url = view["class_url"]
            lesson = f"{language()}/{SEAT_LESSON}"
            self.address.value = render_address(page_address(lesson, self.class_url), _(SEAT_TITLE))
        game = view["game"]
        if game is not None:
            count = len(view["tables"])
            title = ngettext("{game} at {n} table", "{game} at {n} tables", count).format(
                game=_(GAME_NAMES[game]), n=count
            )
            self.wall.value = f"<h2>{escape(title)}</h2>{render_wall(view['tables'])}"
        else:
            self.wall.value = ""
        self.debrief.value = render_debrief(view["debrief"])
        self.named.layout.display = "" if view["debrief"]["costliest"] else "none"


__all__ = ["TablesProjector"]

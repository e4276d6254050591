"""A student's game review on their page, once their table's game is over
(docs/design.md#a-game-review): their accuracy, how many of their decisions matched the best,
the two or three costliest in words, and the game to step through move by move (each frame
fetched from the service as the student saw it, with the decision made there and what each
choice cost)."""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as w

from mathcards.classroom.protocol.play import DecisionSeen, FrameSeen, ReviewSeen, TableSeen
from mathcards.i18n import _, ngettext, percent, you
from widgets.controls import Complains, button, html, row, show_notice
from widgets.play.client import PlayClient
from widgets.play.drawn import render_game
from widgets.play.words import choice_words, decision_words, happened, values_words


def render_review(review: ReviewSeen) -> str:
    """The accuracy, the decisions that matched, the costliest in words."""
    if not review["decisions"]:  # no decision weighed: no accuracy (never 100 % of nothing)
        none = _("Your accuracy: this game had no decision of yours to check.")
        return f'<p class="mc-play-accuracy">{escape(none)}</p>'
    accuracy = _("Your accuracy: {accuracy}").format(accuracy=percent(review["accuracy"] / 100, 0))
    matched = ngettext(
        "You made {n} decision; {matched} matched the best.",
        "You made {n} decisions; {matched} matched the best.",
        review["decisions"],
    ).format(n=review["decisions"], matched=review["matched"])
    costly = "".join(
        f"<li>{escape(decision_words(decision, you()))}</li>" for decision in review["costliest"]
    )
    heading = escape(_("What cost you the most:")) if costly else ""
    return f'<p class="mc-play-accuracy">{escape(accuracy)}</p><p>{escape(matched)}</p>' + (
        f"<p>{heading}</p><ol class='mc-play-costliest'>{costly}</ol>" if costly else ""
    )


def render_decision(decision: DecisionSeen | None) -> str:
    """The decision made at a frame: the choice, the best, each choice's value."""
    if decision is None:
        return ""
    chosen, best = choice_words(decision["chosen"]), choice_words(decision["best"])
    choice = _("Your choice: {chosen}. The best: {best}.").format(chosen=chosen, best=best)
    if decision["stand_in"]:
        choice = _("The computer chose for you while you were away: {chosen}.").format(
            chosen=chosen
        )
    values = _("What each choice costs: {values} (lower is better).").format(
        values=values_words(decision)
    )
    words = decision_words(decision, you())  # the student's own decision, spoken to them
    return f"<p><b>{escape(choice)}</b> {escape(values)}</p><p>{escape(words)}</p>"


def frame_table(game: str, frame: FrameSeen) -> TableSeen:
    """A frame's table as the seats' drawing needs it: its players and points, from the view."""
    view: dict[str, Any] = frame["view"]
    scores = dict(view.get("scores") or {})
    return {
        "table": 0,
        "number": 0,
        "game": game,
        "seats": [{"player": name, "computer": False, "away": False} for name in scores],
        "to_move": list(view.get("to_move") or []),
        "scores": scores,
        "rounds": 0,
        "moves": frame["number"],
        "newest": [],
        "over": False,
        "winners": [],
        "shared": {},
    }


class ReviewPanel(Complains, w.VBox):
    """The review of the student's game, with the game to step through (← and →)."""

    def __init__(self, client: PlayClient | None) -> None:
        self.client, self.game, self.player, self.number, self.last = client, "", "", 0, 0
        self.summary = html("mc-play-review")
        self.frame = html("mc-play-frame")
        self.message = html("mc-message-line")
        self.back = button(_("◀ Move before"), "mc-play-back", lambda _b: self.step(-1))
        self.on = button(_("Next move ▶"), "mc-play-next", lambda _b: self.step(1))
        self.where = html("mc-play-where")
        title = _("Your game review")
        heading = html("mc-play-review-title", f"<h3>{escape(title)}</h3>")
        steps = row(self.back, self.on, self.where)
        super().__init__(
            [heading, self.summary, steps, self.frame, self.message],
            layout=w.Layout(display="none"),
        )

    def show(self, game: str, player: str, review: ReviewSeen) -> None:
        """The review of a game that is over (shown once, then stepped through)."""
        if (
            self.layout.display != "none"
            and self.game == game
            and self.last == review["frames"] - 1
        ):
            return
        self.game, self.player, self.last = game, player, review["frames"] - 1
        self.summary.value = render_review(review)
        self.layout.display = ""
        self.number = 0
        self.step(0)

    def hide(self) -> None:
        self.layout.display = "none"

    def step(self, by: int) -> None:
        """The game `by` moves on (or back), as the student saw it."""
        if self.client is None:
            return
        number = max(0, min(self.last, self.number + by))
        try:
            frame = self.client.frame(number)
        except ValueError as problem:
            show_notice(self.message, str(problem))
            return
        self.number = frame["number"]
        self.back.disabled, self.on.disabled = self.number == 0, self.number >= frame["of"]
        where = _("Move {number} of {of}").format(number=frame["number"], of=frame["of"])
        if frame["move"] is not None:
            moved = {"player": frame["player"], "move": frame["move"], "stand_in": False}
            where += ": " + happened(self.game, moved)
        else:
            where += ": " + _("as dealt")
        self.where.value = escape(where)
        drawn = render_game(frame_table(self.game, frame), self.player, frame["view"])
        self.frame.value = render_decision(frame["decision"]) + drawn
        self.message.value = ""

"""Play, draw or quit? A real moment from a seeded game, the exact odds, your decision next
to the expert's, kept in the class book beside it."""

from __future__ import annotations

import random
from html import escape
from typing import Any

import ipywidgets as w

from mathcards.i18n import N_, _, you
from mathcards.lama.bots import STRATEGIES
from mathcards.lama.cards import can_play
from mathcards.lama.game import Action, Draw, Quit
from mathcards.lama.simulate import next_moment
from widgets.book import HERE, BookBar, ClassBook, served
from widgets.controls import (
    Complains,
    button,
    html,
    shows_errors,
)
from widgets.lama.cards import (
    NAMES,
    card_svg,
    deck_choice,
    render_hand,
    render_odds,
    render_piles,
    render_seats,
)
from widgets.style import LAMA_STYLE, page_style

CHOSE = {Draw: N_("You chose to <b>draw</b>."), Quit: N_("You chose to <b>quit</b>.")}
EXPERT = {  # by the expert's move, and whether it is yours
    (Draw, True): N_("The expert would <b>draw</b>, like you."),
    (Quit, True): N_("The expert would <b>quit</b>, like you."),
    (Draw, False): N_("The expert would <b>draw</b>."),
    (Quit, False): N_("The expert would <b>quit</b>."),
}
KEPT = {Draw: "draw", Quit: "quit"}  # a choice as the class book keeps it


class DrawOrQuit(Complains, w.VBox):
    """A real moment from a seeded game: no card of yours fits. Draw or quit? See the exact
    odds, decide, then see what the expert does and which card was on top of the pile."""

    def __init__(
        self, preset: str = "classic", seed: int = 1, *, book: ClassBook | None = HERE
    ) -> None:
        self.seed, self.decided = seed, False
        self.preset = deck_choice(preset)
        self.situation = html("mc-situation")
        self.odds_view = html("mc-decision-odds")
        self.verdict = html("mc-verdict")
        self.message = html("mc-message-box")
        self.draw = button(_("Draw"), "mc-draw", lambda _b: self.decide(Draw()))
        self.quit = button(_("Quit"), "mc-quit", lambda _b: self.decide(Quit()))
        self.again = button(_("Another moment"), "mc-another", lambda _b: self.another())
        self.another()  # the moment (and sympy's import) before `served`, which in a warm kernel
        self.book = BookBar(served(book), "lama", invite=False)  # waits for the page's request
        super().__init__(
            [
                page_style(LAMA_STYLE),
                self.book,
                w.HBox([self.preset, self.again]),
                self.situation,
                self.odds_view,
                w.HBox([self.draw, self.quit]),
                self.message,
                self.verdict,
            ]
        )
        self.preset.observe(lambda _c: self.another(), names="value")

    @shows_errors
    def another(self) -> None:
        """Play a seeded game between computer players up to a moment to decide: you (the
        first seat, "You" or "Ty") cannot play a card but may draw."""
        from widgets.lama.derivation import render_draw  # sympy, once a derivation shows

        self.seed, self.game = next_moment(self.preset.value, self.seed, [you(), *NAMES[:2]])
        view = self.game.view(self.game.player)
        self.situation.value = (
            render_seats(view)
            + render_piles(view)
            + '<div class="mc-seat-name">'
            + escape(_("Your hand"))
            + "</div>"
            + render_hand(view.hand)
        )
        self.odds_view.value = render_odds(view) + render_draw(view)
        self.verdict.value, self.message.value = "", ""
        self.draw.disabled = self.quit.disabled = self.decided = False

    @shows_errors
    def decide(self, choice: Action) -> None:
        """Your decision next to the expert's; then the card that would have come. One decision
        a moment: it is kept in the class book."""
        if self.decided:
            return
        game = self.game
        view = game.view(game.player)
        expert = STRATEGIES["expert"](view, game.legal_actions(), random.Random(0))
        drawn = game.draw_pile[-1]
        came = (
            _("The top card of the draw pile was {card} — it fits.")
            if can_play(drawn, view.top)
            else _("The top card of the draw pile was {card} — it does not fit.")
        )
        self.verdict.value = (
            f"<p>{_(CHOSE[type(choice)])} {_(EXPERT[type(expert), expert == choice])}</p>"
            f"<p>{came.format(card=card_svg(drawn, 56))}</p>"
        )
        self.draw.disabled = self.quit.disabled = self.decided = True
        kept = {"choice": KEPT[type(choice)], "best": KEPT[type(expert)]}
        situation = self.situation_kept()
        self.book.save(lambda book: book.record_decision(game="lama", situation=situation, **kept))

    def situation_kept(self) -> dict[str, Any]:
        """What identifies this moment in the class book: the seeded game that replays it
        (`mathcards.lama.simulate.moment`), and what you saw."""
        game = self.game
        view = game.view(game.player)
        return {
            "preset": view.deck.name,
            "seed": self.seed,
            "players": list(game.players),
            "hand": [card.token for card in view.hand],
            "top": view.top.token,
            "draw_pile": view.draw_pile,
            "others": [{"cards": seat.cards, "quit": seat.quit} for seat in view.others],
        }

"""Play, draw or quit? A real moment from a seeded game, the exact odds, your decision next
to the expert's."""

from __future__ import annotations

import random
from html import escape

import ipywidgets as w

from mathcards.i18n import N_, _, you
from mathcards.lama.bots import choose
from mathcards.lama.cards import can_play
from mathcards.lama.game import (
    Action,
    Draw,
    LamaGame,
    Play,
    Quit,
)
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

MOMENT_TRIES = 50  # seeded games tried for a moment to decide


CHOSE = {Draw: N_("You chose to <b>draw</b>."), Quit: N_("You chose to <b>quit</b>.")}
EXPERT = {  # by the expert's move, and whether it is yours
    (Draw, True): N_("The expert would <b>draw</b>, like you."),
    (Quit, True): N_("The expert would <b>quit</b>, like you."),
    (Draw, False): N_("The expert would <b>draw</b>."),
    (Quit, False): N_("The expert would <b>quit</b>."),
}


class DrawOrQuit(Complains, w.VBox):
    """A real moment from a seeded game: no card of yours fits. Draw or quit? See the exact
    odds, decide, then see what the expert does and which card was on top of the pile."""

    def __init__(self, preset: str = "classic", seed: int = 1) -> None:
        self.seed = seed
        self.preset = deck_choice(preset)
        self.situation = html("mc-situation")
        self.odds_view = html("mc-decision-odds")
        self.verdict = html("mc-verdict")
        self.message = html("mc-message-box")
        self.draw = button(_("Draw"), "mc-draw", lambda _b: self.decide(Draw()))
        self.quit = button(_("Quit"), "mc-quit", lambda _b: self.decide(Quit()))
        again = button(_("Another moment"), "mc-another", lambda _b: self.another())
        super().__init__(
            [
                page_style(LAMA_STYLE),
                w.HBox([self.preset, again]),
                self.situation,
                self.odds_view,
                w.HBox([self.draw, self.quit]),
                self.message,
                self.verdict,
            ]
        )
        self.preset.observe(lambda _c: self.another(), names="value")
        self.another()

    @shows_errors
    def another(self) -> None:
        """Play a seeded game between computer players up to a moment to decide."""
        for _attempt in range(MOMENT_TRIES):
            self.seed += 1
            moment = _moment(self.preset.value, self.seed)
            if moment is not None:
                break
        else:
            raise ValueError(_("no game came to a moment to decide: try another deck"))
        self.game = moment
        view = moment.view(moment.player)
        self.situation.value = (
            render_seats(view)
            + render_piles(view)
            + '<div class="mc-seat-name">'
            + escape(_("Your hand"))
            + "</div>"
            + render_hand(view.hand)
        )
        self.odds_view.value = render_odds(view)
        self.verdict.value, self.message.value = "", ""
        self.draw.disabled = self.quit.disabled = False

    @shows_errors
    def decide(self, choice: Action) -> None:
        """Your decision next to the expert's; then the card that would have come."""
        game = self.game
        view = game.view(game.player)
        expert = choose("expert", view, game.legal_actions(), random.Random(0))
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
        self.draw.disabled = self.quit.disabled = True


def _moment(preset: str, seed: int) -> LamaGame | None:
    """A seeded game played by bold computer players until you (the first seat, "You" or "Ty")
    cannot play but may draw."""
    game = LamaGame([you(), *NAMES[:2]], preset, seed=seed)
    rng = random.Random(seed)
    while not game.round_over:
        legal = game.legal_actions()
        yours = game.player == game.players[0]
        if yours and Draw() in legal and not any(isinstance(a, Play) for a in legal):
            return game
        game.apply(choose("bold", game.view(game.player), legal, rng))
    return None

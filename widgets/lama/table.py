"""The LAMA table: you against computer players. Choose the deck, the options and the
opponents, deal, then click a card that fits (the others are greyed), draw or quit."""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as w
from ipywidgets.widgets.widget_bool import CheckboxStyle
from ipywidgets.widgets.widget_string import TextStyle

from mathcards.engine import NextRound, computer_to_move, game_over
from mathcards.i18n import _
from mathcards.lama.bots import STRATEGIES, Strategy, label
from mathcards.lama.cards import Card
from mathcards.lama.game import (
    STARTERS,
    Action,
    Draw,
    LamaGame,
    Phase,
    Play,
    Quit,
    ReturnChip,
)
from mathcards.replay import dealt
from widgets.book import HERE, ClassBook
from widgets.controls import (
    Clock,
    button,
    fixed,
    html,
    kernel_clock,
    row,
    shared,
    shows_errors,
)
from widgets.deals import render_shown
from widgets.game_table import GameTable
from widgets.lama.cards import (
    HAND_STYLE,
    NAMES,
    NOBODY,
    STARTER_LABELS,
    computer_name,
    deck_choice,
    dropdown,
    labelled,
    llama_scoring_choice,
    render_chips,
    render_odds,
    render_piles,
    render_round_end,
    render_seats,
)
from widgets.style import LAMA_STYLE, page_style

PAUSE = 0.8  # seconds between two computer moves


def tick_box(description: str, value: bool) -> w.Checkbox:
    """A tick box whose words are shown whole."""
    return w.Checkbox(
        value=value,
        description=description,
        indent=False,
        style=shared(CheckboxStyle),
        layout=fixed(width="auto"),
    )


class LamaTable(GameTable):
    """You against computer players. Choose the deck, the options and the opponents, deal,
    then click a card that fits (the others are greyed), draw or quit."""

    def __init__(
        self,
        opponents: tuple[str, ...] = ("cautious", "expert"),
        *,
        name: str = "Kim",
        preset: str = "classic",
        seed: int | None = None,
        show_odds: bool = True,
        pause: float = PAUSE,
        clock: Clock = kernel_clock,
        book: ClassBook | None = HERE,
    ) -> None:
        super().__init__("lama", seed=seed, book=book, clock=clock, pause=pause)
        self.games = 0
        self.game: LamaGame | None = None
        self.computers: dict[str, Strategy] = {}  # each computer's seat: how it plays
        self.preset = deck_choice(preset)
        self.llama_scoring = llama_scoring_choice()
        self.starter = dropdown(_("Starts"), labelled(STARTER_LABELS), STARTERS[0], "mc-starter")
        self.lama20 = tick_box(_("LAMA 20 (pink chips)"), False)
        name = self.book.student or name  # the name the student joined the class under
        self.name = w.Text(
            value=name,
            description=_("Your name"),
            style=shared(TextStyle, description_width="initial"),  # the label whole, never cut
            layout=fixed(),
            _dom_classes=("mc-your-name",),
        )
        choices = [(NOBODY, NOBODY), *((label(name), name) for name in STRATEGIES)]
        self.seats = [
            dropdown(_("Seat {n}").format(n=i + 2), choices, strategy, f"mc-opponent-{i + 1}")
            for i, strategy in enumerate([*opponents, *[NOBODY] * (len(NAMES) - len(opponents))])
        ]
        self.deal_button = self.deal_number.button  # deals the number in the box
        self.deal_button.button_style = "primary"
        choose_all = _("Choose the deck, the rules and your opponents, then deal.")
        self.setup = w.VBox(
            [
                w.HTML(f"<b>{escape(choose_all)}</b>"),
                self.name,
                row(self.preset, self.llama_scoring),
                row(self.starter, self.lama20),
                row(*self.seats[:3]),
                row(*self.seats[3:]),
                self.deal_number,
            ],
            _dom_classes=("mc-lama-setup",),
        )
        self.odds_switch = tick_box(_("show the odds"), show_odds)
        self.odds_switch.observe(lambda _change: self._render(), names="value")
        self.me = name
        self.others = html("mc-opponents")
        self.piles = html("mc-piles")
        self.hand = w.HBox(layout=fixed(), _dom_classes=("mc-lama-hand",))
        self.you = html("mc-you")
        self.actions = w.HBox(layout=fixed(), _dom_classes=("mc-actions",))
        self.message = html("mc-message-box")
        self.odds_panel = html("mc-odds-panel")
        self.feed = html("mc-lama-feed")
        again = button(_("New game"), "mc-new-game", lambda _b: self.ask_first(self.new_game))
        self.again = w.VBox(  # below the table, away from Draw and Quit
            [again, self.confirm], layout=fixed(margin="24px 0 0 0"), _dom_classes=("mc-again",)
        )
        self.shown = html("mc-deal-shown-box")
        self.table = w.VBox(
            [
                self.others,
                self.piles,
                self.you,
                self.hand,
                self.actions,
                self.message,
                self.odds_panel,
                self.odds_switch,
                self.feed,
                self.shown,
                self.again,
            ],
            layout=w.Layout(display="none"),  # shown once a game is dealt
        )
        self.lay_out(
            page_style(LAMA_STYLE, HAND_STYLE), self.setup, self.table, css="mc-lama-table"
        )
        self.come_back()

    # ------------------------------------------------------------ buttons

    def deal(self, _button: object = None) -> None:
        """Start a game with the chosen deck, rules and opponents: the deal number in the box."""
        self.deal_number.typed()

    @shows_errors
    def deal_numbered(self, seed: int) -> None:
        """Start the game of deal number `seed` with the chosen deck, rules and opponents."""
        chosen = [seat.value for seat in self.seats if seat.value != NOBODY]
        if not chosen:
            raise ValueError(_("choose at least one computer player to play against"))
        strategies = {
            computer_name(seat, strategy): strategy for seat, strategy in enumerate(chosen)
        }
        settings = {
            "players": [self.name.value, *strategies],
            "computers": strategies,
            "preset": self.preset.value,
            "llama_scoring": self.llama_scoring.value,
            "lama20": self.lama20.value,
            "starter": self.starter.value,
        }
        game = dealt("lama", settings, seed)
        assert isinstance(game, LamaGame)
        self._seat(game, strategies)
        self._on_table(game, seed, {**settings, "players": list(game.players)})
        self._play(seed)

    def _seat(self, game: LamaGame, strategies: dict[str, str]) -> None:
        """`game` on the table, you and the computer players (name → strategy) at it."""
        self.game, self.me = game, game.players[0]
        self.computers = {name: STRATEGIES[strategy] for name, strategy in strategies.items()}

    def _play(self, seed: int) -> None:
        """The table shown, its game played on: the computer players move if one is to."""
        self.shown.value = render_shown(seed)
        self.games += 1
        self.setup.layout.display, self.table.layout.display = "none", None
        self.message.value = ""
        self._tell()
        self._computers_play()

    def _back(self, game: LamaGame, settings: dict[str, Any]) -> None:
        """A game come back from the class book: its options and opponents in the setup (for
        the next game), the game on the table."""
        self.name.value = game.players[0]
        self.preset.value, self.llama_scoring.value = settings["preset"], settings["llama_scoring"]
        self.lama20.value, self.starter.value = settings["lama20"], settings["starter"]
        strategies = [settings["computers"][name] for name in game.players[1:]]
        for number, seat in enumerate(self.seats):
            seat.value = strategies[number] if number < len(strategies) else NOBODY
        self._seat(game, settings["computers"])
        assert self.seed is not None, "a game comes back with its seed"
        self._play(self.seed)

    @shows_errors
    def act(self, action: Action) -> None:
        """Your move; then the computer players', one after another."""
        self._playing()
        self._make(action)
        self._tell()
        self.message.value = ""
        self._computers_play()

    @shows_errors
    def next_round(self, _button: object = None) -> None:
        """Deal the next round; the computers move until it is your turn."""
        self._playing()
        self._make(NextRound())
        self._tell()
        self._computers_play()

    @shows_errors
    def new_game(self, _button: object = None) -> None:
        """Back to choosing the deck, the rules and the opponents."""
        self.pacing.stop()
        self.game = None
        self.deal_number.offer()
        self.setup.layout.display, self.table.layout.display = None, "none"

    def _playing(self) -> LamaGame:
        """The game being played."""
        if self.game is None:
            raise ValueError(_("deal the cards first"))
        return self.game

    # ------------------------------------------------------------ computer players

    def _computer_to_move(self) -> bool:
        """Is a computer player to move now?"""
        return (
            self.game is not None and computer_to_move(self._playing(), self.computers) is not None
        )

    def _computers_play(self) -> None:
        """Computer moves, with a pause between them, until it is your move or the round ends."""
        self.pacing.start()

    def _computer_move(self) -> None:
        """The computer player to move decides from its view and moves."""
        self._playing()
        self._computer_plays(self.computers)
        self._tell()

    def _tell(self) -> None:
        """The feed of moves: the last eight sentences of the game's own log."""
        self.feed.value = "<br>".join(escape(line) for line in self._playing().log[-8:])

    # ------------------------------------------------------------ rendering

    def _render(self) -> None:
        """Everything you may see, redrawn from your view."""
        game = self._playing()
        self.scorebook.seen(game)
        view = game.view(self.me)
        self.others.value = render_seats(view)
        self.piles.value = render_piles(view)
        title = _("Your hand ({name})").format(name=self.me)
        if view.seat.quit:
            title += " — " + _("you quit")
        if self.me in view.to_move:
            title += " — " + _("your move")
        self.you.value = f'<div class="mc-seat-name">{escape(title)}</div>' + render_chips(
            view.seat.chips, view.scores[self.me]
        )
        legal = game.legal_actions(self.me)
        self.hand.children = tuple(self._card_button(card, legal) for card in view.hand)
        self.actions.children = self._choices(legal)
        shown = self.odds_switch.value and view.phase is Phase.TURN and self.me in view.to_move
        self.odds_panel.value = render_odds(view) if shown else ""

    def _card_button(self, card: Card, legal: list[Action]) -> w.Button:
        """A card of your hand as a button; greyed when it does not fit now."""
        fits = Play(card) in legal
        return button(
            card.word,
            f"mc-hand-card mc-card-{card.name.lower()}",
            lambda _b: self.act(Play(card)),
            disabled=not fits,
            tooltip=(
                _("play {card}").format(card=card.the)
                if fits
                else _("the {card} does not fit now").format(card=card.word)
            ),
        )

    def _choices(self, legal: list[Action]) -> tuple[w.Widget, ...]:
        """The buttons for what you may do now."""
        game = self._playing()
        if game.over:
            result = f"<b>{escape(game_over(game.winners()))}</b>"
            return (w.HTML(result + render_round_end(game.view(self.me))),)
        if game.round_over:
            over = "<b>" + escape(_("The round is over.")) + "</b>"
            scored = w.HTML(over + render_round_end(game.view(self.me)))
            return (scored, button(_("Next round"), "mc-next-round", self.next_round))
        chips = [a for a in legal if isinstance(a, ReturnChip)]
        if chips:
            return tuple(
                button(
                    _("Return a {chip}-point chip").format(chip=a.chip),
                    "mc-return-chip",
                    lambda _b, a=a: self.act(a),
                )
                for a in chips
            )
        draw = button(
            _("Draw"), "mc-draw", lambda _b: self.act(Draw()), disabled=Draw() not in legal
        )
        stop = button(
            _("Quit"), "mc-quit", lambda _b: self.act(Quit()), disabled=Quit() not in legal
        )
        return (draw, stop)

"""The LAMA Dice table: you against computer players, who move about a second apart; the odds
panel shows the exact chances before each of your rolls."""

from __future__ import annotations

from collections.abc import Iterator
from html import escape
from typing import Any

import ipywidgets as w

from mathcards.chips import ReturnChip, check_llama_scoring
from mathcards.engine import (
    ChanceOutcome,
    Event,
    NextRound,
    Quit,
    computer_to_move,
    game_over,
)
from mathcards.i18n import N_, _, is_you, ngettext, number, you
from mathcards.lama_dice.bots import STRATEGIES
from mathcards.lama_dice.dice import DEFAULT_DICE, Dice, Faces, name
from mathcards.lama_dice.game import LamaDiceGame, cards_words
from mathcards.lama_dice.moves import Action, Discard, LamaDiceKind, Phase, Roll, Take
from mathcards.lama_dice.odds import roll_odds
from mathcards.lama_dice.policy import Decision, last_player
from mathcards.replay import dealt
from widgets.book import HERE, ClassBook
from widgets.controls import Clock, button, fixed, html, kernel_clock, show_message, shows_errors
from widgets.game_table import GameTable
from widgets.lama_dice.cards import (
    computer_names,
    render_dice,
    render_dice_used,
    render_row,
)
from widgets.lama_dice.chooser import DiceChooser, follow
from widgets.lama_dice.last_player import BEST
from widgets.lama_dice.odds import render_odds
from widgets.style import LAMA_DICE_STYLE, page_style
from widgets.worker import Background

SHOWN_LOG = 6  # the last moves listed under the table
PACE = 1.0  # seconds between two computer moves, so a class can follow them


def render_seat(game: LamaDiceGame, player: str, *, computers_busy: bool) -> str:
    """One player's place at the table: name, points, row (the cards they may discard lit up),
    and the dice if they rolled last."""
    rolled = game.last_roll if game.last_roll and game.last_roll.player == player else None
    moving = player in game.current_players()
    lit = {
        card
        for action in (game.legal_actions(player) if moving else [])
        if isinstance(action, Discard)
        for card in action.cards
    }
    notes = []
    if player in game.quit:
        notes.append(_("quit"))
    if moving:
        notes.append(_("playing…") if computers_busy and not is_you(player) else _("to move"))
    note = f" — {', '.join(notes)}" if notes else ""
    cards = render_row(
        game.rows[player], face_down=player in game.quit and not is_you(player), highlight=lit
    )
    dice = render_dice(rolled.faces, size=56) if rolled else ""
    to_move = " mc-to-move" if moving else ""
    points = game.points[player]
    held = ngettext("{points} point", "{points} points", points).format(points=points)
    return (
        f'<div class="mc-seat{to_move}" data-player="{escape(player)}">'
        f'<div class="mc-seat-name">{escape(player)}{escape(note)} · {held}</div>'
        f'<div class="mc-seat-cards">{cards}{dice}</div></div>'
    )


YOUR_MOVE = {
    Phase.TURN: N_("Your turn: roll the dice, or quit."),
    Phase.DISCARD: N_("Discard highlighted cards from your row, one per matching die."),
    Phase.TAKE: N_("Take a highlighted card from the llama row."),
    Phase.CHIP: N_("You may return a chip."),
}


def render_headline(game: LamaDiceGame, last: Event | None, *, computers_busy: bool) -> str:
    """What just happened, in one sentence, and what you (the reader) can do now."""
    happened = escape(last.sentence) if last else ""
    if last and last.kind is LamaDiceKind.BUST:
        happened = escape(_("Bust!")) + " " + happened
    now = escape(what_now(game, computers_busy=computers_busy))
    return f'<div class="mc-headline">{happened}<span class="mc-next">{now}</span></div>'


def what_now(game: LamaDiceGame, *, computers_busy: bool) -> str:
    """What you can do now, or who is playing (nothing once the game is over)."""
    if game.over:
        return ""
    if game.round_over:
        return _("Press “Next round” to deal again.")
    if computers_busy or not is_you(game.player):
        return _("{player} is playing…").format(player=game.player)
    return _(YOUR_MOVE[game.phase]) if game.phase in YOUR_MOVE else ""


class LamaDiceTable(GameTable):
    """You against computer players, who move about a second apart; the odds panel shows the
    exact chances before each of your rolls."""

    def __init__(
        self,
        opponents: tuple[str, ...] = ("cautious", "best"),
        *,
        seed: int | None = None,
        dice: Dice | DiceChooser = DEFAULT_DICE,
        show_odds: bool = True,
        lama20: bool = False,
        llama_scoring: str = "once",
        clock: Clock = kernel_clock,
        pace: float = PACE,
        scripted: bool = False,
        book: ClassBook | None = HERE,
    ) -> None:
        super().__init__("lama_dice", seed=seed, book=book, clock=clock, pause=pace)
        self.strategies = computer_names(opponents)
        self.computers = {seat: STRATEGIES[strategy] for seat, strategy in self.strategies.items()}
        self.scripted = scripted
        self.dice = follow(dice, self._new_dice)
        self.lama20 = lama20
        self.llama_scoring = check_llama_scoring(llama_scoring)
        self.last: Event | None = None
        self.new_button = button(
            _("New game"), "mc-new-game", lambda _b: self.ask_first(self.new_game)
        )
        self.odds_switch = w.Checkbox(
            value=show_odds, description=_("show the odds"), _dom_classes=("mc-odds-switch",)
        )
        self.odds_switch.observe(lambda _c: self._render(), names="value")
        self.scores = html("mc-scores")
        self.llama_view = html("mc-llama-row")
        self.rows_view = html("mc-rows")
        self.headline = html("mc-case")
        self.actions = w.HBox(layout=fixed(), _dom_classes=("mc-actions",))
        self.message = html("mc-message-box")
        self.odds_panel = html("mc-odds-panel")
        self.advice = Background(clock, self.complain)
        self.advised: dict[tuple, Decision] = {}
        self.moves = 0  # your own moves in this game
        self.status = html("mc-status")
        self.lay_out(
            page_style(LAMA_DICE_STYLE),
            w.HBox(
                [self.new_button, self.odds_switch, self.deal_number],
                layout=fixed(flex_flow="row wrap", align_items="flex-start"),
            ),
            self.confirm,
            self.scores,
            self.llama_view,
            self.headline,
            self.actions,
            self.message,
            self.rows_view,
            self.odds_panel,
            self.advice,
            self.status,
            css="mc-lama-dice-table mc-dice-widget",
        )
        if not self.come_back():
            self.new_game()

    @property
    def busy(self) -> bool:
        """The computer players are moving: your buttons wait."""
        return self.pacing.busy

    def _new_dice(self) -> None:
        if not self.moves:
            self.new_game()  # nothing of yours is lost yet
            return
        show_message(
            self.message,
            _(
                "The new dice are used from the next game: press “New game” (this game keeps its "
                "dice and scores)."
            ),
            ok=None,
        )

    @shows_errors
    def new_game(self, _button: object = None) -> None:
        """Deal a new game, the next deal number, with the dice the page shows."""
        self.deal_numbered(self.deal_number.next())

    @shows_errors
    def deal_numbered(self, seed: int) -> None:
        """Deal the game of number `seed` (typed in the box: the same for the whole class)."""
        self.pacing.stop()
        settings = {
            "players": [you(), *self.strategies],
            "computers": self.strategies,
            "dice": [list(die) for die in self.dice()],
            "lama20": self.lama20,
            "llama_scoring": self.llama_scoring,
            "scripted": self.scripted,
        }
        self.game = self._dealt(dealt("lama_dice", settings, seed))
        self._on_table(self.game, seed, settings)
        self.last, self.moves = None, 0
        self.message.value = ""
        self._computers_play()

    def _dealt(self, game: object) -> LamaDiceGame:
        assert isinstance(game, LamaDiceGame)
        self.you = game.players[0]
        return game

    def _back(self, game: LamaDiceGame, settings: dict[str, Any]) -> None:
        """A game come back from the class book: its players and options at the table."""
        self.pacing.stop()
        self.strategies = dict(settings["computers"])
        self.computers = {seat: STRATEGIES[strategy] for seat, strategy in self.strategies.items()}
        self.lama20, self.llama_scoring = settings["lama20"], settings["llama_scoring"]
        self.scripted = settings["scripted"]
        self.game = self._dealt(game)
        self.last, self.moves = None, len(self.scorebook.moves)
        self.message.value = ""
        self._computers_play()

    @shows_errors
    def act(self, action: Action) -> None:
        """Your move; then the computer players move, one by one, until it is your turn."""
        if self.busy:
            raise ValueError(_("wait: the computer players are still moving"))
        self.last = self._make(action)
        self.moves += 1
        self.message.value = ""
        self._computers_play()

    @shows_errors
    def land(self, faces: Faces) -> None:
        """A scripted table only (a demo or a test): the dice rolled land on `faces`."""
        self.last = self._make(ChanceOutcome(faces))
        self.message.value = ""
        self._computers_play()

    @shows_errors
    def next_round(self, _button: object = None) -> None:
        self.last = self._make(NextRound())
        self._computers_play()

    def _computers_play(self) -> None:
        """The computer players move, about a second apart, until it is your move."""
        self.pacing.start()

    def _computer_to_move(self) -> bool:
        return computer_to_move(self.game, self.computers) is not None

    def _computer_move(self) -> None:
        """One computer move, chosen from its own view, shown for about a second."""
        self.last = self._computer_plays(self.computers)

    def _render(self) -> None:
        game = self.game
        self.scorebook.seen(game)
        busy = self.busy
        self.status.value = (
            '<div class="mc-log"><b>'
            + escape(_("What happened"))
            + "</b><br>"
            + "<br>".join(escape(line) for line in game.log[-SHOWN_LOG:])
            + "</div>"
        )
        self.scores.value = (
            "<b>"
            + escape(_("Round {round}.").format(round=game.rounds))
            + "</b> "
            + escape(_("Points (fewest wins; the game ends at 40):"))
            + " "
            + " · ".join(f"{escape(p)} {points}" for p, points in game.scores().items())
            + render_dice_used(game.dice)
        )
        takeable = {action.card for action in game.legal_actions() if isinstance(action, Take)}
        self.llama_view.value = (
            "<p><b>"
            + escape(_("Llama row"))
            + "</b></p>"
            + render_row(game.llama_row, css_class="mc-row", highlight=takeable)
        )
        self.rows_view.value = "".join(
            render_seat(game, p, computers_busy=busy) for p in game.players
        )
        self.headline.value = render_headline(game, self.last, computers_busy=busy)
        self.actions.children = () if busy else self._choices()
        self.odds_panel.value = self._odds() if self.odds_switch.value and not busy else ""

    def _choices(self) -> tuple[w.Widget, ...]:
        game = self.game
        if game.over:
            return (w.HTML(f"<b>{escape(game_over(game.winners()))}</b>"),)
        if game.round_over:
            next_round = button(
                _("Next round"), "mc-next-round", self.next_round, button_style="primary"
            )
            return (next_round,)
        return tuple(
            button(
                action_label(action),
                f"mc-{type(action).__name__.lower()}",
                lambda _b, action=action: self.act(action),
                button_style="primary" if isinstance(action, Roll) else "",
            )
            for action in game.legal_actions(self.you)
        )

    def _odds(self) -> str:
        """Your odds before you roll, from what you see."""
        if Roll() not in self.game.legal_actions(self.you):
            return ""
        view = self.game.view(self.you)
        scoring = view.llama_scoring
        odds = roll_odds(
            view.row, view.llama_row, view.dice, alone=view.alone, llama_scoring=scoring
        )
        advice = ""
        if view.alone:
            key = (view.row, view.llama_row, view.dice, scoring)
            last = _("You are the last player.")
            advice = f"<p><b>{last}</b> {self._advice(key)}</p>"
        yours = _("Your odds")
        return f"<p><b>{yours}</b></p>" + render_odds(odds, decision=advice)

    def _advice(self, key: tuple) -> str:
        """The last player's best decision, or that it is being worked out."""
        decision = self.advised.get(key)
        if decision is None:
            self._work_out(key)
            return _("Working out whether to roll on or quit…")
        costs = _("Rolling on costs {average} points on average; quitting costs {points}.")
        return (
            costs.format(average=number(decision.roll), points=decision.quit)
            + " "
            + _(BEST[decision.action])
        )

    def _work_out(self, key: tuple) -> None:
        """The last player's best decision (a second or two for a long row), after the page
        has answered the click."""
        row, llama_row, dice, scoring = key

        def steps() -> Iterator[float]:
            self.advised[key] = last_player(row, llama_row, dice, llama_scoring=scoring)
            yield 1.0

        def done() -> None:
            if self.odds_switch.value and not self.busy:
                self.odds_panel.value = self._odds()

        self.advice.start(_("Working out the best decision…"), steps(), done)


def action_label(action: Action) -> str:
    """A move as its button says it: "Roll", "Discard 4 4", "Take L"."""
    if isinstance(action, Roll):
        return _("Roll")
    if isinstance(action, Quit):
        return _("Quit")
    if isinstance(action, Discard):
        return _("Discard {cards}").format(cards=cards_words(action.cards))
    if isinstance(action, Take):
        return _("Take {card}").format(card=name(action.card))
    if isinstance(action, ReturnChip):
        return _("Return a {chip}-point chip").format(chip=action.chip)
    raise ValueError(repr(action))

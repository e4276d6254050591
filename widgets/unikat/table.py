"""The Unikat table: you against computer players; click a rack card, then a highlighted cell
to lay it."""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as w

from mathcards.engine import NextRound, computer_to_move, game_over
from mathcards.i18n import N_, _, ngettext, said, you
from mathcards.replay import dealt
from mathcards.unikat.board import Cell, Table, side_of
from mathcards.unikat.bots import STRATEGY_NAMES, check_strategy, computers
from mathcards.unikat.cards import Card
from mathcards.unikat.chain import Chain, best_chain
from mathcards.unikat.game import UnikatGame
from mathcards.unikat.moves import BAG, Draw, EndTurn, Lay, Phase, Source, Stop, Swap
from mathcards.unikat.view import UnikatView
from widgets.book import HERE, ClassBook
from widgets.controls import (
    Clock,
    announce,
    announcer,
    button,
    fixed,
    html,
    kernel_clock,
    shows_errors,
)
from widgets.game_table import GameTable
from widgets.style import UNIKAT_STYLE, page_style
from widgets.unikat.cards import (
    CARD,
    CELL,
    card_faces,
    draw,
)

DOING = {
    Phase.ACT: (N_("You: lay or swap."), N_("{player}: lay or swap.")),
    Phase.LAYING: (
        N_("You: lay next to the card laid just before, or stop."),
        N_("{player}: lay next to the card laid just before, or stop."),
    ),
    Phase.EXTRA: (
        N_("You: one more action for the double move, or end the turn."),
        N_("{player}: one more action for the double move, or end the turn."),
    ),
    Phase.DRAW: (
        N_("You: draw a card from the display or the bag."),
        N_("{player}: draw a card from the display or the bag."),
    ),
}


NO_CARD_FITS = {  # why there is no hint on your turn: no card of yours fits, and you may …
    frozenset({Stop}): N_("No card of yours fits next to the card just laid: stop laying."),
    frozenset({Swap}): N_("No card of yours fits: swap one with the display or the bag."),
    frozenset({Swap, EndTurn}): N_("No card of yours fits: swap one, or end your turn."),
    frozenset({EndTurn}): N_("No card of yours fits: end your turn."),
}


def no_hint(view: UnikatView, legal: list[Any]) -> str:
    """Why the Hint is greyed out now (your `legal` moves lay no card), in the game's words;
    "" once the round is over."""
    if view.phase in (Phase.ROUND_OVER, Phase.OVER):
        return ""
    if not view.may_lay:
        return _("A hint is for your turn, when you may lay cards.")
    why = NO_CARD_FITS.get(frozenset(type(move) for move in legal), "")
    return _(why) if why else ""


def render_status(view: UnikatView) -> str:
    """Whose turn, what to do, the rack sizes of everyone, the bag, and the minus points."""
    counts = " · ".join(
        ngettext("{player}: {n} card", "{player}: {n} cards", count).format(
            player=escape(name), n=count
        )
        for name, count in view.rack_sizes.items()
    )
    points = " · ".join(f"{escape(name)} {score}" for name, score in view.scores.items())
    if view.to_move:
        doing = escape(said(view.to_move[0], *DOING[view.phase]))
    else:  # a table draws from the bag at once: nobody moves only between rounds
        doing = _("The round is over.")
    table = _(
        "On the racks — {counts}. Bag: {bag}. Minus points (round {round} of {rounds}): {points}."
    ).format(
        counts=counts,
        bag=view.bag_size,
        round=view.rounds,
        rounds=view.rounds_to_play,
        points=points,
    )
    return f'<div class="mc-unikat-status"><b>{doing}</b><br>{table}</div>'


def render_chain(chain: Chain, board: Table) -> str:
    """A hint in words: each card of a longest chain and where it goes (next to which card)."""
    if not chain:
        return _("No card on your rack fits now.")
    laid, before, steps = dict(board), None, []  # before: the cell of the card laid before
    for i, step in enumerate(chain, 1):
        place = side_of(laid, step.at, before)
        steps.append(
            _("{step}. the {card} {where}").format(step=i, card=step.card.name, where=place)
        )
        laid[step.at], before = step.card, step.at
    return ngettext(
        "The longest chain lays {n} card: {steps}.",
        "The longest chain lays {n} cards: {steps}.",
        len(chain),
    ).format(n=len(chain), steps="; ".join(steps))


def _pick(one: Card, action: Callable[[Card], None], *css: str) -> w.Button:
    """A card one can click: its drawing is the button's face, its name the button's label."""
    made = w.Button(
        description=one.name,  # its name for a screen reader: the face shows it to the eye
        tooltip=one.name,
        layout=fixed(width=f"{CARD}px", height=f"{CARD}px"),
        _dom_classes=("mc-unikat-pick", f"mc-u-{one.code}", *css),
    )
    made.on_click(lambda _button: action(one))
    return made


def computer(seat: int, strategy: str) -> str:
    """A computer player's name: its number and its strategy, e.g. "Computer 1 (greedy)"."""
    name = _(STRATEGY_NAMES[check_strategy(strategy)])
    return _("Computer {number} ({strategy})").format(number=seat, strategy=name)


class UnikatTable(GameTable):
    """You against computer players: click a rack card, then a highlighted cell to lay it."""

    def __init__(
        self,
        opponents: tuple[str, ...] = ("greedy", "expert"),
        *,
        seed: int | None = None,
        rounds_to_play: int = 1,
        pace: float = 0.6,
        clock: Clock = kernel_clock,
        book: ClassBook | None = HERE,
    ) -> None:
        super().__init__("unikat", seed=seed, book=book, clock=clock, pause=pace)
        self.strategies = {computer(i, s): s for i, s in enumerate(opponents, 1)}
        self.computers = computers(self.strategies)
        self.you = you()
        self.rounds_to_play = rounds_to_play
        self.selected: Card | None = None
        self.hint: Chain = ()
        self.cells: dict[Card, w.HTML] = {}
        self.picks: dict[tuple[Card, str], w.Button] = {}
        self.blank = html("mc-unikat-empty")
        self.status = html("mc-unikat-status-box")
        self.grid = w.GridBox()
        # the board scrolls once the table outgrows its box: Tab reaches it, a named region
        named = html("mc-region-name", escape(_("The table's cards")))
        self.board = w.Box([named, self.grid], _dom_classes=("mc-unikat-board", "mc-region"))
        self.display_help = html("mc-unikat-display-help")
        self.display_row = w.HBox(layout=fixed(), _dom_classes=("mc-unikat-display",))
        self.rack_row = w.HBox(layout=fixed(), _dom_classes=("mc-unikat-rack",))
        self.actions = w.HBox(layout=fixed(), _dom_classes=("mc-actions",))
        self.message = html("mc-message-box")
        self.story = html("mc-unikat-log")
        self.new_button = button(
            _("New game"), "mc-new-game", lambda _b: self.ask_first(self.new_game)
        )
        self.hint_button = button(_("Hint"), "mc-hint", self.show_hint, icon="lightbulb-o")
        self.no_hint = html("mc-no-hint")  # why the Hint is greyed out, beside it
        self.lay_out(
            page_style(UNIKAT_STYLE, card_faces()),
            w.HBox(
                [self.new_button, self.hint_button, self.no_hint, self.deal_number],
                layout=fixed(flex_flow="row wrap", align_items="flex-start"),
            ),
            self.confirm,
            self.status,
            self.board,
            self.display_help,
            self.display_row,
            w.HTML(_("<b>Your rack</b> (click a card to see where it may go)")),
            self.rack_row,
            self.actions,
            self.message,
            self.story,
            css="mc-unikat-table",
        )
        if not self.come_back():
            self.new_game()

    # ------------------------------------------------------------ clicks

    @shows_errors
    def new_game(self, _button: object = None) -> None:
        """Deal a new game: the next deal number."""
        self.deal_numbered(self.deal_number.next())

    @shows_errors
    def deal_numbered(self, seed: int) -> None:
        """Deal the game of number `seed` (typed in the box: the same for the whole class)."""
        self.pacing.stop()
        settings = {
            "players": [self.you, *self.strategies],
            "computers": self.strategies,
            "rounds_to_play": self.rounds_to_play,
        }
        self.game = self._dealt(dealt("unikat", settings, seed))
        self._on_table(self.game, seed, settings)
        self._play()

    def _dealt(self, game: object) -> UnikatGame:
        assert isinstance(game, UnikatGame)
        return game

    def _play(self) -> None:
        """The game on the table drawn afresh; the computer players move if one is to."""
        self.selected, self.hint = None, ()
        self._tell()
        self.say("")
        self._after_move()

    def _back(self, game: UnikatGame, settings: dict[str, Any]) -> None:
        """A game come back from the class book: its players and rounds at the table."""
        self.pacing.stop()
        self.strategies = dict(settings["computers"])
        self.computers = computers(self.strategies)
        self.you, self.rounds_to_play = game.players[0], game.rounds_to_play
        self.game = game
        self._play()

    @shows_errors
    def select(self, one: Card) -> None:
        """Choose a rack card (again: put it back); its cells light up on the board."""
        self.selected = None if self.selected == one else one
        self.say("")
        self._render()
        if self.selected is not None:  # what the eye sees lit up, said to a screen reader
            legal = self.game.legal_actions(self.you)
            cells = sum(1 for move in legal if isinstance(move, Lay) and move.card == one)
            chosen = ngettext(
                "The {card} is chosen: it fits {n} cell.",
                "The {card} is chosen: it fits {n} cells.",
                cells,
            )
            announcer().say(chosen.format(card=one.name, n=cells))

    @shows_errors
    def lay_at(self, cell: Cell) -> None:
        if self.selected is None:
            raise ValueError(_("Choose a card from your rack first."))
        self._act(Lay(self.selected, cell))

    @shows_errors
    def take(self, source: Source) -> None:
        """Draw this card at the end of your turn, or swap your chosen card for it."""
        if self.game.phase is Phase.DRAW:
            self._act(Draw(source))
        elif self.selected is None:
            raise ValueError(_("To swap, first choose the card from your rack you give away."))
        else:
            self._act(Swap(self.selected, source))

    @shows_errors
    def stop(self, _button: object = None) -> None:
        self._act(Stop())

    @shows_errors
    def end_turn(self, _button: object = None) -> None:
        self._act(EndTurn())

    @shows_errors
    def next_round(self, _button: object = None) -> None:
        self._make(NextRound())
        self._tell()
        self._after_move()

    @shows_errors
    def show_hint(self, _button: object = None) -> None:
        """Show a longest chain you can lay now, on the board and in words."""
        view = self.game.view(self.you)
        if not view.may_lay:
            raise ValueError(_("A hint is for your turn, when you may lay cards."))
        self.hint = best_chain(view.board, view.rack, view.after)
        self.say(render_chain(self.hint, view.board))
        self._render()

    def _act(self, action: Any) -> None:
        self._make(action)
        self._tell()
        self.selected, self.hint = None, ()
        self.say("")
        self._after_move()

    # ------------------------------------------------------------ computer players

    def _after_move(self) -> None:
        """The computer players move, one card laid at a time, until it is your move."""
        self.pacing.start()

    def _computer_to_move(self) -> bool:
        return computer_to_move(self.game, self.computers) is not None

    def _computer_move(self) -> None:
        """One computer move, so the class sees each card laid."""
        self._computer_plays(self.computers)
        self._tell()

    def _tell(self) -> None:
        """The story so far: the last six sentences of the game's own log."""
        self.story.value = "<br>".join(escape(line) for line in self.game.log[-6:])

    # ------------------------------------------------------------ rendering

    def _render(self) -> None:
        """Everything from what you may see (your view) and what you may do (your legal moves)."""
        view, legal = self.game.view(self.you), self.game.legal_actions(self.you)
        self.scorebook.seen(self.game)
        self.status.value = render_status(view)
        self._render_board(view, legal)
        self._render_cards(view, legal)
        self.actions.children = self._buttons(legal)
        self._show_no_hint(view, legal)

    def _show_no_hint(self, view: UnikatView, legal: list[Any]) -> None:
        """The Hint greyed out when no card of yours can be laid, and why beside it; a reason
        new on your turn is said to a screen reader too."""
        hintable = any(isinstance(move, Lay) for move in legal)
        self.hint_button.disabled = not hintable
        why = "" if hintable else no_hint(view, legal)
        shown = f"<span class='mc-no-hint-why'>{escape(why)}</span>" if why else ""
        if shown != self.no_hint.value:
            self.no_hint.value = shown
            if why and view.may_lay:
                announce(why)

    def _render_board(self, view: UnikatView, legal: list[Any]) -> None:
        """The table grows with the cards: one cell more on every side, scrolling when large."""
        board = view.board
        slots = {move.at for move in legal if isinstance(move, Lay) and move.card == self.selected}
        hints = {step.at: i for i, step in enumerate(self.hint, 1)}
        cells = [*board, *slots, *hints]
        xs, ys = [x for x, _y in cells], [y for _x, y in cells]
        last = view.chain[-1] if view.chain else None
        children: list[w.Widget] = []
        for y in range(min(ys) - 1, max(ys) + 2):
            for x in range(min(xs) - 1, max(xs) + 2):
                children.append(self._cell(board, (x, y), slots, hints, last))
        self.grid.layout = fixed(  # one layout for every board this wide
            grid_template_columns=f"repeat({max(xs) - min(xs) + 3}, {CELL}px)",
            grid_auto_rows=f"{CELL}px",
            grid_gap="2px",
        )
        self.grid.children = children

    def _cell(
        self,
        board: Table,
        cell: Cell,
        slots: set[Cell],
        hints: dict[Cell, int],
        last: Cell | None,
    ) -> w.Widget:
        """The card lying on `cell`, a slot to lay the chosen card on, a hinted card, or blank."""
        one = board.get(cell)
        if one is not None:
            if one not in self.cells:  # one view per card, made once
                self.cells[one] = html("mc-unikat-cell", draw(one, CELL))
            shown = self.cells[one]
            (shown.add_class if cell == last else shown.remove_class)("mc-unikat-last")
            return shown
        if cell in slots:
            here = _("lay it here, {place}").format(place=side_of(board, cell))
            slot = w.Button(
                description=here,  # its name for a screen reader; the eye sees a dashed cell
                tooltip=here,
                layout=fixed(width=f"{CELL}px", height=f"{CELL}px"),
                _dom_classes=("mc-unikat-slot",),
            )
            slot.on_click(lambda _button, cell=cell: self.lay_at(cell))
            return slot
        if cell in hints:
            step = self.hint[hints[cell] - 1]
            return html("mc-unikat-hint", f"{draw(step.card, CELL)}<b>{hints[cell]}</b>")
        return self.blank

    def _render_cards(self, view: UnikatView, legal: list[Any]) -> None:
        """The rack (click to choose) and the display (click to draw or swap), as the engine
        allows."""
        sources = {move.source for move in legal if isinstance(move, Draw)}
        sources |= {move.take for move in legal if isinstance(move, Swap)}
        rack = []
        for one in view.rack:
            pick = self._pick(one, "rack")
            (pick.add_class if one == self.selected else pick.remove_class)("mc-selected")
            rack.append(pick)
        self.rack_row.children = tuple(rack)
        display = []
        for one in view.display:
            pick = self._pick(one, "display")
            pick.disabled = one not in sources
            display.append(pick)
        drawing = view.phase is Phase.DRAW
        self.display_help.value = (
            _("<b>Display</b> — click a card to draw it, or draw from the bag")
            if drawing
            else _(
                "<b>Display</b> — to swap, choose a card on your rack, then click a display "
                "card or the bag"
            )
        )
        label = _("Draw from the bag ({count})") if drawing else _("Swap with the bag ({count})")
        bag = button(
            label.format(count=view.bag_size),
            "mc-unikat-bag",
            lambda _b: self.take(BAG),
            layout=fixed(height=f"{CARD}px"),
            disabled=BAG not in sources,
        )
        self.display_row.children = (*display, bag)

    def _pick(self, one: Card, where: str) -> w.Button:
        """The button for a card on your rack or in the display (made once, then reused)."""
        if (one, where) not in self.picks:
            action = self.select if where == "rack" else self.take
            # a rack card is chosen or not, as `mc-selected` says (aria-pressed)
            toggle = ("mc-toggle",) if where == "rack" else ()
            self.picks[one, where] = _pick(one, action, f"mc-unikat-{where}-card", *toggle)
        return self.picks[one, where]

    def _buttons(self, legal: list[Any]) -> tuple[w.Widget, ...]:
        if self.game.over:
            return (w.HTML(f"<b>{escape(game_over(self.game.winners()))}</b>"),)
        if self.game.round_over:
            return (button(_("Next round"), "mc-next-round", self.next_round),)
        shown = []
        if Stop() in legal:
            shown.append(button(_("Stop laying"), "mc-stop", self.stop))
        if EndTurn() in legal:
            shown.append(button(_("End turn"), "mc-end-turn", self.end_turn))
        return tuple(shown)
